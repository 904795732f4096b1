// The webhooks emulator inside the real sandbox core, over loopback: the
// subscriber rules of seed 002 (operations 18-21), the encrypted secret, and
// signed delivery with retries (backoff shortened for the test).

import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSandboxServer, type SandboxServer } from '../src/server.js';
import { createWebhooksService } from '../src/webhooks/index.js';
import type { WebhooksState } from '../src/webhooks/state.js';
import { expectContract } from './support/contract.js';

async function contract(method: string, template: string, status: number, body: unknown) {
  expectContract('inventory', method, template, status, body);
}

/** docs/api-conventions.md: `sha256=<hex>` of the raw body, keyed with the subscriber's secret (worked out here, not by the sandbox's code). */
const signatureOf = (body: Buffer, secret: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

interface Received {
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const SECRET = 'a-webhook-secret-of-some-length';
let server: SandboxServer;
let stateDir: string;
let token: string;
let receiver: http.Server;
let receiverUrl: string;
let received: Received[] = [];
/** Answers the receiver gives, in order; then 200. */
let answers: number[] = [];
const service = createWebhooksService({ backoffMs: [30, 30, 30, 30, 30], timeoutMs: 2000 });

async function call(method: string, url: string, body?: unknown, auth = true) {
  const response = await fetch(`${server.origin}${url}`, {
    method,
    headers: {
      ...(auth ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

const state = () => server.state().webhooks as WebhooksState;
const waitFor = async (check: () => boolean, ms = 5000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
};

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = answers.shift() ?? 200;
      res.end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-webhooks-'));
  server = await createSandboxServer({ stateDir, port: 0, services: [service], persistDelayMs: 5 });
  token = await server.sandbox.tokens.issue('inventory');
});

afterAll(async () => {
  await server?.close();
  await new Promise((r) => receiver.close(r));
  fs.rmSync(stateDir, { recursive: true, force: true });
});

beforeEach(() => {
  received = [];
  answers = [];
});

describe('subscriber routes', () => {
  it('creates a subscriber, never returning or storing the secret in clear', async () => {
    const created = await call('POST', '/inventory/webhooks', {
      url: 'https://erp.example.com/hooks',
      secret: SECRET,
      eventTypes: ['stock.adjusted', 'stock.adjusted'],
    });
    expect(created.status).toBe(201);
    expect(Object.keys(created.body).sort()).toEqual(['createdAt', 'eventTypes', 'id', 'isActive', 'updatedAt', 'url']);
    expect(created.body.eventTypes).toEqual(['stock.adjusted']);
    await contract('POST', '/webhooks', 201, created.body);
    const stored = state().subscribers.find((s) => s.id === created.body.id)!;
    expect(JSON.stringify(state())).not.toContain(SECRET);
    expect(stored.secretEncrypted).toMatch(/^v1:/);
    const listed = await call('GET', '/inventory/webhooks');
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain('secret');
    expect(listed.body.items.map((s: { id: string }) => s.id)).toContain(created.body.id);
    await contract('GET', '/webhooks', 200, listed.body);
  });

  it.each([
    [{ url: 'http://erp.example.com/hooks', secret: SECRET, eventTypes: ['stock.adjusted'] }, 'url'],
    [{ url: 'not a url', secret: SECRET, eventTypes: ['stock.adjusted'] }, 'url'],
    [{ url: 'https://erp.example.com/hooks', secret: 'short', eventTypes: ['stock.adjusted'] }, 'secret'],
    [{ url: 'https://erp.example.com/hooks', secret: SECRET, eventTypes: [] }, 'eventTypes'],
    [{ url: 'https://erp.example.com/hooks', secret: SECRET, eventTypes: ['stock.moved'] }, 'eventTypes'],
    [{ secret: SECRET, eventTypes: ['stock.adjusted'] }, 'url'],
    [{ url: 'https://erp.example.com/hooks', eventTypes: ['stock.adjusted'] }, 'secret'],
  ])('refuses %j with 400 naming %s', async (body, field) => {
    const answer = await call('POST', '/inventory/webhooks', body);
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('validation_failed');
    expect(answer.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    await contract('POST', '/webhooks', 400, answer.body);
  });

  it('allows http only for loopback hosts (the sandbox allows loopback http)', async () => {
    expect(
      (
        await call('POST', '/inventory/webhooks', {
          url: 'http://127.0.0.1:9/x',
          secret: SECRET,
          eventTypes: ['stock.counted'],
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await call('POST', '/inventory/webhooks', {
          url: 'http://localhost:9/x',
          secret: SECRET,
          eventTypes: ['stock.counted'],
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await call('POST', '/inventory/webhooks', {
          url: 'http://10.0.0.1:9/x',
          secret: SECRET,
          eventTypes: ['stock.counted'],
        })
      ).status,
    ).toBe(400);
  });

  it('needs an inventory token', async () => {
    const answer = await call('GET', '/inventory/webhooks', undefined, false);
    expect(answer.status).toBe(401);
    expect(answer.body.error.status).toBe(401);
    await contract('GET', '/webhooks', 401, answer.body);
  });

  it('updates only the fields given, and 400/404 on bad ids', async () => {
    const { body: created } = await call('POST', '/inventory/webhooks', {
      url: 'https://a.example.com/h',
      secret: SECRET,
      eventTypes: ['product.created'],
    });
    const before = state().subscribers.find((s) => s.id === created.id)!.secretEncrypted;
    const updated = await call('PATCH', `/inventory/webhooks/${created.id}`, {
      eventTypes: ['product.updated'],
      secret: 'another-secret-123456',
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id: created.id,
      url: 'https://a.example.com/h',
      eventTypes: ['product.updated'],
    });
    expect(state().subscribers.find((s) => s.id === created.id)!.secretEncrypted).not.toBe(before);
    await contract('PATCH', '/webhooks/{webhookId}', 200, updated.body);
    expect((await call('PATCH', `/inventory/webhooks/${created.id}`, { secret: 'short' })).status).toBe(400);
    expect((await call('PATCH', `/inventory/webhooks/${created.id}`, {})).status).toBe(400);
    const malformed = await call('PATCH', '/inventory/webhooks/not-a-uuid', { eventTypes: ['product.updated'] });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.details[0]).toEqual({ field: 'webhookId', rule: 'must be a UUID' });
    await contract('PATCH', '/webhooks/{webhookId}', 400, malformed.body);
    const unknown = await call('PATCH', '/inventory/webhooks/00000000-0000-4000-8000-000000000000', {
      eventTypes: ['product.updated'],
    });
    expect(unknown.status).toBe(404);
    await contract('PATCH', '/webhooks/{webhookId}', 404, unknown.body);
  });

  it('deletes with 204; the subscriber leaves the list, and a second delete is 404', async () => {
    const { body: created } = await call('POST', '/inventory/webhooks', {
      url: 'https://b.example.com/h',
      secret: SECRET,
      eventTypes: ['product.created'],
    });
    const deleted = await call('DELETE', `/inventory/webhooks/${created.id}`);
    expect(deleted.status).toBe(204);
    const listed = await call('GET', '/inventory/webhooks');
    expect(listed.body.items.map((s: { id: string }) => s.id)).not.toContain(created.id);
    const gone = await call('DELETE', `/inventory/webhooks/${created.id}`);
    expect(gone.status).toBe(404);
    await contract('DELETE', '/webhooks/{webhookId}', 404, gone.body);
    const malformed = await call('DELETE', '/inventory/webhooks/1234');
    expect(malformed.status).toBe(400);
    await contract('DELETE', '/webhooks/{webhookId}', 400, malformed.body);
  });
});

describe('delivery', () => {
  it('POSTs the signed body with the documented headers to subscribers wanting the type', async () => {
    const { body: sub } = await call('POST', '/inventory/webhooks', {
      url: receiverUrl,
      secret: SECRET,
      eventTypes: ['stock.received'],
    });
    server.sandbox.emitInventoryEvent('stock.received', { productId: 1001, quantity: 5 });
    server.sandbox.emitInventoryEvent('product.created', { productId: 7 }); // not wanted
    await waitFor(() => received.length >= 1);
    await service.engine.idle();
    expect(received).toHaveLength(1);
    const [hit] = received;
    const delivery = state().deliveries.find((d) => d.subscriberId === sub.id)!;
    expect(hit!.body.toString()).toBe(delivery.body);
    expect(hit!.headers['x-inventory-event']).toBe('stock.received');
    expect(hit!.headers['x-inventory-delivery']).toBe(delivery.id);
    expect(hit!.headers['x-inventory-timestamp']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(hit!.headers['x-inventory-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(hit!.headers['x-inventory-signature']).toBe(signatureOf(hit!.body, SECRET));
    const parsed = JSON.parse(hit!.body.toString());
    expect(parsed).toMatchObject({ type: 'stock.received', data: { productId: 1001, quantity: 5 } });
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, lastStatus: 200 });
    await call('DELETE', `/inventory/webhooks/${sub.id}`);
  });

  it('retries a failing receiver with the same delivery id, then marks it delivered', async () => {
    const { body: sub } = await call('POST', '/inventory/webhooks', {
      url: receiverUrl,
      secret: SECRET,
      eventTypes: ['stock.counted'],
    });
    answers = [500, 503];
    server.sandbox.emitInventoryEvent('stock.counted', { stockTakeId: 1 });
    await waitFor(() => received.length >= 3);
    await service.engine.idle();
    expect(new Set(received.map((r) => r.headers['x-inventory-delivery'])).size).toBe(1);
    const delivery = state().deliveries.find((d) => d.subscriberId === sub.id)!;
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 3, lastStatus: 200 });
    await call('DELETE', `/inventory/webhooks/${sub.id}`);
  });

  it('gives up after 6 attempts and can be redelivered through the control API', async () => {
    const { body: sub } = await call('POST', '/inventory/webhooks', {
      url: receiverUrl,
      secret: SECRET,
      eventTypes: ['product.updated'],
    });
    answers = [500, 500, 500, 500, 500, 500];
    server.sandbox.emitInventoryEvent('product.updated', { productId: 3 });
    await waitFor(() => state().deliveries.some((d) => d.subscriberId === sub.id && d.status === 'failed'));
    expect(received).toHaveLength(6);
    const failed = await call('GET', '/_sandbox/webhooks/deliveries?status=failed', undefined, false);
    const delivery = failed.body.items.find((d: { subscriberId: string }) => d.subscriberId === sub.id);
    expect(delivery).toMatchObject({ attempts: 6, lastStatus: 500, status: 'failed', nextAttemptAt: null });
    const again = await call('POST', `/_sandbox/webhooks/deliveries/${delivery.id}/redeliver`, undefined, false);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: delivery.id, status: 'delivered', attempts: 1 });
    expect(received).toHaveLength(7);
    expect((await call('GET', '/_sandbox/webhooks/deliveries?status=bogus', undefined, false)).status).toBe(400);
    expect((await call('POST', '/_sandbox/webhooks/deliveries/nope/redeliver', undefined, false)).status).toBe(404);
    await call('DELETE', `/inventory/webhooks/${sub.id}`);
  });

  it('records a receiver that does not answer as a failed attempt', async () => {
    const { body: sub } = await call('POST', '/inventory/webhooks', {
      url: 'http://127.0.0.1:1/nothing',
      secret: SECRET,
      eventTypes: ['stock.adjusted'],
    });
    server.sandbox.emitInventoryEvent('stock.adjusted', { productId: 1 });
    // The attempt is counted before its failure is written down: wait for both.
    await waitFor(() =>
      state().deliveries.some((d) => d.subscriberId === sub.id && d.attempts >= 1 && d.lastError !== null),
    );
    const delivery = state().deliveries.find((d) => d.subscriberId === sub.id)!;
    expect(delivery.lastStatus).toBeNull();
    expect(delivery.lastError).toMatch(/ECONNREFUSED/);
    await call('DELETE', `/inventory/webhooks/${sub.id}`);
    await waitFor(
      () => delivery.status === 'failed' || state().deliveries.find((d) => d.id === delivery.id)!.status === 'failed',
    );
  });

  it('lists deliveries newest first, filtered by type', async () => {
    const listed = await call('GET', '/_sandbox/webhooks/deliveries?type=stock.received', undefined, false);
    expect(listed.status).toBe(200);
    expect(listed.body.items.every((d: { type: string }) => d.type === 'stock.received')).toBe(true);
    const all = (await call('GET', '/_sandbox/webhooks/deliveries', undefined, false)).body.items as Array<{
      createdAt: string;
    }>;
    const times = all.map((d) => d.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });
});
