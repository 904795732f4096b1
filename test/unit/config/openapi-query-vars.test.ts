// Per-venue query values, the path variables' twin for the query: a query
// parameter required with one value per venue (a business or storefront key)
// is found by the document's shape, its routes map anyway, the plan names it
// beside the path variables, and the route stored declares it after "?"; the
// route map sends it on the routes that declare it, and only those.

import { describe, expect, it } from 'vitest';
import { InventoryRouteMap, formatRoute, parseRoute } from '../../../src/lib/inventory/routes.js';
import { storedRoute } from '../../../src/lib/openapi/import.js';
import { documentOperations } from '../../../src/lib/openapi/operations.js';
import { findQueryVariables } from '../../../src/lib/openapi/path-vars.js';
import { reviewText } from '../../../src/lib/openapi/review.js';
import { UsageError } from '../../../src/lib/errors.js';
import { answer, plan, routesOf, unmapped } from '../../support/openapi-plans.js';

const product = { sku: 'string', name: 'string', price: 'number' };
const q = (name: string, required = true, extra: Record<string, unknown> = {}) => ({
  name,
  in: 'query',
  required,
  schema: { type: 'string' },
  ...extra,
});
/** Operations of a document whose every operation requires these query parameters. */
const found = (parameters: unknown[], more: Record<string, unknown> = {}) =>
  findQueryVariables(
    documentOperations(
      {
        openapi: '3.0.3',
        paths: {
          '/products': { get: { parameters } },
          '/products/{id}': { get: { parameters } },
          '/orders': { get: { parameters }, post: { parameters } },
        },
        ...more,
      },
      'x',
    ),
  ).map((v) => v.name);

describe('the finding rule', () => {
  it('a parameter required on half the operations or more is a per-venue value, whatever its name', () => {
    expect(found([q('k_business')])).toEqual(['k_business']);
    expect(found([q('api-version')])).toEqual(['api-version']);
  });

  it('a parameter named for the scope of the service, required on two operations, is one too', () => {
    const operations = documentOperations(
      {
        paths: {
          '/units': { get: { parameters: [q('storefront')] } },
          '/categories': { get: { parameters: [q('storefront')] } },
          '/a': { get: {} },
          '/b': { get: {} },
          '/c': { get: {} },
          '/d': { get: {} },
          '/e': { get: { parameters: [q('colour')] } },
          '/f': { get: { parameters: [q('colour')] } },
        },
      },
      'x',
    );
    // colour is required on two of eight and names no scope: a filter of those routes.
    expect(findQueryVariables(operations).map((v) => v.name)).toEqual(['storefront']);
  });

  it('never a filter venue sends, paging, a credential, a date or time, the id of a record, an optional one', () => {
    expect(found([q('page'), q('limit'), q('pageSize'), q('productIds'), q('ids'), q('categoryId')])).toEqual([]);
    expect(found([q('api_key'), q('X-Api-Key'), q('access_token'), q('signature')])).toEqual([]);
    // A key the document's security sends in the query is the auth module's, not a variable's.
    expect(
      found([q('shop_key')], {
        components: { securitySchemes: { key: { type: 'apiKey', in: 'query', name: 'shop_key' } } },
        security: [{ key: [] }],
      }),
    ).toEqual([]);
    expect(found([q('dt_date'), q('from'), q('updated_since'), q('start_time')])).toEqual([]);
    expect(found([q('productId'), q('uid'), q('id'), q('order_id')])).toEqual([]);
    // A list takes several values: a filter, even named for a scope.
    expect(found([{ ...q('marketplaceIds'), schema: { type: 'array', items: { type: 'string' } } }])).toEqual([]);
    expect(
      found([{ name: 'storeIds', in: 'query', required: true, type: 'array', items: { type: 'string' } }]),
    ).toEqual([]);
    expect(found([q('k_business', false)])).toEqual([]);
    expect(found([q('k_business', true, { schema: { type: 'string', default: 'x' } })])).toEqual([]);
  });

  it("a parameter required on one operation only is that route's filter, even named for a scope", () => {
    const operations = documentOperations(
      { paths: { '/a': { get: { parameters: [q('store')] } }, '/b': { get: {} }, '/c': { get: {} } } },
      'x',
    );
    expect(findQueryVariables(operations)).toEqual([]);
  });
});

describe('the plan: routes that require it map, and say so', () => {
  const paths = {
    '/products': {
      get: {
        operationId: 'listProducts',
        parameters: [q('k_business'), q('page', false)],
        responses: answer(product, true),
      },
    },
    '/products/{id}': { get: { operationId: 'getProduct', parameters: [q('k_business')], responses: answer(product) } },
    '/health': { get: { operationId: 'health' } },
  };

  it('the matcher does not narrow a route for a per-venue query value; the plan names it with where it goes', () => {
    const result = plan(paths);
    expect(routesOf(result)).toMatchObject({ listProducts: 'GET /products', getProduct: 'GET /products/{id}' });
    expect(result.pathVars).toMatchObject([{ name: 'k_business', in: 'query', routes: 2 }]);
    expect(result.pathVars[0]!.value).toBeUndefined();
    expect(storedRoute(result, 'GET /products')).toBe('GET /products?k_business={k_business}');
    // Only the routes that require it send it.
    expect(storedRoute(result, 'GET /health')).toBe('GET /health');
    const text = reviewText(result, { profile: 'p', profileFlag: '', stored: false, kept: [], conflicts: [] });
    expect(text).toContain('?k_business= in 2 routes: needs a value (--server-var k_business=<value>)');
  });

  it('with --server-var it has its value', () => {
    expect(plan(paths, {}, { k_business: 'nsh' }).pathVars).toMatchObject([{ name: 'k_business', value: 'nsh' }]);
  });

  it('a filter venue does not send still narrows: a route that needs a colour lists part of the records', () => {
    const result = plan({
      '/products': {
        get: { operationId: 'listProducts', parameters: [q('colour')], responses: answer(product, true) },
      },
      '/products/{id}': { get: { operationId: 'getProduct', responses: answer(product) } },
      '/orders': { get: {} },
      '/customers': { get: {} },
      '/invoices': { get: {} },
    });
    expect(result.pathVars).toEqual([]);
    expect(unmapped(result, 'listProducts')).toBeDefined();
  });
});

describe('the route map sends it on the routes that declare it, and only those', () => {
  it('a route declares its query variables after "?", and formats back as written', () => {
    const route = parseRoute('GET /products?k_business={k_business}&region={region}');
    expect(route).toMatchObject({
      path: '/products',
      params: [],
      query: [
        { name: 'k_business', variable: 'k_business' },
        { name: 'region', variable: 'region' },
      ],
    });
    expect(formatRoute(route)).toBe('GET /products?k_business={k_business}&region={region}');
    expect(() => parseRoute('GET /products?active=true')).toThrow(/only name=\{variable\} pairs/);
  });

  it('filled from inventory.pathVars; without the value a usage error naming it, nothing resolved', () => {
    const settings = (values: Record<string, string>) =>
      InventoryRouteMap.fromSettings((key) => (values[key] === undefined ? undefined : { value: values[key] }));
    const routes = {
      'inventory.routes.listProducts': 'GET /products?k_business={k_business}',
      'inventory.routes.getProduct': 'GET /products/{id}?k_business={k_business}',
    };
    const map = settings({ ...routes, 'inventory.pathVars': 'k_business=nsh-4101' });
    expect(map.resolve('listProducts')).toEqual({
      method: 'GET',
      path: '/products',
      query: { k_business: 'nsh-4101' },
    });
    expect(map.resolve('getProduct', '42')).toEqual({
      method: 'GET',
      path: '/products/42',
      query: { k_business: 'nsh-4101' },
    });
    expect(map.resolve('listCategories')).toEqual({ method: 'GET', path: '/categories' });
    const without = settings(routes);
    expect(() => without.resolve('listProducts')).toThrow(UsageError);
    expect(() => without.resolve('listProducts')).toThrow(/needs \{k_business\}/);
  });
});
