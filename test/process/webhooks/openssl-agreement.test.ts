// The listener's verdicts agree with `openssl dgst -sha256 -hmac`: what openssl
// signs is accepted (hex, with or without the prefix, and as base64), what it
// signs with another secret or over other bytes is refused. Payloads include
// non-ASCII text and a 1 MB body.

import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../support/in-process.js';
import { post, startListener, waitUntil, type ListenerProcess } from '../../support/webhooks.js';

const SECRET = 'openssl-agreement-secret-ÄÖ-42';
const hasOpenssl = spawnSync('openssl', ['version']).status === 0;
let listener: ListenerProcess;
let dir: string;

function opensslHex(file: string, secret: string): string {
  const out = execFileSync('openssl', ['dgst', '-sha256', '-hmac', secret, '-r', file], { encoding: 'utf8' });
  return out.trim().split(/\s+/)[0]!;
}

const bigItems = Array.from({ length: 9000 }, (_, i) => ({
  productId: 1000 + i,
  name: `Prize ${i} — ünïcødé 🎟`,
  quantity: i % 17,
}));
const payloads: Array<[string, string]> = [
  ['plain ASCII', JSON.stringify({ id: 'p-ascii', type: 'stock.adjusted', data: { quantity: -2 } })],
  [
    'non-ASCII',
    JSON.stringify({
      id: 'p-utf8',
      type: 'product.created',
      data: { productName: 'Crème brûlée ☕ 漢字 🎟️', note: 'Ωμέγα' },
    }),
  ],
  [
    'pretty-printed with CRLF',
    JSON.stringify({ id: 'p-crlf', type: 'stock.counted', data: { a: 1 } }, null, 2).replace(/\n/g, '\r\n'),
  ],
  ['empty object', '{}'],
  ['1 MB', JSON.stringify({ id: 'p-big', type: 'stock.received', data: { items: bigItems } }).padEnd(1024 * 1024, ' ')],
];

beforeAll(async () => {
  if (!hasOpenssl) return;
  dir = tempDir('venue-openssl-');
  listener = await startListener(['--secret-env', 'WH_SECRET'], { WH_SECRET: SECRET, VENUE_CONFIG_DIR: dir });
}, 30_000);

afterAll(async () => {
  await listener?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!hasOpenssl)('listener verdicts against openssl', () => {
  it('the 1 MB payload is really at least 1 MB', () => {
    expect(Buffer.byteLength(payloads[4]![1])).toBeGreaterThanOrEqual(1024 * 1024);
  });

  it.each(payloads)('%s: accepted with the openssl signature, refused otherwise', async (name, payload) => {
    const file = path.join(dir, `${name.replace(/\W+/g, '-')}.json`);
    fs.writeFileSync(file, payload);
    const hex = opensslHex(file, SECRET);
    expect(hex).toMatch(/^[0-9a-f]{64}$/);
    const base64 = Buffer.from(hex, 'hex').toString('base64');
    for (const signature of [`sha256=${hex}`, hex, hex.toUpperCase(), base64, `sha256=${base64}`]) {
      expect((await post(listener.url, payload, { 'x-inventory-signature': signature })).status, signature).toBe(200);
    }
    const otherSecret = opensslHex(file, `${SECRET}x`);
    expect((await post(listener.url, payload, { 'x-inventory-signature': `sha256=${otherSecret}` })).status).toBe(401);
    const changed = payload.replace('{', '{ '); // still JSON, one byte more
    fs.writeFileSync(file, changed);
    const changedHex = opensslHex(file, SECRET);
    expect((await post(listener.url, payload, { 'x-inventory-signature': `sha256=${changedHex}` })).status).toBe(401);
    expect((await post(listener.url, changed, { 'x-inventory-signature': `sha256=${hex}` })).status).toBe(401);
  });

  it('reported one accepted delivery per good signature and every refusal', async () => {
    await waitUntil(() => listener.events().length >= payloads.length * 8, 5000, 'every event on the listener output');
    const events = listener.events();
    expect(events.filter((e) => e.kind === 'delivery' && e.verdict === 'accepted')).toHaveLength(payloads.length * 5);
    expect(events.filter((e) => e.kind === 'rejected')).toHaveLength(payloads.length * 3);
    expect(events.find((e) => e.kind === 'delivery' && e.deliveryId === 'p-big')?.bytes).toBeGreaterThanOrEqual(
      1024 * 1024,
    );
  });
});
