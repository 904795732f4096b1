// Recording a stock receipt, cron-safe: the journal decides whether it is
// sent at all (a recorded receipt is a no-op, an unknown one is refused until
// a person settles it), the answer decides what is recorded (outcome.ts), and
// a lost answer is never judged from stock levels: they are kept as evidence.
// No commander, no terminal: the command renders the outcome.

import type { Interruption } from '../../interruption.js';
import type { UnreadableAnswerError } from '../../reading.js';
import type { ApiError } from '../../errors.js';
import type { StockReceiptResult } from '../types.js';
import { receiptFingerprint, type ReceiptIdentity, type ReceiptJournal, type ReceiptJournalEntry } from '../receipt-journal.js';
import { idempotencyKey, isSettled, stampOf, type Levels, type WriteStatus } from '../write-journal.js';
import { classifySend, gatherEvidence, levelsNow, recordSharedOutcome, type Evidence } from './outcome.js';

export interface ReceiptClient {
  receiveStock(body: Record<string, unknown>, options?: { idempotencyKey?: string }): Promise<StockReceiptResult>;
}

export interface ReceiptDeps {
  client: ReceiptClient;
  journal: ReceiptJournal;
  now: () => number;
  interruption: Interruption;
  /** Current stock on hand of these products in the receipt's warehouse (absent = 0). */
  readLevels: (productIds: string[]) => Promise<Levels>;
  /** Checks made on the levels read just before sending (every product exists); throwing sends nothing. */
  beforeSend?: (levels: Levels) => Promise<void>;
  settleMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

export interface ReceiptInput {
  identity: ReceiptIdentity;
  /** The checked request body (stockReceiptSchema). */
  body: Record<string, unknown>;
  userId?: number;
  comment?: string;
  /** Send even when the journal has it recorded or unknown. */
  force?: boolean;
}

export type ReceiptOutcome =
  | { kind: 'recorded'; entry: ReceiptJournalEntry }
  /** The service said yes but its answer could not be read: recorded, and said so. */
  | { kind: 'accepted-unreadable'; entry: ReceiptJournalEntry; error: UnreadableAnswerError }
  | { kind: 'already-recorded'; entry: ReceiptJournalEntry }
  /** The service refused it: not applied; a rerun may send it. */
  | { kind: 'refused'; entry: ReceiptJournalEntry; error: ApiError }
  /** It never left this machine: not applied; a rerun sends it. */
  | { kind: 'not-sent'; entry: ReceiptJournalEntry; error: Error }
  /** Sent by this run, and nothing conclusive says whether it was applied. */
  | { kind: 'unknown'; entry: ReceiptJournalEntry; error: Error; evidence: Evidence }
  /** An earlier run left it unknown (or died while sending it): this run sent nothing. */
  | { kind: 'unresolved'; entry: ReceiptJournalEntry; why: 'unknown' | 'died-while-sending' }
  | { kind: 'interrupted-before-send'; entry?: ReceiptJournalEntry };

type Gate = 'send' | 'done' | 'unresolved' | 'died';

function gate(entry: ReceiptJournalEntry | undefined, force: boolean | undefined): Gate {
  if (!entry || force) return 'send';
  if (isSettled(entry.status)) return 'done';
  if (entry.status === 'unknown') return 'unresolved';
  // Only a run holding the lock can be sending; seen under the lock, it died.
  return entry.status === 'sending' ? 'died' : 'send';
}

export async function recordReceipt(deps: ReceiptDeps, input: ReceiptInput): Promise<ReceiptOutcome> {
  const { journal, interruption } = deps;
  const id = receiptFingerprint(input.identity);
  // Read before anything else: a damaged journal stops here (exit 1), nothing sent.
  const first = journal.get(id);
  const early = gate(first, input.force);
  if (early === 'done') return { kind: 'already-recorded', entry: first! };
  if (early === 'unresolved') return { kind: 'unresolved', entry: first!, why: 'unknown' };
  if (interruption.interrupted) return { kind: 'interrupted-before-send', entry: first };

  const release = await journal.lock(id);
  try {
    // Another run may have finished while this one was reading the file.
    const entry = journal.get(id);
    const next = gate(entry, input.force);
    if (next === 'done') return { kind: 'already-recorded', entry: entry! };
    if (next === 'unresolved') return { kind: 'unresolved', entry: entry!, why: 'unknown' };
    if (next === 'died') {
      const left = await journal.setStatus(id, 'unknown', {}, 'a run died while sending it (or just before): its outcome is unknown');
      return { kind: 'unresolved', entry: left, why: 'died-while-sending' };
    }
    if (interruption.interrupted) return { kind: 'interrupted-before-send', entry };

    const productIds = input.identity.items.map((i) => String(i.productId));
    const levelsBefore = await deps.readLevels(productIds);
    await deps.beforeSend?.(levelsBefore);
    if (interruption.interrupted) return { kind: 'interrupted-before-send', entry };

    const previous: WriteStatus | undefined = entry?.status;
    const resend = Boolean(input.force && entry && (isSettled(entry.status) || entry.status === 'unknown'));
    let sending = await journal.startSend(
      input.identity,
      {
        levelsBefore,
        ...(input.userId !== undefined ? { userId: input.userId } : {}),
        ...(input.comment !== undefined ? { comment: input.comment } : {}),
      },
      // --force means a genuinely repeated delivery: a new key, or a service that honours keys would drop it.
      resend ? { note: `sent again with --force (was ${previous})`, newKey: true } : {},
    );

    const sent = await classifySend(() => deps.client.receiveStock(input.body, { idempotencyKey: idempotencyKey('receipt', sending) }));
    switch (sent.kind) {
      case 'answered': {
        const result = sent.result;
        const levelsAfter: Levels = {};
        for (const item of input.identity.items) {
          const line = result.items?.find((l) => String(l.productId) === String(item.productId));
          levelsAfter[String(item.productId)] = typeof line?.newQuantity === 'number' ? line.newQuantity : (levelsBefore[String(item.productId)] ?? 0) + item.quantity;
        }
        sending = await journal.setStatus(id, 'recorded', {
          ...(result.receiptId !== undefined ? { receiptId: String(result.receiptId) } : {}),
          recordedAt: typeof result.createdAt === 'string' ? result.createdAt : stampOf(deps.now()),
          levelsAfter,
        });
        return { kind: 'recorded', entry: sending };
      }
      case 'accepted-unreadable':
      case 'refused':
      case 'not-sent':
      case 'interrupted-before-send':
        return (await recordSharedOutcome(journal, id, sending, sent, previous && previous !== 'sending' ? previous : 'not-applied', deps.now()))!;
      case 'unknown': {
        const evidence = await gatherEvidence({
          expected: input.identity.items.map((i) => ({ productId: String(i.productId), change: i.quantity })),
          levelsBefore,
          readLevels: deps.readLevels,
          interruption,
          now: deps.now,
          settleMs: deps.settleMs ?? 500,
          sleep: deps.sleep,
        });
        const now = levelsNow(evidence);
        sending = await journal.setStatus(
          id,
          'unknown',
          { ...(now ? { levelsAfter: now, evidenceAt: evidence.readAt } : {}) },
          `outcome unknown: ${sent.error.message}`,
        );
        return { kind: 'unknown', entry: sending, error: sent.error, evidence };
      }
    }
  } finally {
    await release().catch(() => undefined); // a lock already gone must not fail a finished receipt
  }
}

/** The evidence of an entry as it stands: its levels before, the levels now (read again), the change it makes. */
export async function receiptEvidence(entry: ReceiptJournalEntry, deps: Pick<ReceiptDeps, 'readLevels' | 'interruption' | 'now'>): Promise<Evidence> {
  return gatherEvidence({
    expected: entry.items.map((i) => ({ productId: String(i.productId), change: i.quantity })),
    levelsBefore: entry.levelsBefore ?? {},
    readLevels: deps.readLevels,
    interruption: deps.interruption,
    now: deps.now,
  });
}
