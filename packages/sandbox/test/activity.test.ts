// The in-venue activity of the inventory emulator (src/sandbox/inventory/activity.ts):
// counter sales and in-venue receipts on a timer, recorded as movements beside
// the API's, and the movement log as the fault suites' oracle (Idempotency-Key
// recorded, never honoured).

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  activityStep,
  InVenueActivity,
  parseActivityPlan,
  seededRandom,
  type ActivityPlan,
} from '../src/inventory/activity.js';
import { inventoryService } from '../src/inventory/index.js';
import { demoInventoryState, type InventoryState, type StockMovement } from '../src/inventory/state.js';
import { sandboxDemoSecrets } from '../src/rules/demo-secrets.js';
import { SandboxHttpError } from '../src/http-error.js';
import { createSandboxServer, type SandboxServer } from '../src/server.js';

const level = (state: InventoryState, productId: number, warehouseId = 1) =>
  state.products.find((p) => p.productId === productId)!.stock[String(warehouseId)] ?? 0;

function plan(overrides: Partial<ActivityPlan> = {}): ActivityPlan {
  return {
    productIds: [1001, 1002],
    quantities: [1, 2, 3],
    intervalMs: 10,
    kinds: ['sale', 'receipt'],
    warehouseId: 1,
    ...overrides,
  };
}

/** Rolls in order: kind, product, quantity. */
const rolls =
  (...values: number[]) =>
  () =>
    values.shift() ?? 0;

describe('parseActivityPlan', () => {
  it('takes products, sizes, interval and kinds, with warehouse 1 and both kinds by default', () => {
    const state = demoInventoryState();
    expect(parseActivityPlan({ productIds: [1001, 1005], quantities: [2, 6], intervalMs: 20 }, state)).toEqual({
      productIds: [1001, 1005],
      quantities: [2, 6],
      intervalMs: 20,
      kinds: ['sale', 'receipt'],
      warehouseId: 1,
    });
    expect(
      parseActivityPlan(
        { productIds: [1001], quantities: [1], intervalMs: 5, kinds: ['sale', 'sale'], warehouseId: 2, seed: 7 },
        state,
      ),
    ).toMatchObject({
      kinds: ['sale'],
      warehouseId: 2,
      seed: 7,
    });
  });

  it('refuses, naming every field: no products, unknown or modifier products, bad sizes, interval, kinds, warehouse', () => {
    const state = demoInventoryState();
    const fields = (body: Record<string, unknown>) => {
      try {
        parseActivityPlan(body, state);
      } catch (error) {
        expect(error).toBeInstanceOf(SandboxHttpError);
        expect((error as SandboxHttpError).status).toBe(400);
        return (error as SandboxHttpError).details.map((d) => d.field);
      }
      throw new Error('accepted');
    };
    expect(fields({ quantities: [1], intervalMs: 10 })).toEqual(['productIds']);
    // 1036 is a modifier (Extra Cheese): it holds no stock.
    expect(
      fields({
        productIds: [999999, 1036],
        quantities: [0, 1.5],
        intervalMs: 1,
        kinds: ['refund'],
        warehouseId: 9,
        seed: -1,
      }),
    ).toEqual([
      'quantities[0]',
      'quantities[1]',
      'kinds[0]',
      'intervalMs',
      'warehouseId',
      'seed',
      'productIds[0]',
      'productIds[1]',
    ]);
  });
});

describe('activityStep', () => {
  it('a sale takes one of the sizes off a product, recorded as a "sale" movement from the venue', () => {
    const state = demoInventoryState();
    const before = level(state, 1002);
    // kind 0 → sale, product 0.9 → 1002, size 0.5 → 2
    const step = activityStep(state, plan(), rolls(0, 0.9, 0.5), '2026-01-05T10:00:00Z');
    expect(step).toMatchObject({ kind: 'sale', productId: 1002, quantity: 2, applied: true });
    expect(level(state, 1002)).toBe(before - 2);
    expect(state.movements.at(-1)).toMatchObject({
      kind: 'sale',
      source: 'venue',
      userId: 2,
      warehouseId: 1,
      createdAt: '2026-01-05T10:00:00Z',
      changes: [{ productId: 1002, delta: -2 }],
    });
    expect(state.movements.at(-1)).not.toHaveProperty('idempotencyKey');
  });

  it('an in-venue receipt adds one of the sizes, recorded as a "receipt" movement from the venue', () => {
    const state = demoInventoryState();
    const before = level(state, 1001);
    const step = activityStep(state, plan(), rolls(0.99, 0, 0.99), '2026-01-05T10:00:00Z');
    expect(step).toMatchObject({ kind: 'receipt', productId: 1001, quantity: 3, applied: true });
    expect(level(state, 1001)).toBe(before + 3);
    expect(state.movements.at(-1)).toMatchObject({
      kind: 'receipt',
      source: 'venue',
      changes: [{ productId: 1001, delta: 3 }],
    });
  });

  it('a sale of more than is on the shelf is refused and changes nothing', () => {
    const state = demoInventoryState();
    state.products.find((p) => p.productId === 1001)!.stock['1'] = 1;
    const step = activityStep(state, plan({ productIds: [1001], quantities: [3], kinds: ['sale'] }), rolls(), 'now');
    expect(step).toMatchObject({
      applied: false,
      kind: 'sale',
      reason: expect.stringContaining('only 1 of product 1001'),
    });
    expect(level(state, 1001)).toBe(1);
    expect(state.movements).toEqual([]);
  });

  it('every level is its start plus the changes of its movements', () => {
    const state = demoInventoryState();
    const start = { 1001: level(state, 1001), 1002: level(state, 1002) };
    const random = seededRandom(42);
    for (let i = 0; i < 500; i++) activityStep(state, plan(), random, 'now');
    for (const id of [1001, 1002] as const) {
      const moved = state.movements
        .flatMap((m) => m.changes ?? [])
        .filter((c) => c.productId === id)
        .reduce((sum, c) => sum + c.delta, 0);
      expect(level(state, id)).toBe(start[id] + moved);
      expect(level(state, id)).toBeGreaterThanOrEqual(0);
    }
    const kinds = new Set(state.movements.map((m) => m.kind));
    expect(kinds).toEqual(new Set(['sale', 'receipt']));
  });

  it('a seed repeats the same choices', () => {
    const a = demoInventoryState();
    const b = demoInventoryState();
    const [ra, rb] = [seededRandom(9), seededRandom(9)];
    for (let i = 0; i < 50; i++) {
      activityStep(a, plan(), ra, 'now');
      activityStep(b, plan(), rb, 'now');
    }
    expect(a.movements.map((m) => m.changes)).toEqual(b.movements.map((m) => m.changes));
  });
});

describe('InVenueActivity', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function host(state = demoInventoryState()) {
    const emitted: string[] = [];
    let changed = 0;
    return {
      state,
      emitted,
      changes: () => changed,
      host: {
        getState: () => state,
        now: () => '2026-01-05T10:00:00Z',
        changed: () => void changed++,
        emit: (type: string) => void emitted.push(type),
      },
    };
  }

  it('steps every intervalMs until stopped, counting what it applied and refused, and tells subscribers', () => {
    vi.useFakeTimers();
    const h = host();
    const activity = new InVenueActivity(h.host);
    expect(activity.status()).toMatchObject({ running: false, plan: null });
    expect(activity.start(plan({ intervalMs: 50, seed: 1 }))).toMatchObject({
      running: true,
      startedAt: '2026-01-05T10:00:00Z',
    });
    vi.advanceTimersByTime(1000);
    const status = activity.stop();
    expect(status.running).toBe(false);
    expect(status.applied.sale + status.applied.receipt + status.refused.sale + status.refused.receipt).toBe(20);
    expect(h.state.movements).toHaveLength(status.applied.sale + status.applied.receipt);
    expect(h.changes()).toBe(h.state.movements.length);
    expect(h.emitted.filter((t) => t === 'stock.adjusted')).toHaveLength(status.applied.sale);
    expect(h.emitted.filter((t) => t === 'stock.received')).toHaveLength(status.applied.receipt);
    vi.advanceTimersByTime(1000);
    expect(h.state.movements).toHaveLength(status.applied.sale + status.applied.receipt);
  });

  it('a new start replaces the running plan and its counts', () => {
    vi.useFakeTimers();
    const h = host();
    const activity = new InVenueActivity(h.host);
    activity.start(plan({ intervalMs: 10, kinds: ['receipt'] }));
    vi.advanceTimersByTime(100);
    expect(activity.status().applied.receipt).toBe(10);
    activity.start(plan({ intervalMs: 100, kinds: ['sale'], productIds: [1003] }));
    vi.advanceTimersByTime(100);
    expect(activity.status()).toMatchObject({
      running: true,
      applied: { sale: 1, receipt: 0 },
      plan: { productIds: [1003] },
    });
    activity.stop();
  });
});

describe('over HTTP: /_sandbox/inventory/activity/timer and the movement log', () => {
  let server: SandboxServer | undefined;
  let dir = '';
  afterEach(async () => {
    await server?.close();
    server = undefined;
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function call(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${server!.origin}${url}`, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  }

  async function startInventory() {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-activity-unit-'));
    server = await createSandboxServer({ stateDir: dir, port: 0, services: [inventoryService], persistDelayMs: 20 });
    const token = await call('POST', '/inventory/auth/token', {
      apiKey: sandboxDemoSecrets['inventory.apiKey'],
      apiSecret: sandboxDemoSecrets['inventory.apiSecret'],
    });
    return token.body.token as string;
  }

  it('starts, reports and stops the trading; a bad plan is a 400', async () => {
    await startInventory();
    const bad = await call('POST', '/_sandbox/inventory/activity/timer', {
      productIds: [1001],
      quantities: [1],
      intervalMs: 0,
    });
    expect(bad).toMatchObject({
      status: 400,
      body: { error: { code: 'validation_failed', details: [{ field: 'intervalMs' }] } },
    });

    const started = await call('POST', '/_sandbox/inventory/activity/timer', {
      productIds: [1001, 1002],
      quantities: [1, 2],
      intervalMs: 5,
    });
    expect(started).toMatchObject({
      status: 201,
      body: { running: true, plan: { productIds: [1001, 1002], kinds: ['sale', 'receipt'] } },
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    const stopped = await call('DELETE', '/_sandbox/inventory/activity/timer');
    expect(stopped.body.running).toBe(false);
    const steps = stopped.body.applied.sale + stopped.body.applied.receipt;
    expect(steps).toBeGreaterThan(3);

    const venue = await call('GET', '/_sandbox/inventory/movements?source=venue');
    expect(venue.body.items).toHaveLength(steps);
    for (const m of venue.body.items as StockMovement[]) {
      expect(['sale', 'receipt']).toContain(m.kind);
      expect([1001, 1002]).toContain(m.changes![0]!.productId);
      expect([1, 2]).toContain(Math.abs(m.changes![0]!.delta));
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await call('GET', '/_sandbox/inventory/movements?source=venue')).body.items).toHaveLength(steps);
    expect((await call('GET', '/_sandbox/inventory/activity/timer')).body).toMatchObject({
      running: false,
      applied: stopped.body.applied,
    });
  });

  it('records each API receipt with its Idempotency-Key and applies a repeated key again (no deduplication)', async () => {
    const token = await startInventory();
    const receipt = { warehouseId: 1, userId: 1, invoice: 'INV-77', items: [{ productId: 1004, quantity: 5 }] };
    const auth = { authorization: `Bearer ${token}` };
    expect(
      (await call('POST', '/inventory/stock-receipts', receipt, { ...auth, 'idempotency-key': 'key-77' })).status,
    ).toBe(201);
    expect(
      (await call('POST', '/inventory/stock-receipts', receipt, { ...auth, 'idempotency-key': 'key-77' })).status,
    ).toBe(201);
    expect((await call('POST', '/inventory/stock-receipts', { ...receipt, invoice: 'INV-78' }, auth)).status).toBe(201);

    const byKey = await call('GET', '/_sandbox/inventory/movements?kind=receipt&source=api&idempotencyKey=key-77');
    expect(byKey.body.items).toHaveLength(2);
    expect(byKey.body.items[0]).toMatchObject({
      kind: 'receipt',
      source: 'api',
      idempotencyKey: 'key-77',
      changes: [{ productId: 1004, delta: 5 }],
      body: { invoice: 'INV-77' },
    });
    const byInvoice = await call('GET', '/_sandbox/inventory/movements?invoice=INV-78');
    expect(byInvoice.body.items).toMatchObject([{ idempotencyKey: null, body: { invoice: 'INV-78' } }]);
    expect((await call('GET', '/_sandbox/inventory/movements?kind=refund')).status).toBe(400);
    expect((await call('GET', '/_sandbox/inventory/movements?source=erp')).status).toBe(400);
  });

  it('stops trading when the sandbox closes', async () => {
    await startInventory();
    await call('POST', '/_sandbox/inventory/activity/timer', {
      productIds: [1001],
      quantities: [1],
      intervalMs: 5,
      kinds: ['receipt'],
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    const state = server!.state().inventory as InventoryState;
    await server!.close();
    const count = state.movements.length;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(state.movements.length).toBe(count);
  });
});
