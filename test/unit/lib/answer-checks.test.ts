// Answers compared with requests (src/lib/writes/agreement.ts and the checks
// of each write): what the issue saw accepted — a stock take of 2 lines
// answered "0 recorded", a reserve of 2 places answered with 18,009,567 — is a
// disagreement naming the field; an answer that does not state a field is not.

import { describe, expect, it } from 'vitest';
import { withSource } from '../../../src/lib/reading.js';
import { checkStockTakeAnswer } from '../../../src/lib/inventory/workflows/stock-take.js';
import { checkAdjustmentAnswer } from '../../../src/lib/inventory/workflows/adjustment.js';
import { checkReceiptAnswer } from '../../../src/lib/inventory/workflows/receipt.js';
import { checkReservation, checkOrder } from '../../../src/lib/booking/client.js';
import { checkPayment } from '../../../src/lib/booking/workflows/payment.js';
import { checkSaleAnswer } from '../../../src/lib/wallet/workflows/reload.js';
import { AnswerCheck, describeDisagreements } from '../../../src/lib/writes/agreement.js';

const take = {
  warehouseId: 1,
  userId: 1,
  items: [
    { productId: 1014, countedQuantity: 40 },
    { productId: 1015, countedQuantity: 0 },
  ],
};

describe('answers checked against requests', () => {
  it('a stock take of 2 lines answered "0 recorded" disagrees; one that states nothing does not', () => {
    expect(
      describeDisagreements(
        checkStockTakeAnswer(take, withSource({ stockTakeId: '5' }, { stockTakeId: 5, itemsRecorded: 0 })),
      ),
    ).toEqual(['lines recorded: sent 2, came back 0']);
    expect(checkStockTakeAnswer(take, withSource({ stockTakeId: '5' }, { stockTakeId: 5 }))).toEqual([]);
    expect(
      describeDisagreements(
        checkStockTakeAnswer(take, { warehouseId: 2, items: [{ productId: 1014, countedQuantity: 4 }] }),
      ),
    ).toEqual([
      'warehouseId: sent 1, came back 2',
      'lines: sent 2, came back 1',
      'items[1014].countedQuantity: sent 40, came back 4',
    ]);
  });

  it('a hold of 2 places answered with 18,009,567 disagrees; another slot too; a reservation stating neither does not', () => {
    const asked = { experienceId: 'exp-laser-tag', slotId: 's-1', quantity: 2 };
    expect(describeDisagreements(checkReservation(asked, { id: 'res-1', slotId: 's-1', quantity: 18009567 }))).toEqual([
      'quantity: sent 2, came back 18009567',
    ]);
    expect(describeDisagreements(checkReservation(asked, { id: 'res-1', slotId: 's-2' }))).toEqual([
      'slotId: sent "s-1", came back "s-2"',
    ]);
    expect(checkReservation(asked, { id: 'res-1' })).toEqual([]);
  });

  it('receipts, adjustments, orders, payments and sales name what came back otherwise', () => {
    const receipt = { identity: { profile: 'p', warehouseId: 1, items: [{ productId: 7, quantity: 2 }] }, body: {} };
    expect(describeDisagreements(checkReceiptAnswer(receipt, { items: [{ productId: 7, quantity: 20 }] }))).toEqual([
      'items[7].quantity: sent 2, came back 20',
    ]);
    expect(
      describeDisagreements(
        checkAdjustmentAnswer(
          { profile: 'p', warehouseId: 1, productId: '9', adjustmentQuantity: -3, userId: 1, comment: 'c', current: 5 },
          { productId: 9, previousQuantity: 5, newQuantity: 8 },
        ),
      ),
    ).toEqual(['newQuantity - previousQuantity: sent -3, came back 3']);
    const order = {
      id: 'ord-1',
      total: -1,
      reservationIds: ['res-9'],
      reservations: [],
      guest: { email: 'Ada@Example.com' },
    };
    expect(
      describeDisagreements(
        checkOrder(
          { reservationIds: ['res-1'], guest: { firstName: 'A', lastName: 'L', email: 'ada@example.com' } },
          order,
        ),
      ),
    ).toEqual(['reservations: sent res-1, came back res-9', 'total: sent never below 0, came back -1']);
    expect(
      describeDisagreements(
        checkPayment(
          { orderId: 'ord-1', amount: 15, paymentReference: 'P-1' },
          { orderId: 'ord-1', sale: { amount: 150, paymentReference: 'P-1' } },
        ),
      ),
    ).toEqual(['amount: sent 15.00, came back 150.00']);
    const sale = withSource({ saleId: 'S-1' }, { saleId: 'S-1', cardNumber: '6001000000000000002', amount: 10 });
    expect(
      describeDisagreements(
        checkSaleAnswer(
          { cardNumber: '6001000000000000001', productId: 'RL-10', paymentReference: 'p', amount: 10 },
          sale,
        ),
      ),
    ).toEqual(['cardNumber: sent "6001000000000000001", came back "6001000000000000002"']);
  });

  it('an id past 2^53 read as a double agrees with the digits it came from', () => {
    expect(new AnswerCheck().id('productId', '9007199254740993', 9007199254740992).found).toEqual([]);
    expect(new AnswerCheck().id('productId', '9007199254740993', 9007199254741000).found).toHaveLength(1);
  });
});
