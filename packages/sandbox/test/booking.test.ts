// The booking emulator in-process: every route's answers (successes and
// errors) checked against openapi/booking.json, holds lapsing on the
// sandbox clock, and the capacity check under concurrent requests.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSandboxServer, type SandboxServer } from '../src/server.js';
import { bookingService } from '../src/booking/index.js';
import { expectContract } from './support/contract.js';

let server: SandboxServer;
let stateDir: string;
let token: string;

async function call(method: 'GET' | 'POST', url: string, payload?: unknown, auth = token) {
  const response = await server.app.inject({
    method,
    url: `/booking${url}`,
    headers: auth ? { authorization: `Bearer ${auth}` } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  const body = response.body ? JSON.parse(response.body) : undefined;
  const template = url
    .split('?')[0]!
    .replace(
      /^\/api\/v1\/experiences\/[^/]+\/sessions\/availability$/,
      '/api/v1/experiences/{id}/sessions/availability',
    )
    .replace(/^\/api\/v1\/experiences\/[^/]+\/sessions$/, '/api/v1/experiences/{id}/sessions')
    .replace(/^\/api\/v1\/orders\/(?!reservations|initiate)[^/]+\/cancel$/, '/api/v1/orders/{orderId}/cancel')
    .replace(/^\/api\/v1\/orders\/(?!reservations|initiate)[^/]+$/, '/api/v1/orders/{orderId}');
  expectContract('booking', method, template, response.statusCode, body);
  return { status: response.statusCode, body };
}

const control = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  server.app
    .inject({ method, url: `/_sandbox${url}`, ...(payload === undefined ? {} : { payload: payload as object }) })
    .then((r) => JSON.parse(r.body));

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-booking-sandbox-'));
  server = await createSandboxServer({ stateDir, services: [bookingService], persistDelayMs: 50 });
  token = (await call('POST', '/api/v1/token', { clientSecret: 'sandbox-booking-client-secret' }, '')).body.accessToken;
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(stateDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await control('POST', '/reset');
  await control('POST', '/clock', { offsetSeconds: 0 });
});

async function hold(slotId: string, quantity = 1, experienceId = slotId.split('.')[0]!) {
  return call('POST', '/api/v1/orders/reservations/reserve', { experienceId, slotId, quantity });
}

describe('token and catalogue', () => {
  it('issues a token for the demo secret and refuses others', async () => {
    expect((await call('POST', '/api/v1/token', { clientSecret: 'wrong' }, '')).status).toBe(401);
    expect((await call('POST', '/api/v1/token', {}, '')).body.error.details).toEqual([
      { field: 'clientSecret', rule: 'is required' },
    ]);
    expect((await call('GET', '/api/v1/locations', undefined, '')).status).toBe(401);
    expect((await call('GET', '/api/v1/locations', undefined, 'not-a-jwt')).status).toBe(401);
  });

  it('serves locations, experiences, availability and sessions', async () => {
    expect((await call('GET', '/api/v1/locations')).body.items).toHaveLength(3);
    expect(
      (await call('GET', '/api/v1/experiences?locationId=loc-harbor')).body.items.map((e: { id: string }) => e.id),
    ).toEqual(['exp-go-karts', 'exp-harbor-bowling']);
    expect((await call('GET', '/api/v1/experiences')).status).toBe(400);
    expect((await call('GET', '/api/v1/experiences?locationId=nope')).status).toBe(404);
    const availability = await call(
      'GET',
      `/api/v1/experiences/exp-escape-room/sessions/availability?fromDate=${tomorrow()}&days=5`,
    );
    expect(availability.body.items).toHaveLength(5);
    expect(availability.body.items[0]).toEqual({ date: tomorrow(), sessions: 5, capacity: 40, remaining: 40 });
    expect((await call('GET', '/api/v1/experiences/exp-escape-room/sessions/availability?days=99')).status).toBe(400);
    const sessions = await call('GET', `/api/v1/experiences/exp-party-package/sessions?forDate=${tomorrow()}`);
    expect(sessions.body.items.map((s: { capacity: number }) => s.capacity)).toEqual([1, 1, 1]);
    expect((await call('GET', '/api/v1/experiences/exp-party-package/sessions?forDate=2020-01-01')).body.items).toEqual(
      [],
    );
    expect((await call('GET', '/api/v1/experiences/nope/sessions')).status).toBe(404);
    expect((await call('GET', '/api/v1/experiences/exp-party-package/sessions?forDate=2026-02-30')).status).toBe(400);
  });
});

describe('holds, orders and sales', () => {
  it('goes from hold to confirmed sale to cancellation, with capacity following', async () => {
    const slotId = `exp-escape-room.${tomorrow().replaceAll('-', '')}.1400`;
    const held = await hold(slotId, 3);
    expect(held.status).toBe(201);
    expect(held.body).toMatchObject({ status: 'held', quantity: 3, amount: 84 });
    const order = await call('POST', '/api/v1/orders/initiate', {
      reservationIds: [held.body.reservationId],
      guest: { firstName: 'Ada', lastName: 'L', email: 'ada@example.com' },
    });
    expect(order.status).toBe(201);
    expect(order.body).toMatchObject({ status: 'created', total: 84 });
    const orderId = order.body.orderId;

    const mismatch = await call('POST', '/api/v1/sale', { orderId, amount: 80, paymentReference: 'P1' });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.error.code).toBe('amount_mismatch');
    const sale = await call('POST', '/api/v1/sale', { orderId, amount: 84, paymentReference: 'P1' });
    expect(sale.status).toBe(201);
    expect(sale.body.order.status).toBe('confirmed');
    const second = await call('POST', '/api/v1/sale', { orderId, amount: 84, paymentReference: 'P1' });
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('already_paid');
    expect(
      (await call('POST', '/api/v1/orders/reservations/cancel', { reservationId: held.body.reservationId })).status,
    ).toBe(409);
    expect((await call('GET', `/api/v1/orders/${orderId}`)).body.sale.paymentReference).toBe('P1');

    const report = await call('GET', '/api/v1/reports');
    expect(report.body.items).toHaveLength(1);
    expect(report.body.totals).toEqual({ orders: 1, quantity: 3, revenue: 84 });
    expect((await call('GET', '/api/v1/reports?locationId=loc-harbor')).body.items).toEqual([]);

    const remaining = async () =>
      (await call('GET', `/api/v1/experiences/exp-escape-room/sessions?forDate=${tomorrow()}`)).body.items.find(
        (s: { slotId: string }) => s.slotId === slotId,
      ).remaining;
    expect(await remaining()).toBe(5);
    expect((await call('POST', `/api/v1/orders/${orderId}/cancel`)).body.status).toBe('cancelled');
    expect((await call('POST', `/api/v1/orders/${orderId}/cancel`)).status).toBe(409);
    expect(await remaining()).toBe(8);
    expect((await call('GET', '/api/v1/reports')).body.items).toEqual([]);
    expect((await call('GET', '/api/v1/orders/ord-999')).status).toBe(404);
  });

  it('names the slot when capacity is exceeded, and refuses unknown or started slots', async () => {
    const slotId = `exp-party-package.${tomorrow().replaceAll('-', '')}.1100`;
    expect((await hold(slotId)).status).toBe(201);
    const full = await hold(slotId);
    expect(full.status).toBe(409);
    expect(full.body.error).toMatchObject({ code: 'capacity_exceeded', message: `slot ${slotId} is full` });
    expect((await hold('exp-party-package.20200101.1100')).status).toBe(404);
    expect((await hold(`exp-party-package.${tomorrow().replaceAll('-', '')}.0900`)).status).toBe(404);
    const invalid = await call('POST', '/api/v1/orders/reservations/reserve', {
      experienceId: 'exp-party-package',
      slotId,
      quantity: 0,
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.details).toEqual([{ field: 'quantity', rule: 'must be a positive whole number' }]);
  });

  it('lets a hold lapse after holdSeconds on the sandbox clock, giving its places back', async () => {
    const slotId = `exp-vr-arena.${tomorrow().replaceAll('-', '')}.1200`;
    const held = await hold(slotId, 10);
    expect((await hold(slotId)).status).toBe(409);
    await control('POST', '/clock', { advanceSeconds: 601 });
    expect((await hold(slotId, 10)).status).toBe(201);
    const order = await call('POST', '/api/v1/orders/initiate', {
      reservationIds: [held.body.reservationId],
      guest: { firstName: 'A', lastName: 'B', email: 'a@b.co' },
    });
    expect(order.status).toBe(409);
    expect(order.body.error.code).toBe('hold_expired');
    const released = await call('POST', '/api/v1/orders/reservations/cancel', {
      reservationId: held.body.reservationId,
    });
    expect(released.body.status).toBe('expired');
  });

  it('refuses a sale for a lapsed order', async () => {
    const slotId = `exp-vr-arena.${tomorrow().replaceAll('-', '')}.1300`;
    const held = await hold(slotId, 1);
    const order = await call('POST', '/api/v1/orders/initiate', {
      reservationIds: [held.body.reservationId],
      guest: { firstName: 'A', lastName: 'B', email: 'a@b.co' },
    });
    await control('POST', '/clock', { advanceSeconds: 601 });
    const sale = await call('POST', '/api/v1/sale', { orderId: order.body.orderId, amount: 24, paymentReference: 'P' });
    expect(sale.status).toBe(409);
    expect(sale.body.error.code).toBe('order_expired');
  });

  it('gives exactly 10 holds to 50 concurrent requests for one place in a slot of 10', async () => {
    const slotId = `exp-go-karts.${tomorrow().replaceAll('-', '')}.1500`;
    const answers = await Promise.all(Array.from({ length: 50 }, () => hold(slotId, 1)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(40);
  });
});
