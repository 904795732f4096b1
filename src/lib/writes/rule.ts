// The one outcome rule for every call that changes data (inventory receipts,
// stock takes, adjustments, products, suppliers and webhook subscribers;
// wallet reloads; booking holds, orders, cancellations and payments). What an
// answer says about whether the change was applied is decided here and only
// here: the HTTP layer, every workflow and `venue help exit-codes` read it
// from these rows, so the rule cannot be written twice and disagree.
//
// A refusal is only an answer that says the request was not processed: a 4xx
// (the service looked and said no) other than 408, or 429 and 503, which say
// "before processing". 408 can come from a proxy that gave up after the
// service had processed the request, and any other 5xx, a gateway's 502/504,
// no answer, a dropped connection after sending, a redirect or an answer that
// disagrees with what was sent cannot say: the outcome is unknown, never
// resent blindly, settled only by proof or by a person.

import { ApiError, ExitCode, InterruptedError, RequestNotSentError, UnknownOutcomeError } from '../errors.js';
import { UnreadableAnswerError } from '../reading.js';

/** What is known of a write: done, certainly not applied, or unknown. */
export type WriteVerdict = 'done' | 'not-applied' | 'unknown';

interface StatusRule {
  /** In the table: "429, 503". */
  answer: string;
  matches: (status: number) => boolean;
  verdict: WriteVerdict;
  /** The exit code (a range for the refusals: their category decides), as the table prints it. */
  exit: string;
  why: string;
}

/** Non-2xx answers to a write, first match wins. */
const STATUS_RULES: readonly StatusRule[] = [
  {
    answer: '429, 503',
    matches: (s) => s === 429 || s === 503,
    verdict: 'not-applied',
    exit: String(ExitCode.server),
    why: 'refused before processing; sent again (same Idempotency-Key) while the deadline allows',
  },
  {
    answer: '408',
    matches: (s) => s === 408,
    verdict: 'unknown',
    exit: String(ExitCode.unknownOutcome),
    why: 'a proxy may give up after the service processed it',
  },
  {
    answer: 'other 4xx',
    matches: (s) => s >= 400 && s < 500,
    verdict: 'not-applied',
    exit: `${ExitCode.usage}-${ExitCode.rejected}`,
    why: 'the service looked at it and said no',
  },
  {
    answer: '500, 502, 504, other 5xx',
    matches: (s) => s >= 500,
    verdict: 'unknown',
    exit: String(ExitCode.unknownOutcome),
    why: 'it may have failed after applying it',
  },
  {
    answer: '3xx (a redirect)',
    matches: (s) => s >= 300 && s < 400,
    verdict: 'unknown',
    exit: String(ExitCode.unknownOutcome),
    why: 'venue does not follow it; what was done there cannot be said',
  },
];

interface EventRule {
  answer: string;
  verdict: WriteVerdict;
  exit: string;
  why: string;
}

/** What is not an HTTP status: the other rows of the rule. */
export const EVENT_RULES = {
  agrees: {
    answer: '2xx that agrees with what was sent',
    verdict: 'done',
    exit: String(ExitCode.ok),
    why: 'the service recorded it',
  },
  disagrees: {
    answer: '2xx that disagrees with what was sent',
    verdict: 'unknown',
    exit: String(ExitCode.server),
    why: 'another id, quantity, count, card or amount came back: venue cannot tell what was applied',
  },
  unreadable: {
    answer: '2xx that cannot be read',
    verdict: 'done',
    exit: String(ExitCode.server),
    why: 'accepted, so never sent again; the data is not shown',
  },
  notSent: {
    answer: 'never sent (no connection, deadline)',
    verdict: 'not-applied',
    exit: String(ExitCode.server),
    why: 'it never left this machine',
  },
  interruptedBefore: {
    answer: 'Ctrl-C before it left',
    verdict: 'not-applied',
    exit: String(ExitCode.interrupted),
    why: 'nothing was sent',
  },
  noAnswer: {
    answer: 'no answer, or dropped after sending',
    verdict: 'unknown',
    exit: String(ExitCode.unknownOutcome),
    why: 'it may have been applied',
  },
} as const satisfies Record<string, EventRule>;

/** Statuses a write may be sent again after: the service says it refused before processing. */
export function refusedBeforeProcessing(status: number): boolean {
  return STATUS_RULES[0]!.matches(status);
}

/** What a non-2xx answer to a write says about it. */
export function verdictOfStatus(status: number): WriteVerdict {
  if (status >= 200 && status < 300) return EVENT_RULES.agrees.verdict;
  return STATUS_RULES.find((rule) => rule.matches(status))?.verdict ?? 'unknown';
}

/** An answer that says the write was refused, so it was not applied. */
export function isRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && verdictOfStatus(error.status) === 'not-applied';
}

/** The HTTP answer behind an error, also when a client explained it in its own words. */
export function answerOf(error: unknown): ApiError | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof ApiError) return e;
  }
  return undefined;
}

export type SendResult<T> =
  | { kind: 'answered'; result: T }
  /** A 2xx whose body could not be read: the service accepted it. */
  | { kind: 'accepted-unreadable'; error: UnreadableAnswerError }
  /** The service said no: nothing was applied. raised: the error as the client threw it (its own words). */
  | { kind: 'refused'; error: ApiError; raised?: Error }
  /** The request never left this machine (deadline, connection refused): nothing was applied. */
  | { kind: 'not-sent'; error: Error }
  /** A Ctrl-C came before the send: the HTTP layer sent nothing. */
  | { kind: 'interrupted-before-send'; error: InterruptedError }
  /** Sent, and nothing says whether it was applied. */
  | { kind: 'unknown'; error: Error };

/** Runs one write and says which row of the rule its result falls in. */
export async function classifySend<T>(send: () => Promise<T>): Promise<SendResult<T>> {
  try {
    return { kind: 'answered', result: await send() };
  } catch (error) {
    return classifyFailure(error);
  }
}

/** Which row of the rule a write's failure falls in. */
export function classifyFailure(error: unknown): Exclude<SendResult<never>, { kind: 'answered' }> {
  if (error instanceof UnreadableAnswerError && error.source.accepted) return { kind: 'accepted-unreadable', error };
  if (error instanceof InterruptedError) return { kind: 'interrupted-before-send', error };
  if (error instanceof UnknownOutcomeError) return { kind: 'unknown', error };
  // The HTTP layer says when a request never left: the deadline had passed, the
  // service could not be reached, or after a refusal (429/503) no retry fitted.
  if (error instanceof RequestNotSentError) return { kind: 'not-sent', error };
  const answer = answerOf(error);
  if (answer)
    return verdictOfStatus(answer.status) === 'not-applied'
      ? { kind: 'refused', error: answer, raised: error as Error }
      : { kind: 'unknown', error: error as Error };
  // Anything else (an answer too big to read, a bug while sending) cannot say: unknown, the safe side.
  return { kind: 'unknown', error: error instanceof Error ? error : new Error(String(error)) };
}

/** The rule's rows as `venue help exit-codes` and the README print them, generated from the rows above: the answer, the outcome, the exit code, why. */
export const OUTCOME_HEADERS = ['the answer to a write', 'outcome', 'exit', 'why'] as const;
export function outcomeRows(): string[][] {
  const rows: Array<{ answer: string; verdict: WriteVerdict; exit: string; why: string }> = [
    EVENT_RULES.agrees,
    EVENT_RULES.unreadable,
    EVENT_RULES.disagrees,
    ...STATUS_RULES,
    EVENT_RULES.notSent,
    EVENT_RULES.interruptedBefore,
    EVENT_RULES.noAnswer,
  ];
  const words: Record<WriteVerdict, string> = { done: 'done', 'not-applied': 'not applied', unknown: 'unknown' };
  return rows.map((r) => [r.answer, words[r.verdict], r.exit, r.why]);
}

/** The same rows as a Markdown table (README). */
export function outcomeTableMarkdown(): string {
  return [
    `| ${OUTCOME_HEADERS.join(' | ')} |`,
    '|---|---|---|---|',
    ...outcomeRows().map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}
