// Adjusting one product's stock under the journal (stock-change.ts). The
// product id stays a digit string from argv to the wire (jsonInteger writes a
// long one exactly); the check that stock stays at or above zero happens
// before, in the command, against the level it read.

import { jsonInteger } from '../../json-exact.js';
import type { StockAdjustmentResult } from '../types.js';
import { sendStockChange, type StockChangeDeps, type StockChangeOutcome } from './stock-change.js';

export interface AdjustmentClient {
  adjustStock(body: Record<string, unknown>, options?: { idempotencyKey?: string }): Promise<StockAdjustmentResult>;
}

export interface AdjustmentInput {
  profile: string;
  warehouseId: number;
  /** Digits, as typed. */
  productId: string;
  adjustmentQuantity: number;
  userId: number;
  comment: string;
  /** Stock on hand just before (0 when the service lists none). */
  current: number;
}

export type AdjustmentOutcome = StockChangeOutcome<StockAdjustmentResult>;

export function adjustStockLevel(deps: StockChangeDeps & { client: AdjustmentClient }, input: AdjustmentInput): Promise<AdjustmentOutcome> {
  const body = {
    warehouseId: input.warehouseId,
    productId: jsonInteger(input.productId),
    adjustmentQuantity: input.adjustmentQuantity,
    userId: input.userId,
    comment: input.comment,
  };
  return sendStockChange(deps, {
    identity: {
      kind: 'adjustment',
      profile: input.profile,
      warehouseId: input.warehouseId,
      userId: input.userId,
      comment: input.comment,
      items: [{ productId: input.productId, adjustmentQuantity: input.adjustmentQuantity }],
    },
    body,
    levelsBefore: { [input.productId]: input.current },
    send: (b, options) => deps.client.adjustStock(b, options),
    resultId: (r) => r.adjustmentId,
    levelsAfter: (r) => ({ [input.productId]: typeof r.newQuantity === 'number' ? r.newQuantity : input.current + input.adjustmentQuantity }),
  });
}
