// Runs one invocation's command at one venue: the program built from the
// declarations (only the group named), the context made from the invocation's
// global options, commander running the command. Exit 0, or throws.

import type { Invocation } from './invocation.js';
import type { Interruption } from './lib/interruption.js';
import type { MergeSink } from './lib/fleet/merged-output.js';
import type { SecretRegistry } from './lib/redact.js';
import type { TerminalStreams } from './cli/terminal.js';
import { ExitCode } from './lib/errors.js';

/** What a run is given from outside: its streams, environment and version, secrets and Ctrl-C. */
export interface RunShell {
  streams: TerminalStreams;
  env: NodeJS.ProcessEnv;
  version: string;
  secrets: SecretRegistry;
  interruption: Interruption;
  /** The clock (ms since the epoch); Date.now when absent. */
  now?: () => number;
}

export async function runOne(
  invocation: Invocation,
  shell: RunShell,
  merge?: { sink: MergeSink; profile: string; note?: (text: string) => void },
): Promise<number> {
  const { buildProgram } = await import('./program.js');
  const program = await buildProgram({
    ...shell,
    group: invocation.path[0],
    path: invocation.command ? invocation.path : undefined,
    globals: invocation.globals,
    merge,
  });
  if (invocation.path.length === 0 && invocation.operands.length === 0 && !invocation.help && !invocation.version) {
    // Options alone: an unknown one is a usage error (with a suggestion); known ones alone show the help.
    const unknown = invocation.unknown[0];
    if (unknown !== undefined) {
      const { UsageError } = await import('./lib/errors.js');
      const { didYouMean } = await import('./lib/suggest.js');
      const { globalOptionNames } = await import('./invocation.js');
      throw new UsageError(`unknown option '${unknown}'`, {
        hint: `${didYouMean(unknown, globalOptionNames())} See \`venue --help\`.`.trim(),
      });
    }
    program.outputHelp();
    return ExitCode.ok;
  }
  await program.parseAsync([...invocation.argv], { from: 'user' });
  return ExitCode.ok;
}
