// Sending a stock take or an adjustment under the journal: the part the two
// share. Each send is an entry with its own Idempotency-Key; the answer
// decides what is recorded (outcome.ts); a lost answer leaves the entry
// unknown, with the stock levels kept as evidence, never as proof, and the
// same take or adjustment is refused until a person settles it
// (`venue inventory stock resolve`).

import type { ApiError } from '../../errors.js';
import type { Interruption } from '../../interruption.js';
import type { UnreadableAnswerError } from '../../reading.js';
import {
  expectedChanges,
  stockChangeFingerprint,
  StockChangeJournal,
  type StockChangeEntry,
  type StockChangeIdentity,
} from '../stock-change-journal.js';
import { idempotencyKey, nextKeyGeneration, shortId, stampOf, type WriteStatus } from '../../writes/journal.js';
import type { Disagreement } from '../../writes/agreement.js';
import { sendJournalled } from '../../writes/send.js';
import type { Levels } from '../journal-entry.js';
import {
  gatherEvidence,
  recordDisagreement,
  recordSharedOutcome,
  recordUnknownOutcome,
  type Evidence,
} from './outcome.js';
import { senderWords } from './receipt.js';

export interface StockChangeDeps {
  journal: StockChangeJournal;
  now: () => number;
  interruption: Interruption;
  /** Current stock on hand of these products in the warehouse (absent = 0): evidence after a lost answer. */
  readLevels: (productIds: string[]) => Promise<Levels>;
  settleMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

export interface StockChangeInput<T> {
  identity: StockChangeIdentity;
  body: Record<string, unknown>;
  /** The levels the command read (and showed) just before: what the evidence compares with. */
  levelsBefore: Levels;
  /** The write itself; beforeSend goes on to the HTTP layer. */
  send: (
    body: Record<string, unknown>,
    options: { idempotencyKey: string; beforeSend: () => Promise<void> },
  ) => Promise<T>;
  /** What the answer states against what was sent (writes/agreement.ts). */
  check?: (result: T) => Disagreement[];
  /** The service's id of the change, from its answer. */
  resultId?: (result: T) => string | number | undefined;
  /** The levels after it, from its answer. */
  levelsAfter?: (result: T) => Levels | undefined;
}

export type StockChangeOutcome<T> =
  | { kind: 'recorded'; entry: StockChangeEntry; result: T }
  | { kind: 'accepted-unreadable'; entry: StockChangeEntry; error: UnreadableAnswerError }
  | { kind: 'refused'; entry: StockChangeEntry; error: ApiError }
  | { kind: 'not-sent'; entry: StockChangeEntry; error: Error }
  | { kind: 'unknown'; entry: StockChangeEntry; error: Error; evidence: Evidence }
  /** Answered, but the answer disagrees with what was sent: recorded as unknown. */
  | { kind: 'disagrees'; entry: StockChangeEntry; disagreements: Disagreement[] }
  | { kind: 'unresolved'; entry: StockChangeEntry; why: 'unknown' | 'died-while-sending' }
  | { kind: 'interrupted-before-send'; entry?: StockChangeEntry; what: StockChangeIdentity['kind'] }
  /** Nothing left this machine (a login that failed, the deadline): the journal is as it was. */
  | { kind: 'not-sent-at-all'; entry?: StockChangeEntry; error: Error };

export async function sendStockChange<T>(
  deps: StockChangeDeps,
  input: StockChangeInput<T>,
): Promise<StockChangeOutcome<T>> {
  const { journal, interruption } = deps;
  const identity = input.identity;
  const fingerprint = stockChangeFingerprint(identity);
  // Read and probe first: a damaged or unwritable journal stops here (exit 1), nothing sent.
  journal.check();
  const open = journal.openEntry(identity.profile, fingerprint);
  if (open?.status === 'unknown') return { kind: 'unresolved', entry: open, why: 'unknown' };
  if (interruption.interrupted) return { kind: 'interrupted-before-send', entry: open, what: identity.kind };

  const id = open?.id ?? StockChangeJournal.newId();
  const release = journal.lock(id);
  try {
    const entry = journal.get(id);
    if (entry?.status === 'unknown') return { kind: 'unresolved', entry, why: 'unknown' };
    if (entry?.status === 'sending') {
      // This run holds the lock, so the run that marked it sending is gone.
      const left = await journal.setStatus(
        id,
        'unknown',
        {},
        `the run sending it (${senderWords(entry)}) ended before its outcome was recorded: unknown`,
      );
      return { kind: 'unresolved', entry: left, why: 'died-while-sending' };
    }
    if (interruption.interrupted) return { kind: 'interrupted-before-send', entry, what: identity.kind };

    const previous: WriteStatus | undefined = entry?.status;
    const key = idempotencyKey(identity.kind, { id, keyGeneration: nextKeyGeneration(entry) });
    let sending: StockChangeEntry | undefined;
    return await sendJournalled<T, StockChangeOutcome<T>>({
      interruption,
      what: `${identity.kind === 'take' ? 'stock take' : 'adjustment'} ${shortId(id)}`,
      request: input.body,
      mark: async () => {
        sending = await journal.markSending(id, () => ({ id, fingerprint, ...identity }), {
          levelsBefore: input.levelsBefore,
        });
      },
      send: ({ beforeSend }) => input.send(input.body, { idempotencyKey: key, beforeSend }),
      notSent: (error) =>
        interruption.interrupted
          ? { kind: 'interrupted-before-send', entry, what: identity.kind }
          : { kind: 'not-sent-at-all', entry, error },
      record: async (sent) => {
        switch (sent.kind) {
          case 'answered': {
            const disagreements = input.check?.(sent.result) ?? [];
            if (disagreements.length) return recordDisagreement(journal, id, disagreements);
            const resultId = input.resultId?.(sent.result);
            const after = input.levelsAfter?.(sent.result);
            const recorded = await journal.setStatus(id, 'recorded', {
              recordedAt: stampOf(deps.now()),
              ...(resultId !== undefined ? { resultId: String(resultId) } : {}),
              ...(after ? { levelsAfter: after } : {}),
            });
            return { kind: 'recorded', entry: recorded, result: sent.result };
          }
          case 'accepted-unreadable':
          case 'refused':
          case 'not-sent':
            return (await recordSharedOutcome(
              journal,
              id,
              sending!,
              sent,
              previous ?? 'not-applied',
              deps.now(),
            )) as StockChangeOutcome<T>;
          case 'interrupted-before-send': {
            await recordSharedOutcome(journal, id, sending!, sent, previous ?? 'not-applied', deps.now());
            return { kind: 'interrupted-before-send', entry: journal.get(id), what: identity.kind };
          }
          case 'unknown':
            return recordUnknownOutcome(journal, id, sent.error, deps, {
              expected: expectedChanges(identity, input.levelsBefore),
              levelsBefore: input.levelsBefore,
            });
        }
      },
    });
  } finally {
    release();
  }
}

/** The evidence of an entry as it stands: levels before, levels now (read again), the change it makes. */
export async function stockChangeEvidence(
  entry: StockChangeEntry,
  deps: Pick<StockChangeDeps, 'readLevels' | 'interruption' | 'now'>,
): Promise<Evidence> {
  return gatherEvidence({
    expected: expectedChanges(entry, entry.levelsBefore ?? {}),
    levelsBefore: entry.levelsBefore ?? {},
    readLevels: deps.readLevels,
    interruption: deps.interruption,
    now: deps.now,
  });
}
