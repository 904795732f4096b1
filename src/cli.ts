// The root of the command tree. Only the group the user named is loaded;
// the others are one line of help each, so `venue --help` stays fast.

import type { Command } from 'commander';
import type { CommandModule, GroupModule } from './commands/define.js';
import type { Context, GlobalOptions } from './lib/context.js';
import type { TerminalStreams } from './lib/terminal.js';

interface GroupEntry {
  name: string;
  summary: string;
  /** Left out of help (the completion scripts' own command). */
  hidden?: boolean;
  /** A group of commands, or a single command (api, doctor, completion). */
  load: () => Promise<{ default: GroupModule | CommandModule<any> }>;
}

export const groups: GroupEntry[] = [
  { name: 'config', summary: 'Profiles, settings and secrets', load: () => import('./commands/config/index.js') },
  { name: 'auth', summary: 'Service tokens: status, print, forget', load: () => import('./commands/auth/index.js') },
  { name: 'wallet', summary: 'Guest wallet: accounts, cards, balances, reloads, passes', load: () => import('./commands/wallet/index.js') },
  { name: 'booking', summary: 'Experience booking: slots, holds, orders, payments, reports', load: () => import('./commands/booking/index.js') },
  { name: 'inventory', summary: 'Inventory: products, suppliers, stock takes, receipts, adjustments', load: () => import('./commands/inventory/index.js') },
  { name: 'webhooks', summary: 'Inventory webhook subscribers, a local listener, verify and replay', load: () => import('./commands/webhooks/index.js') },
  { name: 'sandbox', summary: 'The local emulator of the three services', load: () => import('./commands/sandbox/index.js') },
  { name: 'api', summary: 'A raw authenticated call to a service', load: () => import('./commands/api/index.js') },
  { name: 'doctor', summary: 'Check each configured service and say how to fix what is wrong', load: () => import('./commands/doctor/index.js') },
  { name: 'completion', summary: 'Shell completion for bash, zsh or fish', load: () => import('./commands/completion/index.js') },
  { name: '__complete', summary: 'Completion candidates (called by the completion scripts)', hidden: true, load: () => import('./commands/completion/complete.js') },
];

/** Global options that take a value: their value is not a command word. */
export const valueOptions = new Set(['-p', '--profile', '-o', '--output', '--fields', '--timeout', '--deadline', '--query', '--limit', '--log-file', '--env-file', '--each-profile', '--parallel']);

/** The first word that is not an option: the group to load. */
export function requestedGroup(argv: string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') return undefined;
    if (valueOptions.has(arg)) {
      i++;
      continue;
    }
    if (arg.startsWith('-')) continue;
    return arg;
  }
  return undefined;
}

export interface RunOptions {
  streams: TerminalStreams;
  env: NodeJS.ProcessEnv;
  version: string;
  /** Load every group (completion scripts need the whole tree). */
  loadAll?: boolean;
  /** The run's secrets, masked in everything written (main wraps the streams with it). */
  secrets?: import('./lib/redact.js').SecretRegistry;
  /** The program's one interruption mechanism. */
  interruption?: import('./lib/interruption.js').Interruption;
  /** One venue's run of a command across venues (--each-profile): where its rows go. */
  merge?: { sink: import('./lib/fleet/merged-output.js').MergeSink; profile: string };
}

export async function buildProgram(argv: string[], options: RunOptions): Promise<Command> {
  const { Command } = await import('commander');
  const { attachGroup, attachCommand, addOptions } = await import('./commands/define.js');
  const { globalOptions } = await import('./commands/globals.js');
  const { streams, env } = options;

  const program = new Command('venue')
    .description('venue: guest wallet, experience booking and inventory for family entertainment venues')
    .version(options.version, '-V, --version');
  addOptions(program, globalOptions);
  program
    .showHelpAfterError('(add --help for usage)')
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
            5 rejected by a business rule · 6 server or network · 7 outcome unknown · 130 interrupted

Every venue at once: venue --each-profile all|tag:NAME|a,b <command> (venue help fleet)

Help topics: venue help environment | exit-codes | formatting | dates | fleet
Help on a group or command: venue help <group> [<command>] (the same as --help)
`,
  );

  let context: Context | undefined;
  // Built on first use, so `--help` never loads config, HTTP or output code.
  const makeContext = async (cmd: Command): Promise<Context> => {
    if (!context) {
      const { ProcessContext } = await import('./lib/context.js');
      const raw = cmd.optsWithGlobals() as Record<string, unknown>;
      if (raw.json && cmd.getOptionValueSourceWithGlobals('output') === 'cli' && raw.output !== 'json') {
        const { UsageError } = await import('./lib/errors.js');
        throw new UsageError(`--json and -o ${String(raw.output)} ask for two formats: give one`);
      }
      const globals: GlobalOptions = {
        profile: raw.profile as string | undefined,
        output: raw.json ? 'json' : ((raw.output as GlobalOptions['output']) ?? 'table'),
        query: raw.query as string | undefined,
        limit: raw.limit as number | undefined,
        fields: raw.fields as string[] | undefined,
        color: raw.color !== false,
        quiet: Boolean(raw.quiet),
        verbose: Boolean(raw.verbose),
        input: raw.input !== false,
        timeout: raw.timeout as number | undefined,
        deadline: raw.deadline as number | undefined,
      };
      context = new ProcessContext(globals, streams, env, options.secrets, options.interruption, options.merge);
    }
    return context;
  };

  const wanted = requestedGroup(argv);
  for (const group of groups) {
    if (options.loadAll || group.name === wanted) {
      const { default: module } = await group.load();
      if ('commands' in module) attachGroup(program, module, makeContext);
      else attachCommand(program, module, makeContext);
    } else {
      program.command(group.name, { hidden: group.hidden }).summary(group.summary).description(group.summary);
    }
  }
  return program;
}
