// Stock writes a vendor takes one product per call with the product in the
// BODY (packages/sandbox/examples/inventory-routes-per-line.json: POST
// /api/inventory_levels/set {variant_id, warehouse_id, on_hand, reason}, POST
// /api/inventory/receive {item_id, warehouse_id, quantity_received}, POST
// /api/stock/adjust {sku, delta}), in every dialect: the profile marks the take
// and the receipt one call per line (inventory.perLine), set by hand here;
// each is sent one flat record per line and applied once; a receipt's rerun
// sends nothing; an adjustment is one call; -o json and --raw as for a write
// of lines; a line whose answer is lost leaves the receipt unknown (exit 7),
// each line named, and every rerun sends nothing until a person settles it.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, startSandbox, tempDir, type SandboxHandle } from '../../support/in-process.js';
import { dialects } from '../../support/dialects.js';
import { levelsRead } from '../../support/stock-levels.js';

const layoutFile = path.join(repoRoot, 'packages/sandbox/examples/inventory-routes-per-line.json');
const settings: Array<[string, string]> = [
  ['inventory.basePath', '/api'],
  ['inventory.routes.stockTake', 'POST /inventory_levels/set'],
  ['inventory.routes.receiveStock', 'POST /inventory/receive'],
  ['inventory.routes.adjustStock', 'POST /stock/adjust'],
  ['inventory.perLine', 'stockTake receiveStock'],
  [
    'inventory.bodyNames',
    JSON.stringify({
      stockTake: ['productId=variant_id', 'warehouseId=warehouse_id', 'countedQuantity=on_hand', 'comment=reason'],
      receiveStock: ['productId=item_id', 'warehouseId=warehouse_id', 'quantity=quantity_received'],
      adjustStock: ['productId=sku', 'adjustmentQuantity=delta'],
    }),
  ],
];
const fold = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');
const folded = (body: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(body).map(([key, value]) => [fold(key), value]));

let sb: SandboxHandle;
let dir: string;
type Logged = { method: string; url: string; status: number; body?: Record<string, unknown> };
// The stock writes' calls (the token's aside).
const requests = async () =>
  (await sb.control<{ requests: Logged[] }>('GET', '/requests')).requests.filter((r) => !r.url.includes('/auth/'));
const writeFile = (name: string, text: string) => {
  const at = path.join(dir, name);
  fs.writeFileSync(at, text);
  return at;
};
const levels = (ids: number[]) => levelsRead(sb, ids);

describe.each(dialects)('stock writes keyed by the product in the body (%s dialect)', (dialect) => {
  beforeAll(async () => {
    sb = await startSandbox(['--routes', layoutFile, '--dialect', dialect]);
    dir = tempDir('venue-by-product-body-');
    for (const [key, value] of settings) {
      const set = await sb.run(['config', 'set', key, value]);
      expect(set.code, set.stderr).toBe(0);
    }
  }, 60_000);
  afterAll(async () => {
    await sb?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('config routes says which writes go one call per line, the product in the body, set by hand', async () => {
    const routes = JSON.parse((await sb.run(['config', 'routes', '-o', 'json'])).stdout);
    expect(routes.perLine).toEqual({ operations: ['stockTake', 'receiveStock'], origin: 'set by hand' });
    const table = await sb.run(['config', 'routes']);
    expect(table.stdout + table.stderr).toContain(
      'Per line:  stockTake, receiveStock sent one call per line, the product in the body (set by hand)',
    );
    const bad = await sb.run(['config', 'set', 'inventory.perLine', 'adjustStock']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('an adjustment is one product per call already');
  });

  it('a stock take from a file is one flat record per line, each product counted once', async () => {
    const from = (await requests()).length;
    const counts = writeFile('take.csv', 'productId,countedQuantity\n1001,17\n1002,4\n');
    const take = await sb.run([
      'inventory',
      'stock',
      'take',
      '--warehouse',
      '1',
      '--file',
      counts,
      '--comment',
      'count',
      '--yes',
      '-o',
      'json',
    ]);
    expect(take.code, take.stderr).toBe(0);
    expect(await levels([1001, 1002])).toEqual({ 1001: 17, 1002: 4 });
    const sent = (await requests()).slice(from).filter((r) => r.method === 'POST');
    expect(sent.map((r) => r.url)).toEqual([
      '/inventory/api/inventory_levels/set',
      '/inventory/api/inventory_levels/set',
    ]);
    expect(sent.map((r) => folded(r.body!))).toEqual([
      { warehouseid: 1, userid: expect.any(Number), reason: 'count', variantid: 1001, onhand: 17 },
      { warehouseid: 1, userid: expect.any(Number), reason: 'count', variantid: 1002, onhand: 4 },
    ]);
    // One outcome in venue's shape, both lines in it, as a take of lines in one body answers.
    const outcome = JSON.parse(take.stdout);
    expect(outcome.status).toBe('recorded');
    expect(outcome.record.items.map((i: { productId: number }) => i.productId)).toEqual([1001, 1002]);
  });

  it('a receipt of several lines is one call per line, applied once; its rerun sends nothing', async () => {
    const before = await levels([1003, 1004, 1005]);
    const delivery = writeFile('delivery.csv', 'productId,quantity\n1003,5\n1004,2\n1005,1\n');
    const args = ['inventory', 'stock', 'receive', '--warehouse', '1', '--file', delivery, '--invoice', 'BODY-1'];
    const from = (await requests()).length;
    const first = await sb.run([...args, '--raw', '-o', 'json']);
    expect(first.code, first.stderr).toBe(0);
    // --raw: the service's own answers, one per line, as one record: every line it answered, in its words.
    const raw = JSON.parse(first.stdout);
    const rawLines = Object.values(raw).find(Array.isArray) as Array<Record<string, unknown>>;
    expect(rawLines.map((line) => folded(line).productid)).toEqual([1003, 1004, 1005]);
    const sent = (await requests()).slice(from).filter((r) => r.method === 'POST');
    expect(sent.map((r) => [r.url, folded(r.body!).itemid, folded(r.body!).quantityreceived])).toEqual([
      ['/inventory/api/inventory/receive', 1003, 5],
      ['/inventory/api/inventory/receive', 1004, 2],
      ['/inventory/api/inventory/receive', 1005, 1],
    ]);
    const after = { 1003: before[1003]! + 5, 1004: before[1004]! + 2, 1005: before[1005]! + 1 };
    expect(await levels([1003, 1004, 1005])).toEqual(after);
    const again = (await requests()).length;
    const rerun = await sb.run(args);
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(rerun.stderr).toContain('already recorded');
    expect((await requests()).slice(again).filter((r) => r.method === 'POST')).toEqual([]);
    expect(await levels([1003, 1004, 1005])).toEqual(after);
  });

  it('an adjustment is one call, its product in the body', async () => {
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
    expect(sent.map((r) => [r.url, folded(r.body!).sku, folded(r.body!).delta])).toEqual([
      ['/inventory/api/stock/adjust', 1001, -2],
    ]);
  });

  it('a receipt whose answer is lost on its first line: unknown (exit 7), the lines named; reruns send nothing', async () => {
    await sb.control('POST', '/faults', {
      dropAfterProcessing: [{ match: 'POST /inventory/api/inventory/receive', remaining: 1 }],
    });
    const before = await levels([1006, 1007]);
    const delivery = writeFile('lost.csv', 'productId,quantity\n1006,3\n1007,4\n');
    const args = ['inventory', 'stock', 'receive', '--warehouse', '1', '--file', delivery, '--invoice', 'BODY-LOST'];
    const first = await sb.run(args);
    await sb.control('DELETE', '/faults');
    expect(first.code, first.stderr).toBe(7);
    expect(first.stderr).toContain(
      'product 1006 has an unknown outcome (it may have been applied); not sent: product 1007',
    );
    // The first line was applied (the answer alone was lost), the second never sent.
    expect(await levels([1006, 1007])).toEqual({ 1006: before[1006]! + 3, 1007: before[1007]! });
    for (let run = 0; run < 2; run++) {
      const from = (await requests()).length;
      const again = await sb.run(args);
      expect(again.code, again.stderr).toBe(7);
      expect((await requests()).slice(from).filter((r) => r.method === 'POST')).toEqual([]);
    }
    expect(await levels([1006, 1007])).toEqual({ 1006: before[1006]! + 3, 1007: before[1007]! });
  });

  it('the sandbox’s own document, imported, maps the three writes as the layout serves them and marks the take and the receipt', async () => {
    const review = await sb.run([
      'config',
      'import-openapi',
      `${sb.origin}/inventory/openapi.json`,
      '--dry-run',
      '-o',
      'json',
    ]);
    expect(review.code, review.stderr).toBe(0);
    const reasons = (operation: string) =>
      (JSON.parse(review.stdout).operations as Array<{ operation: string; reasons?: string[] }>)
        .find((o) => o.operation === operation)!
        .reasons!.join('; ');
    expect(reasons('stockTake')).toMatch(/one call per line, the product in the body as variant_?id/i);
    expect(reasons('receiveStock')).toMatch(/one call per line, the product in the body as item_?id/i);
    expect(reasons('adjustStock')).toMatch(/the adjustment's product in the body as sku/i);
    const imported = await sb.run(['config', 'import-openapi', `${sb.origin}/inventory/openapi.json`, '--yes']);
    expect(imported.code, imported.stderr).toBe(0);
    const routes = JSON.parse((await sb.run(['config', 'routes', '-o', 'json'])).stdout);
    const routeOf = (operation: string) =>
      routes.routes.find((r: { operation: string }) => r.operation === operation)?.route;
    expect(routeOf('stockTake')).toBe('POST /inventory_levels/set');
    expect(routeOf('receiveStock')).toBe('POST /inventory/receive');
    expect(routeOf('adjustStock')).toBe('POST /stock/adjust');
    expect(routes.perLine).toEqual({ operations: ['stockTake', 'receiveStock'], origin: 'imported' });
    // The vendor's names, as its document has them (PascalCase in the pascal dialect).
    expect(
      Object.fromEntries(
        Object.entries(routes.bodyNames as Record<string, string[]>).map(([operation, names]) => [
          operation,
          names.filter((n) => n.includes('=')).map((n) => fold(n.split('=')[0]!) + '=' + fold(n.split('=')[1]!)),
        ]),
      ),
    ).toMatchObject({
      stockTake: expect.arrayContaining(['productid=variantid', 'countedquantity=onhand']),
      receiveStock: expect.arrayContaining(['productid=itemid', 'quantity=quantityreceived']),
      adjustStock: expect.arrayContaining(['productid=sku', 'adjustmentquantity=delta']),
    });
    const counts = writeFile('imported.csv', 'productId,countedQuantity\n1011,9\n1012,8\n');
    const take = await sb.run(['inventory', 'stock', 'take', '--warehouse', '1', '--file', counts, '--yes']);
    expect(take.code, take.stderr).toBe(0);
    expect(await levels([1011, 1012])).toEqual({ 1011: 9, 1012: 8 });
    const before = (await levels([1013]))[1013]!;
    const adjust = await sb.run([
      'inventory',
      'stock',
      'adjust',
      '--warehouse',
      '1',
      '--product',
      '1013',
      '--quantity',
      '3',
      '--comment',
      'found',
      '--yes',
    ]);
    expect(adjust.code, adjust.stderr).toBe(0);
    expect((await levels([1013]))[1013]).toBe(before + 3);
  });
});
