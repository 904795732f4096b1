// The importer's journeys through the built binary (bin/venue.js, dist/) and
// `venue sandbox serve` as processes: a hosted vendor's layout with the
// venue's tenant key in every path and OAuth2 scopes naming it
// (packages/sandbox/examples/inventory-routes-tenant.json), imported with
// --server-var, then listed; a mistyped --map route; --map OP=none. The same
// journeys, and the terminal's, in-process: import-openapi-paths.test.ts.

import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, startSandbox, type SandboxHandle } from '../../support/venue.js';

const layoutFile = path.join(repoRoot, 'packages/sandbox/examples/inventory-routes-tenant.json');
const TENANT = 'north-shore';

let sb: SandboxHandle;
const documentUrl = () => `${sb.origin}/inventory/openapi.json`;
const requests = async () =>
  (await sb.control<{ requests: Array<{ url: string; body?: unknown; status: number }> }>('GET', '/requests')).requests;

beforeAll(async () => {
  sb = await startSandbox(['--routes', layoutFile]);
}, 60_000);
afterAll(async () => {
  await sb?.stop();
}, 60_000);

describe('import-openapi through the built binary', () => {
  it('a tenant key in every path: imported with --server-var, the listing works, the scopes asked for carry it', async () => {
    const dry = await sb.run(['config', 'import-openapi', documentUrl(), '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('Path vars: {tenant} in 20 routes and the OAuth2 scopes: needs a value');
    const refused = await sb.run(['config', 'import-openapi', documentUrl(), '--yes']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--server-var tenant=<value>');

    const r = await sb.run(['config', 'import-openapi', documentUrl(), '--server-var', `tenant=${TENANT}`, '--yes']);
    expect(r.code, r.stderr).toBe(0);
    const from = (await requests()).length;
    const list = await sb.run(['inventory', 'products', 'list', '-o', 'json']);
    expect(list.code, list.stderr).toBe(0);
    expect((JSON.parse(list.stdout) as unknown[]).length).toBeGreaterThan(0);
    const log = (await requests()).slice(from);
    expect(log.find((entry) => entry.url === '/inventory/v1/oauth/token')).toMatchObject({
      status: 200,
      body: { scope: expect.stringContaining(`view_products:${TENANT}`) },
    });
    expect(log.some((entry) => entry.url.startsWith(`/inventory/v1/${TENANT}/products`))).toBe(true);
  });

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
