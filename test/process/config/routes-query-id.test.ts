// A record's id in the query (an RPC-style vendor, packages/sandbox/examples/inventory-routes-query-id.json: the
// sandbox serves getProduct at GET /api/product?productId=... and refuses the call without it) through the built
// binary: `config set inventory.routes.getProduct "GET /product?productId={productId}"`, then `inventory products
// get <id>` reads that product, the id sent in the query. In every dialect the sandbox speaks.

import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, startSandbox, type SandboxHandle } from '../../support/venue.js';
import { dialects } from '../../support/dialects.js';

const layoutFile = path.join(repoRoot, 'packages/sandbox/examples/inventory-routes-query-id.json');

let sb: SandboxHandle;
const requests = async () =>
  (await sb.control<{ requests: Array<{ url: string; status: number }> }>('GET', '/requests')).requests;

describe.each(dialects)('a product id in the query (%s dialect)', (dialect) => {
  beforeAll(async () => {
    sb = await startSandbox(['--routes', layoutFile, '--dialect', dialect]);
  }, 60_000);
  afterAll(async () => {
    await sb?.stop();
  }, 60_000);

  it("venue's default path is not served; the route set by hand reads the product asked for, its id in the query", async () => {
    expect((await sb.run(['config', 'set', 'inventory.basePath', '/api'])).code).toBe(0);
    const list = await sb.run(['inventory', 'products', 'list', '-o', 'json']);
    expect(list.code, list.stderr).toBe(0);
    const products = JSON.parse(list.stdout) as Array<{ productId: number }>;
    expect(products.length).toBeGreaterThan(1);
    const wanted = products[1]!;

    const before = await sb.run(['inventory', 'products', 'get', String(wanted.productId)]);
    expect(before.code).not.toBe(0);

    const set = await sb.run(['config', 'set', 'inventory.routes.getProduct', 'GET /product?productId={productId}']);
    expect(set.code, set.stderr).toBe(0);
    const routes = await sb.run(['config', 'routes', '-o', 'json']);
    expect(routes.code, routes.stderr).toBe(0);
    const map = JSON.parse(routes.stdout) as { routes: Array<{ operation: string; route: string }> };
    expect(map.routes.find((row) => row.operation === 'getProduct')).toMatchObject({
      route: 'GET /product?productId={productId}',
    });

    const from = (await requests()).length;
    const got = await sb.run(['inventory', 'products', 'get', String(wanted.productId), '-o', 'json']);
    expect(got.code, got.stderr).toBe(0);
    expect(JSON.parse(got.stdout)).toMatchObject({ productId: wanted.productId });
    const log = (await requests()).slice(from);
    expect(
      log.some((entry) => entry.url.includes(`/api/product?productId=${encodeURIComponent(String(wanted.productId))}`)),
    ).toBe(true);
  });

  it('a route naming an id the operation is not called with is exit 2, nothing stored', async () => {
    const set = await sb.run(['config', 'set', 'inventory.routes.getProduct', 'GET /product?productId={webhookId}']);
    expect(set.code).toBe(2);
    expect(set.stderr).toContain('webhookId');
    const routes = await sb.run(['config', 'routes', '-o', 'json']);
    const map = JSON.parse(routes.stdout) as { routes: Array<{ operation: string; route: string }> };
    expect(map.routes.find((row) => row.operation === 'getProduct')?.route).toBe('GET /product?productId={productId}');
  });
});
