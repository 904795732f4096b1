// One send of a journalled write, the same way for every write: the journal
// marks it "sending" only from the HTTP layer's beforeSend (after the last
// Ctrl-C check, when the request is about to leave), a Ctrl-C from then on
// waits until its outcome is recorded, the rule (rule.ts) says what the
// answer means, and a journal that cannot be written after the send makes
// the outcome unknown with the evidence said out loud, never a crash.

import path from 'node:path';
import { UnknownOutcomeError } from '../errors.js';
import { DamagedJournalError, JournalWriteError } from '../private-file.js';
import { stringifyJsonExact } from '../json-exact.js';
import { sourceOf } from '../reading.js';
import { classifySend, type SendResult } from './rule.js';

/** What a journalled write needs of the program's interruption. */
export interface WriteInterruption {
  /** False once Ctrl-C was pressed (except in cleanup): nothing new is sent. */
  maySend(): boolean;
  /** Keeps the process open after a Ctrl-C until the returned function is called (the write's outcome is recorded). */
  holdOpen?(what: string): () => void;
}

export interface JournalledSend<T, O> {
  interruption: WriteInterruption;
  /** In messages: "receipt 1a2b3c4d5e6f". */
  what: string;
  /** The request body as sent: evidence on stderr when the journal cannot keep it. */
  request?: unknown;
  /** Marks the entry "sending" (creating it if new). Throwing sends nothing. */
  mark: () => Promise<unknown>;
  /** The request, passing beforeSend on to the HTTP layer. */
  send: (hooks: { beforeSend: () => Promise<void> }) => Promise<T>;
  /** Nothing left this machine (a Ctrl-C, a login that failed, a deadline, a journal that cannot be written): the journal is untouched. */
  notSent: (error: Error) => O | Promise<O>;
  /** Records what the answer (or its absence) says, under the rule. */
  record: (sent: SendResult<T>) => Promise<O>;
}

export async function sendJournalled<T, O>(options: JournalledSend<T, O>): Promise<O> {
  let marked = false;
  let close: (() => void) | undefined;
  const beforeSend = async () => {
    if (marked) return;
    close = options.interruption.holdOpen?.(options.what);
    await options.mark();
    marked = true;
  };
  try {
    const sent = await classifySend(() => options.send({ beforeSend }));
    if (!marked) {
      // beforeSend was never reached: the request did not leave. Unless it plainly did (an answer, or
      // the HTTP layer's word that it was sent unanswered) from a client that does not pass beforeSend
      // on: then it is recorded now, on the safe side.
      const plainlySent =
        sent.kind === 'answered' || (sent.kind === 'unknown' && sent.error instanceof UnknownOutcomeError);
      if (!plainlySent) return await options.notSent(sent.error);
      await beforeSend();
    }
    try {
      return await options.record(sent);
    } catch (error) {
      // The journal cannot be written (or read back) after the send: the outcome cannot be kept.
      if (error instanceof JournalWriteError || error instanceof DamagedJournalError)
        throw unrecorded(options.what, options.request, sent, error);
      throw error;
    }
  } finally {
    close?.();
  }
}

/**
 * The journal could not be written after the send: the outcome is unknown
 * (exit 7), and what was sent and what came back go to stderr, since the
 * journal could not keep them. The entry stays "sending" under this process,
 * so the next run, seeing this process gone, refuses it as unknown.
 */
export function unrecorded(
  what: string,
  request: unknown,
  sent: SendResult<unknown>,
  error: JournalWriteError | DamagedJournalError,
): UnknownOutcomeError {
  const reason = error instanceof JournalWriteError ? error.reason : `it cannot be read back (${error.reason})`;
  const answer =
    sent.kind === 'answered'
      ? `the service answered: ${describe(sourceOf(sent.result as object) ?? sent.result)}`
      : `the answer: ${sent.error.message}`;
  return new UnknownOutcomeError(`${what} was sent, but venue could not record its outcome: ${reason}`, {
    cause: error,
    details: [...(request === undefined ? [] : [`sent: ${describe(request)}`]), answer, `journal: ${error.file}`],
    hint:
      `Keep these lines: the journal could not. Mend the folder ${path.dirname(error.file)}, then check whether it was applied ` +
      'before running the command again; the next run refuses it as unknown until it is settled.',
  });
}

function describe(value: unknown): string {
  try {
    const text = typeof value === 'string' ? value : stringifyJsonExact(value);
    return text.length > 2000 ? `${text.slice(0, 2000)}…` : text;
  } catch {
    return String(value);
  }
}
