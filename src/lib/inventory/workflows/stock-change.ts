// Sending a stock take or an adjustment under the journal: the part the two
// share. Each send is an entry with its own Idempotency-Key; the answer
// decides what is recorded (outcome.ts); a lost answer leaves the entry
// unknown, with the stock levels kept as evidence, never as proof, and the
// same take or adjustment is refused until a person settles it
// (`venue inventory stock resolve`).

import type { ApiError } from '../../errors.js';
import type { Interruption } from '../../interruption.js';
import type { UnreadableAnswerError } from '../../reading.js';
import { expectedChanges, stockChangeFingerprint, StockChangeJournal, type StockChangeEntry, type StockChangeIdentity } from '../stock-change-journal.js';
import { idempotencyKey, stampOf, type Levels, type WriteStatus } from '../write-journal.js';
import { classifySend, gatherEvidence, levelsNow, recordSharedOutcome, type Evidence } from './outcome.js';

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
  /** The write itself. */
  send: (body: Record<string, unknown>, options: { idempotencyKey: string }) => Promise<T>;
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
  | { kind: 'unresolved'; entry: StockChangeEntry; why: 'unknown' | 'died-while-sending' }
  | { kind: 'interrupted-before-send'; entry?: StockChangeEntry };

export async function sendStockChange<T>(deps: StockChangeDeps, input: StockChangeInput<T>): Promise<StockChangeOutcome<T>> {
  const { journal, interruption } = deps;
  const identity = input.identity;
  const fingerprint = stockChangeFingerprint(identity);
  // Read first: a damaged journal stops here (exit 1), nothing sent.
  const open = journal.openEntry(identity.profile, fingerprint);
  if (open?.status === 'unknown') return { kind: 'unresolved', entry: open, why: 'unknown' };
  if (interruption.interrupted) return { kind: 'interrupted-before-send', entry: open };

  const id = open?.id ?? StockChangeJournal.newId();
  const release = await journal.lock(id);
  try {
    const entry = journal.get(id);
    if (entry?.status === 'unknown') return { kind: 'unresolved', entry, why: 'unknown' };
    if (entry?.status === 'sending') {
      // Only a run holding the lock sends; seen under it, that run died.
      const left = await journal.setStatus(id, 'unknown', {}, 'a run died while sending it (or just before): its outcome is unknown');
      return { kind: 'unresolved', entry: left, why: 'died-while-sending' };
    }
    if (interruption.interrupted) return { kind: 'interrupted-before-send', entry };

    const previous: WriteStatus | undefined = entry?.status;
    let sending = await journal.markSending(id, () => ({ id, fingerprint, ...identity }), { levelsBefore: input.levelsBefore });
    const sent = await classifySend(() => input.send(input.body, { idempotencyKey: idempotencyKey(identity.kind, sending) }));
    switch (sent.kind) {
      case 'answered': {
        const resultId = input.resultId?.(sent.result);
        const after = input.levelsAfter?.(sent.result);
        sending = await journal.setStatus(id, 'recorded', {
          recordedAt: stampOf(deps.now()),
          ...(resultId !== undefined ? { resultId: String(resultId) } : {}),
          ...(after ? { levelsAfter: after } : {}),
        });
        return { kind: 'recorded', entry: sending, result: sent.result };
      }
      case 'accepted-unreadable':
      case 'refused':
      case 'not-sent':
      case 'interrupted-before-send':
        return (await recordSharedOutcome(journal, id, sending, sent, previous ?? 'not-applied', deps.now()))!;
      case 'unknown': {
        const evidence = await gatherEvidence({
          expected: expectedChanges(identity, input.levelsBefore),
          levelsBefore: input.levelsBefore,
          readLevels: deps.readLevels,
          interruption,
          now: deps.now,
          settleMs: deps.settleMs ?? 500,
          sleep: deps.sleep,
        });
        const now = levelsNow(evidence);
        sending = await journal.setStatus(id, 'unknown', { ...(now ? { levelsAfter: now, evidenceAt: evidence.readAt } : {}) }, `outcome unknown: ${sent.error.message}`);
        return { kind: 'unknown', entry: sending, error: sent.error, evidence };
      }
    }
  } finally {
    await release().catch(() => undefined);
  }
}

/** The evidence of an entry as it stands: levels before, levels now (read again), the change it makes. */
export async function stockChangeEvidence(entry: StockChangeEntry, deps: Pick<StockChangeDeps, 'readLevels' | 'interruption' | 'now'>): Promise<Evidence> {
  return gatherEvidence({
    expected: expectedChanges(entry, entry.levelsBefore ?? {}),
    levelsBefore: entry.levelsBefore ?? {},
    readLevels: deps.readLevels,
    interruption: deps.interruption,
    now: deps.now,
  });
}
