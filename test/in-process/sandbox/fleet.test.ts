// `venue sandbox fleet` through the built binary against a private sandbox:
// the venues and their profiles, each venue's own catalogue, stock and
// webhook subscribers, the profiles' tags, a harmless rerun, --remove.

import { describe, expect, it } from 'vitest';
import { sandboxForFile, type SandboxHandle } from '../../support/in-process.js';

let sb: SandboxHandle;
sandboxForFile({}, (handle) => (sb = handle));

async function venue(args: string[]) {
  const result = await sb.run(args, { timeoutMs: 60_000 });
  if (result.code !== 0)
    throw new Error(`venue ${args.join(' ')} exited ${result.code}\n${result.stdout}\n${result.stderr}`);
  return result;
}
const json = async <T = any>(args: string[]): Promise<T> =>
  JSON.parse((await venue([...args, '-o', 'json'])).stdout) as T;

const levelOf = async (profile: string, productId: number) => {
  const rows = await json<Array<Record<string, unknown>>>([
    '--profile',
    profile,
    'inventory',
    'stock',
    'levels',
    '--product',
    String(productId),
    '--warehouse',
    '1',
  ]);
  expect(rows).toHaveLength(1);
  return Number(rows[0]!.quantity);
};

describe('venue sandbox fleet', () => {
  it('creates the venues and tagged profiles that extend the sandbox profile', async () => {
    const created = await json<Array<{ profile: string; inventoryUrl: string; products: number }>>([
      'sandbox',
      'fleet',
      '--venues',
      '3',
      '--products',
      '12',
    ]);
    expect(created.map((row) => row.profile)).toEqual(['fleet-1', 'fleet-2', 'fleet-3']);
    expect(created[1]).toMatchObject({ inventoryUrl: `${sb.origin}/fleet/fleet-2/inventory`, products: 52 });

    const profiles = await json<Array<{ name: string; tags: string[]; extends: string; inventoryUrl: string }>>([
      'config',
      'profiles',
    ]);
    const fleet = profiles.filter((p) => p.name.startsWith('fleet-'));
    expect(fleet.map((p) => [p.name, p.tags, p.extends])).toEqual([
      ['fleet-1', ['sandbox-fleet'], 'sandbox'],
      ['fleet-2', ['sandbox-fleet'], 'sandbox'],
      ['fleet-3', ['sandbox-fleet'], 'sandbox'],
    ]);
    expect((await sb.control<{ fleetVenues: number }>('GET', '/health')).fleetVenues).toBe(3);
  });

  it("answers each venue's own catalogue and stock", async () => {
    const products = await json<Array<Record<string, unknown>>>([
      '--profile',
      'fleet-2',
      'inventory',
      'products',
      'list',
      '--page-size',
      '200',
    ]);
    expect(products).toHaveLength(52);
    expect(products.some((p) => p.productCode === 'SKU-1001')).toBe(true);
    expect(products.some((p) => p.productName === 'Generated product 1052')).toBe(true);
    // Odd venues hold SKU-1001 below its reorder level (10), even ones above.
    const [one, two] = [await levelOf('fleet-1', 1001), await levelOf('fleet-2', 1001)];
    expect(one).toBeLessThan(10);
    expect(two).toBeGreaterThanOrEqual(10);
  });

  it('applies a stock adjustment at one venue only', async () => {
    const [one, two] = [await levelOf('fleet-1', 1001), await levelOf('fleet-2', 1001)];
    await venue([
      '--profile',
      'fleet-1',
      'inventory',
      'stock',
      'adjust',
      '--yes',
      '--product',
      '1001',
      '--quantity',
      '7',
      '--comment',
      'fleet e2e',
    ]);
    expect(await levelOf('fleet-1', 1001)).toBe(one + 7);
    expect(await levelOf('fleet-2', 1001)).toBe(two);
  });

  it("keeps each venue's webhook subscribers to itself", async () => {
    await venue([
      '--profile',
      'fleet-1',
      'webhooks',
      'create',
      '--yes',
      '--url',
      'https://erp.example.com/fleet-1',
      '--events',
      'stock.adjusted',
      '--generate-secret',
    ]);
    const one = await json<Array<{ url: string }>>(['--profile', 'fleet-1', 'webhooks', 'list']);
    expect(one.map((s) => s.url)).toEqual(['https://erp.example.com/fleet-1']);
    expect(await json<unknown[]>(['--profile', 'fleet-3', 'webhooks', 'list'])).toEqual([]);
    expect(await json<unknown[]>(['webhooks', 'list'])).toEqual([]);
  });

  it('is harmless to run again, and lists the fleet', async () => {
    const before = await levelOf('fleet-1', 1001);
    const again = await json<Array<{ profile: string; status: string }>>([
      'sandbox',
      'fleet',
      '--venues',
      '3',
      '--products',
      '12',
    ]);
    expect(again.map((row) => `${row.profile}:${row.status}`)).toEqual([
      'fleet-1:kept',
      'fleet-2:kept',
      'fleet-3:kept',
    ]);
    expect(await levelOf('fleet-1', 1001)).toBe(before);
    const listed = await json<Array<{ profile: string; products: number; status: string }>>(['sandbox', 'fleet']);
    expect(listed.map((row) => `${row.profile}:${row.products}:${row.status}`)).toEqual([
      'fleet-1:52:ready',
      'fleet-2:52:ready',
      'fleet-3:52:ready',
    ]);
    const status = await json<{ fleetVenues: number }>(['sandbox', 'status']);
    expect(status.fleetVenues).toBe(3);
  });

  it('refuses to overwrite a profile that is not part of a fleet', async () => {
    await venue(['config', 'init', 'mine-1', '--inventory-url', 'https://inventory.example.com']);
    const result = await sb.run(['sandbox', 'fleet', '--venues', '1', '--prefix', 'mine']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('not part of a sandbox fleet');
  });

  it('--remove deletes the profiles and the venues', async () => {
    const removed = await json<Array<{ profile: string }>>(['sandbox', 'fleet', '--remove']);
    expect(removed.map((row) => row.profile)).toEqual(['fleet-1', 'fleet-2', 'fleet-3']);
    const profiles = await json<Array<{ name: string }>>(['config', 'profiles']);
    expect(profiles.map((p) => p.name)).toEqual(['sandbox', 'mine-1']);
    expect(await sb.control('GET', '/fleet')).toEqual({ items: [] });
    const gone = await fetch(`${sb.origin}/fleet/fleet-1/inventory/health`);
    expect(gone.status).toBe(404);
  });
});
