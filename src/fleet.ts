// `--each-profile`: one command run once per selected profile, in this
// process, a few venues at a time. Each venue gets its own context (profile,
// token, journal entries, deadline), its messages marked with its name, and
// its rows handed to one merged output; the run ends with a summary of each
// venue's outcome and the most severe exit code among them.

import { Readable } from 'node:stream';
import type { Command } from 'commander';
import { buildProgram, valueOptions } from './cli.js';
import { parseAndRun, reportFailure, optionValue, machineJson, requestedFormat } from './main.js';
import { UsageError, isVenueError } from './lib/errors.js';
import type { Interruption } from './lib/interruption.js';
import type { SecretRegistry } from './lib/redact.js';
import type { TerminalStreams } from './lib/terminal.js';
import type { VenueJob, VenueOutcome } from './lib/fleet/runner.js';

export interface FleetRunIO {
  argv: string[];
  streams: TerminalStreams;
  env: NodeJS.ProcessEnv;
  version: string;
  secrets: SecretRegistry;
  interruption: Interruption;
  verbose: boolean;
  colour: boolean;
}

interface Job extends VenueJob {
  argv: string[];
}

export async function runEachProfile(io: FleetRunIO): Promise<number> {
  const { takeFleetOptions, expandPlaceholders, refuseStdinFiles, missingFile, readsStdinSecrets } = await import('./lib/fleet/plan.js');
  const { selectProfiles } = await import('./lib/fleet/selection.js');
  const { fleetUseOf } = await import('./lib/fleet/use.js');
  const { declarationOf } = await import('./commands/define.js');
  const { ConfigStore } = await import('./lib/config.js');
  const { Terminal } = await import('./lib/terminal.js');
  const { streams, env } = io;
  const options = takeFleetOptions(io.argv);
  const rest = options.rest;

  // The command is found (and its options checked) once, not once per venue.
  const program = await buildProgram(rest, { streams, env, version: io.version, secrets: io.secrets, interruption: io.interruption });
  if (rest.some((a) => a === '-h' || a === '--help')) return parseAndRun(program, rest);
  const found = findCommand(program, rest);
  if (!found.command || !found.path.length) {
    const group = found.path.length ? `\`venue ${found.path.join(' ')}\` is a group: ` : '';
    throw new UsageError(`--each-profile needs a command to run${group ? ` (${group}name one of its commands)` : ''}`, {
      hint: `e.g. \`venue --each-profile all inventory health\`; see ${found.path.length ? `\`venue ${found.path.join(' ')} --help\` and ` : ''}\`venue help fleet\`.`,
    });
  }
  const path = found.path.join(' ');
  const use = fleetUseOf(declarationOf(found.command)?.fleet, found.operands);
  if (use.kind === 'refused') throw new UsageError(`\`venue ${path}\` does not run across profiles: ${use.why}`);
  // Global options may follow the command; --yes is the fleet's own answer when the command has none.
  const globalNames = new Set(program.options.flatMap((o) => [o.long, o.short, o.negate ? o.long : undefined]).filter((f): f is string => Boolean(f)));
  const unknown = found.command
    .parseOptions(found.after)
    .unknown.filter((a) => a.startsWith('-') && a !== '--yes' && a !== '-y' && !globalNames.has(a.includes('=') ? a.slice(0, a.indexOf('=')) : a));
  if (unknown.length) {
    const { didYouMean } = await import('./lib/suggest.js');
    const known = found.command.options.flatMap((o) => [o.long, o.short].filter((f): f is string => Boolean(f)));
    throw new UsageError(`unknown option '${unknown[0]}' for \`venue ${path}\``, { hint: `${didYouMean(unknown[0]!, known)} See \`venue ${path} --help\`.`.trim() });
  }
  refuseStdinFiles(rest);

  const config = await ConfigStore.open(env);
  const selection = selectProfiles(config, options.selection);
  const hasYesOption = found.command.options.some((o) => o.long === '--yes');
  const yesGiven = rest.includes('--yes') || rest.includes('-y');
  const dryRun = rest.includes('--dry-run');
  // --yes answers the fleet's question; it is passed on only to commands that take it.
  const commandArgs = hasYesOption ? rest : rest.filter((a) => a !== '--yes' && a !== '-y');
  const jobs: Job[] = selection.profiles.map((venue) => {
    const expanded = expandPlaceholders(commandArgs, venue, selection.tag);
    return { profile: venue.name, argv: expanded.argv, skip: expanded.skip ?? missingFile(expanded.argv) };
  });

  const terminal = new Terminal(streams, { secrets: io.secrets, interruption: io.interruption, noColor: !io.colour, noInput: rest.includes('--no-input'), quiet: rest.includes('-q') || rest.includes('--quiet'), env });
  // A write at more than one venue is shown first, and asked about (or needs --yes).
  let confirmed = false;
  if (use.kind === 'write' && jobs.length > 1 && !dryRun) {
    terminal.info(`\`venue ${path}\` writes; it will run at ${jobs.length} venues:`);
    for (const job of jobs) terminal.info(`  ${job.profile}: ${job.skip ?? `venue ${job.argv.map(shellWord).join(' ')}`}`);
    if (!yesGiven) {
      if (!terminal.canPrompt()) {
        throw new UsageError(`a write across ${jobs.length} profiles needs --yes (there is no terminal to ask on)`, { hint: 'Check the list above, then run again with --yes; --dry-run, where the command has it, shows each venue\'s change first.' });
      }
      const { InquirerPrompter } = await import('./lib/prompter.js');
      if (!(await new InquirerPrompter(terminal).confirm(`Run it at these ${jobs.length} venues?`, { flag: '--yes', default: false }))) {
        terminal.info('Nothing was sent.');
        return 0;
      }
    }
    confirmed = true;
  }

  // Secrets given on standard input are read once, and each venue reads them from its own copy.
  let stdinCopy: Buffer | undefined;
  if (readsStdinSecrets(rest)) {
    const chunks: Buffer[] = [];
    for await (const chunk of streams.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
    stdinCopy = Buffer.concat(chunks);
  }

  const { Output } = await import('./lib/output.js');
  const { tableWidth } = await import('./lib/context.js');
  const { MergedOutput } = await import('./lib/fleet/merged-output.js');
  const { LinePrefixStream } = await import('./lib/fleet/line-prefix.js');
  const { runVenues, fleetExitCode } = await import('./lib/fleet/runner.js');
  const format = requestedFormat(rest) as 'table' | 'json' | 'ndjson' | 'csv';
  const fields = optionValue(rest, '--fields')?.split(',').map((f) => f.trim()).filter(Boolean);
  const output = new Output(terminal, { format, fields, query: optionValue(rest, '--query'), width: tableWidth(streams, env) });
  const merged = new MergedOutput(output.mergeTarget(), jobs.map((j) => j.profile));
  const machine = machineJson(rest);

  const outcomes = await runVenues(jobs, {
    parallel: options.parallel,
    failFast: options.failFast,
    signal: io.interruption.signal,
    now: () => Date.now(),
    run: async (job) => {
      const venueArgv = ['--profile', job.profile, '--no-input', ...job.argv, ...(confirmed && hasYesOption && !yesGiven ? ['--yes'] : [])];
      const stdout = new LinePrefixStream(streams.stdout, `${job.profile}: `);
      const stderr = new LinePrefixStream(streams.stderr, `${job.profile}: `);
      const venueStreams: TerminalStreams = { stdin: Readable.from(stdinCopy ? [stdinCopy] : []), stdout, stderr };
      try {
        const venueProgram = await buildProgram(venueArgv, { streams: venueStreams, env, version: io.version, secrets: io.secrets, interruption: io.interruption, merge: { sink: merged, profile: job.profile } });
        return { exitCode: await parseAndRun(venueProgram, venueArgv) };
      } catch (error) {
        // A JSON error object carries the profile itself; anything else is marked line by line.
        const exitCode = reportFailure(error, { argv: venueArgv, stderr: machine && isVenueError(error) ? streams.stderr : stderr, verbose: io.verbose, colour: io.colour, profile: job.profile });
        return { exitCode, message: messageOf(error) };
      } finally {
        stdout.flushPending();
        stderr.flushPending();
      }
    },
  });
  await merged.finish();
  const exitCode = fleetExitCode(outcomes);
  reportOutcomes(terminal, outcomes, exitCode, machine, format, streams.stderr);
  return exitCode;
}

/** The command named by argv's words (the root's value options skipped), its operands and what follows it. */
function findCommand(program: Command, argv: string[]): { command?: Command; path: string[]; operands: string[]; after: string[] } {
  let command = program;
  const path: string[] = [];
  let i = 0;
  for (; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') break;
    if (arg.startsWith('-')) {
      if (valueOptions.has(arg) || takesValue(command, arg)) i++;
      continue;
    }
    const sub = command.commands.find((c) => c.name() === arg || c.aliases().includes(arg));
    if (!sub) break;
    command = sub;
    path.push(arg);
  }
  const after = argv.slice(i);
  return { command: path.length && !command.commands.length ? command : undefined, path, operands: after.filter((a) => !a.startsWith('-')), after };
}

function takesValue(command: Command, arg: string): boolean {
  if (arg.includes('=')) return false;
  const option = command.options.find((o) => o.long === arg || o.short === arg);
  return Boolean(option && (option.required || option.optional));
}

function messageOf(error: unknown): string {
  if (isVenueError(error)) return error.message;
  const commanderError = error as { code?: string; message?: string };
  if (typeof commanderError.code === 'string' && commanderError.code.startsWith('commander.')) return (commanderError.message ?? 'usage error').replace(/^error: /, '');
  return `unexpected failure: ${(error as Error)?.message ?? String(error)}`;
}

function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

const statusWords: Record<VenueOutcome['status'], string> = { ok: 'ok', failed: 'failed', interrupted: 'stopped', skipped: 'skipped', 'not-run': 'not run' };

/** The summary on stderr: a line per venue, then the totals; under -o json|ndjson also one JSON object, the last on stderr. */
function reportOutcomes(terminal: import('./lib/terminal.js').Terminal, outcomes: VenueOutcome[], code: number, machine: boolean, format: string, stderr: TerminalStreams['stderr']): void {
  const count = (status: VenueOutcome['status']) => outcomes.filter((o) => o.status === status).length;
  const totals = [`${count('ok')} ok`, count('failed') && `${count('failed')} failed`, count('interrupted') && `${count('interrupted')} stopped by Ctrl-C`, count('skipped') && `${count('skipped')} skipped`, count('not-run') && `${count('not-run')} not run`].filter(Boolean).join(', ');
  const allOk = code === 0;
  if (!(terminal.quiet && allOk)) {
    const width = Math.max(7, ...outcomes.map((o) => o.profile.length));
    const lines = ['', `${'PROFILE'.padEnd(width)}  EXIT  ${'RESULT'.padEnd(8)}  TIME    MESSAGE`];
    for (const o of outcomes) {
      const time = `${(o.ms / 1000).toFixed(1)}s`;
      lines.push(`${o.profile.padEnd(width)}  ${String(o.exitCode ?? '-').padEnd(4)}  ${statusWords[o.status].padEnd(8)}  ${time.padEnd(6)}  ${o.message.split('\n')[0]}`.trimEnd());
    }
    lines.push(`${outcomes.length} venue${outcomes.length === 1 ? '' : 's'}: ${totals}${allOk ? '' : `; exit ${code}`}`);
    stderr.write(`${lines.join('\n')}\n`);
  }
  if (machine && (format === 'json' || format === 'ndjson')) {
    const summary = outcomes.map((o) => ({ profile: o.profile, exitCode: o.exitCode ?? null, status: o.status, message: o.message, seconds: Math.round(o.ms) / 1000 }));
    stderr.write(`${JSON.stringify({ summary, exitCode: code })}\n`);
  }
}
