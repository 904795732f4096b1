// Rules of the matcher found by studying why the tuning set's documents were
// missed or mapped wrong (test/fixtures/openapi/vendors/cases-new.ts: weclapp,
// ShipEngine, Akeneo, Katana, Lightspeed, Shopware, commercetools, Etsy,
// Salesforce), each stated for any document and tested on a small document
// written for it; where the tuning document itself is present (they are not
// committed), on it too. No rule names a vendor.

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { InventoryOperation } from '../../../src/lib/inventory/routes.js';
import type { ImportPlan, MappedOperation } from '../../../src/lib/openapi/import.js';
import { commonBasePath, remainderAfter, splitServerUrl } from '../../../src/lib/openapi/servers.js';
import { warnings } from '../../../src/lib/openapi/review.js';
import {
  absent,
  answer,
  body,
  plan,
  routesOf,
  schema,
  tuning,
  unmapped,
  vendors,
} from '../../support/openapi-plans.js';

const shortfall = (result: ImportPlan, operation: InventoryOperation, route: string) =>
  unmapped(result, operation)?.candidates.find((c) => c.route === route)?.shortfall;

describe('the base path is cut between whole segments, never in one', () => {
  it('a server URL whose scheme is a variable ({protocol}://{host}/webapp/api/v1): the scheme and host are no path', () => {
    expect(splitServerUrl('{protocol}://{host}/webapp/api/v1')).toEqual({ host: '{host}', path: '/webapp/api/v1' });
    const result = plan(
      {
        '/article': {
          get: { operationId: 'articleQuery', responses: answer({ name: 'string', price: 'number' }, true) },
        },
      },
      {
        servers: [
          {
            url: '{protocol}://{host}/webapp/api/v1',
            variables: { protocol: { default: 'https' }, host: { default: 'x.example' } },
          },
        ],
      },
      { protocol: 'https', host: 'venueone.example' },
    );
    expect(result.basePath).toBe('/webapp/api/v1');
    expect(routesOf(result)).toEqual({ listProducts: 'GET /article' });
  });

  it('what a path adds to the shared base path is counted in segments', () => {
    expect(commonBasePath(['/stores/abc/v3', '/stores/abc/v2'])).toBe('/stores/abc');
    expect(remainderAfter('/stores/abc', '/stores/abc/v3')).toBe('/v3');
    expect(remainderAfter('/webapp/api/v1', '/webapp/api/v1')).toBe('');
    // A path that does not start with the base's segments is left whole, never cut by length.
    expect(remainderAfter('/api', '/apiv2/items')).toBe('/apiv2/items');
  });

  it.skipIf(absent('weclapp/openapi.json'))('the tuning set: weclapp', async () => {
    const result = await tuning(['weclapp/openapi.json'], { protocol: 'https', host: 'venueone.weclapp.com' });
    expect(result.basePath).toBe('/webapp/api/v1');
    expect(routesOf(result)).toMatchObject({ listProducts: 'GET /article', getProduct: 'GET /article/id/{id}' });
  });
});

describe('a login takes the credentials it exchanges for a token', () => {
  const ephemeral = {
    '/v1/tokens/ephemeral': {
      post: {
        operationId: 'tokens_get_ephemeral_token',
        summary: 'Get Ephemeral Token',
        responses: answer({ token: 'string' }),
      },
    },
    '/v1/warehouses': {
      get: { operationId: 'list_warehouses', responses: answer({ name: 'string', address: 'string' }, true) },
    },
  };
  it('a token route that needs the key to be called and takes nothing to exchange is no login', () => {
    const result = plan(ephemeral, {
      components: { securitySchemes: { api_key: { type: 'apiKey', in: 'header', name: 'API-Key' } } },
      security: [{ api_key: [] }],
    });
    expect(routesOf(result).authenticate).toBeUndefined();
    expect(shortfall(result, 'authenticate', 'POST /v1/tokens/ephemeral')).toContain('takes no credentials');
    expect(result.auth.scheme).toEqual({ type: 'api-key', in: 'header', name: 'API-Key', prefix: '' });
  });

  it('but one that takes a body, HTTP basic, or needs no credential to be called may be', () => {
    const login = {
      '/session': {
        post: {
          operationId: 'openSession',
          summary: 'Open a session',
          security: [],
          responses: answer({ token: 'string' }),
        },
      },
      '/items': { get: { operationId: 'listItems', responses: answer({ name: 'string', price: 'number' }, true) } },
    };
    const extra = {
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    };
    expect(routesOf(plan(login, extra)).authenticate).toBe('POST /session');
  });

  it.skipIf(absent('shipengine/openapi.yaml'))('the tuning set: ShipEngine', async () => {
    const result = await tuning(['shipengine/openapi.yaml']);
    expect(routesOf(result).authenticate).toBeUndefined();
  });
});

describe('no security scheme, but a login route whose answer is a token: the token is sent as a bearer token', () => {
  it('the operations take the login route token, as venue sends it by default', () => {
    const result = plan({
      '/api/oauth/v1/token': {
        post: {
          operationId: 'post_token',
          summary: 'Get authentication token',
          requestBody: body({ username: 'string', password: 'string', grant_type: 'string' }),
          responses: answer({ access_token: 'string', token_type: 'string' }),
        },
      },
      '/api/rest/v1/categories': {
        get: { operationId: 'get_categories', responses: answer({ code: 'string', parent: 'string' }, true) },
      },
    });
    expect(routesOf(result).authenticate).toBe('POST /api/oauth/v1/token');
    expect(result.auth.scheme).toEqual({ type: 'bearer' });
    expect(result.auth.evidence).toContain('no security scheme');
  });

  it.skipIf(absent('akeneo/akeneo-web-api.json'))('the tuning set: Akeneo', async () => {
    const result = await tuning(['akeneo/akeneo-web-api.json']);
    expect(result.auth.scheme).toEqual({ type: 'bearer' });
  });
});

describe('a health check by evidence: a GET answering a small report of the service (its status or version), no record', () => {
  it("the running version is a health check; a record's status list is that record's, not the service's", () => {
    const result = plan({
      '/_info/version': {
        get: {
          operationId: 'infoVersion',
          summary: 'Get the version',
          responses: answer({ version: 'string' }),
        },
      },
      '/articleStatus': {
        get: {
          operationId: 'articleStatusQuery',
          summary: 'query articleStatus',
          responses: answer({ id: 'string', name: 'string', version: 'string' }, true),
        },
      },
    });
    expect(routesOf(result).health).toBe('GET /_info/version');
    const mapped = result.operations.find((o) => o.operation === 'health') as MappedOperation;
    expect(mapped.reasons).toContain('its answer is a small report of the service, no record');
    const alone = plan({
      '/articleStatus': {
        get: { operationId: 'articleStatusQuery', responses: answer({ name: 'string', status: 'string' }, true) },
      },
    });
    expect(routesOf(alone).health).toBeUndefined();
    expect(shortfall(alone, 'health', 'GET /articleStatus')).toContain('the status of article');
  });

  it('a ping answering something that is no record is a health check; a record named for a version is not', () => {
    const ping = plan({
      '/v3/application/openapi-ping': {
        get: { operationId: 'ping', responses: answer({ application_id: 'integer' }) },
      },
    });
    expect(routesOf(ping).health).toBe('GET /v3/application/openapi-ping');
    const record = plan({
      '/version': {
        get: { operationId: 'getVersion', responses: answer({ version: 'string', name: 'string', key: 'string' }) },
      },
    });
    expect(routesOf(record).health).toBeUndefined();
  });

  it.skipIf(absent('shopware/adminapi.json'))('the tuning set: Shopware', async () => {
    expect(routesOf(await tuning(['shopware/adminapi.json'])).health).toBe('GET /_info/version');
  });
});

describe('words of the vocabulary, each on a small document', () => {
  it('the environment a route acts in is a part of the service, no subject: /v1/environment/webhooks are webhooks', () => {
    const hook = { url: 'string', event: 'string' };
    const result = plan({
      '/v1/environment/webhooks': {
        get: { operationId: 'list_webhooks', responses: answer(hook, true) },
        post: { operationId: 'create_webhook', requestBody: body(hook), responses: answer(hook) },
      },
    });
    expect(routesOf(result)).toEqual({
      listWebhooks: 'GET /v1/environment/webhooks',
      createWebhook: 'POST /v1/environment/webhooks',
    });
  });

  it("a marketplace's listings are the seller's products", () => {
    const listing = { title: 'string', price: 'number', quantity: 'integer' };
    expect(
      routesOf(plan({ '/listings/{listing_id}': { get: { operationId: 'getListing', responses: answer(listing) } } })),
    ).toEqual({ getProduct: 'GET /listings/{listing_id}' });
  });

  it('an identifier is what a record is known by: products known only by their identifier are products', () => {
    const result = plan({
      '/api/rest/v1/products': {
        get: {
          operationId: 'get_products',
          responses: answer({ identifier: 'string', enabled: 'boolean', categories: 'array' }, true),
        },
      },
    });
    expect(routesOf(result).listProducts).toBe('GET /api/rest/v1/products');
  });

  it('categories of products (an article category) are the categories venue lists', () => {
    const result = plan({
      '/articleCategory': {
        get: {
          operationId: 'articleCategoryQuery',
          responses: answer({ name: 'string', parentCategoryId: 'string' }, true),
        },
      },
    });
    expect(routesOf(result).listCategories).toBe('GET /articleCategory');
  });

  it('a container type says how many units it holds: a parcel type with dimensions alone is not one', () => {
    const result = plan({
      '/packages': {
        get: {
          operationId: 'list_package_types',
          summary: 'List Custom Package Types',
          responses: answer({ name: 'string', package_code: 'string', dimensions: 'object' }, true),
        },
      },
    });
    expect(routesOf(result).listContainers).toBeUndefined();
    expect(shortfall(result, 'listContainers', 'GET /packages')).toContain('nothing for a size or conversion');
    const units = plan({
      '/package-types': {
        get: { operationId: 'listPackageTypes', responses: answer({ name: 'string', factor: 'number' }, true) },
      },
    });
    expect(routesOf(units).listContainers).toBe('GET /package-types');
  });

  it('a record that counts the products it holds (a catalogue) is not a product', () => {
    const result = plan({
      '/catalogs': {
        get: {
          operationId: 'getCatalogs',
          responses: answer({ name: 'string', description: 'string', assignedProductCount: 'integer' }, true),
        },
      },
    });
    expect(routesOf(result).listProducts).toBeUndefined();
    expect(shortfall(result, 'listProducts', 'GET /catalogs')).toContain('a count of the products it holds');
  });
});

describe('warehouses: where the stock is kept', () => {
  it('a place whose records name the warehouse they are in is a part of one, not a warehouse', () => {
    const result = plan({
      '/storageLocation': {
        get: {
          operationId: 'storageLocationQuery',
          responses: answer({ name: 'string', warehouseId: 'string' }, true),
        },
      },
      '/warehouse': {
        get: { operationId: 'warehouseQuery', responses: answer({ name: 'string', city: 'string' }, true) },
      },
    });
    expect(routesOf(result).listWarehouses).toBe('GET /warehouse');
    const alone = plan({
      '/storageLocation': {
        get: {
          operationId: 'storageLocationQuery',
          responses: answer({ name: 'string', warehouseId: 'string' }, true),
        },
      },
    });
    expect(shortfall(alone, 'listWarehouses', 'GET /storageLocation')).toContain(
      'its records name the warehouse they are in (warehouseId)',
    );
  });

  it('where the stock records name no warehouse, the places they name are (outlets, supply channels)', () => {
    const stock = (place: string) => ({
      '/inventory': {
        get: {
          operationId: 'listInventoryRecords',
          responses: answer({ product_id: 'string', [place]: 'string', inventory_level: 'number' }, true),
        },
      },
      '/outlets': {
        get: { operationId: 'listOutlets', responses: answer({ name: 'string', physical_city: 'string' }, true) },
      },
    });
    const result = plan(stock('outlet_id'));
    expect(routesOf(result)).toMatchObject({ stockLevels: 'GET /inventory', listWarehouses: 'GET /outlets' });
    const mapped = result.operations.find((o) => o.operation === 'listWarehouses') as MappedOperation;
    expect(mapped.reasons[0]).toContain('the stock records name it (outlet_id of GET /inventory)');
    // Stock that names its warehouse says where it is kept: outlets are then no warehouses.
    expect(routesOf(plan(stock('warehouse_id'))).listWarehouses).toBeUndefined();
  });

  it.skipIf(absent('commercetools/openapi.yaml'))('the tuning set: commercetools channels', async () => {
    const result = await tuning(['commercetools/openapi.yaml'], { region: 'europe-west1.gcp', projectKey: 'p' });
    expect(routesOf(result).listWarehouses).toBe('GET /{projectKey}/channels');
  });
});

describe('a stock movement is applied when it is sent: the first step of a workflow is not one', () => {
  const take = { location_id: 'integer', reason: 'string', stocktake_rows: 'array' };
  const stocktake = (example?: Record<string, unknown>) => ({
    '/stocktakes': {
      post: {
        operationId: 'createStocktake',
        summary: 'Create a stocktake',
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  location_id: { type: 'integer' },
                  reason: { type: 'string' },
                  stocktake_rows: {
                    type: 'array',
                    items: {
                      type: 'object',
                      properties: { variant_id: { type: 'integer' }, counted_quantity: { type: 'number' } },
                    },
                  },
                },
              },
            },
          },
        },
        responses: example
          ? { '200': { description: 'created', content: { 'application/json': { example } } } }
          : answer(take),
      },
    },
  });

  it('one whose answer says the record it makes starts not done (NOT_STARTED, draft) is not the movement', () => {
    expect(routesOf(plan(stocktake())).stockTake).toBe('POST /stocktakes');
    const started = plan(stocktake({ id: 15, status: 'NOT_STARTED', location_id: 1 }));
    expect(routesOf(started).stockTake).toBeUndefined();
    expect(shortfall(started, 'stockTake', 'POST /stocktakes')).toContain('starts as "NOT_STARTED"');
  });

  it('one that names the record of its own kind it adds to (stocktake_id) is a step, not the movement', () => {
    // (Katana's path is /stocktake_rows, a plural of no subject after one: rows of a stock take, refused by that rule too.)
    const rows = plan({
      '/stocktake/rows': {
        post: {
          operationId: 'createStocktakeRows',
          summary: 'Create stocktake rows',
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    stocktake_id: { type: 'integer' },
                    stocktake_rows: {
                      type: 'array',
                      items: {
                        type: 'object',
                        properties: { variant_id: { type: 'integer' }, counted_quantity: { type: 'number' } },
                      },
                    },
                  },
                },
              },
            },
          },
          responses: answer({ id: 'integer' }),
        },
      },
    });
    expect(routesOf(rows).stockTake).toBeUndefined();
    expect(shortfall(rows, 'stockTake', 'POST /stocktake/rows')).toContain('stocktake_id');
  });

  it.skipIf(absent('katana/readme-portal.yaml'))('the tuning set: Katana', async () => {
    const result = await tuning(['katana/readme-portal.yaml']);
    expect(routesOf(result).stockTake).toBeUndefined();
    expect(routesOf(result).adjustStock).toBe('POST /stock_adjustments');
  });
});

describe("lists venue can call as it calls them, and the venue's own", () => {
  const listing = { title: 'string', price: 'number', quantity: 'integer' };
  it('a list that cannot be called without a filter venue does not send is not the list', () => {
    const result = plan({
      '/listings': {
        get: {
          operationId: 'getListings',
          parameters: [
            { name: 'state', in: 'query', required: true, schema: { type: 'string' } },
            { name: 'limit', in: 'query', required: true, schema: { type: 'integer' } },
          ],
          responses: answer(listing, true),
        },
      },
    });
    expect(routesOf(result).listProducts).toBeUndefined();
    expect(shortfall(result, 'listProducts', 'GET /listings')).toContain(
      'it needs the query parameter state, which venue does not send',
    );
  });

  it("beside the same list under the venue's path variable, a list is everyone's (a marketplace's)", () => {
    const result = plan(
      {
        '/listings/active': { get: { operationId: 'findAllListingsActive', responses: answer(listing, true) } },
        '/shops/{shop_id}/listings/active': {
          get: { operationId: 'findAllActiveListingsByShop', responses: answer(listing, true) },
        },
        '/shops/{shop_id}/receipts': { get: { operationId: 'getReceipts', responses: answer({ id: 'string' }, true) } },
        '/shops/{shop_id}/reviews': { get: { operationId: 'getReviews', responses: answer({ id: 'string' }, true) } },
      },
      {},
      { shop_id: '123' },
    );
    expect(routesOf(result).listProducts).toBe('GET /shops/{shop_id}/listings/active');
    const everyones = (result.operations.find((o) => o.operation === 'listProducts') as MappedOperation).alternatives;
    // Below the threshold however well it names listings: it stays a candidate a person may pick.
    expect(everyones.find((c) => c.route === 'GET /listings/active')!.confidence).toBeLessThan(0.5);
  });

  it("the collection a path variable picks from (/catalogs/{catalogId}) is the venue's scope, none of its records", () => {
    const catalog = { name: 'string', description: 'string', code: 'string', price: 'number' };
    const result = plan(
      {
        '/catalogs': { get: { operationId: 'getCatalogs', responses: answer(catalog, true) } },
        '/catalogs/{catalogId}': { get: { operationId: 'getCatalog', responses: answer(catalog) } },
        '/catalogs/{catalogId}/categories': {
          get: {
            operationId: 'getCategories',
            responses: answer({ name: 'string', parentCategoryId: 'string' }, true),
          },
        },
      },
      {},
      { catalogId: 'venue-catalog' },
    );
    expect(routesOf(result)).toEqual({ listCategories: 'GET /catalogs/{catalogId}/categories' });
    expect(shortfall(result, 'listProducts', 'GET /catalogs')).toContain("the venue's own scope");
  });
});

describe('path variables recognised by role', () => {
  it('a parameter the user gives a value for (--server-var) is a path variable; one no mapped route uses is warned of', () => {
    const paths = {
      '/catalogs/{catalogId}/categories': {
        get: { operationId: 'getCategories', responses: answer({ name: 'string', parent: 'string' }, true) },
      },
      '/regions/{regionId}/zones': { get: { operationId: 'getZones', responses: answer({ name: 'string' }, true) } },
    };
    const result = plan(paths, {}, { catalogId: 'venue-catalog', regionId: 'eu' });
    expect(routesOf(result)).toEqual({ listCategories: 'GET /catalogs/{catalogId}/categories' });
    expect(result.pathVars.map((v) => [v.name, v.value])).toEqual([['catalogId', 'venue-catalog']]);
    expect(result.unusedVars).toEqual(['regionId']);
    expect(warnings(result)).toContain(
      '--server-var regionId: no mapped route or scope uses {regionId}; its value is not stored',
    );
    // Without the value, the parameter picks one catalog: venue fills none.
    expect(routesOf(plan(paths))).toEqual({});
  });

  it('a parameter named for the scope (an administration, a seller) in three quarters of the paths', () => {
    const product = { title: 'string', price: 'number' };
    const result = plan({
      '/administrations': { get: { operationId: 'listAdministrations', responses: answer({ name: 'string' }, true) } },
      '/administrations/{administration_id}/products': {
        get: { operationId: 'listProducts', responses: answer(product, true) },
      },
      '/administrations/{administration_id}/ledger_accounts': {
        get: { operationId: 'listLedgerAccounts', responses: answer({ name: 'string' }, true) },
      },
      '/administrations/{administration_id}/products/{id}': {
        get: { operationId: 'getProduct', responses: answer(product) },
      },
    });
    expect(result.pathVars.map((v) => v.name)).toEqual(['administration_id']);
    expect(routesOf(result)).toMatchObject({
      listProducts: 'GET /administrations/{administration_id}/products',
      getProduct: 'GET /administrations/{administration_id}/products/{id}',
    });
  });
});
