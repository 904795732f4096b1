// The booking client reads any faithful server's answers: the same answers in
// four shapes (venue's, PascalCase with problem+json errors, {data, meta}
// envelopes, plain bare records with other words and UPPER_SNAKE values) give
// the same views; an answer that cannot be read fails (exit 6) instead of
// being guessed. The HTTP layer is stubbed.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BookingClient, SlotUnavailableError } from '../../../src/lib/booking/client.js';
import { HoldJournal } from '../../../src/lib/booking/hold-journal.js';
import { ApiError, NotFoundError, UnknownOutcomeError, categoryForStatus } from '../../../src/lib/errors.js';
import type { HttpClient, RequestOptions } from '../../../src/lib/http.js';
import type { ServiceDeps } from '../../../src/cli/context.js';
import { readErrorBody, sourceOf, UnreadableAnswerError } from '../../../src/lib/reading.js';

type Answer = { status: number; data?: unknown; headers?: Record<string, string> } | (() => never);

function clientAnswering(answers: Record<string, Answer | Answer[]>) {
  const seen: RequestOptions[] = [];
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-booking-client-'));
  const http = {
    async request(options: RequestOptions) {
      seen.push(options);
      const key = `${options.method} ${options.path}`;
      const queued = answers[key];
      const answer = Array.isArray(queued) ? queued.shift() : queued;
      if (!answer) throw new Error(`unexpected ${key}`);
      // As the HTTP layer does: a write's beforeSend (the journal marks it sending) just before it leaves.
      await options.beforeSend?.();
      if (typeof answer === 'function') return answer();
      if (answer.status >= 400) {
        const said = readErrorBody(answer.data);
        throw new ApiError(categoryForStatus(answer.status), `booking service answered ${answer.status}`, {
          status: answer.status,
          method: options.method,
          url: options.path,
          body: answer.data,
          serverMessage: said.message,
          code: said.code,
          details: said.details,
        });
      }
      return { status: answer.status, headers: answer.headers ?? {}, data: answer.data };
    },
  } as unknown as HttpClient;
  const deps: ServiceDeps = {
    profile: 'test',
    http,
    token: { get: async () => ({ token: 't', fromCache: false }), invalidate: async () => undefined },
    stateDir,
    now: () => Date.UTC(2026, 10, 22, 9),
  };
  return { client: new BookingClient(deps), seen, journal: new HoldJournal(stateDir, 'test') };
}

/** A view without its attached service record, for comparing. */
const plain = (value: unknown) => JSON.parse(JSON.stringify(value));

// ---- The same answers, in four shapes.

const venue = {
  locations: { items: [{ id: 'loc-a', name: 'Riverside', city: 'Springfield', currency: 'USD' }] },
  sessions: {
    items: [
      {
        slotId: 's-1',
        experienceId: 'e1',
        date: '2026-11-22',
        startTime: '2026-11-22T10:00:00Z',
        endTime: '2026-11-22T11:00:00Z',
        capacity: 10,
        remaining: 4,
        price: 12.5,
      },
    ],
  },
  availability: { items: [{ date: '2026-11-22', sessions: 9, capacity: 90, remaining: 31 }] },
  reservation: {
    reservationId: 'res-1',
    status: 'held',
    experienceId: 'e1',
    slotId: 's-1',
    quantity: 2,
    amount: 25,
    expiresAt: '2026-11-22T09:10:00Z',
  },
  order: {
    orderId: 'ord-1',
    status: 'created',
    total: 25,
    reservationIds: ['res-1'],
    guest: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
    expiresAt: '2026-11-22T09:20:00Z',
  },
  sale: {
    saleId: 'sale-1',
    amount: 25,
    paymentReference: 'PSP-1',
    recordedAt: '2026-11-22T09:05:00Z',
    orderId: 'ord-1',
    status: 'confirmed',
    order: {
      orderId: 'ord-1',
      status: 'confirmed',
      total: 25,
      reservationIds: ['res-1'],
      sale: { saleId: 'sale-1', amount: 25, paymentReference: 'PSP-1', recordedAt: '2026-11-22T09:05:00Z' },
    },
  },
  full: {
    status: 409,
    data: { error: { status: 409, code: 'capacity_exceeded', message: 'slot s-1 has only 1 place left' } },
  },
};

const pascal = {
  locations: { Items: [{ Id: 'loc-a', Name: 'Riverside', City: 'Springfield', Currency: 'USD' }] },
  sessions: {
    Items: [
      {
        SlotId: 's-1',
        ExperienceId: 'e1',
        Date: '2026-11-22',
        StartTime: '2026-11-22T10:00:00Z',
        EndTime: '2026-11-22T11:00:00Z',
        Capacity: 10,
        Remaining: 4,
        Price: 12.5,
      },
    ],
  },
  availability: { Items: [{ Date: '2026-11-22', Sessions: 9, Capacity: 90, Remaining: 31 }] },
  reservation: {
    ReservationId: 'res-1',
    Status: 'Held',
    ExperienceId: 'e1',
    SlotId: 's-1',
    Quantity: 2,
    Amount: 25,
    ExpiresAt: '2026-11-22T09:10:00Z',
  },
  order: {
    OrderId: 'ord-1',
    Status: 'Created',
    Total: 25,
    ReservationIds: ['res-1'],
    Guest: { FirstName: 'Ada', LastName: 'Lovelace', Email: 'ada@example.com' },
    ExpiresAt: '2026-11-22T09:20:00Z',
  },
  sale: {
    SaleId: 'sale-1',
    Amount: 25,
    PaymentReference: 'PSP-1',
    RecordedAt: '2026-11-22T09:05:00Z',
    OrderId: 'ord-1',
    Status: 'Completed',
    Order: {
      OrderId: 'ord-1',
      Status: 'Confirmed',
      Total: 25,
      ReservationIds: ['res-1'],
      Sale: {
        SaleId: 'sale-1',
        Amount: 25,
        PaymentReference: 'PSP-1',
        RecordedAt: '2026-11-22T09:05:00Z',
        Status: 'Completed',
      },
    },
  },
  full: {
    status: 409,
    data: {
      type: 'https://errors.example/capacity-exceeded',
      title: 'Conflict',
      status: 409,
      detail: 'slot s-1 has only 1 place left',
      code: 'CapacityExceeded',
    },
  },
};

const envelope = {
  locations: {
    data: [{ id: 'loc-a', name: 'Riverside', city: 'Springfield', currency: 'USD' }],
    meta: { page: 1, pageSize: 50, totalItems: 1, totalPages: 1 },
  },
  sessions: { data: { items: venue.sessions.items }, meta: { page: 1, totalPages: 1 } },
  availability: { data: venue.availability.items, meta: {} },
  reservation: { data: venue.reservation, meta: { requestId: 'x' } },
  order: { data: venue.order, meta: {} },
  sale: { data: { ...venue.sale, status: 'completed' }, meta: {} },
  full: {
    status: 409,
    data: { error: { code: 'CAPACITY_EXCEEDED', message: 'slot s-1 has only 1 place left', details: [] } },
  },
};

const plainShape = {
  locations: [
    {
      locationId: 'loc-a',
      name: 'Riverside',
      city: 'Springfield',
      currency: 'USD',
      timezone: 'America/Chicago',
      address: '1 River Rd',
    },
  ],
  sessions: [
    {
      sessionId: 's-1',
      experienceId: 'e1',
      date: '2026-11-22',
      start: '2026-11-22T10:00:00Z',
      end: '2026-11-22T11:00:00Z',
      capacity: 10,
      available: 4,
      unitPrice: 12.5,
    },
  ],
  availability: [{ date: '2026-11-22', sessionCount: 9, capacity: 90, available: 31 }],
  reservation: {
    id: 'res-1',
    status: 'HELD',
    experienceId: 'e1',
    sessionId: 's-1',
    quantity: 2,
    total: 25,
    holdExpiresAt: '2026-11-22T09:10:00Z',
  },
  order: {
    id: 'ord-1',
    status: 'CREATED',
    totalAmount: 25,
    reservationIds: ['res-1'],
    guest: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
    paymentDueBy: '2026-11-22T09:20:00Z',
  },
  sale: {
    id: 'sale-1',
    amount: 25,
    paymentReference: 'PSP-1',
    paidAt: '2026-11-22T09:05:00Z',
    orderId: 'ord-1',
    status: 'COMPLETED',
    order: {
      id: 'ord-1',
      status: 'CONFIRMED',
      totalAmount: 25,
      reservationIds: ['res-1'],
      sale: {
        id: 'sale-1',
        amount: 25,
        paymentReference: 'PSP-1',
        paidAt: '2026-11-22T09:05:00Z',
        status: 'COMPLETED',
      },
    },
  },
  full: { status: 409, data: { message: 'slot s-1 has only 1 place left', code: 'capacityExceeded' } },
};

const shapes = { venue, pascal, envelope, plain: plainShape };

describe.each(Object.entries(shapes))('the same answers in the %s shape', (_name, shape) => {
  const answering = () =>
    clientAnswering({
      'GET /api/v1/locations': {
        status: 200,
        data: shape.locations,
        headers: Array.isArray(shape.locations) ? { 'x-total-count': '1' } : {},
      },
      'GET /api/v1/experiences/e1/sessions': { status: 200, data: shape.sessions },
      'GET /api/v1/experiences/e1/sessions/availability': { status: 200, data: shape.availability },
      'POST /api/v1/orders/reservations/reserve': [{ status: 201, data: shape.reservation }, shape.full],
      'POST /api/v1/orders/initiate': { status: 201, data: shape.order },
      'POST /api/v1/sale': { status: 201, data: shape.sale },
    });

  it('reads locations, sessions and availability into the same views, keeping the service record', async () => {
    const { client } = answering();
    const locations = await client.locations();
    expect(plain(locations)).toEqual([{ id: 'loc-a', name: 'Riverside', city: 'Springfield', currency: 'USD' }]);
    // Machine formats print the record as sent: nothing renamed, nothing dropped.
    const sent = Array.isArray(shape.locations)
      ? shape.locations[0]
      : (Object.values(shape.locations)[0] as unknown[])[0];
    expect(sourceOf(locations[0])).toEqual(sent);
    expect(plain(await client.sessions('e1', '2026-11-22'))).toEqual([
      {
        id: 's-1',
        experienceId: 'e1',
        date: '2026-11-22',
        startTime: '2026-11-22T10:00:00Z',
        endTime: '2026-11-22T11:00:00Z',
        capacity: 10,
        remaining: 4,
        price: 12.5,
      },
    ]);
    expect(plain(await client.availability('e1', '2026-11-22'))).toEqual([
      { date: '2026-11-22', sessions: 9, capacity: 90, remaining: 31 },
    ]);
  });

  it('holds, orders and pays with the same views; the order status comes from the order, not the sale', async () => {
    const { client, seen } = answering();
    const reservation = await client.reserve({ experienceId: 'e1', slotId: 's-1', quantity: 2 });
    expect(plain(reservation)).toEqual({
      id: 'res-1',
      status: 'held',
      experienceId: 'e1',
      slotId: 's-1',
      quantity: 2,
      amount: 25,
      expiresAt: '2026-11-22T09:10:00Z',
    });
    const order = await client.createOrder({
      reservationIds: [reservation.id],
      guest: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
    });
    expect(plain(order)).toEqual({
      id: 'ord-1',
      status: 'created',
      total: 25,
      reservationIds: ['res-1'],
      reservations: [],
      guest: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
      expiresAt: '2026-11-22T09:20:00Z',
    });
    const paid = await client.recordSale({ orderId: 'ord-1', amount: 25, paymentReference: 'PSP-1' });
    expect(paid.orderStatus).toBe('confirmed');
    expect(paid.sale).toMatchObject({
      id: 'sale-1',
      amount: 25,
      paymentReference: 'PSP-1',
      recordedAt: '2026-11-22T09:05:00Z',
    });
    expect(seen.map((s) => `${s.method} ${s.path}`)).not.toContain('GET /api/v1/orders/ord-1');
  });

  it('turns a full slot into SlotUnavailableError naming the slot (exit 5), whatever the error shape', async () => {
    const { client, journal } = answering();
    await client.reserve({ experienceId: 'e1', slotId: 's-1', quantity: 2 });
    const error = await client.reserve({ experienceId: 'e1', slotId: 's-1', quantity: 2 }).catch((e) => e);
    expect(error).toBeInstanceOf(SlotUnavailableError);
    expect(error.message).toContain('slot s-1 has only 1 place left');
    expect(error.exitCode).toBe(5);
    // The refused request holds nothing: only the first hold stays on record.
    expect(journal.list().map((h) => [h.state, h.reservationId])).toEqual([['held', 'res-1']]);
  });
});

describe('what a faithful server may also do', () => {
  it('follows paging: a Link rel=next header and page numbers', async () => {
    const { client, seen } = clientAnswering({
      'GET /api/v1/locations': [
        {
          status: 200,
          data: [{ id: 'a' }],
          headers: { 'x-total-count': '2', link: '<http://h/api/v1/locations?page=2>; rel="next"' },
        },
        { status: 200, data: [{ id: 'b' }], headers: { 'x-total-count': '2' } },
      ],
    });
    expect((await client.locations()).map((l) => l.id)).toEqual(['a', 'b']);
    expect(seen[1]!.query).toMatchObject({ page: '2' });
  });

  it('sends the seed paths, queries and bodies, and marks only releasing as safe to retry', async () => {
    const { client, seen } = clientAnswering({
      'GET /api/v1/experiences/exp%20x/sessions/availability': {
        status: 200,
        data: {
          items: [
            { date: '2026-11-22', remaining: 3 },
            { date: '2026-11-23', remaining: 0 },
          ],
        },
      },
      'POST /api/v1/orders/reservations/cancel': { status: 200, data: { reservationId: 'r1', status: 'released' } },
      'POST /api/v1/sale': {
        status: 201,
        data: {
          saleId: 'sale-1',
          orderId: 'o1',
          status: 'confirmed',
          amount: 10,
          paymentReference: 'P',
          order: { orderId: 'o1', status: 'confirmed' },
        },
      },
    });
    expect(plain(await client.availability('exp x', '2026-11-22', 1))).toEqual([{ date: '2026-11-22', remaining: 3 }]);
    expect(seen[0]!.query).toEqual({ fromDate: '2026-11-22', days: 1 });
    await client.releaseReservation('r1');
    expect(seen[1]).toMatchObject({ body: { reservationId: 'r1' }, idempotent: true });
    const paid = await client.recordSale({ orderId: 'o1', amount: 10, paymentReference: 'P' });
    expect(paid).toMatchObject({
      orderId: 'o1',
      orderStatus: 'confirmed',
      sale: { id: 'sale-1', amount: 10, paymentReference: 'P' },
    });
    expect(seen[2]!.idempotent).toBeUndefined();
  });

  it("reads the order back when the sale answer gives only the sale's own status", async () => {
    const { client, seen } = clientAnswering({
      'POST /api/v1/sale': { status: 201, data: { SaleId: 'sale-9', OrderId: 'o1', Status: 'Completed' } },
      'GET /api/v1/orders/o1': { status: 200, data: { OrderId: 'o1', Status: 'Confirmed', Total: 10 } },
    });
    const paid = await client.recordSale({ orderId: 'o1', amount: 10, paymentReference: 'P' });
    expect(paid.orderStatus).toBe('confirmed');
    expect(paid.sale.id).toBe('sale-9');
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /api/v1/sale', 'GET /api/v1/orders/o1']);
  });

  it('says the order status is unknown when neither the sale nor a lookup tells it (never "confirmed")', async () => {
    const { client } = clientAnswering({
      'POST /api/v1/sale': { status: 201, data: { id: 'sale-9', status: 'COMPLETED' } },
      'GET /api/v1/orders/o1': { status: 405 },
    });
    const paid = await client.recordSale({ orderId: 'o1', amount: 10, paymentReference: 'P' });
    expect(paid.orderStatus).toBeUndefined();
    expect(paid.sale).toMatchObject({ id: 'sale-9', status: 'COMPLETED' });
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
    for (const data of [
      { error: { code: 'order_not_found', message: 'order o1 not found' } },
      { title: 'Not Found', status: 404, code: 'OrderNotFound' },
      { error: { code: 'ORDER_NOT_FOUND' } },
    ]) {
      const { client } = clientAnswering({ 'GET /api/v1/orders/o1': { status: 404, data } });
      await expect(client.findOrder('o1')).rejects.toThrow(NotFoundError);
    }
  });

  it('names the slot even when the vendor does not', async () => {
    const { client } = clientAnswering({
      'POST /api/v1/orders/reservations/reserve': { status: 409, data: 'Conflict' },
    });
    const error = await client.reserve({ experienceId: 'e', slotId: 's9', quantity: 1 }).catch((e) => e);
    expect(error.message).toContain('slot s9 cannot take 1 more place');
  });
});

describe('answers that cannot be read fail (exit 6), nothing guessed', () => {
  const hostile: Array<[string, unknown]> = [
    ['an HTML page', '<!DOCTYPE html><html><body>Gateway</body></html>'],
    ['text that is not JSON', 'OK'],
    ['an empty body', undefined],
    ['a record with no list', { message: 'fine' }],
  ];
  it.each(hostile)('locations: %s', async (_what, data) => {
    const { client } = clientAnswering({ 'GET /api/v1/locations': { status: 200, data } });
    const error = await client.locations().catch((e) => e);
    expect(error).toBeInstanceOf(UnreadableAnswerError);
    expect(error.exitCode).toBe(6);
  });

  it('a location without an id (a PascalCase server named it otherwise) is not printed blank', async () => {
    const { client } = clientAnswering({ 'GET /api/v1/locations': { status: 200, data: [{ LocationName: 'X' }] } });
    const error = await client.locations().catch((e) => e);
    expect(error).toBeInstanceOf(UnreadableAnswerError);
    expect(error.message).toContain('has no location id');
    expect(error.message).toContain('looked for locationId, id');
  });

  it.each<[string, unknown]>([
    ['an HTML page', '<html>oops</html>'],
    ['a list where a record is due', [{ reservationId: 'res-1' }]],
    ['no reservation id', { status: 'held', quantity: 2 }],
    ['an id of the wrong type', { reservationId: { value: 1 } }],
    ['an empty body', ''],
  ])('reserve: %s → exit 6, and the request stays on record as unknown', async (_what, data) => {
    const { client, journal } = clientAnswering({ 'POST /api/v1/orders/reservations/reserve': { status: 201, data } });
    const error = await client.reserve({ experienceId: 'e', slotId: 's1', quantity: 2 }).catch((e) => e);
    expect(error).toBeInstanceOf(UnreadableAnswerError);
    expect(error.exitCode).toBe(6);
    expect(error.details.join('\n')).toContain('venue booking holds');
    expect(journal.list()).toMatchObject([{ state: 'unknown', slotId: 's1', quantity: 2 }]);
    expect(journal.list()[0]!.reservationId).toBeUndefined();
  });

  it('an order without a total is not taken as $0', async () => {
    const { client } = clientAnswering({
      'POST /api/v1/orders/initiate': { status: 201, data: { orderId: 'o1', status: 'created' } },
    });
    const error = await client
      .createOrder({ reservationIds: ['r'], guest: { firstName: 'A', lastName: 'B', email: 'a@b.co' } })
      .catch((e) => e);
    expect(error).toBeInstanceOf(UnreadableAnswerError);
    expect(error.message).toContain('total');
  });

  it('a slot without places left is not shown as full', async () => {
    const { client } = clientAnswering({
      'GET /api/v1/experiences/e/sessions': { status: 200, data: [{ slotId: 's', start: '2026-11-22T10:00:00Z' }] },
    });
    await expect(client.sessions('e', '2026-11-22')).rejects.toThrow(/places left/);
  });

  it('a lost hold answer is recorded as unknown (exit 7), with no promise that it ends on its own', async () => {
    const { client, journal } = clientAnswering({
      'POST /api/v1/orders/reservations/reserve': () => {
        throw new UnknownOutcomeError('no answer');
      },
    });
    const error = await client.reserve({ experienceId: 'e', slotId: 's1', quantity: 1 }).catch((e) => e);
    expect(error).toBeInstanceOf(UnknownOutcomeError);
    expect(`${error.message} ${error.hint}`).not.toMatch(/lapse/i);
    expect(journal.list()).toMatchObject([{ state: 'unknown', slotId: 's1' }]);
  });
});

describe('the sales report', () => {
  it('builds rows from per-reservation rows, leaving out a cancelled order and summing cents', async () => {
    const row = (
      reservationId: string,
      orderId: string,
      experienceId: string,
      quantity: number,
      amount: number,
      status: string,
    ) => ({
      reservationId,
      orderId,
      experienceId,
      experienceName: experienceId.toUpperCase(),
      date: '2026-11-22T10:00:00Z',
      quantity,
      amount,
      status,
    });
    const { client } = clientAnswering({
      'GET /api/v1/reports': {
        status: 200,
        data: [
          row('r1', 'o1', 'e', 2, 20.1, 'CONFIRMED'),
          row('r2', 'o1', 'e', 1, 10.05, 'CONFIRMED'),
          row('r3', 'o2', 'e', 4, 40, 'CANCELLED'),
          row('r4', 'o3', 'f', 1, 0.1, 'paid'),
          row('r5', 'o4', 'f', 1, 0.2, 'Completed'),
        ],
      },
    });
    const report = await client.report({});
    expect(report.rows).toEqual([
      {
        date: '2026-11-22',
        locationId: undefined,
        experienceId: 'e',
        experienceName: 'E',
        orders: 1,
        quantity: 3,
        revenue: 30.15,
      },
      {
        date: '2026-11-22',
        locationId: undefined,
        experienceId: 'f',
        experienceName: 'F',
        orders: 2,
        quantity: 2,
        revenue: 0.3,
      },
    ]);
    expect(report.totals).toEqual({ orders: 3, quantity: 5, revenue: 30.45 });
    expect(report.leftOut).toEqual({ rows: 1, statuses: { CANCELLED: 1 } });
  });

  it('keeps pre-aggregated rows and computes totals in cents when the service sends none', async () => {
    const { client } = clientAnswering({
      'GET /api/v1/reports': {
        status: 200,
        data: {
          fromDate: '2026-11-01',
          toDate: '2026-11-30',
          rows: [
            { date: '2026-11-22', experienceId: 'e', orders: 1, quantity: 2, revenue: 0.1 },
            { date: '2026-11-22', experienceId: 'f', orders: 2, quantity: 1, revenue: 0.2 },
          ],
        },
      },
    });
    const report = await client.report({});
    expect(report).toMatchObject({
      fromDate: '2026-11-01',
      toDate: '2026-11-30',
      totals: { orders: 3, quantity: 3, revenue: 0.3 },
      leftOut: { rows: 0 },
    });
  });

  it('reads an enveloped report', async () => {
    const { client } = clientAnswering({
      'GET /api/v1/reports': {
        status: 200,
        data: {
          data: {
            fromDate: '2026-11-01',
            toDate: '2026-11-30',
            rows: [{ Date: '2026-11-22', ExperienceId: 'e', Orders: 1, Quantity: 2, Revenue: 24 }],
          },
          meta: {},
        },
      },
    });
    expect(await client.report({})).toMatchObject({
      fromDate: '2026-11-01',
      rows: [{ experienceId: 'e', quantity: 2, revenue: 24 }],
      totals: { orders: 1 },
    });
  });

  it('a row without revenue fails instead of counting as 0', async () => {
    const { client } = clientAnswering({
      'GET /api/v1/reports': { status: 200, data: [{ experienceId: 'e', quantity: 1 }] },
    });
    await expect(client.report({})).rejects.toBeInstanceOf(UnreadableAnswerError);
  });
});
