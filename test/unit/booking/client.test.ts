// The booking client reads the vendor's answers tolerantly and turns the
// errors a user can act on into plain messages. The HTTP layer is stubbed.

import { describe, expect, it } from 'vitest';
import { BookingClient, SlotUnavailableError } from '../../../src/lib/booking/client.js';
import { ApiError, NotFoundError, categoryForStatus } from '../../../src/lib/errors.js';
import type { HttpClient, RequestOptions } from '../../../src/lib/http.js';
import type { ServiceDeps } from '../../../src/lib/context.js';

type Answer = { status: number; data?: unknown };

function clientAnswering(answers: Record<string, Answer>) {
  const seen: RequestOptions[] = [];
  const http = {
    async request(options: RequestOptions) {
      seen.push(options);
      const answer = answers[`${options.method} ${options.path}`];
      if (!answer) throw new Error(`unexpected ${options.method} ${options.path}`);
      if (answer.status >= 400) {
        const body = answer.data;
        throw new ApiError(categoryForStatus(answer.status), `booking service answered ${answer.status}`, {
          status: answer.status,
          method: options.method,
          url: options.path,
          body,
          serverMessage: (body as { error?: { message?: string } } | undefined)?.error?.message,
        });
      }
      return { status: answer.status, headers: {}, data: answer.data };
    },
  } as unknown as HttpClient;
  const deps: ServiceDeps = { profile: 'test', http, token: { get: async () => ({ token: 't', fromCache: false }), invalidate: async () => undefined }, stateDir: '/tmp', now: () => 0 };
  return { client: new BookingClient(deps), seen };
}

describe('reading answers tolerantly', () => {
  it('accepts bare and wrapped lists and other field names', async () => {
    const { client } = clientAnswering({
      'GET /api/v1/locations': { status: 200, data: [{ locationId: 7, title: 'Seven' }] },
      'GET /api/v1/experiences/e1/sessions': { status: 200, data: { data: { sessions: [{ id: 's1', start: '2026-11-22T10:00:00Z', remainingCapacity: '4', unitPrice: '12.5' }] } } },
    });
    expect(await client.locations()).toEqual([{ id: '7', name: 'Seven', city: undefined, currency: undefined }]);
    expect(await client.sessions('e1', '2026-11-22')).toEqual([
      { id: 's1', experienceId: undefined, date: undefined, startTime: '2026-11-22T10:00:00Z', endTime: undefined, capacity: undefined, remaining: 4, price: 12.5 },
    ]);
  });

  it('sends the seed paths, queries and bodies, and marks only releasing as safe to retry', async () => {
    const { client, seen } = clientAnswering({
      'GET /api/v1/experiences/exp%20x/sessions/availability': { status: 200, data: { items: [{ date: '2026-11-22', remaining: 3 }, { date: '2026-11-23', remaining: 0 }] } },
      'POST /api/v1/orders/reservations/cancel': { status: 200, data: { reservationId: 'r1', status: 'released' } },
      'POST /api/v1/sale': { status: 201, data: { saleId: 'sale-1', orderId: 'o1', status: 'confirmed', amount: 10, paymentReference: 'P' } },
    });
    expect(await client.availability('exp x', '2026-11-22', 1)).toEqual([{ date: '2026-11-22', sessions: undefined, capacity: undefined, remaining: 3 }]);
    expect(seen[0]!.query).toEqual({ fromDate: '2026-11-22', days: 1 });
    await client.releaseReservation('r1');
    expect(seen[1]).toMatchObject({ body: { reservationId: 'r1' }, idempotent: true });
    const paid = await client.recordSale({ orderId: 'o1', amount: 10, paymentReference: 'P' });
    expect(paid).toMatchObject({ id: 'o1', status: 'confirmed', sale: { id: 'sale-1', amount: 10, paymentReference: 'P' } });
    expect(seen[2]!.idempotent).toBeUndefined();
  });

  it('computes report totals when the service sends none', async () => {
    const { client } = clientAnswering({
      'GET /api/v1/reports': { status: 200, data: [{ date: '2026-11-22', experienceId: 'e', quantity: 2, revenue: 0.1 }, { date: '2026-11-22', experienceId: 'f', quantity: 1, revenue: 0.2 }] },
    });
    expect((await client.report({})).totals).toEqual({ orders: undefined, quantity: 3, revenue: 0.3 });
  });
});

describe('errors a user can act on', () => {
  it('turns a full slot into SlotUnavailableError naming the slot (exit 5)', async () => {
    const { client } = clientAnswering({
      'POST /api/v1/orders/reservations/reserve': { status: 409, data: { error: { status: 409, code: 'capacity_exceeded', message: 'slot s1 is full' } } },
    });
    const error = await client.reserve({ experienceId: 'e', slotId: 's1', quantity: 2 }).catch((e) => e);
    expect(error).toBeInstanceOf(SlotUnavailableError);
    expect(error.message).toBe('slot s1 is full');
    expect(error.exitCode).toBe(5);
  });

  it('names the slot even when the vendor does not', async () => {
    const { client } = clientAnswering({ 'POST /api/v1/orders/reservations/reserve': { status: 409, data: 'Conflict' } });
    const error = await client.reserve({ experienceId: 'e', slotId: 's9', quantity: 1 }).catch((e) => e);
    expect(error.message).toContain('slot s9 cannot take 1 more place');
  });

  it('says which location or experience is unknown', async () => {
    const { client } = clientAnswering({
      'GET /api/v1/experiences': { status: 404 },
      'GET /api/v1/experiences/x/sessions': { status: 404 },
    });
    await expect(client.experiences('loc-z')).rejects.toThrow(NotFoundError);
    await expect(client.sessions('x', '2026-11-22')).rejects.toThrow('no experience "x"');
  });

  it('treats a missing order lookup (the venue extension) as "cannot tell"', async () => {
    for (const status of [404, 405, 501]) {
      const { client } = clientAnswering({ 'GET /api/v1/orders/o1': { status } });
      expect(await client.findOrder('o1')).toBeUndefined();
    }
    const { client } = clientAnswering({ 'GET /api/v1/orders/o1': { status: 404, data: { error: { status: 404, code: 'order_not_found', message: 'order o1 not found' } } } });
    await expect(client.findOrder('o1')).rejects.toThrow(NotFoundError);
  });
});
