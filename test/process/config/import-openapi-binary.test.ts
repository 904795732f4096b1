// The importer's --map through the built binary (bin/venue.js, dist/) and
// `venue sandbox serve` as processes, on a hosted vendor's layout with the
// venue's tenant key in every path and OAuth2 scopes naming it
// (packages/sandbox/examples/inventory-routes-tenant.json): a mistyped --map
// route; --map OP=none. The tenant key imported with --server-var and listed
// is a row of import-openapi-venue-values.test.ts (beside the query's and the
// header's per-venue values, in every dialect); the same journeys, and the
// terminal's, in-process: import-openapi-paths.test.ts.

import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, startSandbox, type SandboxHandle } from '../../support/venue.js';

const layoutFile = path.join(repoRoot, 'packages/sandbox/examples/inventory-routes-tenant.json');
const TENANT = 'north-shore';

let sb: SandboxHandle;
const documentUrl = () => `${sb.origin}/inventory/openapi.json`;

beforeAll(async () => {
  sb = await startSandbox(['--routes', layoutFile]);
}, 60_000);
afterAll(async () => {
  await sb?.stop();
}, 60_000);

describe('import-openapi through the built binary', () => {
  it('--map: a mistyped route exits 2 with the closest; OP=none unmaps, and calling it exits 2 naming it', async () => {
    const base = ['config', 'import-openapi', documentUrl(), '--server-var', `tenant=${TENANT}`, '--yes'];
    const typo = await sb.run([...base, '--map', 'listProducts=GET /{tenant}/prodcts']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('Did you mean "GET /{tenant}/products"?');
    const none = await sb.run([...base, '--map', 'getProduct=none']);
    expect(none.code, none.stderr).toBe(0);
    const get = await sb.run(['inventory', 'products', 'get', '1001']);
    expect(get.code).toBe(2);
    expect(get.stderr).toContain('getProduct is not mapped on this profile');
  });
});
