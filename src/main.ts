// The entry: takes the invocation the launcher read (src/invocation.ts, the
// one reading of argv; given words, it reads them the same way), sets up what
// the run writes through (secrets masked, the message log), answers the
// version and help, hands the invocation to a runner (one venue, the fleet,
// or the MCP server) and turns every outcome into an exit code, in one place.
// Only bin/venue.js calls process.exit.

import type { Invocation } from './invocation.js';
import { ExitCode, UsageError } from './lib/errors.js';
import { EXIT_HOOK, INTERRUPT_HOOK, ProcessInterruption, type Interruption } from './lib/interruption.js';
import { SecretRegistry, scrubbingStream } from './lib/redact.js';
import { colourWanted, loadColours, type TerminalStreams } from './cli/terminal.js';
import { reportFailure } from './failure.js';
import { loadEnvFile, timestampedMessages } from './cli/message-log.js';
import { loadWrapping } from './cli/wrapping.js';
import { LiveLine } from './cli/live-line.js';
import { closeHttpConnections } from './lib/connection-pool.js';

/**
 * The in-process entry: bin/venue.js calls it with the process's own; tests
 * with their own streams (stdin among them: a TTY or not), environment (the
 * config directory is VENUE_CONFIG_DIR), clock and interruption. It returns
 * the exit code and never exits the process.
 */
export type MainOptions = MainShell &
  (
    | {
        /** The command line as the launcher read it. */
        invocation: Invocation;
      }
    | {
        /** The words after `venue` (tests, and runs in this process such as the MCP server's): read by the same reader. */
        argv: readonly string[];
      }
  );

export interface MainShell {
  /** The version `venue --version` prints. */
  version: string;
  /** stdin, stdout, stderr; by default the process's. */
  streams?: TerminalStreams;
  /** The environment; by default process.env. */
  env?: NodeJS.ProcessEnv;
  /** The clock, in ms since the epoch: what the command takes as now (today, relative dates); waits and the deadline run on the real one. By default Date.now. */
  now?: () => number;
  /** Ctrl-C. Tests pass their own; by default one that the launcher's SIGINT listener drives. */
  interruption?: Interruption;
  /** An MCP tool call's run: its hints are read by an assistant (lib/hint-command.ts). */
  forAssistant?: boolean;
  /** The launcher's run: the process's only one (lib/hint-command.ts). Runs in a shared process (tests, MCP tool calls) leave it out. */
  alone?: boolean;
}

/** Runs of main in progress in this process (tests run several at once): the last to end closes the pooled connections. */
let runsInProgress = 0;

export async function main(options: MainOptions): Promise<number> {
  const given = options.streams ?? { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr };
  const baseEnv = options.env ?? process.env;
  let invocation: Invocation;
  try {
    // Words (a test, a tool call of the MCP server) are read by the launcher's own reader. The reader is the
    // front bundle's entry (scripts/bundle.js): reached by import(), it stays one file the launcher loads alone.
    invocation =
      'invocation' in options
        ? options.invocation
        : await (await import('./invocation.js')).readInvocation(options.argv);
  } catch (error) {
    return reportFailure(error, { machine: false, stderr: given.stderr, verbose: false, colour: false });
  }
  const { globals } = invocation;
  // Every secret the run learns is masked in everything it writes: messages, traces, data.
  const secrets = new SecretRegistry();
  // Cron: messages can carry their time, and go to a log file too (after masking).
  let messages: TerminalStreams['stderr'] = given.stderr;
  if (globals.logFile !== undefined || baseEnv.VENUE_LOG_TIMESTAMPS === '1') {
    try {
      messages = timestampedMessages(given.stderr, {
        logFile: globals.logFile,
        stamp: baseEnv.VENUE_LOG_TIMESTAMPS === '1',
      });
    } catch (error) {
      // A log file that cannot be opened (its folder missing): exit 2 naming it, on the stderr there is.
      const machine = globals.output === 'json' || globals.output === 'ndjson';
      return reportFailure(error, { machine, stderr: given.stderr, verbose: globals.verbose, colour: false });
    }
  }
  let streams: TerminalStreams = {
    stdin: given.stdin,
    stdout: scrubbingStream(given.stdout, secrets, false),
    stderr: scrubbingStream(messages, secrets, true),
  };
  // On a terminal, messages wrap at its width (loaded only then: it measures text with string-width).
  if (streams.stderr.isTTY) await loadWrapping();
  // On a terminal, one live line (a spinner, progress, a wait) that every write of the run clears first.
  let live: LiveLine | undefined;
  if (streams.stderr.isTTY && !globals.quiet) {
    live = new LiveLine(streams.stderr);
    streams = {
      stdin: streams.stdin,
      stdout: streams.stdout.isTTY ? live.guard(streams.stdout) : streams.stdout,
      stderr: live.guard(streams.stderr),
    };
  }
  // The one interruption mechanism: the launcher hands every Ctrl-C to it.
  const hooks = globalThis as unknown as Record<symbol, unknown>;
  const launcherExit = hooks[EXIT_HOOK] as ((code: number) => void) | undefined;
  const interruption =
    options.interruption ??
    new ProcessInterruption({
      say: (message) => streams.stderr.write(`${message}\n`),
      exit: (code) => (launcherExit ? launcherExit(code) : void (process.exitCode = code)),
    });
  if (!options.interruption && interruption instanceof ProcessInterruption)
    hooks[INTERRUPT_HOOK] = () => interruption.notify();
  const { verbose } = globals;
  const colour = colourWanted(Boolean(streams.stderr.isTTY), !globals.color, baseEnv);
  // chalk is loaded only by a run that paints (messages on a terminal, or a table on one).
  if (colour || colourWanted(Boolean(streams.stdout.isTTY), !globals.color, baseEnv)) await loadColours();
  const machine = globals.output === 'json' || globals.output === 'ndjson';

  runsInProgress++;
  try {
    if (invocation.version) {
      streams.stdout.write(`${options.version}\n`);
      return ExitCode.ok;
    }
    if (invocation.problem) throw invocation.problem;
    let env = baseEnv;
    if (globals.envFile !== undefined) {
      env = loadEnvFile(globals.envFile, env, (message) => streams.stderr.write(`warning: ${message}\n`));
    }
    const shell = {
      streams,
      env,
      version: options.version,
      secrets,
      interruption,
      now: options.now,
      forAssistant: options.forAssistant,
    };
    if (invocation.helpTopic !== undefined) {
      const { helpTopics } = await import('./cli/help-topics.js');
      streams.stdout.write(helpTopics[invocation.helpTopic]!.text);
      return ExitCode.ok;
    }
    if (invocation.help) {
      // No prebuilt file was printed (a narrow terminal, VENUE_NO_HELP_CACHE, or a run in this process): commander lays it out.
      const { renderHelp } = await import('./program.js');
      const width = given.stdout.isTTY ? (given.stdout as { columns?: number }).columns : undefined;
      streams.stdout.write(await renderHelp(invocation.path, { version: options.version, width }));
      return ExitCode.ok;
    }
    // The venue's time zone from the environment (or the --env-file) is checked once, for every command, before anything is sent.
    checkTimeZoneVariable(env);
    if (invocation.venues) {
      // Once per venue: its own module, loaded only for this.
      const { runEachProfile } = await import('./each-profile.js');
      return afterInterrupt(await runEachProfile(invocation, { ...shell, verbose, colour }), interruption);
    }
    if (invocation.path[0] === 'mcp' && invocation.command) {
      // The MCP server runs commands itself: main, in this process, with each call's own streams.
      const { serveVenueMcp, capturedStreams } = await import('./mcp.js');
      const runVenue = async (argv: string[], runEnv: NodeJS.ProcessEnv) => {
        const captured = capturedStreams();
        // Its own Ctrl-C: the launcher's stays with this server (a run never takes it over).
        const own = new ProcessInterruption({
          say: (message) => captured.stderr.write(`${message}\n`),
          exit: () => undefined,
        });
        const code = await main({
          argv,
          version: options.version,
          streams: captured,
          env: runEnv,
          now: options.now,
          interruption: own,
          forAssistant: true,
        });
        return { code, stdout: captured.stdout.text(), stderr: captured.stderr.text() };
      };
      return afterInterrupt(await serveVenueMcp(invocation, { ...shell, runVenue }), interruption);
    }
    const { runOne } = await import('./run.js');
    // Only this run may be its process's one: the venues of a fleet and MCP tool calls share theirs.
    return afterInterrupt(await runOne(invocation, { ...shell, alone: options.alone === true }), interruption);
  } catch (error) {
    return afterInterrupt(reportFailure(error, { machine, stderr: streams.stderr, verbose, colour }), interruption);
  } finally {
    live?.end();
    if (--runsInProgress === 0) await closeHttpConnections();
  }
}

/** VENUE_TIMEZONE, when set, names an IANA zone: exit 2 naming it otherwise (never a silent fallback, never a failure midway). */
export function checkTimeZoneVariable(env: NodeJS.ProcessEnv): void {
  const zone = env.VENUE_TIMEZONE;
  if (zone === undefined || zone.trim() === '') return;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone.trim() });
  } catch {
    throw new UsageError(
      `VENUE_TIMEZONE must be an IANA time zone such as Europe/London or Australia/Sydney (got "${zone}")`,
      {
        hint: 'Fix or unset it where it is set (the environment or the --env-file); `venue help environment` lists the variables.',
      },
    );
  }
}

/**
 * After a Ctrl-C the exit code follows the outcome: a command that failed
 * keeps its code (7 for a write left unknown); one that ended well is 0 only
 * if it sent a write that completed (its message says it was interrupted
 * after completing), else 130: it stopped short and nothing was sent.
 */
export function afterInterrupt(code: number, interruption: Interruption): number {
  if (!interruption.interrupted || code !== ExitCode.ok) return code;
  return interruption.writesSent ? ExitCode.ok : ExitCode.interrupted;
}
