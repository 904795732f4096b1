// Runs the CLI and turns every outcome into an exit code, in one place.
// Only bin/venue.js calls process.exit.

import { buildProgram, groups, requestedGroup } from './cli.js';
import { ExitCode, exitCodeFor, isVenueError, type VenueError } from './lib/errors.js';
import type { TerminalStreams } from './lib/terminal.js';

export interface MainOptions {
  argv: string[];
  /** Tests pass their own; by default one that the launcher's SIGINT listener drives. */
  interruption?: import('./lib/interruption.js').Interruption;
  streams?: TerminalStreams;
  env?: NodeJS.ProcessEnv;
  version: string;
}

function printError(stderr: TerminalStreams['stderr'], error: VenueError, verbose: boolean, colour: boolean): void {
  const red = (t: string) => (colour ? `\u001b[31m${t}\u001b[39m` : t);
  const dim = (t: string) => (colour ? `\u001b[2m${t}\u001b[22m` : t);
  // "interrupted" was said when Ctrl-C came; only what it left behind is added.
  if (error.category === 'interrupted') {
    if (error.message !== 'interrupted') stderr.write(`${error.message}\n`);
  } else stderr.write(`${red('error:')} ${error.message}\n`);
  for (const line of error.details) stderr.write(`  ${line}\n`);
  if (error.hint) stderr.write(`${dim(error.hint)}\n`);
  if (verbose && error.cause) stderr.write(`${dim(`cause: ${String((error.cause as Error).message ?? error.cause)}`)}\n`);
}

/** Runs of main in progress in this process (tests run several at once): the last to end closes the pooled connections. */
let runsInProgress = 0;

export async function main(options: MainOptions): Promise<number> {
  const given = options.streams ?? { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr };
  // Every secret the run learns is masked in everything it writes: messages, traces, data.
  const { SecretRegistry, scrubbingStream } = await import('./lib/redact.js');
  const secrets = new SecretRegistry();
  const envFile = optionValue(options.argv, '--env-file');
  const logFile = optionValue(options.argv, '--log-file');
  const baseEnv = options.env ?? process.env;
  // Cron: messages can carry their time, and go to a log file too (after masking).
  let messages: TerminalStreams['stderr'] = given.stderr;
  if (logFile !== undefined || baseEnv.VENUE_LOG_TIMESTAMPS === '1') {
    const { timestampedMessages } = await import('./lib/message-log.js');
    messages = timestampedMessages(given.stderr, { logFile, stamp: baseEnv.VENUE_LOG_TIMESTAMPS === '1' });
  }
  const streams = { stdin: given.stdin, stdout: scrubbingStream(given.stdout, secrets, false), stderr: scrubbingStream(messages, secrets, true) };
  // The one interruption mechanism: the launcher hands every Ctrl-C to it.
  const { ProcessInterruption, INTERRUPT_HOOK, EXIT_HOOK } = await import('./lib/interruption.js');
  const hooks = globalThis as unknown as Record<symbol, unknown>;
  const launcherExit = hooks[EXIT_HOOK] as ((code: number) => void) | undefined;
  const interruption =
    options.interruption ??
    new ProcessInterruption({
      say: (message) => streams.stderr.write(`${message}\n`),
      exit: (code) => (launcherExit ? launcherExit(code) : void (process.exitCode = code)),
    });
  if (!options.interruption && interruption instanceof ProcessInterruption) hooks[INTERRUPT_HOOK] = () => interruption.notify();
  let env = baseEnv;
  let argv = options.argv;
  const verbose = argv.includes('-v') || argv.includes('--verbose');
  const { colourWanted } = await import('./lib/terminal.js');
  const colour = colourWanted(Boolean(streams.stderr.isTTY), argv.includes('--no-color'), env);

  runsInProgress++;
  try {
    if (envFile !== undefined) {
      const { loadEnvFile } = await import('./lib/message-log.js');
      env = loadEnvFile(envFile, env);
    }
    if (optionValue(argv, '--each-profile') !== undefined) {
      // Once per venue: its own module, loaded only for this.
      const { runEachProfile } = await import('./fleet.js');
      return afterInterrupt(await runEachProfile({ argv, streams, env, version: options.version, secrets, interruption, verbose, colour }), interruption);
    }
    // `venue help <group> [<command>]` is `venue <group> [<command>] --help`; `venue help <topic>` prints the topic.
    const help = helpRequest(argv);
    if (help?.kind === 'topic') {
      const { helpTopics } = await import('./lib/help-topics.js');
      streams.stdout.write(helpTopics[help.topic]!.text);
      return ExitCode.ok;
    }
    if (help?.kind === 'command') {
      const first = help.argv.find((a) => !a.startsWith('-'));
      const known = [...groups.map((g) => g.name), 'environment', 'exit-codes', 'formatting', 'dates', 'fleet'];
      if (first !== undefined && !known.includes(first)) {
        const { UsageError } = await import('./lib/errors.js');
        const { didYouMean } = await import('./lib/suggest.js');
        throw new UsageError(`no help for "${first}": it is neither a command nor a help topic`, {
          hint: `${didYouMean(first, known)} Topics: environment, exit-codes, formatting, dates, fleet; commands: \`venue --help\`.`.trim(),
        });
      }
      argv = help.argv;
    }
    const program = await buildProgram(argv, { streams, env, version: options.version, secrets, interruption });
    return afterInterrupt(await parseAndRun(program, argv), interruption);
  } catch (error) {
    return afterInterrupt(reportFailure(error, { argv, stderr: streams.stderr, verbose, colour }), interruption);
  } finally {
    if (--runsInProgress === 0) {
      const { closeHttpConnections } = await import('./lib/http.js');
      await closeHttpConnections();
    }
  }
}

/**
 * After a Ctrl-C the exit code follows the outcome: a command that failed
 * keeps its code (7 for a write left unknown); one that ended well is 0 only
 * if it sent a write that completed (its message says it was interrupted
 * after completing), else 130: it stopped short and nothing was sent.
 */
export function afterInterrupt(code: number, interruption: import('./lib/interruption.js').Interruption): number {
  if (!interruption.interrupted || code !== ExitCode.ok) return code;
  return interruption.writesSent ? ExitCode.ok : ExitCode.interrupted;
}

/** Runs the command argv names on a built program: exit 0, or throws. Help shown for options alone. */
export async function parseAndRun(program: import('commander').Command, argv: string[]): Promise<number> {
  if (requestedGroup(argv) === undefined && !argv.some((a) => ['-h', '--help', '-V', '--version'].includes(a))) {
    // Options alone: an unknown one is a usage error (with a suggestion); known ones alone show the help.
    const unknown = unknownRootOption(program, argv);
    if (unknown) {
      const { UsageError } = await import('./lib/errors.js');
      const { didYouMean } = await import('./lib/suggest.js');
      const known = program.options.flatMap((o) => [o.long, o.short].filter((f): f is string => Boolean(f)));
      throw new UsageError(`unknown option '${unknown}'`, { hint: `${didYouMean(unknown, known)} See \`venue --help\`.`.trim() });
    }
    program.outputHelp();
    return ExitCode.ok;
  }
  await program.parseAsync(argv, { from: 'user' });
  return ExitCode.ok;
}

/**
 * The one place a failure becomes an exit code and its message. Under
 * -o json|ndjson the error is also one JSON object on stderr (with the
 * venue's profile in a run across venues).
 */
export function reportFailure(error: unknown, how: { argv: string[]; stderr: TerminalStreams['stderr']; verbose: boolean; colour: boolean; profile?: string }): number {
  const { argv, stderr, verbose, colour, profile } = how;
  const commanderError = error as { code?: string; exitCode?: number };
  if (typeof commanderError.code === 'string' && commanderError.code.startsWith('commander.')) {
    // Help and version are successes; every other commander complaint is a usage error.
    if (['commander.helpDisplayed', 'commander.version', 'commander.help'].includes(commanderError.code)) return ExitCode.ok;
    return ExitCode.usage;
  }
  if (isVenueError(error)) {
    if (machineJson(argv)) {
      const { message, hint, details } = error;
      const body = { message, exitCode: exitCodeFor(error), ...(hint ? { hint } : {}), ...(details.length ? { details } : {}) };
      stderr.write(`${JSON.stringify(profile === undefined ? { error: body } : { profile, error: body })}\n`);
    } else printError(stderr, error, verbose, colour);
    return exitCodeFor(error);
  }
  stderr.write(`error: unexpected failure: ${(error as Error)?.message ?? String(error)}\n`);
  if (verbose && (error as Error)?.stack) stderr.write(`${(error as Error).stack}\n`);
  else stderr.write('Run again with --verbose for details.\n');
  return ExitCode.unexpected;
}

type HelpRequest = { kind: 'topic'; topic: string } | { kind: 'command'; argv: string[] };

/** `help` as the first word (global options may stand before it). */
function helpRequest(argv: string[]): HelpRequest | undefined {
  const at = argv.findIndex((a) => !a.startsWith('-'));
  if (at === -1 || argv[at] !== 'help' || requestedGroup(argv) !== 'help') return undefined;
  const words = argv.slice(at + 1).filter((a) => !a.startsWith('-'));
  const topic = words[0];
  if (topic && ['environment', 'exit-codes', 'formatting', 'dates', 'fleet'].includes(topic) && words.length === 1) return { kind: 'topic', topic };
  return { kind: 'command', argv: [...argv.slice(0, at), ...words, '--help'] };
}

/** The first option that the root does not know, when no command is given. */
function unknownRootOption(program: import('commander').Command, argv: string[]): string | undefined {
  const known = new Set(program.options.flatMap((o) => [o.long, o.short, o.negate ? o.long : undefined].filter((f): f is string => Boolean(f))));
  for (const arg of argv) {
    if (arg === '--') break;
    if (!arg.startsWith('-')) continue;
    const name = arg.includes('=') ? arg.slice(0, arg.indexOf('=')) : arg;
    if (!known.has(name)) return name;
  }
  return undefined;
}

/** The value of a global option given as "--name value" or "--name=value". */
export function optionValue(argv: string[], name: string): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--') return undefined;
    if (argv[i] === name) return argv[i + 1];
    if (argv[i]!.startsWith(`${name}=`)) return argv[i]!.slice(name.length + 1);
  }
  return undefined;
}

/** -o json, -o ndjson or --json. */
export function machineJson(argv: string[]): boolean {
  const format = requestedFormat(argv);
  return format === 'json' || format === 'ndjson';
}

/** The output format argv asks for (--json, -o, --output; table when none), read before commander has parsed. */
export function requestedFormat(argv: string[]): string {
  return argv.includes('--json') ? 'json' : (optionValue(argv, '--output') ?? optionValue(argv, '-o') ?? 'table');
}
