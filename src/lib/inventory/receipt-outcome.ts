// What happened to a receipt whose answer was lost. Sending it again could
// receive the goods twice, so instead the stock levels of its products are read
// again and compared with the levels read just before sending.

import type { ReceiptItem } from './receipt-journal.js';

export type LostReceiptOutcome = 'applied' | 'not-applied' | 'unknown';

export interface OutcomeVerdict {
  outcome: LostReceiptOutcome;
  /** Products whose level moved by something other than 0 or the received quantity. */
  unexplained: Array<{ productId: number; before: number; after: number; received: number }>;
  levelsAfter: Record<string, number>;
}

/** Stock on hand per product id ("17" → 42); a product with no level counts as 0. */
export type Levels = Record<string, number>;

function levelOf(levels: Levels, productId: number): number {
  return levels[String(productId)] ?? 0;
}

/**
 * All products up by exactly the received quantity → applied; none changed →
 * not applied; anything else (a mix, or another change in between) → unknown,
 * which only a person can settle.
 */
export function judgeLostReceipt(items: ReceiptItem[], before: Levels, after: Levels): OutcomeVerdict {
  let allApplied = true;
  let noneChanged = true;
  const unexplained: OutcomeVerdict['unexplained'] = [];
  const levelsAfter: Levels = {};
  for (const item of items) {
    const was = levelOf(before, item.productId);
    const now = levelOf(after, item.productId);
    levelsAfter[String(item.productId)] = now;
    const delta = now - was;
    if (delta !== item.quantity) allApplied = false;
    if (delta !== 0) noneChanged = false;
    if (delta !== 0 && delta !== item.quantity) unexplained.push({ productId: item.productId, before: was, after: now, received: item.quantity });
  }
  // Receipts have positive quantities, so "all applied" and "none changed" cannot both hold.
  const outcome: LostReceiptOutcome = allApplied ? 'applied' : noneChanged ? 'not-applied' : 'unknown';
  return { outcome, unexplained, levelsAfter };
}

export interface ReconcileOptions {
  items: ReceiptItem[];
  levelsBefore: Levels;
  /** Reads the current stock levels of these products in the receipt's warehouse. */
  readLevels: (productIds: number[]) => Promise<Levels>;
  /**
   * Time for a request still in flight on the server to land before looking;
   * a lost answer does not mean the server has finished.
   */
  settleMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/** Re-reads the levels and judges; a failed re-read leaves the outcome unknown. */
export async function reconcileLostReceipt(options: ReconcileOptions): Promise<OutcomeVerdict & { readError?: unknown }> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  if (options.settleMs) await sleep(options.settleMs);
  try {
    const after = await options.readLevels(options.items.map((i) => i.productId));
    return judgeLostReceipt(options.items, options.levelsBefore, after);
  } catch (readError) {
    return { outcome: 'unknown', unexplained: [], levelsAfter: {}, readError };
  }
}

/** The exact commands that settle an unknown receipt by hand. */
export function resolveCommands(shortReceiptId: string): string[] {
  return [
    `venue inventory receipts resolve ${shortReceiptId} --applied`,
    `venue inventory receipts resolve ${shortReceiptId} --not-applied`,
  ];
}
