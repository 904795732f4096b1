// Fleet venues in the sandbox (docs/sandbox-fleet.md), in process through
// app.inject: each venue's own inventory and webhooks state under
// /fleet/<venue>/inventory, events to that venue's subscribers only (retries
// included), dialects, persistence, reset and the control routes.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fleetInventoryState, venueNumber } from '../src/fleet.js';
import { inventoryService } from '../src/inventory/index.js';
import { sandboxDemoSecrets } from '../src/rules/demo-secrets.js';
import { createSandboxServer, type SandboxServer } from '../src/server.js';
import type { DialectName } from '../src/types.js';
import { createWebhooksService } from '../src/webhooks/index.js';

const servers: SandboxServer[] = [];
const dirs: string[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

interface Sent {
  url: string;
  body: Record<string, unknown>;
}

async function start(options: { stateDir?: string; dialect?: DialectName; failFirst?: boolean } = {}) {
  const stateDir = options.stateDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'venue-fleet-unit-'));
  if (!options.stateDir) dirs.push(stateDir);
  const sent: Sent[] = [];
  let failures = options.failFirst ? 1 : 0;
  const webhooks = createWebhooksService({
    backoffMs: [20],
    sender: async (url, body) => {
      if (failures-- > 0) return { status: 503 };
      sent.push({ url, body: JSON.parse(body) as Record<string, unknown> });
      return { status: 200 };
    },
  });
  const server = await createSandboxServer({
    stateDir,
    port: 0,
    services: [inventoryService, webhooks],
    persistDelayMs: 10,
    dialect: options.dialect,
  });
  servers.push(server);
  const inject = async (method: string, url: string, body?: unknown, token?: string) => {
    const response = await server.app.inject({
      method: method as 'GET',
      url,
      ...(body === undefined ? {} : { payload: body as object }),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: response.statusCode, body: response.body ? (JSON.parse(response.body) as any) : undefined };
  };
  const tokenFor = async (base: string) => {
    const answer = await inject('POST', `${base}/auth/token`, {
      apiKey: sandboxDemoSecrets['inventory.apiKey'],
      apiSecret: sandboxDemoSecrets['inventory.apiSecret'],
    });
    expect(answer.status).toBe(200);
    return (answer.body.token ?? answer.body.jwt ?? answer.body.data?.accessToken) as string;
  };
  return { server, stateDir, sent, webhooks, inject, tokenFor };
}

const quantityOf = async (sandbox: Awaited<ReturnType<typeof start>>, base: string, productId: number) => {
  const token = await sandbox.tokenFor(base);
  const answer = await sandbox.inject(
    'GET',
    `${base}/stock-levels?productIds=${productId}&warehouseId=1`,
    undefined,
    token,
  );
  expect(answer.status).toBe(200);
  return answer.body.items[0].quantity as number;
};

const adjust = (productId: number, adjustmentQuantity: number) => ({
  warehouseId: 1,
  productId,
  adjustmentQuantity,
  userId: 1,
  comment: 'fleet test',
});

describe('sandbox fleet venues', () => {
  it('creates, lists (idempotently) and removes venues', async () => {
    const sandbox = await start();
    const created = await sandbox.inject('POST', '/_sandbox/fleet', {
      venues: ['fleet-1', 'fleet-2', 'fleet-3'],
      products: 25,
    });
    expect(created.status).toBe(201);
    expect(created.body.items.map((v: { name: string; status: string }) => [v.name, v.status])).toEqual([
      ['fleet-1', 'created'],
      ['fleet-2', 'created'],
      ['fleet-3', 'created'],
    ]);
    expect(created.body.items[0]).toMatchObject({ products: 65, inventoryPath: '/fleet/fleet-1/inventory' });
    const again = await sandbox.inject('POST', '/_sandbox/fleet', {
      venues: ['fleet-1', 'fleet-2', 'fleet-3'],
      products: 25,
    });
    expect(again.body.items.map((v: { status: string }) => v.status)).toEqual(['kept', 'kept', 'kept']);
    const listed = await sandbox.inject('GET', '/_sandbox/fleet');
    expect(listed.body.items.map((v: { name: string; products: number }) => `${v.name}:${v.products}`)).toEqual([
      'fleet-1:65',
      'fleet-2:65',
      'fleet-3:65',
    ]);
    expect((await sandbox.inject('GET', '/_sandbox/health')).body.fleetVenues).toBe(3);

    expect((await sandbox.inject('DELETE', '/_sandbox/fleet/fleet-2')).body).toEqual({ removed: ['fleet-2'] });
    expect((await sandbox.inject('DELETE', '/_sandbox/fleet')).body).toEqual({ removed: ['fleet-1', 'fleet-3'] });
    expect((await sandbox.inject('GET', '/_sandbox/fleet')).body).toEqual({ items: [] });
  });

  it('refuses bad fleets with the error body', async () => {
    const sandbox = await start();
    const bad = await sandbox.inject('POST', '/_sandbox/fleet', { venues: ['ok', 'not ok'], products: -1 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: { field: string }) => d.field)).toEqual(['venues[1]', 'products']);
  });

  it('answers 404 with the error body for an unknown venue', async () => {
    const sandbox = await start();
    const answer = await sandbox.inject('POST', '/fleet/nowhere/inventory/auth/token', { apiKey: 'x', apiSecret: 'y' });
    expect(answer.status).toBe(404);
    expect(answer.body.error).toMatchObject({ status: 404, code: 'not_found' });
    expect(answer.body.error.message).toContain('nowhere');
    expect((await sandbox.inject('GET', '/_sandbox/fleet/nowhere/webhooks/deliveries')).status).toBe(404);
  });

  it('gives each venue its own catalogue and stock, apart from the sandbox’s own', async () => {
    const sandbox = await start();
    await sandbox.inject('POST', '/_sandbox/fleet', { venues: ['fleet-1', 'fleet-2'], products: 10 });
    const token = await sandbox.tokenFor('/fleet/fleet-2/inventory');
    const products = await sandbox.inject('GET', '/fleet/fleet-2/inventory/products?pageSize=200', undefined, token);
    expect(products.body.totalItems).toBe(50);
    expect(products.body.items.some((p: { productCode?: string }) => p.productCode === 'SKU-1001')).toBe(true);
    const own = await sandbox.inject(
      'GET',
      '/inventory/products?pageSize=200',
      undefined,
      await sandbox.tokenFor('/inventory'),
    );
    expect(own.body.totalItems).toBe(40);

    // Odd venues hold SKU-1001 below its reorder level (10), even ones above.
    const [one, two] = [
      await quantityOf(sandbox, '/fleet/fleet-1/inventory', 1001),
      await quantityOf(sandbox, '/fleet/fleet-2/inventory', 1001),
    ];
    expect(one).toBeLessThan(10);
    expect(two).toBeGreaterThanOrEqual(10);

    const adjusted = await sandbox.inject(
      'POST',
      '/fleet/fleet-1/inventory/stock-adjustments',
      adjust(1001, 5),
      await sandbox.tokenFor('/fleet/fleet-1/inventory'),
    );
    expect(adjusted.status).toBe(201);
    expect(await quantityOf(sandbox, '/fleet/fleet-1/inventory', 1001)).toBe(one + 5);
    expect(await quantityOf(sandbox, '/fleet/fleet-2/inventory', 1001)).toBe(two);
    expect(await quantityOf(sandbox, '/inventory', 1001)).toBe(10);
    const movements = await sandbox.inject('GET', '/_sandbox/fleet/fleet-1/inventory/movements');
    expect(movements.body.items).toHaveLength(1);
    expect((await sandbox.inject('GET', '/_sandbox/inventory/movements')).body.items).toHaveLength(0);
  });

  it('keeps webhook subscribers apart and sends a venue’s events (and retries) to its subscribers only', async () => {
    const sandbox = await start({ failFirst: true });
    await sandbox.inject('POST', '/_sandbox/fleet', { venues: ['fleet-1', 'fleet-2'], products: 0 });
    const subscribe = async (base: string, url: string) => {
      const answer = await sandbox.inject(
        'POST',
        `${base}/webhooks`,
        { url, eventTypes: ['stock.adjusted'], secret: 'fleet-secret-0123456789abcdef' },
        await sandbox.tokenFor(base),
      );
      expect(answer.status).toBe(201);
    };
    await subscribe('/fleet/fleet-1/inventory', 'http://127.0.0.1:9/one');
    await subscribe('/fleet/fleet-2/inventory', 'http://127.0.0.1:9/two');
    await subscribe('/inventory', 'http://127.0.0.1:9/own');
    const listed = await sandbox.inject(
      'GET',
      '/fleet/fleet-1/inventory/webhooks',
      undefined,
      await sandbox.tokenFor('/fleet/fleet-1/inventory'),
    );
    expect(listed.body.items.map((s: { url: string }) => s.url)).toEqual(['http://127.0.0.1:9/one']);

    const activity = await sandbox.inject('POST', '/_sandbox/fleet/fleet-1/inventory/activity', {
      type: 'stock.adjusted',
      productId: 1001,
      quantity: -1,
    });
    expect(activity.status).toBe(201);
    // The first attempt fails; the retry runs from a timer, still on fleet-1's state.
    for (let i = 0; i < 100 && sandbox.sent.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    await sandbox.webhooks.engine.idle();
    expect(sandbox.sent.map((s) => s.url)).toEqual(['http://127.0.0.1:9/one']);
    const deliveries = await sandbox.inject('GET', '/_sandbox/fleet/fleet-1/webhooks/deliveries');
    expect(deliveries.body.items).toHaveLength(1);
    expect(deliveries.body.items[0]).toMatchObject({ status: 'delivered', attempts: 2 });
    expect((await sandbox.inject('GET', '/_sandbox/fleet/fleet-2/webhooks/deliveries')).body.items).toHaveLength(0);
    expect((await sandbox.inject('GET', '/_sandbox/webhooks/deliveries')).body.items).toHaveLength(0);

    const redelivered = await sandbox.inject(
      'POST',
      `/_sandbox/fleet/fleet-1/webhooks/deliveries/${deliveries.body.items[0].id}/redeliver`,
    );
    expect(redelivered.body).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(sandbox.sent.map((s) => s.url)).toEqual(['http://127.0.0.1:9/one', 'http://127.0.0.1:9/one']);

    const timer = await sandbox.inject('POST', '/_sandbox/fleet/fleet-1/inventory/activity/timer', {});
    expect(timer.status).toBe(400);
  });

  it('speaks the dialect on fleet requests', async () => {
    const sandbox = await start({ dialect: 'plain' });
    await sandbox.inject('POST', '/_sandbox/fleet', { venues: ['fleet-1'], products: 0 });
    const products = await sandbox.inject(
      'GET',
      '/fleet/fleet-1/inventory/products?pageSize=5',
      undefined,
      await sandbox.tokenFor('/fleet/fleet-1/inventory'),
    );
    expect(Array.isArray(products.body)).toBe(true);
    expect(products.body[0]).toHaveProperty('sku');
    const missing = await sandbox.inject('GET', '/fleet/ghost/inventory/products');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'notFound' });
  });

  it('persists changed venues, and reset re-seeds the venues but keeps them', async () => {
    const first = await start();
    await first.inject('POST', '/_sandbox/fleet', { venues: ['fleet-1', 'fleet-2'], products: 5 });
    const base = '/fleet/fleet-1/inventory';
    const before = await quantityOf(first, base, 1001);
    await first.inject('POST', `${base}/stock-adjustments`, adjust(1001, 3), await first.tokenFor(base));
    await first.server.close();
    const saved = JSON.parse(fs.readFileSync(path.join(first.stateDir, 'state.json'), 'utf8')).state.fleet;
    expect(Object.keys(saved['fleet-1'])).toEqual(['seed', 'inventory', 'webhooks']);
    expect(Object.keys(saved['fleet-2'])).toEqual(['seed']);

    const second = await start({ stateDir: first.stateDir });
    expect(await quantityOf(second, base, 1001)).toBe(before + 3);
    expect((await second.inject('POST', '/_sandbox/reset')).body.fleetVenues).toBe(2);
    expect(await quantityOf(second, base, 1001)).toBe(before);
    expect((await second.inject('GET', '/_sandbox/fleet')).body.items).toHaveLength(2);
  });

  it('makes every venue deterministic and different', () => {
    expect(venueNumber('fleet-12')).toBe(12);
    expect(venueNumber('north')).toBe(venueNumber('north'));
    const a = fleetInventoryState({ number: 1, products: 3 });
    expect(fleetInventoryState({ number: 1, products: 3 })).toEqual(a);
    const b = fleetInventoryState({ number: 2, products: 3 });
    expect(a.products.map((p) => p.productId)).toEqual(b.products.map((p) => p.productId));
    expect(a.products.map((p) => p.stock)).not.toEqual(b.products.map((p) => p.stock));
  });

  it('creates 50 venues of 2,000 products in a few seconds and lists their stock fast', async () => {
    const sandbox = await start();
    const venues = Array.from({ length: 50 }, (_, i) => `fleet-${i + 1}`);
    let started = performance.now();
    const created = await sandbox.inject('POST', '/_sandbox/fleet', { venues, products: 2000 });
    const createMs = performance.now() - started;
    expect(created.status).toBe(201);
    expect(createMs).toBeLessThan(5000);
    started = performance.now();
    let rows = 0;
    for (const venue of venues) {
      const base = `/fleet/${venue}/inventory`;
      const token = await sandbox.tokenFor(base);
      for (let page = 1; ; page++) {
        const answer = await sandbox.inject('GET', `${base}/stock-levels?pageSize=200&page=${page}`, undefined, token);
        rows += answer.body.items.length;
        if (page >= answer.body.totalPages) break;
      }
    }
    const listMs = performance.now() - started;
    expect(rows).toBeGreaterThan(50 * 2000);
    process.stdout.write(
      `fleet 50×2000: created in ${Math.round(createMs)} ms, all stock levels (${rows} rows) listed in ${Math.round(listMs)} ms, heap ${Math.round(process.memoryUsage().heapUsed / 1e6)} MB\n`,
    );
  }, 60_000);
});
