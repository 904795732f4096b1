// Route layouts: the loader's checks (every error names its entry), the
// rewrite of vendor paths to venue's, the auth header a layout chooses, and
// the vendor-style document the sandbox publishes.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { publishedDocument, publishedInventoryDocument, readOpenApiDocument } from '../src/openapi-publish.js';
import {
  canonicalOperations,
  createLayoutRewriter,
  loadRouteLayout,
  parseRouteLayout,
  RouteLayoutError,
  type RouteLayout,
} from '../src/routes.js';
import { SandboxHttpError } from '../src/http-error.js';
import { SandboxTokenIssuer, newSigningKey } from '../src/tokens.js';

const vendorFile = path.resolve(__dirname, '../examples/inventory-routes-vendor.json');
const operations = canonicalOperations(readOpenApiDocument('inventory'));
const parse = (value: unknown) => parseRouteLayout(value, operations, 'routes.json:');
const layoutError = (value: unknown) => {
  try {
    parse(value);
  } catch (error) {
    expect(error).toBeInstanceOf(RouteLayoutError);
    return (error as Error).message;
  }
  throw new Error('the layout was accepted');
};

describe('the contract operations', () => {
  it('are read from openapi/inventory.json: 21, with their paths and parameters', () => {
    expect(operations).toHaveLength(21);
    expect(operations.map((o) => o.operationId)).toContain('receiveStock');
    expect(operations.find((o) => o.operationId === 'getProduct')).toEqual({
      operationId: 'getProduct',
      method: 'GET',
      path: '/products/{productId}',
      params: ['productId'],
    });
  });
});

describe('loading a routes file', () => {
  it('the vendor fixture: every operation listed, header auth, base path', () => {
    const layout = loadRouteLayout(vendorFile);
    expect(layout.basePath).toBe('/api/v2');
    expect(layout.auth).toEqual({ type: 'header', name: 'X-Api-Token' });
    expect(layout.routes).toHaveLength(21);
    expect(layout.routes.every((r) => r.listed)).toBe(true);
    const update = layout.routes.find((r) => r.operationId === 'updateProduct')!;
    expect([update.method, update.path, update.params, update.canonical.method]).toEqual([
      'PUT',
      '/Products/{id}',
      ['id'],
      'PATCH',
    ]);
  });

  it('operations not listed keep venue’s path; auth defaults to Bearer and basePath to none', () => {
    const layout = parse({ operations: { receiveStock: 'POST /Stock/Receive' } });
    expect(layout.basePath).toBe('');
    expect(layout.auth).toEqual({ type: 'bearer' });
    const health = layout.routes.find((r) => r.operationId === 'health')!;
    expect([health.method, health.path, health.listed]).toEqual(['GET', '/health', false]);
    expect(parse({ basePath: '/api/v2/', operations: {} }).basePath).toBe('/api/v2');
  });

  it('an unknown operationId is an error naming it', () => {
    expect(layoutError({ operations: { receiveStocks: 'POST /Stock/Receive' } })).toMatch(
      /operations\.receiveStocks: no such operation/,
    );
  });

  it('malformed routes are errors naming the entry', () => {
    const cases: Array<[string, unknown, RegExp]> = [
      ['receiveStock', 'POST', /operations\.receiveStock must be "METHOD \/path"/],
      ['receiveStock', 42, /operations\.receiveStock must be a string/],
      ['receiveStock', 'FETCH /Stock/Receive', /operations\.receiveStock: method FETCH/],
      ['receiveStock', 'POST Stock/Receive', /operations\.receiveStock: the path Stock\/Receive must start with \//],
      [
        'receiveStock',
        'POST /Stock/Receive?x=1',
        /operations\.receiveStock: after "\?" a route takes only name=\{parameter\}/,
      ],
      ['receiveStock', 'POST /Stock/Receive#x', /operations\.receiveStock: .*plain path/],
      ['receiveStock', 'POST /Stock//Receive', /operations\.receiveStock: .*empty segment/],
      ['getProduct', 'GET /Products/{id', /operations\.getProduct: .*unpaired braces/],
      ['getProduct', 'GET /Products', /operations\.getProduct: getProduct takes 1 path parameter/],
      ['listProducts', 'GET /Products/{id}', /operations\.listProducts: listProducts takes no path parameter/],
      ['getProduct', 'GET /Products/{a!}', /operations\.getProduct: \{a!\} is not a valid parameter name/],
    ];
    for (const [id, route, message] of cases) expect(layoutError({ operations: { [id]: route } })).toMatch(message);
  });

  it('two operations on one method and path are an error naming both, also against a venue default', () => {
    expect(layoutError({ operations: { listSuppliers: 'GET /Items', listProducts: 'GET /Items' } })).toMatch(
      /operations\.listSuppliers: GET \/Items is also where listProducts is served/,
    );
    // A literal path beside a templated one is fine: the literal one wins (see the rewrite).
    expect(() => parse({ operations: { getProduct: 'GET /P/{a}', listClasses: 'GET /P/x' } })).not.toThrow();
    expect(layoutError({ operations: { listSuppliers: 'GET /categories' } })).toMatch(
      /GET \/categories is also where listCategories is served \(its venue default/,
    );
  });

  it('bad auth, basePath and top-level fields are errors', () => {
    expect(layoutError({ auth: { type: 'cookie' } })).toMatch(
      /auth\.type must be "bearer", "header", "api-key", "oauth2" or "basic"/,
    );
    expect(layoutError({ auth: { type: 'api-key', in: 'cookie', name: 'k' } })).toMatch(
      /auth\.in must be "header" or "query"/,
    );
    expect(layoutError({ auth: { type: 'api-key', in: 'header' } })).toMatch(/auth\.name must be the header's name/);
    expect(layoutError({ auth: { type: 'api-key', in: 'header', name: 'K', prefix: 'a\nb' } })).toMatch(
      /auth\.prefix must be a string on one line/,
    );
    expect(layoutError({ auth: { type: 'oauth2', tokenPath: 'oauth/token' } })).toMatch(
      /auth\.tokenPath must be a path/,
    );
    expect(layoutError({ auth: { type: 'oauth2', tokenPath: '/t', scopes: 'read' } })).toMatch(
      /auth\.scopes must be a list/,
    );
    expect(layoutError({ auth: { type: 'basic', name: 'x' } })).toMatch(
      /auth of type basic has unknown field\(s\): name/,
    );
    expect(layoutError({ auth: { type: 'header' } })).toMatch(/auth\.name must be an HTTP header name/);
    expect(layoutError({ auth: { type: 'header', name: 'X Token' } })).toMatch(/auth\.name/);
    expect(layoutError({ auth: { type: 'header', name: 'Authorization' } })).toMatch(/use \{"type": "bearer"\}/);
    expect(layoutError({ basePath: 'api' })).toMatch(/basePath must be/);
    expect(layoutError({ basePath: '/api/{v}' })).toMatch(/basePath must be/);
    expect(layoutError({ routes: {} })).toMatch(/unknown field\(s\): routes/);
    expect(layoutError([])).toMatch(/must hold a JSON object/);
    expect(() => parse({ operations: { getProduct: 'GET /openapi.json/{id}' } })).not.toThrow();
    expect(layoutError({ operations: { listProducts: 'GET /openapi.json' } })).toMatch(
      /publishes the OpenAPI document/,
    );
  });

  it('the schemes without a login route: a static key (header or query, exact prefix), OAuth2 client credentials, basic', () => {
    expect(parse({ auth: { type: 'api-key', in: 'header', name: 'Authorization', prefix: 'Token ' } }).auth).toEqual({
      type: 'api-key',
      in: 'header',
      name: 'Authorization',
      prefix: 'Token ',
    });
    expect(parse({ auth: { type: 'api-key', in: 'query', name: 'api_key' } }).auth).toEqual({
      type: 'api-key',
      in: 'query',
      name: 'api_key',
      prefix: '',
    });
    expect(parse({ auth: { type: 'oauth2', tokenPath: '/oauth/token', scopes: ['inventory.read'] } }).auth).toEqual({
      type: 'oauth2',
      tokenPath: '/oauth/token',
      scopes: ['inventory.read'],
    });
    expect(parse({ auth: { type: 'basic' } }).auth).toEqual({ type: 'basic' });
  });

  it('an unreadable or invalid file names the file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-routes-'));
    try {
      const bad = path.join(dir, 'bad.json');
      fs.writeFileSync(bad, '{"operations": ');
      expect(() => loadRouteLayout(bad)).toThrow(/routes file .*bad\.json is not valid JSON/);
      expect(() => loadRouteLayout(path.join(dir, 'missing.json'))).toThrow(
        /routes file .*missing\.json could not be read/,
      );
      const wrong = path.join(dir, 'wrong.json');
      fs.writeFileSync(wrong, JSON.stringify({ operations: { nope: 'GET /x' } }));
      expect(() => loadRouteLayout(wrong)).toThrow(/wrong\.json: operations\.nope: no such operation/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the rewrite', () => {
  const rewrite = createLayoutRewriter(loadRouteLayout(vendorFile));

  it('a vendor path becomes the canonical one, parameters by position, query kept', () => {
    expect(rewrite('GET', '/inventory/api/v2/Products/42?x=1')).toMatchObject({
      kind: 'route',
      method: 'GET',
      url: '/inventory/products/42?x=1',
    });
    expect(rewrite('POST', '/inventory/api/v2/Stock/Receive')).toMatchObject({
      kind: 'route',
      method: 'POST',
      url: '/inventory/stock-receipts',
    });
    expect(rewrite('DELETE', '/inventory/api/v2/Subscriptions/ab%2Fc')).toMatchObject({
      url: '/inventory/webhooks/ab%2Fc',
    });
    expect(rewrite('GET', '/inventory/api/v2/Products?page=2&pageSize=5')).toMatchObject({
      url: '/inventory/products?page=2&pageSize=5',
    });
  });

  it('a method the layout changed is set to the canonical one; HEAD stays HEAD', () => {
    expect(rewrite('PUT', '/inventory/api/v2/Products/7')).toMatchObject({
      kind: 'route',
      method: 'PATCH',
      url: '/inventory/products/7',
    });
    expect(rewrite('HEAD', '/inventory/api/v2/Status')).toMatchObject({
      kind: 'route',
      method: 'HEAD',
      url: '/inventory/health',
    });
  });

  it('venue paths, other methods and unknown paths under the prefix are not served', () => {
    for (const [method, url] of [
      ['GET', '/inventory/products'],
      ['POST', '/inventory/stock-receipts'],
      ['PATCH', '/inventory/api/v2/Products/7'],
      ['GET', '/inventory/api/v2/Stock/Receive'],
      ['GET', '/inventory/api/v2/Products/7/extra'],
      ['GET', '/inventory/api/v2'],
      ['GET', '/inventory'],
    ]) {
      expect(rewrite(method!, url!)).toEqual({ kind: 'not-served' });
    }
  });

  it('other services, the control API and the published document are left alone', () => {
    for (const url of [
      '/wallet/api/v1/token',
      '/booking/api/v1/locations',
      '/_sandbox/health',
      '/_sandbox/inventory/play',
      '/inventory/openapi.json',
      '/inventoryx',
    ]) {
      expect(rewrite('GET', url)).toEqual({ kind: 'untouched' });
    }
  });

  it('a literal path wins over a templated one, whatever the file order', () => {
    const layout = parse({ operations: { getProduct: 'GET /Items/{id}', listProducts: 'GET /Items/All' } });
    const own = createLayoutRewriter(layout);
    expect(own('GET', '/inventory/Items/All')).toMatchObject({ url: '/inventory/products' });
    expect(own('GET', '/inventory/Items/3')).toMatchObject({ url: '/inventory/products/3' });
    // With no basePath, the unlisted operations are on venue's paths.
    expect(own('GET', '/inventory/categories')).toMatchObject({ url: '/inventory/categories' });
    expect(own('GET', '/inventory/products')).toEqual({ kind: 'not-served' });
  });
});

describe('path variables (a tenant key in every path)', () => {
  const tenantFile = path.resolve(__dirname, '../examples/inventory-routes-tenant.json');
  const layout = loadRouteLayout(tenantFile);
  const rewrite = createLayoutRewriter(layout);

  it("a path variable is no parameter of venue's: the layout counts the others by position", () => {
    const get = layout.routes.find((r) => r.operationId === 'getProduct')!;
    expect([get.path, get.params, get.vars]).toEqual(['/{tenant}/products/{id}', ['id'], ['tenant']]);
    expect(layoutError({ pathVars: { tenant: 'a/b' } })).toContain('pathVars.tenant');
    expect(layoutError({ pathVars: { tenant: 't' }, operations: { getProduct: 'GET /{tenant}/products' } })).toContain(
      'takes 1 path parameter(s)',
    );
  });

  it("served only with the venue's value: another tenant's path is not served", () => {
    expect(rewrite('GET', '/inventory/v1/north-shore/products/42')).toMatchObject({
      kind: 'route',
      url: '/inventory/products/42',
    });
    expect(rewrite('GET', '/inventory/v1/south/products/42')).toEqual({ kind: 'not-served' });
    expect(rewrite('GET', '/inventory/v1/{tenant}/products')).toEqual({ kind: 'not-served' });
  });

  it('the published document declares it on every path, and each operation names its own scopes, as written', () => {
    const published = publishedInventoryDocument('http://127.0.0.1:9', layout);
    const list = published.paths['/{tenant}/products']!.get!;
    expect(list.parameters?.find((p) => p.in === 'path')).toMatchObject({ name: 'tenant', required: true });
    expect(list.security).toEqual([{ OAuth2: ['view_products:{tenant}'] }]);
    expect(published.paths['/{tenant}/stock-receipts']!.post!.security).toEqual([
      { OAuth2: ['manage_stock:{tenant}'] },
    ]);
    expect(layout.auth).toMatchObject({ grantable: expect.arrayContaining(['view_products:north-shore']) });
  });
});

describe('query variables (a business key in the query of every call)', () => {
  const file = path.resolve(__dirname, '../examples/inventory-routes-business-key.json');
  const layout = loadRouteLayout(file);
  const rewrite = createLayoutRewriter(layout);

  it('a value is one segment of letters, digits and . _ ~ -', () => {
    expect(layout.queryVars).toEqual({ k_business: 'nsh-4101' });
    expect(layoutError({ queryVars: { k_business: 'a b' } })).toContain('queryVars.k_business');
    expect(layoutError({ queryVars: ['k_business'] })).toContain('queryVars must be an object');
  });

  it("served only with the venue's value, which the canonical route does not see; none, another or two are refused naming it", () => {
    expect(rewrite('GET', '/inventory/v3/Products?k_business=nsh-4101&page=2')).toMatchObject({
      kind: 'route',
      url: '/inventory/products?page=2',
    });
    expect(rewrite('GET', '/inventory/v3/Products/42?k_business=nsh-4101')).toMatchObject({
      kind: 'route',
      url: '/inventory/products/42',
    });
    expect(rewrite('GET', '/inventory/v3/Products?page=2')).toEqual({
      kind: 'refused',
      parameter: 'k_business',
      message: 'the query parameter k_business is required',
    });
    expect(rewrite('GET', '/inventory/v3/Products?k_business=south')).toMatchObject({
      kind: 'refused',
      message: "the query parameter k_business does not name this server's k_business",
    });
    expect(rewrite('GET', '/inventory/v3/Products?k_business=nsh-4101&k_business=nsh-4101')).toMatchObject({
      kind: 'refused',
    });
    // A path no route has is still not served, whatever its query.
    expect(rewrite('GET', '/inventory/v3/Nowhere?k_business=nsh-4101')).toEqual({ kind: 'not-served' });
  });

  it('the published document declares it required on every operation, without its value', () => {
    const published = publishedInventoryDocument('http://127.0.0.1:9', layout);
    const all = Object.values(published.paths).flatMap((item) => Object.values(item));
    expect(all).toHaveLength(21);
    for (const operation of all)
      expect(operation.parameters?.filter((p) => p.in === 'query' && p.name === 'k_business')).toEqual([
        expect.objectContaining({ required: true, schema: { type: 'string' } }),
      ]);
    expect(JSON.stringify(published)).not.toContain('nsh-4101');
  });
});

describe('header variables (a hotel id in a header of every call)', () => {
  const file = path.resolve(__dirname, '../examples/inventory-routes-hotel-header.json');
  const layout = loadRouteLayout(file);
  const rewrite = createLayoutRewriter(layout);

  it('a name is an HTTP token, a value a header field value; never a header HTTP or the auth sends', () => {
    expect(layout.headerVars).toEqual({ 'x-hotelid': 'NSH01' });
    // A warehouse's name holds a space, as a header may; a line break, an edge space or nothing may not.
    expect(
      loadRouteLayout(path.resolve(__dirname, '../examples/inventory-routes-warehouse-header.json')).headerVars,
    ).toEqual({
      Warehouse: 'Funhouse Arcade',
    });
    expect(layoutError({ headerVars: { 'x-hotelid': 'a\nb' } })).toContain('headerVars.x-hotelid');
    expect(layoutError({ headerVars: { 'x-hotelid': ' a' } })).toContain('headerVars.x-hotelid');
    expect(layoutError({ headerVars: { 'x-hotelid': '' } })).toContain('headerVars.x-hotelid');
    expect(layoutError({ headerVars: { 'x hotel': 'a' } })).toContain('headerVars.x hotel');
    expect(layoutError({ headerVars: { Authorization: 'a' } })).toContain('headerVars.Authorization');
  });

  it("served only with the venue's value; none or another is refused naming it", () => {
    expect(rewrite('GET', '/inventory/inv/v1/items?page=2', { 'x-hotelid': 'NSH01' })).toMatchObject({
      kind: 'route',
      url: '/inventory/products?page=2',
    });
    expect(rewrite('GET', '/inventory/inv/v1/items/42', {})).toEqual({
      kind: 'refused',
      parameter: 'x-hotelid',
      message: 'the header x-hotelid is required',
    });
    expect(rewrite('GET', '/inventory/inv/v1/items', { 'x-hotelid': 'SOUTH9' })).toMatchObject({
      kind: 'refused',
      message: "the header x-hotelid does not name this server's x-hotelid",
    });
    expect(rewrite('GET', '/inventory/inv/v1/nowhere', { 'x-hotelid': 'NSH01' })).toEqual({ kind: 'not-served' });
    const warehouse = createLayoutRewriter(
      loadRouteLayout(path.resolve(__dirname, '../examples/inventory-routes-warehouse-header.json')),
    );
    expect(warehouse('GET', '/inventory/wms/v2/items', { warehouse: 'Funhouse Arcade' })).toMatchObject({
      kind: 'route',
    });
    expect(warehouse('GET', '/inventory/wms/v2/items', { warehouse: 'Funhouse' })).toMatchObject({ kind: 'refused' });
  });

  it('the published document declares it required on every operation, without its value', () => {
    const published = publishedInventoryDocument('http://127.0.0.1:9', layout);
    const all = Object.values(published.paths).flatMap((item) => Object.values(item));
    expect(all).toHaveLength(21);
    for (const operation of all)
      expect(operation.parameters?.filter((p) => p.in === 'header' && p.name === 'x-hotelid')).toEqual([
        expect.objectContaining({ required: true, schema: { type: 'string' } }),
      ]);
    expect(JSON.stringify(published)).not.toContain('NSH01');
  });
});

describe('the auth scheme', () => {
  const tokensFor = (layout: RouteLayout) => {
    const key = newSigningKey();
    return new SandboxTokenIssuer({
      key: () => key,
      settings: () => ({ tokenScale: 1, holdSeconds: 600 }),
      now: () => new Date(),
      authScheme: (service) => (service === 'inventory' ? layout.auth : { type: 'bearer' }),
    });
  };
  const request = (url: string, headers: Record<string, string>) =>
    ({ url, routeOptions: { url }, headers }) as unknown as FastifyRequest;
  const statusOf = async (promise: Promise<unknown>) =>
    promise.then(
      () => 200,
      (error: SandboxHttpError) => error.status,
    );

  it('inventory takes the bare token in the layout header only; wallet and booking keep Bearer', async () => {
    const tokens = tokensFor(loadRouteLayout(vendorFile));
    const inventory = await tokens.issue('inventory');
    const booking = await tokens.issue('booking');
    expect(
      await statusOf(tokens.require(request('/inventory/products', { 'x-api-token': inventory }), ['inventory'])),
    ).toBe(200);
    expect(
      await statusOf(tokens.require(request('/inventory/webhooks', { 'x-api-token': inventory }), ['inventory'])),
    ).toBe(200);
    expect(
      await statusOf(
        tokens.require(request('/inventory/products', { authorization: `Bearer ${inventory}` }), ['inventory']),
      ),
    ).toBe(401);
    expect(
      await statusOf(
        tokens.require(request('/inventory/products', { 'x-api-token': `Bearer ${inventory}` }), ['inventory']),
      ),
    ).toBe(401);
    expect(
      await statusOf(
        tokens.require(request('/booking/api/v1/locations', { authorization: `Bearer ${booking}` }), ['booking']),
      ),
    ).toBe(200);
    expect(
      await statusOf(tokens.require(request('/booking/api/v1/locations', { 'x-api-token': booking }), ['booking'])),
    ).toBe(401);
    const missing = await tokens
      .require(request('/inventory/products', { authorization: `Bearer ${inventory}` }), ['inventory'])
      .catch((e: SandboxHttpError) => e);
    expect((missing as SandboxHttpError).message).toMatch(
      /missing X-Api-Token header \(an Authorization header is not read here\)/,
    );
  });
});

describe('a second credential beside the key (the API secret, bare in a header of its own)', () => {
  const file = path.resolve(__dirname, '../examples/inventory-routes-two-keys.json');
  const layout = loadRouteLayout(file);
  const key = 'sandbox-inventory-api-key';
  const secret = 'sandbox-inventory-api-secret';
  const tokens = new SandboxTokenIssuer({
    key: newSigningKey,
    settings: () => ({ tokenScale: 1, holdSeconds: 600 }),
    now: () => new Date(),
    authScheme: () => layout.auth,
  });
  const call = (headers: Record<string, string>) =>
    tokens
      .require({ url: '/inventory/products', routeOptions: { url: '/inventory/products' }, headers } as never, [
        'inventory',
      ])
      .then(
        () => 'served',
        (error: SandboxHttpError) => `${error.status} ${error.message}`,
      );

  it('the example layout: the key in X-Api-Key, the secret in X-Connection-Token; a bad secondHeader names it', () => {
    expect(layout.auth).toEqual({
      type: 'api-key',
      in: 'header',
      name: 'X-Api-Key',
      prefix: '',
      secondHeader: 'X-Connection-Token',
    });
    const withSecond = (secondHeader: unknown) => ({
      auth: { type: 'api-key', in: 'header', name: 'X-Api-Key', secondHeader },
    });
    expect(layoutError(withSecond('X Token'))).toMatch(/auth\.secondHeader must be an HTTP header name/);
    expect(layoutError(withSecond('x-api-key'))).toMatch(/auth\.secondHeader cannot be x-api-key/);
    expect(layoutError(withSecond('Authorization'))).toMatch(/auth\.secondHeader cannot be Authorization/);
    expect(layoutError({ auth: { type: 'basic', secondHeader: 'X-A' } })).toMatch(/unknown field\(s\): secondHeader/);
  });

  it('a call is served with both; without the second, or with a wrong one, it is a 401 naming the header', async () => {
    expect(await call({ 'x-api-key': key, 'x-connection-token': secret })).toBe('served');
    expect(await call({ 'x-api-key': key })).toBe('401 missing X-Connection-Token header (it goes beside the API key)');
    expect(await call({ 'x-api-key': key, 'x-connection-token': 'not-it' })).toBe(
      '401 the X-Connection-Token header is not valid',
    );
    expect(await call({ 'x-api-key': 'not-it', 'x-connection-token': secret })).toBe('401 the API key is not valid');
    expect(await call({ 'x-connection-token': secret })).toBe('401 missing X-Api-Key header');
  });

  it('the published document declares the key as its scheme and the second as a header every secured operation requires', () => {
    const published = publishedInventoryDocument('http://127.0.0.1:9', layout);
    expect(published.components?.securitySchemes).toEqual({
      ApiKey: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-Api-Key' }),
    });
    const all = Object.values(published.paths).flatMap((item) => Object.values(item));
    expect(all).toHaveLength(20);
    for (const operation of all) {
      const second = (operation.parameters ?? []).filter((p) => p.in === 'header' && p.name === 'X-Connection-Token');
      const secured = operation.security?.some((r) => Object.keys(r).length);
      expect(second).toEqual(secured ? [expect.objectContaining({ required: true, schema: { type: 'string' } })] : []);
    }
    expect(all.filter((o) => o.security?.some((r) => Object.keys(r).length))).toHaveLength(19);
    expect(published.info.description).toContain('your connection token in the X-Connection-Token header');
    expect(JSON.stringify(published)).not.toContain(secret);
  });
});

describe('the published document', () => {
  const venueIds = new Set(operations.map((o) => o.operationId));
  const operationsOf = (document: ReturnType<typeof publishedInventoryDocument>) =>
    Object.entries(document.paths).flatMap(([p, item]) =>
      Object.entries(item).map(([m, op]) => ({ key: `${m.toUpperCase()} ${p}`, ...op })),
    );

  it('under the vendor layout: its paths, server, header scheme and vendor names', () => {
    const document = publishedInventoryDocument('http://127.0.0.1:9', loadRouteLayout(vendorFile));
    expect(document.servers).toEqual([{ url: 'http://127.0.0.1:9/inventory/api/v2' }]);
    expect(document.components?.securitySchemes).toEqual({
      ApiToken: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-Api-Token' }),
    });
    expect(document.security).toEqual([{ ApiToken: [] }]);
    const ops = operationsOf(document);
    expect(ops).toHaveLength(21);
    expect(ops.map((o) => o.key)).toEqual(
      expect.arrayContaining([
        'POST /Security/Token',
        'PUT /Products/{id}',
        'POST /Stock/Receive',
        'DELETE /Subscriptions/{subscriptionId}',
      ]),
    );
    for (const op of ops) {
      expect(venueIds.has(op.operationId!)).toBe(false);
      expect(op.operationId).toMatch(/^[A-Z][A-Za-z]+_[A-Z][A-Za-z]+$/);
    }
    const receive = ops.find((o) => o.key === 'POST /Stock/Receive')!;
    expect([receive.operationId, receive.tags, receive.summary]).toEqual([
      'Stock_Receive',
      ['Stock'],
      'Receives stock into a warehouse',
    ]);
    const get = ops.find((o) => o.key === 'GET /Products/{id}')!;
    expect(get.parameters!.filter((p) => p.in === 'path').map((p) => p.name)).toEqual(['id']);
    expect(get.security).toEqual([{ ApiToken: [] }]);
    expect(ops.find((o) => o.key === 'GET /Status')!.security).toEqual([]);
    expect(document.tags!.map((t) => t.name)).toEqual(expect.arrayContaining(['Stock', 'Products', 'Webhooks']));
    // The contract document itself is untouched.
    expect(readOpenApiDocument('inventory').paths['/stock-receipts']!.post!.operationId).toBe('receiveStock');
  });

  it('each scheme without a login route publishes its securitySchemes entry (scopes on every requirement) and no token exchange', () => {
    const published = (auth: unknown) =>
      publishedInventoryDocument('http://127.0.0.1:9', parse({ basePath: '/api', auth }));
    const token = published({ type: 'api-key', in: 'header', name: 'Authorization', prefix: 'Token ' });
    expect(token.components?.securitySchemes).toEqual({
      ApiKey: expect.objectContaining({
        type: 'apiKey',
        in: 'header',
        name: 'Authorization',
        description: expect.stringContaining('"Token "'),
      }),
    });
    expect(operationsOf(token).some((o) => o.key === 'POST /auth/token')).toBe(false);
    expect(operationsOf(token)).toHaveLength(20);
    expect(published({ type: 'api-key', in: 'query', name: 'api_key' }).components?.securitySchemes).toEqual({
      ApiKey: expect.objectContaining({ type: 'apiKey', in: 'query', name: 'api_key' }),
    });
    const oauth = published({
      type: 'oauth2',
      tokenPath: '/oauth/token',
      scopes: ['inventory.read', 'inventory.write'],
    });
    expect(oauth.components?.securitySchemes).toEqual({
      OAuth2: {
        type: 'oauth2',
        flows: {
          clientCredentials: {
            tokenUrl: 'http://127.0.0.1:9/inventory/api/oauth/token',
            scopes: { 'inventory.read': expect.any(String), 'inventory.write': expect.any(String) },
          },
        },
      },
    });
    expect(oauth.security).toEqual([{ OAuth2: ['inventory.read', 'inventory.write'] }]);
    expect(published({ type: 'basic' }).components?.securitySchemes).toEqual({
      BasicAuth: { type: 'http', scheme: 'basic' },
    });
  });

  it('without a layout: venue paths at the live origin, Bearer, still vendor names', () => {
    const document = publishedInventoryDocument('http://localhost:1');
    expect(document.servers).toEqual([{ url: 'http://localhost:1/inventory' }]);
    expect(Object.values(document.components!.securitySchemes!)).toEqual([
      expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    ]);
    const ops = operationsOf(document);
    expect(ops.map((o) => o.key)).toContain('POST /stock-receipts');
    expect(ops.some((o) => venueIds.has(o.operationId!))).toBe(false);
  });

  it('wallet and booking: their contract with the live server', () => {
    expect(publishedDocument('wallet', 'http://h:1').servers).toEqual([{ url: 'http://h:1/wallet' }]);
    expect(publishedDocument('booking', 'http://h:1').paths).toEqual(readOpenApiDocument('booking').paths);
  });
});

describe("a record's id in the query (an RPC-style vendor)", () => {
  const file = path.resolve(__dirname, '../examples/inventory-routes-query-id.json');
  const layout = loadRouteLayout(file);
  const rewrite = createLayoutRewriter(layout);

  it('is served at the canonical path with the id in its place; none, empty or two are refused naming it', () => {
    expect(rewrite('GET', '/inventory/api/product?productId=1002&x=1')).toMatchObject({
      kind: 'route',
      url: '/inventory/products/1002?x=1',
    });
    expect(rewrite('DELETE', '/inventory/api/subscription?id=a%2Fb')).toMatchObject({
      kind: 'route',
      url: '/inventory/webhooks/a%2Fb',
    });
    expect(rewrite('GET', '/inventory/api/product')).toEqual({
      kind: 'refused',
      parameter: 'productId',
      message: 'the query parameter productId is required',
    });
    expect(rewrite('GET', '/inventory/api/product?productId=')).toMatchObject({ kind: 'refused' });
    expect(rewrite('GET', '/inventory/api/product?productId=1&productId=2')).toMatchObject({ kind: 'refused' });
    // venue's own path is not where this vendor serves it.
    expect(rewrite('GET', '/inventory/api/products/1002')).toEqual({ kind: 'not-served' });
  });

  it("names only the operation's own path parameters, each once, in the path or the query", () => {
    expect(layoutError({ operations: { getProduct: 'GET /product?productId={webhookId}' } })).toContain(
      "getProduct's own path parameters",
    );
    expect(layoutError({ operations: { listProducts: 'GET /products?id={productId}' } })).toContain('it has none');
    expect(layoutError({ operations: { getProduct: 'GET /product/{id}?productId={productId}' } })).toContain(
      'takes 1 path parameter',
    );
    expect(layoutError({ operations: { getProduct: 'GET /product?a={productId}&b={productId}' } })).toContain(
      'repeats',
    );
  });

  it('the published document declares it a required query parameter', () => {
    const published = publishedInventoryDocument('http://x', layout) as {
      paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string; required?: boolean }> }>>;
    };
    const get = published.paths['/product']?.get;
    expect(get?.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'productId', in: 'query', required: true })]),
    );
  });
});
