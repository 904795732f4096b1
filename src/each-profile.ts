// `--each-profile`: the invocation's command once per selected profile, in this
// process, a few venues at a time (src/lib/fleet/run.ts). This side does what
// needs a person or the terminal: the checks made once for every venue, the
// question before a write at several venues, each venue's messages marked
// with its name, and the summary of each venue's outcome. The run's exit code
// is the most severe among the venues.

import { Readable } from 'node:stream';
import type { Invocation } from './invocation.js';
import { UsageError, isVenueError, DeclinedError } from './lib/errors.js';
import type { VenueOutcome } from './lib/fleet/runner.js';
import type { TerminalStreams } from './cli/terminal.js';
import type { RunShell } from './run.js';
import { messageOf, reportFailure } from './failure.js';
import { planJobs } from './lib/fleet/plan.js';
import { selectProfiles, leftOutNote } from './lib/fleet/selection.js';
import { fleetUseOf } from './lib/fleet/use.js';
import { ConfigStore } from './lib/config.js';
import { Terminal } from './cli/terminal.js';
import { runOne } from './run.js';
import { confirmationNeed } from './lib/facts.js';
import { venueCommand } from './lib/hint-command.js';
import { InquirerPrompter } from './cli/prompter.js';
import { Output } from './lib/output.js';
import { tableWidth } from './cli/context.js';
import { MergedOutput } from './lib/fleet/merged-output.js';
import { LinePrefixStream } from './cli/line-prefix.js';
import { runFleet } from './lib/fleet/run.js';
import { fleetExitCode } from './lib/fleet/runner.js';
import { commandFields } from './commands/command-fields.js';
import { summaryJson, summaryText } from './lib/fleet/summary.js';

export interface FleetShell extends RunShell {
  verbose: boolean;
  colour: boolean;
}

export async function runEachProfile(invocation: Invocation, shell: FleetShell): Promise<number> {
  // The front door's module, as the launcher loaded it (the front bundle's entry: reached by import(), it stays one file).
  const { commandLine, givenOption, venueInvocation } = await import('./invocation.js');
  const { streams, env } = shell;
  const venues = invocation.venues!;
  const path = invocation.path.join(' ');

  // The command was found, and its options and arguments checked, once (src/invocation.ts), not once per venue.
  const command = invocation.command;
  if (!command) {
    const group = invocation.path.length ? `\`venue ${path}\` is a group: ` : '';
    throw new UsageError(`--each-profile needs a command to run${group ? ` (${group}name one of its commands)` : ''}`, {
      hint: `e.g. \`venue --each-profile all inventory health\`; see ${invocation.path.length ? `\`venue ${path} --help\` and ` : ''}\`venue help fleet\`.`,
    });
  }
  const use = fleetUseOf(command.fleet, invocation.args);
  if (use.kind === 'refused') throw new UsageError(`\`venue ${path}\` does not run across profiles: ${use.why}`);
  // The values of the options naming a file the command reads: each venue needs its own.
  const fileOptions = invocation.given.filter((o) => o.spec.kind === 'file' && o.value !== undefined);
  const files = fileOptions.map((o) => o.value!);
  const fromStdin = fileOptions.find((o) => o.value === '-');
  if (fromStdin) {
    const flag = fromStdin.names.long ?? fromStdin.names.short!;
    throw new UsageError(`${flag} - (standard input) cannot be used with --each-profile`, {
      hint: `Give each venue its own file: ${flag} receipts/{profile}.csv.`,
    });
  }

  const config = await ConfigStore.open(env);
  const selection = selectProfiles(config, venues.selection);
  const dryRun = givenOption(invocation, '--dry-run');
  // A venue without its own file has nothing to do when the command says so (a receipt: nothing to receive), unless --require-file.
  const withoutFile = use.kind === 'write' && !givenOption(invocation, '--require-file') ? use.withoutFile : undefined;
  // Each venue's values (options and arguments) with its {profile} and {tag} filled, read again through the command's declaration.
  const texts = [...invocation.given.flatMap((o) => (o.value === undefined ? [] : [o.value])), ...invocation.args];
  const planned = await Promise.all(
    planJobs(texts, files, selection.profiles, selection.tag, { withoutFile }).map(async (job) => ({
      ...job,
      invocation: await venueInvocation(invocation, { profile: job.profile, fill: job.fill }),
    })),
  );
  const jobs = planned.filter((job) => job.nothing === undefined);

  const { globals } = invocation;
  const terminal = new Terminal(streams, {
    secrets: shell.secrets,
    interruption: shell.interruption,
    noColor: !shell.colour,
    noInput: !globals.input,
    quiet: globals.quiet,
    env,
  });
  const leftOut = leftOutNote(selection.leftOut);
  if (leftOut) terminal.info(leftOut);
  // A write at more than one venue, or one the confirmation rule asks about (lib/facts.ts), is shown first,
  // and asked about (or needs --yes): a venue's own run has no terminal to ask on.
  const needsYes = confirmationNeed(command.confirmation, invocation.options, invocation.args).needsYes;
  let answeredYes = false;
  if (use.kind === 'write' && (jobs.length > 1 || needsYes) && !dryRun) {
    terminal.info(`This write will run at ${venuesWord(jobs.length)}, as:`);
    for (const job of planned)
      terminal.info(
        `  ${job.profile}: ${job.nothing ?? job.skip ?? venueCommand(commandLine(job.invocation), { profile: job.profile })}`,
      );
    if (!invocation.confirmed) {
      if (!terminal.canPrompt()) {
        throw new UsageError(
          `a write across ${jobs.length} profile${jobs.length === 1 ? '' : 's'} needs --yes (there is no terminal to ask on)`,
          {
            hint: "Check the list above, then run again with --yes; --dry-run, where the command has it, shows each venue's change first.",
          },
        );
      }
      if (
        !(await new InquirerPrompter(terminal).confirm(
          jobs.length === 1 ? 'Run it there?' : `Run it at these ${jobs.length} venues?`,
          {
            flag: '--yes',
            default: false,
          },
        ))
      ) {
        throw new DeclinedError('Nothing was sent: no venue was run.');
      }
      answeredYes = true;
    }
  }

  // Secrets given on standard input (--<name>-stdin) are read once, and each venue reads them from its own copy.
  let stdinCopy: Buffer | undefined;
  if (invocation.given.some((o) => o.names.long?.endsWith('-stdin'))) {
    const chunks: Buffer[] = [];
    for await (const chunk of streams.stdin)
      chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
    stdinCopy = Buffer.concat(chunks);
  }

  const format = globals.output;
  const machine = format === 'json' || format === 'ndjson';
  const output = new Output(terminal, {
    format,
    fields: globals.fields,
    query: globals.query,
    queryAsJson: globals.outputGiven === false,
    width: tableWidth(streams, env),
  });
  // The merged table reads the venues' rows in venue's record names, as one venue's own output does (src/run.ts):
  // a --fields name that is no column of the view is read from the row's record, never left blank.
  output.declareFields(commandFields(command), command.record);
  const sink = new MergedOutput(
    output.mergeTarget(),
    jobs.map((j) => j.profile),
  );

  // What a venue's command says of its success for the summary (e.g. a receipt already received).
  const notes = new Map<string, string>();
  const ran = await runFleet(jobs, {
    parallel: venues.parallel,
    failFast: venues.failFast,
    signal: shell.interruption.signal,
    now: () => Date.now(),
    sink,
    runOne: async (job, rows) => {
      const stdout = new LinePrefixStream(streams.stdout, `${job.profile}: `);
      const stderr = new LinePrefixStream(streams.stderr, `${job.profile}: `);
      const venueStreams: TerminalStreams = { stdin: Readable.from(stdinCopy ? [stdinCopy] : []), stdout, stderr };
      // The venue's own invocation: its profile, never a prompt, its values with the placeholders filled.
      const venue = answeredYes
        ? { ...job.invocation, confirmed: true, options: { ...job.invocation.options, yes: true } }
        : job.invocation;
      try {
        if (venue.problem) throw venue.problem;
        const note = (text: string) => notes.set(job.profile, text);
        return {
          exitCode: await runOne(
            venue,
            { ...shell, streams: venueStreams },
            { sink: rows, profile: job.profile, note },
          ),
        };
      } catch (error) {
        // A JSON error object carries the profile itself; anything else is marked line by line.
        const exitCode = reportFailure(error, {
          machine,
          stderr: machine && isVenueError(error) ? streams.stderr : stderr,
          verbose: shell.verbose,
          colour: shell.colour,
          profile: job.profile,
        });
        return { exitCode, message: messageOf(error) };
      } finally {
        stdout.flushPending();
        stderr.flushPending();
      }
    },
  });
  const outcomes = planned.map((job): VenueOutcome => {
    if (job.nothing !== undefined)
      return { profile: job.profile, status: 'skipped', exitCode: 0, message: job.nothing, ms: 0 };
    const outcome = ran.find((o) => o.profile === job.profile)!;
    const note = notes.get(job.profile);
    return outcome.status === 'ok' && note !== undefined && !outcome.message ? { ...outcome, message: note } : outcome;
  });
  const exitCode = fleetExitCode(outcomes);
  await reportOutcomes(terminal, outcomes, exitCode, machine, streams, env);
  return exitCode;
}

/**
 * The summary on stderr (lib/fleet/summary.ts): the table and the totals,
 * fitted to the terminal, or a plain line a venue in a log; under -o json or
 * ndjson also one JSON object, the last on stderr.
 */
async function reportOutcomes(
  terminal: Terminal,
  outcomes: VenueOutcome[],
  code: number,
  machine: boolean,
  streams: TerminalStreams,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  if (!(terminal.quiet && code === 0)) streams.stderr.write(summaryText(outcomes, code, messageWidth(streams, env)));
  if (machine) streams.stderr.write(summaryJson(outcomes, code));
}

/** The width of the terminal stderr writes to (COLUMNS, else its own); undefined when it is no terminal (a log). */
function messageWidth(streams: TerminalStreams, env: NodeJS.ProcessEnv): number | undefined {
  if (!streams.stderr.isTTY) return undefined;
  const fromEnv = Number(env.COLUMNS);
  if (Number.isInteger(fromEnv) && fromEnv > 20) return fromEnv;
  return streams.stderr.columns || 80;
}

/** "1 venue", "3 venues". */
function venuesWord(count: number): string {
  return `${count} venue${count === 1 ? '' : 's'}`;
}
