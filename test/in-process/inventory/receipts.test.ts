// `venue inventory receipts list|show|resolve` through the built binary: the
// local journal as a user reads and settles it.

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, tempDir, type SandboxHandle } from '../../support/in-process.js';

let sb: SandboxHandle;
let dir: string;

beforeAll(async () => {
  sb = await startSandbox();
  dir = tempDir('venue-receipts-');
});
afterAll(async () => {
  await sb?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

function file(name: string, text: string): string {
  const at = path.join(dir, name);
  fs.writeFileSync(at, text);
  return at;
}

interface ListRow {
  id: string;
  status: string;
  when: string;
  warehouseId: number;
  supplierId: number | null;
  poNumber: string | null;
  invoice: string | null;
  items: number;
  receiptId: string | null;
}

describe('receipts', () => {
  it('list says so when the journal is empty', async () => {
    const table = await sb.run(['inventory', 'receipts', 'list']);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stderr).toContain('No receipts in the journal of this profile yet.');
    const json = await sb.run(['inventory', 'receipts', 'list', '-o', 'json']);
    expect(JSON.parse(json.stdout)).toEqual([]);
  });

  it('list, show (by id prefix) and the refusals of resolve', async () => {
    const delivery = file('d1.csv', 'productId,quantity,value\n1018,2,5\n1019,1,\n');
    expect(
      (
        await sb.run([
          'inventory',
          'stock',
          'receive',
          '--file',
          delivery,
          '--supplier',
          '2',
          '--po',
          'PO-9',
          '--invoice',
          'INV-9',
        ])
      ).code,
    ).toBe(0);
    const list = await sb.run(['inventory', 'receipts', 'list', '-o', 'json']);
    expect(list.code, list.stderr).toBe(0);
    const rows = JSON.parse(list.stdout) as ListRow[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'recorded',
      warehouseId: 1,
      supplierId: 2,
      poNumber: 'PO-9',
      invoice: 'INV-9',
      items: 2,
    });
    expect(rows[0]!.id).toMatch(/^[0-9a-f]{12}$/);
    expect(rows[0]!.when).toMatch(/^\d{4}-\d\d-\d\dT/);

    const table = await sb.run(['inventory', 'receipts', 'list']);
    expect(table.stdout).toContain(rows[0]!.id);
    expect(table.stdout).toContain('recorded');

    const show = await sb.run(['inventory', 'receipts', 'show', rows[0]!.id.slice(0, 6), '-o', 'json']);
    expect(show.code, show.stderr).toBe(0);
    const entry = JSON.parse(show.stdout) as {
      id: string;
      status: string;
      items: unknown[];
      levelsBefore: Record<string, number>;
      levelsAfter: Record<string, number>;
      history: unknown[];
    };
    expect(entry.id).toMatch(new RegExp(`^${rows[0]!.id}[0-9a-f]{52}$`));
    expect(entry.items).toEqual([
      { productId: 1018, quantity: 2, value: 5 },
      { productId: 1019, quantity: 1 },
    ]);
    expect(entry.levelsAfter['1018']).toBe(entry.levelsBefore['1018']! + 2);
    expect(entry.history).toHaveLength(2);

    const tableShow = await sb.run(['inventory', 'receipts', 'show', rows[0]!.id]);
    expect(tableShow.code, tableShow.stderr).toBe(0);
    expect(tableShow.stdout).toContain('PO-9');
    expect(tableShow.stderr).toContain('History:');

    const missing = await sb.run(['inventory', 'receipts', 'show', 'ffffffffffff']);
    expect(missing.code, missing.stderr).toBe(2);
    expect(missing.stderr).toContain('no receipt ffffffffffff');

    const notHex = await sb.run(['inventory', 'receipts', 'show', 'PO-9']);
    expect(notHex.code, notHex.stderr).toBe(2);

    const both = await sb.run(['inventory', 'receipts', 'resolve', rows[0]!.id, '--applied', '--not-applied']);
    expect(both.code, both.stderr).toBe(2);
    expect(both.stderr).toContain('exactly one of --applied or --not-applied');

    const settled = await sb.run(['inventory', 'receipts', 'resolve', rows[0]!.id, '--not-applied']);
    expect(settled.code, settled.stderr).toBe(2);
    expect(settled.stderr).toContain('is recorded, not unknown');
  });

  it('list --status filters, and rejects an unknown status', async () => {
    expect(
      JSON.parse((await sb.run(['inventory', 'receipts', 'list', '--status', 'unknown', '-o', 'json'])).stdout),
    ).toEqual([]);
    const bad = await sb.run(['inventory', 'receipts', 'list', '--status', 'done']);
    expect(bad.code, bad.stderr).toBe(2);
  });

  it("keeps each profile's receipts apart", async () => {
    const other = await sb.run(['--profile', 'nosuch', 'inventory', 'receipts', 'list']);
    expect(other.code, other.stderr).toBe(2);
    expect(other.stderr).toContain('no profile named "nosuch"');
  });

  it('writes the journal privately (0600)', () => {
    const journal = path.join(sb.configDir, 'state', 'inventory-receipts.json');
    expect(fs.statSync(journal).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(journal, 'utf8')).not.toMatch(/secret|token/i);
  });
});
