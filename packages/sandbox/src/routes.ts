// Route layouts: the sandbox can serve the inventory service on a vendor's
// paths and auth scheme instead of venue's (docs/sandbox-routes.md). A layout
// file names, per operationId of openapi/inventory.json, the method and
// path the vendor uses; requests on those paths are rewritten to the canonical
// route before fastify routes them, so the emulator, its validation and the
// contract tests only ever see venue's paths.

import fs from 'node:fs';
import { readOpenApiDocument, type OpenApiDocument } from './contract-files.js';
import { RouteLayoutError } from './route-layout-error.js';
import { flatFields, flatShapeOf, LINE_KEYED_OPERATIONS, PATH_FIELDS, type FlatRoute } from './line-keyed.js';
import { isObject } from './dialects/json.js';
import { REPLACEABLE_OPERATIONS } from './replacing.js';
import { JSON_PATCH_OPERATIONS } from './json-patch.js';

/**
 * How inventory (and webhook subscriber) calls are authenticated: the login
 * route's JWT as Bearer or in a named header, a static API key in a header or
 * query parameter after an exact prefix, OAuth2 client credentials (a token
 * route at tokenPath under the base path, its tokens sent as Bearer), or HTTP
 * basic (the API key as user, the secret as password). A static API key may
 * have a second credential beside it on every call: the API secret, bare in
 * secondHeader (an account id, a connection token naming the linked shop).
 */
export type AuthScheme =
  | { type: 'bearer' }
  | { type: 'header'; name: string }
  | { type: 'api-key'; in: 'header' | 'query'; name: string; prefix: string; secondHeader?: string }
  | {
      type: 'oauth2';
      tokenPath: string;
      /** As published: a scope may name a path variable ("view_products:{tenant}"). */
      scopes: string[];
      /** The scopes each operation's security names (by operationId); an operation not listed names them all. */
      operationScopes?: Record<string, string[]>;
      /** The scopes the token route grants: the published ones with the layout's path variables filled. */
      grantable?: string[];
    }
  | { type: 'basic' };

export const bearerScheme: AuthScheme = { type: 'bearer' };

const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** An operation as venue's contract serves it. */
export interface CanonicalOperation {
  operationId: string;
  method: HttpMethod;
  /** Path template under the service prefix: "/products/{productId}". */
  path: string;
  /** Path parameter names, in order. */
  params: string[];
}

/** Where an operation is served under a layout (relative to basePath). */
export interface LayoutRoute {
  operationId: string;
  method: HttpMethod;
  /** Path template relative to basePath: "/Products/{id}". */
  path: string;
  params: string[];
  canonical: CanonicalOperation;
  /** The layout's path variables in the path ({tenant}): served only with their value, not venue's parameters. */
  vars: string[];
  /**
   * The contract's path parameters the route takes in the query instead (an RPC-style vendor's
   * "GET /product?productId={productId}"): each required once, not empty; the rest are matched in the path by position.
   */
  queryParams?: Array<{ name: string; param: string }>;
  /**
   * A stock write keyed by a product in the path (line-keyed.ts): the path parameters that carry body fields
   * (productId, warehouseId), and the flat body the route takes instead of the canonical one.
   */
  flat?: FlatRoute;
  /** False for an operation the file does not list (it keeps venue's path). */
  listed: boolean;
  matcher: RegExp;
}

export interface RouteLayout {
  /** "" or "/api/v2": no trailing slash. */
  basePath: string;
  auth: AuthScheme;
  /** Every operation of the contract, in the document's order. */
  routes: LayoutRoute[];
  /** Per operationId: venue's field name → the vendor's word, in that operation's answers and their published schemas. */
  answerNames?: Record<string, Record<string, string>>;
  /** Per operationId of a line-keyed route: venue's field name → the vendor's word, in its flat body and path. */
  requestNames?: Record<string, Record<string, string>>;
  /**
   * Path variables: a parameter with one value per venue (a tenant key) that
   * the layout's routes may hold at any position; a request is served only
   * with that value there (another tenant's path is not served).
   */
  pathVars?: Record<string, string>;
  /**
   * Query variables: a query parameter with one value per venue (a business or
   * storefront key) that every operation requires; a request is served only
   * with that value (none, another or two are refused with a 400 naming it).
   */
  queryVars?: Record<string, string>;
  /**
   * Header variables: a header with one value per venue (a hotel or site id)
   * that every operation requires; a request is served only with that value
   * (none or another is refused with a 400 naming it).
   */
  headerVars?: Record<string, string>;
  /**
   * The operations served as replacing updates (replacing.ts): a PUT or POST on the record's own path that requires
   * every field of the record on every call, reads answering an ETag, a stale If-Match refused with 412.
   */
  replaces?: string[];
  /**
   * The stock writes served one product per call with the product in the body (a flat record, no lines): a route
   * with no {productId} whose flat body holds the line's fields beside the write's, as a line-keyed route's does.
   */
  perLine?: string[];
  /**
   * The record updates served as JSON Patch updates (json-patch.ts): the route takes only application/json-patch+json,
   * a list of operations on the record's fields; reads answer an ETag, a stale If-Match refused with 412.
   */
  jsonPatch?: string[];
}

/** A text with the layout's path variables filled in. */
export const fillPathVars = (text: string, vars: Record<string, string> | undefined): string =>
  vars
    ? text.replace(/\{([^{}]*)\}/g, (whole, name: string) => (Object.hasOwn(vars, name) ? vars[name]! : whole))
    : text;

export { RouteLayoutError };

const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
// RFC 9110 token characters, for the auth header name.
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** The operations of an OpenAPI document, in its order. */
export function canonicalOperations(document: OpenApiDocument): CanonicalOperation[] {
  const operations: CanonicalOperation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item ?? {})) {
      const upper = method.toUpperCase();
      if (!(HTTP_METHODS as readonly string[]).includes(upper)) continue;
      const operationId = (operation as { operationId?: unknown })?.operationId;
      if (typeof operationId !== 'string') continue;
      operations.push({ operationId, method: upper as HttpMethod, path, params: templateParams(path) ?? [] });
    }
  }
  return operations;
}

/** Parameter names of a path template, or undefined when its braces do not pair up. */
function templateParams(path: string): string[] | undefined {
  const params: string[] = [];
  const rest = path.replace(/\{([^{}]*)\}/g, (_all, name: string) => {
    params.push(name);
    return '';
  });
  return /[{}]/.test(rest) ? undefined : params;
}

/** The path's matcher: a group per parameter of venue's, each path variable its value as written. */
function matcherOf(path: string, vars: Record<string, string> = {}): RegExp {
  let pattern = '';
  let last = 0;
  for (const match of path.matchAll(/\{([^{}]*)\}/g)) {
    pattern += escapeRegExp(path.slice(last, match.index));
    pattern += Object.hasOwn(vars, match[1]!) ? escapeRegExp(vars[match[1]!]!) : '([^/]+)';
    last = match.index! + match[0].length;
  }
  return new RegExp(`^${pattern}${escapeRegExp(path.slice(last))}$`);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** "METHOD /path" checked against the operation it stands for; the error names the entry. */
function parseRoute(
  operation: CanonicalOperation,
  value: unknown,
  where: string,
  pathVars: Record<string, string> = {},
  requestNames: Record<string, string> = {},
  /** The layout serves it one product per call with the product in the body (perLine): a flat body, keyed by nothing. */
  perLine = false,
): {
  method: HttpMethod;
  path: string;
  params: string[];
  vars: string[];
  queryParams?: Array<{ name: string; param: string }>;
  flat?: FlatRoute;
} {
  const entry = `${where} operations.${operation.operationId}`;
  if (typeof value !== 'string')
    throw new RouteLayoutError(`${entry} must be a string "METHOD /path", not ${JSON.stringify(value)}`);
  const match = /^\s*([A-Za-z]+)\s+(\S+)\s*$/.exec(value);
  if (!match)
    throw new RouteLayoutError(
      `${entry} must be "METHOD /path" (e.g. "GET /Products/{id}"), not ${JSON.stringify(value)}`,
    );
  const method = match[1]!.toUpperCase();
  // After "?", the contract's path parameters the vendor takes in the query: "?productId={productId}".
  const [path, search] = match[2]!.includes('?')
    ? [match[2]!.slice(0, match[2]!.indexOf('?')), match[2]!.slice(match[2]!.indexOf('?') + 1)]
    : [match[2]!, undefined];
  const queryParams: Array<{ name: string; param: string }> = [];
  // A stock write may take the fields it is keyed by in the query too ("?sku={productId}"), named by venue's name.
  const shape = flatShapeOf(operation.operationId);
  const keyable = shape ? PATH_FIELDS.filter((field) => flatFields(shape).includes(field)) : [];
  const queryFields: Array<{ name: string; field: string }> = [];
  for (const pair of search === undefined ? [] : search.split('&')) {
    const found = /^([A-Za-z0-9._~-]+)=\{([A-Za-z_][A-Za-z0-9_.-]*)\}$/.exec(pair);
    const own = [...operation.params, ...keyable];
    if (!found || !own.includes(found[2]!))
      throw new RouteLayoutError(
        `${entry}: after "?" a route takes only name={parameter} pairs naming ${operation.operationId}'s own path parameters${keyable.length ? ' or the fields it may be keyed by' : ''} (${own.map((p) => `{${p}}`).join(', ') || 'it has none'}), not ${JSON.stringify(pair)}`,
      );
    if (
      queryParams.some((q) => q.name === found[1] || q.param === found[2]) ||
      queryFields.some((q) => q.name === found[1] || q.field === found[2])
    )
      throw new RouteLayoutError(`${entry}: ${JSON.stringify(pair)} repeats a query parameter`);
    if (keyable.includes(found[2]!)) queryFields.push({ name: found[1]!, field: found[2]! });
    else queryParams.push({ name: found[1]!, param: found[2]! });
  }
  if (!(HTTP_METHODS as readonly string[]).includes(method)) {
    throw new RouteLayoutError(`${entry}: method ${match[1]} is not one of ${HTTP_METHODS.join(', ')}`);
  }
  if (!path.startsWith('/')) throw new RouteLayoutError(`${entry}: the path ${path} must start with /`);
  if (/[?#%\\]/.test(path))
    throw new RouteLayoutError(
      `${entry}: the path ${path} must be a plain path (no query, fragment, escapes or backslash)`,
    );
  if (path.includes('//') || (path.length > 1 && path.endsWith('/'))) {
    throw new RouteLayoutError(`${entry}: the path ${path} has an empty segment or a trailing slash`);
  }
  const written = templateParams(path);
  if (!written) throw new RouteLayoutError(`${entry}: the path ${path} has unpaired braces`);
  let params = written;
  for (const name of params) {
    if (!PARAM_NAME.test(name)) throw new RouteLayoutError(`${entry}: {${name}} is not a valid parameter name`);
  }
  if (new Set(params).size !== params.length)
    throw new RouteLayoutError(`${entry}: the path ${path} repeats a parameter name`);
  if (/\}\{/.test(path))
    throw new RouteLayoutError(`${entry}: the path ${path} has two parameters with nothing between them`);
  const vars = params.filter((name) => Object.hasOwn(pathVars, name));
  params = params.filter((name) => !Object.hasOwn(pathVars, name));
  // A stock write's path may carry its productId and warehouseId, named by the field (in the layout's requestNames).
  const carried = keyable.map((field) => ({ field, name: requestNames[field] ?? field }));
  const pathFields = params.flatMap((name) => {
    const found = carried.find((c) => c.name === name);
    return found ? [{ name, field: found.field }] : [];
  });
  const twice = pathFields.find((p) => queryFields.some((q) => q.field === p.field));
  if (twice) throw new RouteLayoutError(`${entry}: {${twice.field}} is both in the path and in the query`);
  params = params.filter((name) => !pathFields.some((p) => p.name === name));
  if (perLine && [...pathFields, ...queryFields].some((p) => p.field === 'productId'))
    throw new RouteLayoutError(
      `${entry}: ${operation.operationId} is listed in perLine (the product in the body), but its route carries {productId}: a route keyed by the product in its path is one call per line already`,
    );
  if (params.length + queryParams.length !== operation.params.length) {
    if (shape && params.length > operation.params.length)
      throw new RouteLayoutError(
        `${entry}: ${operation.operationId} takes no path parameter but the fields it may key by (${carried.map((c) => `{${c.name}}`).join(', ')}), and ${path} has ${params.map((p) => `{${p}}`).join(', ')}`,
      );
    const wanted =
      operation.params.length === 0
        ? 'no path parameter'
        : `${operation.params.length} path parameter(s) (${operation.params.map((p) => `{${p}}`).join(', ')}, matched by position)`;
    throw new RouteLayoutError(`${entry}: ${operation.operationId} takes ${wanted}, but ${path} has ${params.length}`);
  }
  return {
    method: method as HttpMethod,
    path,
    params,
    vars,
    ...(queryParams.length ? { queryParams } : {}),
    ...(shape && (pathFields.length + queryFields.length || perLine)
      ? { flat: { operationId: operation.operationId, shape, pathFields, queryFields, names: { ...requestNames } } }
      : {}),
  };
}

const AUTH_FORMS =
  '{"type": "bearer"}, {"type": "header", "name": "<header>"}, {"type": "api-key", "in": "header"|"query", "name": "<name>", "prefix": "Token ", "secondHeader": "<header>"}, ' +
  '{"type": "oauth2", "tokenPath": "/oauth/token", "scopes": ["a"], "operationScopes": {"listProducts": ["a"]}} or {"type": "basic"}';

function parseAuth(value: unknown, where: string): AuthScheme {
  if (value === undefined) return bearerScheme;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new RouteLayoutError(`${where} auth must be one of ${AUTH_FORMS}`);
  }
  const fields = value as Record<string, unknown>;
  const allowed: Record<string, string[]> = {
    bearer: [],
    header: ['name'],
    'api-key': ['in', 'name', 'prefix', 'secondHeader'],
    oauth2: ['tokenPath', 'scopes', 'operationScopes'],
    basic: [],
  };
  const type = fields.type;
  if (typeof type !== 'string' || !Object.hasOwn(allowed, type)) {
    throw new RouteLayoutError(
      `${where} auth.type must be "bearer", "header", "api-key", "oauth2" or "basic", not ${JSON.stringify(type)}`,
    );
  }
  const extra = Object.keys(fields).filter((key) => key !== 'type' && !allowed[type]!.includes(key));
  if (extra.length)
    throw new RouteLayoutError(
      `${where} auth of type ${type} has unknown field(s): ${extra.join(', ')}${type === 'bearer' ? ' (the header is Authorization)' : ''}`,
    );
  const { name } = fields;
  if (type === 'bearer') return bearerScheme;
  if (type === 'basic') return { type: 'basic' };
  if (type === 'header') {
    if (typeof name !== 'string' || !HEADER_NAME.test(name)) {
      throw new RouteLayoutError(
        `${where} auth.name must be an HTTP header name such as "X-Api-Token", not ${JSON.stringify(name)}`,
      );
    }
    if (name.toLowerCase() === 'authorization') {
      throw new RouteLayoutError(`${where} auth.name cannot be Authorization: use {"type": "bearer"} for that`);
    }
    return { type: 'header', name };
  }
  if (type === 'api-key') {
    const where_ = fields.in;
    if (where_ !== 'header' && where_ !== 'query')
      throw new RouteLayoutError(`${where} auth.in must be "header" or "query", not ${JSON.stringify(where_)}`);
    const pattern = where_ === 'header' ? HEADER_NAME : /^[A-Za-z0-9._~-]+$/;
    if (typeof name !== 'string' || !pattern.test(name)) {
      throw new RouteLayoutError(
        `${where} auth.name must be the ${where_ === 'header' ? 'header' : 'query parameter'}'s name, not ${JSON.stringify(name)}`,
      );
    }
    const prefix = fields.prefix ?? '';
    if (typeof prefix !== 'string' || /[\r\n]/.test(prefix))
      throw new RouteLayoutError(`${where} auth.prefix must be a string on one line, not ${JSON.stringify(prefix)}`);
    const { secondHeader } = fields;
    if (secondHeader === undefined) return { type: 'api-key', in: where_, name, prefix };
    if (typeof secondHeader !== 'string' || !HEADER_NAME.test(secondHeader))
      throw new RouteLayoutError(
        `${where} auth.secondHeader must be an HTTP header name such as "X-Connection-Token", not ${JSON.stringify(secondHeader)}`,
      );
    if (secondHeader.toLowerCase() === name.toLowerCase() || secondHeader.toLowerCase() === 'authorization')
      throw new RouteLayoutError(`${where} auth.secondHeader cannot be ${secondHeader}: the key or a token goes there`);
    return { type: 'api-key', in: where_, name, prefix, secondHeader };
  }
  const { tokenPath, scopes, operationScopes } = fields;
  if (typeof tokenPath !== 'string' || !/^(\/[A-Za-z0-9._~-]+)+$/.test(tokenPath)) {
    throw new RouteLayoutError(
      `${where} auth.tokenPath must be a path such as "/oauth/token" (under basePath), not ${JSON.stringify(tokenPath)}`,
    );
  }
  if (
    scopes !== undefined &&
    (!Array.isArray(scopes) ||
      scopes.some((scope) => typeof scope !== 'string' || !/^[\x21\x23-\x5b\x5d-\x7e]+$/.test(scope)))
  ) {
    throw new RouteLayoutError(`${where} auth.scopes must be a list of scope names, not ${JSON.stringify(scopes)}`);
  }
  const declared = (scopes as string[] | undefined) ?? [];
  if (operationScopes === undefined) return { type: 'oauth2', tokenPath, scopes: declared };
  if (typeof operationScopes !== 'object' || operationScopes === null || Array.isArray(operationScopes))
    throw new RouteLayoutError(`${where} auth.operationScopes must be an object of "<operationId>": ["<scope>", …]`);
  for (const [id, list] of Object.entries(operationScopes)) {
    if (!Array.isArray(list) || list.some((scope) => typeof scope !== 'string' || !declared.includes(scope)))
      throw new RouteLayoutError(`${where} auth.operationScopes.${id} must be a list of scopes of auth.scopes`);
  }
  return {
    type: 'oauth2',
    tokenPath,
    scopes: declared,
    operationScopes: operationScopes as Record<string, string[]>,
  };
}

/** A value that stands in one path segment (or a query's value): letters, digits and . _ ~ -. */
const SEGMENT_VALUE = { rule: /^[A-Za-z0-9._~-]+$/, words: 'letters, digits and . _ ~ - (one path segment)' };
/** A header's value (RFC 9110 field-value): visible characters, with spaces or tabs only between them. */
const HEADER_VALUE = {
  rule: /^[\x21-\x7e](?:[\x20-\x7e\t]*[\x21-\x7e])?$/,
  words: 'visible characters, spaces only between them (a header field value)',
};

/** pathVars, queryVars or headerVars: {"<name>": "<value>"}, each value as its place takes it. */
function parsePathVars(
  value: unknown,
  where: string,
  field = 'pathVars',
  nameRule = PARAM_NAME,
  valueRule = SEGMENT_VALUE,
): Record<string, string> | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new RouteLayoutError(`${where} ${field} must be an object of "<name>": "<value>"`);
  for (const [name, text] of Object.entries(value)) {
    if (!nameRule.test(name) || typeof text !== 'string' || !valueRule.rule.test(text))
      throw new RouteLayoutError(
        `${where} ${field}.${name} must be a value of ${valueRule.words}, not ${JSON.stringify(text)}`,
      );
  }
  return value as Record<string, string>;
}

function parseBasePath(value: unknown, where: string): string {
  if (value === undefined || value === '' || value === '/') return '';
  if (typeof value !== 'string' || !/^(\/[A-Za-z0-9._~!$&'()*+,;=:@-]+)+\/?$/.test(value)) {
    throw new RouteLayoutError(
      `${where} basePath must be "" or a path such as "/api/v2" (no parameters), not ${JSON.stringify(value)}`,
    );
  }
  return value.replace(/\/$/, '');
}

/**
 * Checks a layout (the parsed JSON of a routes file) against the contract's
 * operations. Unknown operationIds, malformed routes and two operations on
 * the same method and path are errors naming the entry.
 */
export function parseRouteLayout(
  value: unknown,
  operations: CanonicalOperation[],
  where = 'the routes file',
): RouteLayout {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new RouteLayoutError(`${where} must hold a JSON object with basePath, auth and operations`);
  }
  const {
    basePath,
    auth,
    operations: listed,
    answerNames,
    requestNames: inRequests,
    pathVars: vars,
    queryVars: inQuery,
    headerVars: inHeaders,
    replaces,
    perLine: inPerLine,
    jsonPatch,
    ...rest
  } = value as Record<string, unknown>;
  const extra = Object.keys(rest).filter((key) => key !== '$schema' && key !== 'description');
  if (extra.length)
    throw new RouteLayoutError(
      `${where} has unknown field(s): ${extra.join(', ')} (expected basePath, auth, operations, answerNames, requestNames, pathVars, queryVars, headerVars, replaces, perLine, jsonPatch)`,
    );
  const pathVars = parsePathVars(vars, where);
  const queryVars = parsePathVars(inQuery, where, 'queryVars');
  // A header's name is an HTTP token (RFC 9110): "x-hotelid", "Bar-Assistant-Bar-Id".
  const headerVars = parsePathVars(inHeaders, where, 'headerVars', /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, HEADER_VALUE);
  for (const name of Object.keys(headerVars ?? {}))
    if (/^(authorization|accept|content-type|host|cookie)$/i.test(name))
      throw new RouteLayoutError(`${where} headerVars.${name}: a header HTTP or the layout's auth already sends`);

  if (listed !== undefined && (typeof listed !== 'object' || listed === null || Array.isArray(listed))) {
    throw new RouteLayoutError(`${where} operations must be an object of "<operationId>": "METHOD /path"`);
  }
  const entries = (listed ?? {}) as Record<string, unknown>;
  const byId = new Map(operations.map((operation) => [operation.operationId, operation]));
  for (const id of Object.keys(entries)) {
    if (!byId.has(id)) {
      throw new RouteLayoutError(
        `${where} operations.${id}: no such operation (known: ${operations.map((o) => o.operationId).join(', ')})`,
      );
    }
  }

  const requestNames = inRequests === undefined ? undefined : parseRequestNames(inRequests, byId, where);
  const perLine = inPerLine === undefined ? undefined : parsePerLine(inPerLine, entries, where);
  const routes: LayoutRoute[] = operations.map((operation) => {
    const isListed = Object.prototype.hasOwnProperty.call(entries, operation.operationId);
    const route = isListed
      ? parseRoute(
          operation,
          entries[operation.operationId],
          where,
          pathVars,
          requestNames?.[operation.operationId],
          perLine?.includes(operation.operationId),
        )
      : { ...operation, vars: [] };
    return {
      operationId: operation.operationId,
      method: route.method,
      path: route.path,
      params: route.params,
      vars: route.vars,
      ...('queryParams' in route && route.queryParams ? { queryParams: route.queryParams } : {}),
      ...('flat' in route && route.flat ? { flat: route.flat } : {}),
      canonical: operation,
      listed: isListed,
      matcher: matcherOf(route.path, pathVars),
    };
  });

  // Two operations on one method and path shape could never both be reached.
  const seen = new Map<string, LayoutRoute>();
  for (const route of routes) {
    const shape = `${route.method} ${route.path.replace(/\{[^{}]*\}/g, '{}')}`;
    const other = seen.get(shape);
    if (other) {
      throw new RouteLayoutError(
        `${where} operations.${route.operationId}: ${route.method} ${route.path} is also where ${other.operationId} is served${other.listed ? '' : ' (its venue default, as the file does not list it)'}`,
      );
    }
    seen.set(shape, route);
  }
  const layout: RouteLayout = { basePath: parseBasePath(basePath, where), auth: parseAuth(auth, where), routes };
  if (answerNames !== undefined) layout.answerNames = parseAnswerNames(answerNames, byId, where);
  if (requestNames) {
    // The vendor's request words are those of a flat body: an operation served on venue's body keeps venue's names.
    for (const id of Object.keys(requestNames))
      if (!routes.some((route) => route.operationId === id && route.flat))
        throw new RouteLayoutError(
          `${where} requestNames.${id}: only a stock write whose route keys it by {productId} or {warehouseId} in its path or query, or one served one product per call (perLine), takes request names (a flat body)`,
        );
    layout.requestNames = requestNames;
  }
  if (replaces !== undefined) layout.replaces = parseReplaces(replaces, routes, where);
  if (jsonPatch !== undefined) layout.jsonPatch = parseJsonPatch(jsonPatch, routes, layout.replaces, where);
  if (perLine) layout.perLine = perLine;
  if (pathVars) layout.pathVars = pathVars;
  if (queryVars && Object.keys(queryVars).length) layout.queryVars = queryVars;
  if (headerVars && Object.keys(headerVars).length) layout.headerVars = headerVars;
  if (layout.auth.type === 'oauth2') {
    for (const id of Object.keys(layout.auth.operationScopes ?? {}))
      if (!byId.has(id)) throw new RouteLayoutError(`${where} auth.operationScopes.${id}: no such operation`);
    // The token route grants the scopes with the path variables filled: a scope asked for as written ({tenant}) is unknown.
    if (pathVars) layout.auth.grantable = layout.auth.scopes.map((scope) => fillPathVars(scope, pathVars));
  }
  if (layout.basePath === '' && routes.some((route) => route.method === 'GET' && route.path === PUBLISHED_PATH)) {
    throw new RouteLayoutError(
      `${where}: GET ${PUBLISHED_PATH} is where the sandbox publishes the OpenAPI document; pick another path or a basePath`,
    );
  }
  return layout;
}

/** A layout's perLine: stock writes (LINE_KEYED_OPERATIONS) the file lists, each served with the product in a flat body. */
function parsePerLine(value: unknown, listed: Record<string, unknown>, where: string): string[] {
  if (!Array.isArray(value) || value.some((id) => typeof id !== 'string'))
    throw new RouteLayoutError(
      `${where} perLine must be a list of operationIds, such as ["stockTake", "receiveStock"]`,
    );
  for (const id of value as string[]) {
    if (!LINE_KEYED_OPERATIONS.includes(id))
      throw new RouteLayoutError(
        `${where} perLine: ${id} cannot be served one product per call (only ${LINE_KEYED_OPERATIONS.join(', ')})`,
      );
    if (!Object.hasOwn(listed, id))
      throw new RouteLayoutError(`${where} perLine: ${id} must be listed in operations (its own route)`);
  }
  if (new Set(value).size !== value.length) throw new RouteLayoutError(`${where} perLine repeats an operation`);
  return value as string[];
}

/** A layout's replaces: operations it serves as replacing updates, each a PUT or POST the file lists. */
function parseReplaces(value: unknown, routes: LayoutRoute[], where: string): string[] {
  if (!Array.isArray(value) || value.some((id) => typeof id !== 'string'))
    throw new RouteLayoutError(`${where} replaces must be a list of operationIds, such as ["updateProduct"]`);
  for (const id of value as string[]) {
    if (!REPLACEABLE_OPERATIONS.includes(id))
      throw new RouteLayoutError(
        `${where} replaces: ${id} cannot be a replacing update (only ${REPLACEABLE_OPERATIONS.join(', ')})`,
      );
    const route = routes.find((r) => r.operationId === id)!;
    if (!route.listed || (route.method !== 'PUT' && route.method !== 'POST'))
      throw new RouteLayoutError(
        `${where} replaces: ${id} must be listed in operations as a PUT or a POST on the record's path (a replacing update), not ${route.listed ? route.method : 'left at its venue default'}`,
      );
  }
  return [...new Set(value as string[])];
}

/** A layout's jsonPatch: record updates it serves as JSON Patch updates, each listed, none also a replacing update. */
function parseJsonPatch(
  value: unknown,
  routes: LayoutRoute[],
  replaces: readonly string[] | undefined,
  where: string,
): string[] {
  if (!Array.isArray(value) || value.some((id) => typeof id !== 'string'))
    throw new RouteLayoutError(`${where} jsonPatch must be a list of operationIds, such as ["updateProduct"]`);
  for (const id of value as string[]) {
    if (!JSON_PATCH_OPERATIONS.includes(id))
      throw new RouteLayoutError(
        `${where} jsonPatch: ${id} cannot take a JSON Patch (only ${JSON_PATCH_OPERATIONS.join(', ')})`,
      );
    if (!routes.find((r) => r.operationId === id)!.listed)
      throw new RouteLayoutError(`${where} jsonPatch: ${id} must be listed in operations (its own route)`);
    if (replaces?.includes(id))
      throw new RouteLayoutError(
        `${where} jsonPatch: ${id} is also in replaces: an update either replaces the record or takes a JSON Patch`,
      );
  }
  return [...new Set(value as string[])];
}

const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * A layout's answerNames or requestNames, {"<operationId>": {"<contract field>": "<vendor word>"}}: the shape both
 * share checked here (an object per operation the contract has, each word a plain field name), what each asks more
 * of an operation's words (`check`) by its caller.
 */
function parseFieldWords(
  key: 'answerNames' | 'requestNames',
  value: unknown,
  byId: Map<string, CanonicalOperation>,
  where: string,
  check: (id: string, names: Record<string, string>) => void,
): Record<string, Record<string, string>> {
  if (!isObject(value))
    throw new RouteLayoutError(`${where} ${key} must be an object of "<operationId>": {"<field>": "<vendor's word>"}`);
  const out: Record<string, Record<string, string>> = {};
  for (const [id, names] of Object.entries(value)) {
    if (!byId.has(id)) throw new RouteLayoutError(`${where} ${key}.${id}: no such operation`);
    if (!isObject(names))
      throw new RouteLayoutError(`${where} ${key}.${id} must be an object of "<field>": "<vendor's word>"`);
    for (const [field, word] of Object.entries(names))
      if (!FIELD_NAME.test(field) || typeof word !== 'string' || !FIELD_NAME.test(word))
        throw new RouteLayoutError(
          `${where} ${key}.${id}.${field} must name a field by a word of letters, digits and underscores, not ${JSON.stringify(word)}`,
        );
    check(id, names as Record<string, string>);
    out[id] = names as Record<string, string>;
  }
  return out;
}

/** answerNames: words distinct within an operation. */
function parseAnswerNames(
  value: unknown,
  byId: Map<string, CanonicalOperation>,
  where: string,
): Record<string, Record<string, string>> {
  return parseFieldWords('answerNames', value, byId, where, (id, names) => {
    const words = new Set<string>();
    for (const word of Object.values(names)) {
      if (words.has(word)) throw new RouteLayoutError(`${where} answerNames.${id}: ${word} is given to two fields`);
      words.add(word);
    }
  });
}

/**
 * requestNames: for the line-keyed stock writes only; each field one of the flat body's, and the names of the flat
 * body (renamed or not) distinct.
 */
function parseRequestNames(
  value: unknown,
  byId: Map<string, CanonicalOperation>,
  where: string,
): Record<string, Record<string, string>> {
  return parseFieldWords('requestNames', value, byId, where, (id, names) => {
    const shape = flatShapeOf(id);
    if (!shape)
      throw new RouteLayoutError(
        `${where} requestNames.${id}: only the stock writes keyed by a product in the path (stockTake, receiveStock, adjustStock) take request names`,
      );
    const fields = flatFields(shape);
    for (const field of Object.keys(names))
      if (!fields.includes(field))
        throw new RouteLayoutError(
          `${where} requestNames.${id}.${field}: not a field of its flat body (${fields.join(', ')})`,
        );
    const words = fields.map((field) => names[field] ?? field);
    const twice = words.find((word, index) => words.indexOf(word) !== index);
    if (twice) throw new RouteLayoutError(`${where} requestNames.${id}: ${twice} names two fields of its flat body`);
  });
}

/** Reads and checks a routes file against openapi/inventory.json. */
export function loadRouteLayout(file: string): RouteLayout {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new RouteLayoutError(`the routes file ${file} could not be read: ${(error as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new RouteLayoutError(`the routes file ${file} is not valid JSON: ${(error as Error).message}`);
  }
  return parseRouteLayout(value, canonicalOperations(readOpenApiDocument('inventory')), `the routes file ${file}:`);
}

/** Where the published document lives under the service prefix. */
export const PUBLISHED_PATH = '/openapi.json';

/** What the rewrite makes of a request under the layout's service prefix. */
export type Rewrite =
  | { kind: 'untouched' }
  /** fields: the values of a line-keyed route's path and query fields, in the order of keyFields(route.flat). */
  | { kind: 'route'; method: string; url: string; route: LayoutRoute; fields?: string[] }
  | { kind: 'token'; url: string }
  | { kind: 'not-served' }
  /** A route's request without the layout's query or header variable as it must be: the vendor's 400, naming it. */
  | { kind: 'refused'; parameter: string; message: string };

/** Where an OAuth2 layout's token route is served after the rewrite (never reachable by this path from outside). */
export const OAUTH_TOKEN_ROUTE = '/inventory/_oauth2/token';

/**
 * The rewrite of one request: a request on a layout path becomes the
 * canonical one (path parameters carried over by position, the query kept);
 * any other request under the prefix is not served. Paths outside the prefix
 * and the published document are left alone.
 */
export function createLayoutRewriter(
  layout: RouteLayout,
  prefix = '/inventory',
): (method: string, url: string, headers?: Record<string, string | string[] | undefined>) => Rewrite {
  // Literal paths before templated ones, so "/Products/Search" wins over "/Products/{id}".
  const templated = (route: LayoutRoute) => route.params.length + (route.flat?.pathFields.length ?? 0);
  const ordered = [...layout.routes].sort((a, b) => templated(a) - templated(b) || b.path.length - a.path.length);
  const base = prefix + layout.basePath;
  return (method, url, headers = {}) => {
    const queryAt = url.indexOf('?');
    const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
    const query = queryAt === -1 ? '' : url.slice(queryAt);
    if (pathname !== prefix && !pathname.startsWith(`${prefix}/`)) return { kind: 'untouched' };
    if (pathname === prefix + PUBLISHED_PATH) return { kind: 'untouched' };
    if (!pathname.startsWith(`${base}/`)) return { kind: 'not-served' };
    const vendorPath = pathname.slice(base.length);
    if (layout.auth.type === 'oauth2' && vendorPath === layout.auth.tokenPath) {
      return method === 'POST' ? { kind: 'token', url: OAUTH_TOKEN_ROUTE + query } : { kind: 'not-served' };
    }
    // HEAD is answered by the GET route, as fastify does for its own routes.
    const asMethod = method === 'HEAD' ? 'GET' : method;
    for (const route of ordered) {
      if (route.method !== asMethod) continue;
      const match = route.matcher.exec(vendorPath);
      if (!match) continue;
      const taken = route.queryParams ? takeQueryParams(route.queryParams, query) : { values: {}, query };
      if ('refused' in taken) return taken.refused;
      // A stock write's fields in the query: each once, not empty, as in the path; the canonical route sees none.
      let flatQuery: string[] | undefined;
      if (route.flat) {
        const inQuery = route.flat.queryFields.map(({ name, field }) => ({ name, param: field }));
        const fields = takeQueryParams(inQuery, taken.query);
        if ('refused' in fields) return fields.refused;
        flatQuery = route.flat.queryFields.map(({ field }) => fields.values[field]!);
        taken.query = fields.query;
      }
      let index = 1;
      const canonicalPath = route.canonical.path.replace(/\{([^{}]*)\}/g, (_all, name: string) =>
        Object.hasOwn(taken.values, name) ? taken.values[name]! : match[index++]!,
      );
      const checked = layout.queryVars ? checkQueryVars(layout.queryVars, taken.query) : { query: taken.query };
      if ('refused' in checked) return checked.refused;
      if (layout.headerVars) {
        const refused = checkHeaderVars(layout.headerVars, headers);
        if (refused) return refused;
      }
      return {
        kind: 'route',
        method: method === 'HEAD' ? 'HEAD' : route.canonical.method,
        url: prefix + canonicalPath + checked.query,
        route,
        // A line-keyed operation has no path parameter of venue's: its path's groups are its fields, in order.
        ...(flatQuery ? { fields: [...route.flat!.pathFields.map((_field, at) => match[at + 1]!), ...flatQuery] } : {}),
      };
    }
    return { kind: 'not-served' };
  };
}

/**
 * A request's query against the layout's query variables: each exactly once, with its value; the query the
 * canonical route is served with is the rest (venue's contract takes no such parameter).
 */
function checkQueryVars(
  vars: Record<string, string>,
  query: string,
): { query: string } | { refused: Extract<Rewrite, { kind: 'refused' }> } {
  const params = new URLSearchParams(query);
  for (const [name, value] of Object.entries(vars)) {
    const given = params.getAll(name);
    if (given.length !== 1 || given[0] !== value) {
      const message = !given.length
        ? `the query parameter ${name} is required`
        : given.length > 1
          ? `the query parameter ${name} is given ${given.length} times`
          : `the query parameter ${name} does not name this server's ${name}`;
      return { refused: { kind: 'refused', parameter: name, message } };
    }
    params.delete(name);
  }
  const rest = params.toString();
  return { query: rest ? `?${rest}` : '' };
}

/**
 * The contract's path parameters a route takes in the query: each given once and not empty, as a path segment
 * would be; their values (encoded again for the canonical path) and the query without them.
 */
function takeQueryParams(
  wanted: Array<{ name: string; param: string }>,
  query: string,
): { values: Record<string, string>; query: string } | { refused: Extract<Rewrite, { kind: 'refused' }> } {
  const params = new URLSearchParams(query);
  const values: Record<string, string> = {};
  for (const { name, param } of wanted) {
    const given = params.getAll(name);
    if (given.length !== 1 || given[0] === '') {
      const message = !given.length
        ? `the query parameter ${name} is required`
        : given.length > 1
          ? `the query parameter ${name} is given ${given.length} times`
          : `the query parameter ${name} is empty`;
      return { refused: { kind: 'refused', parameter: name, message } };
    }
    values[param] = encodeURIComponent(given[0]!);
    params.delete(name);
  }
  const rest = params.toString();
  return { values, query: rest ? `?${rest}` : '' };
}

/** A request's headers against the layout's header variables: each present once, with its value. */
function checkHeaderVars(
  vars: Record<string, string>,
  headers: Record<string, string | string[] | undefined>,
): Extract<Rewrite, { kind: 'refused' }> | undefined {
  for (const [name, value] of Object.entries(vars)) {
    // node folds a header's name to lower case, and joins a repeated one with ", ".
    const given = headers[name.toLowerCase()];
    const text = Array.isArray(given) ? given.join(', ') : given;
    if (text !== value) {
      const message =
        text === undefined
          ? `the header ${name} is required`
          : `the header ${name} does not name this server's ${name}`;
      return { kind: 'refused', parameter: name, message };
    }
  }
  return undefined;
}
