// Per-venue header values, the query values' twin for headers: a header
// required with one value per venue (a hotel or site id) is found by the
// document's shape, never a credential, a header of the protocol or one that
// changes per call; the plan names it beside the path variables, the route
// stored declares it after the path ("GET /items x-hotelid:{x-hotelid}"), and
// the route map sends it on the routes that declare it, and only those.

import { describe, expect, it } from 'vitest';
import { InventoryRouteMap, formatRoute, parseRoute } from '../../../src/lib/inventory/routes.js';
import { storedRoute } from '../../../src/lib/openapi/import.js';
import { documentOperations } from '../../../src/lib/openapi/operations.js';
import { findHeaderVariables } from '../../../src/lib/openapi/path-vars.js';
import { reviewText } from '../../../src/lib/openapi/review.js';
import { checkSettingValue } from '../../../src/lib/config.js';
import { UsageError } from '../../../src/lib/errors.js';
import { answer, plan, routesOf } from '../../support/openapi-plans.js';

const product = { sku: 'string', name: 'string', price: 'number' };
const h = (name: string, required = true, extra: Record<string, unknown> = {}) => ({
  name,
  in: 'header',
  required,
  schema: { type: 'string' },
  ...extra,
});
/** The header variables of a document whose every operation takes these parameters. */
const found = (parameters: unknown[], more: Record<string, unknown> = {}) =>
  findHeaderVariables(
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
  it('a header required on half the operations or more is a per-venue value, whatever its name', () => {
    expect(found([h('x-hotelid')])).toEqual(['x-hotelid']);
    expect(found([h('Bar-Assistant-Bar-Id')])).toEqual(['Bar-Assistant-Bar-Id']);
    expect(found([h('siteId')])).toEqual(['siteId']);
  });

  it('a header named for the scope of the service, required on two operations, is one too', () => {
    const operations = documentOperations(
      {
        paths: {
          '/units': { get: { parameters: [h('x-site-id')] } },
          '/categories': { get: { parameters: [h('x-site-id')] } },
          '/a': { get: {} },
          '/b': { get: {} },
          '/c': { get: {} },
          '/d': { get: {} },
          '/e': { get: { parameters: [h('x-colour')] } },
          '/f': { get: { parameters: [h('x-colour')] } },
        },
      },
      'x',
    );
    // x-colour is required on two of eight and names no scope.
    expect(findHeaderVariables(operations).map((v) => v.name)).toEqual(['x-site-id']);
  });

  it("never a credential: the security scheme's header, Authorization, a key, token, secret or signature by name", () => {
    expect(
      found([h('x-venue-pass')], {
        components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Venue-Pass' } } },
        security: [{ key: [] }],
      }),
    ).toEqual([]);
    expect(found([h('Authorization'), h('x-app-key'), h('X-Api-Key'), h('api-auth-id'), h('x-access-token')])).toEqual(
      [],
    );
    expect(found([h('Ocp-Apim-Subscription-Key'), h('x-signature'), h('x-client-secret')])).toEqual([]);
  });

  it('never content negotiation or the protocol: Accept, Content-Type, If-Match, Idempotency-Key, Prefer', () => {
    expect(
      found([h('Accept'), h('Accept-Language'), h('Content-Type'), h('If-Match'), h('Idempotency-Key'), h('Prefer')]),
    ).toEqual([]);
  });

  it('never one that changes per call: a request or correlation id, a date, the id of a record', () => {
    expect(found([h('x-request-id'), h('X-Correlation-ID'), h('x-date'), h('x-product-id')])).toEqual([]);
  });

  it('never the API version: with one documented value a constant, with several a choice', () => {
    expect(found([h('api-version')])).toEqual([]);
    expect(found([h('x-api-revision')])).toEqual([]);
    expect(found([h('x-flavour', true, { schema: { type: 'string', enum: ['v2'] } })])).toEqual([]);
    expect(found([h('x-channel', true, { schema: { type: 'string', enum: ['web', 'pos'] } })])).toEqual([]);
  });

  it('never an optional one, one with a default, or one required on one operation only', () => {
    expect(found([h('x-hotelid', false)])).toEqual([]);
    expect(found([h('x-hotelid', true, { schema: { type: 'string', default: 'H1' } })])).toEqual([]);
    const once = documentOperations(
      { paths: { '/a': { get: { parameters: [h('x-store')] } }, '/b': { get: {} }, '/c': { get: {} } } },
      'x',
    );
    expect(findHeaderVariables(once)).toEqual([]);
  });
});

describe('the plan: routes that require it map, and say so', () => {
  const paths = {
    '/products': {
      get: {
        operationId: 'listProducts',
        parameters: [h('x-hotelid'), { name: 'page', in: 'query', schema: { type: 'integer' } }],
        responses: answer(product, true),
      },
    },
    '/products/{id}': { get: { operationId: 'getProduct', parameters: [h('x-hotelid')], responses: answer(product) } },
    '/health': { get: { operationId: 'health' } },
  };

  it('the plan names it with where it goes; the stored route declares it after the path', () => {
    const result = plan(paths);
    expect(routesOf(result)).toMatchObject({ listProducts: 'GET /products', getProduct: 'GET /products/{id}' });
    expect(result.pathVars).toMatchObject([{ name: 'x-hotelid', in: 'header', routes: 2 }]);
    expect(result.pathVars[0]!.value).toBeUndefined();
    expect(storedRoute(result, 'GET /products')).toBe('GET /products x-hotelid:{x-hotelid}');
    expect(storedRoute(result, 'GET /health')).toBe('GET /health');
    const text = reviewText(result, { profile: 'p', profileFlag: '', stored: false, kept: [], conflicts: [] });
    expect(text).toContain('x-hotelid: in 2 routes: needs a value (--server-var x-hotelid=<value>)');
  });

  it('with --server-var it has its value', () => {
    expect(plan(paths, {}, { 'x-hotelid': 'H1' }).pathVars).toMatchObject([{ name: 'x-hotelid', value: 'H1' }]);
  });

  it('a header given with --server-var is one, with a default or optional; never a credential', () => {
    const site = h('siteId', true, { schema: { type: 'string', default: '-99' } });
    const withDefault = {
      '/products': { get: { operationId: 'listProducts', parameters: [site], responses: answer(product, true) } },
      '/products/{id}': {
        get: { operationId: 'getProduct', parameters: [h('siteId', false)], responses: answer(product) },
      },
      '/health': { get: { operationId: 'health', parameters: [h('x-api-key')] } },
    };
    expect(plan(withDefault).pathVars).toEqual([]);
    const given = plan(withDefault, {}, { siteId: '42' });
    expect(given.pathVars).toMatchObject([{ name: 'siteId', in: 'header', value: '42', routes: 2 }]);
    expect(storedRoute(given, 'GET /products/{id}')).toBe('GET /products/{id} siteId:{siteId}');
    expect(plan(withDefault, {}, { 'x-api-key': 'secret' }).pathVars).toEqual([]);
  });
});

describe('the route map sends it on the routes that declare it, and only those', () => {
  it('a route declares its headers after the path, and formats back as written (config set round-trips it)', () => {
    const route = parseRoute('GET /products/{id}?k_business={k_business} x-hotelid:{x-hotelid} Site:{siteId}');
    expect(route).toMatchObject({
      path: '/products/{id}',
      params: ['id'],
      query: [{ name: 'k_business', variable: 'k_business' }],
      headers: [
        { name: 'x-hotelid', variable: 'x-hotelid' },
        { name: 'Site', variable: 'siteId' },
      ],
    });
    expect(formatRoute(route)).toBe('GET /products/{id}?k_business={k_business} x-hotelid:{x-hotelid} Site:{siteId}');
    expect(checkSettingValue('inventory.routes.listProducts', 'get  /items   x-hotelid:{x-hotelid} ')).toBe(
      'GET /items x-hotelid:{x-hotelid}',
    );
    expect(() => parseRoute('GET /products x-hotelid:H1')).toThrow(/only header:\{variable\} pairs/);
    expect(() => parseRoute('GET /products a:{a} A:{b}')).toThrow(/given twice/);
  });

  it('filled from inventory.pathVars; without the value a usage error naming it, nothing resolved', () => {
    const settings = (values: Record<string, string>) =>
      InventoryRouteMap.fromSettings((key) => (values[key] === undefined ? undefined : { value: values[key] }));
    const routes = {
      'inventory.routes.listProducts': 'GET /items x-hotelid:{x-hotelid}',
      'inventory.routes.getProduct': 'GET /items/{id} x-hotelid:{x-hotelid}',
    };
    const map = settings({ ...routes, 'inventory.pathVars': 'x-hotelid=NSH01' });
    expect(map.resolve('listProducts')).toEqual({ method: 'GET', path: '/items', headers: { 'x-hotelid': 'NSH01' } });
    expect(map.resolve('getProduct', '42')).toEqual({
      method: 'GET',
      path: '/items/42',
      headers: { 'x-hotelid': 'NSH01' },
    });
    expect(map.resolve('listCategories')).toEqual({ method: 'GET', path: '/categories' });
    const without = settings(routes);
    expect(() => without.resolve('listProducts')).toThrow(UsageError);
    expect(() => without.resolve('listProducts')).toThrow(/needs \{x-hotelid\}/);
  });
});
