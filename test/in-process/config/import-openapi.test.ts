// `venue config import-openapi` against a sandbox serving inventory on a
// vendor's route layout (packages/sandbox/examples/inventory-routes-vendor.json: /api/v2,
// PascalCase paths, subscriptions for webhooks, the token in X-Api-Token),
// through the built binary: import the document the sandbox publishes, and
// the inventory journey runs unchanged; then `config routes`, `doctor`, and
// what happens with a document that matches nothing or cannot be used.

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, startSandbox, tempDir, type SandboxHandle } from '../../support/in-process.js';

const layoutFile = path.join(repoRoot, 'packages/sandbox/examples/inventory-routes-vendor.json');
const layout = JSON.parse(fs.readFileSync(layoutFile, 'utf8')) as { operations: Record<string, string> };
const petstore = path.join(repoRoot, 'test/fixtures/openapi/petstore.yaml');

let sb: SandboxHandle;
let dir: string;
const json = (text: string) => JSON.parse(text) as any;
const documentUrl = () => `${sb.origin}/inventory/openapi.json`;

beforeAll(async () => {
  sb = await startSandbox(['--routes', layoutFile]);
  dir = tempDir('venue-import-');
  // Profiles are created by config init: the ones these imports go to, with no address of their own.
  for (const profile of ['kiosk', 'kiosk2', 'kiosk3'])
    expect((await sb.run(['config', 'init', profile, '--tags', 'imports'])).code).toBe(0);
});
afterAll(async () => {
  await sb?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('import-openapi on a vendor layout', () => {
  it("venue's own layout does not reach this server before the import", async () => {
    const r = await sb.run(['inventory', 'products', 'list']);
    expect(r.code).not.toBe(0);
  });

  it('without a terminal it needs --yes (or --dry-run) and reads nothing', async () => {
    const r = await sb.run(['config', 'import-openapi', documentUrl()]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--yes');
  });

  it('--dry-run shows all 21 matches with confidence and reasons, and stores nothing', async () => {
    const r = await sb.run(['config', 'import-openapi', documentUrl(), '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /receiveStock\s+POST \/Stock\/Receive\s+1\.00\s+path names receive \(\/Stock\/Receive\); operationId names receive \(Stock_Receive\)/,
    );
    expect(r.stdout).toContain('Base path: /api/v2');
    expect(r.stdout).toContain(
      'Auth:      header:X-Api-Token (securitySchemes.ApiToken: apiKey in header X-Api-Token; the token of the login route)',
    );
    expect(r.stdout).toContain('venue config set-secret inventory.apiKey');
    expect(r.stdout).not.toContain('Not mapped');
    expect(r.stderr).toContain('--dry-run: nothing was stored.');
    const routes = json((await sb.run(['config', 'routes', '-o', 'json'])).stdout);
    expect(routes.routes.every((row: { origin: string }) => row.origin === 'default')).toBe(true);
  });

  it("imports the sandbox's published document: 21 of 21, base path, header auth", async () => {
    const r = await sb.run(['config', 'import-openapi', documentUrl(), '-y', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const result = json(r.stdout);
    expect(result).toMatchObject({
      sources: [expect.objectContaining({ source: documentUrl(), form: 'OpenAPI 3.1.0' })],
      profile: 'sandbox',
      stored: true,
      matched: 21,
      basePath: '/api/v2',
      auth: 'header:X-Api-Token',
    });
    expect(result.authScheme).toMatchObject({ type: 'header', name: 'X-Api-Token' });
    expect(
      Object.fromEntries(result.operations.map((o: { operation: string; route: string }) => [o.operation, o.route])),
    ).toEqual(layout.operations);
    for (const o of result.operations) expect(o.confidence).toBeGreaterThanOrEqual(0.5);
    expect(r.stderr).toContain('profile "sandbox": 21 of 21 routes, base path /api/v2, auth header:X-Api-Token stored');
  });

  it('config routes shows the map, base path and auth, all imported', async () => {
    const machine = json((await sb.run(['config', 'routes', '-o', 'json'])).stdout);
    expect(machine.basePath).toEqual({ value: '/api/v2', origin: 'imported' });
    expect(machine.auth).toEqual({ value: 'header:X-Api-Token', origin: 'imported' });
    expect(machine.routesSource).toMatch(
      new RegExp(`^${documentUrl().replace(/[.]/g, '\\.')} imported \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ$`),
    );
    expect(machine.routes).toHaveLength(21);
    for (const row of machine.routes) {
      expect(row.origin).toBe('imported');
      expect(`${row.method} ${row.path}`).toBe(layout.operations[row.operation]!.replace(' /', ' /api/v2/'));
    }
    const table = await sb.run(['config', 'routes']);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/stockLevels\s+GET \/api\/v2\/Stock\/Levels\s+imported/);
    expect(table.stdout).toContain('Routes:    21 imported');
    expect(table.stdout).toContain(`Imported:  ${documentUrl()} imported`);
    // config list: the routes are set now, so they are listed; the import's own record is not.
    const list = await sb.run(['config', 'list']);
    expect(list.stdout).toContain('inventory.routes.receiveStock');
    expect(list.stdout).not.toContain('inventory.importedRoutes');
  });

  it('the inventory journey passes unchanged', async () => {
    const products = await sb.run(['inventory', 'products', 'list', '-o', 'json']);
    expect(products.code, products.stderr).toBe(0);
    expect(json(products.stdout).length).toBeGreaterThan(0);

    const product = await sb.run(['inventory', 'products', 'get', '1001', '-o', 'json']);
    expect(product.code, product.stderr).toBe(0);
    expect(product.stdout).toContain('Gummy Bears');

    const levels = await sb.run(['inventory', 'stock', 'levels', '--product', '1001', '-o', 'json']);
    expect(levels.code, levels.stderr).toBe(0);

    const csv = path.join(dir, 'receipt.csv');
    fs.writeFileSync(csv, 'productId,quantity,value\n1001,4,1.20\n');
    const receipts = async () =>
      (
        await sb.control<{ items: Array<{ kind?: string; type?: string }> }>('GET', '/inventory/movements')
      ).items.filter((m) => (m.kind ?? m.type) === 'receipt').length;
    const before = await receipts();
    const receipt = await sb.run(['inventory', 'stock', 'receive', '--file', csv, '--po', 'PO-IMPORT-1']);
    expect(receipt.code, receipt.stderr).toBe(0);
    expect(await receipts()).toBe(before + 1);

    const webhooks = await sb.run(['webhooks', 'list']);
    expect(webhooks.code, webhooks.stderr).toBe(0);
  });

  it('doctor passes and says the list routes answered', async () => {
    const r = await sb.run(['doctor', '-o', 'json']);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(json(r.stdout)).toContainEqual(
      expect.objectContaining({
        service: 'inventory',
        check: 'routes',
        status: 'ok',
        detail: '9 of 9 list operations answered under /api/v2',
      }),
    );
  });

  it('a route set by hand that the server lacks: config routes says so, doctor names the route and the fix', async () => {
    const set = await sb.run(['config', 'set', 'inventory.routes.listClasses', 'GET /Classes']);
    expect(set.code, set.stderr).toBe(0);
    const routes = json((await sb.run(['config', 'routes', '-o', 'json'])).stdout);
    expect(routes.routes.find((row: { operation: string }) => row.operation === 'listClasses')).toMatchObject({
      path: '/api/v2/Classes',
      origin: 'set by hand',
    });

    const r = await sb.run(['doctor', '-o', 'json']);
    expect(r.code).not.toBe(0);
    const failed = json(r.stdout).find((f: { check: string }) => f.check === 'route listClasses');
    expect(failed).toMatchObject({ status: 'fail', detail: expect.stringContaining('GET /api/v2/Classes') });
    expect(failed.fix).toContain('venue config routes');
    expect(failed.fix).toContain('venue config import-openapi');
    expect(json(r.stdout)).toContainEqual(
      expect.objectContaining({ check: 'routes', detail: '8 of 9 list operations answered under /api/v2' }),
    );
  });

  it('importing again puts the matched route back', async () => {
    expect((await sb.run(['config', 'import-openapi', documentUrl(), '--yes'])).code).toBe(0);
    const routes = json((await sb.run(['config', 'routes', '-o', 'json'])).stdout);
    expect(routes.routes.find((row: { operation: string }) => row.operation === 'listClasses')).toMatchObject({
      path: '/api/v2/Lookups/Classes',
      origin: 'imported',
    });
  });
});

describe('importing again over an earlier import and routes set by hand', () => {
  // Intended change (issue 20): an import keeps the routes earlier imports took from other documents
  // (a vendor's documents imported one after another); --replace forgets them, as every import did before.
  it('--replace forgets what earlier imports stored; routes set by hand stay, at the same address', async () => {
    const as = (args: string[]) => sb.run(['--profile', 'kiosk2', ...args]);
    const origins = async () =>
      Object.fromEntries(
        json((await as(['config', 'routes', '-o', 'json'])).stdout).routes.map(
          (r: { operation: string; path: string; origin: string }) => [r.operation, `${r.path} (${r.origin})`],
        ),
      );
    expect(
      (await as(['config', 'import-openapi', path.join(repoRoot, 'test/fixtures/openapi/springfox.json'), '-y'])).code,
    ).toBe(0);
    expect((await as(['config', 'set', 'inventory.routes.stockTake', 'POST /counts'])).code).toBe(0);
    expect((await as(['config', 'set', 'inventory.routes.listProducts', 'GET /catalogue'])).code).toBe(0);
    expect(await origins()).toMatchObject({
      listContainers: '/inv-api/lookup/container-types (imported)',
      stockTake: '/inv-api/counts (set by hand)',
      listProducts: '/inv-api/catalogue (set by hand)',
    });

    const second = await as([
      'config',
      'import-openapi',
      path.join(repoRoot, 'test/fixtures/openapi/partial.yaml'),
      '--replace',
      '-y',
    ]);
    expect(second.code, second.stderr).toBe(0);
    expect(await origins()).toMatchObject({
      listContainers: '/containers (default)', // springfox's route, not in this document: forgotten with --replace
      stockTake: '/inv-api/counts (set by hand)', // set by hand: kept, at the same address under the new base path
      listProducts: '/kiosk/api/products (imported)', // matched by this document: replaced
      receiveStock: '/kiosk/api/stock/receipts (imported)',
    });
  });

  it("without --replace, a second document's routes join the first's: nothing is lost", async () => {
    const as = (args: string[]) => sb.run(['--profile', 'kiosk3', ...args]);
    const catalog = path.join(dir, 'catalog.yaml');
    const stock = path.join(dir, 'stock.yaml');
    fs.writeFileSync(
      catalog,
      [
        'openapi: 3.0.3',
        'servers: [{ url: "https://erp.example/tenants/{tenant}/catalog/v1" }]',
        'paths:',
        '  /products:',
        '    get: { operationId: listProducts }',
        '    post: { operationId: createProduct }',
        '  /products/{id}:',
        '    get: { operationId: getProduct }',
        '',
      ].join('\n'),
    );
    fs.writeFileSync(
      stock,
      [
        'openapi: 3.0.3',
        'servers: [{ url: "https://erp.example/tenants/{tenant}/stock/v1" }]',
        'paths:',
        '  /levels:',
        '    get: { operationId: getStockLevels, summary: Stock levels }',
        '  /receipts:',
        '    post: { operationId: receiveStock, summary: Receive stock }',
        '',
      ].join('\n'),
    );
    const first = await as(['config', 'import-openapi', catalog, '--server-var', 'tenant=north', '-y']);
    expect(first.code, first.stderr).toBe(0);
    const again = await as(['config', 'import-openapi', stock, '--server-var', 'tenant=north', '-y', '-o', 'json']);
    expect(again.code, again.stderr).toBe(0);
    expect(
      json(again.stdout).kept.map((k: { operation: string; route: string }) => `${k.operation} ${k.route}`),
    ).toEqual([
      'listProducts GET /catalog/v1/products',
      'getProduct GET /catalog/v1/products/{id}',
      'createProduct POST /catalog/v1/products',
    ]);
    const routes = json((await as(['config', 'routes', '-o', 'json'])).stdout);
    expect(routes.basePath.value).toBe('/tenants/north');
    expect(
      Object.fromEntries(
        routes.routes
          .filter((r: { origin: string }) => r.origin === 'imported')
          .map((r: { operation: string; path: string }) => [r.operation, r.path]),
      ),
    ).toEqual({
      listProducts: '/tenants/north/catalog/v1/products',
      getProduct: '/tenants/north/catalog/v1/products/{id}',
      createProduct: '/tenants/north/catalog/v1/products',
      stockLevels: '/tenants/north/stock/v1/levels',
      receiveStock: '/tenants/north/stock/v1/receipts',
    });
  });
});

describe('documents that cannot be used', () => {
  it('a document that matches nothing prints the config set command for each operation, stores nothing, exits 6', async () => {
    const r = await sb.run(['config', 'import-openapi', petstore, '-y']);
    expect(r.code).toBe(6);
    expect(r.stdout).toContain('Not mapped: 21.');
    expect(r.stdout).toContain('venue config set inventory.routes.listProducts "GET /<path>"');
    expect(r.stdout).toContain('venue config set inventory.routes.receiveStock "POST /<path>"');
    expect(r.stdout).toContain('venue config set inventory.routes.deleteWebhook "DELETE /<path>"');
    expect(r.stderr).toContain("matched venue's inventory operations; nothing was stored");
    const routes = json((await sb.run(['config', 'routes', '-o', 'json'])).stdout);
    expect(routes.routes.every((row: { origin: string }) => row.origin === 'imported')).toBe(true);
  });

  it('for another profile the commands carry --profile, and the records carry them too', async () => {
    const r = await sb.run([
      '--profile',
      'kiosk',
      'config',
      'import-openapi',
      path.join(repoRoot, 'test/fixtures/openapi/partial.yaml'),
      '--dry-run',
      '-o',
      'json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const result = json(r.stdout);
    expect(result.stored).toBe(false);
    expect(result.matched).toBe(19);
    expect(result.operations.filter((o: { matched: boolean }) => !o.matched)).toEqual([
      expect.objectContaining({
        operation: 'listContainers',
        command: 'venue --profile kiosk config set inventory.routes.listContainers "GET /<path>"',
      }),
      expect.objectContaining({
        operation: 'stockTake',
        command: 'venue --profile kiosk config set inventory.routes.stockTake "POST /<path>"',
      }),
    ]);
  });

  it('Swagger 1.2 is a usage error saying which versions venue reads (2.0 is converted: see the vendor documents)', async () => {
    const file = path.join(dir, 'swagger.json');
    fs.writeFileSync(file, JSON.stringify({ swaggerVersion: '1.2', swagger: '1.2', apis: [] }));
    const r = await sb.run(['config', 'import-openapi', file, '-y']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('venue reads Swagger 2.0 and OpenAPI 3.x');
  });

  it('an auth scheme venue cannot send at all (a cookie): the dry run works, storing is refused naming it (exit 2)', async () => {
    const file = path.join(dir, 'cookie.yaml');
    fs.writeFileSync(
      file,
      [
        'openapi: 3.0.0',
        'info: { title: Q, version: "1" }',
        'paths:',
        '  /products:',
        '    get: { operationId: Products_GetAll }',
        'components:',
        '  securitySchemes:',
        '    session: { type: apiKey, in: cookie, name: sid }',
        'security:',
        '  - session: []',
        '',
      ].join('\n'),
    );
    const dry = await sb.run(['--profile', 'kiosk', 'config', 'import-openapi', file, '--dry-run', '-o', 'json']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(json(dry.stdout)).toMatchObject({
      auth: null,
      authEvidence: 'no scheme venue can send among session (apiKey in cookie sid)',
    });
    const r = await sb.run(['--profile', 'kiosk', 'config', 'import-openapi', file, '-y']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('session (apiKey in cookie sid)');
    expect((await sb.run(['--profile', 'kiosk', 'config', 'get', 'inventory.routes.listProducts'])).code).not.toBe(0);
  });

  it('a missing file or an unreachable address exits 6; plain http only to this machine', async () => {
    const missing = await sb.run(['config', 'import-openapi', path.join(dir, 'nope.json'), '-y']);
    expect(missing.code).toBe(6);
    expect(missing.stderr).toContain('no file');
    const notFound = await sb.run(['config', 'import-openapi', `${sb.origin}/inventory/nope.json`, '-y']);
    expect(notFound.code).toBe(6);
    expect(notFound.stderr).toContain('cannot read the OpenAPI document');
    const plain = await sb.run(['config', 'import-openapi', 'http://inventory.example.com/openapi.json', '-y']);
    expect(plain.code).toBe(2);
    expect(plain.stderr).toContain('https://');
  });
});
