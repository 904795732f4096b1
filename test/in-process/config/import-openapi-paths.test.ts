// `venue config import-openapi` against what a hosted, multi-tenant vendor
// serves, through `main` against the sandbox: a route layout with the venue's
// tenant key in every path (packages/sandbox/examples/inventory-routes-tenant.json,
// {tenant} one value per venue) and OAuth2 client credentials whose scopes
// name the tenant. Imported with and without --server-var, then listing
// works, the token asked for with the tenant filled into its scopes. Then
// --map as a person types it (a mistyped route, a bulk route, none), and two
// documents of one vendor imported in either order.

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, startSandbox, tempDir, type SandboxHandle } from '../../support/in-process.js';

const layoutFile = path.join(repoRoot, 'packages/sandbox/examples/inventory-routes-tenant.json');
const layout = JSON.parse(fs.readFileSync(layoutFile, 'utf8')) as {
  pathVars: { tenant: string };
  operations: Record<string, string>;
};
const TENANT = layout.pathVars.tenant;

let sb: SandboxHandle;
let dir: string;
const json = (text: string) => JSON.parse(text) as any;
const documentUrl = () => `${sb.origin}/inventory/openapi.json`;

interface Logged {
  method: string;
  url: string;
  body?: unknown;
  status: number;
}
const requests = async () => (await sb.control<{ requests: Logged[] }>('GET', '/requests')).requests;

/** Runs as a profile of its own on this sandbox (its inventory.url; the demo client id and secret from the environment). */
const profiles = new Set<string>();
async function asProfile(profile: string, args: string[], options: Parameters<SandboxHandle['run']>[1] = {}) {
  if (!profiles.has(profile)) {
    profiles.add(profile);
    const set = await sb.run(['config', 'init', profile, '--inventory-url', `${sb.origin}/inventory`]);
    expect(set.code, set.stderr).toBe(0);
  }
  return sb.run(['--profile', profile, ...args], {
    ...options,
    env: {
      VENUE_INVENTORY_API_KEY: 'sandbox-inventory-api-key',
      VENUE_INVENTORY_API_SECRET: 'sandbox-inventory-api-secret',
      ...options.env,
    },
  });
}

beforeAll(async () => {
  sb = await startSandbox(['--routes', layoutFile]);
  dir = tempDir('venue-import-paths-');
  // Profiles are created by config init: the ones these imports go to, with no address of their own.
  for (const profile of ['bare', 'first', 'second'])
    expect((await sb.run(['config', 'init', profile, '--tags', 'imports'])).code).toBe(0);
});
afterAll(async () => {
  await sb?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('a tenant key in every path', () => {
  it('a dry run maps the routes anyway and names the value still needed', async () => {
    const r = await sb.run(['config', 'import-openapi', documentUrl(), '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/listProducts\s+GET \/\{tenant\}\/products\s/);
    expect(r.stdout).toContain(
      'Path vars: {tenant} in 20 routes and the OAuth2 scopes: needs a value (--server-var tenant=<value>)',
    );
    const machine = json((await sb.run(['config', 'import-openapi', documentUrl(), '--dry-run', '-o', 'json'])).stdout);
    expect(machine.matched).toBe(20);
    // Stored with the variable as the document writes it; sent with its value.
    expect(machine.auth).toContain('scopes="view_products:{tenant}');
    const given = json(
      (
        await sb.run([
          'config',
          'import-openapi',
          documentUrl(),
          '--dry-run',
          '-o',
          'json',
          '--server-var',
          `tenant=${TENANT}`,
        ])
      ).stdout,
    );
    expect(given.authSent).toContain(`scopes="view_products:${TENANT}`);
    expect(machine.pathVariables).toEqual([
      expect.objectContaining({ name: 'tenant', value: null, needed: true, routes: 20, inScopes: true }),
    ]);
  });

  it('storing without a value and without a terminal is exit 2 naming the flag; nothing is stored', async () => {
    const r = await sb.run(['--profile', 'bare', 'config', 'import-openapi', documentUrl(), '--yes']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('the mapped routes need a value for {tenant}, one per venue');
    expect(r.stderr).toContain('--server-var tenant=<value>');
    expect((await sb.run(['--profile', 'bare', 'config', 'get', 'inventory.routes.listProducts'])).code).not.toBe(0);
  });

  it('a --server-var no route or server URL has is exit 2, naming the closest', async () => {
    const r = await sb.run(['config', 'import-openapi', documentUrl(), '--server-var', 'tenat=x', '--dry-run']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--server-var tenat: neither the server URL nor a route of the documents has {tenat}');
    expect(r.stderr).toContain('Did you mean tenant?');
  });

  it('without --server-var on a terminal: the value is asked for, stored, and the listing works', async () => {
    const r = await sb.run(['config', 'import-openapi', documentUrl()], {
      tty: true,
      answers: [`${TENANT}\r`, '\r'],
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Value of {tenant} in 20 routes and the OAuth2 scopes');
    expect((await sb.run(['config', 'get', 'inventory.pathVars'])).stdout.trim()).toBe(`tenant=${TENANT}`);
    const products = await sb.run(['inventory', 'products', 'list', '-o', 'json']);
    expect(products.code, products.stderr).toBe(0);
    expect(json(products.stdout).length).toBeGreaterThan(0);
  });

  it('with --server-var: the routes keep {tenant}, every request fills it, and the token asks for the scopes it fills', async () => {
    const as = (args: string[]) => asProfile('north', args);
    const r = await as(['config', 'import-openapi', documentUrl(), '--server-var', `tenant=${TENANT}`, '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`path variables tenant=${TENANT} stored`);
    const routes = json((await as(['config', 'routes', '-o', 'json'])).stdout);
    expect(routes.pathVars).toEqual({ values: [{ name: 'tenant', value: TENANT }], origin: 'imported' });
    expect((await as(['config', 'list'])).stdout).toMatch(new RegExp(`inventory\\.pathVars\\s+tenant=${TENANT}`));
    expect(routes.routes.find((row: { operation: string }) => row.operation === 'listProducts')).toMatchObject({
      route: 'GET /{tenant}/products',
      path: `/v1/${TENANT}/products`,
      origin: 'imported',
    });
    // Only the scopes the mapped operations name, as the document writes them; the tenant is filled when asking.
    expect((await as(['config', 'get', 'inventory.auth'])).stdout.trim()).toBe(
      `oauth2 token-url=${sb.origin}/inventory/v1/oauth/token scopes="view_products:{tenant} manage_products:{tenant} view_stock:{tenant} manage_stock:{tenant} manage_subscriptions:{tenant}"`,
    );
    const from = (await requests()).length;
    const products = await as(['inventory', 'products', 'list', '-o', 'json']);
    expect(products.code, products.stderr).toBe(0);
    const product = await as(['inventory', 'products', 'get', '1001', '-o', 'json']);
    expect(product.code, product.stderr).toBe(0);
    const log = (await requests()).slice(from);
    const token = log.find((entry) => entry.url === '/inventory/v1/oauth/token')!;
    expect(token.status).toBe(200);
    expect(token.body).toMatchObject({
      grant_type: 'client_credentials',
      scope: `view_products:${TENANT} manage_products:${TENANT} view_stock:${TENANT} manage_stock:${TENANT} manage_subscriptions:${TENANT}`,
    });
    expect(log.filter((entry) => entry.method === 'GET').map((entry) => entry.url)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`^/inventory/v1/${TENANT}/products(\\?|$)`)),
        `/inventory/v1/${TENANT}/products/1001`,
      ]),
    );
  });

  it('another value is another tenant the server does not serve; inventory.oauth.scopes takes the place of the scopes', async () => {
    const as = (args: string[]) => asProfile('north', args);
    expect((await as(['config', 'set', 'inventory.oauth.scopes', 'view_products:{tenant}'])).code).toBe(0);
    await as(['auth', 'logout']);
    const from = (await requests()).length;
    expect((await as(['inventory', 'products', 'list', '-o', 'json'])).code).toBe(0);
    const token = (await requests()).slice(from).find((entry) => entry.url === '/inventory/v1/oauth/token')!;
    expect(token.body).toMatchObject({ scope: `view_products:${TENANT}` });
    expect((await as(['config', 'set', 'inventory.pathVars', 'tenant=south'])).code).toBe(0);
    await as(['auth', 'logout']);
    const other = await as(['inventory', 'products', 'list']);
    expect(other.code).not.toBe(0);
    // A value that cannot stand in a path segment is refused where it is set.
    const bad = await as(['config', 'set', 'inventory.pathVars', 'tenant=a/b']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('cannot stand in a path segment');
  });

  it('a profile without the value: a call is exit 2 naming the variable and the setting, nothing sent', async () => {
    const as = (args: string[]) => asProfile('north', args);
    expect((await as(['config', 'unset', 'inventory.pathVars'])).code).toBe(0);
    const from = (await requests()).length;
    const r = await as(['inventory', 'products', 'get', '1001']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('needs {tenant}');
    // Runnable as printed: the profile the run chose, the value quoted for a shell.
    expect(r.stderr).toContain("`venue --profile north config set inventory.pathVars 'tenant=<value>'`");
    expect((await requests()).slice(from).filter((entry) => entry.url.includes('/products'))).toEqual([]);
    // doctor says so too, as a failed check, not a crash.
    const doctor = await as(['doctor', '-o', 'json']);
    expect(doctor.code).not.toBe(0);
    expect(json(doctor.stdout)).toContainEqual(
      expect.objectContaining({
        service: 'inventory',
        check: 'reachable',
        status: 'fail',
        detail: expect.stringContaining('needs {tenant}'),
        fix: expect.stringContaining("`venue --profile north config set inventory.pathVars 'tenant=<value>'`"),
      }),
    );
  });
});

describe('--map checks what it is given', () => {
  const as = (args: string[], options = {}) => asProfile('mapped', args, options);
  const base = () => ['config', 'import-openapi', documentUrl(), '--server-var', `tenant=${TENANT}`];

  it('a mistyped route is exit 2 with the closest routes of the document; nothing is stored', async () => {
    const r = await as([...base(), '--map', 'listProducts=GET /{tenant}/prodcts', '--yes']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--map listProducts: no imported document has the route GET /{tenant}/prodcts');
    expect(r.stderr).toContain('Did you mean "GET /{tenant}/products"?');
    expect((await as(['config', 'get', 'inventory.routes.listProducts'])).code).not.toBe(0);
  });

  it('a bulk route is refused without --yes, saying why; with --yes it is mapped with a warning', async () => {
    const file = path.join(dir, 'bulk.yaml');
    fs.writeFileSync(
      file,
      [
        'openapi: 3.0.3',
        'info: { title: Stock, version: "1" }',
        'paths:',
        '  /stock/adjustments:',
        '    post: { operationId: adjustStock, summary: Adjust stock }',
        '  /stock/bulk-adjustments:',
        '    post: { operationId: bulkAdjustStock, summary: Adjust the stock of many products at once }',
        '',
      ].join('\n'),
    );
    // On a terminal without --yes it is asked, saying why; No stores nothing (exit 8).
    const refused = await as(['config', 'import-openapi', file, '--map', 'adjustStock=POST /stock/bulk-adjustments'], {
      tty: true,
      answers: ['n\r'],
    });
    expect(refused.code).toBe(8);
    const asked = refused.stderr.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '').replace(/\s+/g, ' ');
    expect(asked).toContain(
      '--map adjustStock="POST /stock/bulk-adjustments": its words say "bulk": it acts on many records at once. Map adjustStock to it anyway?',
    );
    expect((await as(['config', 'get', 'inventory.routes.adjustStock'])).code).not.toBe(0);
    // Without a terminal, only --yes stores anything.
    const bare = await as(['config', 'import-openapi', file, '--map', 'adjustStock=POST /stock/bulk-adjustments']);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain('pass --yes');
    const dry = await as([
      'config',
      'import-openapi',
      file,
      '--map',
      'adjustStock=POST /stock/bulk-adjustments',
      '--dry-run',
    ]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('Warnings:\n  --map adjustStock="POST /stock/bulk-adjustments": its words say "bulk"');
    const taken = await as([
      'config',
      'import-openapi',
      file,
      '--map',
      'adjustStock=POST /stock/bulk-adjustments',
      '--yes',
    ]);
    expect(taken.code, taken.stderr).toBe(0);
    expect(taken.stderr).toContain('it acts on many records at once; mapped as you asked (--yes)');
    expect((await as(['config', 'get', 'inventory.routes.adjustStock'])).stdout.trim()).toBe(
      'POST /stock/bulk-adjustments',
    );
  });

  it('OP=none unmaps the operation: calling it is exit 2 naming it and how to map it, never the default route', async () => {
    const r = await as([...base(), '--map', 'getProduct=none', '--replace', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('getProduct unmapped');
    expect((await as(['config', 'get', 'inventory.routes.getProduct'])).stdout.trim()).toBe('none');
    const routes = json((await as(['config', 'routes', '-o', 'json'])).stdout);
    expect(routes.routes.find((row: { operation: string }) => row.operation === 'getProduct')).toMatchObject({
      route: 'none',
      mapped: false,
      origin: 'imported',
    });
    const from = (await requests()).length;
    const get = await as(['inventory', 'products', 'get', '1001']);
    expect(get.code).toBe(2);
    expect(get.stderr).toContain('getProduct is not mapped on this profile (inventory.routes.getProduct is "none")');
    expect(get.stderr).toContain("`venue --profile mapped config set inventory.routes.getProduct 'GET /<path>'`");
    expect((await requests()).slice(from).filter((entry) => /\/products\/1001/.test(entry.url))).toEqual([]);
    // The other operations are as imported.
    expect((await as(['inventory', 'products', 'list', '-o', 'json'])).code).toBe(0);
  });

  it('every line of the review is printed once', async () => {
    const r = await as([...base(), '--map', 'listProducts=GET /{tenant}/products', '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    const row = r.stdout.split('\n').find((line) => line.startsWith('listProducts'))!;
    expect(row.match(/chosen with --map/g)).toHaveLength(1);
    const lines = r.stdout.split('\n').filter((line) => line.trim());
    const repeated = lines.filter((line, i) => lines.indexOf(line) !== i && !/^\s+venue config set/.test(line));
    expect(repeated).toEqual([]);
  });
});

describe('two documents of one vendor, imported in either order', () => {
  // Both map listProducts: the catalogue's route is the stronger (its records have a name, a price and a SKU).
  const write = (name: string, lines: string[]) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, [...lines, ''].join('\n'));
    return file;
  };
  const product =
    '{ type: object, properties: { name: { type: string }, price: { type: number }, sku: { type: string } } }';
  const catalog = () =>
    write('catalog.yaml', [
      'openapi: 3.0.3',
      'info: { title: Catalog, version: "1" }',
      'servers: [{ url: "https://erp.example/catalog" }]',
      'paths:',
      '  /products:',
      `    get: { operationId: listProducts, responses: { "200": { description: ok, content: { application/json: { schema: { type: array, items: ${product} } } } } } }`,
      '  /products/{id}:',
      `    get: { operationId: getProduct, responses: { "200": { description: ok, content: { application/json: { schema: ${product} } } } } }`,
    ]);
  const stock = () =>
    write('stock.yaml', [
      'openapi: 3.0.3',
      'info: { title: Stock, version: "1" }',
      'servers: [{ url: "https://erp.example/stock" }]',
      'paths:',
      '  /products:',
      '    get: { operationId: listStockedProducts, summary: Products in stock }',
      '  /levels:',
      '    get: { operationId: getStockLevels, summary: Stock levels }',
    ]);
  const routesOf = async (profile: string) =>
    Object.fromEntries(
      json((await sb.run(['--profile', profile, 'config', 'routes', '-o', 'json'])).stdout)
        .routes.filter((r: { origin: string }) => r.origin !== 'default')
        .map((r: { operation: string; path: string; origin: string }) => [r.operation, `${r.path} (${r.origin})`]),
    );

  it('end with the same mappings, the stronger kept and the weaker shown beside it', async () => {
    const [a, b] = [catalog(), stock()];
    const imp = (profile: string, file: string, extra: string[] = []) =>
      sb.run(['--profile', profile, 'config', 'import-openapi', file, '--yes', ...extra]);
    expect((await imp('first', a)).code).toBe(0);
    const second = await imp('first', b, ['-o', 'json']);
    expect(second.code, second.stderr).toBe(0);
    // The stock document's listProducts is weaker: the catalogue's stays, and the review says both.
    expect(json(second.stdout).held).toEqual([
      expect.objectContaining({
        operation: 'listProducts',
        route: 'GET /catalog/products',
        instead: 'GET /stock/products',
      }),
    ]);
    expect(json(second.stdout).conflicts.join('\n')).toMatch(
      /listProducts: GET \/catalog\/products from .*catalog\.yaml \(0\.\d\d\) is kept over GET \/stock\/products from .*stock\.yaml \(0\.\d\d\) \(--replace takes the new one\)/,
    );
    expect((await imp('second', b)).code).toBe(0);
    const text = await imp('second', a);
    expect(text.code, text.stderr).toBe(0);
    const first = await routesOf('first');
    expect(first).toMatchObject({
      listProducts: '/catalog/products (imported)',
      getProduct: '/catalog/products/{id} (imported)',
      stockLevels: '/stock/levels (imported)',
    });
    expect(await routesOf('second')).toEqual(first);
    // --replace takes the weaker one when asked.
    expect((await imp('first', b, ['--replace'])).code).toBe(0);
    expect((await routesOf('first')).listProducts).toBe('/stock/products (imported)');
  });

  it("a tuning vendor's six documents (BigCommerce), one after another in either order, end as imported together", async () => {
    const vendors = path.join(repoRoot, 'test/fixtures/openapi/vendors/bigcommerce');
    const files = [
      'products_catalog.v3.yml',
      'categories_catalog.v3.yml',
      'inventory.v3.yml',
      'locations.v3.yml',
      'webhooks.v3.yml',
      'tax_classes.v2.yml',
    ].map((f) => path.join(vendors, f));
    const imp = async (profile: string, docs: string[]) => {
      const r = await asProfile(profile, [
        'config',
        'import-openapi',
        ...docs,
        '--server-var',
        'store_hash=abc123',
        '--yes',
      ]);
      expect(r.code, r.stderr).toBe(0);
    };
    const mapped = async (profile: string) =>
      Object.fromEntries(
        json((await asProfile(profile, ['config', 'routes', '-o', 'json'])).stdout)
          .routes.filter((r: { origin: string }) => r.origin !== 'default')
          .map((r: { operation: string; path: string }) => [r.operation, r.path]),
      );
    await imp('bc-together', files);
    for (const file of files) await imp('bc-forward', [file]);
    for (const file of [...files].reverse()) await imp('bc-backward', [file]);
    const together = await mapped('bc-together');
    expect(Object.keys(together)).toHaveLength(14);
    expect(await mapped('bc-forward')).toEqual(together);
    expect(await mapped('bc-backward')).toEqual(together);
  });
});
