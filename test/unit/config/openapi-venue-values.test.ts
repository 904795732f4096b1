// Per-venue values, one suite for every place a profile's value can go (issue
// 28): a key in the path ("GET /{tenant}/products"), a value in the query
// ("GET /products?k_business={k_business}"), a value in a header
// ("GET /items x-hotelid:{x-hotelid}"); all stored in inventory.pathVars and
// read by one route parser. A new place is one row of `places`, and every
// row gets every check: the plan names it with where it goes, the stored
// route declares it there (only the routes that require it), the route
// parses and formats back as written, and the route map sends it from
// inventory.pathVars on the routes that declare it, or refuses the call
// without it. How each place is found in a document is its own rule: the
// query's and the header's (a parameter the document declares required) are
// generated from `finding`; the path's (where a parameter stands in the
// paths) is tested in openapi-evidence.test.ts. What holds for one place only
// is beside the table, saying why.

import { describe, expect, it } from 'vitest';
import {
  InventoryRouteMap,
  formatPathVars,
  formatRoute,
  parsePathVars,
  parseRoute,
  type Route,
} from '../../../src/lib/inventory/routes.js';
import { parseServerVars } from '../../../src/lib/openapi/servers.js';
import { storedRoute } from '../../../src/lib/openapi/import.js';
import { documentOperations } from '../../../src/lib/openapi/operations.js';
import { findHeaderVariables, findQueryVariables, type PathVariable } from '../../../src/lib/openapi/path-vars.js';
import { reviewText } from '../../../src/lib/openapi/review.js';
import { checkSettingValue } from '../../../src/lib/config.js';
import { UsageError } from '../../../src/lib/errors.js';
import { answer, plan, routesOf, unmapped } from '../../support/openapi-plans.js';

type Where = 'path' | 'query' | 'header';
interface Declared {
  name: string;
  variable: string;
}

/** Where a per-venue value goes, and how each layer writes it there. */
interface Place {
  in: Where;
  name: string;
  value: string;
  /** A document's operation on this path requiring the value where it goes: the path it is written at, its parameters. */
  operation: (path: string) => { path: string; parameters: unknown[] };
  /** How the review names it. */
  shown: string;
  /** The route declaring it, as stored, for a route on this path. */
  route: (path: string) => string;
  /** What a call of that route sends, the value filled in, for this path. */
  call: (path: string) => { path: string; query?: Record<string, string>; headers?: Record<string, string> };
  /** A route declaring two values there, and the two as the parser reads them. */
  two: { route: string; declared: Declared[] };
  /** Routes that write it wrongly there, and what the parser says. */
  refused: Array<[string, RegExp]>;
  /** How a document's parameter there is found to be one (a parameter it declares required), with examples. */
  finding?: Finding;
}

interface Finding {
  find: (operations: ReturnType<typeof documentOperations>) => PathVariable[];
  /** Names that are one when required on half the operations or more. */
  anyName: string[];
  /** A name of the service's scope, and one that is not, each required on two operations of eight. */
  scoped: string;
  plain: string;
  /** A name of the scope required on one operation only. */
  once: string;
  /** The parameter the document's security scheme sends, as the scheme names it. */
  security: { parameter: string; scheme: string };
  /** Credentials by their names alone. */
  credentials: string[];
  /** Names of values that change from call to call. */
  perCall: string[];
}

const parameter = (where: Where, name: string, required = true, extra: Record<string, unknown> = {}) => ({
  name,
  in: where,
  required,
  schema: { type: 'string' },
  ...extra,
});
/** What a parsed route declares in one place: the path's parameters, the query's or the headers' pairs. */
const declaredIn = (route: Route, where: Where): Declared[] =>
  where === 'path'
    ? route.params.map((name) => ({ name, variable: name }))
    : route[where === 'query' ? 'query' : 'headers'];

/** The variables a finder finds in a document whose every operation takes these parameters. */
const foundBy = (find: Finding['find'], parameters: unknown[], more: Record<string, unknown> = {}) =>
  find(
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

const places: Place[] = [
  {
    in: 'path',
    name: 'tenant',
    value: 'north-shore',
    operation: (path) => ({ path: `/{tenant}${path}`, parameters: [parameter('path', 'tenant')] }),
    shown: '{tenant}',
    route: (path) => `GET /{tenant}${path}`,
    call: (path) => ({ path: `/north-shore${path}` }),
    two: {
      route: 'GET /{tenant}/{region}/products',
      declared: [
        { name: 'tenant', variable: 'tenant' },
        { name: 'region', variable: 'region' },
      ],
    },
    refused: [['GET /{tenant/products', /unbalanced braces/]],
  },
  {
    in: 'query',
    name: 'k_business',
    value: 'nsh-4101',
    operation: (path) => ({ path, parameters: [parameter('query', 'k_business')] }),
    shown: '?k_business=',
    route: (path) => `GET ${path}?k_business={k_business}`,
    call: (path) => ({ path, query: { k_business: 'nsh-4101' } }),
    two: {
      route: 'GET /products?k_business={k_business}&region={region}',
      declared: [
        { name: 'k_business', variable: 'k_business' },
        { name: 'region', variable: 'region' },
      ],
    },
    refused: [
      ['GET /products?active=true', /only name=\{variable\} pairs/],
      ['GET /products?a={a}&a={b}', /given twice/],
    ],
    finding: {
      find: findQueryVariables,
      // In the query a version every call requires is the venue's to give (in a header it is the API's: below).
      anyName: ['k_business', 'api-version'],
      scoped: 'storefront',
      plain: 'colour',
      once: 'store',
      security: { parameter: 'shop_key', scheme: 'shop_key' },
      credentials: ['api_key', 'X-Api-Key', 'access_token', 'signature'],
      perCall: ['dt_date', 'from', 'updated_since', 'start_time', 'productId', 'uid', 'id', 'order_id'],
    },
  },
  {
    in: 'header',
    name: 'x-hotelid',
    value: 'NSH01',
    operation: (path) => ({ path, parameters: [parameter('header', 'x-hotelid')] }),
    shown: 'x-hotelid:',
    route: (path) => `GET ${path} x-hotelid:{x-hotelid}`,
    call: (path) => ({ path, headers: { 'x-hotelid': 'NSH01' } }),
    two: {
      route: 'GET /products x-hotelid:{x-hotelid} Site:{siteId}',
      declared: [
        { name: 'x-hotelid', variable: 'x-hotelid' },
        { name: 'Site', variable: 'siteId' },
      ],
    },
    refused: [
      ['GET /products x-hotelid:H1', /only header:\{variable\} pairs/],
      ['GET /products a:{a} A:{b}', /given twice/],
    ],
    finding: {
      find: findHeaderVariables,
      anyName: ['x-hotelid', 'Bar-Assistant-Bar-Id', 'siteId'],
      scoped: 'x-site-id',
      plain: 'x-colour',
      once: 'x-store',
      security: { parameter: 'x-venue-pass', scheme: 'X-Venue-Pass' },
      credentials: [
        'Authorization',
        'x-app-key',
        'X-Api-Key',
        'api-auth-id',
        'x-access-token',
        'Ocp-Apim-Subscription-Key',
        'x-signature',
        'x-client-secret',
      ],
      perCall: ['x-request-id', 'X-Correlation-ID', 'x-date', 'x-product-id'],
    },
  },
];

const product = { sku: 'string', name: 'string', price: 'number' };
const review = (result: ReturnType<typeof plan>) =>
  reviewText(result, { profile: 'p', profileFlag: '', stored: false, kept: [], conflicts: [] });
const mapOf = (values: Record<string, string>) =>
  InventoryRouteMap.fromSettings((key) => (values[key] === undefined ? undefined : { value: values[key] }));

describe.each(places.map((place) => [place.in, place.name, place] as const))(
  'a per-venue value in the %s (%s)',
  (_in, _name, place) => {
    /** A document whose product routes require it, beside a paging parameter, and a health route that does not. */
    const list = place.operation('/products');
    const one = place.operation('/products/{id}');
    const paths = {
      [list.path]: {
        get: {
          operationId: 'listProducts',
          parameters: [...list.parameters, parameter('query', 'page', false, { schema: { type: 'integer' } })],
          responses: answer(product, true),
        },
      },
      [one.path]: { get: { operationId: 'getProduct', parameters: one.parameters, responses: answer(product) } },
      '/health': { get: { operationId: 'health' } },
    };

    it('the plan maps the routes that require it, names it with where it goes; the stored route declares it there', () => {
      const result = plan(paths);
      expect(routesOf(result)).toMatchObject({ listProducts: `GET ${list.path}`, getProduct: `GET ${one.path}` });
      expect(result.pathVars).toMatchObject([{ name: place.name, routes: 2 }]);
      // A path variable's place is the default: the plan writes no "in" for it.
      expect(result.pathVars[0]!.in ?? 'path').toBe(place.in);
      expect(result.pathVars[0]!.value).toBeUndefined();
      expect(storedRoute(result, `GET ${list.path}`)).toBe(place.route('/products'));
      // Only the routes that require it send it.
      expect(storedRoute(result, 'GET /health')).toBe('GET /health');
      expect(review(result)).toContain(
        `${place.shown} in 2 routes: needs a value (--server-var ${place.name}=<value>)`,
      );
    });

    it('with --server-var it has its value', () => {
      expect(plan(paths, {}, { [place.name]: place.value }).pathVars).toMatchObject([
        { name: place.name, value: place.value },
      ]);
    });

    it('a route declares it there and formats back as written; config set takes it as config routes shows it', () => {
      // Declared in its place and in no other, alone or beside a second value.
      const one = [{ name: place.name, variable: place.name }];
      for (const [text, declared] of [
        [place.route('/items'), one],
        [place.two.route, place.two.declared],
      ] as const)
        for (const where of ['path', 'query', 'header'] as const)
          expect(declaredIn(parseRoute(text), where), `${text}: ${where}`).toEqual(where === place.in ? declared : []);
      for (const text of [place.route('/items/{id}'), place.two.route])
        expect(formatRoute(parseRoute(text))).toBe(text);
      const typed = `${place.route('/items').replace(/ /g, '   ').replace(/^GET/, 'get')} `;
      expect(checkSettingValue('inventory.routes.listProducts', typed)).toBe(place.route('/items'));
    });

    it('a route that writes it wrongly there is refused, saying why', () => {
      for (const [text, why] of place.refused) expect(() => parseRoute(text), text).toThrow(why);
    });

    it('the route map fills it from inventory.pathVars on the routes that declare it, and only those; without the value a usage error naming it', () => {
      const routes = {
        'inventory.routes.listProducts': place.route('/items'),
        'inventory.routes.getProduct': place.route('/items/{id}'),
      };
      const map = mapOf({ ...routes, 'inventory.pathVars': `${place.name}=${place.value}` });
      expect(map.resolve('listProducts')).toEqual({ method: 'GET', ...place.call('/items') });
      expect(map.resolve('getProduct', ['42'])).toEqual({ method: 'GET', ...place.call('/items/42') });
      expect(map.resolve('listCategories')).toEqual({ method: 'GET', path: '/categories' });
      const without = mapOf(routes);
      expect(() => without.resolve('listProducts')).toThrow(UsageError);
      expect(() => without.resolve('listProducts')).toThrow(new RegExp(`needs \\{${place.name}\\}`));
    });
  },
);

// A path parameter is never optional and is found by where it stands in the paths (openapi-evidence.test.ts): the
// finding rules below are those of a parameter the document declares required, in the query or a header.
describe.each(places.filter((p) => p.finding).map((place) => [place.in, place.name, place] as const))(
  'how a value in the %s is found (%s)',
  (_in, _name, place) => {
    const rule = place.finding!;
    const p = (name: string, required = true, extra: Record<string, unknown> = {}) =>
      parameter(place.in, name, required, extra);
    const found = (parameters: unknown[], more: Record<string, unknown> = {}) => foundBy(rule.find, parameters, more);

    it('required on half the operations or more it is a per-venue value, whatever its name', () => {
      for (const name of rule.anyName) expect(found([p(name)])).toEqual([name]);
    });

    it('named for the scope of the service and required on two operations it is one too; another name is not', () => {
      const operations = documentOperations(
        {
          paths: {
            '/units': { get: { parameters: [p(rule.scoped)] } },
            '/categories': { get: { parameters: [p(rule.scoped)] } },
            '/a': { get: {} },
            '/b': { get: {} },
            '/c': { get: {} },
            '/d': { get: {} },
            '/e': { get: { parameters: [p(rule.plain)] } },
            '/f': { get: { parameters: [p(rule.plain)] } },
          },
        },
        'x',
      );
      // The plain one is required on two of eight and names no scope: a filter of those routes.
      expect(rule.find(operations).map((v) => v.name)).toEqual([rule.scoped]);
    });

    it("never a credential: the document's security scheme's, or one named a key, token, secret or signature", () => {
      // A key the document's security sends there is the auth module's, not a variable's.
      expect(
        found([p(rule.security.parameter)], {
          components: {
            securitySchemes: { key: { type: 'apiKey', in: place.in, name: rule.security.scheme } },
          },
          security: [{ key: [] }],
        }),
      ).toEqual([]);
      expect(found(rule.credentials.map((name) => p(name)))).toEqual([]);
    });

    it('never one that changes per call: a date or time, a request id, the id of a record', () => {
      expect(found(rule.perCall.map((name) => p(name)))).toEqual([]);
    });

    it('never an optional one, one with a default, or one required on one operation only, even named for a scope', () => {
      expect(found([p(place.name, false)])).toEqual([]);
      expect(found([p(place.name, true, { schema: { type: 'string', default: 'x' } })])).toEqual([]);
      const once = documentOperations(
        { paths: { '/a': { get: { parameters: [p(rule.once)] } }, '/b': { get: {} }, '/c': { get: {} } } },
        'x',
      );
      expect(rule.find(once)).toEqual([]);
    });
  },
);

describe('the places together', () => {
  it('one route declares a path parameter, query values and headers, and formats back as written', () => {
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
  });
});

// The query's own: the query is where venue sends its own filters and paging, and where a list of values goes; a
// header carries neither, and a path segment holds one value.
describe('in the query only', () => {
  const q = (name: string, required = true, extra: Record<string, unknown> = {}) =>
    parameter('query', name, required, extra);
  const found = (parameters: unknown[]) => foundBy(findQueryVariables, parameters);

  it('never a filter venue sends or paging; never a list, even named for a scope', () => {
    expect(found([q('page'), q('limit'), q('pageSize'), q('productIds'), q('ids'), q('categoryId')])).toEqual([]);
    // A list takes several values: a filter, even named for a scope.
    expect(found([{ ...q('marketplaceIds'), schema: { type: 'array', items: { type: 'string' } } }])).toEqual([]);
    expect(
      found([{ name: 'storeIds', in: 'query', required: true, type: 'array', items: { type: 'string' } }]),
    ).toEqual([]);
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

// The header's own: HTTP's headers carry the protocol (content negotiation, conditions, a version of the API) beside
// the venue's. A parameter the user names with --server-var is taken whatever the document says of it, in a header
// (d20c4b9) as in the query (below).
describe('in a header only', () => {
  const h = (name: string, required = true, extra: Record<string, unknown> = {}) =>
    parameter('header', name, required, extra);
  const found = (parameters: unknown[]) => foundBy(findHeaderVariables, parameters);

  it('never content negotiation or the protocol: Accept, Content-Type, If-Match, Idempotency-Key, Prefer', () => {
    expect(
      found([h('Accept'), h('Accept-Language'), h('Content-Type'), h('If-Match'), h('Idempotency-Key'), h('Prefer')]),
    ).toEqual([]);
  });

  it('never the API version: with one documented value a constant, with several a choice', () => {
    expect(found([h('api-version')])).toEqual([]);
    expect(found([h('x-api-revision')])).toEqual([]);
    expect(found([h('x-flavour', true, { schema: { type: 'string', enum: ['v2'] } })])).toEqual([]);
    expect(found([h('x-channel', true, { schema: { type: 'string', enum: ['web', 'pos'] } })])).toEqual([]);
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

// A value the user gives for a query parameter is the venue's, as a header's is: taken with a default or optional, and
// sent by every route that takes it; never paging, a filter venue sends, or a credential (no secret from argv).
describe('in the query, given with --server-var', () => {
  const q = (name: string, required = true, extra: Record<string, unknown> = {}) =>
    parameter('query', name, required, extra);
  it('a query parameter given with --server-var is one, with a default or optional; never paging, a filter or a credential', () => {
    const storefront = q('storefront', true, { schema: { type: 'string', default: 'de' } });
    const document = {
      '/products': {
        get: {
          operationId: 'listProducts',
          parameters: [storefront, q('limit', false)],
          responses: answer(product, true),
        },
      },
      '/products/{id}': {
        get: { operationId: 'getProduct', parameters: [q('storefront', false)], responses: answer(product) },
      },
      '/health': { get: { operationId: 'health', parameters: [q('api_key')] } },
    };
    expect(plan(document).pathVars).toEqual([]);
    const given = plan(document, {}, { storefront: 'fr' });
    expect(given.pathVars).toMatchObject([{ name: 'storefront', in: 'query', value: 'fr', routes: 2 }]);
    expect(storedRoute(given, 'GET /products')).toBe('GET /products?storefront={storefront}');
    expect(storedRoute(given, 'GET /products/{id}')).toBe('GET /products/{id}?storefront={storefront}');
    expect(plan(document, {}, { limit: '5' }).pathVars).toEqual([]);
    expect(plan(document, {}, { api_key: 'secret' }).pathVars).toEqual([]);
  });
});

// inventory.pathVars holds every place's values; what a value may hold is its place's rule: one path segment in a path
// or an OAuth2 scope, any text on one line in a query or a header (a warehouse's name, with a space).
describe('a value as its place takes it', () => {
  const routesWith = (listProducts: string, pathVars: Record<string, string>) =>
    InventoryRouteMap.fromSettings((key) =>
      key === 'inventory.routes.listProducts'
        ? { value: listProducts }
        : key === 'inventory.pathVars'
          ? { value: formatPathVars(pathVars) }
          : undefined,
    );

  it('inventory.pathVars reads and writes a value with spaces in double quotes, and round-trips', () => {
    const text = 'tenant=north Warehouse="Funhouse Arcade" note="say \\"hi\\" \\\\ bye"';
    const vars = parsePathVars(text);
    expect(vars).toEqual({ tenant: 'north', Warehouse: 'Funhouse Arcade', note: 'say "hi" \\ bye' });
    expect(parsePathVars(formatPathVars(vars))).toEqual(vars);
    expect(formatPathVars({ tenant: 'north' })).toBe('tenant=north');
    // An unquoted space, an unclosed quote or a line break is no value.
    expect(() => parsePathVars('Warehouse=Funhouse Arcade')).toThrow(UsageError);
    expect(() => parsePathVars('Warehouse="Funhouse Arcade')).toThrow(UsageError);
    expect(() => parsePathVars('Warehouse="a\nb"')).toThrow(/line break/);
  });

  it('sent in a header or the query as it is; refused where it would stand in the path, naming it', () => {
    const header = routesWith('GET /items Warehouse:{Warehouse}', { Warehouse: 'Funhouse Arcade' });
    expect(header.resolve('listProducts').headers).toEqual({ Warehouse: 'Funhouse Arcade' });
    const query = routesWith('GET /items?site={site}', { site: 'Funhouse Arcade' });
    expect(query.resolve('listProducts').query).toEqual({ site: 'Funhouse Arcade' });
    const path = routesWith('GET /{site}/items', { site: 'Funhouse Arcade' });
    expect(() => path.resolve('listProducts')).toThrow(
      /inventory\.pathVars site: "Funhouse Arcade" cannot stand in a path segment/,
    );
  });

  it('an id quoted in the path (an OData string key) has a quote in it written twice; unquoted, it is sent as it is', () => {
    const map = mapOf({
      'inventory.routes.getProduct': "GET /INVENTRY(ID='{ProductId}')",
      'inventory.routes.updateProduct': 'PATCH /companies({company_id})/items({item_id})',
      'inventory.pathVars': 'company_id=c1',
    });
    expect(map.resolve('getProduct', ["O'Brien 1"]).path).toBe("/INVENTRY(ID='O''Brien%201')");
    expect(map.resolve('updateProduct', ["a'b"]).path).toBe("/companies(c1)/items(a'b)");
  });

  it("--server-var takes a header's value with a space, never a control character", () => {
    const withHeader = {
      '/items': {
        get: {
          operationId: 'listItems',
          parameters: [parameter('header', 'Warehouse', true)],
          responses: answer(product, true),
        },
      },
    };
    expect(plan(withHeader, {}, { Warehouse: 'Funhouse Arcade' }).pathVars).toMatchObject([
      { name: 'Warehouse', in: 'header', value: 'Funhouse Arcade', segment: false },
    ]);
    expect(parseServerVars(['Warehouse=Funhouse Arcade'])).toEqual({ Warehouse: 'Funhouse Arcade' });
    expect(() => parseServerVars(['Warehouse=a\u0007b'])).toThrow(/--server-var Warehouse: .*control character/);
  });
});
