// What the booking reads check: sessions and days that cannot be, and the
// order's status in a sale answer of any shape (the sale's own status never
// stands in for it).

import { describe, expect, it } from 'vitest';
import { orderAndSale } from '../../../src/lib/booking/client.js';
import { dayProblems, slotProblems, type Slot } from '../../../src/lib/booking/shapes.js';
import { RecordReader } from '../../../src/lib/reading.js';

const slot = (over: Partial<Slot>): Slot => ({
  id: 's-1',
  startTime: '2026-12-05T10:00:00Z',
  endTime: '2026-12-05T11:00:00Z',
  capacity: 10,
  remaining: 4,
  ...over,
});

describe('impossible sessions and days', () => {
  it('a good session has none', () => {
    expect(slotProblems(slot({}))).toEqual([]);
    expect(slotProblems(slot({ remaining: 0 }))).toEqual([]);
    expect(slotProblems(slot({ remaining: 10 }))).toEqual([]);
    // Times that do not parse are not judged.
    expect(slotProblems(slot({ startTime: '10:00', endTime: '09:00' }))).toEqual([]);
  });

  it('an end before the start, places below zero, more left than the capacity', () => {
    expect(slotProblems(slot({ endTime: '2026-12-05T09:30:00Z' }))).toEqual([
      'session s-1 ends (2026-12-05T09:30:00Z) before it starts (2026-12-05T10:00:00Z)',
    ]);
    expect(slotProblems(slot({ remaining: -1 }))).toEqual(['session s-1 has -1 places left (below zero)']);
    expect(slotProblems(slot({ remaining: 11 }))).toEqual(['session s-1 has 11 places left of a capacity of 10']);
    expect(slotProblems(slot({ capacity: -2, remaining: 0 }))).toEqual([
      'session s-1 has a capacity of -2 (below zero)',
    ]);
    expect(dayProblems({ date: '2026-12-05', sessions: -1, capacity: 5, remaining: 6 })).toEqual([
      'day 2026-12-05 has 6 places left of a capacity of 5',
      'day 2026-12-05 has -1 sessions (below zero)',
    ]);
  });
});

describe('the order in a sale answer', () => {
  const read = (raw: Record<string, unknown>) =>
    orderAndSale(
      new RecordReader(raw, { service: 'booking', operation: 'record the sale', accepted: true }, 'sale'),
      'ord-1',
    );

  it('the sale and the order side by side', () => {
    const { order, sale } = read({
      sale: { saleId: 's-1', paymentReference: 'P' },
      order: { orderId: 'ord-1', state: 'paid', reservations: [{ reservationId: 'r-1', quantity: 2 }] },
    });
    expect(order).toMatchObject({ id: 'ord-1', status: 'confirmed', statusSaid: 'paid', reservationIds: ['r-1'] });
    expect(sale).toMatchObject({ id: 's-1', paymentReference: 'P' });
  });

  it('the answer is the order, its sale inside', () => {
    const { order, sale } = read({
      orderId: 'ord-1',
      status: 'confirmed',
      reservationIds: ['r-1'],
      sale: { saleId: 's-1', status: 'completed' },
    });
    expect(order).toMatchObject({ id: 'ord-1', status: 'confirmed', reservationIds: ['r-1'] });
    expect(sale).toMatchObject({ id: 's-1', status: 'completed' });
  });

  it("the sale alone: the order's status beside it, or venue's own order word in its status", () => {
    expect(read({ saleId: 's-1', orderStatus: 'CONFIRMED', reservationIds: ['r-1', 'r-2'] }).order).toMatchObject({
      id: 'ord-1',
      status: 'confirmed',
      reservationIds: ['r-1', 'r-2'],
    });
    expect(read({ saleId: 's-1', orderId: 'ord-1', status: 'confirmed' }).order).toMatchObject({
      id: 'ord-1',
      status: 'confirmed',
      reservationIds: [],
    });
  });

  it('the sale\'s own status ("completed", "succeeded") never stands in for the order\'s', () => {
    expect(read({ saleId: 's-1', orderId: 'ord-1', status: 'completed' }).order).toBeUndefined();
    const listed = read({ saleId: 's-1', status: 'succeeded', reservationIds: ['r-1'] }).order;
    expect(listed).toMatchObject({ reservationIds: ['r-1'] });
    expect(listed?.status).toBeUndefined();
  });
});
