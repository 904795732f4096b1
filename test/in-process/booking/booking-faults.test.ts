// Nothing lost, nothing doubled, nothing held: 30 `book` runs through the
// built binary, 4 at a time, against a sandbox answering ~15% of booking
// writes with 500 and ~10% of booking calls with 429, dropping some payment
// answers after processing (and failing the order read-back of two of them),
// while another seller holds and releases places in the same slots. Then the
// settle commands — `booking holds`, each printed `finish` (`order pay`),
// `release --all` — and the sandbox as witness: no payment reference on two
// orders, no order paid twice, every place either paid or free.

import { describe, expect, it } from 'vitest';
import { sandboxForFile, type RunResult, type SandboxHandle } from '../../support/in-process.js';
import { bookFlags, bookingApi, bookingToken, counts, slotsOf } from '../../support/booking.js';

const RUNS = 30;
const ref = (i: number) => `book-${String(i).padStart(2, '0')}`;

let sb: SandboxHandle;
sandboxForFile({ clearFaults: false }, (handle) => (sb = handle));

async function pool<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}

describe('30 bookings under faults, then the settle commands', () => {
  it('leaves no order paid twice, no place held, and every unknown listed and settled', async () => {
    const slots = (await slotsOf(sb, 'exp-laser-tag', '+3d')).slice(0, 2);
    const slotOf = (i: number) => slots[i % 2]!;
    const { orders: ordersBefore } = await counts(sb);
    // The other seller's token, before the faults (they would refuse the exchange itself).
    const token = await bookingToken(sb);
    await sb.control('POST', '/faults', {
      errorRate: 0.15,
      errorStatus: 500,
      errorMatch: 'POST /booking/api/v1/*',
      rateLimitRate: 0.1,
      retryAfterSeconds: 0,
      rateLimitMatch: '/booking/api/v1/*',
      dropAfterProcessing: [{ match: 'POST /booking/api/v1/sale', remaining: 4 }],
      failNext: [{ match: 'GET /booking/api/v1/orders/*', status: 500, remaining: 2 }],
    });

    // Another seller on the same slots: holds a place and gives it back, again and again.
    let selling = true;
    const otherSeller = (async () => {
      while (selling) {
        const slot = slots[Math.floor(Math.random() * 2)]!;
        const held = await bookingApi(sb, token, 'POST', '/api/v1/orders/reservations/reserve', {
          experienceId: 'exp-laser-tag',
          slotId: slot.id,
          quantity: 1,
        });
        await new Promise((r) => setTimeout(r, 100));
        if (held.status === 201) {
          for (let tries = 0; tries < 20; tries++) {
            const released = await bookingApi(sb, token, 'POST', '/api/v1/orders/reservations/cancel', {
              reservationId: held.body.reservationId,
            });
            if (released.status === 200) break;
          }
        }
      }
    })();

    const runs = new Map<number, RunResult>();
    await pool(
      Array.from({ length: RUNS }, (_, i) => i),
      4,
      async (i) => {
        const flags = bookFlags('exp-laser-tag', slotOf(i).id).map((f) => (f === 'PSP-TEST-1' ? ref(i) : f));
        runs.set(i, await sb.run([...flags, '-o', 'json'], { timeoutMs: 60_000 }));
      },
    );
    selling = false;
    await otherSeller;
    await sb.control('DELETE', '/faults');

    const byCode = (code: number) => [...runs].filter(([, r]) => r.code === code).map(([i]) => i);
    for (const [i, r] of runs) {
      expect([0, 5, 6, 7], `${ref(i)}: ${r.stderr}`).toContain(r.code);
      // Never a success after a failure, never a payment recorded twice.
      if (r.code !== 0) expect(r.stderr, ref(i)).not.toContain('Booked:');
    }
    const booked = new Map(byCode(0).map((i) => [i, JSON.parse(runs.get(i)!.stdout).record.orderId as string]));
    // Three kinds of unknown (a 500 to a write is unknown: the one rule, issue 18): a hold request the
    // service failed — no order, places may be held —; an order request it failed — the hold is given
    // back, nothing paid —; and a payment whose answer was lost and whose read-back failed.
    const holdUnknown = byCode(7).filter((i) => runs.get(i)!.stderr.includes('the hold request for slot'));
    const orderUnknown = byCode(7).filter((i) =>
      /create the order\\?": it may or may not have been applied/.test(runs.get(i)!.stderr),
    );
    // Its hold is given back (or, when the release fails too, said and kept on record for `release --all`).
    for (const i of orderUnknown)
      expect(runs.get(i)!.stderr).toMatch(/released the hold res-\d+|could not release the hold res-\d+/);
    const unknown = new Map(
      byCode(7)
        .filter((i) => !holdUnknown.includes(i) && !orderUnknown.includes(i))
        .map((i) => [i, /order: (ord-\d+)/.exec(runs.get(i)!.stderr)?.[1]]),
    );
    expect(booked.size).toBeGreaterThan(0);
    expect(unknown.size, 'two lost payment answers whose read-back failed').toBeGreaterThan(0);
    for (const [i, orderId] of unknown) {
      expect(orderId, runs.get(i)!.stderr).toBeDefined();
      expect(runs.get(i)!.stderr).toContain(
        `finish: venue booking order pay ${orderId} --amount 15.00 --payment-ref ${ref(i)}`,
      );
    }

    // Every unknown is listed: its hold is on record with its order.
    const holds = JSON.parse((await sb.run(['booking', 'holds', '-o', 'json'])).stdout) as Array<{
      key: string;
      orderId?: string;
      reservationId?: string;
      state: string;
    }>;
    for (const orderId of unknown.values()) expect(holds.map((h) => h.orderId)).toContain(orderId);
    // A failed hold request is listed too, without a reservation id. The person checks the places
    // (the sandbox refused it before taking any: its fault answers before processing) and drops the record.
    const unheld = holds.filter((h) => h.state === 'unknown' && !h.reservationId && !h.orderId);
    expect(unheld).toHaveLength(holdUnknown.length);
    for (const hold of unheld) {
      const forget = await sb.run(['booking', 'holds', '--forget', hold.key]);
      expect(forget.code, forget.stderr).toBe(0);
    }

    // Settle: each unknown with its printed finish command (it checks the order first), then release what is left.
    for (const [i, orderId] of unknown) {
      const finish = await sb.run([
        'booking',
        'order',
        'pay',
        '--yes',
        orderId!,
        '--amount',
        '15.00',
        '--payment-ref',
        ref(i),
      ]);
      expect(finish.code, finish.stderr).toBe(0);
      booked.set(i, orderId!);
    }
    const release = await sb.run(['booking', 'release', '--yes', '--all']);
    expect(release.code, release.stderr).toBe(0);
    expect(JSON.parse((await sb.run(['booking', 'holds', '-o', 'json'])).stdout)).toEqual([]);

    // The sandbox as witness.
    const { orders: ordersAfter } = await counts(sb);
    const paidBy = new Map<string, string[]>();
    const paidPlaces = new Map<string, number>(slots.map((s) => [s.id, 0]));
    for (let n = ordersBefore + 1; n <= ordersAfter; n++) {
      const id = `ord-${String(n).padStart(6, '0')}`;
      const { status, body } = await bookingApi(sb, token, 'GET', `/api/v1/orders/${id}`);
      expect(status).toBe(200);
      if (body.status !== 'confirmed') continue;
      paidBy.set(body.sale.paymentReference, [...(paidBy.get(body.sale.paymentReference) ?? []), id]);
      for (const r of body.reservations) paidPlaces.set(r.slotId, (paidPlaces.get(r.slotId) ?? 0) + r.quantity);
    }
    // No payment reference on two orders; every run reported booked is paid, with its own reference.
    for (const [reference, orders] of paidBy) expect(orders, reference).toHaveLength(1);
    for (const [i, orderId] of booked) expect(paidBy.get(ref(i)), ref(i)).toEqual([orderId]);
    expect(paidBy.size).toBe(booked.size);
    // No place held: what is not paid is free again.
    for (const slot of (await slotsOf(sb, 'exp-laser-tag', '+3d')).slice(0, 2)) {
      expect(slot.remaining, slot.id).toBe(slot.capacity - paidPlaces.get(slot.id)!);
    }
  }, 180_000);
});
