// Stock writes a vendor keys by the product in the path, through the built binary against the sandbox serving
// packages/sandbox/examples/inventory-routes-line-keyed.json (PUT /api/products/{id}/stock with a flat body whose
// count is "quantity"; POST …/products/{id}/adjustments; POST /api/warehouses/{warehouseId}/products/{id}/receipts),
// in every dialect: a stock take and a receipt are sent one call per line and applied once, a rerun of the receipt
// sends nothing, an adjustment is one call; a line refused after another was applied leaves the take unknown
// (exit 7), each line named, the same take refused until a person settles it.

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runInterrupted, startSandbox, tempDir, type SandboxHandle } from '../../support/venue.js';
import { dialects } from '../../support/dialects.js';
import { levelsRead } from '../../support/stock-levels.js';

const layoutFile = path.join(repoRoot, 'packages/sandbox/examples/inventory-routes-line-keyed.json');
const settings: Array<[string, string]> = [
  ['inventory.basePath', '/api'],
  ['inventory.routes.stockTake', 'PUT /products/{productId}/stock'],
  ['inventory.routes.adjustStock', 'POST /products/{productId}/adjustments'],
  ['inventory.routes.receiveStock', 'POST /warehouses/{warehouseId}/products/{productId}/receipts'],
  ['inventory.bodyNames', JSON.stringify({ stockTake: ['countedQuantity=quantity'] })],
];

let sb: SandboxHandle;
let dir: string;
const requests = async () =>
  (await sb.control<{ requests: Array<{ method: string; url: string; status: number }> }>('GET', '/requests')).requests;
const writeFile = (name: string, text: string) => {
  const at = path.join(dir, name);
  fs.writeFileSync(at, text);
  return at;
};
const levels = (ids: number[]) => levelsRead(sb, ids);

describe.each(dialects)('stock writes keyed by the product in the path (%s dialect)', (dialect) => {
  beforeAll(async () => {
    sb = await startSandbox(['--routes', layoutFile, '--dialect', dialect]);
    dir = tempDir('venue-by-product-');
    for (const [key, value] of settings) {
      const set = await sb.run(['config', 'set', key, value]);
      expect(set.code, set.stderr).toBe(0);
    }
  }, 60_000);
  afterAll(async () => {
    await sb?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('a stock take is one PUT per line, each product counted once', { timeout: 60_000 }, async () => {
    const from = (await requests()).length;
    const counts = writeFile('take.csv', 'productId,countedQuantity\n1001,17\n1002,4\n');
    const take = await sb.run(['inventory', 'stock', 'take', '--warehouse', '1', '--file', counts, '--yes']);
    expect(take.code, take.stderr).toBe(0);
    expect(await levels([1001, 1002])).toEqual({ 1001: 17, 1002: 4 });
    const sent = (await requests()).slice(from).filter((r) => r.method === 'PUT');
    expect(sent.map((r) => r.url)).toEqual([
      '/inventory/api/products/1001/stock',
      '/inventory/api/products/1002/stock',
    ]);
  });

  it('a receipt is one POST per line, applied once; its rerun sends nothing', { timeout: 60_000 }, async () => {
    const before = await levels([1003, 1004]);
    const delivery = writeFile('delivery.csv', 'productId,quantity\n1003,5\n1004,2\n');
    const args = ['inventory', 'stock', 'receive', '--warehouse', '1', '--file', delivery, '--invoice', 'BY-PRODUCT-1'];
    const first = await sb.run(args);
    expect(first.code, first.stderr).toBe(0);
    expect(await levels([1003, 1004])).toEqual({ 1003: before[1003]! + 5, 1004: before[1004]! + 2 });
    const from = (await requests()).length;
    const again = await sb.run(args);
    expect(again.code, again.stderr).toBe(0);
    expect((await requests()).slice(from).filter((r) => r.method === 'POST')).toEqual([]);
    expect(await levels([1003, 1004])).toEqual({ 1003: before[1003]! + 5, 1004: before[1004]! + 2 });
  });

  it('an adjustment is one call, the product in the path', { timeout: 60_000 }, async () => {
    const before = (await levels([1001]))[1001]!;
    const from = (await requests()).length;
    const adjust = await sb.run([
      'inventory',
      'stock',
      'adjust',
      '--warehouse',
      '1',
      '--product',
      '1001',
      '--quantity',
      '-2',
      '--comment',
      'broken',
      '--yes',
    ]);
    expect(adjust.code, adjust.stderr).toBe(0);
    expect((await levels([1001]))[1001]).toBe(before - 2);
    const sent = (await requests()).slice(from).filter((r) => r.method === 'POST');
    expect(sent.map((r) => r.url)).toEqual(['/inventory/api/products/1001/adjustments']);
  });

  it(
    'a line refused after another was applied: unknown (exit 7), each line named, the take refused until settled',
    {
      timeout: 60_000,
    },
    async () => {
      await sb.control('POST', '/faults', {
        failNext: [{ match: 'PUT /inventory/api/products/1006/stock', status: 422 }],
      });
      const counts = writeFile('partial.csv', 'productId,countedQuantity\n1005,3\n1006,1\n1007,2\n');
      const args = [
        'inventory',
        'stock',
        'take',
        '--warehouse',
        '1',
        '--file',
        counts,
        '--comment',
        'partial',
        '--yes',
      ];
      const first = await sb.run(args);
      expect(first.code, first.stderr).toBe(7);
      expect(first.stderr).toContain(
        'partly applied: 1 of 3 line(s) applied (product 1005), then product 1006 was refused (not applied); not sent: product 1007',
      );
      expect((await levels([1005]))[1005]).toBe(3);
      const listed = JSON.parse((await sb.run(['inventory', 'stock', 'changes', '-o', 'json'])).stdout) as Array<{
        kind: string;
        status: string;
      }>;
      expect(listed.filter((e) => e.kind === 'take' && e.status === 'unknown').length).toBe(1);
      const from = (await requests()).length;
      const again = await sb.run(args);
      expect(again.code, again.stderr).toBe(7);
      expect(again.stderr).toContain('Nothing was sent by this run.');
      expect((await requests()).slice(from).filter((r) => r.method === 'PUT')).toEqual([]);
    },
  );

  it(
    'Ctrl-C while a line is in flight: its answer is awaited, no further line is sent, the take unknown (exit 7)',
    {
      timeout: 60_000,
    },
    async () => {
      await sb.control('POST', '/faults', { latencyMs: 1500, latencyMatch: 'PUT /inventory/api/products/1010/stock' });
      const counts = writeFile('interrupted.csv', 'productId,countedQuantity\n1010,6\n1011,7\n');
      const from = (await requests()).length;
      const result = await runInterrupted(
        ['-v', 'inventory', 'stock', 'take', '--warehouse', '1', '--file', counts, '--comment', 'ctrl-c', '--yes'],
        (e) => /> PUT \S+products\/1010\/stock/.test(e),
        { env: sb.env },
      );
      await sb.control('DELETE', '/faults');
      expect(result.code, result.stderr).toBe(7);
      expect(result.stderr).toContain('1 of 2 line(s) applied (product 1010), then product 1011 was not sent');
      expect(result.stderr).not.toContain('✓');
      expect(
        (await requests())
          .slice(from)
          .filter((r) => r.method === 'PUT')
          .map((r) => r.url),
      ).toEqual(['/inventory/api/products/1010/stock']);
      expect((await levels([1010]))[1010]).toBe(6);
    },
  );

  it(
    "the sandbox's own document, imported, maps the three writes as the layout serves them, and a take goes through",
    {
      timeout: 90_000,
    },
    async () => {
      const imported = await sb.run(['config', 'import-openapi', `${sb.origin}/inventory/openapi.json`, '--yes']);
      expect(imported.code, imported.stderr).toBe(0);
      const routes = JSON.parse((await sb.run(['config', 'routes', '-o', 'json'])).stdout) as {
        routes: Array<{ operation: string; route: string }>;
      };
      const routeOf = (operation: string) => routes.routes.find((r) => r.operation === operation)?.route;
      expect(routeOf('stockTake')).toBe('PUT /products/{productId}/stock');
      expect(routeOf('adjustStock')).toBe('POST /products/{productId}/adjustments');
      expect(routeOf('receiveStock')).toBe('POST /warehouses/{warehouseId}/products/{productId}/receipts');
      const counts = writeFile('imported.csv', 'productId,countedQuantity\n1008,9\n1009,8\n');
      const take = await sb.run(['inventory', 'stock', 'take', '--warehouse', '1', '--file', counts, '--yes']);
      expect(take.code, take.stderr).toBe(0);
      expect(await levels([1008, 1009])).toEqual({ 1008: 9, 1009: 8 });
    },
  );
});
