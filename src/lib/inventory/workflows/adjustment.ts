// Adjusting one product's stock under the journal (stock-change.ts). The
// product id stays a digit string from argv to the wire (jsonInteger writes a
// long one exactly); the check that stock stays at or above zero happens
// before, in the command, against the level it read.

import { jsonInteger } from '../../json-exact.js';
import type { StockAdjustmentResult } from '../types.js';
import { AnswerCheck, type Disagreement } from '../../writes/agreement.js';
import { sendStockChange, type StockChangeDeps, type StockChangeOutcome } from './stock-change.js';

export interface AdjustmentClient {
  adjustStock(
    body: Record<string, unknown>,
    options?: { idempotencyKey?: string; beforeSend?: () => Promise<void> },
  ): Promise<StockAdjustmentResult>;
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

export function adjustStockLevel(
  deps: StockChangeDeps & { client: AdjustmentClient },
  input: AdjustmentInput,
): Promise<AdjustmentOutcome> {
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
    check: (r) => checkAdjustmentAnswer(input, r),
    levelsAfter: (r) => ({
      [input.productId]: typeof r.newQuantity === 'number' ? r.newQuantity : input.current + input.adjustmentQuantity,
    }),
  });
}

/** What an adjustment's answer states against what was sent: product, warehouse, quantity, and levels that move by it. */
export function checkAdjustmentAnswer(input: AdjustmentInput, result: StockAdjustmentResult): Disagreement[] {
  const check = new AnswerCheck()
    .id('productId', input.productId, result.productId)
    .id('warehouseId', input.warehouseId, result.warehouseId)
    .number('adjustmentQuantity', input.adjustmentQuantity, result.adjustmentQuantity);
  if (result.previousQuantity !== undefined && result.newQuantity !== undefined) {
    check.number(
      'newQuantity - previousQuantity',
      input.adjustmentQuantity,
      result.newQuantity - result.previousQuantity,
    );
  }
  if (result.newQuantity !== undefined && result.newQuantity < 0)
    check.impossible('newQuantity', 'never below 0', result.newQuantity);
  return check.found;
}
