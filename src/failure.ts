// The one place a failure becomes an exit code and its message.

import { ExitCode, exitCodeFor, isVenueError, type VenueError } from './lib/errors.js';
import { paletteFor } from './cli/colours.js';
import type { TerminalStreams } from './cli/terminal.js';
import { wrapForTerminal } from './cli/wrapping.js';

export interface FailureReport {
  /** -o json or ndjson: the error is also one JSON object on stderr. */
  machine: boolean;
  stderr: TerminalStreams['stderr'];
  verbose: boolean;
  colour: boolean;
  /** A venue's run in a run across venues: its JSON error names the profile. */
  profile?: string;
}

function printError(stderr: TerminalStreams['stderr'], error: VenueError, verbose: boolean, colour: boolean): void {
  const { red, dim } = paletteFor(colour);
  // On a terminal each part wraps at its width without breaking a word (a detail's lines keep its indent); piped, one line each.
  const width = stderr.isTTY ? stderr.columns || 80 : undefined;
  const say = (text: string, paint: (line: string, n: number) => string = (line) => line) =>
    stderr.write(`${wrapForTerminal(text, width).map(paint).join('\n')}\n`);
  // "interrupted" was said when Ctrl-C came; only what it left behind is added.
  if (error.category === 'interrupted') {
    if (error.message !== 'interrupted') say(error.message);
  } else if (error.category === 'declined') {
    // The person's own answer: said plainly, not as an error.
    say(error.message);
  } else
    say(`error: ${error.message}`, (line, n) => (n === 0 ? `${red('error:')}${line.slice('error:'.length)}` : line));
  for (const line of error.details) say(`  ${line}`);
  if (error.hint) say(error.hint, (line) => dim(line));
  if (verbose && error.cause)
    say(`cause: ${String((error.cause as Error).message ?? error.cause)}`, (line) => dim(line));
}

/** Says the failure and returns its exit code. */
export function reportFailure(error: unknown, how: FailureReport): number {
  const { machine, stderr, verbose, colour, profile } = how;
  if (isVenueError(error)) {
    if (machine) {
      const { message, hint, details } = error;
      const body = {
        message,
        exitCode: exitCodeFor(error),
        ...(hint ? { hint } : {}),
        ...(details.length ? { details } : {}),
      };
      stderr.write(`${JSON.stringify(profile === undefined ? { error: body } : { profile, error: body })}\n`);
    } else printError(stderr, error, verbose, colour);
    return exitCodeFor(error);
  }
  stderr.write(`error: unexpected failure: ${(error as Error)?.message ?? String(error)}\n`);
  if (verbose && (error as Error)?.stack) stderr.write(`${(error as Error).stack}\n`);
  else stderr.write('Run again with --verbose for details.\n');
  return ExitCode.unexpected;
}

/** A failure's first line, for the fleet's summary. */
export function messageOf(error: unknown): string {
  if (isVenueError(error)) return error.message;
  return `unexpected failure: ${(error as Error)?.message ?? String(error)}`;
}
