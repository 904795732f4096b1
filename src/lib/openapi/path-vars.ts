// Path variables: path parameters that no operation of venue's fills but
// that have one value per venue: a tenant, project, account or store key, at
// any position in the path (/{projectKey}/products, /product/{tenant}/items).
// Routes that use them are kept; the import names each one and asks for its
// value (or takes --server-var), the profile stores it (inventory.pathVars)
// and the route map fills it on every request.
//
// Found by the document's shape, never by a vendor's name:
//   - a parameter standing in at least half the document's paths, before the
//     rest of each, where no route of the document is the path before it
//     (nothing lists what it picks), and whose name names no subject (an
//     itemId picks an item); or
//   - a parameter whose name names a service's scope (tenant, project,
//     store, account, organisation, seller, administration, site…) and that
//     scopes at least three different collections (an account's attachments
//     alone are a record's), or stands in three quarters of the paths; or
//   - a parameter so named that ends a GET whose answer is a list of records
//     (/locations/{site}), after a collection it does not name: it picks no
//     record, but the part of the service the list is of (/Accounts/{AccountID}
//     picks an account, however its answer is wrapped).
// Otherwise a parameter that ends a route is that route's record id.
//
// The query's twin (findQueryVariables): a query parameter required with one
// value per venue (WellnessLiving's k_business, Kaufland's storefront). Its
// value is stored with the path variables' (inventory.pathVars) and the route
// declares where it goes ("GET /products?storefront={storefront}"), so only
// the routes that require it send it. The header's twin (findHeaderVariables):
// a header required with one value per venue (OPERA's x-hotelid), stored the
// same way, the route saying where it goes ("GET /items x-hotelid:{x-hotelid}").

import { isPagingQuery } from './list-shape.js';
import type { DocumentOperation, PathParameterInfo } from './operations.js';
import { findTerms, foldMarks, identifierWords, serviceScopeWords, singular, wordsOf } from './vocabulary.js';

export interface PathVariable {
  name: string;
  /** The document's words for it. */
  description?: string;
  /** The document's example or default (a hint, never the value). */
  example?: string;
  /** How many of the documents' paths use it. */
  paths: number;
  /** Why it is taken for a variable, in words. */
  why: string;
  /** Where its value goes: a segment of the path (the default) or a query parameter of each route that requires it. */
  in?: 'path' | 'query' | 'header';
}

const isParam = (segment: string) => /^\{[^{}]+\}$/.test(segment);
const normalise = (path: string) => path.replace(/\/+$/, '').toLowerCase() || '/';

/** The path variables of one document's operations. */
export function findPathVariables(operations: DocumentOperation[]): PathVariable[] {
  const paths = [...new Set(operations.map((o) => o.path))];
  const routes = new Set(paths.map(normalise));
  interface Seen {
    paths: number;
    listed: boolean;
    collections: Set<string>;
    /** Every time it follows the name of a subject of venue's that its own name does not repeat (/product/{skuSellerId}). */
    picksRecord: boolean;
  }
  const seen = new Map<string, Seen>();
  for (const path of paths) {
    const segments = path.split('/').filter(Boolean);
    const counted = new Set<string>();
    segments.forEach((segment, i) => {
      if (!isParam(segment) || i === segments.length - 1) return;
      const name = segment.slice(1, -1);
      const entry = seen.get(name) ?? { paths: 0, listed: false, collections: new Set<string>(), picksRecord: true };
      const previous = i > 0 && !isParam(segments[i - 1]!) ? wordsOf(segments[i - 1]!) : [];
      if (!previous.length || !findTerms(previous).length || previous.some((w) => wordsOf(name).includes(w)))
        entry.picksRecord = false;
      if (!counted.has(name)) entry.paths++;
      counted.add(name);
      const before = segments.slice(0, i);
      if (before.length && routes.has(normalise(`/${before.join('/')}`))) entry.listed = true;
      const next = segments.slice(i + 1).find((s) => !s.startsWith('{'));
      if (next)
        entry.collections.add(
          singular(
            foldMarks(next)
              .toLowerCase()
              .replace(/[^\p{L}\p{N}]/gu, ''),
          ),
        );
      seen.set(name, entry);
    });
  }
  // A scope's name ending a GET whose answer is a list: the list's scope, not a record's id.
  const listScopes = new Map<string, string>();
  for (const operation of operations) {
    const last = operation.path.split('/').filter(Boolean).pop() ?? '';
    if (operation.method !== 'GET' || !isParam(last)) continue;
    const name = last.slice(1, -1);
    if (listScopes.has(name) || !wordsOf(name).some((w) => serviceScopeWords.has(w))) continue;
    // /Accounts/{AccountID} picks one of the accounts, however its answer is wrapped: only another subject's name scopes.
    const before =
      operation.path
        .split('/')
        .filter((s) => s && !isParam(s))
        .pop() ?? '';
    const own = wordsOf(name).filter((w) => !identifierWords.has(w));
    if (own.some((w) => wordsOf(before).includes(w))) continue;
    if (operation.response?.list) listScopes.set(name, `${operation.method} ${operation.path}`);
  }
  for (const name of listScopes.keys())
    if (!seen.has(name)) seen.set(name, { paths: 0, listed: false, collections: new Set(), picksRecord: false });
  const found: PathVariable[] = [];
  for (const [name, entry] of seen) {
    const words = wordsOf(name);
    const subject = words.filter((w) => !identifierWords.has(w));
    let why: string | undefined;
    // A parameter that names something besides its scope (the SKU of skuSellerId), after a subject of venue's that its
    // name does not repeat (/product/{skuSellerId}/stock), picks one of that subject's records, whoever's key it is: a
    // scope is named for the scope alone (/product/{tenant}/…) or follows its own name (/sellers/{sellerId}).
    const namesMore = subject.some((w) => !serviceScopeWords.has(w));
    const scoped = words.some((w) => serviceScopeWords.has(w)) && !(entry.picksRecord && namesMore);
    if (scoped && entry.collections.size >= 3)
      why = `its name says the scope of the service, and it scopes ${entry.collections.size} collections`;
    else if (scoped && entry.paths >= 2 && entry.paths * 4 >= paths.length * 3)
      why = `its name says the scope of the service, and it stands in ${entry.paths} of the ${paths.length} paths`;
    else if (listScopes.has(name))
      why = `its name says the scope of the service, and ${listScopes.get(name)} answers a list, not one record`;
    else if (entry.paths * 2 >= paths.length && !entry.listed && subject.length > 0 && !findTerms(subject).length)
      why = `it stands in ${entry.paths} of the ${paths.length} paths, and no route lists what it picks`;
    if (!why) continue;
    const info = operations.map((o) => o.pathParameters?.[name]).find((p) => p?.description || p?.example);
    found.push({
      name,
      ...(info?.description ? { description: info.description } : {}),
      ...(info?.example ? { example: info.example } : {}),
      paths: paths.filter((p) => p.includes(`{${name}}`)).length,
      why,
    });
  }
  return found;
}

/**
 * Whether a query parameter may take a value given on the command line (--server-var), required or not: never one
 * venue sends itself (paging, the seed's filters), never a credential (no secret from argv).
 */
export function isGivenQueryName(name: string): boolean {
  return !isPagingQuery(name) && !VENUE_QUERY.has(bareName(name)) && !CREDENTIAL.test(bareName(name));
}

/** Query parameters venue sends itself (the seed's filters and paging): never a per-venue value. */
const VENUE_QUERY = new Set(
  [
    'page',
    'pageSize',
    'limit',
    'offset',
    'categoryId',
    'productType',
    'saleType',
    'isActive',
    'warehouseId',
    'productIds',
    'locationId',
    'ids',
  ].map((name) => name.toLowerCase()),
);
const bareName = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Words of a query parameter whose value changes from call to call: a moment or a span of time. */
const MOMENT_WORDS = new Set([
  'date',
  'dt',
  'time',
  'timestamp',
  'from',
  'to',
  'since',
  'until',
  'start',
  'end',
  'day',
  'month',
  'year',
  'period',
  'created',
  'updated',
  'modified',
]);
/** A credential sent in the query (a key, a token, a signature): the auth module owns those, never this path. */
const CREDENTIAL = /apikey|accesskey|token|secret|password|passwd|signature|credential|^sig$|^auth$|^key$/;
/** In a query, the scope of a service is also the venue's place in it: its location, its storefront. */
const QUERY_SCOPE_WORDS = new Set([...serviceScopeWords, 'location', 'storefront']);

/**
 * The query variables of one document's operations: query parameters required (no default) with one value per
 * venue. Found by the document's shape:
 *   - required on at least half the document's operations (a business key every call takes); or
 *   - named for the scope of the service (tenant, store, business, location, storefront…) and required on at least
 *     two operations (the plan keeps only those the mapped routes require);
 * and never one venue sends itself (paging, the seed's filters: productIds, categoryId…), never a credential (a
 * key the document's security sends in the query is not even required here: operations.ts leaves it out), never
 * one whose value changes per call (a date or time, the id of a record: productId, uid), never a list (type array:
 * marketplaceIds takes several values, a filter).
 */
export function findQueryVariables(operations: DocumentOperation[]): PathVariable[] {
  const required = new Map<string, number>();
  for (const operation of operations)
    for (const name of new Set(operation.requiredQuery ?? [])) required.set(name, (required.get(name) ?? 0) + 1);
  const found: PathVariable[] = [];
  for (const [name, count] of required) {
    if (count < 2 || isPagingQuery(name) || VENUE_QUERY.has(bareName(name))) continue;
    const words = wordsOf(name).map((w) => w.toLowerCase());
    if (!words.length || words.some((w) => MOMENT_WORDS.has(w)) || CREDENTIAL.test(bareName(name))) continue;
    // A list (marketplaceIds, type array) takes several values: a filter, whatever its words say.
    if (operations.some((o) => o.requiredQuery?.includes(name) && o.queryParameters?.[name]?.list)) continue;
    const subject = words.filter((w) => !identifierWords.has(w));
    const scoped = words.some((w) => QUERY_SCOPE_WORDS.has(w));
    // The id of a record (productId, uid, id): a subject's identifier that names no scope picks one record per call.
    if (!scoped && (subject.length === 0 || (subject.length < words.length && findTerms(subject).length > 0))) continue;
    if (!scoped && words.length === 1 && /^u?id$/.test(words[0]!)) continue;
    const infos = operations.map((o) => o.queryParameters?.[name]).filter((p) => p !== undefined);
    const variable = requiredVariable('query', name, count, operations.length, scoped, infos);
    if (variable) found.push(variable);
  }
  return found;
}

/**
 * A parameter required in the query or a header, taken for a per-venue variable when most operations require it,
 * or when its name says the service's scope (the callers have ruled out what it cannot be); undefined otherwise.
 */
function requiredVariable(
  where: 'query' | 'header',
  name: string,
  count: number,
  operations: number,
  scoped: boolean,
  infos: Array<{ description?: string; example?: string }>,
): PathVariable | undefined {
  const what = where === 'query' ? `the query parameter ${name}` : `the header ${name}`;
  let why: string | undefined;
  if (count * 2 >= operations) why = `${what} is required on ${count} of the ${operations} operations`;
  else if (scoped) why = `its name says the scope of the service, and ${count} operations require ${what}`;
  if (!why) return undefined;
  const info = infos.find((p) => p.description || p.example);
  return {
    name,
    ...(info?.description ? { description: info.description } : {}),
    ...(info?.example ? { example: info.example } : {}),
    paths: count,
    why,
    in: where,
  };
}

/** Headers of the protocol (content negotiation, conditions, caching, tracing): never a per-venue value. */
const PROTOCOL_HEADER =
  /^(accept(-.*)?|content-.*|if-.*|idempotency-key|user-agent|host|cookie|date|origin|referer|prefer|cache-control|pragma|expect|range|connection|traceparent|tracestate|baggage|x-http-method-override|x-forwarded-.*|x-requested-with|forwarded|dnt)$/i;
/** Words of a header's name that say it is a credential: the auth module owns those, never this path. */
const CREDENTIAL_WORDS = new Set([
  'auth',
  'authorization',
  'authentication',
  'key',
  'apikey',
  'token',
  'secret',
  'password',
  'passwd',
  'signature',
  'sig',
  'credential',
  'credentials',
  'session',
  'cookie',
  'bearer',
  'jwt',
]);
/** Words of a header's name whose value changes per call (a request or trace id, a nonce), or is the API's own. */
const PER_CALL_WORDS = new Set([
  'request',
  'correlation',
  'trace',
  'span',
  'nonce',
  'idempotency',
  'version',
  'revision',
  'etag',
  'locale',
  'language',
  'lang',
]);

/** A header that carries a credential, by its name: never a per-venue value, nor a value given on the command line. */
export function isCredentialHeader(name: string): boolean {
  return headerWords(name).some((w) => CREDENTIAL_WORDS.has(w)) || CREDENTIAL.test(bareName(name));
}

/** A header named as a credential that most operations require (findCredentialHeaders). */
export interface CredentialHeader {
  name: string;
  /** How many of the operations require it, of how many. */
  operations: number;
  of: number;
  /** What the document says of it where it is first declared: a prefix its value takes may be written there. */
  description?: string;
  example?: string;
}

/**
 * The headers that carry a credential beside the one the document's security declares: header parameters required
 * (no default) on at least half the document's operations, as findHeaderVariables counts, named as a credential
 * (isCredentialHeader: a connection token, an account key), never a header of the protocol, and never one whose
 * values the document lists (an enum or a constant: the document's value, no secret of the venue's). A header the
 * security sends a key in is not among them (operations.ts leaves it out of the required ones). The importer sends
 * one as the static key's second header, or says that venue cannot send it (import.ts).
 */
export function findCredentialHeaders(operations: DocumentOperation[]): CredentialHeader[] {
  return requiredHeaders(operations)
    .filter(
      ({ name, count, infos }) =>
        count * 2 >= operations.length &&
        isCredentialHeader(name) &&
        !PROTOCOL_HEADER.test(name) &&
        !infos.some((p) => p.list || p.values !== undefined),
    )
    .map(({ name, count, infos }) => ({
      name,
      operations: count,
      of: operations.length,
      ...(infos[0]?.description !== undefined ? { description: infos[0].description } : {}),
      ...(infos[0]?.example !== undefined ? { example: infos[0].example } : {}),
    }));
}

/**
 * The header parameters the operations cannot be called without (requiredHeaders), one entry a header whatever the
 * case its name is written in (header names are case-insensitive: X-Hotel-Id on one route and x-hotel-id on another
 * are one header), named as first written, with how many operations require it and what each declaration says.
 */
function requiredHeaders(
  operations: DocumentOperation[],
): Array<{ name: string; count: number; infos: PathParameterInfo[] }> {
  const required = new Map<string, { name: string; count: number; infos: PathParameterInfo[] }>();
  for (const operation of operations) {
    const declared = new Map(
      Object.entries(operation.headerParameters ?? {}).map(([name, info]) => [name.toLowerCase(), info]),
    );
    for (const lower of new Set((operation.requiredHeaders ?? []).map((name) => name.toLowerCase()))) {
      const name = operation.requiredHeaders!.find((n) => n.toLowerCase() === lower)!;
      const entry = required.get(lower) ?? { name, count: 0, infos: [] };
      entry.count++;
      const info = declared.get(lower);
      if (info) entry.infos.push(info);
      required.set(lower, entry);
    }
  }
  return [...required.values()];
}

/** "x-" says only that a header is not standard; the vendor's own prefix ("Bar-Assistant-") says whose it is. */
const headerWords = (name: string) => wordsOf(name.replace(/^x-/i, '')).map((w) => w.toLowerCase());

/**
 * The header variables of one document's operations: header parameters required (no default) with one value per
 * venue (OPERA's x-hotelid, Bar Assistant's Bar-Assistant-Bar-Id, Mindbody's siteId). Found by the document's shape,
 * as the query's twin is:
 *   - required on at least half the document's operations; or
 *   - named for the scope of the service (tenant, store, business, site, location…) and required on at least two;
 * and never a credential (a header the document's security sends a key in is not even required here: operations.ts
 * leaves it out; nor Authorization, nor a name with a credential's word: auth, key, token, secret, signature…),
 * never a header of the protocol (Accept, Content-Type, If-Match, Idempotency-Key, Prefer…), never one whose value
 * changes per call (a request, correlation or trace id, a date or time, the id of a record), never the API's version
 * or revision (with one documented value it is a constant, and a constant is the document's, not the venue's; with
 * several it is a choice), never one whose documented values are listed (an enum: a constant or a choice).
 */
export function findHeaderVariables(operations: DocumentOperation[]): PathVariable[] {
  const found: PathVariable[] = [];
  for (const { name, count, infos } of requiredHeaders(operations)) {
    if (count < 2 || PROTOCOL_HEADER.test(name) || isCredentialHeader(name)) continue;
    const words = headerWords(name);
    if (!words.length || words.some((w) => PER_CALL_WORDS.has(w) || MOMENT_WORDS.has(w))) continue;
    if (infos.some((p) => p.list || p.values !== undefined)) continue;
    const subject = words.filter((w) => !identifierWords.has(w));
    const scoped = words.some((w) => QUERY_SCOPE_WORDS.has(w));
    // The id of a record (x-product-id): a subject's identifier that names no scope picks one record per call.
    if (!scoped && subject.length < words.length && findTerms(subject).length > 0) continue;
    const variable = requiredVariable('header', name, count, operations.length, scoped, infos);
    if (variable) found.push(variable);
  }
  return found;
}
