// The importer's --map through the built binary (bin/venue.js, dist/) and
// `venue sandbox serve` as processes, on a hosted vendor's layout with the
// venue's tenant key in every path and OAuth2 scopes naming it
// (packages/sandbox/examples/inventory-routes-tenant.json): a mistyped --map
// route; --map OP=none. The tenant key imported with --server-var and listed
// is a row of import-openapi-venue-values.test.ts (beside the query's and the
// header's per-venue values, in every dialect); the same journeys, and the
// terminal's, in-process: import-openapi-paths.test.ts. And, on a small
// document in a temp folder (no sandbox needed), --server-var for a path
// parameter whose values the document lists: that value taken, exit 2 for one
// it does not list.

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, repoRoot, runVenue, startSandbox, tempDir, type SandboxHandle } from '../../support/venue.js';

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

  it('--server-var for a path parameter of listed values (/v{version}/…) takes that value; one not listed exits 2 naming them', async () => {
    const scratch = tempDir('venue-listed-');
    try {
      const version = {
        name: 'version',
        in: 'path',
        required: true,
        schema: { type: 'string', enum: ['1', '2-beta'] },
      };
      const item = {
        type: 'object',
        properties: { id: { type: 'integer' }, name: { type: 'string' }, sku: { type: 'string' } },
      };
      const ok = (schema: unknown) => ({ '200': { description: 'ok', content: { 'application/json': { schema } } } });
      const document = {
        openapi: '3.0.3',
        info: { title: 'listed versions', version: '1' },
        servers: [{ url: 'https://shop.example' }],
        paths: {
          '/v{version}/products': {
            get: { summary: 'List products', parameters: [version], responses: ok({ type: 'array', items: item }) },
          },
        },
      };
      const file = path.join(scratch, 'openapi.json');
      fs.writeFileSync(file, JSON.stringify(document));
      const env = { VENUE_CONFIG_DIR: path.join(scratch, 'config') };
      const args = ['config', 'import-openapi', file, '--dry-run', '-o', 'json', '--server-var'];
      const picked = await runVenue([...args, 'version=2-beta'], { env });
      expect(picked.code, picked.stderr).toBe(0);
      expect(picked.stdout).toContain('GET /v{version}/products');
      expect(picked.stdout).toContain('2-beta');
      const unlisted = await runVenue([...args, 'version=3'], { env });
      expect(unlisted.code).toBe(2);
      expect(unlisted.stderr).toContain('--server-var version=3');
      expect(unlisted.stderr).toContain('1, 2-beta');
      expect(unlisted.stdout).toBe('');
    } finally {
      removeDir(scratch);
    }
  });
});
