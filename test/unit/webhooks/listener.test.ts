// The listen engine in process: verdicts and status codes, the typed events it
// emits, relaying with hop-by-hop headers dropped, and --save files.

import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { WebhookListener, relayHeaders, type ListenerEvent } from '../../../src/lib/webhooks/listener.js';
import { sign, signStandard } from '../../../src/lib/webhooks/signature.js';
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
    expect(
      events.map((e) => [
        e.kind,
        'status' in e ? e.status : undefined,
        'reason' in e ? e.reason : 'verdict' in e ? e.verdict : '',
      ]),
    ).toEqual([
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
    await send(url, body, {
      'x-inventory-signature': sign(body, SECRET),
      'x-inventory-delivery': 'header-id',
      'x-inventory-event': 'stock.counted',
    });
    expect(events[0]).toMatchObject({ deliveryId: 'header-id', type: 'stock.counted' });
  });

  it('finds the type where senders put it: X-Event-Type, X-<Sender>-Event, eventType or event_type in any casing; skips a decoy of another type', async () => {
    const { url, events } = await listen({ events: ['stock.adjusted'] });
    const deliveries: Array<[string, Record<string, string>]> = [
      ['{"id":"h1","data":{}}', { 'x-event-type': 'stock.adjusted' }],
      ['{"id":"h2","data":{}}', { 'X-GitHub-Event': 'stock.adjusted' }],
      ['{"id":"b1","eventType":"stock.adjusted"}', {}],
      ['{"id":"b2","EVENT_TYPE":"Stock.Adjusted"}', {}],
      ['{"id":"b3","type":42,"event":{"kind":"x"},"eventType":"stock.adjusted"}', {}],
      ['{"id":"o1","eventType":"product.created"}', {}],
    ];
    for (const [body, headers] of deliveries)
      expect(await send(url, body, { 'x-inventory-signature': sign(body, SECRET), ...headers })).toBe(200);
    expect(events.map((e) => e.kind === 'delivery' && [e.deliveryId, e.verdict, e.type, e.typeFrom])).toEqual([
      ['h1', 'accepted', 'stock.adjusted', 'header x-event-type'],
      ['h2', 'accepted', 'stock.adjusted', 'header x-github-event'],
      ['b1', 'accepted', 'stock.adjusted', 'body eventType'],
      ['b2', 'accepted', 'Stock.Adjusted', 'body EVENT_TYPE'],
      ['b3', 'accepted', 'stock.adjusted', 'body eventType'],
      ['o1', 'ignored', 'product.created', 'body eventType'],
    ]);
  });

  it('never drops a delivery whose type cannot be found: with --events it is accepted, relayed and saved, marked type unknown', async () => {
    const dir = tempDir('venue-save-');
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const { url, events } = await listen({ events: ['stock.adjusted'], saveDir: dir });
    const body = '{"id":"u1","data":{"quantity":2}}';
    expect(await send(url, body, { 'x-inventory-signature': sign(body, SECRET) })).toBe(200);
    expect(events[0]).toMatchObject({ kind: 'delivery', verdict: 'accepted', deliveryId: 'u1', typeUnknown: true });
    expect(events[0]!.type).toBeUndefined();
    expect(fs.readdirSync(dir)).toHaveLength(1);
  });

  it('verifies Standard Webhooks deliveries, told from their headers, beside HMAC ones', async () => {
    const standardSecret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const { url, events } = await listen({ secrets: [SECRET, standardSecret] });
    const body = '{"type":"stock.adjusted","data":{"quantity":2}}';
    const now = new Date();
    const headers = {
      'webhook-id': 'msg_unit_1',
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': await signStandard(body, 'msg_unit_1', now, standardSecret),
    };
    expect(await send(url, body, headers)).toBe(200);
    expect(await send(url, body.replace('2', '9'), headers)).toBe(401);
    const old = new Date(now.getTime() - 10 * 60 * 1000);
    expect(
      await send(url, body, {
        ...headers,
        'webhook-timestamp': String(Math.floor(old.getTime() / 1000)),
        'webhook-signature': await signStandard(body, 'msg_unit_1', old, standardSecret),
      }),
    ).toBe(401);
    const hmacBody = '{"id":"h1","type":"stock.received"}';
    expect(await send(url, hmacBody, { 'x-inventory-signature': sign(hmacBody, SECRET) })).toBe(200);
    expect(
      events.map((e) => [e.kind, e.deliveryId, 'scheme' in e ? e.scheme : '', 'reason' in e ? e.reason : '']),
    ).toEqual([
      ['delivery', 'msg_unit_1', 'standard', ''],
      ['rejected', 'msg_unit_1', 'standard', 'signature mismatch'],
      ['rejected', 'msg_unit_1', 'standard', 'timestamp outside the 5-minute tolerance'],
      ['delivery', 'h1', 'hmac', ''],
    ]);
  });

  it('with scheme hmac, a delivery signed only the Standard Webhooks way is unsigned (401)', async () => {
    const { url, events } = await listen({ scheme: 'hmac', secrets: ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'] });
    const now = new Date();
    const body = '{"type":"stock.adjusted"}';
    const signature = await signStandard(body, 'msg_2', now, 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw');
    expect(
      await send(url, body, {
        'webhook-id': 'msg_2',
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': signature,
      }),
    ).toBe(401);
    expect(events[0]).toMatchObject({ kind: 'rejected', reason: 'missing signature', scheme: 'hmac' });
  });

  it('relays the exact bytes and the headers minus hop-by-hop ones, and reports the status', async () => {
    const got: Array<{ headers: http.IncomingHttpHeaders; body: Buffer }> = [];
    const app = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req
        .on('data', (c: Buffer) => chunks.push(c))
        .on('end', () => {
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
    await send(url, body, {
      'x-inventory-signature': sign(body, SECRET),
      'x-custom': 'kept',
      'content-type': 'application/json',
    });
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
    expect((await iterator.next()).value).toMatchObject({
      kind: 'forward-failed',
      error: expect.stringMatching(/ECONNREFUSED/),
    });
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
      relayHeaders({
        connection: 'keep-alive, x-private',
        'keep-alive': 'timeout=5',
        'transfer-encoding': 'chunked',
        host: 'a',
        'content-length': '3',
        'x-private': '1',
        'x-inventory-event': 'stock.adjusted',
        'x-multi': ['a', 'b'],
      }),
    ).toEqual({ 'x-inventory-event': 'stock.adjusted', 'x-multi': 'a, b' });
  });
});
