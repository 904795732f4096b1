// `inventory stock levels --product` in every paging mode: the filter reaches the service whatever the paging
// (issue 29: with --limit alone the paging branch sent only the warehouse, and printed products 1001 to 1005).

import { describe, expect, it } from 'vitest';
import { sandboxForFile, type SandboxHandle } from '../../support/in-process.js';

let sb: SandboxHandle;
sandboxForFile({}, (handle) => (sb = handle));

const pagings: string[][] = [[], ['--limit', '5'], ['--all'], ['--page-size', '2'], ['--all', '--limit', '1']];

describe('stock levels --product', () => {
  it.each(pagings)('keeps to the products asked with paging %j, in json and a table', async (...paging) => {
    const json = await sb.run(['inventory', 'stock', 'levels', '--product', '1003,1005', ...paging, '-o', 'json']);
    expect(json.code, json.stderr).toBe(0);
    const ids = (JSON.parse(json.stdout) as Array<{ productId: number }>).map((l) => l.productId);
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids)).toEqual(new Set(ids.filter((id) => id === 1003 || id === 1005)));
    const table = await sb.run(['inventory', 'stock', 'levels', '--product', '1003', ...paging]);
    expect(table.code, table.stderr).toBe(0);
    const rows = table.stdout.trim().split('\n').slice(1);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.split('\t')[0]).toBe('1003');
  });
});
