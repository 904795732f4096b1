// The operations of a loaded OpenAPI 3.x document, read into what the matcher
// weighs: method, path and its parameters, operationId, summary, description,
// tags, query parameters, and the fields of the request body and of the
// success response (names and where they sit: "items[].quantity").

import { UsageError } from '../errors.js';
import type { HttpVerb } from '../inventory/routes.js';
import { findRecords, flatten, listShapeOf, type ListShape } from './list-shape.js';
import { deref, isObject } from './pointer.js';
import { foldMarks } from './vocabulary.js';

export interface SchemaField {
  /** Where it sits: "items[].productId", "data[].name", "name". */
  path: string;
  /** The field's own name as written: "productId". */
  name: string;
  /** Under an array somewhere above it. */
  inArray: boolean;
  required: boolean;
  depth: number;
  /** The JSON Schema type the document gives it (string, integer, number, boolean, array, object), when it gives one. */
  type?: string;
  /** An object whose members the schema does not name (a map of any keys, an empty `properties`): values of the data's choosing. */
  open?: true;
  /** It can hold one value only (a const, an enum of one): the record's kind, the same on every call, no value of it. */
  fixed?: true;
}

export interface BodyShape {
  fields: SchemaField[];
  /** The body is an array, or holds one at its top (a list in an envelope). */
  list: boolean;
  /** The schema's name when it has one ("AdminCreateProduct", "StockItem"). */
  schemaNames: string[];
  /** Parts written as a $ref that could not be read (load.ts), by where they are ("items[]", "data"): unknown, not empty. */
  unread?: Array<{ at: string; ref: string }>;
  /** A response's list shape: where its records are (bare, an envelope, HAL, JSON:API, OData) and how it pages. */
  listShape?: ListShape;
  /**
   * The state a response's record is said to be in: its top status or state field's default, example or only
   * value, or the value the answer's example gives it ("NOT_STARTED", "draft").
   */
  status?: string;
  /**
   * A request body that is a JSON Patch (RFC 6902): its one media type says so (application/json-patch+json), or it is
   * a list of operations (items with an op and a path). Not records: changes to the one record its path names.
   */
  jsonPatch?: true;
}

export type SecurityRequirement = Record<string, unknown>;

export interface DocumentOperation {
  method: HttpVerb;
  /** As written in the document: "/Stock/Receive", "/products/{id}". */
  path: string;
  params: string[];
  operationId?: string;
  summary?: string;
  description?: string;
  tags: string[];
  query: string[];
  /**
   * Query parameters a value given with --server-var may fill, required or not (a storefront defaulted to one
   * market): every one but a credential the document's security sends, or one named as a credential.
   */
  givenQuery?: string[];
  /**
   * Query parameters it cannot be called without (required, no default), a credential the document's security or
   * words say it is aside: a filter venue does not send.
   */
  requiredQuery?: string[];
  request?: BodyShape;
  response?: BodyShape;
  /** The operation's own security, else the document's. */
  security: SecurityRequirement[];
  /** The document declares a request body for it (whatever its schema says). */
  declaresBody?: true;
  /**
   * The $ref its request or success response schema is written as, where that could not be read (a file or address
   * not reachable, a pointer to nothing, load.ts): that body is unknown, not absent.
   */
  unread?: { request?: string; response?: string };
  /** One of its security requirements is HTTP basic alone: it takes a user and a password in the Authorization header. */
  takesBasic?: boolean;
  deprecated: boolean;
  /** The document it came from (several can be imported together). */
  source: string;
  /** Path parameters the document lists the values of, filled in: {entity: "products"} of /objects/products. */
  filled?: Record<string, string>;
  /** What the document says of each path parameter: its description and an example or default value. */
  pathParameters: Record<string, PathParameterInfo>;
  /** The same of each query parameter: a per-venue query value's hint (path-vars.ts). */
  queryParameters?: Record<string, PathParameterInfo>;
  /** The header parameters it takes, as named ("X-API-TOKEN"). */
  headers: string[];
  /**
   * Header parameters it cannot be called without (required, no default), a header the document's security sends a
   * key in aside: a per-venue header value's candidates (path-vars.ts findHeaderVariables).
   */
  requiredHeaders?: string[];
  /** What the document says of each header parameter, and whether it has one documented value (a constant). */
  headerParameters?: Record<string, PathParameterInfo>;
  /**
   * The route's own servers (its path item's or its own), when none of them is the document's: it is called at
   * another base than the document's routes ("https://api.rebilly.com" for /status beside ".../organizations/{id}").
   */
  otherServer?: string;
}

export interface PathParameterInfo {
  description?: string;
  /** The document's example or default value, shown as a hint (never used as the value). */
  example?: string;
  /** It takes a list (type array): several values, a filter, never one per venue. */
  list?: true;
  /** The document lists the values it takes (an enum): one is a constant, several a choice per call. */
  values?: number;
}

const METHODS: Record<string, HttpVerb> = { get: 'GET', post: 'POST', put: 'PUT', patch: 'PATCH', delete: 'DELETE' };
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

/**
 * A path written with Express-style parameters (/products/:id, a stray brace after one: /orders/:order_number}) is
 * the same route as OpenAPI's template (/products/{id}): a segment that is a colon and a name is that parameter. It
 * is stored templated, as venue's client fills parameters.
 */
export function templatedPath(path: string): string {
  return path
    .split('/')
    .map((segment) => segment.replace(/^:([A-Za-z_][\w.-]*)\}?$/, '{$1}'))
    .join('/');
}

/**
 * A path template with a query string written into it (`/product?ID={ID}&Page={Page}`, each pair's parameter declared
 * `in: path`) is a path and a query: the route is the path before "?", and the names after it are query parameters,
 * each by the name written before its "=" (a pair written without one, `&Status{Status}`, by its own). `query` maps the
 * parameter named in braces to that name.
 */
export function splitPathTemplate(written: string): { path: string; query: Map<string, string> } {
  const at = written.indexOf('?');
  const query = new Map<string, string>();
  if (at < 0) return { path: written, query };
  for (const pair of written.slice(at + 1).split('&')) {
    const found = /^([^={}]*)=?\{([^{}]+)\}$/.exec(pair.trim());
    if (found) query.set(found[2]!, found[1]!.trim() || found[2]!);
    else if (/^[^={}]+(=[^{}]*)?$/.test(pair.trim())) {
      const name = pair.split('=')[0]!.trim();
      query.set(name, name);
    }
  }
  return { path: written.slice(0, at), query };
}

/**
 * A parameter a template writes after its "?" is a query parameter whatever its `in` says, and an optional filter: a
 * path parameter must be declared required, so that says nothing of whether a call needs it.
 */
function asWrittenInQuery(parameter: Record<string, unknown>, query: Map<string, string>): Record<string, unknown> {
  if (parameter.in !== 'path' || typeof parameter.name !== 'string' || !query.has(parameter.name)) return parameter;
  return { ...parameter, in: 'query', name: query.get(parameter.name), required: false };
}

export function pathParams(path: string): string[] {
  return [...path.matchAll(/\{([^{}/]+)\}/g)].map((m) => m[1]!);
}

/**
 * Every GET, POST, PUT, PATCH and DELETE of the document. `given` holds the --server-var values: a path parameter
 * whose values are listed and that is given one takes that one (expandEnumParams).
 */
export function documentOperations(
  document: Record<string, unknown>,
  source: string,
  given: Record<string, string> = {},
): DocumentOperation[] {
  const global = Array.isArray(document.security) ? (document.security as SecurityRequirement[]) : [];
  // A key the document's security sends in the query is a credential, not a filter.
  const queryCredentials = new Set<string>();
  const headerCredentials = new Set<string>();
  const components = isObject(document.components) ? document.components : {};
  const basicSchemes = new Set<string>();
  if (isObject(components.securitySchemes))
    for (const [name, raw] of Object.entries(components.securitySchemes)) {
      const scheme = deref(document, raw);
      if (isObject(scheme) && scheme.type === 'apiKey' && scheme.in === 'query' && typeof scheme.name === 'string')
        queryCredentials.add(scheme.name);
      if (isObject(scheme) && scheme.type === 'apiKey' && scheme.in === 'header' && typeof scheme.name === 'string')
        headerCredentials.add(scheme.name.toLowerCase());
      if (isObject(scheme) && scheme.type === 'http' && String(scheme.scheme).toLowerCase() === 'basic')
        basicSchemes.add(name);
    }
  const found: DocumentOperation[] = [];
  const documentServers = serverUrls(document.servers) ?? [];
  const paths = isObject(document.paths) ? document.paths : {};
  for (const [written, rawItem] of Object.entries(paths)) {
    const { path: pathWritten, query: queryWritten } = splitPathTemplate(written);
    const path = templatedPath(pathWritten);
    const item = deref(document, rawItem);
    if (!isObject(item) || !path.startsWith('/')) continue;
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const [key, written] of Object.entries(item)) {
      const method = METHODS[key.toLowerCase()];
      const raw = method ? deref(document, written) : undefined;
      if (!method || !isObject(raw)) continue;
      const parameters = [...shared, ...(Array.isArray(raw.parameters) ? raw.parameters : [])]
        .map((p) => deref(document, p))
        .filter(isObject)
        .map((p) => asWrittenInQuery(p, queryWritten));
      const pathParameters: Record<string, PathParameterInfo> = {};
      const queryParameters: Record<string, PathParameterInfo> = {};
      const headerParameters: Record<string, PathParameterInfo> = {};
      for (const parameter of parameters) {
        if (!['path', 'query', 'header'].includes(parameter.in as string) || typeof parameter.name !== 'string')
          continue;
        const schema = deref(document, parameter.schema);
        const example = [
          parameter.example,
          isObject(schema) ? schema.example : undefined,
          isObject(schema) ? schema.default : undefined,
        ].find((v) => typeof v === 'string' || typeof v === 'number');
        const list = parameter.type === 'array' || (isObject(schema) && schema.type === 'array');
        const listed = [parameter.enum, isObject(schema) ? schema.enum : undefined].find(Array.isArray);
        const constant = isObject(schema) && schema.const !== undefined;
        const values = constant ? 1 : listed?.length;
        const into =
          parameter.in === 'path' ? pathParameters : parameter.in === 'query' ? queryParameters : headerParameters;
        into[parameter.name] = {
          ...(text(parameter.description) ? { description: text(parameter.description)!.slice(0, 200) } : {}),
          ...(example !== undefined ? { example: String(example) } : {}),
          ...(list ? { list: true as const } : {}),
          ...(values !== undefined ? { values } : {}),
        };
      }
      const security = Array.isArray(raw.security) ? (raw.security as SecurityRequirement[]) : global;
      const ownServers = serverUrls(raw.servers) ?? serverUrls(item.servers);
      const otherServer =
        ownServers && !ownServers.some((url) => documentServers.includes(url)) ? ownServers[0] : undefined;
      const base = {
        method,
        takesBasic: security.some(
          (r) => isObject(r) && Object.keys(r).length === 1 && basicSchemes.has(Object.keys(r)[0]!),
        ),
        pathParameters,
        queryParameters,
        operationId: text(raw.operationId),
        summary: text(raw.summary),
        description: text(raw.description)?.slice(0, 600),
        tags: Array.isArray(raw.tags) ? raw.tags.filter((t): t is string => typeof t === 'string') : [],
        query: parameters.filter((p) => p.in === 'query' && typeof p.name === 'string').map((p) => p.name as string),
        givenQuery: parameters
          .filter((p) => p.in === 'query' && typeof p.name === 'string' && !queryCredentials.has(p.name as string))
          .filter((p) => !/^(api_?key|key|token|access_?token|auth|signature|sig)$/i.test(p.name as string))
          .map((p) => p.name as string),
        requiredQuery: parameters
          .filter((p) => p.in === 'query' && typeof p.name === 'string' && p.required === true)
          .filter((p) => {
            const schema = deref(document, p.schema);
            return !(isObject(schema) && schema.default !== undefined) && !queryCredentials.has(p.name as string);
          })
          .filter((p) => !/^(api_?key|key|token|access_?token|auth|signature|sig)$/i.test(p.name as string))
          .map((p) => p.name as string),
        headers: parameters.filter((p) => p.in === 'header' && typeof p.name === 'string').map((p) => p.name as string),
        requiredHeaders: parameters
          .filter((p) => p.in === 'header' && typeof p.name === 'string' && p.required === true)
          .filter((p) => {
            const schema = deref(document, p.schema);
            const hasDefault = p.default !== undefined || (isObject(schema) && schema.default !== undefined);
            return !hasDefault && !headerCredentials.has((p.name as string).toLowerCase());
          })
          .map((p) => p.name as string),
        headerParameters,
        security,
        deprecated: raw.deprecated === true,
        ...(raw.requestBody !== undefined ? { declaresBody: true as const } : {}),
        ...unreadBodies(document, raw),
        source,
        ...(otherServer !== undefined ? { otherServer } : {}),
      };
      for (const expanded of expandEnumParams(document, path, parameters, given)) {
        const prefer = expanded.filled ? Object.values(expanded.filled) : undefined;
        const operation = {
          ...base,
          path: expanded.path,
          params: pathParams(expanded.path),
          filled: expanded.filled,
        };
        // Read when first asked for: a large document's schemas are mostly of routes no operation of venue's weighs.
        let request: BodyShape | undefined | null = null;
        let response: BodyShape | undefined | null = null;
        Object.defineProperties(operation, {
          request: {
            enumerable: true,
            get: () => (request === null ? (request = requestShape(document, raw.requestBody, prefer)) : request),
          },
          response: {
            enumerable: true,
            get: () =>
              response === null ? (response = responseShape(document, raw.responses, prefer, base.query)) : response,
          },
        });
        found.push(operation as DocumentOperation);
      }
    }
  }
  return found;
}

/**
 * A path parameter whose schema lists its values (Grocy's /objects/{entity},
 * entity one of products, locations, quantity_units…) stands for one route
 * per value: /objects/products, /objects/locations. Each is read as a route
 * of its own, so that venue's operations can take the one that fits; the
 * template itself, with a parameter venue could not fill, is left out.
 * Where the user gives such a parameter a value (--server-var version=1 of
 * /v{version}/articles, versions 1 and 2-beta), the venue has that one: the
 * route stays templated, a path variable of that value (import.ts), and a
 * value the document does not list is a usage error naming those it does.
 */
function expandEnumParams(
  document: unknown,
  path: string,
  parameters: Array<Record<string, unknown>>,
  given: Record<string, string>,
): Array<{ path: string; filled?: Record<string, string> }> {
  let routes: Array<{ path: string; filled?: Record<string, string> }> = [{ path }];
  for (const name of pathParams(path)) {
    const parameter = parameters.find((p) => p.in === 'path' && p.name === name);
    const schema = parameter ? deref(document, parameter.schema) : undefined;
    const values =
      isObject(schema) && Array.isArray(schema.enum)
        ? schema.enum.filter((v): v is string => typeof v === 'string' && /^[A-Za-z0-9._~-]+$/.test(v))
        : [];
    if (!values.length || values.length > 100) continue;
    const value = Object.hasOwn(given, name) ? given[name]! : undefined;
    if (value !== undefined) {
      if (!values.includes(value))
        throw new UsageError(
          `--server-var ${name}=${value}: {${name}} of ${path} takes one of the values the document lists: ${values.join(', ')}`,
          { hint: `Give --server-var ${name}=<one of ${values.join(', ')}>. Nothing was stored.` },
        );
      continue;
    }
    routes = routes.flatMap((route) =>
      values.map((value) => ({
        path: route.path.replace(`{${name}}`, value),
        filled: { ...route.filled, [name]: value },
      })),
    );
    if (routes.length > 400) return [{ path }];
  }
  return routes;
}

/** The $ref a value is written as, followed through the document, where it leads nowhere. */
function unreadRef(document: unknown, value: unknown): string | undefined {
  let here = value;
  for (let steps = 0; steps < 20 && isObject(here) && typeof here.$ref === 'string'; steps++) {
    const next = deref(document, { $ref: here.$ref });
    if (next === undefined) return here.$ref;
    here = next;
  }
  return undefined;
}

/** Which of an operation's request and success response are written as a $ref that could not be read. */
function unreadBodies(document: unknown, raw: Record<string, unknown>): Pick<DocumentOperation, 'unread'> {
  const bodyRef = (holder: unknown) => {
    const direct = unreadRef(document, holder);
    if (direct !== undefined) return direct;
    const content = deref(document, holder);
    if (!isObject(content) || !isObject(content.content)) return undefined;
    const types = Object.keys(content.content);
    const best = types.find((t) => /json/i.test(t)) ?? types[0];
    if (best === undefined) return undefined;
    const media = deref(document, content.content[best]);
    if (!isObject(media)) return unreadRef(document, content.content[best]);
    // A list of records its document cannot show is as unknown as the record.
    const schema = deref(document, media.schema);
    return unreadRef(document, media.schema) ?? (isObject(schema) ? unreadRef(document, schema.items) : undefined);
  };
  const request = raw.requestBody !== undefined ? bodyRef(raw.requestBody) : undefined;
  const responses = deref(document, raw.responses);
  const code = isObject(responses)
    ? (['200', '201', '202'].find((c) => c in responses) ?? Object.keys(responses).find((c) => /^2(\d\d|XX)$/i.test(c)))
    : undefined;
  const response = code !== undefined ? bodyRef((responses as Record<string, unknown>)[code]) : undefined;
  if (request === undefined && response === undefined) return {};
  return { unread: { ...(request !== undefined ? { request } : {}), ...(response !== undefined ? { response } : {}) } };
}

/** The JSON content's schema, else any content's, and its example when it gives one. */
function contentSchema(document: unknown, content: unknown): { schema: unknown; example: unknown } {
  if (!isObject(content)) return { schema: undefined, example: undefined };
  const types = Object.keys(content);
  const best = types.find((t) => /^application\/json/i.test(t)) ?? types.find((t) => /json/i.test(t)) ?? types[0];
  const media = best ? deref(document, content[best]) : undefined;
  if (!isObject(media)) return { schema: undefined, example: undefined };
  let example = media.example;
  if (example === undefined && isObject(media.examples)) {
    const first = deref(document, Object.values(media.examples)[0]);
    if (isObject(first)) example = first.value;
  }
  return { schema: media.schema, example };
}

function requestShape(document: unknown, requestBody: unknown, prefer?: string[]): BodyShape | undefined {
  const body = deref(document, requestBody);
  if (!isObject(body)) return undefined;
  const { schema, example } = contentSchema(document, body.content);
  const shape = withExample(shapeOf(document, schema, prefer, 'request'), example, prefer);
  // Only where it is the one form offered: ASP.NET's documents list application/json-patch+json beside
  // application/json and text/json on every body, whatever the body is.
  const types = isObject(body.content) ? Object.keys(body.content) : [];
  const patchMedia = types.length > 0 && types.every((type) => /json-patch/i.test(type));
  const operationsList =
    shape?.list === true && ['op', 'path'].every((name) => shape.fields.some((f) => f.inArray && f.name === name));
  return shape && (patchMedia || operationsList) ? { ...shape, jsonPatch: true } : shape;
}

function responseShape(
  document: unknown,
  responses: unknown,
  prefer?: string[],
  query: string[] = [],
): BodyShape | undefined {
  if (!isObject(responses)) return undefined;
  const codes = Object.keys(responses);
  const code =
    ['200', '201', '202'].find((c) => codes.includes(c)) ??
    codes.find((c) => /^2(\d\d|XX)$/i.test(c)) ??
    (codes.includes('default') ? 'default' : undefined);
  if (!code) return undefined;
  const response = deref(document, responses[code]);
  if (!isObject(response)) return undefined;
  const { schema, example } = contentSchema(document, response.content);
  const shape = withExample(shapeOf(document, schema, prefer), example, prefer);
  const headers = isObject(response.headers) ? Object.keys(response.headers) : [];
  if (!shape) return shape;
  const status = statusOf(document, schema, example);
  return {
    ...shape,
    listShape: listShapeOf(document, chooseBranches(document, schema, prefer), headers, query),
    ...(status !== undefined ? { status } : {}),
  };
}

/** The state a record answered is said to be in: its status (or state) field's example, default or only value. */
function statusOf(document: unknown, schema: unknown, example: unknown): string | undefined {
  const isState = (key: string) => /^(status|state)$/i.test(key);
  if (isObject(example)) {
    const key = Object.keys(example).find(isState);
    if (key && typeof example[key] === 'string') return example[key] as string;
  }
  const resolved = deref(document, schema);
  if (!isObject(resolved)) return undefined;
  const parts = [resolved, ...(Array.isArray(resolved.allOf) ? resolved.allOf.map((p) => deref(document, p)) : [])];
  for (const part of parts) {
    if (!isObject(part) || !isObject(part.properties)) continue;
    const key = Object.keys(part.properties).find(isState);
    const field = key ? deref(document, part.properties[key]) : undefined;
    if (!isObject(field)) continue;
    for (const value of [
      field.example,
      field.default,
      Array.isArray(field.enum) && field.enum.length === 1 ? field.enum[0] : undefined,
    ])
      if (typeof value === 'string') return value;
  }
  return undefined;
}

/**
 * Some documents describe a record only by example (Spree's JSON:API
 * "attributes" is an object without properties; its example has the name,
 * the permalink…): the example's fields count as the schema's, for a route
 * that is not a template filled in (an example there shows one entity of many).
 */
function withExample(
  shape: BodyShape | undefined,
  example: unknown,
  prefer: string[] | undefined,
): BodyShape | undefined {
  if (example === undefined || example === null || typeof example !== 'object' || prefer?.length) return shape;
  const fields: SchemaField[] = shape ? [...shape.fields] : [];
  const known = new Set(fields.map((f) => f.path));
  const walk = (value: unknown, prefix: string, inArray: boolean, depth: number) => {
    if (depth > MAX_DEPTH || fields.length >= MAX_FIELDS) return;
    if (Array.isArray(value)) {
      if (value.length) walk(value[0], `${prefix}[]`, true, depth);
      return;
    }
    if (!isObject(value)) return;
    for (const [key, child] of Object.entries(value)) {
      const path = prefix ? `${prefix}.${key}` : key;
      if (!known.has(path)) {
        known.add(path);
        fields.push({ path, name: key, inArray, required: false, depth });
      }
      walk(child, path, inArray, depth + 1);
    }
  };
  walk(example, '', false, 0);
  return { fields, list: shape?.list ?? Array.isArray(example), schemaNames: shape?.schemaNames ?? [] };
}

const MAX_DEPTH = 2;
const MAX_FIELDS = 400;

function refName(value: unknown): string | undefined {
  if (!isObject(value) || typeof value.$ref !== 'string') return undefined;
  const last = value.$ref.split('/').pop();
  return last ? decodeURIComponent(last) : undefined;
}

const squash = (text: string) =>
  foldMarks(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '')
    .replace(/(ies)$/, 'y')
    .replace(/s$/, '');

/**
 * A route made from a template (/objects/{entity} with entity=products) often
 * answers a oneOf of every entity's schema: only the branch named after the
 * value (Product) speaks for it. When no branch is, the schema is no evidence.
 */
function chooseBranches(document: unknown, schema: unknown, prefer: string[] | undefined): unknown {
  if (!prefer?.length) return schema;
  const resolved = deref(document, schema);
  if (!isObject(resolved)) return schema;
  if (resolved.type === 'array' || resolved.items !== undefined) {
    const items = chooseBranches(document, resolved.items, prefer);
    return items === undefined ? undefined : { ...resolved, items };
  }
  const parts = Array.isArray(resolved.oneOf)
    ? resolved.oneOf
    : Array.isArray(resolved.anyOf)
      ? resolved.anyOf
      : undefined;
  if (!parts || parts.length < 2) return schema;
  const wanted = new Set(prefer.map(squash));
  const named = parts.filter((part) => {
    const name =
      refName(part) ??
      (isObject(deref(document, part)) ? (deref(document, part) as Record<string, unknown>).title : undefined);
    return typeof name === 'string' && wanted.has(squash(name));
  });
  return named.length ? { oneOf: named } : undefined;
}

/** The fields of a schema: properties, through $ref, allOf, oneOf, anyOf and array items, a few levels deep. */
export function shapeOf(
  document: unknown,
  rawSchema: unknown,
  prefer?: string[],
  direction: 'request' | 'response' = 'response',
): BodyShape | undefined {
  const schema = chooseBranches(document, rawSchema, prefer);
  // A $ref that could not be read (load.ts) is an unknown body, not an empty one.
  if (schema === undefined || deref(document, schema) === undefined) return undefined;
  const fields: SchemaField[] = [];
  const schemaNames = new Set<string>();
  const unread: Array<{ at: string; ref: string }> = [];

  // Breadth first: the fields near the top (a product's name and price) are read before any nested record's, however large.
  // The schemas above a node, to stop where one holds itself.
  interface Chain {
    node: unknown;
    up?: Chain;
  }
  const holds = (chain: Chain | undefined, node: unknown) => {
    for (let c = chain; c; c = c.up) if (c.node === node) return true;
    return false;
  };
  interface Pending {
    node: unknown;
    prefix: string;
    inArray: boolean;
    depth: number;
    seen?: Chain;
    /** Names the schema made of this part requires: a `required` beside allOf names fields its parts define. */
    inherited?: string[];
  }
  const queue: Pending[] = [{ node: schema, prefix: '', inArray: false, depth: 0 }];
  const visit = ({ node, prefix, inArray, depth, seen, inherited }: Pending) => {
    if (fields.length >= MAX_FIELDS || depth > MAX_DEPTH) return;
    const name = refName(node);
    if (name && depth <= 1) schemaNames.add(name);
    const resolved = deref(document, node);
    if (resolved === undefined && isObject(node) && typeof node.$ref === 'string') {
      const ref = unreadRef(document, node);
      if (ref !== undefined && unread.length < 20) unread.push({ at: prefix, ref });
    }
    if (!isObject(resolved) || holds(seen, resolved)) return;
    const nextSeen: Chain = { node: resolved, up: seen };
    if (typeof resolved['x-schemaName'] === 'string' && depth <= 1) schemaNames.add(resolved['x-schemaName']);
    const requires = [
      ...(inherited ?? []),
      ...(Array.isArray(resolved.required) ? resolved.required.filter((r): r is string => typeof r === 'string') : []),
    ];
    for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
      const parts = resolved[key];
      if (Array.isArray(parts))
        for (const part of parts) visit({ node: part, prefix, inArray, depth, seen: nextSeen, inherited: requires });
    }
    // A discriminator's mapping names the schemas the value may be (a destination's SQS, SNS… kinds): their fields too.
    const mapping = isObject(resolved.discriminator) ? resolved.discriminator.mapping : undefined;
    if (isObject(mapping))
      for (const target of Object.values(mapping))
        if (typeof target === 'string' && target.startsWith('#/'))
          visit({ node: { $ref: target }, prefix, inArray, depth, seen: nextSeen });
    if (resolved.type === 'array' || resolved.items !== undefined)
      visit({ node: resolved.items, prefix: `${prefix}[]`, inArray: true, depth, seen: nextSeen });
    if (isObject(resolved.properties)) {
      const required = new Set(requires);
      for (const [field, child] of Object.entries(resolved.properties)) {
        if (fields.length >= MAX_FIELDS) return;
        // A request never carries what the server alone writes, nor a response what the client alone sends.
        const own = deref(document, child);
        if (isObject(own) && own[direction === 'request' ? 'readOnly' : 'writeOnly'] === true) continue;
        const path = prefix ? `${prefix}.${field}` : field;
        const type = schemaType(document, own);
        const open = namesNoMembers(own);
        const fixed = isObject(own) && ('const' in own || (Array.isArray(own.enum) && own.enum.length === 1));
        fields.push({
          path,
          name: field,
          inArray,
          required: required.has(field),
          depth,
          ...(type ? { type } : {}),
          ...(open ? { open } : {}),
          ...(fixed ? { fixed } : {}),
        });
        queue.push({ node: child, prefix: path, inArray, depth: depth + 1, seen: nextSeen });
      }
    }
  };
  for (let i = 0; i < queue.length && fields.length < MAX_FIELDS; i++) visit(queue[i]!);
  return {
    fields,
    list: isList(document, schema),
    schemaNames: [...schemaNames],
    ...(unread.length ? { unread } : {}),
  };
}

/** The type a schema declares (the first not null of a list), or what its properties or items make it; undefined when it says nothing. */
function schemaType(document: unknown, schema: unknown, depth = 0): string | undefined {
  const resolved = deref(document, schema);
  if (!isObject(resolved) || depth > 4) return undefined;
  const declared = Array.isArray(resolved.type) ? resolved.type.find((t) => t !== 'null') : resolved.type;
  if (typeof declared === 'string') return declared;
  if (resolved.items !== undefined) return 'array';
  if (isObject(resolved.properties)) return 'object';
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    const parts = resolved[key];
    if (!Array.isArray(parts)) continue;
    const types = new Set(
      parts.map((part) => schemaType(document, part, depth + 1)).filter((t) => t !== undefined && t !== 'null'),
    );
    if (types.size === 1) return [...types][0];
  }
  return undefined;
}

/** An object schema that names none of its members: additionalProperties alone, or an empty properties. */
function namesNoMembers(schema: unknown): boolean {
  if (!isObject(schema) || typeof schema.$ref === 'string') return false;
  if (['allOf', 'oneOf', 'anyOf', 'items', 'discriminator'].some((key) => schema[key] !== undefined)) return false;
  if (isObject(schema.properties)) return Object.keys(schema.properties).length === 0;
  return (
    schema.type === 'object' || (schema.additionalProperties !== undefined && schema.additionalProperties !== false)
  );
}

/** An array, or an envelope of its records (list-shape.ts: items, data, HAL's _embedded, OData's value…). */
function isList(document: unknown, schema: unknown): boolean {
  return findRecords(document, schema) !== undefined;
}

/** The URLs of a `servers` list (OpenAPI 3), or undefined where there is none. */
function serverUrls(servers: unknown): string[] | undefined {
  if (!Array.isArray(servers) || servers.length === 0) return undefined;
  const urls = servers.filter(isObject).map((server) => (typeof server.url === 'string' ? server.url : ''));
  return urls.length ? urls : undefined;
}
