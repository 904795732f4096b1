// `venue __complete` through the built binary, against a private sandbox: the
// candidates the shell scripts print, ids fetched from the service into the
// cache and then served from it, receipts from the local journal, and a
// service that does not answer completing nothing, quickly and silently.

import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runVenue, startSandbox, tempDir, type SandboxHandle } from '../../support/in-process.js';
import { webhookCreateFlags } from '../../support/webhook-flags.js';

let sb: SandboxHandle;
let dir: string;

beforeAll(async () => {
  sb = await startSandbox();
  dir = tempDir('venue-complete-');
  for (const profile of ['store1', 'store2']) {
    const made = await sb.run(['config', 'init', profile, '--warehouse', '1']);
    expect(made.code, made.stderr).toBe(0);
  }
});
afterAll(async () => {
  await sb?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** The values printed by `venue __complete -- …words`, descriptions dropped. */
async function complete(words: string[], env: Record<string, string> = {}) {
  const result = await sb.run(['__complete', '--', ...words], { env });
  expect(result.code, result.stderr).toBe(0);
  expect(result.stderr).toBe('');
  const lines = result.stdout.split('\n').filter(Boolean);
  return { lines, values: lines.map((l) => l.split('\t')[0]!) };
}

const idsOf = async (args: string[], key = 'id') => {
  const listed = await sb.run([...args, '-o', 'json']);
  expect(listed.code, listed.stderr).toBe(0);
  return (JSON.parse(listed.stdout) as Array<Record<string, unknown>>).map((r) => String(r[key]));
};

const cacheFile = () => path.join(sb.configDir, 'state', 'completion-cache.json');

describe('venue __complete', () => {
  it('knows the tree wherever the global options stand, and completes option values', async () => {
    expect((await complete(['--profile', 'store1', 'inv'])).lines).toEqual([
      'inventory\tInventory: products, suppliers, stock takes, receipts, adjustments',
    ]);
    expect((await complete(['inventory', '-q', '--profile', 'store1', 'stock', 'rec'])).values).toEqual(['receive']);
    expect((await complete(['-o', ''])).values).toEqual(['table', 'json', 'ndjson', 'csv', 'raw']);
    expect((await complete(['--profile', ''])).values).toEqual(['sandbox', 'store1', 'store2']);
    // --each-profile: all, the tags in use, the profiles (never the sandbox); then the tree as usual.
    expect((await sb.run(['--profile', 'store2', 'config', 'set', 'tags', 'north'])).code).toBe(0);
    expect((await complete(['--each-profile', ''])).values).toEqual(['all', 'tag:north', 'store1', 'store2']);
    expect((await complete(['--each-profile', 'all', 'inv'])).values).toEqual(['inventory']);
    expect((await complete(['inventory', 'stock', 'receive', '--file', ''])).lines).toEqual([':files']);
  });

  it('is in no help', async () => {
    const help = await runVenue(['--help'], { env: { VENUE_NO_HELP_CACHE: '1' } });
    expect(help.stdout).toContain('completion');
    expect(help.stdout).not.toContain('__complete');
  });

  it('fetches location, experience and warehouse ids into the cache, then serves them from it', async () => {
    const locations = await idsOf(['booking', 'locations'], 'locationId');
    expect(locations.length).toBeGreaterThan(0);
    expect((await complete(['booking', 'experiences', '--location', ''])).values.sort()).toEqual([...locations].sort());

    const experiences = (
      await Promise.all(locations.map((l) => idsOf(['booking', 'experiences', '--location', l], 'experienceId')))
    ).flat();
    expect((await complete(['booking', 'sessions', ''])).values.sort()).toEqual([...new Set(experiences)].sort());
    const first = locations[0]!;
    const ofFirst = await idsOf(['booking', 'experiences', '--location', first], 'experienceId');
    expect((await complete(['booking', 'book', '--location', first, '--experience', ''])).values.sort()).toEqual(
      [...ofFirst].sort(),
    );

    const warehouses = await idsOf(['inventory', 'warehouses'], 'warehouseId');
    expect((await complete(['inventory', 'stock', 'levels', '--warehouse', ''])).values.sort()).toEqual(
      [...warehouses].sort(),
    );

    const cache = JSON.parse(fs.readFileSync(cacheFile(), 'utf8'));
    expect(Object.keys(cache.profiles.sandbox)).toEqual(
      expect.arrayContaining(['location', 'warehouse', `experience@${first}`]),
    );
    expect(fs.statSync(cacheFile()).mode & 0o777).toBe(0o600);

    // With the service out of reach, the cache still answers.
    const away = { VENUE_SANDBOX_URL: 'http://127.0.0.1:9' };
    expect((await complete(['booking', 'experiences', '--location', ''], away)).values.sort()).toEqual(
      [...locations].sort(),
    );
  });

  it('offers the webhook subscribers once the cache is stale', async () => {
    const created = await sb.run(webhookCreateFlags(['-o', 'json']));
    expect(created.code, created.stderr).toBe(0);
    const id = (JSON.parse(created.stdout) as { record: { id: string } }).record.id;
    const { lines } = await complete(['webhooks', 'delete', '']);
    expect(lines).toContain(`${id}\thttps://erp.example.com/hooks`);
    expect((await complete(['webhooks', 'update', '--yes', id.slice(0, 6)])).values).toEqual([id]);

    // Another subscriber: the cached list is kept for five minutes; an old cache is fetched again.
    const second = await sb.run([
      'webhooks',
      'create',
      '--yes',
      '--url',
      'https://erp.example.com/other',
      '--events',
      'stock.received',
      '--generate-secret',
      '-o',
      'json',
    ]);
    const secondId = (JSON.parse(second.stdout) as { record: { id: string } }).record.id;
    expect((await complete(['webhooks', 'delete', ''])).values).not.toContain(secondId);
    const cache = JSON.parse(fs.readFileSync(cacheFile(), 'utf8'));
    cache.profiles.sandbox.webhook.fetchedAt -= 5 * 60_000 + 1;
    fs.writeFileSync(cacheFile(), JSON.stringify(cache));
    expect((await complete(['webhooks', 'delete', ''])).values).toEqual(expect.arrayContaining([id, secondId]));
  });

  it('offers the receipts of the local journal', async () => {
    const delivery = path.join(dir, 'delivery.csv');
    fs.writeFileSync(delivery, 'productId,quantity\n1018,2\n');
    const received = await sb.run(['inventory', 'stock', 'receive', '--file', delivery, '--po', 'PO-77']);
    expect(received.code, received.stderr).toBe(0);
    const receipts = await idsOf(['inventory', 'receipts', 'list']);
    expect(receipts).toHaveLength(1);
    const { lines, values } = await complete(['inventory', 'receipts', 'show', '']);
    expect(values).toEqual(receipts);
    expect(lines[0]).toContain('PO-77');
    expect((await complete(['--profile', 'store1', 'inventory', 'receipts', 'resolve', ''])).values).toEqual([]);
  });

  it('completes nothing, within two seconds and silently, when the service does not answer', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
      expect((await sb.run(['--profile', 'store2', 'config', 'set', 'booking.url', url])).code).toBe(0);
      const started = Date.now();
      expect((await complete(['--profile', 'store2', 'booking', 'experiences', '--location', ''])).lines).toEqual([]);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      silent.close();
    }
  });
});
