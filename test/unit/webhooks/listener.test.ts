// The listen engine in process: verdicts and status codes, the typed events it
// emits, relaying with hop-by-hop headers dropped, and --save files.

import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WebhookListener, relayHeaders, type ListenerEvent } from '../../../src/lib/webhooks/listener.js';
import { sign } from '../../../src/lib/webhooks/signature.js';
import { tempDir } from '../../support/venue.js';

const SECRET = 'unit-listener-secret-000';
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function listen(options: Partial<ConstructorParameters<typeof WebhookListener>[0]> = {}) {
  const listener = new WebhookListener({ secrets: [SECRET], path: '/hooks', ...options });
  const url = await listener.start();
  const events: ListenerEvent[] = [];
  listener.on('event', (e: ListenerEvent) => events.push(e));
  cleanups.push(() => listener.close());
  return { listener, url, events };
}

const send = (url: string, body: string, headers: Record<string, string> = {}, method = 'POST') =>
  fetch(url, { method, body: method === 'POST' ? body : undefined, headers }).then((r) => r.status);

describe('WebhookListener', () => {
  it('answers 200, 401, 400, 405, 404 and 413 and says why', async () => {
    const { url, events } = await listen({ maxBodyBytes: 1000 });
    const good = '{"id":"a","type":"stock.adjusted"}';
    expect(await send(url, good, { 'x-inventory-signature': sign(good, SECRET) })).toBe(200);
    expect(await send(url, good, { 'x-inventory-signature': sign(`${good} `, SECRET) })).toBe(401);
    expect(await send(url, good, { 'x-inventory-signature': 'sha256=zz' })).toBe(401);
    expect(await send(url, '[1,2]', { 'x-inventory-signature': sign('[1,2]', SECRET) })).toBe(400);
    expect(await send(url, '', {}, 'GET')).toBe(405);
    expect(await send(url.replace('/hooks', '/x'), good)).toBe(404);
    const big = JSON.stringify({ pad: 'x'.repeat(2000) });
    expect(await send(url, big, { 'x-inventory-signature': sign(big, SECRET) })).toBe(413);
    expect(events.map((e) => [e.kind, 'status' in e ? e.status : undefined, 'reason' in e ? e.reason : 'verdict' in e ? e.verdict : ''])).toEqual([
      ['delivery', 200, 'accepted'],
      ['rejected', 401, 'signature mismatch'],
      ['rejected', 401, 'unreadable signature'],
      ['malformed', 400, 'signed body is not a JSON object'],
      ['malformed', 405, 'method GET not allowed'],
      ['malformed', 404, 'unknown path /x'],
      ['malformed', 413, 'body too large'],
    ]);
    expect(events[0]).toMatchObject({ deliveryId: 'a', type: 'stock.adjusted', bytes: good.length });
  });

  it('takes the type and id from the headers first, then the body', async () => {
    const { url, events } = await listen();
    const body = '{"id":"body-id","type":"stock.counted"}';
    await send(url, body, { 'x-inventory-signature': sign(body, SECRET), 'x-inventory-delivery': 'header-id', 'x-inventory-event': 'stock.counted' });
    expect(events[0]).toMatchObject({ deliveryId: 'header-id', type: 'stock.counted' });
  });

  it('relays the exact bytes and the headers minus hop-by-hop ones, and reports the status', async () => {
    const got: Array<{ headers: http.IncomingHttpHeaders; body: Buffer }> = [];
    const app = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c)).on('end', () => {
        got.push({ headers: req.headers, body: Buffer.concat(chunks) });
        res.statusCode = 202;
        res.end();
      });
    });
    await new Promise<void>((r) => app.listen(0, '127.0.0.1', r));
    cleanups.push(() => new Promise<void>((r) => app.close(() => r())));
    const forwardTo = `http://127.0.0.1:${(app.address() as AddressInfo).port}/in`;
    const { listener, url } = await listen({ forwardTo });
    const iterator = listener.events();
    const body = '{"id":"f1","type":"stock.received","data":{"name":"Ünïcødé"}}';
    await send(url, body, { 'x-inventory-signature': sign(body, SECRET), 'x-custom': 'kept', 'content-type': 'application/json' });
    const first = (await iterator.next()).value as ListenerEvent;
    const second = (await iterator.next()).value as ListenerEvent;
    expect(first).toMatchObject({ kind: 'delivery', forwarding: true });
    expect(second).toMatchObject({ kind: 'forwarded', status: 202, target: forwardTo, seq: first.seq });
    expect(got[0]!.body.toString('utf8')).toBe(body);
    expect(got[0]!.headers['x-custom']).toBe('kept');
    expect(got[0]!.headers['x-inventory-signature']).toBe(sign(body, SECRET));
  });

  it('reports a relay that cannot connect', async () => {
    const { listener, url } = await listen({ forwardTo: 'http://127.0.0.1:1/nowhere' });
    const iterator = listener.events();
    const body = '{"id":"f2"}';
    expect(await send(url, body, { 'x-inventory-signature': sign(body, SECRET) })).toBe(200);
    await iterator.next();
    expect((await iterator.next()).value).toMatchObject({ kind: 'forward-failed', error: expect.stringMatching(/ECONNREFUSED/) });
  });

  it('saves headers and raw body for replay', async () => {
    const dir = tempDir('venue-save-');
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const { url, events } = await listen({ saveDir: dir });
    const body = '{"id":"s1","type":"product.created"}';
    await send(url, body, { 'x-inventory-signature': sign(body, SECRET), 'x-inventory-delivery': 's1' });
    const [file] = fs.readdirSync(dir);
    expect(file).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-s1\.json$/);
    const saved = JSON.parse(fs.readFileSync(path.join(dir, file!), 'utf8'));
    expect(saved).toMatchObject({ deliveryId: 's1', body, bodyEncoding: 'utf8' });
    expect(saved.headers['x-inventory-signature']).toBe(sign(body, SECRET));
    expect(events[0]).toMatchObject({ savedTo: path.join(dir, file!) });
  });

  it('ends the event stream on close', async () => {
    const { listener } = await listen();
    const iterator = listener.events();
    const pending = iterator.next();
    await listener.close();
    expect(await pending).toEqual({ value: undefined, done: true });
  });
});

describe('relayHeaders', () => {
  it('drops hop-by-hop headers and those named in Connection', () => {
    expect(
      relayHeaders({ connection: 'keep-alive, x-private', 'keep-alive': 'timeout=5', 'transfer-encoding': 'chunked', host: 'a', 'content-length': '3', 'x-private': '1', 'x-inventory-event': 'stock.adjusted', 'x-multi': ['a', 'b'] }),
    ).toEqual({ 'x-inventory-event': 'stock.adjusted', 'x-multi': 'a, b' });
  });
});
