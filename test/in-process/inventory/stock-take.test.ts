// `venue inventory stock take` through the built binary against the sandbox:
// every file rule, dry-run figures, the confirmation gate, --yes, and a lost answer.

import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../../support/in-process.js';
import { stockSuite } from '../../support/stock-suite.js';

const suite = stockSuite('venue-stock-take-');
const { file, levels } = suite;
let sb: SandboxHandle;
beforeAll(() => {
  sb = suite.sb;
});

async function movementCount(): Promise<number> {
  return (await sb.control<{ items: unknown[] }>('GET', '/inventory/movements')).items.length;
}

describe('stock take rules (nothing sent)', () => {
  it('reports every bad line with its number, column and rule, exit 2', async () => {
    const before = await movementCount();
    const counts = file('bad.csv', 'productId,countedQuantity\n1001,4\n1002,-1\n1003,lots\n,5\n1004,\n1001,3\n');
    const result = await sb.run(['inventory', 'stock', 'take', '--file', counts, '--yes']);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain('line 3: countedQuantity must not be negative');
    expect(result.stderr).toMatch(/line 4: countedQuantity must be a whole number/);
    expect(result.stderr).toContain('line 5: productId is required (or barcode, or productCode)');
    expect(result.stderr).toContain('line 6: countedQuantity is required');
    expect(result.stderr).toContain('line 7: productId repeats product 1001 of line 2');
    expect(result.stderr).toContain('Nothing was sent.');
    expect(await movementCount()).toBe(before);
  });

  it('names missing columns', async () => {
    const result = await sb.run([
      'inventory',
      'stock',
      'take',
      '--file',
      file('cols.csv', 'sku,count\n1001,3\n'),
      '--yes',
    ]);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain('line 1: header has no product column: add productId, barcode or productCode');
    expect(result.stderr).toContain('line 1: header has no countedQuantity column');
  });

  it('reports unknown barcodes and product codes with their lines', async () => {
    const before = await movementCount();
    const counts = file(
      'unknown.csv',
      'barcode,productCode,countedQuantity\n9300000100000,,1\n0000000000000,,2\n,NO-SUCH-SKU,3\n',
    );
    const result = await sb.run(['inventory', 'stock', 'take', '--file', counts, '--yes']);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain('line 3: barcode "0000000000000" matches no product');
    expect(result.stderr).toContain('line 4: productCode "NO-SUCH-SKU" matches no product');
    expect(result.stderr).not.toContain('line 2:');
    expect(await movementCount()).toBe(before);
  });

  it('reports product ids that match no product, with their lines', async () => {
    const before = await movementCount();
    const result = await sb.run([
      'inventory',
      'stock',
      'take',
      '--file',
      file('noid.csv', 'productId,countedQuantity\n1001,1\n999999,2\n'),
      '--yes',
    ]);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain('line 3: productId 999999 matches no product');
    expect(await movementCount()).toBe(before);
  });

  it('refuses a stock take too big for one request before sending anything', async () => {
    const lines = ['productId,countedQuantity'];
    for (let i = 1; i <= 30_000; i++) lines.push(`${100000 + i},${i % 50}`);
    const result = await sb.run([
      'inventory',
      'stock',
      'take',
      '--file',
      file('huge.csv', `${lines.join('\n')}\n`),
      '--yes',
    ]);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/too big for one request: 30000 items make 1\.\d MiB/);
    expect(result.stderr).toContain('Split the file');
  });

  it('refuses a comment over 200 characters, naming --comment', async () => {
    const result = await sb.run([
      'inventory',
      'stock',
      'take',
      '--file',
      file('ok1.csv', 'productId,countedQuantity\n1001,1\n'),
      '--comment',
      'x'.repeat(201),
      '--yes',
    ]);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain('--comment must be at most 200 characters');
  });

  it('without a terminal and without --yes, refuses (exit 2, names --yes) and sends nothing', async () => {
    const before = await levels([1001]);
    const result = await sb.run([
      'inventory',
      'stock',
      'take',
      '--file',
      file('ok2.csv', 'productId,countedQuantity\n1001,0\n'),
    ]);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain('--yes');
    expect(await levels([1001])).toEqual(before);
  });
});

describe('the sandbox side', () => {
  it('refuses a negative count itself (400 with the error body) and answers as the contract says', async () => {
    const token = await sb.serviceToken('inventory');
    const post = (body: unknown) =>
      fetch(`${sb.origin}/inventory/stock-takes`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const bad = await post({ warehouseId: 1, userId: 1, items: [{ productId: 1009, countedQuantity: -1 }] });
    expect(bad.status).toBe(400);
    const badBody = (await bad.json()) as { error: { details: Array<{ field: string; rule: string }> } };
    expect(badBody.error.details).toContainEqual({
      field: expect.stringContaining('countedQuantity'),
      rule: 'must not be negative',
    });
    const good = await post({ warehouseId: 1, userId: 1, items: [{ productId: 1009, countedQuantity: 12 }] });
    expect(good.status).toBe(201);
    const goodBody = await good.json();
    if (fs.existsSync(path.join(process.cwd(), 'packages/sandbox/openapi/inventory.json'))) {
      const { expectContract } = await import('../../support/contract.js');
      expectContract('inventory', 'POST', '/stock-takes', 400, badBody);
      expectContract('inventory', 'POST', '/stock-takes', 201, goodBody);
    }
  });
});

describe('stock take --dry-run', () => {
  it('shows current, counted and variance per product and the totals, and sends nothing', async () => {
    const ids = [1001, 1002, 1005];
    const before = await levels(ids);
    const movements = await movementCount();
    // 1002 by barcode, 1005 by product code (demo catalogue).
    const counts = file(
      'dry.csv',
      'productId,barcode,productCode,countedQuantity\n1001,,,7\n,9300000100007,,3\n,,SKU-1005,0\n',
    );
    const result = await sb.run(['inventory', 'stock', 'take', '--file', counts, '--dry-run', '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    const rows = JSON.parse(result.stdout) as Array<{
      line: number;
      productId: number;
      current: number;
      counted: number;
      variance: number;
    }>;
    expect(rows).toEqual([
      { line: 2, productId: 1001, current: before[1001], counted: 7, variance: 7 - before[1001]! },
      { line: 3, productId: 1002, current: before[1002], counted: 3, variance: 3 - before[1002]! },
      { line: 4, productId: 1005, current: before[1005], counted: 0, variance: -before[1005]! },
    ]);
    const current = ids.reduce((n, id) => n + before[id]!, 0);
    const variance = 10 - current;
    expect(result.stderr).toContain(
      `3 products; current ${current}, counted 10, variance ${variance > 0 ? '+' : ''}${variance}`,
    );
    expect(result.stderr).toContain('Nothing was sent.');
    expect(await levels(ids)).toEqual(before);
    expect(await movementCount()).toBe(movements);
  });
});

describe('stock take --yes', () => {
  it('sets the counted levels and prints the variance the service computed', async () => {
    const before = await levels([1003, 1004]);
    const counts = file(
      'go.json',
      JSON.stringify(
        {
          items: [
            { productId: 1003, countedQuantity: 40 },
            { productId: 1004, countedQuantity: 0 },
          ],
        },
        null,
        2,
      ),
    );
    const result = await sb.run([
      'inventory',
      'stock',
      'take',
      '--file',
      counts,
      '--yes',
      '--comment',
      'Monthly count',
      '-o',
      'json',
    ]);
    expect(result.code, result.stderr).toBe(0);
    // Machine formats print the write's outcome: the service's stock take (its lines) in venue's names.
    const outcome = JSON.parse(result.stdout);
    expect(outcome).toMatchObject({ status: 'recorded', resource: 'stock take', reference: null });
    expect(outcome.record.items).toEqual([
      { productId: 1003, previousQuantity: before[1003], countedQuantity: 40, variance: 40 - before[1003]! },
      { productId: 1004, previousQuantity: before[1004], countedQuantity: 0, variance: -before[1004]! },
    ]);
    expect(await levels([1003, 1004])).toEqual({ 1003: 40, 1004: 0 });
  });

  it('reads the counts from standard input with --file -', async () => {
    const result = await sb.run(['inventory', 'stock', 'take', '--file', '-', '--yes', '-o', 'csv'], {
      input: 'productId,countedQuantity\n1006,11\n',
    });
    expect(result.code, result.stderr).toBe(0);
    // The write's outcome in its one shape (records nested as JSON text in CSV).
    expect(result.stdout.split('\n')[0]).toBe('status,reference,journalId,resource,record,venue');
    expect(await levels([1006])).toEqual({ 1006: 11 });
  });

  it('when its answer is lost, exits 7 and says how to check, without resending', async () => {
    await sb.control('POST', '/faults', { dropAfterProcessing: [{ match: 'POST /inventory/stock-takes' }] });
    const movements = await movementCount();
    const result = await sb.run([
      'inventory',
      'stock',
      'take',
      '--file',
      file('lost.csv', 'productId,countedQuantity\n1007,9\n'),
      '--yes',
    ]);
    expect(result.code, result.stderr).toBe(7);
    expect(result.stderr).toContain('venue inventory stock levels --warehouse 1 --product 1007');
    expect(await movementCount()).toBe(movements + 1);
    expect(await levels([1007])).toEqual({ 1007: 9 });
  });
});
