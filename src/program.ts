// The command tree as commander runs it, built from the declarations: the
// root's global options (src/commands/globals.ts), and only the group the
// invocation names (the others are one line of help each, so `venue --help`
// stays fast). The context a command gets is made here, from the invocation's
// typed global options.

import type { Command } from 'commander';
import type { GroupEntry } from './commands/tree.js';
import type { GlobalValues } from './invocation.js';
import type { Context } from './cli/context.js';
import type { TerminalStreams } from './cli/terminal.js';

export interface ProgramOptions {
  streams: TerminalStreams;
  env: NodeJS.ProcessEnv;
  version: string;
  /** The group the command line names: the only one loaded. */
  group?: string;
  /**
   * The command path the command line reaches, when it reaches a command
   * (['inventory', 'stock', 'levels']): only that command is built, not its
   * group's others. The front door has already checked every word (an unknown
   * command or option never gets here), and a run across venues builds the
   * program once per venue.
   */
  path?: readonly string[];
  /** Load every group (docs/commands.md and tests need the whole tree). */
  loadAll?: boolean;
  /** The invocation's global options: the context's (defaults when absent). */
  globals?: GlobalValues;
  /** The root of the tree (src/commands/index.ts); tests hand in their own. */
  root?: readonly GroupEntry[];
  /** The run's secrets, masked in everything written (main wraps the streams with it). */
  secrets?: import('./lib/redact.js').SecretRegistry;
  /** The program's one interruption mechanism. */
  interruption?: import('./lib/interruption.js').Interruption;
  /** The clock (ms since the epoch); Date.now when absent. */
  now?: () => number;
  /** One venue's run of a command across venues (--each-profile): where its rows go. */
  merge?: { sink: import('./lib/fleet/merged-output.js').MergeSink; profile: string; note?: (text: string) => void };
}

const defaultGlobals: GlobalValues = { output: 'table', color: true, quiet: false, verbose: false, input: true };

export async function buildProgram(options: ProgramOptions): Promise<Command> {
  const { Command } = await import('commander');
  const { attachGroup, attachCommand, addOptions } = await import('./commands/define.js');
  const { globalOptions } = await import('./commands/globals.js');
  const root = options.root ?? (await import('./commands/index.js')).rootGroups;
  const { streams, env } = options;

  const program = new Command('venue')
    .description('venue: guest wallet, experience booking and inventory for family entertainment venues')
    .version(options.version, '-V, --version');
  addOptions(program, globalOptions);
  program
    .showHelpAfterError('(add --help for usage)')
    // Suggestions are venue's own (lib/suggest.ts, from the front door), never commander's second style.
    .showSuggestionAfterError(false)
    .configureOutput({
      writeOut: (s) => streams.stdout.write(s),
      writeErr: (s) => streams.stderr.write(s),
    })
    .exitOverride();
  program.addHelpText(
    'after',
    `
Examples:
  $ venue inventory products list --all -o ndjson
  $ venue wallet diagnose guest@example.com
  $ venue booking book
  $ venue --profile main config list

Exit codes: 0 ok · 1 unexpected · 2 usage or invalid input · 3 auth · 4 not found
            5 rejected by a business rule · 6 server or network · 7 outcome unknown
            8 declined at a confirmation · 130 interrupted

Every venue at once: venue --each-profile all|tag:NAME|a,b <command> (venue help fleet)

Help topics: venue help environment | exit-codes | formatting | dates | fleet
Help on a group or command: venue help <group> [<command>] (the same as --help)
`,
  );

  let context: Context | undefined;
  // Built on first use, so `--help` never loads config, HTTP or output code.
  const makeContext = async (): Promise<Context> => {
    if (!context) {
      const { ProcessContext } = await import('./cli/context.js');
      const { logFile: _logFile, envFile: _envFile, ...globals }: GlobalValues = options.globals ?? defaultGlobals;
      context = new ProcessContext(
        globals,
        streams,
        env,
        options.secrets,
        options.interruption,
        options.merge,
        options.now,
      );
    }
    return context;
  };

  for (const group of root) {
    if (options.loadAll || group.name === options.group) {
      const { default: module } = await group.load();
      if ('commands' in module) attachGroup(program, module, makeContext, options.path?.slice(1));
      else attachCommand(program, module, makeContext);
    } else {
      program.command(group.name, { hidden: group.hidden }).summary(group.summary).description(group.summary);
    }
  }
  return program;
}
