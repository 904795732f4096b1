// The typed errors that report a write's outcome (exit codes come from their
// category, errors.ts): one wording for receipts, stock takes and
// adjustments, so a person (or cron) reads them the same way.

import { ApiError, InterruptedError, UnknownOutcomeError, VenueError } from '../../errors.js';
import { shortId } from '../../writes/journal.js';
import { DisagreeingAnswerError, type Disagreement } from '../../writes/agreement.js';
import type { InventoryWriteEntry as WriteEntryBase } from '../journal-entry.js';
import { StockChangeJournal, type StockChangeEntry } from '../stock-change-journal.js';
import { describeEvidence, type Evidence, type EvidenceLine } from './outcome.js';
import type { StockChangeOutcome } from './stock-change.js';
import { venueHint } from '../../hint-command.js';

export interface WriteWords {
  /** "receipt", "stock take", "adjustment". */
  what: string;
  /** How the change reads in evidence: "receipt adds 10", "count sets +3". */
  change: (line: EvidenceLine) => string;
  /** The two commands that record a person's verdict. */
  resolveCommands: string[];
  /** Reads the levels of the products concerned. */
  levelsCommand: string;
}

/** Sent by this run; nothing says whether it was applied (exit 7). */
export function unknownOutcome(
  words: WriteWords,
  entry: WriteEntryBase,
  cause: Error,
  evidence: Evidence,
): UnknownOutcomeError {
  return new UnknownOutcomeError(
    `${words.what} ${shortId(entry.id)} may or may not have been applied: ${cause.message}`,
    {
      cause,
      details: [
        `id ${entry.id}`,
        'Stock levels (evidence, not proof: sales and other movements change them too):',
        ...describeEvidence(evidence, words.change).map((l) => `  ${l}`),
      ],
      hint: settleHint(words, 'This run sent it once and will not send it again.'),
    },
  );
}

/** An earlier run left it unknown, or died while sending it: refused, nothing sent (exit 7). */
export function unresolvedOutcome(
  words: WriteWords,
  entry: WriteEntryBase,
  why: 'unknown' | 'died-while-sending',
): UnknownOutcomeError {
  const said =
    why === 'unknown'
      ? `an earlier run of it has an unknown outcome`
      : 'an earlier run died while sending it (or could not record its answer), so its outcome is unknown';
  return new UnknownOutcomeError(`${words.what} ${shortId(entry.id)} is not sent again: ${said}`, {
    details: [
      `id ${entry.id}`,
      ...(entry.levelsBefore
        ? [
            `levels before that send: ${Object.entries(entry.levelsBefore)
              .slice(0, 10)
              .map(([p, q]) => `${p}=${q}`)
              .join(', ')}`,
          ]
        : []),
    ],
    hint: settleHint(words, 'Nothing was sent by this run.'),
  });
}

/** The answer disagrees with what was sent (exit 6): nothing is claimed, the journal says unknown. */
export function disagreeingOutcome(
  words: WriteWords,
  entry: WriteEntryBase,
  disagreements: Disagreement[],
): DisagreeingAnswerError {
  return new DisagreeingAnswerError(`${words.what} ${shortId(entry.id)}`, disagreements, {
    details: [
      `id ${entry.id}`,
      'venue recorded it as unknown: what the service applied cannot be told from this answer.',
    ],
    hint: settleHint(words, 'This run sent it once and will not send it again.'),
  });
}

function settleHint(words: WriteWords, sent: string): string {
  return (
    `Check whether it was applied (${words.levelsCommand}; the venue's own records), then record what you found:\n` +
    words.resolveCommands.map((c) => `  ${c}`).join('\n') +
    `\nUntil then, running the same command again refuses to send it. ${sent}`
  );
}

/** The service refused it: not applied; the exit code is the refusal's (5 for 409/422, 6 for 429/503, …). */
export function refusedOutcome(words: WriteWords, entry: WriteEntryBase, error: ApiError, rerun: string): VenueError {
  return new VenueError(error.category, `${words.what} ${shortId(entry.id)} was not applied: ${error.message}`, {
    cause: error,
    details: error.details,
    hint: `The service refused it, so nothing was applied. ${error.hint ? `${error.hint} ` : ''}${rerun}`,
  });
}

/** It never left this machine (exit 6). */
export function notSentOutcome(words: WriteWords, entry: WriteEntryBase, error: Error, rerun: string): VenueError {
  const category = error instanceof VenueError ? error.category : 'server';
  return new VenueError(category, `${words.what} ${shortId(entry.id)} was not applied: ${error.message}`, {
    cause: error,
    hint: `It never reached the service. ${rerun}`,
  });
}

export function interruptedBeforeSend(what: string): InterruptedError {
  return new InterruptedError(`interrupted before the ${what} was sent: nothing was sent`);
}

/** The words for a stock take or an adjustment (the stock-change journal). */
export function stockChangeWords(entry: StockChangeEntry): WriteWords {
  const short = shortId(entry.id);
  const products = entry.items
    .slice(0, 5)
    .map((i) => i.productId)
    .join(',');
  return {
    what: entry.kind === 'take' ? 'stock take' : 'adjustment',
    change: (line) =>
      entry.kind === 'take'
        ? `the count sets it to ${(line.before ?? 0) + line.expected}`
        : `the adjustment changes it by ${line.expected > 0 ? '+' : ''}${line.expected}`,
    resolveCommands: StockChangeJournal.resolveCommands(entry.id),
    levelsCommand: `${venueHint(['inventory', 'stock', 'levels', '--warehouse', entry.warehouseId, '--product', products])}, ${venueHint(['inventory', 'stock', 'resolve', short])} on a terminal shows them`,
  };
}

/** Every outcome of a stock take or adjustment other than success, as the error to throw. */
export function renderStockChangeFailure(
  outcome: Exclude<StockChangeOutcome<unknown>, { kind: 'recorded' } | { kind: 'accepted-unreadable' }>,
  _warehouseId: number,
): Error {
  if (outcome.kind === 'interrupted-before-send')
    return interruptedBeforeSend(outcome.what === 'adjustment' ? 'adjustment' : 'stock take');
  if (outcome.kind === 'not-sent-at-all') return outcome.error;
  const words = stockChangeWords(outcome.entry);
  switch (outcome.kind) {
    case 'refused':
      return refusedOutcome(words, outcome.entry, outcome.error, 'Fix the cause, then run the command again.');
    case 'not-sent':
      return notSentOutcome(words, outcome.entry, outcome.error, 'Running the same command again sends it.');
    case 'unknown':
      return unknownOutcome(words, outcome.entry, outcome.error, outcome.evidence);
    case 'disagrees':
      return disagreeingOutcome(words, outcome.entry, outcome.disagreements);
    case 'unresolved':
      return unresolvedOutcome(words, outcome.entry, outcome.why);
  }
}
