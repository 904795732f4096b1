// `venue inventory stock receive` through the built binary against the sandbox:
// the rules, dry-run, the journal's rerun no-op, --force and the per-receipt lock.

import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../../support/in-process.js';
import { stockSuite } from '../../support/stock-suite.js';

const suite = stockSuite('venue-stock-receive-');
const { file, levels } = suite;
let sb: SandboxHandle;
let token: string;
beforeAll(async () => {
  sb = suite.sb;
  token = await sb.serviceToken('inventory');
});

async function receipts(): Promise<number> {
  const { items } = await sb.control<{ items: Array<{ kind?: string; type?: string }> }>('GET', '/inventory/movements');
  return items.filter((m) => (m.kind ?? m.type) === 'receipt').length;
}

const receive = (args: string[], options?: { input?: string }) =>
  sb.run(['inventory', 'stock', 'receive', ...args], options);

describe('receipt rules (exit 2, nothing sent)', () => {
  it('reports every bad line: zero and negative quantities, bad values, missing products', async () => {
    const before = await receipts();
    const result = await receive([
      '--file',
      file('bad.csv', 'productId,quantity,value\n1001,0,1\n1002,-3,1\n1003,2,-1\n1004,2,1.005\n,1,1\n1005,abc,1\n'),
      '--po',
      'PO-BAD',
    ]);
    expect(result.code, result.stderr).toBe(2);
    for (const expected of [
      'line 2: quantity must be greater than 0',
      'line 3: quantity must be greater than 0',
      'line 4: value must not be negative',
      'line 5: value must have at most 2 decimal places',
      'line 6: productId is required (or barcode, or productCode)',
    ]) {
      expect(result.stderr).toContain(expected);
    }
    expect(result.stderr).toMatch(/line 7: quantity must be a whole number/);
    expect(result.stderr).toContain('Nothing was sent.');
    expect(await receipts()).toBe(before);
  });

  it('names a missing quantity column', async () => {
    const result = await receive(['--file', file('cols.csv', 'productId,qty\n1001,1\n')]);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain('line 1: header has no quantity column');
  });

  it('reports an unknown barcode with its line', async () => {
    const result = await receive([
      '--file',
      file('unknown.csv', 'barcode,quantity\n9300000100000,1\n1111111111111,2\n'),
    ]);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain('line 3: barcode "1111111111111" matches no product');
  });

  it('reports a product id that matches no product, and records nothing in the journal', async () => {
    const before = await receipts();
    const result = await receive([
      '--file',
      file('noid.csv', 'productId,quantity\n1001,1\n888888,2\n'),
      '--invoice',
      'INV-NOID',
    ]);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain('line 3: productId 888888 matches no product');
    expect(await receipts()).toBe(before);
    const list = await sb.run(['inventory', 'receipts', 'list', '-o', 'json']);
    expect((JSON.parse(list.stdout) as Array<{ invoice: string }>).map((r) => r.invoice)).not.toContain('INV-NOID');
  });

  it('checks the flags: --po and --invoice at most 50, --comment at most 200, ids whole numbers', async () => {
    const ok = file('ok.csv', 'productId,quantity\n1001,1\n');
    const result = await receive([
      '--file',
      ok,
      '--po',
      'P'.repeat(51),
      '--invoice',
      'I'.repeat(51),
      '--comment',
      'c'.repeat(201),
      '--supplier',
      'acme',
    ]);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain('--po must be at most 50 characters');
    expect(result.stderr).toContain('--invoice must be at most 50 characters');
    expect(result.stderr).toContain('--comment must be at most 200 characters');
    expect(result.stderr).toMatch(/--supplier must be a whole number/);
  });

  it('is enforced by the sandbox too (400 with the error body)', async () => {
    const response = await fetch(`${sb.origin}/inventory/stock-receipts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ warehouseId: 1, userId: 1, items: [{ productId: 1001, quantity: 0 }] }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as {
      error: { code: string; details: Array<{ field: string; rule: string }> };
    };
    expect(body.error.details).toContainEqual({
      field: expect.stringContaining('quantity'),
      rule: 'must be greater than 0',
    });
    if (fs.existsSync(path.join(process.cwd(), 'packages/sandbox/openapi/inventory.json'))) {
      const { expectContract } = await import('../../support/contract.js');
      expectContract('inventory', 'POST', '/stock-receipts', 400, body);
      const ok = await fetch(`${sb.origin}/inventory/stock-receipts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          warehouseId: 1,
          userId: 1,
          supplierId: 1,
          invoice: 'CONTRACT',
          items: [{ productId: 1001, quantity: 1, value: 2.5 }],
        }),
      });
      expect(ok.status).toBe(201);
      expectContract('inventory', 'POST', '/stock-receipts', 201, await ok.json());
    }
  });
});

// Several runs of the binary each: generous on a busy machine.
describe('receiving stock', { timeout: 60_000 }, () => {
  it('--dry-run shows resolved product ids and the levels after, and sends nothing', async () => {
    const before = await levels([1002, 1008]);
    const count = await receipts();
    const result = await receive([
      '--file',
      file('dry.csv', 'barcode,productId,quantity,value\n9300000100007,,24,36\n,1008,6,\n'),
      '--dry-run',
      '-o',
      'json',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([
      { line: 2, productId: 1002, quantity: 24, value: 36, current: before[1002], after: before[1002]! + 24 },
      { line: 3, productId: 1008, quantity: 6, current: before[1008], after: before[1008]! + 6 },
    ]);
    expect(result.stderr).toContain('Nothing was sent.');
    expect(await receipts()).toBe(count);
    expect(await levels([1002, 1008])).toEqual(before);
  });

  it('records a receipt once; a rerun is a no-op that says when; --force sends again', async () => {
    const before = await levels([1010, 1011]);
    const delivery = file('delivery.csv', 'productId,quantity,value\n1010,12,30.00\n1011,5,12.50\n');
    const args = ['--file', delivery, '--supplier', '1', '--po', 'PO-1042', '--invoice', 'INV-88'];

    const first = await receive([...args, '-o', 'json']);
    expect(first.code, first.stderr).toBe(0);
    // The write's outcome: the service's receipt in venue's names; the levels venue read before, apart under venue.
    const recorded = JSON.parse(first.stdout) as {
      status: string;
      reference: string;
      journalId: string;
      resource: string;
      record: { receiptId: string; items: Array<{ productId: number; quantity: number; newQuantity: number }> };
      venue: { levelsBefore: Record<string, number> };
    };
    expect(recorded).toMatchObject({ status: 'recorded', reference: 'INV-88', resource: 'stock receipt' });
    expect(recorded.journalId).toMatch(/^[0-9a-f]{12,}$/);
    expect(recorded.record.receiptId).toBeTruthy();
    expect(recorded.record.items.map((i) => [i.productId, i.quantity, i.newQuantity])).toEqual([
      [1010, 12, before[1010]! + 12],
      [1011, 5, before[1011]! + 5],
    ]);
    expect(recorded.venue.levelsBefore).toEqual({ 1010: before[1010], 1011: before[1011] });
    expect(await levels([1010, 1011])).toEqual({ 1010: before[1010]! + 12, 1011: before[1011]! + 5 });

    const count = await receipts();
    const rerun = await receive(args);
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(rerun.stderr).toMatch(/already recorded at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/);
    expect(rerun.stderr).toContain('nothing was sent');
    // The same delivery with its lines in another order is the same receipt.
    const reordered = await receive([
      '--file',
      file('delivery2.csv', 'productId,value,quantity\n1011,12.50,5\n1010,30,12\n'),
      '--supplier',
      '1',
      '--po',
      'PO-1042',
      '--invoice',
      'INV-88',
    ]);
    expect(reordered.code, reordered.stderr).toBe(0);
    expect(reordered.stderr).toContain('already recorded');
    expect(await receipts()).toBe(count);
    expect(await levels([1010, 1011])).toEqual({ 1010: before[1010]! + 12, 1011: before[1011]! + 5 });

    const forced = await receive([...args, '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(await receipts()).toBe(count + 1);
    expect(await levels([1010, 1011])).toEqual({ 1010: before[1010]! + 24, 1011: before[1011]! + 10 });

    // A different invoice is a different receipt.
    const other = await receive(['--file', delivery, '--supplier', '1', '--po', 'PO-1042', '--invoice', 'INV-89']);
    expect(other.code, other.stderr).toBe(0);
    expect(await receipts()).toBe(count + 2);
  });

  it('two runs of the same receipt at once: one sends, the other is refused; stock rises once', async () => {
    // Slow the service down so the two runs overlap.
    await sb.control('POST', '/faults', { latencyMs: 2500, latencyMatch: 'POST /inventory/stock-receipts' });
    const before = await levels([1012]);
    const count = await receipts();
    const delivery = file('twice.csv', 'productId,quantity\n1012,7\n');
    const args = ['--file', delivery, '--invoice', 'INV-LOCK'];
    const [a, b] = await Promise.all([receive(args), receive(args)]);
    const codes = [a.code, b.code].sort();
    expect([
      [0, 5],
      [0, 0],
    ]).toContainEqual(codes);
    if (codes[1] === 5) expect([a, b].find((r) => r.code === 5)!.stderr).toContain('another run of receipt');
    expect(await receipts()).toBe(count + 1);
    expect(await levels([1012])).toEqual({ 1012: before[1012]! + 7 });
  });

  it('takes a JSON receipt from standard input', async () => {
    const before = await levels([1013]);
    const result = await receive(['--file', '-', '--invoice', 'INV-STDIN', '-o', 'csv'], {
      input: JSON.stringify([{ productId: 1013, quantity: 3, value: 4.5 }]),
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.split('\n')[0]).toBe('status,reference,journalId,resource,record,venue');
    expect(await levels([1013])).toEqual({ 1013: before[1013]! + 3 });
  });
});
