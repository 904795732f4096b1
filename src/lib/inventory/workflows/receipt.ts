// Recording a stock receipt, cron-safe: the journal decides whether it is
// sent at all (a recorded receipt is a no-op, an unknown one is refused until
// a person settles it), the answer decides what is recorded (outcome.ts), and
// a lost answer is never judged from stock levels: they are kept as evidence.
// No commander, no terminal: the command renders the outcome.

import type { Interruption } from '../../interruption.js';
import type { UnreadableAnswerError } from '../../reading.js';
import type { ApiError } from '../../errors.js';
import { sourceOf } from '../../reading.js';
import type { StockReceiptResult } from '../types.js';
import { receiptFields } from '../fields.js';
import {
  receiptFingerprint,
  type ReceiptIdentity,
  type ReceiptJournal,
  type ReceiptJournalEntry,
} from '../receipt-journal.js';
import {
  idempotencyKey,
  isSettled,
  nextKeyGeneration,
  shortId,
  stampOf,
  type WriteStatus,
} from '../../writes/journal.js';
import { AnswerCheck, stated, type Disagreement } from '../../writes/agreement.js';
import { sendJournalled } from '../../writes/send.js';
import type { Levels } from '../journal-entry.js';
import {
  gatherEvidence,
  recordDisagreement,
  recordSharedOutcome,
  recordUnknownOutcome,
  type Evidence,
} from './outcome.js';

export interface ReceiptClient {
  receiveStock(
    body: Record<string, unknown>,
    options?: { idempotencyKey?: string; beforeSend?: () => Promise<void> },
  ): Promise<StockReceiptResult>;
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
  /** result: the service's answer (machine formats print it in venue's names). */
  | { kind: 'recorded'; entry: ReceiptJournalEntry; result: StockReceiptResult }
  /** The service said yes but its answer could not be read: recorded, and said so. */
  | { kind: 'accepted-unreadable'; entry: ReceiptJournalEntry; error: UnreadableAnswerError }
  | { kind: 'already-recorded'; entry: ReceiptJournalEntry }
  /** The service refused it: not applied; a rerun may send it. */
  | { kind: 'refused'; entry: ReceiptJournalEntry; error: ApiError }
  /** It never left this machine: not applied; a rerun sends it. */
  | { kind: 'not-sent'; entry: ReceiptJournalEntry; error: Error }
  /** Sent by this run, and nothing conclusive says whether it was applied. */
  | { kind: 'unknown'; entry: ReceiptJournalEntry; error: Error; evidence: Evidence }
  /** Answered, but the answer disagrees with what was sent: recorded as unknown. */
  | { kind: 'disagrees'; entry: ReceiptJournalEntry; disagreements: Disagreement[] }
  /** An earlier run left it unknown (or died while sending it): this run sent nothing. */
  | { kind: 'unresolved'; entry: ReceiptJournalEntry; why: 'unknown' | 'died-while-sending' }
  | { kind: 'interrupted-before-send'; entry?: ReceiptJournalEntry; error?: Error }
  /** Nothing left this machine (a login that failed, the deadline): the journal is as it was. */
  | { kind: 'not-sent-at-all'; entry?: ReceiptJournalEntry; error: Error };

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
  // Read and probe first: a damaged or unwritable journal stops here (exit 1), nothing sent.
  journal.check();
  const first = journal.get(id);
  const early = gate(first, input.force);
  if (early === 'done') return { kind: 'already-recorded', entry: first! };
  if (early === 'unresolved') return { kind: 'unresolved', entry: first!, why: 'unknown' };
  if (interruption.interrupted) return { kind: 'interrupted-before-send', entry: first };

  const release = journal.lock(id);
  try {
    // Another run may have finished while this one was reading the file.
    const entry = journal.get(id);
    const next = gate(entry, input.force);
    if (next === 'done') return { kind: 'already-recorded', entry: entry! };
    if (next === 'unresolved') return { kind: 'unresolved', entry: entry!, why: 'unknown' };
    if (next === 'died') {
      // This run holds the lock, so the run that marked it sending is gone.
      const left = await journal.setStatus(
        id,
        'unknown',
        {},
        `the run sending it (${senderWords(entry!)}) ended before its outcome was recorded: unknown`,
      );
      return { kind: 'unresolved', entry: left, why: 'died-while-sending' };
    }
    if (interruption.interrupted) return { kind: 'interrupted-before-send', entry };

    const productIds = input.identity.items.map((i) => String(i.productId));
    const levelsBefore = await deps.readLevels(productIds);
    await deps.beforeSend?.(levelsBefore);
    if (interruption.interrupted) return { kind: 'interrupted-before-send', entry };

    const previous: WriteStatus | undefined = entry?.status;
    const resend = Boolean(input.force && entry && (isSettled(entry.status) || entry.status === 'unknown'));
    const key = idempotencyKey('receipt', { id, keyGeneration: nextKeyGeneration(entry, resend) });
    let sending: ReceiptJournalEntry | undefined;
    return await sendJournalled<StockReceiptResult, ReceiptOutcome>({
      interruption,
      what: `receipt ${shortId(id)}`,
      request: input.body,
      mark: async () => {
        sending = await journal.startSend(
          input.identity,
          {
            levelsBefore,
            ...(input.userId !== undefined ? { userId: input.userId } : {}),
            ...(input.comment !== undefined ? { comment: input.comment } : {}),
          },
          // --force means a genuinely repeated delivery: a new key, or a service that honours keys would drop it.
          resend ? { note: `sent again with --force (was ${previous})`, newKey: true } : {},
        );
      },
      send: ({ beforeSend }) => deps.client.receiveStock(input.body, { idempotencyKey: key, beforeSend }),
      notSent: (error) =>
        interruption.interrupted
          ? { kind: 'interrupted-before-send', entry, error }
          : { kind: 'not-sent-at-all', entry, error },
      record: async (sent) => {
        switch (sent.kind) {
          case 'answered': {
            const result = sent.result;
            const disagreements = checkReceiptAnswer(input, result);
            if (disagreements.length) return recordDisagreement(journal, id, disagreements);
            const levelsAfter: Levels = {};
            for (const item of input.identity.items) {
              const line = result.items?.find((l) => String(l.productId) === String(item.productId));
              levelsAfter[String(item.productId)] =
                typeof line?.newQuantity === 'number'
                  ? line.newQuantity
                  : (levelsBefore[String(item.productId)] ?? 0) + item.quantity;
            }
            const recorded = await journal.setStatus(id, 'recorded', {
              ...(result.receiptId !== undefined ? { receiptId: String(result.receiptId) } : {}),
              recordedAt: typeof result.createdAt === 'string' ? result.createdAt : stampOf(deps.now()),
              levelsAfter,
            });
            return { kind: 'recorded', entry: recorded, result };
          }
          case 'accepted-unreadable':
          case 'refused':
          case 'not-sent':
          case 'interrupted-before-send':
            return (await recordSharedOutcome(journal, id, sending!, sent, previous ?? 'not-applied', deps.now()))!;
          case 'unknown':
            return recordUnknownOutcome(journal, id, sent.error, deps, {
              expected: input.identity.items.map((i) => ({ productId: String(i.productId), change: i.quantity })),
              levelsBefore,
            });
        }
      },
    });
  } finally {
    release();
  }
}

/** Who was sending an entry, in words: "process 4242 on till-1, since 02:30:01Z". */
export function senderWords(entry: { sender?: { pid: number; host: string; at: string } }): string {
  return entry.sender
    ? `process ${entry.sender.pid} on ${entry.sender.host}, since ${entry.sender.at}`
    : 'a run of an earlier venue';
}

/**
 * What the receipt's answer states against what was sent: the warehouse, the
 * count of lines, and each line's product and quantity. A line or field the
 * answer does not state is no disagreement.
 */
export function checkReceiptAnswer(input: ReceiptInput, result: StockReceiptResult): Disagreement[] {
  const check = new AnswerCheck();
  const raw = sourceOf(result) as Record<string, unknown> | undefined;
  const sentItems = input.identity.items;
  if (raw && typeof raw === 'object') {
    check.id('warehouseId', input.identity.warehouseId, stated(raw, receiptFields.warehouseId) as number | undefined);
    check.number('lines recorded', sentItems.length, stated(raw, receiptFields.recordedCount));
  }
  if (result.items) {
    check.number('lines', sentItems.length, result.items.length);
    const sentIds = new Set(sentItems.map((i) => String(i.productId)));
    for (const line of result.items) {
      if (!sentIds.has(String(line.productId)))
        check.impossible('items', `products ${[...sentIds].slice(0, 10).join(',')}`, `product ${line.productId}`);
    }
    for (const item of sentItems) {
      const line = result.items.find((l) => String(l.productId) === String(item.productId));
      if (line) check.number(`items[${item.productId}].quantity`, item.quantity, line.quantity);
    }
  }
  return check.found;
}

/** The evidence of an entry as it stands: its levels before, the levels now (read again), the change it makes. */
export async function receiptEvidence(
  entry: ReceiptJournalEntry,
  deps: Pick<ReceiptDeps, 'readLevels' | 'interruption' | 'now'>,
): Promise<Evidence> {
  return gatherEvidence({
    expected: entry.items.map((i) => ({ productId: String(i.productId), change: i.quantity })),
    levelsBefore: entry.levelsBefore ?? {},
    readLevels: deps.readLevels,
    interruption: deps.interruption,
    now: deps.now,
  });
}
