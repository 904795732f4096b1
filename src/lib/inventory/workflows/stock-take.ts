// Submitting a stock take under the journal (stock-change.ts): the service
// sets each product to its counted quantity. Its outcome, like every write's,
// is what the answer says; a lost one is unknown, never judged from levels.

import type { StockTakeResult } from '../types.js';
import type { Levels } from '../write-journal.js';
import { sendStockChange, type StockChangeDeps, type StockChangeOutcome } from './stock-change.js';

export interface StockTakeClient {
  stockTake(body: Record<string, unknown>, options?: { idempotencyKey?: string }): Promise<StockTakeResult>;
}

export interface StockTakeInput {
  profile: string;
  /** The checked body (stockTakeSchema): warehouseId, userId, items of productId and countedQuantity, comment. */
  body: { warehouseId: number; userId: number; comment?: string; items: Array<{ productId: number | string | bigint; countedQuantity: number }> };
  levelsBefore: Levels;
}

export type StockTakeOutcome = StockChangeOutcome<StockTakeResult>;

export function submitStockTake(deps: StockChangeDeps & { client: StockTakeClient }, input: StockTakeInput): Promise<StockTakeOutcome> {
  const { body } = input;
  return sendStockChange(deps, {
    identity: {
      kind: 'take',
      profile: input.profile,
      warehouseId: body.warehouseId,
      userId: body.userId,
      ...(body.comment !== undefined ? { comment: body.comment } : {}),
      items: body.items.map((i) => ({ productId: String(i.productId), countedQuantity: i.countedQuantity })),
    },
    body: body as unknown as Record<string, unknown>,
    levelsBefore: input.levelsBefore,
    send: (b, options) => deps.client.stockTake(b, options),
    resultId: (r) => r.stockTakeId,
    // A take sets each level to its count.
    levelsAfter: () => Object.fromEntries(body.items.map((i) => [String(i.productId), i.countedQuantity])),
  });
}
