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
import { inHintScope } from './lib/hint-command.js';
import { ProcessContext } from './cli/context.js';
import { commandFields } from './commands/command-fields.js';
import { refuseUnconfirmed } from './cli/confirm-write.js';
import { optionNamed } from './commands/define.js';

/** What a run is given from outside: its streams, environment and version, secrets and Ctrl-C. */
export interface RunShell {
  streams: TerminalStreams;
  env: NodeJS.ProcessEnv;
  version: string;
  secrets: SecretRegistry;
  interruption: Interruption;
  /** The clock (ms since the epoch); Date.now when absent. */
  now?: () => number;
  /** An MCP tool call: the run's hints are read by an assistant (lib/hint-command.ts). */
  forAssistant?: boolean;
  /** The run is its process's only one (the launcher's): its hint scope is the process's (lib/hint-command.ts). */
  alone?: boolean;
}

/** One venue's run of a command across venues (--each-profile): where its rows go. */
export interface VenueMerge {
  sink: MergeSink;
  profile: string;
  note?: (text: string) => void;
}

export async function runOne(invocation: Invocation, shell: RunShell, merge?: VenueMerge): Promise<number> {
  // Every hint the run makes names the profile chosen for it (--profile, VENUE_PROFILE, the venue of a fleet): pasted into another shell, it reaches the same venue.
  const profile = invocation.globals.profile ?? shell.env.VENUE_PROFILE;
  return inHintScope(
    { profile: profile || undefined, assistant: shell.forAssistant },
    () => runCommand(invocation, shell, merge),
    { alone: shell.alone === true && merge === undefined },
  );
}

async function runCommand(invocation: Invocation, shell: RunShell, merge?: VenueMerge): Promise<number> {
  const command = invocation.command;
  if (!command) throw new Error(`runOne: \`venue ${invocation.path.join(' ')}\` is no command`);
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
  // The one confirmation rule (lib/facts.ts): a run that needs a yes it cannot be asked for never starts.
  refuseUnconfirmed(
    {
      path: invocation.path,
      confirmation: command.confirmation,
      options: invocation.options,
      args: invocation.args,
      dryRun: optionNamed(command.options, '--dry-run') !== undefined,
    },
    ctx.prompter.canPrompt,
  );
  await command.run(ctx, { ...invocation.options }, ...invocation.args);
  return ExitCode.ok;
}
