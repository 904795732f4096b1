import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError, VenueError } from '../../../src/lib/errors.js';
import { inventoryOperationNames, inventoryOperations, type InventoryOperation } from '../../../src/lib/inventory/routes.js';
import {
  basePathUnder,
  formatImportRecord,
  importOpenApi,
  parseImportRecord,
  parseOpenApiText,
  splitWords,
  type MatchedOperation,
  type OpenApiImport,
} from '../../../src/lib/openapi-import.js';
import { publishedInventoryDocument } from '../../../src/sandbox/openapi-publish.js';
import { loadRouteLayout } from '../../../src/sandbox/routes.js';
import { repoRoot } from '../../support/venue.js';

const fixture = (name: string) => path.join(repoRoot, 'test/fixtures/openapi', name);
async function importFixture(name: string): Promise<OpenApiImport> {
  return importOpenApi(await parseOpenApiText(fs.readFileSync(fixture(name), 'utf8'), name));
}
function routesOf(result: OpenApiImport): Partial<Record<InventoryOperation, string>> {
  return Object.fromEntries(result.operations.filter((o): o is MatchedOperation => o.matched).map((o) => [o.operation, o.route]));
}
function matchOf(result: OpenApiImport, operation: InventoryOperation): MatchedOperation {
  const found = result.operations.find((o) => o.operation === operation);
  if (!found?.matched) throw new Error(`${operation} not matched: ${JSON.stringify(found)}`);
  return found;
}
function expectOneToOne(result: OpenApiImport) {
  const routes = Object.values(routesOf(result));
  expect(new Set(routes).size).toBe(routes.length);
  expect(result.operations.map((o) => o.operation)).toEqual(inventoryOperationNames);
}

describe('splitWords', () => {
  it.each([
    ['Stock_Receive', ['stock', 'receive']],
    ['receiveStockUsingPOST', ['receive', 'stock']],
    ['getProductUsingGET_1', ['get', 'product']],
    ['ReceiveStock', ['receive', 'stock']],
    ['stock.receive', ['stock', 'receive']],
    ['/api/v2/Stock/Receive', ['api', 'stock', 'receive']],
    ['/stock-receipts', ['stock', 'receipts']],
    ['TaxGroups_GetAll', ['tax', 'groups', 'get', 'all']],
    ['APIKeyLogin', ['api', 'key', 'login']],
  ])('%s', (text, words) => {
    expect(splitWords(text)).toEqual(words);
  });
});

describe('a .NET (Swashbuckle) document: Tag_Action operationIds, /api/v2 in every path, an apiKey header', () => {
  it('matches all 21 by path, operationId and tag, and takes X-Api-Token as the auth header', async () => {
    const result = await importFixture('swashbuckle.json');
    expect(routesOf(result)).toEqual({
      authenticate: 'POST /api/v2/Auth/Token',
      health: 'GET /api/v2/Health',
      listProducts: 'GET /api/v2/Products',
      getProduct: 'GET /api/v2/Products/{id}',
      createProduct: 'POST /api/v2/Products',
      updateProduct: 'PUT /api/v2/Products/{id}',
      listCategories: 'GET /api/v2/Categories',
      listClasses: 'GET /api/v2/Classes',
      listWarehouses: 'GET /api/v2/Warehouses',
      listTaxGroups: 'GET /api/v2/TaxGroups',
      listContainers: 'GET /api/v2/ContainerTypes',
      listSuppliers: 'GET /api/v2/Suppliers',
      createSupplier: 'POST /api/v2/Suppliers',
      stockLevels: 'GET /api/v2/Stock',
      stockTake: 'POST /api/v2/Stock/Take',
      receiveStock: 'POST /api/v2/Stock/Receive',
      adjustStock: 'POST /api/v2/Stock/Adjust',
      listWebhooks: 'GET /api/v2/Webhooks',
      createWebhook: 'POST /api/v2/Webhooks',
      updateWebhook: 'PUT /api/v2/Webhooks/{id}',
      deleteWebhook: 'DELETE /api/v2/Webhooks/{id}',
    });
    expectOneToOne(result);
    expect(result.auth.scheme).toEqual({ type: 'header', name: 'X-Api-Token' });
    expect(result.auth.evidence).toBe('securitySchemes.ApiKey: apiKey in header X-Api-Token');
    expect(result.server).toEqual({ url: 'https://inventory.arcade-north.example', path: '' });
    expect(result.unused.sort()).toEqual(['GET /api/v2/Products/{id}/Barcodes', 'GET /api/v2/Reports/Sales', 'GET /api/v2/Stock/Movements']);
  });

  it('says why: method, path words, operationId, tag', async () => {
    const result = await importFixture('swashbuckle.json');
    expect(matchOf(result, 'receiveStock').evidence).toMatch(/^method POST; path words stock, receive; operationId Stock_Receive; tag Stock/);
    expect(matchOf(result, 'getProduct').evidence).toContain('path parameter {id}; operationId Products_GetById');
  });
});

describe('a Spring (springfox) document: verbUsingMETHOD operationIds, controller tags, bearer', () => {
  it('matches all 21; /inventory/receipts is the receipt, its GET list is not taken for stock levels', async () => {
    const result = await importFixture('springfox.json');
    expectOneToOne(result);
    expect(result.operations.every((o) => o.matched)).toBe(true);
    const routes = routesOf(result);
    expect(routes.receiveStock).toBe('POST /inventory/receipts');
    expect(routes.stockTake).toBe('POST /inventory/counts');
    expect(routes.adjustStock).toBe('POST /inventory/adjustments');
    expect(routes.stockLevels).toBe('GET /inventory/levels');
    expect(routes.authenticate).toBe('POST /auth/login');
    expect(routes.health).toBe('GET /actuator/health');
    expect(routes.updateProduct).toBe('PATCH /products/{productId}');
    expect(routes.getProduct).toBe('GET /products/{productId}');
    expect(routes.listTaxGroups).toBe('GET /lookup/tax-groups');
    expect(routes.listContainers).toBe('GET /lookup/container-types');
    expect(routes.deleteWebhook).toBe('DELETE /webhook-subscribers/{subscriberId}');
    expect(matchOf(result, 'receiveStock').evidence).toContain('operationId receiveStockUsingPOST');
    expect(result.unused.sort()).toEqual(['GET /inventory/receipts', 'GET /products/{productId}/stock']);
    expect(result.auth.scheme).toEqual({ type: 'bearer' });
    expect(result.server.path).toBe('/inv-api');
  });
});

describe('a hand-written YAML document', () => {
  it('reads YAML; goods-in, stock on hand, vendors, items; server variables resolved; bearer chosen over OAuth2', async () => {
    const result = await importFixture('handwritten.yaml');
    expectOneToOne(result);
    expect(result.openapi).toBe('3.1.0');
    const routes = routesOf(result);
    expect(routes).toMatchObject({
      authenticate: 'POST /session',
      health: 'GET /ping',
      listProducts: 'GET /items',
      getProduct: 'GET /items/{itemId}',
      updateProduct: 'PATCH /items/{itemId}',
      listWarehouses: 'GET /reference/stores',
      listTaxGroups: 'GET /reference/vat-groups',
      listContainers: 'GET /reference/packaging',
      listSuppliers: 'GET /vendors',
      createSupplier: 'POST /vendors',
      stockLevels: 'GET /stock-on-hand',
      stockTake: 'POST /stocktakes',
      receiveStock: 'POST /goods-in',
      adjustStock: 'POST /stock/corrections',
      createWebhook: 'POST /event-subscriptions',
      deleteWebhook: 'DELETE /event-subscriptions/{subscriptionId}',
    });
    expect(Object.keys(routes)).toHaveLength(21);
    expect(matchOf(result, 'receiveStock').evidence).toContain('path words goods in');
    expect(result.server).toEqual({ url: 'https://demo.stockroom.example/connect/v4', path: '/connect/v4' });
    expect(result.auth.scheme).toEqual({ type: 'bearer' });
    expect(result.auth.unsupported).toEqual([{ name: 'oauth', kind: 'oauth2' }]);
  });
});

describe('a document missing two operations', () => {
  it('lists them unmatched with the reason, and does not take a summary-only mention', async () => {
    const result = await importFixture('partial.yaml');
    expectOneToOne(result);
    const unmatched = result.operations.filter((o) => !o.matched);
    expect(unmatched.map((o) => o.operation)).toEqual(['listContainers', 'stockTake']);
    expect(unmatched[0]).toMatchObject({ reason: expect.stringContaining('closest is GET /misc, too weak') });
    expect(unmatched[1]).toMatchObject({ reason: 'no POST operation without path parameters names stock takes or counts' });
    expect(result.unused).toEqual(['GET /misc']);
    expect(result.server.path).toBe('/kiosk/api');
    expect(result.auth.scheme).toEqual({ type: 'header', name: 'X-Kiosk-Token' });
  });

  it('matches nothing in a document of another service', async () => {
    const result = await importFixture('petstore.yaml');
    expect(result.operations.filter((o) => o.matched)).toEqual([]);
  });
});

describe("the sandbox's published document", () => {
  it("matches venue's own layout back to the default routes, though every operationId is the vendor's", () => {
    const result = importOpenApi(publishedInventoryDocument('http://127.0.0.1:47800'));
    const expected = Object.fromEntries(inventoryOperationNames.map((name) => [name, inventoryOperations[name].route]));
    expect(routesOf(result)).toEqual(expected);
    expect(result.auth.scheme).toEqual({ type: 'bearer' });
    expect(result.server.path).toBe('/inventory');
  });

  it('matches the vendor layout of test/fixtures/inventory-routes-vendor.json exactly', () => {
    const layoutFile = path.join(repoRoot, 'test/fixtures/inventory-routes-vendor.json');
    const layout = loadRouteLayout(layoutFile);
    const result = importOpenApi(publishedInventoryDocument('http://127.0.0.1:47800', layout));
    const file = JSON.parse(fs.readFileSync(layoutFile, 'utf8')) as { operations: Record<string, string> };
    expect(routesOf(result)).toEqual(file.operations);
    expect(result.auth.scheme).toEqual({ type: 'header', name: 'X-Api-Token' });
    expect(basePathUnder(result.server.path, 'http://127.0.0.1:47800/inventory')).toBe('/api/v2');
  });
});

describe('what is refused', () => {
  it('Swagger 2.0, with the way out', () => {
    const error = (() => {
      try {
        importOpenApi({ swagger: '2.0', info: { title: 'x', version: '1' }, paths: {} });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).message).toBe('the document is Swagger 2.0 (OpenAPI 2.0): venue reads OpenAPI 3.x only');
    expect((error as UsageError).hint).toContain('convert');
  });

  it('anything that is not an OpenAPI 3 document', () => {
    expect(() => importOpenApi({ info: {}, paths: {} })).toThrow(/no "openapi" version field/);
    expect(() => importOpenApi([1, 2])).toThrow(UsageError);
    expect(() => importOpenApi({ openapi: '3.0.0' })).toThrow(/no "paths"/);
  });

  it('text that is neither JSON nor YAML is a document that cannot be read (exit 6)', async () => {
    await expect(parseOpenApiText('{ "openapi": ', 'doc.json')).rejects.toSatisfy((e: unknown) => e instanceof VenueError && e.exitCode === 6);
    await expect(parseOpenApiText('a: [b\n', 'doc.yaml')).rejects.toThrow(/cannot read doc.yaml as JSON or YAML/);
    await expect(parseOpenApiText('  ', 'empty.yaml')).rejects.toThrow(/empty/);
  });

  it('a server variable without a default', () => {
    expect(() => importOpenApi({ openapi: '3.0.0', servers: [{ url: 'https://{host}/api' }], paths: {} })).toThrow(/\{host\}/);
  });
});

describe('auth schemes', () => {
  const withSecurity = (schemes: Record<string, unknown>, security: Array<Record<string, string[]>>) => ({
    openapi: '3.0.3',
    paths: { '/products': { get: { operationId: 'Products_GetAll' } } },
    components: { securitySchemes: schemes },
    security,
  });

  it('an apiKey in the query only: nothing venue can send, named', () => {
    const result = importOpenApi(withSecurity({ key: { type: 'apiKey', in: 'query', name: 'api_key' } }, [{ key: [] }]));
    expect(result.auth.scheme).toBeUndefined();
    expect(result.auth.unsupported).toEqual([{ name: 'key', kind: 'apiKey in query api_key' }]);
  });

  it('bearer offered beside a cookie key: bearer', () => {
    const result = importOpenApi(
      withSecurity({ cookie: { type: 'apiKey', in: 'cookie', name: 'sid' }, jwt: { type: 'http', scheme: 'Bearer' } }, [{ cookie: [] }, { jwt: [] }]),
    );
    expect(result.auth.scheme).toEqual({ type: 'bearer' });
  });

  it('per-operation security counts, not only the global one', () => {
    const document = withSecurity({ token: { type: 'apiKey', in: 'header', name: 'X-Token' } }, []);
    (document.paths['/products'].get as Record<string, unknown>).security = [{ token: [] }];
    expect(importOpenApi(document).auth.scheme).toEqual({ type: 'header', name: 'X-Token' });
  });

  it('no security at all: no scheme, nothing unsupported', () => {
    const result = importOpenApi(withSecurity({}, []));
    expect(result.auth.scheme).toBeUndefined();
    expect(result.auth.unsupported).toEqual([]);
    expect(result.auth.evidence).toBe('the operations name no security scheme');
  });
});

describe('base path', () => {
  it('is the servers URL path, under the profile inventory.url path', () => {
    expect(basePathUnder('/inventory/api/v2', 'http://127.0.0.1:47800/inventory')).toBe('/api/v2');
    expect(basePathUnder('/api/v2', 'https://inventory.example/api/v2')).toBe('');
    expect(basePathUnder('/api/v2', 'https://inventory.example')).toBe('/api/v2');
    expect(basePathUnder('/inventoryx/api', 'https://h/inventory')).toBe('/inventoryx/api');
    expect(basePathUnder('/api', undefined)).toBe('/api');
  });

  it('a relative servers URL is the path itself', () => {
    expect(importOpenApi({ openapi: '3.0.0', servers: [{ url: '/api/v3/' }], paths: {} }).server).toEqual({ url: '/api/v3/', path: '/api/v3' });
    expect(importOpenApi({ openapi: '3.0.0', paths: {} }).server).toEqual({ path: '' });
  });
});

describe('the import record', () => {
  it('round-trips and ignores what is not a route', () => {
    const text = formatImportRecord({ basePath: '/api', auth: 'bearer', routes: { listProducts: 'GET /items' } });
    expect(parseImportRecord(text)).toEqual({ basePath: '/api', auth: 'bearer', routes: { listProducts: 'GET /items' } });
    expect(parseImportRecord('{"routes":{"nope":"GET /x","health":"GET /ping"}}')).toEqual({ basePath: '', auth: undefined, routes: { health: 'GET /ping' } });
    expect(parseImportRecord('not json')).toBeUndefined();
    expect(parseImportRecord(undefined)).toBeUndefined();
  });
});
