// Inventory's route map. The seed names the 21 operations but gives the
// method and path of only five GETs, and not how the JWT is sent. Each venue's
// server may lay them out as its vendor chose, so a profile holds a route for
// every operation ("METHOD /path/{param}"), a base path and an auth scheme;
// `venue config import-openapi` fills them from the vendor's own document and
// `venue config set inventory.routes.<operation> "POST /x"` sets one by hand.
// Unset routes take venue's own layout (docs/api-conventions.md); a route set
// to "none" is unmapped: calling it is a usage error naming the operation,
// never venue's default route in its place. A path parameter no operation of
// venue's fills (a tenant or project key, at any position) is a path variable
// of the profile (inventory.pathVars), filled on every request. So is a query
// parameter required with one value per venue (a business or storefront key):
// the route declares it after "?" ("GET /products?storefront={storefront}"),
// its value is in the same inventory.pathVars, and only that route sends it.
// So is a header required with one value per venue (a hotel or site id): the
// route declares it after the path as HTTP writes a header, its variable in
// braces ("GET /items x-hotelid:{x-hotelid}"), its value in inventory.pathVars.
// A stock write's route may carry the write's own {productId} and
// {warehouseId} ("PUT /products/{productId}/stock"): filled from the write,
// a take or receipt then sent one call per line (client.ts).

import { UsageError } from '../errors.js';
import { venueHint } from '../hint-command.js';

export type HttpVerb = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The 21 operations of the seed, in its order, with venue's default route. */
export const inventoryOperations = {
  authenticate: { route: 'POST /auth/token', words: 'Authenticate: exchange the API key and secret for a JWT' },
  health: { route: 'GET /health', words: 'Health: service status and database connectivity' },
  listProducts: { route: 'GET /products', words: 'List products (paged)' },
  getProduct: { route: 'GET /products/{productId}', words: 'Get product' },
  createProduct: { route: 'POST /products', words: 'Create product' },
  updateProduct: { route: 'PATCH /products/{productId}', words: 'Update product' },
  listCategories: { route: 'GET /categories', words: 'List categories' },
  listClasses: { route: 'GET /classes', words: 'List classes' },
  listWarehouses: { route: 'GET /warehouses', words: 'List warehouses' },
  listTaxGroups: { route: 'GET /tax-groups', words: 'List tax groups' },
  listContainers: { route: 'GET /containers', words: 'List container types' },
  listSuppliers: { route: 'GET /suppliers', words: 'List suppliers' },
  createSupplier: { route: 'POST /suppliers', words: 'Create supplier' },
  stockLevels: { route: 'GET /stock-levels', words: 'Get stock levels (paged)' },
  stockTake: { route: 'POST /stock-takes', words: 'Stock take' },
  receiveStock: { route: 'POST /stock-receipts', words: 'Receive stock' },
  adjustStock: { route: 'POST /stock-adjustments', words: 'Adjust stock' },
  listWebhooks: { route: 'GET /webhooks', words: 'List webhook subscribers' },
  createWebhook: { route: 'POST /webhooks', words: 'Create webhook subscriber' },
  updateWebhook: { route: 'PATCH /webhooks/{webhookId}', words: 'Update webhook subscriber' },
  deleteWebhook: { route: 'DELETE /webhooks/{webhookId}', words: 'Delete webhook subscriber' },
} as const satisfies Record<string, { route: string; words: string }>;

export type InventoryOperation = keyof typeof inventoryOperations;
export const inventoryOperationNames = Object.keys(inventoryOperations) as InventoryOperation[];

export function isInventoryOperation(name: string): name is InventoryOperation {
  return Object.hasOwn(inventoryOperations, name);
}

/** The config key of an operation's route. */
export function routeSettingKey(operation: InventoryOperation): `inventory.routes.${InventoryOperation}` {
  return `inventory.routes.${operation}`;
}

export interface Route {
  method: HttpVerb;
  /** "/products/{productId}" */
  path: string;
  /** Path parameter names in order: ["productId"]. */
  params: string[];
  /** Query parameters sent on every call of this route, each filled from a variable of the profile: "?storefront={storefront}". */
  query: Array<{ name: string; variable: string }>;
  /** Headers sent on every call of this route, each filled from a variable of the profile: "x-hotelid:{x-hotelid}". */
  headers: Array<{ name: string; variable: string }>;
}

const VERBS: readonly HttpVerb[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** "POST /stock/receipts" → a Route; anything else is a usage error naming what is wrong. */
export function parseRoute(text: string, what = 'route'): Route {
  const match = /^\s*([A-Za-z]+)\s+(\/\S*)((?:\s+\S+)*)\s*$/.exec(text);
  if (!match) throw new UsageError(`${what} must be "METHOD /path" such as "POST /stock-receipts" (got "${text}")`);
  const method = match[1]!.toUpperCase() as HttpVerb;
  if (!VERBS.includes(method))
    throw new UsageError(`${what}: the method must be one of ${VERBS.join(', ')} (got "${match[1]}")`);
  const [path, search] = splitOnce(match[2]!, '?');
  const params = [...path.matchAll(/\{([^{}/]+)\}/g)].map((m) => m[1]!);
  if (/[{}]/.test(path.replace(/\{[^{}/]+\}/g, ''))) throw new UsageError(`${what}: unbalanced braces in "${path}"`);
  const query: Route['query'] = [];
  // Only variables go after "?": a fixed filter would be a value venue invents; a route's own query is venue's to send.
  for (const pair of search === undefined ? [] : search.split('&')) {
    const found = /^([A-Za-z0-9._~-]+)=\{([A-Za-z_][A-Za-z0-9_.-]*)\}$/.exec(pair);
    if (!found)
      throw new UsageError(
        `${what}: after "?" a route takes only name={variable} pairs joined by &, such as "GET /products?storefront={storefront}" (got "${pair}")`,
      );
    if (query.some((q) => q.name === found[1]))
      throw new UsageError(`${what}: the query parameter ${found[1]} is given twice`);
    query.push({ name: found[1]!, variable: found[2]! });
  }
  // After the path, the per-venue headers as HTTP writes a header ("x-hotelid:{x-hotelid}"): a path has no space, so
  // what follows one is a header; only variables, for the same reason as the query's.
  const headers: Route['headers'] = [];
  for (const pair of (match[3] ?? '').split(/\s+/).filter(Boolean)) {
    const found = /^([A-Za-z0-9!#$%&'*+.^_`|~-]+):\{([A-Za-z_][A-Za-z0-9_.-]*)\}$/.exec(pair);
    if (!found)
      throw new UsageError(
        `${what}: after the path a route takes only header:{variable} pairs separated by spaces, such as "GET /products x-hotelid:{x-hotelid}" (got "${pair}")`,
      );
    if (headers.some((h) => h.name.toLowerCase() === found[1]!.toLowerCase()))
      throw new UsageError(`${what}: the header ${found[1]} is given twice`);
    headers.push({ name: found[1]!, variable: found[2]! });
  }
  return { method, path, params, query, headers };
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

/** The query a route declares, its variables as written: "?storefront={storefront}", or "". */
export const routeQueryText = (route: Route): string =>
  route.query.length ? `?${route.query.map((q) => `${q.name}={${q.variable}}`).join('&')}` : '';

/** The headers a route declares, its variables as written: " x-hotelid:{x-hotelid}", or "". */
export const routeHeaderText = (route: Route): string =>
  route.headers.map((h) => ` ${h.name}:{${h.variable}}`).join('');

export function formatRoute(route: Route): string {
  return `${route.method} ${route.path}${routeQueryText(route)}${routeHeaderText(route)}`;
}

/** The value of inventory.routes.<operation> that leaves it unmapped. */
export const UNMAPPED_ROUTE = 'none';

export const isUnmappedRoute = (text: string | undefined): boolean =>
  text !== undefined && text.trim().toLowerCase() === UNMAPPED_ROUTE;

/** Calling an operation the profile leaves unmapped: exit 2, naming it and how to map it. */
export function unmappedError(operation: InventoryOperation): UsageError {
  return new UsageError(
    `${operation} is not mapped on this profile (inventory.routes.${operation} is "none"): venue does not call another route in its place`,
    {
      hint: `Map it: ${venueHint(['config', 'set', `inventory.routes.${operation}`, `${parseRoute(inventoryOperations[operation].route).method} /<path>`])}, or import the vendor's document again with --map ${operation}="METHOD /path"; ${venueHint(['config', 'unset', `inventory.routes.${operation}`])} takes venue's default route (${inventoryOperations[operation].route}) back.`,
    },
  );
}

/**
 * Path variables: values of path parameters that no operation of venue's
 * fills but that are one per venue (a tenant, project, account or store key),
 * stored as inventory.pathVars "tenant=north projectKey=north-shore". The same
 * setting holds the values of per-venue query parameters and headers; one of
 * those may hold spaces (a warehouse's name in a header), written in double
 * quotes: 'Warehouse="Funhouse Arcade"'.
 */
export type PathVars = Record<string, string>;

const PATH_VAR_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

/** A value of a path variable: it stands in a path, so no slash, braces, spaces, ? or #. */
export function checkPathVarValue(name: string, value: string, what = `inventory.pathVars ${name}`): string {
  const trimmed = value.trim();
  if (!trimmed || /[\s{}/?#]/.test(trimmed))
    throw new UsageError(`${what}: "${value}" cannot stand in a path segment (no slash, braces, spaces, ? or #)`);
  return trimmed;
}

/**
 * A value of a per-venue query parameter or header: any text on one line. The HTTP layer encodes a query value, and
 * a header carries spaces as they are; a line break or another control character would end or split the header.
 */
export function checkFieldVarValue(name: string, value: string, what = `inventory.pathVars ${name}`): string {
  const trimmed = value.trim();
  if (!trimmed) throw new UsageError(`${what} has no value`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(trimmed))
    // The value is not shown: it may be a credential given by mistake, and a control character garbles a terminal.
    throw new UsageError(
      `${what}: the value holds a line break or another control character, which no query or header can carry`,
    );
  return trimmed;
}

// One name=value pair: the value bare (no spaces) or in double quotes, where \" and \\ stand for " and \.
const PATH_VAR_PAIR = /\s*([^=\s]+)=("(?:[^"\\]|\\.)*"|[^\s"]*)(?=\s|$)/y;

/**
 * inventory.pathVars read: each value checked as any per-venue value is (checkFieldVarValue); one that stands in a
 * path is checked again as a path segment where a route puts it there (resolve).
 */
export function parsePathVars(text: string | undefined): PathVars {
  const out: PathVars = {};
  const source = (text ?? '').trim();
  const malformed = () =>
    new UsageError(
      `inventory.pathVars must be name=value pairs separated by spaces, such as "tenant=north projectKey=north-shore", a value with spaces in double quotes (got "${text}")`,
    );
  PATH_VAR_PAIR.lastIndex = 0;
  while (PATH_VAR_PAIR.lastIndex < source.length) {
    const match = PATH_VAR_PAIR.exec(source);
    if (!match || !PATH_VAR_NAME.test(match[1]!)) throw malformed();
    const name = match[1]!;
    const raw = match[2]!;
    const value = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
    if (Object.hasOwn(out, name)) throw new UsageError(`inventory.pathVars: ${name} is given twice`);
    out[name] = checkFieldVarValue(name, value);
  }
  return out;
}

/** inventory.pathVars written: a value with a space, a quote or a backslash in double quotes. */
export function formatPathVars(vars: PathVars): string {
  return Object.entries(vars)
    .map(([name, value]) => `${name}=${/[\s"\\]/.test(value) ? `"${value.replace(/["\\]/g, '\\$&')}"` : value}`)
    .join(' ');
}

/** A text with its {name} filled from the path variables; names without a value stay as written. */
export function fillPathVars(text: string, vars: PathVars): string {
  return text.replace(/\{([^{}/]+)\}/g, (whole, name: string) => (Object.hasOwn(vars, name) ? vars[name]! : whole));
}

/** How many ids venue fills in an operation's path (the product or webhook id): its last parameters. */
export const idCount = (operation: InventoryOperation): number =>
  parseRoute(inventoryOperations[operation].route).params.length;

/** The names of the ids venue fills in an operation's route, as its default route names them: ["productId"]. */
export const idNamesOf = (operation: InventoryOperation): string[] =>
  parseRoute(inventoryOperations[operation].route).params;

/** Every name venue gives a record's id in any operation's default route: productId, webhookId. */
const venueIdNames = (): Set<string> => new Set(inventoryOperationNames.flatMap(idNamesOf));

/**
 * The query parameters of a route that carry the operation's own record id (an RPC-style route,
 * "GET /product.info.json?id={productId}"): those whose variable is one of the operation's id names. They are
 * filled from the call's ids as a path id is, never from the profile's per-venue values.
 */
export const queryIdsOf = (operation: InventoryOperation, route: Route): Route['query'] => {
  const names = idNamesOf(operation);
  return route.query.filter((q) => names.includes(q.variable));
};

/**
 * A route checked against the operation it is for: a query variable named as one of venue's record ids
 * ({productId}, {webhookId}) must be an id this operation is called with, given once; venue never sends an id an
 * operation does not have, nor reads one from the profile.
 */
export function checkRouteFor(operation: InventoryOperation, route: Route, what = routeSettingKey(operation)): Route {
  const own = idNamesOf(operation);
  const ids = venueIdNames();
  for (const q of route.query) {
    if (ids.has(q.variable) && !own.includes(q.variable) && !writeFieldNamesOf(operation).includes(q.variable))
      throw new UsageError(
        `${what}: ${q.name}={${q.variable}} names a record id ${operation} is not called with (${own.length ? `its id is {${own.join('}, {')}}` : 'it takes no id'})`,
      );
  }
  const inQuery = queryIdsOf(operation, route).map((q) => q.variable);
  if (new Set(inQuery).size !== inQuery.length)
    throw new UsageError(`${what}: the id {${inQuery[0]}} is given twice in the query`);
  if (inQuery.length && route.params.length < own.length - inQuery.length)
    throw new UsageError(`${what}: the path has no place for the ids the query does not carry`);
  return route;
}

/** How many of an operation's ids its route takes in the path: those its query does not carry. */
const pathIdCount = (operation: InventoryOperation, route: Route): number =>
  idCount(operation) - queryIdsOf(operation, route).length;

/**
 * The fields of a stock write its route may carry in the path or query instead of the body, by venue's names: many
 * vendors key a stock write by the product ("PUT /products/{productId}/stock") and some by the warehouse too. A
 * stock take's or receipt's product is a line's, so such a route is called once per line (client.ts); the warehouse
 * and an adjustment's product are the write's own. Only these names are filled from a write: any other parameter is
 * a per-venue value or an id, as everywhere.
 */
const WRITE_FIELDS_IN_ROUTE: Partial<Record<InventoryOperation, { write: readonly string[]; line?: string }>> = {
  stockTake: { write: ['warehouseId'], line: 'productId' },
  receiveStock: { write: ['warehouseId'], line: 'productId' },
  adjustStock: { write: ['warehouseId', 'productId'] },
};

/** The names of the write's fields an operation's route may carry ({productId}, {warehouseId}); none for the others. */
export const writeFieldNamesOf = (operation: InventoryOperation): string[] => {
  const fields = WRITE_FIELDS_IN_ROUTE[operation];
  return fields ? [...fields.write, ...(fields.line ? [fields.line] : [])] : [];
};

/** The write's fields a route carries, in its path or query: filled from the write, never from the profile. */
export const writeFieldsIn = (operation: InventoryOperation, route: Route): string[] => {
  const names = writeFieldNamesOf(operation);
  return [...new Set([...route.params, ...route.query.map((q) => q.variable)].filter((n) => names.includes(n)))];
};

/** The line field a route carries ("productId" of a stock take's or receipt's line): then it is called once per line. */
export const lineFieldIn = (operation: InventoryOperation, route: Route): string | undefined => {
  const line = WRITE_FIELDS_IN_ROUTE[operation]?.line;
  return line !== undefined && writeFieldsIn(operation, route).includes(line) ? line : undefined;
};

/** The stock writes whose lines may be sent one call per line (a take's or receipt's product is a line's). */
export const PER_LINE_OPERATIONS = (Object.keys(WRITE_FIELDS_IN_ROUTE) as InventoryOperation[]).filter(
  (operation) => WRITE_FIELDS_IN_ROUTE[operation]?.line !== undefined,
);

/**
 * inventory.perLine: the stock writes a vendor takes one product per call with the product in the BODY, a flat record
 * (`POST /inventory_levels/set` {variant_id, warehouse_id, on_hand, reason}), as the operations' names separated by
 * spaces: "stockTake receiveStock". Such a write is sent one call per line as one keyed by the product in its path is
 * (client.ts), the line's product staying in the body. Only a take and a receipt have lines; an adjustment is one
 * product's already, sent as one call whatever its route. Unset: every line in one body, venue's own form.
 */
export function parsePerLine(text: string | undefined): InventoryOperation[] | undefined {
  return parseOperationList(
    text,
    'inventory.perLine',
    PER_LINE_OPERATIONS,
    (name) =>
      `names the stock writes sent one call per line with the product in the body, ${PER_LINE_OPERATIONS.join(' or ')} (got "${name}"${name === 'adjustStock' ? ': an adjustment is one product per call already' : ''})`,
  );
}

/** inventory.perLine written: the operations separated by spaces, in venue's order. */
export const formatPerLine = (operations: readonly InventoryOperation[]): string =>
  formatOperationList(operations, PER_LINE_OPERATIONS);

/** The record updates a vendor may take as a JSON Patch (RFC 6902): a product's and a webhook subscriber's. */
export const JSON_PATCH_OPERATIONS: readonly InventoryOperation[] = ['updateProduct', 'updateWebhook'];

/**
 * inventory.jsonPatch: the record updates the vendor takes as a JSON Patch (RFC 6902, `application/json-patch+json`: a
 * list of operations on the record's fields), their operations separated by spaces: "updateProduct updateWebhook". venue then reads
 * the record first and sends replace, add and remove operations on the fields it changes (json-patch.ts, client.ts).
 * Unset: a body of the fields, venue's own form.
 */
export function parseJsonPatch(text: string | undefined): InventoryOperation[] | undefined {
  return parseOperationList(
    text,
    'inventory.jsonPatch',
    JSON_PATCH_OPERATIONS,
    (name) =>
      `names the record updates the vendor takes as a JSON Patch, ${JSON_PATCH_OPERATIONS.join(' or ')} (got "${name}")`,
  );
}

/** inventory.jsonPatch written: the operations separated by spaces, in venue's order. */
export const formatJsonPatch = (operations: readonly InventoryOperation[]): string =>
  formatOperationList(operations, JSON_PATCH_OPERATIONS);

/** A setting that names some of `allowed` operations, separated by spaces; undefined when unset or empty. */
function parseOperationList(
  text: string | undefined,
  key: string,
  allowed: readonly InventoryOperation[],
  refusal: (name: string) => string,
): InventoryOperation[] | undefined {
  if (text === undefined || !text.trim()) return undefined;
  const out: InventoryOperation[] = [];
  for (const name of text.split(/[\s,]+/).filter(Boolean)) {
    if (!isInventoryOperation(name) || !allowed.includes(name)) throw new UsageError(`${key} ${refusal(name)}`);
    if (out.includes(name)) throw new UsageError(`${key}: ${name} is given twice`);
    out.push(name);
  }
  return out;
}

const formatOperationList = (operations: readonly InventoryOperation[], allowed: readonly InventoryOperation[]) =>
  allowed.filter((operation) => operations.includes(operation)).join(' ');

/**
 * The line field of a write sent one call per line, and where the line's product goes: its route's path or query
 * ("PUT /products/{productId}/stock": lineFieldIn), else the body where the profile says the vendor takes one line's
 * flat record per call (inventory.perLine). Undefined: the write's lines go in one body.
 */
export function perLineFormOf(
  operation: InventoryOperation,
  route: Route,
  perLine: readonly InventoryOperation[] | undefined,
): { line: string; productIn: 'route' | 'body' } | undefined {
  const inRoute = lineFieldIn(operation, route);
  if (inRoute !== undefined) return { line: inRoute, productIn: 'route' };
  const line = WRITE_FIELDS_IN_ROUTE[operation]?.line;
  return line !== undefined && perLine?.includes(operation) ? { line, productIn: 'body' } : undefined;
}

/** The parameters of an operation's route before the ids venue fills, and those of its query: its variables. */
export const pathVariablesOf = (operation: InventoryOperation, route: Route): string[] => {
  const queryIds = new Set(queryIdsOf(operation, route));
  const fromWrite = new Set(writeFieldsIn(operation, route));
  const params = route.params.filter((p) => !fromWrite.has(p));
  return [
    ...params.slice(0, Math.max(0, params.length - pathIdCount(operation, route))),
    ...route.query.filter((q) => !queryIds.has(q) && !fromWrite.has(q.variable)).map((q) => q.variable),
    ...route.headers.map((h) => h.variable),
  ];
};

/** The {name}s of a text. */
export const templateNames = (text: string): string[] => [...text.matchAll(/\{([^{}/]+)\}/g)].map((m) => m[1]!);

/**
 * How inventory calls are authenticated: every scheme a vendor's document may
 * declare, as a profile stores it in inventory.auth.
 *
 *   bearer                        the login route's token, as "Authorization: Bearer <token>" (venue's default)
 *   header:X-Api-Token            the login route's token, bare in a named header
 *   api-key in=header name=X-Auth-Token
 *   api-key in=header name=Authorization prefix="Token "
 *                                 a static key (secret inventory.apiKey) in a header or query
 *                                 parameter, after its exact prefix ("Token ", "Bearer ", none)
 *   api-key in=header name=X-Api-Key second-header=X-Connection-Token
 *                                 the same, and a second credential the vendor asks for beside
 *                                 the key on every call (an application or account id, a
 *                                 connection token): the secret inventory.apiSecret, bare in
 *                                 that header
 *   oauth2 token-url=https://id.example/token scopes="read write"
 *                                 OAuth2 client credentials: inventory.apiKey is the client id,
 *                                 inventory.apiSecret the client secret; the token is cached
 *   basic                         HTTP basic: inventory.apiKey the user, inventory.apiSecret the password
 *
 * Values in key=value pairs are bare words or JSON strings (for spaces and quotes).
 */
export type AuthScheme =
  | { type: 'bearer' }
  | { type: 'header'; name: string }
  | {
      type: 'api-key';
      in: 'header' | 'query';
      name: string;
      prefix: string;
      /** The header inventory.apiSecret goes in, bare, beside the key on every call (second-header=). */
      secondHeader?: string;
    }
  | { type: 'oauth2'; tokenUrl: string; scopes: string[] }
  | { type: 'basic' };

const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;
/** A header's name as HTTP allows it (a token: no space, colon or quote), the one test of it for auth and import. */
export const isHeaderName = (name: string): boolean => HEADER_NAME.test(name);
const QUERY_NAME = /^[A-Za-z0-9._~-]+$/;
/**
 * Headers the HTTP layer writes itself, or that HTTP owns: a second credential in one of them would be overwritten
 * or would break the request, so none is a second header.
 */
const OWN_HEADERS = new Set([
  'accept',
  'connection',
  'content-length',
  'content-type',
  'host',
  'idempotency-key',
  'if-match',
  'transfer-encoding',
  'user-agent',
]);
const AUTH_FORMS =
  '"bearer", "header:<Header-Name>", "api-key in=header|query name=<name> [prefix=\"Token \"] [second-header=<Header-Name>]", ' +
  '"oauth2 token-url=<url> [scopes=\"a b\"]" or "basic"';

function authError(text: string, why: string): UsageError {
  return new UsageError(`inventory.auth: ${why} (got ${JSON.stringify(text)})`, {
    hint: `The forms are ${AUTH_FORMS}.`,
  });
}

/** "name=X-Auth-Token prefix=\"Token \"" → { name: "X-Auth-Token", prefix: "Token " }; each key once. */
function keyValues(text: string, rest: string): Map<string, string> {
  const pairs = new Map<string, string>();
  const pattern = /\s*([a-z][a-z-]*)=("(?:[^"\\]|\\.)*"|[^\s"]+)\s*/gy;
  let match: RegExpExecArray | null;
  let at = 0;
  while (at < rest.length && (match = pattern.exec(rest)) !== null) {
    const [, key, raw] = match;
    if (pairs.has(key!)) throw authError(text, `${key} is given twice`);
    let value = raw!;
    if (value.startsWith('"')) {
      try {
        value = JSON.parse(value) as string;
      } catch {
        throw authError(text, `the value of ${key} is not a valid quoted string`);
      }
    }
    pairs.set(key!, value);
    at = pattern.lastIndex;
  }
  if (rest.slice(at).trim())
    throw authError(text, `cannot read "${rest.slice(at).trim()}": write key=value, quoting values with spaces`);
  return pairs;
}

function onlyKeys(text: string, pairs: Map<string, string>, allowed: string[]): void {
  for (const key of pairs.keys())
    if (!allowed.includes(key))
      throw authError(text, `${key} is not a setting of this scheme (it takes ${allowed.join(', ')})`);
}

export function parseAuthScheme(text: string): AuthScheme {
  const value = text.trim();
  if (/^bearer$/i.test(value)) return { type: 'bearer' };
  if (/^basic$/i.test(value)) return { type: 'basic' };
  const header = /^header:(.*)$/i.exec(value);
  if (header) {
    if (!HEADER_NAME.test(header[1]!)) throw authError(text, `"${header[1]}" is not a header name`);
    return { type: 'header', name: header[1]! };
  }
  const typed = /^(api-key|oauth2)(?:\s+(.*))?$/i.exec(value);
  if (!typed) throw authError(text, 'not a scheme venue knows');
  const kind = typed[1]!.toLowerCase();
  const pairs = keyValues(text, typed[2] ?? '');
  if (kind === 'api-key') {
    onlyKeys(text, pairs, ['in', 'name', 'prefix', 'second-header']);
    const where = pairs.get('in');
    if (where !== 'header' && where !== 'query') throw authError(text, 'api-key needs in=header or in=query');
    const name = pairs.get('name');
    if (!name || !(where === 'header' ? HEADER_NAME : QUERY_NAME).test(name))
      throw authError(text, `api-key needs name=<the ${where === 'header' ? 'header' : 'query parameter'}'s name>`);
    const prefix = pairs.get('prefix') ?? '';
    if (/[\r\n]/.test(prefix)) throw authError(text, 'the prefix cannot hold a line break');
    const second = pairs.get('second-header');
    if (second === undefined) return { type: 'api-key', in: where, name, prefix };
    if (!HEADER_NAME.test(second)) throw authError(text, `second-header: "${second}" is not a header name`);
    // Where both are headers of one name, the second would take the key's place; a query parameter of that name
    // beside a header of it is as likely a mistake.
    if (second.toLowerCase() === name.toLowerCase())
      throw authError(text, `second-header cannot be ${name}, the key's own ${where === 'header' ? 'header' : 'name'}`);
    if (OWN_HEADERS.has(second.toLowerCase()))
      throw authError(text, `second-header cannot be ${second}: venue writes that header itself`);
    return { type: 'api-key', in: where, name, prefix, secondHeader: second };
  }
  onlyKeys(text, pairs, ['token-url', 'scopes']);
  const tokenUrl = pairs.get('token-url');
  if (!tokenUrl) throw authError(text, 'oauth2 needs token-url=<the token endpoint>');
  if (
    !/^https:\/\/\S+$/i.test(tokenUrl) &&
    !/^http:\/\/(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?(\/\S*)?$/i.test(tokenUrl) &&
    !/^\/\S*$/.test(tokenUrl)
  ) {
    throw authError(
      text,
      'the token-url must be https:// (http only to this machine), or a path on the inventory server such as /oauth/token',
    );
  }
  const scopes = (pairs.get('scopes') ?? '').split(/\s+/).filter(Boolean);
  return { type: 'oauth2', tokenUrl, scopes };
}

/** The stored text: parseAuthScheme(formatAuthScheme(x)) equals x. */
export function formatAuthScheme(scheme: AuthScheme): string {
  const quote = (value: string) => (/^[^\s"]+$/.test(value) ? value : JSON.stringify(value));
  switch (scheme.type) {
    case 'bearer':
      return 'bearer';
    case 'basic':
      return 'basic';
    case 'header':
      return `header:${scheme.name}`;
    case 'api-key':
      return `api-key in=${scheme.in} name=${scheme.name}${scheme.prefix ? ` prefix=${quote(scheme.prefix)}` : ''}${scheme.secondHeader ? ` second-header=${scheme.secondHeader}` : ''}`;
    case 'oauth2':
      return `oauth2 token-url=${quote(scheme.tokenUrl)}${scheme.scopes.length ? ` scopes=${quote(scheme.scopes.join(' '))}` : ''}`;
  }
}

/** In words, for messages: "a static key in the X-Auth-Token header". */
export function describeAuthScheme(scheme: AuthScheme): string {
  switch (scheme.type) {
    case 'bearer':
      return 'the login route\'s token as "Authorization: Bearer <token>"';
    case 'header':
      return `the login route's token in the ${scheme.name} header`;
    case 'api-key':
      return `a static key in the ${scheme.name} ${scheme.in === 'header' ? 'header' : 'query parameter'}${scheme.prefix ? ` after "${scheme.prefix}"` : ''}${scheme.secondHeader ? `, with a second credential bare in the ${scheme.secondHeader} header` : ''}`;
    case 'oauth2':
      return `OAuth2 client credentials from ${scheme.tokenUrl}${scheme.scopes.length ? ` (scopes ${scheme.scopes.join(' ')})` : ''}`;
    case 'basic':
      return 'HTTP basic authentication';
  }
}

/** A scheme that gets its token from venue's authenticate operation (the login route). */
export function usesLoginRoute(scheme: AuthScheme): scheme is { type: 'bearer' } | { type: 'header'; name: string } {
  return scheme.type === 'bearer' || scheme.type === 'header';
}

/** The secrets a scheme reads, and what each one is to it (for `config set-secret`). */
export function authSecrets(
  scheme: AuthScheme,
): Array<{ key: 'inventory.apiKey' | 'inventory.apiSecret'; role: string }> {
  switch (scheme.type) {
    case 'bearer':
    case 'header':
      return [
        { key: 'inventory.apiKey', role: 'the API key the login route takes' },
        { key: 'inventory.apiSecret', role: 'the API secret the login route takes' },
      ];
    case 'api-key':
      return [
        {
          key: 'inventory.apiKey',
          role: `the key sent in ${scheme.name}${scheme.prefix ? ` after "${scheme.prefix}"` : ''}`,
        },
        ...(scheme.secondHeader
          ? [
              {
                key: 'inventory.apiSecret' as const,
                role: `the second credential, sent bare in ${scheme.secondHeader} beside the key`,
              },
            ]
          : []),
      ];
    case 'oauth2':
      return [
        { key: 'inventory.apiKey', role: 'the OAuth2 client id' },
        { key: 'inventory.apiSecret', role: 'the OAuth2 client secret' },
      ];
    case 'basic':
      return [
        { key: 'inventory.apiKey', role: 'the user name' },
        { key: 'inventory.apiSecret', role: 'the password' },
      ];
  }
}

/** A scheme whose credential is the same on every call (no token to get, cache or renew). */
export function isStaticScheme(scheme: AuthScheme): scheme is Extract<AuthScheme, { type: 'api-key' | 'basic' }> {
  return scheme.type === 'api-key' || scheme.type === 'basic';
}

/** "/api/v2" kept without a trailing slash; "" for none. */
export function normaliseBasePath(text: string): string {
  const value = text.trim();
  if (value === '' || value === '/') return '';
  if (!value.startsWith('/') || /\s|\?|#/.test(value))
    throw new UsageError(`inventory.basePath must be a path such as "/api/v2" (got "${text}")`);
  return value.replace(/\/+$/, '');
}

/**
 * The vendor's own names for request body fields, per operation (stored by
 * `venue config import-openapi` in inventory.bodyNames as JSON: {"createProduct":
 * ["Name", "SellPrice", …]}): the property names of the document's request
 * schema, at every depth, that venue's camelCase would not write as they are;
 * and, as "venueName=vendorName", a field the vendor calls by another word
 * ("countedQuantity=quantity": a one-product stock route's count).
 */
export type BodyNames = Partial<Record<InventoryOperation, string[]>>;

/** A field name as a key: case, underscores and dashes aside ("sell_price", "SellPrice" and "sellPrice" are one). */
export const bodyNameKey = (name: string) => name.toLowerCase().replace(/[_\-\s]/g, '');

/** The names of a document's request schema that venue must write as the document does (PascalCase, snake_case…). */
export function vendorBodyNames(names: Iterable<string>): string[] {
  return [
    ...new Set(
      [...names].filter((name) => name !== name.charAt(0).toLowerCase() + name.slice(1) || /[_\-]/.test(name)),
    ),
  ].sort();
}

/** A setting stored as JSON by `venue config import-openapi`; text that is not JSON is exit 2 naming the setting and its form. */
function settingJson(text: string, key: string, example: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError(`${key} must be JSON such as ${example} (set by \`venue config import-openapi\`)`);
  }
}

export function parseBodyNames(text: string | undefined): BodyNames {
  if (!text) return {};
  const data = settingJson(text, 'inventory.bodyNames', '{"createProduct": ["Name", "SellPrice"]}');
  const out: BodyNames = {};
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new UsageError('inventory.bodyNames must be a JSON object of operation: [names]');
  for (const [operation, names] of Object.entries(data)) {
    if (!isInventoryOperation(operation))
      throw new UsageError(`inventory.bodyNames: ${operation} is not an inventory operation`);
    if (!Array.isArray(names) || names.some((n) => typeof n !== 'string' || !/^[^=]+(=[^=]+)?$/.test(n)))
      throw new UsageError(
        `inventory.bodyNames.${operation} must be a list of field names, each the vendor's spelling ("SellPrice") or venueName=vendorName ("countedQuantity=quantity")`,
      );
    out[operation] = names as string[];
  }
  return out;
}

/**
 * The vendor's words for answer fields, per operation (stored by `venue config
 * import-openapi` in inventory.answerNames as JSON: {"getProduct": {"sku_code":
 * "productCode"}}): only names the reading layer would not find by itself.
 */
export type AnswerNames = Partial<Record<InventoryOperation, Record<string, string>>>;

export function parseAnswerNames(text: string | undefined): AnswerNames {
  if (!text) return {};
  const data = settingJson(text, 'inventory.answerNames', '{"getProduct": {"sku_code": "productCode"}}');
  if (!isPlainRecord(data))
    throw new UsageError('inventory.answerNames must be a JSON object of operation: {vendorName: venueName}');
  const out: AnswerNames = {};
  for (const [operation, names] of Object.entries(data)) {
    if (!isInventoryOperation(operation))
      throw new UsageError(`inventory.answerNames: ${operation} is not an inventory operation`);
    if (
      !isPlainRecord(names) ||
      Object.entries(names).some(([k, v]) => k === '' || typeof v !== 'string' || v === '')
    ) {
      throw new UsageError(`inventory.answerNames.${operation} must be an object of vendorName: venueName`);
    }
    out[operation] = names as Record<string, string>;
  }
  return out;
}

/** The answer with each key the map names (any casing) written as venue's name, at every depth (items of lists too); other keys stay as they are. */
export function inVenueNames(answer: unknown, names: Readonly<Record<string, string>> | undefined): unknown {
  if (!names || !Object.keys(names).length) return answer;
  // Case and separators aside, as the reading layer reads (SKU_Code is sku_code).
  const byKey = new Map(Object.entries(names).map(([vendor, venue]) => [bodyNameKey(vendor), venue]));
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!isPlainRecord(value)) return value;
    const keys = Object.keys(value);
    const target = (key: string) => byKey.get(bodyNameKey(key));
    // A key is renamed only where nothing else in the record holds or would take that name: never one value over another.
    const safe = (key: string, venue: string) =>
      !keys.some((other) => other !== key && (bodyNameKey(other) === bodyNameKey(venue) || target(other) === venue));
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => {
        const venue = target(key);
        return [venue !== undefined && safe(key, venue) ? venue : key, walk(inner)];
      }),
    );
  };
  return walk(answer);
}

const isPlainRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  [Object.prototype, null].includes(Object.getPrototypeOf(value));

/**
 * An inventory.bodyNames entry as venue's name and the vendor's: "SellPrice" is venue's sellPrice as the vendor spells
 * it; "countedQuantity=quantity" is venue's field in the vendor's word.
 */
export function bodyNamePair(entry: string): [venue: string, vendor: string] {
  const at = entry.indexOf('=');
  return at < 0 ? [entry, entry] : [entry.slice(0, at), entry.slice(at + 1)];
}

/** The body with each key the vendor names otherwise written in its name, at every depth; other keys stay venue's. */
export function inVendorNames(body: unknown, names: readonly string[] | undefined): unknown {
  if (!names?.length) return body;
  const byKey = new Map(
    names.map((name) => {
      const [venue, vendor] = bodyNamePair(name);
      return [bodyNameKey(venue), vendor];
    }),
  );
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!isPlainRecord(value)) return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [byKey.get(bodyNameKey(key)) ?? key, walk(inner)]),
    );
  };
  return walk(body);
}

/** A field a replacing update takes, and whether its request requires it on every call. */
export interface ReplacingField {
  name: string;
  required: boolean;
}

/**
 * A replacing update (inventory.updateReplaces): the fields updateProduct's route takes when it replaces the whole
 * record (a PUT, or a POST to the record's own path, that requires the record's other values on every call), in the
 * vendor's words, those it requires marked with a trailing *: "Name* SKU* SellPrice RevisionNumber*". venue then reads
 * the product first and sends it whole, these fields as read with its changes set on them (client.ts). Unset: the
 * route takes a partial update, venue's own.
 */
export function parseUpdateReplaces(text: string | undefined): ReplacingField[] | undefined {
  if (text === undefined || !text.trim()) return undefined;
  const fields = text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((word) => ({ name: word.replace(/\*$/, ''), required: word.endsWith('*') }));
  const bad = fields.find((field) => !/^[^\s{}=*]+$/.test(field.name));
  if (bad !== undefined)
    throw new UsageError(
      `inventory.updateReplaces must be the field names the replacing update takes, separated by spaces, those it requires ending in *, such as "Name* SKU* SellPrice" (got "${bad.name}")`,
    );
  const twice = fields.find(
    (field, at) => fields.findIndex((other) => bodyNameKey(other.name) === bodyNameKey(field.name)) !== at,
  );
  if (twice !== undefined) throw new UsageError(`inventory.updateReplaces: ${twice.name} is given twice`);
  return fields;
}

/** inventory.updateReplaces written: the field names separated by spaces, those required ending in *. */
export const formatUpdateReplaces = (fields: readonly ReplacingField[]): string =>
  fields.map((field) => `${field.name}${field.required ? '*' : ''}`).join(' ');

export type RouteOrigin = 'default' | 'profile' | 'environment';

/** An operation's route in a profile; undefined when the profile leaves it unmapped ("none"). */
interface RouteEntry {
  route?: Route;
  origin: RouteOrigin;
}

/** A profile's whole route map, resolved: every operation has a route (or is unmapped) and says where it came from. */
export class InventoryRouteMap {
  /**
   * The scheme calls are sent with: for OAuth2, inventory.oauth.scopes when set, else the scheme's own, each
   * naming a path variable ({projectKey}) filled with its value.
   */
  readonly auth: AuthScheme;

  constructor(
    private readonly routes: Record<InventoryOperation, RouteEntry>,
    readonly basePath: string,
    /** inventory.auth as stored. */
    readonly storedAuth: AuthScheme,
    readonly bodyNames: BodyNames = {},
    readonly answerNames: AnswerNames = {},
    readonly pathVars: PathVars = {},
    /** inventory.oauth.scopes: the scopes a person set, in place of those stored with the scheme. */
    readonly oauthScopes?: string[],
    /** inventory.updateReplaces: the fields a replacing updateProduct takes; undefined for a partial update. */
    readonly updateReplaces?: ReplacingField[],
    /** inventory.perLine: the stock writes sent one call per line with the product in the body; undefined for none. */
    readonly perLine?: InventoryOperation[],
    /** inventory.jsonPatch: the record updates sent as a JSON Patch; undefined for none. */
    readonly jsonPatch?: InventoryOperation[],
  ) {
    this.auth =
      storedAuth.type === 'oauth2'
        ? {
            ...storedAuth,
            scopes: (oauthScopes ?? storedAuth.scopes).map((scope) => fillPathVars(scope, pathVars)),
          }
        : storedAuth;
  }

  /** An answer to operation with the vendor's words for fields read as venue's names (inventory.answerNames). */
  venueAnswer(operation: InventoryOperation, answer: unknown): unknown {
    return inVenueNames(answer, this.answerNames[operation]);
  }

  /** A request body of operation as the vendor's document names its fields (inventory.bodyNames). */
  vendorBody(operation: InventoryOperation, body: unknown): unknown {
    return body === undefined ? undefined : inVendorNames(body, this.bodyNames[operation]);
  }

  /** Builds the map from a setting reader (the profile's values; undefined where unset). */
  static fromSettings(
    read: (key: string) => { value?: string; source?: RouteOrigin | 'flag' | 'extends' } | undefined,
  ): InventoryRouteMap {
    const routes = {} as Record<InventoryOperation, RouteEntry>;
    for (const operation of inventoryOperationNames) {
      const set = read(routeSettingKey(operation));
      const origin: RouteOrigin = set?.source === 'environment' ? 'environment' : 'profile';
      if (set?.value && isUnmappedRoute(set.value)) routes[operation] = { origin };
      else if (set?.value)
        routes[operation] = {
          route: checkRouteFor(operation, parseRoute(set.value, routeSettingKey(operation))),
          origin,
        };
      else routes[operation] = { route: parseRoute(inventoryOperations[operation].route), origin: 'default' };
    }
    const base = read('inventory.basePath')?.value;
    const auth = read('inventory.auth')?.value;
    let scheme: AuthScheme = auth ? parseAuthScheme(auth) : { type: 'bearer' };
    // The scopes a person set (inventory.oauth.scopes) take the place of those the import stored with the scheme.
    const scopes = read('inventory.oauth.scopes')?.value;
    if (scheme.type === 'oauth2' && scopes !== undefined)
      scheme = { ...scheme, scopes: scopes.split(/\s+/).filter(Boolean) };
    const updateReplaces = parseUpdateReplaces(read('inventory.updateReplaces')?.value);
    const jsonPatch = parseJsonPatch(read('inventory.jsonPatch')?.value);
    // One update cannot be both: sent whole as read, and as operations on the fields it changes.
    if (updateReplaces && jsonPatch?.includes('updateProduct'))
      throw new UsageError(
        'inventory.updateReplaces and inventory.jsonPatch are both set: updateProduct cannot both replace the whole record and take a JSON Patch',
        {
          hint: `Nothing was sent. Unset the one the vendor's update is not: ${venueHint(['config', 'unset', 'inventory.updateReplaces'])} or ${venueHint(['config', 'unset', 'inventory.jsonPatch'])}.`,
        },
      );
    return new InventoryRouteMap(
      routes,
      base ? normaliseBasePath(base) : '',
      scheme,
      parseBodyNames(read('inventory.bodyNames')?.value),
      parseAnswerNames(read('inventory.answerNames')?.value),
      parsePathVars(read('inventory.pathVars')?.value),
      scopes === undefined ? undefined : scopes.split(/\s+/).filter(Boolean),
      updateReplaces,
      parsePerLine(read('inventory.perLine')?.value),
      jsonPatch,
    );
  }

  /**
   * The per-venue values that stand in a route's path or an OAuth2 scope, each checked as one path segment (a value
   * sent only in a query or a header may hold spaces): where inventory.pathVars is set, so a tenant "a/b" is refused
   * then, not at the first call.
   */
  checkSegmentValues(): void {
    const scopes = this.storedAuth.type === 'oauth2' ? (this.oauthScopes ?? this.storedAuth.scopes) : [];
    for (const [name, value] of Object.entries(this.pathVars)) {
      const inPath = inventoryOperationNames.some((operation) => this.routes[operation].route?.params.includes(name));
      if (inPath || scopes.some((scope) => templateNames(scope).includes(name))) checkPathVarValue(name, value);
    }
  }

  static defaults(): InventoryRouteMap {
    return InventoryRouteMap.fromSettings(() => undefined);
  }

  /** The operation's route; an unmapped one is a usage error naming it and how to map it. */
  route(operation: InventoryOperation): Route {
    const { route } = this.routes[operation];
    if (!route) throw unmappedError(operation);
    return route;
  }

  /** False for an operation the profile leaves unmapped ("none"). */
  isMapped(operation: InventoryOperation): boolean {
    return this.routes[operation].route !== undefined;
  }

  /** How a stock write's lines are sent (perLineFormOf): one call per line, the product in its route or its body. */
  perLineForm(operation: InventoryOperation): { line: string; productIn: 'route' | 'body' } | undefined {
    return perLineFormOf(operation, this.route(operation), this.perLine);
  }

  origin(operation: InventoryOperation): RouteOrigin {
    return this.routes[operation].origin;
  }

  /**
   * The method and path to call: the base path, then the route with its
   * parameters filled: the write's fields it names ({productId},
   * {warehouseId} of a stock write: writeFieldsIn) from `fields`, the ids
   * given its last other parameters in order (kept as given, encoded), and
   * any before them are path variables of the profile (inventory.pathVars).
   * A path variable without a value is a usage error naming it and the
   * setting; an id or field missing or empty is a bug of ours, never sent as
   * an empty segment.
   */
  resolve(
    operation: InventoryOperation,
    params: readonly string[] = [],
    fields: Readonly<Record<string, string>> = {},
  ): { method: HttpVerb; path: string; query?: Record<string, string>; headers?: Record<string, string> } {
    const route = this.route(operation);
    // The ids given are the operation's, in its default route's order; those its route carries in the query
    // (queryIdsOf) go there, the rest fill the path's last parameters.
    const names = idNamesOf(operation);
    const queryIds = queryIdsOf(operation, route);
    const inQuery = new Set(queryIds.map((q) => q.variable));
    const fromWrite = new Set(writeFieldsIn(operation, route));
    const positional = route.params.filter((p) => !fromWrite.has(p));
    const pathIds = params.filter((_, at) => !inQuery.has(names[at]!));
    const emptyField = [...fromWrite].find((name) => !Object.hasOwn(fields, name) || String(fields[name]) === '');
    if (
      params.length - pathIds.length !== queryIds.length ||
      pathIds.length > positional.length ||
      params.some((p) => p === undefined || String(p) === '') ||
      emptyField !== undefined
    ) {
      throw new UsageError(
        `the ${operation} route "${formatRoute(route)}" needs ${positional.length + queryIds.length} id or path value(s)${fromWrite.size ? ` and ${[...fromWrite].map((n) => `{${n}}`).join(', ')} from the write` : ''}, got ${JSON.stringify(params)}${emptyField !== undefined ? ` without ${emptyField}` : ''}`,
      );
    }
    const variables = positional.slice(0, positional.length - pathIds.length);
    const perVenueQuery = route.query.filter((q) => !inQuery.has(q.variable) && !fromWrite.has(q.variable));
    const missing = [
      ...variables,
      ...perVenueQuery.map((q) => q.variable),
      ...route.headers.map((h) => h.variable),
    ].filter((name) => !Object.hasOwn(this.pathVars, name));
    if (missing.length) {
      throw new UsageError(
        `the ${operation} route "${formatRoute(route)}" needs ${missing.map((n) => `{${n}}`).join(', ')}, a value this venue's server is addressed by, and the profile has none`,
        {
          hint: `Set it: ${venueHint(['config', 'set', 'inventory.pathVars', formatPathVars({ ...this.pathVars, ...Object.fromEntries(missing.map((n) => [n, '<value>'])) })])} (or import the vendor's document again with ${missing.map((n) => `--server-var ${n}=<value>`).join(' ')}).`,
        },
      );
    }
    // A per-venue value that stands in the path is a segment (inventory.pathVars also holds query and header values).
    const values = [...variables.map((name) => checkPathVarValue(name, this.pathVars[name]!)), ...pathIds];
    let index = 0;
    // A parameter quoted in the path is a string literal there (an OData key, `items('{id}')`): a quote in its value is
    // written twice, as the literal's own escape, so the value cannot end it early.
    const path = route.path.replace(/\{([^{}/]+)\}/g, (whole, name: string, at: number, template: string) => {
      const value = fromWrite.has(name) ? String(fields[name]) : values[index++]!;
      const quoted = template[at - 1] === "'" && template[at + whole.length] === "'";
      return encodeURIComponent(quoted ? value.replace(/'/g, "''") : value);
    });
    // A query value is encoded by the HTTP layer's URL building, as the per-venue ones are.
    const query = Object.fromEntries(
      route.query.map((q) => [
        q.name,
        fromWrite.has(q.variable)
          ? String(fields[q.variable])
          : inQuery.has(q.variable)
            ? String(params[names.indexOf(q.variable)])
            : this.pathVars[q.variable]!,
      ]),
    );
    const headers = Object.fromEntries(route.headers.map((h) => [h.name, this.pathVars[h.variable]!]));
    return {
      method: route.method,
      path: `${this.basePath}${path}`,
      ...(route.query.length ? { query } : {}),
      ...(route.headers.length ? { headers } : {}),
    };
  }
}
