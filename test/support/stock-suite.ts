// What the stock-take and stock-receive end-to-end files share: a private
// sandbox and temp directory, input files written there, and the stock levels
// read straight from the sandbox (not through the CLI under test).

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { startSandbox, tempDir, type SandboxHandle } from './in-process.js';

export interface StockSuite {
  /** Set once the suite's beforeAll has run. */
  sb: SandboxHandle;
  /** Writes an input file into the suite's temp directory; returns its path. */
  file(name: string, text: string): string;
  /** Current stock of each product in a warehouse (0 when it has no record there). */
  levels(productIds: number[], warehouseId?: number): Promise<Record<number, number>>;
}

export function stockSuite(prefix: string): StockSuite {
  let dir = '';
  let token = '';
  const suite: StockSuite = {
    sb: undefined as unknown as SandboxHandle,
    file(name, text) {
      const at = path.join(dir, name);
      fs.writeFileSync(at, text);
      return at;
    },
    async levels(productIds, warehouseId = 1) {
      const url = `${suite.sb.origin}/inventory/stock-levels?warehouseId=${warehouseId}&productIds=${productIds.join(',')}&pageSize=200`;
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      const body = (await response.json()) as { items: Array<{ productId: number; quantity: number }> };
      return Object.fromEntries(
        productIds.map((id) => [id, body.items.find((l) => l.productId === id)?.quantity ?? 0]),
      );
    },
  };
  beforeAll(async () => {
    suite.sb = await startSandbox();
    dir = tempDir(prefix);
    token = await suite.sb.serviceToken('inventory');
  });
  afterAll(async () => {
    await suite.sb?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });
  afterEach(async () => {
    await suite.sb.control('DELETE', '/faults');
  });
  return suite;
}
