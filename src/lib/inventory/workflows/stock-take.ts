// Submitting a stock take under the journal (stock-change.ts): the service
// sets each product to its counted quantity. Its outcome, like every write's,
// is what the answer says; a lost one is unknown, never judged from levels.

import type { StockTakeResult } from '../types.js';
import type { Levels } from '../journal-entry.js';
import { sourceOf } from '../../reading.js';
import { stockTakeFields } from '../fields.js';
import { AnswerCheck, stated, type Disagreement } from '../../writes/agreement.js';
import { sendStockChange, type StockChangeDeps, type StockChangeOutcome } from './stock-change.js';

export interface StockTakeClient {
  stockTake(
    body: Record<string, unknown>,
    options?: { idempotencyKey?: string; beforeSend?: () => Promise<void> },
  ): Promise<StockTakeResult>;
}

export interface StockTakeInput {
  profile: string;
  /** The checked body (stockTakeSchema): warehouseId, userId, items of productId and countedQuantity, comment. */
  body: {
    warehouseId: number;
    userId: number;
    comment?: string;
    items: Array<{ productId: number | string | bigint; countedQuantity: number }>;
  };
  levelsBefore: Levels;
}

export type StockTakeOutcome = StockChangeOutcome<StockTakeResult>;

export function submitStockTake(
  deps: StockChangeDeps & { client: StockTakeClient },
  input: StockTakeInput,
): Promise<StockTakeOutcome> {
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
    check: (r) => checkStockTakeAnswer(body, r),
    // A take sets each level to its count.
    levelsAfter: () => Object.fromEntries(body.items.map((i) => [String(i.productId), i.countedQuantity])),
  });
}

/** What a stock take's answer states against what was sent: the warehouse, the count of lines, each line's product and count. */
export function checkStockTakeAnswer(body: StockTakeInput['body'], result: StockTakeResult): Disagreement[] {
  const check = new AnswerCheck();
  check.id('warehouseId', body.warehouseId, result.warehouseId);
  const raw = sourceOf(result);
  check.number('lines recorded', body.items.length, stated(raw, stockTakeFields.recordedCount));
  if (result.items) {
    check.number('lines', body.items.length, result.items.length);
    const sent = new Map(body.items.map((i) => [String(i.productId), i.countedQuantity]));
    for (const line of result.items) {
      if (!sent.has(String(line.productId)))
        check.impossible('items', `products ${[...sent.keys()].slice(0, 10).join(',')}`, `product ${line.productId}`);
      else
        check.number(
          `items[${line.productId}].countedQuantity`,
          sent.get(String(line.productId)),
          line.countedQuantity,
        );
    }
  }
  return check.found;
}
