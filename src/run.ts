// Runs one invocation's command at one venue: the context made from the
// invocation's global options, and the declaration's run called with the
// options and arguments the front door read (src/invocation.ts). Exit 0, or
// throws.

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

/** One venue's run of a command across venues (--each-profile): where its rows go. */
export interface VenueMerge {
  sink: MergeSink;
  profile: string;
  note?: (text: string) => void;
}

export async function runOne(invocation: Invocation, shell: RunShell, merge?: VenueMerge): Promise<number> {
  const command = invocation.command;
  if (!command) throw new Error(`runOne: \`venue ${invocation.path.join(' ')}\` is no command`);
  const { ProcessContext } = await import('./cli/context.js');
  const { commandFields } = await import('./commands/command-fields.js');
  const { logFile: _logFile, envFile: _envFile, ...globals } = invocation.globals;
  const ctx = new ProcessContext(
    globals,
    shell.streams,
    shell.env,
    shell.secrets,
    shell.interruption,
    merge,
    shell.now,
  );
  const fields = commandFields(command);
  ctx.output?.declareFields?.(fields, command.record);
  // `--fields help`: the command's fields, and nothing run.
  if (ctx.output?.fieldsHelp?.(fields)) return ExitCode.ok;
  await command.run(ctx, { ...invocation.options }, ...invocation.args);
  return ExitCode.ok;
}
