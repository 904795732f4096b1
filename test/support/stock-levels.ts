// A journey's read-back of stock levels, through venue's own `stock levels`
// command (so it holds in every dialect the sandbox speaks): each product's
// quantity in a warehouse, 0 where the service lists none.
import { expect } from 'vitest';

interface Runs {
  run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }>;
}

export async function levelsRead(sb: Runs, ids: number[], warehouseId = 1): Promise<Record<number, number>> {
  const run = await sb.run([
    'inventory',
    'stock',
    'levels',
    '--warehouse',
    String(warehouseId),
    '--product',
    ids.join(','),
    '-o',
    'json',
  ]);
  expect(run.code, run.stderr).toBe(0);
  const rows = JSON.parse(run.stdout) as Array<{ productId: number; quantity: number }>;
  return Object.fromEntries(ids.map((id) => [id, rows.find((r) => r.productId === id)?.quantity ?? 0]));
}
