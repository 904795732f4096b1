// The core composed with a small stand-in service, in process but over real
// loopback HTTP: error bodies, persistence, reset, faults, outbox, clock.

import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSandboxServer, type SandboxServer } from '../src/server.js';
import { SandboxHttpError } from '../src/http-error.js';
import type { SandboxService } from '../src/types.js';

interface CounterState {
  counters: Record<string, number>;
}

const counterService: SandboxService<CounterState> = {
  name: 'inventory',
  prefix: '/inventory',
  demoState: () => ({ counters: { demo: 1 } }),
  register(app, sandbox, getState) {
    app.get('/counters/:name', async (request) => {
      const { name } = request.params as { name: string };
      const value = getState().counters[name];
      if (value === undefined) throw new SandboxHttpError(404, 'not_found', `no counter ${name}`);
      return { name, value };
    });
    app.post('/counters/:name', async (request, reply) => {
      const { name } = request.params as { name: string };
      const state = getState();
      state.counters[name] = (state.counters[name] ?? 0) + 1;
      sandbox.changed();
      return reply.status(201).send({ name, value: state.counters[name] });
    });
    app.post('/mail', async (request) => sandbox.mail(request.body as { to: string; subject: string; body: string }));
    app.get('/token', async () => ({ token: await sandbox.tokens.issue('inventory') }));
    app.get('/secure', async (request) => sandbox.tokens.require(request, ['inventory']));
    app.get('/boom', async () => {
      throw new TypeError('a bug');
    });
    app.get('/zod', async () => {
      const { z } = await import('zod');
      z.object({ pageSize: z.number().max(200) }).parse({ pageSize: 500 });
    });
    app.get('/now', async () => ({ now: sandbox.now().toISOString() }));
  },
};

const servers: SandboxServer[] = [];
const dirs: string[] = [];

async function start(stateDir?: string, settings = {}): Promise<SandboxServer> {
  const dir = stateDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'venue-sandbox-unit-'));
  if (!stateDir) dirs.push(dir);
  const server = await createSandboxServer({
    stateDir: dir,
    port: 0,
    services: [counterService],
    settings,
    persistDelayMs: 20,
  });
  servers.push(server);
  return server;
}

async function call(
  server: SandboxServer,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${server.origin}${url}`, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('sandbox server', () => {
  it('answers every failure with the error body and keeps answering', async () => {
    const server = await start();
    const unknown = await call(server, 'GET', '/nowhere');
    expect(unknown).toMatchObject({ status: 404, body: { error: { status: 404, code: 'not_found' } } });
    const malformed = await call(server, 'POST', '/inventory/counters/a', '{"x":');
    expect(malformed).toMatchObject({ status: 400, body: { error: { status: 400, code: 'malformed_json' } } });
    const big = await call(server, 'POST', '/inventory/counters/a', JSON.stringify({ pad: 'x'.repeat(1024 * 1024) }));
    expect(big).toMatchObject({ status: 413, body: { error: { status: 413, code: 'payload_too_large' } } });
    const bug = await call(server, 'GET', '/inventory/boom');
    expect(bug).toMatchObject({ status: 500, body: { error: { status: 500, code: 'internal' } } });
    const zod = await call(server, 'GET', '/inventory/zod');
    expect(zod.status).toBe(400);
    expect(zod.body.error.details).toEqual([{ field: 'pageSize', rule: expect.stringMatching(/200/) }]);
    for (const type of ['application/xml', 'text/plain']) {
      const media = await call(server, 'POST', '/inventory/counters/a', 'plain', { 'content-type': type });
      expect(media).toMatchObject({ status: 415, body: { error: { code: 'unsupported_media_type' } } });
    }
    const badUrl = await call(server, 'GET', '/inventory/counters/%E0%A4%A');
    expect(badUrl).toMatchObject({ status: 400, body: { error: { status: 400, code: 'malformed_request' } } });
    const doubled = await call(server, 'GET', '/_sandbox/outbox?to=a@x.com&to=b@x.com');
    expect(doubled).toMatchObject({ status: 200, body: { items: [] } });
    expect((await call(server, 'GET', '/inventory/counters/demo')).body).toEqual({ name: 'demo', value: 1 });
  });

  it('accepts an empty JSON body as no body', async () => {
    const server = await start();
    expect((await call(server, 'POST', '/inventory/counters/a', '')).status).toBe(201);
  });

  it('persists state across a restart, and reset restores the demo data and settings', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-sandbox-unit-'));
    dirs.push(dir);
    let server = await start(dir, { holdSeconds: 30 });
    await call(server, 'POST', '/inventory/counters/a');
    await call(server, 'POST', '/inventory/counters/a');
    await call(server, 'POST', '/_sandbox/settings', { tokenScale: 0.5 });
    await call(server, 'POST', '/inventory/mail', { to: 'Guest@Example.com', subject: 'Code', body: '123456' });
    const { token } = (await call(server, 'GET', '/inventory/token')).body;
    await server.close();

    server = await start(dir);
    expect((await call(server, 'GET', '/inventory/counters/a')).body.value).toBe(2);
    expect((await call(server, 'GET', '/_sandbox/settings')).body).toEqual({
      tokenScale: 0.5,
      holdSeconds: 30,
      inventoryHealth: 'ok',
    });
    expect((await call(server, 'GET', '/_sandbox/outbox?to=guest@example.com')).body.items).toHaveLength(1);
    // The signing key is persisted too: a token issued before the restart still works.
    expect(
      (await call(server, 'GET', '/inventory/secure', undefined, { authorization: `Bearer ${token}` })).status,
    ).toBe(200);

    expect((await call(server, 'POST', '/_sandbox/reset')).status).toBe(200);
    expect((await call(server, 'GET', '/inventory/counters/a')).status).toBe(404);
    expect((await call(server, 'GET', '/_sandbox/outbox')).body.items).toEqual([]);
    expect((await call(server, 'GET', '/_sandbox/settings')).body).toEqual({
      tokenScale: 1,
      holdSeconds: 600,
      inventoryHealth: 'ok',
    });
    expect(
      (await call(server, 'GET', '/inventory/secure', undefined, { authorization: `Bearer ${token}` })).status,
    ).toBe(200);
  });

  it('keeps a damaged state file aside and starts from the demo data', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-sandbox-unit-'));
    dirs.push(dir);
    fs.writeFileSync(path.join(dir, 'state.json'), '{ not json');
    const server = await start(dir);
    expect((await call(server, 'GET', '/inventory/counters/demo')).body.value).toBe(1);
    expect(fs.readdirSync(dir).some((f) => f.startsWith('state.json.damaged-'))).toBe(true);
  });

  it('lists the outbox newest first, filtered by address, keeping the last 500', async () => {
    const server = await start();
    for (let i = 0; i < 503; i++)
      server.sandbox.mail({ to: i % 2 ? 'a@x.com' : 'b@x.com', subject: `#${i}`, body: '' });
    const all = (await call(server, 'GET', '/_sandbox/outbox')).body.items;
    expect(all).toHaveLength(500);
    expect(all[0].subject).toBe('#502');
    const toA = (await call(server, 'GET', '/_sandbox/outbox?to=A@x.com')).body.items;
    expect(toA.every((m: { to: string }) => m.to === 'a@x.com')).toBe(true);
    expect(all[0]).toMatchObject({
      id: expect.any(String),
      sentAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
    });
  });

  it('moves the clock for tokens and services', async () => {
    const server = await start();
    const { token } = (await call(server, 'GET', '/inventory/token')).body;
    const before = Date.parse((await call(server, 'GET', '/inventory/now')).body.now);
    const clock = await call(server, 'POST', '/_sandbox/clock', { advanceSeconds: 3601 });
    expect(clock.body.offsetSeconds).toBe(3601);
    expect(Date.parse((await call(server, 'GET', '/inventory/now')).body.now) - before).toBeGreaterThanOrEqual(
      3601_000,
    );
    const expired = await call(server, 'GET', '/inventory/secure', undefined, { authorization: `Bearer ${token}` });
    expect(expired).toMatchObject({ status: 401, body: { error: { code: 'unauthorized' } } });
    expect((await call(server, 'POST', '/_sandbox/clock', {})).status).toBe(400);
  });

  it('drops the connection after processing: the change is applied and on disk, the client gets no answer', async () => {
    const server = await start();
    await call(server, 'POST', '/_sandbox/faults', {
      dropAfterProcessing: { match: 'POST /inventory/counters/*', remaining: 1 },
    });
    await expect(call(server, 'POST', '/inventory/counters/lost')).rejects.toThrow();
    const saved = JSON.parse(fs.readFileSync(path.join(server.stateDir!, 'state.json'), 'utf8'));
    expect(saved.state.inventory.counters.lost).toBe(1);
    expect((await call(server, 'GET', '/inventory/counters/lost')).body.value).toBe(1);
    expect((await call(server, 'POST', '/inventory/counters/lost')).status).toBe(201);
  });

  it('fails the next N matching requests before processing, and never faults control routes', async () => {
    const server = await start();
    await call(server, 'POST', '/_sandbox/faults', {
      failNext: { match: 'POST /inventory/counters/x', remaining: 2, status: 503 },
      errorRate: 1,
      errorMatch: '/_sandbox/*',
    });
    expect((await call(server, 'POST', '/inventory/counters/x')).body.error.status).toBe(503);
    expect((await call(server, 'POST', '/inventory/counters/x')).status).toBe(503);
    expect((await call(server, 'POST', '/inventory/counters/x')).status).toBe(201);
    expect((await call(server, 'GET', '/inventory/counters/x')).body.value).toBe(1);
    expect((await call(server, 'GET', '/_sandbox/health')).status).toBe(200);
    await call(server, 'DELETE', '/_sandbox/faults');
    expect((await call(server, 'GET', '/_sandbox/faults')).body.failNext).toEqual([]);
  });

  it('adds latency and answers 429 with Retry-After', async () => {
    const server = await start();
    await call(server, 'POST', '/_sandbox/faults', { latencyMs: 120, latencyMatch: 'GET /inventory/counters/*' });
    const t0 = performance.now();
    await call(server, 'GET', '/inventory/counters/demo');
    expect(performance.now() - t0).toBeGreaterThanOrEqual(110);
    await call(server, 'POST', '/_sandbox/faults', { latencyMs: 0, rateLimitRate: 1, retryAfterSeconds: 4 });
    const limited = await call(server, 'GET', '/inventory/counters/demo');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('4');
    expect(limited.body.error.code).toBe('rate_limited');
  });

  it('a request failed before processing, body unread, leaves the connection usable', async () => {
    const server = await start();
    await call(server, 'POST', '/_sandbox/faults', {
      failNext: { match: 'POST /inventory/counters/*', remaining: 1, status: 500 },
    });
    const failed = await call(server, 'POST', '/inventory/counters/big', { pad: 'y'.repeat(200_000) });
    expect(failed).toMatchObject({ status: 500, body: { error: { status: 500, code: 'internal' } } });
    expect((await call(server, 'POST', '/inventory/counters/big', { pad: 'y' })).status).toBe(201);
    expect((await call(server, 'GET', '/inventory/counters/big')).body.value).toBe(1);
  });

  it('leaves out an emulator that fails to set up, and serves the others', async () => {
    const broken: SandboxService<object> = {
      name: 'booking',
      prefix: '/booking',
      demoState: () => ({}),
      register: () => {
        throw new Error('half-written emulator');
      },
    };
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-sandbox-unit-'));
    dirs.push(dir);
    const server = await createSandboxServer({ stateDir: dir, port: 0, services: [broken, counterService] });
    servers.push(server);
    expect((await call(server, 'GET', '/booking/anything')).status).toBe(404);
    expect((await call(server, 'GET', '/inventory/counters/demo')).body.value).toBe(1);
    expect((await call(server, 'GET', '/_sandbox/health')).body.services).toEqual(['booking', 'inventory']);
  });

  it('survives garbage on the socket, answering with the error body', async () => {
    const server = await start();
    const url = new URL(server.origin);
    const raw = (text: string) =>
      new Promise<string>((resolve) => {
        let answer = '';
        const socket = net.connect(Number(url.port), url.hostname, () => socket.write(text));
        socket.setEncoding('utf8').on('data', (d) => (answer += d));
        socket.on('close', () => resolve(answer));
        socket.on('error', () => resolve(answer));
      });
    const garbage = await raw('NOT HTTP AT ALL\r\n\r\n');
    expect(garbage).toMatch(/^HTTP\/1\.1 400/);
    expect(JSON.parse(garbage.split('\r\n\r\n')[1]!)).toMatchObject({
      error: { status: 400, code: 'malformed_request' },
    });
    const huge = await raw(`GET /_sandbox/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(huge).toMatch(/^HTTP\/1\.1 431/);
    expect((await call(server, 'GET', '/_sandbox/health')).body.ok).toBe(true);
  });
});
