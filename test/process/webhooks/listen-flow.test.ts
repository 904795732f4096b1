// The whole path of issue 5: `sandbox trigger` → the sandbox signs and delivers
// → `venue webhooks listen` verifies and forwards → a plain receiver gets the
// identical bytes. Tampered, wrongly signed and malformed requests are refused
// and reported, and the listener keeps running through them.

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sign } from '../../../src/lib/webhooks/signature.js';
import { startSandbox, tempDir, type SandboxHandle } from '../../support/in-process.js';
import {
  post,
  startListener,
  startReceiver,
  waitUntil,
  type ListenerProcess,
  type Receiver,
} from '../../support/webhooks.js';

const SECRET = 'e2e-webhook-secret-0123456789';
let sb: SandboxHandle;
let receiver: Receiver;
let listener: ListenerProcess;
let saveDir: string;
let subscriberId: string;

interface Delivery {
  id: string;
  subscriberId: string;
  body: string;
  status: string;
  attempts: number;
  lastStatus: number | null;
}

beforeAll(async () => {
  sb = await startSandbox();
  receiver = await startReceiver();
  saveDir = tempDir('venue-webhooks-saved-');
  listener = await startListener(
    ['--path', '/hooks', '--secret-env', 'WH_SECRET', '--forward-to', receiver.url, '--save', saveDir],
    {
      ...sb.env,
      WH_SECRET: SECRET,
    },
  );
}, 60_000);

afterAll(async () => {
  await listener?.stop();
  await receiver?.close();
  await sb?.stop();
  if (saveDir) fs.rmSync(saveDir, { recursive: true, force: true });
});

describe('sandbox → listener → app', () => {
  it('creates a subscriber for the listener with a secret from stdin, never showing it', async () => {
    const created = await sb.run(
      [
        'webhooks',
        'create',
        '--yes',
        '--url',
        listener.url,
        '--events',
        'stock.adjusted',
        '--secret-stdin',
        '-o',
        'json',
      ],
      { input: `${SECRET}\n` },
    );
    expect(created.stderr).toContain('plain http');
    expect(created.code).toBe(0);
    // The write's outcome: the service's subscriber under record; a secret read from stdin is never shown.
    const outcome = JSON.parse(created.stdout);
    expect(outcome.venue).toBeUndefined();
    const subscriber = outcome.record;
    expect(subscriber).toMatchObject({ url: listener.url, eventTypes: ['stock.adjusted'], isActive: true });
    expect(subscriber.secret).toBeUndefined();
    expect(created.stdout + created.stderr).not.toContain(SECRET);
    subscriberId = subscriber.id;
    const listed = await sb.run(['webhooks', 'list', '-o', 'json']);
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout).map((s: { id: string }) => s.id)).toContain(subscriberId);
    expect(listed.stdout).not.toContain(SECRET);
  });

  it('delivers a triggered event; the app receives the identical bytes and headers', async () => {
    const triggered = await sb.run(['sandbox', 'trigger', 'stock.adjusted', '--quantity', '2', '-o', 'json']);
    expect(triggered.code, triggered.stderr).toBe(0);
    const answer = JSON.parse(triggered.stdout);
    expect(answer.event.type).toBe('stock.adjusted');
    const mine = answer.deliveries.find((d: Delivery) => d.subscriberId === subscriberId);
    expect(mine).toMatchObject({ status: 'delivered', attempts: 1, lastStatus: 200 });

    await receiver.waitFor(1);
    const { items } = await sb.control<{ items: Delivery[] }>('GET', '/webhooks/deliveries?type=stock.adjusted');
    const record = items.find((d) => d.subscriberId === subscriberId)!;
    const hit = receiver.hits[0]!;
    expect(hit.body.equals(Buffer.from(record.body, 'utf8'))).toBe(true);
    expect(hit.headers['x-inventory-signature']).toBe(sign(record.body, SECRET));
    expect(hit.headers['x-inventory-delivery']).toBe(record.id);
    expect(hit.headers['x-inventory-event']).toBe('stock.adjusted');
    expect(hit.headers['content-type']).toBe('application/json');
    expect(JSON.parse(hit.body.toString())).toMatchObject({
      id: expect.any(String),
      type: 'stock.adjusted',
      data: expect.any(Object),
    });

    await waitUntil(() => listener.events().some((e) => e.kind === 'forwarded'), 5000, 'the forwarded event');
    const events = listener.events();
    expect(events).toContainEqual(
      expect.objectContaining({
        kind: 'delivery',
        verdict: 'accepted',
        deliveryId: record.id,
        type: 'stock.adjusted',
        status: 200,
      }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({ kind: 'forwarded', deliveryId: record.id, status: 200, target: receiver.url }),
    );
  });

  it('lists the sandbox deliveries', async () => {
    const listed = await sb.run(['sandbox', 'deliveries', '--status', 'delivered', '-o', 'json']);
    expect(listed.code).toBe(0);
    const rows = JSON.parse(listed.stdout);
    expect(rows[0]).toMatchObject({ subscriberId, status: 'delivered' });
    expect(rows[0].body).toBeUndefined();
  });

  it('refuses a tampered body, a wrong secret and an unsigned request with 401, and reports them', async () => {
    const body = JSON.stringify({
      id: 'tamper-1',
      type: 'stock.adjusted',
      createdAt: '2026-11-22T10:00:00Z',
      data: { quantity: 1 },
    });
    const tampered = await post(listener.url, body.replace('"quantity":1', '"quantity":9'), {
      'x-inventory-signature': sign(body, SECRET),
      'x-inventory-delivery': 'tamper-1',
    });
    expect(tampered.status).toBe(401);
    const wrongSecret = await post(listener.url, body, {
      'x-inventory-signature': sign(body, 'not-the-secret-at-all'),
      'x-inventory-delivery': 'wrong-secret-1',
    });
    expect(wrongSecret.status).toBe(401);
    const unsigned = await post(listener.url, body, { 'x-inventory-delivery': 'unsigned-1' });
    expect(unsigned.status).toBe(401);
    await waitUntil(() => listener.events().filter((e) => e.kind === 'rejected').length >= 3, 5000, 'three rejections');
    const rejected = listener.events().filter((e) => e.kind === 'rejected');
    expect(rejected).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ deliveryId: 'tamper-1', status: 401, reason: 'signature mismatch' }),
        expect.objectContaining({ deliveryId: 'wrong-secret-1', status: 401, reason: 'signature mismatch' }),
        expect.objectContaining({ deliveryId: 'unsigned-1', status: 401, reason: 'missing signature' }),
      ]),
    );
    expect(receiver.hits).toHaveLength(1); // nothing refused was relayed
  });

  it('keeps running through malformed requests: 400, 405, 404', async () => {
    const notJson = 'this is not json';
    expect((await post(listener.url, notJson, { 'x-inventory-signature': sign(notJson, SECRET) })).status).toBe(400);
    expect((await post(listener.url, '', {}, 'GET')).status).toBe(405);
    expect((await post(listener.url.replace('/hooks', '/elsewhere'), '{}', {})).status).toBe(404);
    const good = JSON.stringify({
      id: 'direct-1',
      type: 'stock.adjusted',
      createdAt: '2026-11-22T10:00:00Z',
      data: { note: 'Crème brûlée ☕' },
    });
    expect(
      (
        await post(listener.url, good, {
          'x-inventory-signature': sign(good, SECRET),
          'x-inventory-delivery': 'direct-1',
        })
      ).status,
    ).toBe(200);
    await receiver.waitFor(2);
    expect(receiver.hits[1]!.body.toString('utf8')).toBe(good);
    expect(
      listener
        .events()
        .filter((e) => e.kind === 'malformed')
        .map((e) => e.status),
    ).toEqual([400, 405, 404]);
    expect(listener.child.exitCode).toBeNull();
  });

  it('saved the verified events; verify checks them offline and replay resends them signed afresh', async () => {
    const files = fs
      .readdirSync(saveDir)
      .filter((f) => f.endsWith('.json'))
      .sort();
    expect(files).toHaveLength(2);
    const saved = JSON.parse(fs.readFileSync(path.join(saveDir, files[0]!), 'utf8'));
    const payloadFile = path.join(saveDir, 'payload.bin');
    fs.writeFileSync(payloadFile, saved.body);
    const signature = saved.headers['x-inventory-signature'];
    const good = await sb.run(
      ['webhooks', 'verify', '--secret-env', 'WH_SECRET', '--signature', signature, '--file', payloadFile],
      { env: { WH_SECRET: SECRET } },
    );
    expect(good.code, good.stderr).toBe(0);
    expect(good.stderr).toMatch(/signature valid/);
    const rotated = await sb.run(
      ['webhooks', 'verify', '--secret-env', 'NEW', '--secret-env', 'WH_SECRET', '--signature', signature],
      { env: { WH_SECRET: SECRET, NEW: 'the-next-secret-0000' }, input: saved.body },
    );
    expect(rotated.code).toBe(0);
    const bad = await sb.run(['webhooks', 'verify', '--secret-env', 'WH_SECRET', '--signature', signature], {
      env: { WH_SECRET: SECRET },
      input: `${saved.body} `,
    });
    expect(bad.code).toBe(5);
    fs.rmSync(payloadFile);

    const replayed = await sb.run(
      ['webhooks', 'replay', saveDir, '--to', listener.url, '--secret-env', 'WH_SECRET', '-o', 'json'],
      { env: { WH_SECRET: SECRET } },
    );
    expect(replayed.code, replayed.stderr).toBe(0);
    expect(JSON.parse(replayed.stdout).map((r: { status: number }) => r.status)).toEqual([200, 200]);
    await receiver.waitFor(4);
    expect(receiver.hits[2]!.body.toString()).toBe(saved.body);
    const unsigned = await sb.run(['webhooks', 'replay', saveDir, '--to', listener.url]);
    expect(unsigned.code).toBe(5);
    expect(unsigned.stderr).toMatch(/unsigned/);
  });

  it('updates and deletes the subscriber', async () => {
    const updated = await sb.run([
      'webhooks',
      'update',
      '--yes',
      subscriberId,
      '--events',
      'stock.adjusted,stock.received',
      '--rotate-secret',
      '-o',
      'json',
    ]);
    expect(updated.code, updated.stderr).toBe(0);
    const outcome = JSON.parse(updated.stdout);
    expect(outcome).toMatchObject({ status: 'recorded', reference: subscriberId });
    expect(outcome.record.eventTypes).toEqual(['stock.adjusted', 'stock.received']);
    // The secret venue made is venue's own: under venue, never in the service's record.
    expect(outcome.venue.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(outcome.record.secret).toBeUndefined();
    expect(updated.stderr).toMatch(/shown only this once/);
    expect((await sb.run(['webhooks', 'delete', subscriberId])).code).toBe(2); // no TTY, no --yes
    const deleted = await sb.run(['webhooks', 'delete', subscriberId, '--yes']);
    expect(deleted.code).toBe(0);
    const again = await sb.run(['webhooks', 'delete', subscriberId, '--yes']);
    expect(again.code).toBe(4);
  });

  it('redelivers through `sandbox deliveries --redeliver`; a deleted subscriber gets nothing', async () => {
    const { items } = await sb.control<{ items: Delivery[] }>('GET', '/webhooks/deliveries?type=stock.adjusted');
    const record = items.find((d) => d.subscriberId === subscriberId)!;
    const hitsBefore = receiver.hits.length;
    const again = await sb.run(['sandbox', 'deliveries', '--redeliver', record.id, '-o', 'json']);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({
      id: record.id,
      status: 'failed',
      lastError: 'the subscriber was deleted',
    });
    expect(receiver.hits).toHaveLength(hitsBefore);
    expect((await sb.run(['sandbox', 'deliveries', '--redeliver', 'no-such-delivery'])).code).toBe(4);
  });
});
