// The matcher's rules that must hold for any document, each on a small
// document written for it (what the rule is about and nothing else) or on a
// document of the tuning set (test/fixtures/openapi/vendors/): identity
// fields found by role, a word a veto only where it says what the route
// does, a narrowing that keeps a route below the threshold, a summary's
// arguments that are not its subject, the stronger mapping kept across
// imports, path variables, the OAuth2 scopes the mapped operations need, and
// where a list's records are and how it pages.

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { InventoryOperation } from '../../../src/lib/inventory/routes.js';
import { authOf } from '../../../src/lib/openapi/auth.js';
import { loadDocument } from '../../../src/lib/openapi/load.js';
import { planImport, parseOverrides, type ImportPlan, type MappedOperation } from '../../../src/lib/openapi/import.js';
import { documentOperations } from '../../../src/lib/openapi/operations.js';
import { findPathVariables } from '../../../src/lib/openapi/path-vars.js';
import { mergeImports, outweighs } from '../../../src/lib/openapi/record.js';
import { reviewText, warnings } from '../../../src/lib/openapi/review.js';
import { UsageError } from '../../../src/lib/errors.js';
import { inMemory, noFetch, plan, routesOf, unmapped, vendors } from '../../support/openapi-plans.js';

const schema = (fields: Record<string, string>) => ({
  type: 'object',
  properties: Object.fromEntries(Object.entries(fields).map(([k, t]) => [k, { type: t }])),
});
/** A request body of these fields. */
const body = (fields: Record<string, string>) => ({ content: { 'application/json': { schema: schema(fields) } } });
/** A 200 answer: one record of these fields, or (list) an array of them. */
const answer = (fields: Record<string, string>, list = false) => ({
  '200': {
    description: 'OK',
    content: { 'application/json': { schema: list ? { type: 'array', items: schema(fields) } : schema(fields) } },
  },
});
describe('identity fields are found by role (a key, a code, a SKU, a name, a title), not by the word "name"', () => {
  it('products known by a product_key and a price, with no name field, are products', () => {
    const product = { product_key: 'string', price: 'number', description: 'string' };
    const result = plan({
      '/products': {
        get: { operationId: 'listProducts', responses: answer(product, true) },
        post: { operationId: 'createProduct', requestBody: body(product), responses: answer(product) },
      },
      '/products/{id}': {
        get: { operationId: 'getProduct', responses: answer(product) },
        patch: { operationId: 'updateProduct', requestBody: body(product), responses: answer(product) },
      },
    });
    expect(routesOf(result)).toEqual({
      listProducts: 'GET /products',
      getProduct: 'GET /products/{id}',
      createProduct: 'POST /products',
      updateProduct: 'PATCH /products/{id}',
    });
    for (const o of result.operations.filter((o): o is MappedOperation => o.matched))
      expect(o.fields, o.operation).toContain('productkey');
  });

  it('suppliers known by a name and a code, with no e-mail, phone or address, are suppliers', () => {
    const supplier = { name: 'string', code: 'string', currency: 'string' };
    const result = plan({
      '/suppliers': {
        get: { operationId: 'listSuppliers', responses: answer(supplier, true) },
        post: { operationId: 'createSupplier', requestBody: body(supplier), responses: answer(supplier) },
      },
    });
    expect(routesOf(result)).toEqual({ listSuppliers: 'GET /suppliers', createSupplier: 'POST /suppliers' });
  });

  it('but a list of named records with nothing a supplier trades by is not suppliers (InvenTree: supplier plugins)', async () => {
    const doc = await loadDocument(path.join(vendors, 'inventree/api.yaml'), noFetch);
    const result = planImport([doc], { serverVars: {}, inventoryUrl: 'https://i.example', overrides: new Map() });
    expect(routesOf(result).listSuppliers).toBeUndefined();
    const candidate = unmapped(result, 'listSuppliers')!.candidates.find((c) => c.route === 'GET /api/supplier/list/');
    expect(candidate?.shortfall).toContain('nothing for contact details, a supplier code or number, or trade terms');
  });
});

describe('a word is a veto only where it says what the route itself does', () => {
  it('a path segment naming a part of the service ("configuration") is no veto: its warehouses are warehouses', () => {
    const result = plan({
      '/configuration/warehouses': {
        get: { operationId: 'listWarehouses', responses: answer({ name: 'string', address: 'string' }, true) },
      },
    });
    expect(routesOf(result)).toEqual({ listWarehouses: 'GET /configuration/warehouses' });
  });

  it("the route's own last segment or its operationId's verb or object is: a stock transfer is a job of its own", () => {
    const result = plan({
      '/stock': {
        post: {
          operationId: 'transferStock',
          summary: 'Transfer stock',
          requestBody: body({ productId: 'string', quantity: 'number' }),
        },
      },
    });
    expect(routesOf(result)).toEqual({});
    expect(result.readings.find((r) => r.path === '/stock')!.danger).toEqual(['transfer']);
  });

  it("the configuration of a thing is that thing, no job of its own: Emporix's webhook config is its webhooks", () => {
    const hook = { destinationUrl: 'string', secretKey: 'string', eventsConfiguration: 'array' };
    const result = plan({
      '/webhook/{tenant}/config': {
        get: { operationId: 'GET-webhook-list-configs', responses: answer(hook, true) },
        post: { operationId: 'POST-webhook-create-config', requestBody: body(hook) },
      },
      '/webhook/{tenant}/statistics': { get: { operationId: 'GET-webhook-retrieve-statistics' } },
      // One configuration object, not a list of warehouses.
      '/warehouses/configuration': {
        get: {
          operationId: 'getWarehouseConfiguration',
          responses: answer({ name: 'string', allowNegative: 'boolean' }),
        },
      },
    });
    expect(routesOf(result)).toEqual({
      listWebhooks: 'GET /webhook/{tenant}/config',
      createWebhook: 'POST /webhook/{tenant}/config',
    });
    expect(unmapped(result, 'listWarehouses')!.candidates[0]!.shortfall).toContain(
      'its answer holds no list of records',
    );
  });

  it('a destructive, bulk or import word is a veto wherever it is written (the tuning set: Homebox and Grocy)', async () => {
    for (const file of ['homebox/v0.25.0/swagger.json', 'grocy/grocy.openapi.json']) {
      const result = planImport([await loadDocument(path.join(vendors, file), noFetch)], {
        serverVars: {},
        inventoryUrl: 'https://i.example',
        overrides: new Map(),
      });
      for (const route of Object.values(routesOf(result)))
        expect(route).not.toMatch(/wipe|ensure|import|missing|zero|clear|calculate/);
    }
  });
});

describe('a narrowing the evidence found keeps the route below the threshold, never just a remark', () => {
  const list = (fields: Record<string, string>) => ({ responses: answer(fields, true) });
  const category = { name: 'string', parent_id: 'string' };

  it('"expense categories" are a narrower subject than the categories venue lists', () => {
    const result = plan({
      '/expense-categories': { get: { operationId: 'listExpenseCategories', ...list(category) } },
    });
    expect(routesOf(result)).toEqual({});
    const [candidate] = unmapped(result, 'listCategories')!.candidates;
    expect(candidate).toMatchObject({ route: 'GET /expense-categories' });
    expect(candidate!.confidence).toBeLessThan(0.5);
    expect(candidate!.shortfall).toContain('narrowed by "expense"');
  });

  it("the signed-in user's own view (/me/categories) is not the list; beside the list it loses to it", () => {
    const alone = plan({ '/me/categories': { get: { operationId: 'listMyCategories', ...list(category) } } });
    expect(routesOf(alone)).toEqual({});
    expect(unmapped(alone, 'listCategories')!.candidates[0]!.shortfall).toContain("signed-in user's own view (/me/)");
    const both = plan({
      '/me/categories': { get: { operationId: 'listShopperCategories', summary: 'Categories', ...list(category) } },
      '/categories': { get: { operationId: 'listCategories', ...list({ name: 'string' }) } },
    });
    expect(routesOf(both)).toEqual({ listCategories: 'GET /categories' });
  });

  it("an order's products, and line items, are not products", () => {
    const product = { name: 'string', price: 'number', sku: 'string' };
    const result = plan({
      '/orders/products': { get: { operationId: 'listOrderProducts', ...list(product) } },
      '/line-items': { get: { summary: 'List products', ...list(product) } },
    });
    expect(routesOf(result)).toEqual({});
    const shortfalls = unmapped(result, 'listProducts')!.candidates.map((c) => c.shortfall);
    expect(shortfalls.join(' | ')).toContain('narrowed by "order"');
    expect(shortfalls.join(' | ')).toContain('its path names line item, a subject of its own');
  });

  it("a product under a stock subject is its stock, not the product: a SKU's stock balances are not getProduct", () => {
    const result = plan({
      '/inventory/sku/{sku}': {
        get: {
          operationId: 'getSkuStock',
          summary: 'Get stock balances for a SKU',
          responses: answer({ sku: 'string', name: 'string', quantity: 'number', warehouse_id: 'string' }),
        },
      },
      '/stock-balances': {
        get: {
          summary: 'List stock balances',
          responses: answer({ sku: 'string', quantity: 'number', warehouse_id: 'string' }, true),
        },
      },
    });
    expect(routesOf(result)).toEqual({ stockLevels: 'GET /stock-balances' });
    expect(unmapped(result, 'getProduct')!.candidates[0]!.shortfall).toContain('under inventory');
  });

  it('a login is one of its kind: the summary\'s "user login" narrows nothing (the tuning set: Homebox)', async () => {
    const result = planImport([await loadDocument(path.join(vendors, 'homebox/v0.25.0/swagger.json'), noFetch)], {
      serverVars: {},
      inventoryUrl: 'https://i.example',
      overrides: new Map(),
    });
    expect(routesOf(result).authenticate).toBe('POST /v1/users/login');
  });
});

describe("a summary's subject is what it is about, not its arguments", () => {
  it('"stock balances for a SKU" names stock, not a product; "a page of products" names products', () => {
    const result = plan({
      '/balances/{code}': {
        get: { summary: 'Returns stock balances for a SKU', responses: answer({ sku: 'string', name: 'string' }) },
      },
      '/catalogue': {
        get: { summary: 'Returns a page of products', responses: answer({ name: 'string', price: 'number' }, true) },
      },
    });
    expect(routesOf(result)).toEqual({ listProducts: 'GET /catalogue' });
  });
});

describe('a second import never replaces a mapping with a weaker one unless --replace is given', () => {
  it("the stronger stays, at equal strength the route first in order; a person's choice outweighs any evidence", () => {
    expect(outweighs({ route: 'GET /a', strength: 0.83 }, { route: 'GET /b', strength: 0.51 })).toBe(true);
    expect(outweighs({ route: 'GET /b', strength: 0.51 }, { route: 'GET /a', strength: 0.83 })).toBe(false);
    expect(outweighs({ route: 'GET /a', strength: 0.7 }, { route: 'GET /b', strength: 0.7 })).toBe(true);
    expect(outweighs({ route: 'GET /b', strength: 0.7 }, { route: 'GET /a', strength: 0.7 })).toBe(false);
    expect(outweighs({ route: 'GET /z', strength: 'chosen' }, { route: 'GET /a', strength: 1 })).toBe(true);
    expect(outweighs({ route: 'GET /a', strength: 1 }, { route: 'GET /z', strength: 'chosen' })).toBe(false);
    // Strengths an older record does not hold: the new import's route is taken, as before.
    expect(outweighs({ route: 'GET /a' }, { route: 'GET /b', strength: 0.5 })).toBe(false);
  });

  it('merging: the earlier, stronger route is kept and both are shown; --replace takes the new one', () => {
    const input = (replace: boolean) => ({
      previous: {
        basePath: '',
        routes: { listProducts: 'GET /catalog/products' },
        sources: { listProducts: 'catalog.yaml' },
        strengths: { listProducts: 0.83 },
      },
      current: (op: InventoryOperation) => (op === 'listProducts' ? 'GET /catalog/products' : undefined),
      currentBasePath: '',
      labels: ['stock.yaml'],
      routes: [
        { operation: 'listProducts' as const, route: 'GET /stock/products', source: 'stock.yaml', strength: 0.51 },
      ],
      basePath: '',
      replace,
    });
    const kept = mergeImports(input(false));
    expect(kept.set).toEqual([
      { operation: 'listProducts', route: 'GET /catalog/products', source: 'catalog.yaml', strength: 0.83 },
    ]);
    expect(kept.held).toEqual([
      expect.objectContaining({
        route: 'GET /catalog/products',
        instead: expect.objectContaining({ route: 'GET /stock/products' }),
      }),
    ]);
    expect(kept.conflicts).toEqual([
      'listProducts: GET /catalog/products from catalog.yaml (0.83) is kept over GET /stock/products from stock.yaml (0.51) (--replace takes the new one)',
    ]);
    const replaced = mergeImports(input(true));
    expect(replaced.set).toEqual([
      { operation: 'listProducts', route: 'GET /stock/products', source: 'stock.yaml', strength: 0.51 },
    ]);
    expect(replaced.held).toEqual([]);
  });
});

describe("path variables: a parameter no operation of venue's fills, with one value per venue", () => {
  const product = { name: 'string', price: 'number', categoryId: 'string' };

  it('a key in every path, before the rest (/{projectKey}/products): the routes are kept and the variable named', () => {
    const result = plan({
      '/{projectKey}/products': { get: { operationId: 'listProducts', responses: answer(product, true) } },
      '/{projectKey}/products/{id}': { get: { operationId: 'getProduct', responses: answer(product) } },
      '/{projectKey}/categories': {
        get: { operationId: 'listCategories', responses: answer({ name: 'string' }, true) },
      },
      '/{projectKey}': { get: { operationId: 'getProject' } },
    });
    expect(routesOf(result)).toEqual({
      listProducts: 'GET /{projectKey}/products',
      getProduct: 'GET /{projectKey}/products/{id}',
      listCategories: 'GET /{projectKey}/categories',
    });
    expect(result.pathVars).toEqual([expect.objectContaining({ name: 'projectKey', routes: 3, inScopes: false })]);
    expect(result.pathVars[0]!.value).toBeUndefined();
    const given = plan(
      { '/{projectKey}/products': { get: { operationId: 'listProducts', responses: answer(product, true) } } },
      {},
      { projectKey: 'north' },
    );
    expect(given.pathVars[0]).toMatchObject({ name: 'projectKey', value: 'north' });
  });

  it('at any position: /product/{tenant}/… where "tenant" scopes several collections', () => {
    const result = plan({
      '/product/{tenant}/items': { get: { operationId: 'listItems', responses: answer(product, true) } },
      '/product/{tenant}/items/{itemId}': { get: { operationId: 'getItem', responses: answer(product) } },
      '/product/{tenant}/groups': { get: { operationId: 'listGroups' } },
      '/product/{tenant}/prices': { get: { operationId: 'listPrices' } },
      '/product': { get: { operationId: 'listTenants' } },
    });
    expect(result.pathVars.map((v) => v.name)).toEqual(['tenant']);
    expect(routesOf(result)).toMatchObject({
      listProducts: 'GET /product/{tenant}/items',
      getProduct: 'GET /product/{tenant}/items/{itemId}',
    });
  });

  it("a record's id is no variable: an item's sub-resources, a collection's items (the tuning set has none)", async () => {
    const operations = documentOperations(
      {
        paths: {
          '/items': { get: {} },
          '/items/{itemId}': { get: {} },
          '/items/{itemId}/stock': { get: {} },
          '/items/{itemId}/prices': { get: {} },
          '/items/{itemId}/images': { get: {} },
        },
      },
      'x',
    );
    expect(findPathVariables(operations)).toEqual([]);
    const tuning = [
      'square/api.json',
      'xero/xero_accounting.yaml',
      'inventree/api.yaml',
      'bigcommerce/products_catalog.v3.yml',
      'spree/platform.yaml',
      'grocy/grocy.openapi.json',
      'homebox/v0.26.2/openapi-3.yaml',
      'medusa/admin/openapi.yaml',
    ];
    for (const file of tuning) {
      const doc = await loadDocument(path.join(vendors, file), noFetch);
      expect(findPathVariables(documentOperations(doc.document, file)), file).toEqual([]);
    }
  });
});

describe('--map checks what it is given', () => {
  const paths = {
    '/v3/catalog/products': { get: { operationId: 'getProducts' } },
    '/v3/catalog/products/{product_id}': { get: { operationId: 'getProductById' } },
    '/v3/catalog/products/bulk-update': {
      post: { summary: 'Bulk update products', requestBody: body({ name: 'string' }) },
    },
  };
  const mapped = (map: string[]) =>
    planImport([inMemory({ openapi: '3.0.3', paths })], {
      serverVars: {},
      inventoryUrl: 'https://i.example',
      overrides: parseOverrides(map),
    });

  it('a route in no document exits 2, suggesting the closest', () => {
    const error = (() => {
      try {
        mapped(['listProducts=GET /v3/catalog/prodcts']);
      } catch (e) {
        return e as UsageError;
      }
    })();
    expect(error).toBeInstanceOf(UsageError);
    expect(error!.message).toBe('--map listProducts: no imported document has the route GET /v3/catalog/prodcts');
    expect(error!.hint).toContain('Did you mean "GET /v3/catalog/products"?');
  });

  it('parameter names aside, a route of the document is found, and its path parameters are checked', () => {
    expect(routesOf(mapped(['getProduct=GET /v3/catalog/products/{id}'])).getProduct).toBe(
      'GET /v3/catalog/products/{product_id}',
    );
    expect(() => mapped(['getProduct=GET /v3/catalog/products'])).toThrow(/venue fills one, the id for getProduct/);
  });

  it('a bulk route is a risky choice, saying why', () => {
    const result = mapped(['createProduct=POST /v3/catalog/products/bulk-update']);
    expect(result.risky).toEqual([
      {
        operation: 'createProduct',
        route: 'POST /v3/catalog/products/bulk-update',
        why: 'its words say "bulk": it acts on many records at once',
      },
    ]);
  });
});

describe('OAuth2: only the scopes the mapped operations need', () => {
  const schemes = {
    components: {
      securitySchemes: {
        oauth: {
          type: 'oauth2',
          flows: {
            clientCredentials: {
              tokenUrl: 'https://auth.example/oauth/token',
              scopes: {
                'view_products:{projectKey}': 'v',
                'manage_products:{projectKey}': 'm',
                'manage_orders:{projectKey}': 'o',
              },
            },
          },
        },
      },
    },
  };

  it("each operation's smallest alternative, joined over the operations venue calls", () => {
    const found = authOf(
      schemes,
      [
        [
          { oauth: ['view_products:{projectKey}'] },
          { oauth: ['manage_products:{projectKey}', 'manage_orders:{projectKey}'] },
        ],
      ],
      false,
    );
    expect(found.scheme).toEqual({
      type: 'oauth2',
      tokenUrl: 'https://auth.example/oauth/token',
      scopes: ['view_products:{projectKey}'],
    });
  });

  it('an operation whose requirement names no scope needs none: none are asked for', () => {
    const found = authOf(schemes, [[{ oauth: [] }], [{ oauth: [] }]], false);
    expect(found.scheme).toMatchObject({ type: 'oauth2', scopes: [] });
  });

  it('a scope naming a path variable needs its value; a token URL on another host is warned of', () => {
    const result = plan(
      {
        '/{projectKey}/products': {
          get: {
            operationId: 'listProducts',
            security: [{ oauth: ['view_products:{projectKey}'] }],
            responses: answer({ name: 'string', price: 'number' }, true),
          },
        },
        '/{projectKey}/orders': {
          get: { operationId: 'listOrders', security: [{ oauth: ['manage_orders:{projectKey}'] }] },
        },
      },
      { ...schemes, servers: [{ url: 'https://api.example/v1' }] },
    );
    expect(result.auth.scheme).toMatchObject({ scopes: ['view_products:{projectKey}'] });
    expect(result.pathVars).toEqual([expect.objectContaining({ name: 'projectKey', routes: 1, inScopes: true })]);
    expect(result.tokenHost).toContain('auth.example, another host than the service (api.example)');
  });
});

describe("where a list's records are, and how it pages, read from the response schemas", () => {
  const record = { name: 'string', parent_id: 'string' };
  const arrayOf = { type: 'array', items: schema(record) };
  const listed = (answerSchema: unknown, extra: Record<string, unknown> = {}) =>
    plan({
      '/categories': {
        get: {
          operationId: 'listCategories',
          parameters: [{ name: 'page', in: 'query', schema: { type: 'integer' } }],
          responses: {
            '200': { description: 'OK', content: { 'application/json': { schema: answerSchema } }, ...extra },
          },
        },
      },
    });
  const listOf = (result: ImportPlan) =>
    result.operations.find((o): o is MappedOperation => o.operation === 'listCategories' && o.matched)!.list!;

  it.each([
    ['a bare array', arrayOf, '', 'bare array'],
    ['items', { type: 'object', properties: { items: arrayOf, total: { type: 'integer' } } }, 'items', 'envelope'],
    ['results', { type: 'object', properties: { results: arrayOf, next: { type: 'string' } } }, 'results', 'envelope'],
    ['records', { type: 'object', properties: { records: arrayOf } }, 'records', 'envelope'],
    [
      "HAL's _embedded.<name>",
      {
        type: 'object',
        properties: {
          _embedded: { type: 'object', properties: { categories: arrayOf } },
          _links: {
            type: 'object',
            properties: { next: { type: 'object', properties: { href: { type: 'string' } } } },
          },
          page: { type: 'object', properties: { size: { type: 'integer' }, totalElements: { type: 'integer' } } },
        },
      },
      '_embedded.categories',
      'HAL',
    ],
    [
      "JSON:API's data",
      {
        type: 'object',
        properties: {
          data: {
            type: 'array',
            items: {
              type: 'object',
              properties: { id: { type: 'string' }, type: { type: 'string' }, attributes: schema(record) },
            },
          },
        },
      },
      'data',
      'JSON:API',
    ],
    [
      "OData's value",
      { type: 'object', properties: { value: arrayOf, '@odata.nextLink': { type: 'string' } } },
      'value',
      'OData',
    ],
    [
      'the one array of records beside an array of errors',
      {
        type: 'object',
        properties: { errors: { type: 'array', items: schema({ code: 'string' }) }, categories: arrayOf },
      },
      'categories',
      'envelope',
    ],
  ])('%s', (_name, answerSchema, at, form) => {
    const result = listed(answerSchema);
    expect(listOf(result).records).toEqual({ at, form });
    // The records' own fields are the evidence, wherever they are.
    expect(result.operations.find((o) => o.operation === 'listCategories')).toMatchObject({
      matched: true,
      fields: expect.arrayContaining(['name']),
    });
  });

  it('paging from the body, the headers the answer declares (Link, X-Total-Count) and the query, said by the review', () => {
    const result = listed(
      {
        type: 'object',
        properties: {
          _embedded: { type: 'object', properties: { categories: arrayOf } },
          _links: { type: 'object', properties: { next: { type: 'object' } } },
          page: { type: 'object', properties: { totalElements: { type: 'integer' } } },
        },
      },
      { headers: { Link: { schema: { type: 'string' } }, 'X-Total-Count': { schema: { type: 'integer' } } } },
    );
    expect(listOf(result).paging).toEqual({
      body: ['page.totalElements', '_links.next'],
      headers: ['Link', 'X-Total-Count'],
      query: ['page'],
    });
    const text = reviewText(result, { profile: 'p', profileFlag: '', stored: false, kept: [], conflicts: [] });
    expect(text).toContain(
      'listCategories: records at _embedded.categories (HAL); paging: body page.totalElements, _links.next; headers Link, X-Total-Count; query page',
    );
    expect(warnings(result)).toEqual([]);
  });

  it('warns when it cannot tell where the records are: no schema, or one that holds no array of records', () => {
    for (const [answerSchema, why] of [
      [undefined, 'the document gives no success response schema'],
      [schema({ name: 'string', total: 'integer' }), 'its success schema holds no array of records'],
    ] as const) {
      const result = plan({
        '/categories': {
          get: {
            operationId: 'listCategories',
            responses: answerSchema
              ? { '200': { description: 'OK', content: { 'application/json': { schema: answerSchema } } } }
              : { '200': { description: 'OK' } },
          },
        },
      });
      expect(warnings(result)).toEqual([
        `listCategories: cannot tell where the list's records are in the answer of GET /categories (${why}); venue reads the answer by rule and exits 6 if it finds none`,
      ]);
    }
  });

  it('the tuning set: JSON:API (Spree), results (InvenTree), an envelope named for its records (Medusa)', async () => {
    const cases = [
      ['spree/platform.yaml', 'listProducts', { at: 'data', form: 'JSON:API' }],
      ['inventree/api.yaml', 'listProducts', { at: 'results', form: 'envelope' }],
      ['medusa/admin/openapi.yaml', 'listCategories', { at: 'product_categories', form: 'envelope' }],
    ] as const;
    for (const [file, operation, records] of cases) {
      const result = planImport([await loadDocument(path.join(vendors, file), noFetch)], {
        serverVars: {},
        inventoryUrl: 'https://i.example',
        overrides: new Map(),
      });
      const found = result.operations.find((o): o is MappedOperation => o.operation === operation && o.matched)!;
      expect(found.list!.records, file).toEqual(records);
    }
  });
});

describe('rules found on the tuning documents of issue 28 (commercetools, Emporix, Invoice Ninja, VTEX), each on a small document', () => {
  it('a login route that itself takes the header the operations send their key in is no login: the key is static', () => {
    const result = plan(
      {
        '/login': {
          post: {
            operationId: 'postLogin',
            summary: 'Attempts authentication',
            parameters: [{ name: 'X-API-TOKEN', in: 'header', schema: { type: 'string' } }],
            requestBody: body({ email: 'string', password: 'string' }),
            responses: answer({ token: 'string' }),
          },
        },
        '/products': {
          get: { operationId: 'getProducts', responses: answer({ product_key: 'string', price: 'number' }, true) },
        },
      },
      {
        components: { securitySchemes: { ApiKeyAuth: { type: 'apiKey', in: 'header', name: 'X-API-TOKEN' } } },
        security: [{ ApiKeyAuth: [] }],
      },
    );
    expect(routesOf(result).authenticate).toBeUndefined();
    expect(unmapped(result, 'authenticate')!.why).toContain('the login route itself takes the X-API-TOKEN header');
    expect(result.auth.scheme).toEqual({ type: 'api-key', in: 'header', name: 'X-API-TOKEN', prefix: '' });
  });

  it("a scope's name ending a GET that answers a list is a path variable (/locations/{site}); a collection's own id is not", () => {
    const location = { name: 'string', address: 'string' };
    const result = plan({
      '/availability/{tenant}/locations/{site}': {
        get: { operationId: 'listSiteLocations', responses: answer(location, true) },
      },
      '/availability/{tenant}/locations/{location}': { delete: { operationId: 'removeLocation' } },
      '/accounts/{accountId}': { get: { operationId: 'getAccount', responses: answer({ name: 'string' }, true) } },
    });
    expect(result.pathVars.map((v) => v.name).sort()).toEqual(['site', 'tenant']);
    expect(routesOf(result).listWarehouses).toBe('GET /availability/{tenant}/locations/{site}');
  });

  it("locations under stock are warehouses; a vendor's locations (its path or operationId says so) are the vendor's", () => {
    const location = { name: 'string', address: 'string' };
    const result = plan({
      '/vendor/locations': {
        get: { operationId: 'GET-vendor-mgmt-list-all-locations', responses: answer(location, true) },
      },
      '/stock/locations': { get: { operationId: 'GET-stock-list-locations', responses: answer(location, true) } },
    });
    expect(routesOf(result).listWarehouses).toBe('GET /stock/locations');
    const vendor = plan({
      '/locations': { get: { operationId: 'GET-vendor-mgmt-list-all-locations', responses: answer(location, true) } },
    });
    expect(routesOf(vendor)).toEqual({});
    expect(unmapped(vendor, 'listWarehouses')!.candidates[0]!.shortfall).toContain(
      'its operationId puts location under vendor',
    );
  });

  it('a subscription delivered to a message queue or topic is no webhook: its whole collection', () => {
    const result = plan(
      {
        '/subscriptions': {
          get: { operationId: 'listSubscriptions', responses: answer({ key: 'string', events: 'array' }, true) },
          post: {
            operationId: 'createSubscription',
            requestBody: {
              content: { 'application/json': { schema: { $ref: '#/components/schemas/SubscriptionDraft' } } },
            },
          },
        },
        '/subscriptions/{id}': { delete: { operationId: 'deleteSubscription' } },
      },
      {
        components: {
          schemas: {
            SubscriptionDraft: {
              type: 'object',
              properties: {
                destination: { $ref: '#/components/schemas/Destination' },
                events: { type: 'array', items: { type: 'string' } },
              },
            },
            Destination: {
              type: 'object',
              discriminator: { propertyName: 'type', mapping: { SQS: '#/components/schemas/SqsDestination' } },
              properties: { type: { type: 'string' } },
            },
            SqsDestination: {
              allOf: [
                { $ref: '#/components/schemas/Destination' },
                { type: 'object', properties: { queueUrl: { type: 'string' }, region: { type: 'string' } } },
              ],
            },
          },
        },
      },
    );
    expect(routesOf(result)).toEqual({});
    expect(unmapped(result, 'createWebhook')!.candidates[0]!.shortfall).toContain(
      'a message queue or topic to deliver to (a queue URL, an ARN) (queueurl)',
    );
  });

  it('where a path takes both, the PATCH is the update: a PUT replaces the whole record', () => {
    // The PUT's body is the whole record, so it has more of a product's fields: on fields alone it would win.
    const whole = { name: 'string', price: 'number', sku: 'string', description: 'string', category_id: 'string' };
    const result = plan({
      '/products/{productId}': {
        put: { operationId: 'PUT-product-update-product', requestBody: body(whole) },
        patch: { operationId: 'PATCH-product-update-product', requestBody: body({ name: 'string', price: 'number' }) },
      },
    });
    expect(routesOf(result).updateProduct).toBe('PATCH /products/{productId}');
  });

  it('a status is any record\'s: "indexing status" is no health check; "actuator health" is', () => {
    const indexing = plan({
      '/business-units/search/indexing-status': {
        get: { operationId: 'getIndexingStatus', responses: answer({ status: 'string' }) },
      },
    });
    expect(routesOf(indexing)).toEqual({});
    const actuator = plan({
      '/actuator/health': { get: { operationId: 'healthUsingGET', responses: answer({ status: 'string' }) } },
    });
    expect(routesOf(actuator)).toEqual({ health: 'GET /actuator/health' });
  });

  it("a term spanning the prefix every path shares and the route's own segment is read whole: /inventory/items are inventory items", () => {
    const level = { sku: 'string', product_id: 'integer', location_id: 'integer', available_to_sell: 'integer' };
    const result = plan({
      '/inventory/items': { get: { operationId: 'getItems', responses: answer(level, true) } },
      '/inventory/locations': {
        get: { operationId: 'getLocations', responses: answer({ label: 'string', address: 'string' }, true) },
      },
      '/inventory/adjustments/relative': { post: { operationId: 'post-relative-adjustment' } },
      '/inventory/adjustments/absolute': { put: { operationId: 'put-absolute-adjustment' } },
    });
    expect(routesOf(result).stockLevels).toBe('GET /inventory/items');
    expect(routesOf(result).listProducts).toBeUndefined();
  });
});
