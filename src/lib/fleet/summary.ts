// The summary of a run across venues, on stderr after every venue is done: a
// bounded table people read (output/people-table.ts), one row a venue in the
// order selected (PROFILE, EXIT, RESULT, TIME, MESSAGE), then the totals. On
// a terminal it fits the width, each message whole, wrapped in its column; in
// a log (no terminal) each venue is one plain line, its message whole on it,
// for grep. Under -o json or ndjson the same outcomes are also one JSON
// object, the last line on stderr.

import { peopleTable } from '../output/people-table.js';
import type { VenueOutcome, VenueStatus } from './runner.js';

const statusWords: Record<VenueStatus, string> = {
  ok: 'ok',
  failed: 'failed',
  interrupted: 'stopped',
  skipped: 'skipped',
  'not-run': 'not run',
};

/** A venue skipped with exit 0 had nothing to do (its file missing, which the command allows). */
const nothingToDo = (o: VenueOutcome) => o.status === 'skipped' && o.exitCode === 0;
const resultWord = (o: VenueOutcome) => (nothingToDo(o) ? 'nothing' : statusWords[o.status]);

/** "5 venues: 4 ok, 1 failed; exit 6". */
export function summaryTotals(outcomes: readonly VenueOutcome[], code: number): string {
  const count = (status: VenueStatus) => outcomes.filter((o) => o.status === status && !nothingToDo(o)).length;
  const idle = outcomes.filter(nothingToDo).length;
  const totals = [
    `${count('ok')} ok`,
    idle && `${idle} with nothing to do`,
    count('failed') && `${count('failed')} failed`,
    count('interrupted') && `${count('interrupted')} stopped by Ctrl-C`,
    count('skipped') && `${count('skipped')} skipped`,
    count('not-run') && `${count('not-run')} not run`,
  ]
    .filter(Boolean)
    .join(', ');
  return `${outcomes.length} venue${outcomes.length === 1 ? '' : 's'}: ${totals}${code === 0 ? '' : `; exit ${code}`}`;
}

/**
 * The summary for people: a blank line, the table and the totals. `width`: a
 * terminal's (the table fits it, messages wrap in their column); undefined in
 * a log, where each venue is one line (a message's own line breaks become
 * spaces).
 */
export function summaryText(outcomes: readonly VenueOutcome[], code: number, width?: number): string {
  const rows = outcomes.map((o) => [
    o.profile,
    String(o.exitCode ?? '-'),
    resultWord(o),
    `${(o.ms / 1000).toFixed(1)}s`,
    width === undefined ? o.message.replace(/\s*\n\s*/g, ' ') : o.message,
  ]);
  const table = peopleTable(['PROFILE', 'EXIT', 'RESULT', 'TIME', 'MESSAGE'], rows, {
    width,
    // The codes, words and times read as one: the message gives way first.
    keep: [false, true, true, true, false],
  });
  return `\n${table}${summaryTotals(outcomes, code)}\n`;
}

/** The same outcomes as one JSON object (a line), for -o json and ndjson. */
export function summaryJson(outcomes: readonly VenueOutcome[], code: number): string {
  const summary = outcomes.map((o) => ({
    profile: o.profile,
    exitCode: o.exitCode ?? null,
    status: o.status,
    message: o.message,
    seconds: Math.round(o.ms) / 1000,
  }));
  return `${JSON.stringify({ summary, exitCode: code })}\n`;
}
