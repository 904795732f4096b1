// The package's public API, as a user of `venue-sandbox` calls it: create,
// start (its origin), the control client, stop, in memory or on a state
// directory, with a logger and a clock of the caller's.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DIALECT_NAMES,
  RouteLayoutError,
  SandboxControlError,
  createSandbox,
  demoCredentials,
  isDialectName,
  sandboxControl,
  type Sandbox,
  type SandboxLogger,
} from '../src/index.js';
import { parseOptions } from '../src/bin.js';
import { packageRoot } from './support/paths.js';

const started: Sandbox[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((sandbox) => sandbox.stop()));
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-sandbox-api-'));
  dirs.push(dir);
  return dir;
}

function make(...args: Parameters<typeof createSandbox>): Sandbox {
  const sandbox = createSandbox(...args);
  started.push(sandbox);
  return sandbox;
}

function collectingLogger(): SandboxLogger & { lines: string[] } {
  const lines: string[] = [];
  return { lines, warn: (m) => void lines.push(`warn ${m}`), error: (m) => void lines.push(`error ${m}`) };
}

async function inventoryToken(origin: string): Promise<string> {
  const response = await fetch(`${origin}/inventory/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      apiKey: demoCredentials['inventory.apiKey'],
      apiSecret: demoCredentials['inventory.apiSecret'],
    }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

describe('createSandbox', () => {
  it('starts on a free loopback port, in memory: serves the three services, writes nothing, stops', async () => {
    const cwd = fs.readdirSync(process.cwd()).sort();
    const sandbox = make();
    expect(sandbox.running).toBe(false);
    expect(() => sandbox.origin).toThrow(/not been started/);
    const origin = await sandbox.start();
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(await sandbox.start()).toBe(origin); // already running: the same one
    expect(sandbox.running).toBe(true);
    expect(sandbox.info()).toMatchObject({
      origin,
      stateDir: undefined,
      dialect: 'venue',
      routes: undefined,
      services: ['wallet', 'booking', 'inventory', 'webhooks'],
    });
    const health = await sandbox.control.health();
    expect(health).toMatchObject({ ok: true, origin, dialect: 'venue' });
    expect(health).not.toHaveProperty('stateDir');

    const token = await inventoryToken(origin);
    const products = await fetch(`${origin}/inventory/products?pageSize=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(products.status).toBe(200);
    for (const service of ['wallet', 'booking', 'inventory'])
      expect((await fetch(`${origin}/${service}/openapi.json`)).status, service).toBe(200);

    await sandbox.stop();
    expect(sandbox.running).toBe(false);
    await sandbox.closed;
    await expect(fetch(`${origin}/_sandbox/health`)).rejects.toThrow();
    expect(fs.readdirSync(process.cwd()).sort()).toEqual(cwd);
  });

  it('keeps its state in stateDir across runs; in memory a new run starts from the demo data', async () => {
    const stateDir = tempDir();
    const kept = make({ stateDir, holdSeconds: 7, tokenScale: 0.5 });
    await kept.start();
    expect(kept.info().settings).toMatchObject({ holdSeconds: 7, tokenScale: 0.5 });
    await kept.control.seedInventory(3);
    const count = async (sandbox: Sandbox) => {
      const token = await inventoryToken(sandbox.origin);
      const answer = (await (
        await fetch(`${sandbox.origin}/inventory/products?pageSize=1`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()) as { totalItems: number };
      return answer.totalItems;
    };
    const seeded = await count(kept);
    await kept.stop();
    expect(fs.existsSync(path.join(stateDir, 'state.json'))).toBe(true);
    await kept.start(); // a second run on the same folder
    expect(await count(kept)).toBe(seeded);
    expect((await kept.control.health())?.stateDir).toBe(stateDir);

    const memory = make();
    await memory.start();
    const demo = await count(memory);
    expect(seeded).toBe(demo + 3);
    await memory.control.seedInventory(2);
    await memory.stop();
    await memory.start();
    expect(await count(memory)).toBe(demo);
  });

  it('says what went wrong through the logger it is given, and only there', async () => {
    const stateDir = tempDir();
    fs.writeFileSync(path.join(stateDir, 'state.json'), '{ not json');
    const logger = collectingLogger();
    const sandbox = make({ stateDir, logger });
    await sandbox.start();
    expect(logger.lines).toEqual([
      expect.stringMatching(
        /^warn .*state\.json could not be read; kept it as .*damaged-\d+ and started from the demo data$/,
      ),
    ]);
    expect(fs.readdirSync(stateDir).some((name) => name.startsWith('state.json.damaged-'))).toBe(true);
  });

  it('runs on the clock it is given, shifted by /_sandbox/clock', async () => {
    const base = Date.parse('2030-01-02T03:04:05Z');
    const sandbox = make({ clock: () => base });
    await sandbox.start();
    expect(sandbox.info().startedAt).toBe('2030-01-02T03:04:05Z');
    expect(await sandbox.control.clock()).toEqual({ now: '2030-01-02T03:04:05Z', offsetSeconds: 0 });
    expect(await sandbox.control.setClock({ advanceSeconds: 3600 })).toEqual({
      now: '2030-01-02T04:04:05Z',
      offsetSeconds: 3600,
    });
  });

  it('speaks the dialect and serves the route layout it is given; a bad layout rejects with RouteLayoutError', async () => {
    const plain = make({
      dialect: 'plain',
      routes: path.join(packageRoot, 'examples', 'inventory-routes-vendor.json'),
    });
    const origin = await plain.start();
    expect(plain.info()).toMatchObject({
      dialect: 'plain',
      routes: path.join(packageRoot, 'examples', 'inventory-routes-vendor.json'),
    });
    expect((await fetch(`${origin}/inventory/products`)).status).toBe(404); // not venue's paths any more
    const dir = tempDir();
    const bad = path.join(dir, 'routes.json');
    fs.writeFileSync(bad, JSON.stringify({ operations: { getStock: 'GET /Stock' } }));
    const refused = make({ routes: bad });
    const error = await refused.start().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RouteLayoutError);
    expect((error as Error).message).toMatch(/routes\.json: operations\.getStock: no such operation/);
    expect(refused.running).toBe(false);
  });

  it('a layout with answerNames does not start in the plain dialect, which renames fields itself', async () => {
    const refused = make({
      dialect: 'plain',
      routes: path.join(packageRoot, 'examples', 'inventory-routes-vendor-words.json'),
    });
    const error = await refused.start().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RouteLayoutError);
    expect((error as Error).message).toMatch(/answerNames does not combine with the plain dialect/);
    expect(refused.running).toBe(false);
  });

  it('a taken port rejects with EADDRINUSE', async () => {
    const first = make();
    const port = Number(new URL(await first.start()).port);
    const error = await make({ port })
      .start()
      .catch((e: unknown) => e);
    expect((error as NodeJS.ErrnoException).code).toBe('EADDRINUSE');
  });

  it('closed resolves when it is stopped from outside (POST /_sandbox/shutdown)', async () => {
    const sandbox = make();
    await sandbox.start();
    await sandbox.control.shutdown();
    await sandbox.closed;
    expect(sandbox.running).toBe(false);
  });
});

describe('the control client', () => {
  it('drives the control API with typed calls', async () => {
    const sandbox = make();
    await sandbox.start();
    const control = sandbox.control;
    expect(await control.changeSettings({ holdSeconds: 9, inventoryHealth: 'degraded' })).toMatchObject({
      holdSeconds: 9,
      inventoryHealth: 'degraded',
    });
    expect(await control.settings()).toMatchObject({ holdSeconds: 9 });
    const faults = await control.setFaults({
      failNext: [{ match: 'GET /inventory/health', remaining: 1, status: 503 }],
    });
    expect(faults.failNext).toEqual([{ match: 'GET /inventory/health', remaining: 1, status: 503 }]);
    expect((await fetch(`${sandbox.origin}/inventory/health`)).status).toBe(503);
    expect((await control.clearFaults()).failNext).toEqual([]);
    expect(await control.outbox()).toEqual([]);
    const card = await control.activateCard('1000000005');
    expect(card).toMatchObject({ alreadyActivated: false });
    const played = await control.play({ cardNumber: card.cardNumber, kind: 'ticket-win', tickets: 5 });
    expect(played.ticketBalance).toBeGreaterThanOrEqual(5);
    const event = await control.trigger({ type: 'stock.adjusted', productId: 1001, warehouseId: 1, quantity: -1 });
    expect(event).toMatchObject({ type: 'stock.adjusted' });
    expect(await control.deliveries()).toEqual([]); // nobody subscribed
    const fleet = await control.createFleet({ venues: ['north-1', 'north-2'], products: 0 });
    expect(fleet.items.map((venue) => [venue.name, venue.status])).toEqual([
      ['north-1', 'created'],
      ['north-2', 'created'],
    ]);
    expect((await control.fleet()).map((venue) => venue.name)).toEqual(['north-1', 'north-2']);
    expect(await control.removeFleet('north-1')).toEqual(['north-1']);
    const reset = await control.reset();
    expect(reset).toMatchObject({ ok: true, fleetVenues: 1 });
    expect(await control.settings()).toMatchObject({ holdSeconds: 600, inventoryHealth: 'ok' });
    expect(await control.request('GET', '/wallet/cards')).toMatchObject({ items: expect.any(Array) });
  });

  it('fails with SandboxControlError: refused (status, code, details), unreachable, timeout', async () => {
    const sandbox = make();
    await sandbox.start();
    const refused = await sandbox.control.changeSettings({ holdSeconds: 0 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SandboxControlError);
    expect(refused).toMatchObject({
      reason: 'refused',
      method: 'POST',
      path: '/settings',
      message: 'invalid settings',
      answer: {
        status: 400,
        code: 'validation_failed',
        details: [{ field: 'holdSeconds', rule: 'must be a whole number of seconds, at least 1' }],
      },
    });
    const port = Number(new URL(sandbox.origin).port);
    await sandbox.stop();
    const down = sandboxControl(`http://127.0.0.1:${port}`);
    expect(await down.health()).toBeUndefined();
    expect(await down.settings().catch((e: unknown) => e)).toMatchObject({ reason: 'unreachable' });

    const slow = make({});
    await slow.start();
    await slow.control.setFaults({ latencyMs: 500, latencyMatch: 'GET /inventory/health' });
    // The control routes are never faulted: a slow one is made here by a short bound on a seed.
    const timedOut = await sandboxControl(slow.origin, { timeoutMs: 1 })
      .seedInventory(50_000)
      .catch((e: unknown) => e);
    expect(timedOut).toMatchObject({ reason: 'timeout', timeoutMs: 1 });
    expect((timedOut as Error).message).toMatch(/did not answer POST \/inventory\/seed within 1 ms/);
  });
});

describe('shuffled keys', () => {
  it('an option of any dialect: answers with the keys in another order, says so in health and info', async () => {
    expect(parseOptions(['--dialect', 'hal', '--shuffle-keys'])).toMatchObject({
      options: { dialect: 'hal', shuffleKeys: true },
    });
    expect(parseOptions([])).not.toHaveProperty('options.shuffleKeys');
    const sandbox = make({ shuffleKeys: true });
    const origin = await sandbox.start();
    expect(sandbox.info()).toMatchObject({ dialect: 'venue', shuffleKeys: true });
    expect(await sandbox.control.health()).toMatchObject({ dialect: 'venue', shuffleKeys: true });
    const token = await inventoryToken(origin);
    const page = (await (
      await fetch(`${origin}/inventory/products?pageSize=2`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { items: Array<Record<string, unknown>> };
    const [first, second] = page.items;
    expect(first).toMatchObject({ productId: 1001, productName: 'Gummy Bears 100g' });
    expect(Object.keys(first!)).toEqual(Object.keys(second!));
    expect(Object.keys(first!)[0]).not.toBe('productId');
  });
});

describe('the names it exports', () => {
  it('dialects', () => {
    expect(DIALECT_NAMES).toEqual(['venue', 'pascal', 'envelope', 'plain', 'decoy', 'hal']);
    expect(isDialectName('pascal')).toBe(true);
    expect(isDialectName('klingon')).toBe(false);
  });
});
