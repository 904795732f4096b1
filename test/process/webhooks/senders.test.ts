// Webhooks the way senders send them (issue 18, item 8), through the built
// binary: the event type wherever a sender puts it (X-Event-Type, eventType…),
// a delivery whose type cannot be found shown rather than dropped, and
// Standard Webhooks signatures (webhook-id, webhook-timestamp, v1,<base64>,
// whsec_ secrets) verified beside the inventory's HMAC, by listen and verify.

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sign, signStandard } from '../../../src/lib/webhooks/signature.js';
import { STANDARD_WEBHOOKS_VECTOR } from '../../support/standard-webhooks.js';
import { runVenue, tempDir } from '../../support/in-process.js';
import {
  post,
  startListener,
  startReceiver,
  waitUntil,
  type ListenerProcess,
  type Receiver,
} from '../../support/webhooks.js';

const HMAC_SECRET = 'e2e-senders-hmac-secret-0123';
const VECTOR = STANDARD_WEBHOOKS_VECTOR;
const env = { WH_SECRET: HMAC_SECRET, SW_SECRET: VECTOR.secret };

let receiver: Receiver;
let listener: ListenerProcess;
let table: ListenerProcess;
let saveDir: string;

beforeAll(async () => {
  receiver = await startReceiver();
  saveDir = tempDir('venue-senders-saved-');
  listener = await startListener(
    [
      '--path',
      '/hooks',
      '--secret-env',
      'WH_SECRET',
      '--secret-env',
      'SW_SECRET',
      '--events',
      'stock.adjusted',
      '--forward-to',
      receiver.url,
      '--save',
      saveDir,
    ],
    env,
  );
  table = await startListener(
    ['--path', '/hooks', '--secret-env', 'WH_SECRET', '--events', 'stock.adjusted', '-o', 'table'],
    env,
  );
}, 60_000);

afterAll(async () => {
  await listener?.stop();
  await table?.stop();
  await receiver?.close();
  if (saveDir) fs.rmSync(saveDir, { recursive: true, force: true });
});

const hmacHeaders = (body: string, extra: Record<string, string> = {}) => ({
  'x-inventory-signature': sign(body, HMAC_SECRET),
  ...extra,
});
const delivery = (id: string) => listener.events().find((e) => e.deliveryId === id);

describe('listen --events stock.adjusted: the type wherever the sender put it', () => {
  it('a delivery typed only by an X-Event-Type header is shown, accepted and relayed', async () => {
    const body = JSON.stringify({ id: 'xet-1', data: { productId: 1001, quantity: -2 } });
    expect((await post(listener.url, body, hmacHeaders(body, { 'X-Event-Type': 'stock.adjusted' }))).status).toBe(200);
    await waitUntil(() => delivery('xet-1') !== undefined, 5000, 'the X-Event-Type delivery');
    expect(delivery('xet-1')).toMatchObject({
      kind: 'delivery',
      verdict: 'accepted',
      type: 'stock.adjusted',
      typeFrom: 'header x-event-type',
      forwarding: true,
    });
    await receiver.waitFor(1);
    expect(receiver.hits[0]!.body.toString()).toBe(body);
  });

  it('a delivery typed only by an eventType field is shown and accepted; a decoy "type" of another kind is skipped', async () => {
    const body = JSON.stringify({ id: 'evt-1', type: 7, eventType: 'stock.adjusted', data: {} });
    expect((await post(listener.url, body, hmacHeaders(body))).status).toBe(200);
    await waitUntil(() => delivery('evt-1') !== undefined, 5000, 'the eventType delivery');
    expect(delivery('evt-1')).toMatchObject({
      verdict: 'accepted',
      type: 'stock.adjusted',
      typeFrom: 'body eventType',
    });
  });

  it('an untyped delivery is shown as of unknown type and relayed, never silently dropped; another type is ignored', async () => {
    const untyped = JSON.stringify({ id: 'untyped-1', data: { quantity: 3 } });
    expect((await post(listener.url, untyped, hmacHeaders(untyped))).status).toBe(200);
    const other = JSON.stringify({ id: 'other-1', event_type: 'product.created' });
    expect((await post(listener.url, other, hmacHeaders(other))).status).toBe(200);
    await waitUntil(
      () => delivery('untyped-1') !== undefined && delivery('other-1') !== undefined,
      5000,
      'both deliveries',
    );
    expect(delivery('untyped-1')).toMatchObject({ kind: 'delivery', verdict: 'accepted', typeUnknown: true });
    expect(delivery('untyped-1')!.type).toBeUndefined();
    expect(delivery('other-1')).toMatchObject({
      verdict: 'ignored',
      type: 'product.created',
      typeFrom: 'body event_type',
    });
    await waitUntil(
      () => receiver.hits.some((h) => h.body.toString() === untyped),
      5000,
      'the untyped delivery at the app',
    );
    expect(receiver.hits.some((h) => h.body.toString() === other)).toBe(false);
  });

  it('on a table, the untyped delivery reads "(type unknown)", and the stop line counts it', async () => {
    const untyped = JSON.stringify({ id: 'untyped-table-1' });
    expect((await post(table.url, untyped, hmacHeaders(untyped))).status).toBe(200);
    await waitUntil(() => table.stdout().includes('untyped-table-1'), 5000, 'the table line');
    expect(table.stdout()).toMatch(/\(type unknown\)\s+untyped-table-1\s+accepted/);
    expect(await table.stop('SIGTERM')).toBe(0);
    expect(table.stderr()).toMatch(/stopped: 1 accepted \(1 of unknown type\)/);
  });
});

describe('Standard Webhooks', () => {
  it('listen verifies a delivery signed the Standard Webhooks way (told from its headers), and refuses a tampered or stale one', async () => {
    const body = JSON.stringify({ type: 'stock.adjusted', data: { productId: 1001, quantity: 5 } });
    const now = new Date();
    const headers = {
      'webhook-id': 'msg_e2e_fresh',
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': await signStandard(body, 'msg_e2e_fresh', now, VECTOR.secret),
    };
    expect((await post(listener.url, body, headers)).status).toBe(200);
    expect(
      (await post(listener.url, body.replace('5', '50'), { ...headers, 'webhook-id': 'msg_e2e_fresh' })).status,
    ).toBe(401);
    // The specification's vector itself: a good signature, but from 2021.
    const stale = {
      'webhook-id': VECTOR.id,
      'webhook-timestamp': VECTOR.timestamp,
      'webhook-signature': VECTOR.signature,
    };
    expect((await post(listener.url, VECTOR.payload, stale)).status).toBe(401);
    await waitUntil(
      () => listener.events().filter((e) => e.scheme === 'standard').length >= 3,
      5000,
      'three Standard Webhooks events',
    );
    const standard = listener.events().filter((e) => e.scheme === 'standard');
    expect(standard).toEqual([
      expect.objectContaining({
        kind: 'delivery',
        verdict: 'accepted',
        deliveryId: 'msg_e2e_fresh',
        type: 'stock.adjusted',
        typeFrom: 'body type',
      }),
      expect.objectContaining({ kind: 'rejected', deliveryId: 'msg_e2e_fresh', reason: 'signature mismatch' }),
      expect.objectContaining({
        kind: 'rejected',
        deliveryId: VECTOR.id,
        reason: 'timestamp outside the 5-minute tolerance',
      }),
    ]);
    expect(listener.stdout() + listener.stderr()).not.toContain(VECTOR.secret.slice('whsec_'.length));
  });

  it("verify: a fresh signature of the vector is valid; tampered body or id is refused; the vector's own 2021 timestamp is refused as outside the tolerance", async () => {
    const dir = tempDir('venue-senders-verify-');
    try {
      const file = path.join(dir, 'payload.json');
      fs.writeFileSync(file, VECTOR.payload);
      const now = new Date();
      const timestamp = String(Math.floor(now.getTime() / 1000));
      const signature = await signStandard(VECTOR.payload, VECTOR.id, now, VECTOR.secret);
      const verify = (args: string[], input?: string) =>
        runVenue(['webhooks', 'verify', '--secret-env', 'WH_SECRET', '--secret-env', 'SW_SECRET', ...args], {
          env,
          input,
        });
      const good = await verify([
        '--signature',
        signature,
        '--webhook-id',
        VECTOR.id,
        '--webhook-timestamp',
        timestamp,
        '--file',
        file,
      ]);
      expect(good.code, good.stderr).toBe(0);
      expect(good.stderr).toMatch(/signature valid \(Standard Webhooks, 20 bytes, secret from SW_SECRET\)/);
      const tampered = await verify(
        ['--signature', signature, '--webhook-id', VECTOR.id, '--webhook-timestamp', timestamp],
        '{"test": 2432232315}',
      );
      expect(tampered.code).toBe(5);
      expect(tampered.stderr).toMatch(/signature mismatch/);
      const otherId = await verify([
        '--signature',
        signature,
        '--webhook-id',
        'msg_other',
        '--webhook-timestamp',
        timestamp,
        '--file',
        file,
      ]);
      expect(otherId.code).toBe(5);
      const vector = await verify([
        '--signature',
        VECTOR.signature,
        '--webhook-id',
        VECTOR.id,
        '--webhook-timestamp',
        VECTOR.timestamp,
        '--file',
        file,
      ]);
      expect(vector.code).toBe(5);
      expect(vector.stderr).toMatch(/timestamp outside the 5-minute tolerance/);
      expect(vector.stderr + vector.stdout + good.stderr + good.stdout).not.toContain(
        'MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('replay re-signs a saved Standard Webhooks delivery the same way (same id, new timestamp), and the listener verifies it', async () => {
    const saved = fs.readdirSync(saveDir).filter((f) => f.includes('msg_e2e_fresh'));
    expect(saved).toHaveLength(1);
    const before = listener.events().length;
    const replayed = await runVenue(
      [
        'webhooks',
        'replay',
        path.join(saveDir, saved[0]!),
        '--to',
        listener.url,
        '--secret-env',
        'SW_SECRET',
        '-o',
        'json',
      ],
      { env },
    );
    expect(replayed.code, replayed.stderr).toBe(0);
    await waitUntil(() => listener.events().length > before, 5000, 'the replayed delivery');
    expect(listener.events().slice(before)[0]).toMatchObject({
      kind: 'delivery',
      verdict: 'accepted',
      scheme: 'standard',
      deliveryId: 'msg_e2e_fresh',
    });
    // An HMAC secret cannot sign it: refused before anything is sent.
    const wrong = await runVenue(
      ['webhooks', 'replay', path.join(saveDir, saved[0]!), '--to', listener.url, '--secret-env', 'WH_SECRET'],
      { env },
    );
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(/whsec_/);
  });
});
