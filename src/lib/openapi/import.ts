// One import, from documents to a plan the command reviews and stores:
// load each document (load.ts), read its server (servers.ts), operations
// (operations.ts, route-reading.ts) and path variables (path-vars.ts), merge
// several documents into one set of routes under one base path, match
// venue's 21 operations (match.ts), apply the user's --map choices (checked
// against the documents' routes), and find the auth scheme (auth.ts). Nothing
// here prompts or prints; the command does.

import { UsageError } from '../errors.js';
import {
  describeAuthScheme,
  formatAuthScheme,
  idNamesOf,
  inventoryOperationNames,
  isHeaderName,
  isInventoryOperation,
  JSON_PATCH_OPERATIONS,
  parseRoute,
  templateNames,
  vendorBodyNames,
  type AuthScheme,
  type HttpVerb,
  type InventoryOperation,
  type ReplacingField,
} from '../inventory/routes.js';
import { didYouMeanAmong, suggestions } from '../suggest.js';
import { matchAnswer, type AnswerMatching } from './answers.js';
import {
  authOf,
  keyFromCredentialHeaders,
  keyFromDescription,
  oauthPaths,
  UNDESCRIBED_SCHEME,
  type AuthFinding,
} from './auth.js';
import { loadDocument, type LoadOptions, type LoadedDocument } from './load.js';
import { jobOfItsOwn, keyedFor, keyedStockRoute, matchOperations, profiles, score, type Candidate } from './match.js';
import { documentOperations, pathParams, type DocumentOperation } from './operations.js';
import type { ListShape } from './list-shape.js';
import {
  findCredentialHeaders,
  findHeaderVariables,
  findPathVariables,
  findQueryVariables,
  isCredentialHeader,
  isGivenQueryName,
  type CredentialHeader,
  type PathVariable,
} from './path-vars.js';
import {
  keyedSegmentsRead,
  readOperation,
  sectionDepth,
  sectionSegments,
  sharedPrefixLength,
  type Reading,
} from './route-reading.js';
import { identifierWords, wordsOf } from './vocabulary.js';
import {
  basePathUnder,
  commonBasePath,
  remainderAfter,
  serverOf,
  splitServerUrl,
  type ServerFinding,
  type ServerVariable,
} from './servers.js';
import { venueHint } from '../hint-command.js';

export interface MappedOperation {
  operation: InventoryOperation;
  matched: true;
  method: HttpVerb;
  /** Under the base path: the value of inventory.routes.<operation> is `${method} ${path}`. */
  path: string;
  route: string;
  /** The document it came from; undefined for a --map route no document has. */
  source?: string;
  operationId?: string;
  confidence: number;
  reasons: string[];
  fields: string[];
  /** The request body's field names venue must write as the document does (PascalCase, snake_case): inventory.bodyNames. */
  bodyNames: string[];
  /** The answer's fields matched to venue's by the response schema (names stored as inventory.answerNames), and those left. */
  answers: AnswerMatching;
  /** For a list: where its answer's records are and how it pages, as its response schema says (undefined: no schema). */
  list?: ListShape & { schema: boolean; unread?: string };
  chosenBy: 'evidence' | '--map' | 'review';
  /** Runners-up a person may pick instead in the review. */
  alternatives: Candidate[];
  /**
   * An update that replaces the record (it requires the record's other values on every call): the fields its request
   * takes, in the document's words (inventory.updateReplaces). venue reads the record first and sends it whole.
   */
  replaces?: ReplacingField[];
  /** A stock take or receipt sent one call per line with the product in the body (inventory.perLine). */
  perLine?: true;
  /** An update whose body is a JSON Patch (inventory.jsonPatch): venue reads the record first, sends operations. */
  jsonPatch?: true;
}

export interface UnmappedOperation {
  operation: InventoryOperation;
  matched: false;
  why: string;
  candidates: Candidate[];
  chosenBy?: '--map' | 'review';
}

export type OperationResult = MappedOperation | UnmappedOperation;

export interface DocumentSummary {
  label: string;
  form: string;
  syntax: 'json' | 'yaml';
  bytes: number;
  externalFiles: number;
  operations: number;
  server: ServerFinding;
  brokenRefs: string[];
  /** What was read otherwise than written (load.ts). */
  faults?: string[];
}

/** A path variable the mapped routes or the OAuth2 scopes use, with the value given (--server-var, or asked). */
export interface PlanPathVariable extends PathVariable {
  value?: string;
  /** How many mapped routes name it. */
  routes: number;
  /** The OAuth2 scopes to ask for name it. */
  inScopes: boolean;
  /**
   * It stands in a mapped route's path or in a scope, so its value is one path segment; a variable sent only in a
   * query or a header takes any text on one line (a warehouse's name).
   */
  segment: boolean;
}

/** A route --map chose that is a job of its own (bulk, destructive, an import): stored only with --yes. */
export interface RiskyChoice {
  operation: InventoryOperation;
  route: string;
  why: string;
}

export interface ImportPlan {
  documents: DocumentSummary[];
  /** The path the documents' servers share, variables filled; holds {name} while a variable has no value. */
  serverPath: string;
  /** The base path to store (under the profile's inventory.url); undefined while a path variable has no value. */
  basePath?: string;
  /** Variables of the servers' paths without a value yet. */
  unresolved: ServerVariable[];
  /** Path variables of the mapped routes and the OAuth2 scopes (inventory.pathVars), each with its value when given. */
  pathVars: PlanPathVariable[];
  /** Every path parameter the documents' routes name. */
  documentParams: string[];
  /**
   * The headers and query parameters of the documents named as credentials (isCredentialHeader): header parameters,
   * and the names apiKey security schemes send their keys under. Never a --server-var (refuseCredentialVars).
   */
  credentials: string[];
  /** --server-var names that are path parameters of the documents but that no mapped route or scope uses: not stored. */
  unusedVars: string[];
  /** Routes --map chose that are jobs of their own: the command stores them only with --yes, saying why. */
  risky: RiskyChoice[];
  /** The OAuth2 token URL is on another host than the service's (the client id and secret go there), in words. */
  tokenHost?: string;
  auth: AuthFinding;
  operations: OperationResult[];
  /** Where the documents disagree: the same route twice, several hosts, several auth schemes. */
  conflicts: string[];
  /** Document operations no venue operation took. */
  unused: number;
  readings: Reading[];
}

/** What a security scheme does, its descriptions aside: two documents describing one scheme in other words agree. */
function schemeKey(scheme: unknown): string {
  if (!scheme || typeof scheme !== 'object') return String(scheme);
  const { description: _description, ...rest } = scheme as Record<string, unknown>;
  return JSON.stringify(rest, (key, value) => (key === 'description' ? undefined : value));
}

/** Reads every document (in order), each whole before the next. */
export async function loadDocuments(sources: string[], options: LoadOptions): Promise<LoadedDocument[]> {
  const loaded: LoadedDocument[] = [];
  for (const source of sources) loaded.push(await loadDocument(source, options));
  return loaded;
}

/** Every variable of the documents' servers, and which of them stand in a path (those need a value). */
export function serverVariables(documents: LoadedDocument[]): ServerVariable[] {
  const all = new Map<string, ServerVariable>();
  for (const doc of documents) {
    for (const variable of serverOf(doc.document, {}).variables) {
      const known = all.get(variable.name);
      all.set(variable.name, known ? { ...known, inPath: known.inPath || variable.inPath } : variable);
    }
  }
  return [...all.values()];
}

export interface PlanOptions {
  serverVars: Record<string, string>;
  /** The profile's inventory.url: the base path is what the servers' path adds to its path. */
  inventoryUrl?: string;
  /** --map operation="METHOD /path" or operation=none. */
  overrides: Map<InventoryOperation, string | null>;
}

/** --map getProduct="GET /items/{id}" (repeatable); --map stockTake=none leaves it unmapped. */
export function parseOverrides(values: string[] | undefined): Map<InventoryOperation, string | null> {
  const out = new Map<InventoryOperation, string | null>();
  for (const raw of values ?? []) {
    const match = /^\s*([A-Za-z]+)\s*=\s*(.*)$/.exec(raw);
    if (!match)
      throw new UsageError(
        `--map takes operation="METHOD /path" or operation=none, such as --map getProduct="GET /items/{id}" (got "${raw}")`,
      );
    const [, name, value] = match;
    if (!isInventoryOperation(name!))
      throw new UsageError(
        `--map: "${name}" is not one of venue's inventory operations (${inventoryOperationNames.join(', ')})`,
      );
    if (out.has(name)) throw new UsageError(`--map ${name} is given twice`);
    if (/^none$/i.test(value!.trim())) {
      out.set(name, null);
      continue;
    }
    const route = parseRoute(value!, `--map ${name}`);
    // --map picks one of the documents' routes by method and path; what the stored route sends besides (a per-venue
    // value, a record id in the query, a header) is read from the document's operation, never typed here and dropped.
    if (route.query.length || route.headers.length)
      throw new UsageError(
        `--map ${name}: give the route as METHOD /path ("${route.method} ${route.path}"); its query and headers come from the document, or set them after the import with ${venueHint(['config', 'set', `inventory.routes.${name}`, value!.trim()])}`,
      );
    const profile = profiles[name];
    if (!profile.methods.includes(route.method))
      throw new UsageError(
        `--map ${name}: venue calls ${name} with ${profile.methods.join(' or ')}, not ${route.method}`,
      );
    out.set(name, `${route.method} ${route.path}`);
  }
  return out;
}

interface RouteOf {
  reading: Reading;
  /** METHOD and path under the base path. */
  route: string;
  method: HttpVerb;
  path: string;
}

/**
 * The value of inventory.routes.<operation> for a mapped route: `${method} ${path}`, then the per-venue query values
 * its document requires, as variables the profile fills ("GET /products?storefront={storefront}").
 */
export function storedRoute(plan: Pick<ImportPlan, 'readings'>, route: string, operation?: InventoryOperation): string {
  const reading = plan.readings.find((r) => `${r.operation.method} ${r.path}` === route);
  const query = (reading?.queryVars ?? []).map((name) => `${name}={${name}}`);
  // An RPC-style route's record id in the query, filled as venue's id of the operation ("?id={productId}").
  const venueId = operation ? idNamesOf(operation)[0] : undefined;
  if (reading?.queryId !== undefined && venueId !== undefined) query.push(`${reading.queryId}={${venueId}}`);
  const headers = reading?.headerVars ?? [];
  const search = query.length ? `?${query.join('&')}` : '';
  // The headers after a space, as HTTP writes one ("x-hotelid:{x-hotelid}"): a path has no space (routes.ts).
  return `${route}${search}${headers.map((name) => ` ${name}:{${name}}`).join('')}`;
}

/** Matches venue's operations to the documents' routes and finds the base path and auth: the plan to review. */
export function planImport(documents: LoadedDocument[], options: PlanOptions): ImportPlan {
  const conflicts: string[] = [];
  const summaries: DocumentSummary[] = [];
  const servers = documents.map((doc) => serverOf(doc.document, options.serverVars));
  const serverPaths = servers.map((s) => s.path);
  const shared = commonBasePath(serverPaths);
  const hosts = new Set(
    servers.map((s) => (s.url ? /^(?:[a-z][a-z0-9+.-]*:)?\/\/([^/?#]*)/i.exec(s.url)?.[1] : undefined)).filter(Boolean),
  );
  if (hosts.size > 1)
    conflicts.push(
      `the documents name different hosts (${[...hosts].join(', ')}): venue calls the profile's inventory.url for all of them`,
    );

  const routes: RouteOf[] = [];
  const seen = new Map<string, string>();
  const schemes: Record<string, unknown> = {};
  const variables = new Map<string, PathVariable>();
  const documentParams = new Set<string>();
  const operationsOf = documents.map((doc) => documentOperations(doc.document, doc.label, options.serverVars));
  // Documents imported together are one API: a query or header value required across them (six one-route documents
  // of one catalogue, each requiring the company and the branch) is found over all their operations, as in one.
  const together =
    documents.length > 1
      ? [...findQueryVariables(operationsOf.flat()), ...findHeaderVariables(operationsOf.flat())]
      : [];
  // Headers named as credentials that most operations require, in one document or across those imported together.
  const credentialHeaders: CredentialHeader[] = documents.length > 1 ? findCredentialHeaders(operationsOf.flat()) : [];
  const credentials = new Set<string>();
  documents.forEach((doc, i) => {
    const prefix = remainderAfter(shared, serverPaths[i]!);
    const operations = operationsOf[i]!;
    // Paths as read (an OData key in parentheses a segment of its own), so a segment's place is the reading's.
    const read = new Map(operations.map((o) => [o.path, keyedSegmentsRead(o.path)]));
    const skip = sharedPrefixLength(operations.map((o) => read.get(o.path)!));
    const sections = sectionSegments(
      operations.map((o) => read.get(o.path)!),
      skip,
    );
    const skipOf = (p: string) => {
      const segments = p.split('/').filter(Boolean);
      const at = sectionDepth(segments, skip);
      return sections.has(segments[at]?.toLowerCase() ?? '') ? at + 1 : skip;
    };
    const own = findPathVariables(operations);
    // The query's twin: a query parameter required with one value per venue (a business key), sent on every call
    // of each route that requires it. A name that is also a path variable is one (the path is where it is said).
    for (const variable of findQueryVariables(operations))
      if (!own.some((v) => v.name === variable.name)) own.push(variable);
    // And the header's: a header required with one value per venue (a hotel or site id) sent on every call.
    for (const variable of findHeaderVariables(operations))
      if (!own.some((v) => v.name === variable.name)) own.push(variable);
    for (const variable of together) {
      if (own.some((v) => v.name === variable.name)) continue;
      const count = operations.filter((o) =>
        (variable.in === 'query' ? (o.requiredQuery ?? []) : (o.requiredHeaders ?? [])).includes(variable.name),
      ).length;
      if (count) own.push({ ...variable, paths: count, why: `${variable.why} of the documents imported together` });
    }
    // A path parameter the user gives a value for (--server-var) has that one value for the venue: a path variable,
    // whatever its shape says (the venue's catalog, /catalogs/{catalogId}/categories). So has a required query
    // parameter given one: a query variable.
    const serverNames = new Set(servers[i]!.variables.map((v) => v.name));
    for (const name of Object.keys(options.serverVars)) {
      if (own.some((v) => v.name === name) || serverNames.has(name)) continue;
      const count = new Set(operations.filter((o) => o.params.includes(name)).map((o) => o.path)).size;
      // A query parameter the document declares, given one value for the venue, required or not (a storefront
      // defaulted to one market), as the header's twin below; never paging, venue's own filters or a credential.
      const inQuery = isGivenQueryName(name)
        ? operations.filter((o) => o.requiredQuery?.includes(name) || o.givenQuery?.includes(name)).length
        : 0;
      // A header the document declares, given one value for the venue, whatever its default (Mindbody's siteId
      // defaults to its sandbox site) or whether it is required; never a credential (no secret from argv).
      const inHeader = isCredentialHeader(name) ? 0 : operations.filter((o) => o.headers.includes(name)).length;
      if (count) own.push({ name, paths: count, why: 'its value is given with --server-var: one value for the venue' });
      else if (inQuery)
        own.push({
          name,
          paths: inQuery,
          why: 'its value is given with --server-var: one value for the venue',
          in: 'query',
        });
      else if (inHeader)
        own.push({
          name,
          paths: inHeader,
          why: 'its value is given with --server-var: one value for the venue',
          in: 'header',
        });
    }
    for (const header of findCredentialHeaders(operations))
      if (!credentialHeaders.some((h) => h.name.toLowerCase() === header.name.toLowerCase()))
        credentialHeaders.push(header);
    for (const operation of operations)
      for (const name of operation.headers) if (isCredentialHeader(name)) credentials.add(name);
    for (const operation of operations) for (const name of operation.params) documentParams.add(name);
    for (const operation of operations) for (const name of operation.requiredQuery ?? []) documentParams.add(name);
    for (const operation of operations)
      for (const name of operation.headers) if (!isCredentialHeader(name)) documentParams.add(name);
    for (const variable of own) {
      const known = variables.get(variable.name);
      variables.set(variable.name, known ? { ...known, paths: known.paths + variable.paths } : variable);
    }
    const names = new Set(own.filter((v) => (v.in ?? 'path') === 'path').map((v) => v.name));
    const queryNames = new Set(own.filter((v) => v.in === 'query').map((v) => v.name));
    const headerNames = new Set(own.filter((v) => v.in === 'header').map((v) => v.name));
    // The paths with a record's path under them (/items of /items/{id}): queryIdOf.
    const withRecordPath = new Set(
      operations.flatMap((o) => {
        const p = read.get(o.path)!;
        return [...p.matchAll(/\/\{/g)].map((m) => p.slice(0, m.index));
      }),
    );
    for (const operation of operations) {
      const path = `${prefix}${operation.path}`;
      const route = `${operation.method} ${path}`;
      const earlier = seen.get(route);
      if (earlier) {
        if (earlier !== doc.label) conflicts.push(`${route} is in ${earlier} and in ${doc.label}: the first is used`);
        continue;
      }
      seen.set(route, doc.label);
      routes.push({
        reading: readOperation(
          operation,
          skipOf(read.get(operation.path)!),
          path,
          names,
          queryNames,
          headerNames,
          withRecordPath.has(read.get(operation.path)!),
        ),
        route,
        method: operation.method,
        path,
      });
    }
    const declared =
      doc.document.components && typeof doc.document.components === 'object'
        ? (doc.document.components as Record<string, unknown>).securitySchemes
        : undefined;
    if (declared && typeof declared === 'object') {
      for (const [name, scheme] of Object.entries(declared as Record<string, unknown>)) {
        const sends = scheme && typeof scheme === 'object' ? (scheme as Record<string, unknown>) : {};
        if (sends.type === 'apiKey' && typeof sends.name === 'string' && isCredentialHeader(sends.name.trim()))
          credentials.add(sends.name.trim());
        if (name in schemes && schemeKey(schemes[name]) !== schemeKey(scheme))
          conflicts.push(`securitySchemes.${name} differs between the documents: the first is used`);
        else schemes[name] ??= scheme;
      }
    }
    summaries.push({
      label: doc.label,
      form: doc.form,
      syntax: doc.syntax,
      bytes: doc.bytes,
      externalFiles: doc.externalFiles.length,
      operations: operations.length,
      server: servers[i]!,
      brokenRefs: doc.brokenRefs,
      ...(doc.faults?.length ? { faults: doc.faults } : {}),
    });
  });

  markScopedTwins(routes);
  markScopeRoutes(routes);
  const readings = routes.map((r) => r.reading);
  const oauth = new Set<string>();
  for (const doc of documents) for (const path of oauthPaths(doc.document)) oauth.add(path);
  for (const path of [...oauth]) if (shared && path.startsWith(`${shared}/`)) oauth.add(remainderAfter(shared, path));
  const matches = matchOperations(readings, oauth);

  const operations: OperationResult[] = matches.map((match) => {
    if (match.index === undefined)
      return { operation: match.operation, matched: false, why: match.why ?? '', candidates: match.candidates };
    const { reading, method, path: written, route: asWritten } = routes[match.index]!;
    const alternatives = match.alternatives;
    const stored = writtenAs(match.operation, reading, method, written, asWritten, false);
    return {
      operation: match.operation,
      matched: true,
      method,
      path: stored.path,
      route: stored.route,
      source: reading.operation.source,
      operationId: reading.operation.operationId,
      confidence: match.confidence!,
      reasons: [...match.reasons, ...stored.keyedEvidence],
      fields: match.fields,
      bodyNames: stored.bodyNames,
      answers: matchAnswer(match.operation, reading.operation.response),
      ...listOf(match.operation, reading),
      chosenBy: 'evidence',
      alternatives,
      ...replacingOf(match.replaces, reading),
      ...patchingOf(match.operation, reading),
      ...(stored.perLine ? { perLine: true as const } : {}),
    };
  });
  const risky = applyOverrides(operations, options.overrides, routes, oauth);

  const unresolved = [...new Set(servers.flatMap((s) => s.unresolved))]
    .map((name) => servers.flatMap((s) => s.variables).find((v) => v.name === name)!)
    .filter((v) => v.inPath);
  const loginRoute = operations.some((o) => o.operation === 'authenticate' && o.matched);
  const securedReadings = operations
    .filter(
      (o): o is MappedOperation =>
        o.matched && o.operation !== 'authenticate' && o.operation !== 'health' && o.source !== undefined,
    )
    .map((o) => routes.find((r) => r.route === o.route)?.reading.operation)
    .filter((o): o is DocumentOperation => o !== undefined);
  const securities = (securedReadings.length ? securedReadings : readings.map((r) => r.operation)).map(
    (o) => o.security,
  );
  const securitySchemes = { components: { securitySchemes: schemes } };
  let auth = authOf(securitySchemes, securities, loginRoute);
  const tokenEndpoint = oauthTokenRoute(operations, routes, documents, servers);
  if (tokenEndpoint) {
    operations[tokenEndpoint.at] = tokenEndpoint.unmapped;
    const without = authOf(securitySchemes, securities, false);
    // Its token is a bearer token: where the operations take one (or name no scheme), it is how they get it.
    const bearer =
      !without.scheme ||
      (without.scheme.type === 'api-key' &&
        /^authorization$/i.test(without.scheme.name) &&
        /^bearer $/i.test(without.scheme.prefix));
    auth = bearer
      ? {
          scheme: { type: 'oauth2', tokenUrl: tokenEndpoint.url, scopes: [] },
          evidence: `${tokenEndpoint.route}: an OAuth2 token endpoint (RFC 6749 client credentials: grant_type, client_id, client_secret in its body); its bearer token is what the operations take`,
          options: without.options,
          ...(without.warnings ? { warnings: without.warnings } : {}),
        }
      : without;
  }
  const login = operations.findIndex((o) => o.operation === 'authenticate' && o.matched && o.chosenBy === 'evidence');
  const loginOperation =
    login >= 0
      ? routes.find((r) => r.route === (operations[login] as MappedOperation).route)?.reading.operation
      : undefined;
  // A login route that itself takes the header the operations' credential goes in needs that key first: it is no way to get it.
  // So does one whose every security requirement names the scheme the operations' credential is.
  const takesKey =
    auth.scheme?.type === 'header' &&
    (loginOperation?.headers.some((h) => h.toLowerCase() === (auth.scheme as { name: string }).name.toLowerCase()) ||
      (auth.schemeName !== undefined &&
        (loginOperation?.security.length ?? 0) > 0 &&
        loginOperation!.security.every((r) => r && typeof r === 'object' && auth.schemeName! in r)));
  if (login >= 0 && auth.scheme && (takesKey || (auth.scheme.type !== 'bearer' && auth.scheme.type !== 'header'))) {
    // The operations take a static key (or OAuth2, or basic): a login route's token is no use to them.
    const found = operations[login] as MappedOperation;
    operations[login] = {
      operation: 'authenticate',
      matched: false,
      why: takesKey
        ? `the login route itself takes the ${(auth.scheme as { name: string }).name} header the operations' key goes in: the key is static, not the login's token`
        : `the operations take ${auth.evidence.replace(/^securitySchemes\.[^:]+: /, '')}, not the token of a login route`,
      candidates: [
        {
          route: found.route,
          source: found.source ?? '',
          confidence: found.confidence,
          shortfall: 'a login route, but the operations do not take its token',
        },
      ],
    };
    auth = authOf(securitySchemes, securities, false);
  }
  auth = withCredentialHeaders(auth, credentialHeaders);
  // Still nothing named, declared or required: what the documents' own description says of the Authorization header.
  if (!auth.scheme && declaresNone(auth)) {
    const said = documents.map((doc) => keyFromDescription(doc.document)).find((found) => found !== undefined);
    if (said) auth = { ...said, ...(auth.warnings ? { warnings: auth.warnings } : {}) };
  }
  const taken = new Set(operations.filter((o): o is MappedOperation => o.matched).map((o) => o.route));

  // The path variables the mapped routes and the OAuth2 scopes name: each needs a value of this venue's.
  const mapped = operations.filter((o): o is MappedOperation => o.matched);
  const scopeNames = new Set(auth.scheme?.type === 'oauth2' ? auth.scheme.scopes.flatMap(templateNames) : []);
  const pathVars: PlanPathVariable[] = [];
  // The readings of the mapped routes, once for every variable.
  const mappedReadings = mapped.map((o) => routes.find((r) => r.route === o.route)?.reading);
  for (const name of new Set([...variables.keys(), ...scopeNames])) {
    const inPath = mappedReadings.some((reading) => reading?.vars.includes(name));
    const count = mappedReadings.filter(
      (reading) =>
        reading?.vars.includes(name) || reading?.queryVars.includes(name) || reading?.headerVars.includes(name),
    ).length;
    if (!count && !scopeNames.has(name)) continue;
    const found = variables.get(name) ?? { name, paths: 0, why: 'the OAuth2 scopes name it' };
    pathVars.push({
      ...found,
      routes: count,
      inScopes: scopeNames.has(name),
      segment: inPath || scopeNames.has(name),
      ...(options.serverVars[name] !== undefined ? { value: options.serverVars[name] } : {}),
    });
  }

  const usedVars = new Set([...pathVars.map((v) => v.name), ...servers.flatMap((s) => s.variables.map((v) => v.name))]);
  return {
    documents: summaries,
    documentParams: [...documentParams],
    credentials: [...credentials],
    unusedVars: Object.keys(options.serverVars).filter((name) => documentParams.has(name) && !usedVars.has(name)),
    serverPath: shared,
    basePath: unresolved.length ? undefined : basePathUnder(shared, options.inventoryUrl),
    unresolved,
    pathVars,
    risky,
    tokenHost: tokenHostWarning(auth.scheme, servers, options.inventoryUrl),
    auth,
    operations,
    conflicts,
    unused: routes.filter((r) => !taken.has(r.route)).length,
    readings,
  };
}

/**
 * The documents declare no security scheme: the operations name none, or only names that components.securitySchemes
 * does not describe (a requirement naming "Bearer" with nothing behind it says no more than none).
 */
const declaresNone = (auth: AuthFinding) => auth.options.every((option) => option.kind === UNDESCRIBED_SCHEME);

/** The headers a scheme's calls carry their credentials in, lower-cased. */
function sentHeaders(scheme: AuthScheme | undefined): string[] {
  switch (scheme?.type) {
    case undefined:
      return [];
    case 'api-key':
      return [
        ...(scheme.in === 'header' ? [scheme.name] : []),
        ...(scheme.secondHeader ? [scheme.secondHeader] : []),
      ].map((name) => name.toLowerCase());
    case 'header':
      return [scheme.name.toLowerCase()];
    default:
      return ['authorization'];
  }
}

/**
 * The headers named as credentials that most operations require beside what the chosen scheme sends
 * (findCredentialHeaders). With a static key (api-key) that has no second header yet, the one the most operations
 * require (on a tie, the first found) becomes its second header, sent bare from inventory.apiSecret. Every other one,
 * and every one beside another scheme (a login route's token, OAuth2, basic: venue sends one credential with those),
 * is a warning naming it and how many operations require it: those calls will be refused until it can be sent.
 */
function withCredentialHeaders(auth: AuthFinding, headers: CredentialHeader[]): AuthFinding {
  const sent = new Set(sentHeaders(auth.scheme));
  let left = headers.filter((h) => !sent.has(h.name.toLowerCase()));
  if (!left.length) return auth;
  // No scheme named or declared anywhere: the credential headers the operations require are how they are called.
  const declared = !auth.scheme && declaresNone(auth) ? keyFromCredentialHeaders(left) : undefined;
  let found = declared ? { ...declared, ...(auth.warnings ? { warnings: auth.warnings } : {}) } : auth;
  if (declared) left = left.filter((h) => !sentHeaders(declared.scheme).includes(h.name.toLowerCase()));
  const scheme = found.scheme;
  const second = [...left].filter((h) => isHeaderName(h.name)).sort((a, b) => b.operations - a.operations)[0];
  if (scheme?.type === 'api-key' && !scheme.secondHeader && second) {
    found = {
      ...found,
      scheme: { ...scheme, secondHeader: second.name },
      evidence: `${found.evidence}; ${second.name}, a header named as a credential that ${second.operations} of the ${second.of} operations require, is sent beside the key, bare, from inventory.apiSecret (second-header)`,
    };
    left = left.filter((h) => h !== second);
  }
  const beside = found.scheme
    ? `venue cannot send it beside ${describeAuthScheme(found.scheme)} (inventory.auth ${formatAuthScheme(found.scheme)})`
    : 'the documents declare no security scheme venue sends, so venue cannot send it (a static key in a header, inventory.auth api-key, could carry one beside it)';
  const warnings = left.map(
    (h) =>
      `${h.name}: a header named as a credential that ${h.operations} of the ${h.of} operations require; ${beside}, so those calls will be refused until it can be sent`,
  );
  return warnings.length ? { ...found, warnings: [...(found.warnings ?? []), ...warnings] } : found;
}

/**
 * --server-var naming a credential of the documents (plan.credentials: a header named as one, a security scheme's
 * key): exit 2, before its value is used or shown anywhere. venue never takes a credential from the command line;
 * the message says which secret sends it, or that the chosen scheme cannot.
 */
export function refuseCredentialVars(
  names: string[],
  plan: Pick<ImportPlan, 'auth' | 'credentials' | 'documentParams'>,
): void {
  // The documents' credentials, and whatever the chosen scheme sends its secrets in, whatever its name.
  const sent = plan.auth.scheme?.type === 'api-key' ? [plan.auth.scheme.name, plan.auth.scheme.secondHeader] : [];
  const credentials = new Map(
    [...plan.credentials, ...sent.filter((name): name is string => name !== undefined)].map((name) => [
      name.toLowerCase(),
      name,
    ]),
  );
  for (const given of names) {
    const name = credentials.get(given.toLowerCase());
    // A name the documents also give a per-venue place (a path parameter, a query value) is that, not this header.
    if (name === undefined || plan.documentParams.includes(given)) continue;
    const scheme = plan.auth.scheme;
    const key = scheme?.type === 'api-key' && scheme.name.toLowerCase() === name.toLowerCase();
    const second = scheme?.type === 'api-key' && scheme.secondHeader?.toLowerCase() === name.toLowerCase();
    const secret = key ? 'inventory.apiKey' : 'inventory.apiSecret';
    const how = key
      ? `It is the key inventory.auth sends (${formatAuthScheme(scheme!)}): from the secret inventory.apiKey.`
      : second
        ? `It is the second credential inventory.auth sends (${formatAuthScheme(scheme!)}): from the secret inventory.apiSecret.`
        : `venue sends such a header beside a static key as inventory.auth's second-header, from the secret inventory.apiSecret${scheme ? `; beside ${describeAuthScheme(scheme)} it cannot send it (the review warns: --dry-run)` : ''}.`;
    throw new UsageError(
      `--server-var ${given}: ${name} is a credential of the documents, and venue never takes a credential from the command line`,
      {
        hint: `${how} Set it with ${venueHint(['config', 'set-secret', secret])} (a hidden prompt; without a terminal --secret-stdin or --secret-env <VAR>). Nothing was stored.`,
      },
    );
  }
}

/**
 * The login route matched, when it is an OAuth2 token endpoint described as a route rather than as a security scheme:
 * its body takes grant_type, client_id and client_secret (RFC 6749's client credentials grant, form-encoded). Venue
 * does not call it as its login with a key and secret; it runs the client-credentials flow against it itself
 * (inventory.auth oauth2). Returned unmapped, with the token URL: absolute where its document's server is.
 */
function oauthTokenRoute(
  operations: OperationResult[],
  routes: RouteOf[],
  documents: LoadedDocument[],
  servers: ServerFinding[],
): { at: number; unmapped: UnmappedOperation; url: string; route: string } | undefined {
  const at = operations.findIndex((o) => o.operation === 'authenticate' && o.matched && o.chosenBy === 'evidence');
  if (at < 0) return undefined;
  const found = operations[at] as MappedOperation;
  const operation = routes.find((r) => r.route === found.route)?.reading.operation;
  const names = new Set((operation?.request?.fields ?? []).map((f) => f.name.toLowerCase()));
  if (!operation || !['grant_type', 'client_id', 'client_secret'].every((n) => names.has(n))) return undefined;
  const server = servers[documents.findIndex((d) => d.label === operation.source)];
  const absolute = server?.url && /^https?:\/\/[^{}]+$/i.test(server.url) ? server.url.replace(/\/+$/, '') : undefined;
  const url = absolute ? `${absolute}${operation.path}` : `${server?.path ?? ''}${operation.path}`;
  return {
    at,
    url,
    route: found.route,
    unmapped: {
      operation: 'authenticate',
      matched: false,
      why: `${found.route} is an OAuth2 token endpoint (grant_type, client_id, client_secret): venue runs the client-credentials flow against it (inventory.auth oauth2), not its login`,
      candidates: [
        {
          route: found.route,
          source: found.source ?? '',
          confidence: found.confidence,
          shortfall: 'an OAuth2 token endpoint, taken as inventory.auth instead',
        },
      ],
    },
  };
}

/**
 * A route beside the same route under the venue's path variable (GET /listings/active beside GET
 * /shops/{shop_id}/listings/active) is everyone's, not the venue's: the scoped one is marked on it, for the matcher
 * to keep it below the threshold.
 */
export function markScopedTwins(routes: Array<{ reading: Reading; method: HttpVerb; path: string; route: string }>) {
  const shape = (segments: string[]) => segments.map((s) => (s.startsWith('{') ? '{}' : s.toLowerCase())).join('/');
  const tails = new Map<string, string>();
  for (const r of routes) {
    if (!r.reading.vars.length) continue;
    const segments = r.path.split('/').filter(Boolean);
    const last = Math.max(...r.reading.vars.map((v) => segments.indexOf(`{${v}}`)));
    const tail = segments.slice(last + 1);
    if (!tail.length || tail[0]!.startsWith('{')) continue;
    const key = `${r.method} ${shape(tail)}`;
    if (!tails.has(key)) tails.set(key, r.route);
  }
  if (!tails.size) return;
  // Where a record is read by its id: the collection that keeps the records.
  const readOne = new Set(
    routes
      .filter((r) => r.method === 'GET' && /\/\{[^{}]+\}$/.test(r.path))
      .map((r) => shape(r.path.split('/').filter(Boolean).slice(0, -1))),
  );
  // Where records are put (POST or PUT to the collection): a scoped collection records are added to.
  const filed = new Set(
    routes
      .filter((r) => r.method === 'POST' || r.method === 'PUT')
      .map((r) => shape(r.path.split('/').filter(Boolean))),
  );
  const pathOf = (route: string) => route.slice(route.indexOf(' ') + 1);
  for (const r of routes) {
    if (r.reading.vars.length) continue;
    const segments = r.path.split('/').filter(Boolean);
    for (let k = 0; k < segments.length; k++) {
      const twin = tails.get(`${r.method} ${shape(segments.slice(k))}`);
      // A collection whose records are read one by one at its own path (GET /products/{id}) keeps them; the same
      // collection under the venue's path variable that records are put into but none read from
      // (/stores/{store_id}/products) is a selection of them filed under the scope, not the venue's own copy.
      const scoped = twin ? shape(pathOf(twin).split('/').filter(Boolean)) : '';
      if (twin && readOne.has(shape(segments)) && filed.has(scoped) && !readOne.has(scoped)) break;
      if (twin) {
        r.reading.scopedTwin = twin;
        break;
      }
    }
  }
}

/**
 * The collection a path variable picks from, named for it (/catalogs/{catalogId}, /shops/{shop_id}), and that
 * collection's item: they list and read the venue's scope itself, none of its records. Marked on those routes.
 */
export function markScopeRoutes(routes: Array<{ reading: Reading; path: string; method: HttpVerb }>) {
  const shape = (segments: string[]) => segments.map((s) => (s.startsWith('{') ? '{}' : s.toLowerCase())).join('/');
  // Only a collection the document lists (GET /catalogs): "/site/{site}" of a route names what it is for, no collection.
  const lists = new Set(routes.filter((r) => r.method === 'GET').map((r) => shape(r.path.split('/').filter(Boolean))));
  const scopes = new Map<string, string>();
  for (const r of routes) {
    const segments = r.path.split('/').filter(Boolean);
    for (const name of r.reading.vars) {
      const at = segments.indexOf(`{${name}}`);
      const collection = segments[at - 1];
      if (at < 1 || !collection || collection.startsWith('{')) continue;
      const own = wordsOf(name).filter((w) => !identifierWords.has(w));
      if (!own.length || own.join(' ') !== wordsOf(collection).join(' ')) continue;
      if (!lists.has(shape(segments.slice(0, at)))) continue;
      scopes.set(shape(segments.slice(0, at)), name);
      scopes.set(shape(segments.slice(0, at + 1)), name);
    }
  }
  if (!scopes.size) return;
  for (const r of routes) {
    const name = scopes.get(shape(r.path.split('/').filter(Boolean)));
    if (name) r.reading.scopeOf = name;
  }
}

/** The OAuth2 token URL on another host than the service's, in words: the client id and secret go there. */
function tokenHostWarning(
  scheme: AuthScheme | undefined,
  servers: ServerFinding[],
  inventoryUrl: string | undefined,
): string | undefined {
  if (scheme?.type !== 'oauth2' || !/^[a-z][a-z0-9+.-]*:\/\//i.test(scheme.tokenUrl)) return undefined;
  const host = (url: string) =>
    splitServerUrl(url)
      .host.toLowerCase()
      .replace(/:(443|80)$/, '');
  const tokenHost = host(scheme.tokenUrl);
  const serviceUrl = servers.map((s) => s.url).find((u) => u && /^[a-z][a-z0-9+.-]*:\/\//i.test(u)) ?? inventoryUrl;
  if (!serviceUrl) return undefined;
  const serviceHost = host(serviceUrl);
  if (!serviceHost || tokenHost === serviceHost) return undefined;
  return `the OAuth2 token URL ${scheme.tokenUrl} is on ${tokenHost}, another host than the service (${serviceHost}): the client id and secret (inventory.apiKey, inventory.apiSecret) are sent there`;
}

/**
 * How a route chosen for an operation is written down, whoever chose it (the evidence, --map, the review): its path as
 * venue fills it (a stock write keyed by the product in its path stores {productId} and {warehouseId}), the route's text,
 * the vendor's names of its request fields, and the evidence the keying adds. `chosen` is a person's choice, which may
 * give a keyed stock write to any of the three stock writes.
 */
export function writtenAs(
  operation: InventoryOperation,
  reading: Reading | undefined,
  method: HttpVerb,
  written: string,
  route: string,
  chosen: boolean,
): { path: string; route: string; bodyNames: string[]; keyedEvidence: string[]; perLine?: true } {
  const keyed = reading ? keyedStockRoute(operation, reading, written, chosen) : undefined;
  const path = keyed?.path ?? written;
  return {
    path,
    route: keyed ? `${method} ${path}` : route,
    bodyNames: [
      ...vendorBodyNames(reading?.operation.request?.fields.map((f) => f.name) ?? []),
      ...(keyed?.bodyNames ?? []),
    ],
    keyedEvidence: keyed ? [keyed.evidence] : [],
    ...(keyed?.perLine ? { perLine: true as const } : {}),
  };
}

/** An update whose request body is a JSON Patch (operations.ts): sent as one (inventory.jsonPatch). */
export const patchingOf = (
  operation: InventoryOperation,
  reading: Reading | undefined,
): Pick<MappedOperation, 'jsonPatch'> =>
  JSON_PATCH_OPERATIONS.includes(operation) && reading?.operation.request?.jsonPatch ? { jsonPatch: true } : {};

/**
 * A replacing update's fields: those its request body takes at the top, as the document names them (none it marks
 * read-only: operations.ts leaves those out). Empty for an update that takes part of the record.
 */
export function replacingOf(
  replaces: true | undefined,
  reading: Reading | undefined,
): Pick<MappedOperation, 'replaces'> {
  const request = reading?.operation.request;
  if (!replaces || !request || request.list) return {};
  const top = request.fields.filter((f) => f.depth === 0 && f.path === f.name);
  const fields = [...new Set(top.map((f) => f.name))].map((name) => ({
    name,
    required: top.some((f) => f.name === name && f.required),
  }));
  return fields.length ? { replaces: fields } : {};
}

/** A list operation's list shape, as its route's response schema says. */
export function listOf(operation: InventoryOperation, reading: Reading | undefined): Pick<MappedOperation, 'list'> {
  const { kinds, body } = profiles[operation];
  if (kinds.list === undefined || kinds.read !== undefined || body !== 'response') return {};
  const response = reading?.operation.response;
  const unread = reading?.operation.unread?.response;
  return {
    list: response?.listShape
      ? { ...response.listShape, schema: true }
      : { paging: { body: [], headers: [], query: [] }, schema: false, ...(unread !== undefined ? { unread } : {}) },
  };
}

/** A route's shape for comparing: parameters unnamed, no trailing slash. */
const shapeOf = (route: string) => route.replace(/\{[^{}/]+\}/g, '{}').replace(/\/+$/, '');

/**
 * --map: the user's route replaces the match (and is taken from any other
 * operation that had it); "none" leaves one unmapped. The route must be one
 * of the documents' (parameter names aside): another is a usage error
 * suggesting the closest. A route that is a job of its own (bulk,
 * destructive, an import) is returned, for the command to ask --yes of.
 */
function applyOverrides(
  operations: OperationResult[],
  overrides: Map<InventoryOperation, string | null>,
  routes: RouteOf[],
  oauth: Set<string>,
): RiskyChoice[] {
  const risky: RiskyChoice[] = [];
  for (const [name, value] of overrides) {
    const at = operations.findIndex((o) => o.operation === name);
    const before = operations[at]!;
    if (value === null) {
      operations[at] = {
        operation: name,
        matched: false,
        why: 'left unmapped by --map',
        candidates: before.matched
          ? [
              {
                route: before.route,
                source: before.source ?? '',
                confidence: before.confidence,
                shortfall: 'left out by --map',
              },
            ]
          : before.candidates,
        chosenBy: '--map',
      };
      continue;
    }
    const found = routes.find((r) => shapeOf(r.route) === shapeOf(value));
    if (!found) throw noSuchRoute(name, value, routes, before);
    const profile = profiles[name];
    if (found.reading.params.length !== profile.params && !keyedFor(name, found.reading, true)) {
      throw new UsageError(
        `--map ${name}: ${found.route} has ${found.reading.params.length ? found.reading.params.map((p) => `{${p}}`).join(', ') : 'no path parameter'}${found.reading.vars.length ? ` (besides the path variable${found.reading.vars.length > 1 ? 's' : ''} ${found.reading.vars.map((v) => `{${v}}`).join(', ')})` : ''}, but venue fills ${profile.params === 0 ? 'none' : 'one, the id'} for ${name}`,
      );
    }
    const scored = score(name, found.reading, 0, oauth);
    const job = jobOfItsOwn(name, found.reading);
    if (job) risky.push({ operation: name, route: found.route, why: job });
    const stored = writtenAs(name, found.reading, found.method, found.path, found.route, true);
    operations[at] = {
      operation: name,
      matched: true,
      method: found.method,
      path: stored.path,
      route: stored.route,
      source: found.reading.operation.source,
      operationId: found.reading.operation.operationId,
      confidence: scored.refused ? 0 : scored.confidence,
      reasons: [`chosen with --map${scored.refused ? ` although ${scored.refused}` : ''}`, ...stored.keyedEvidence],
      fields: scored.fields,
      bodyNames: stored.bodyNames,
      answers: matchAnswer(name, found.reading.operation.response),
      ...listOf(name, found.reading),
      chosenBy: '--map',
      alternatives: [],
      ...replacingOf(scored.replaces, found.reading),
      ...patchingOf(name, found.reading),
      ...(stored.perLine ? { perLine: true as const } : {}),
    };
    for (let i = 0; i < operations.length; i++) {
      const other = operations[i]!;
      if (
        i !== at &&
        other.matched &&
        shapeOf(other.route) === shapeOf(found.route) &&
        !overrides.has(other.operation)
      ) {
        operations[i] = {
          operation: other.operation,
          matched: false,
          why: `its route ${found.route} was given to ${name} with --map`,
          candidates: other.alternatives,
        };
      }
    }
  }
  return risky;
}

/** A --map route in no document: exit 2, with the closest routes of the documents (by spelling, else the operation's candidates). */
function noSuchRoute(name: InventoryOperation, value: string, routes: RouteOf[], before: OperationResult): UsageError {
  const method = value.split(' ')[0]!;
  const sameMethod = routes.filter((r) => r.method === method).map((r) => r.route);
  let close = suggestions(value, sameMethod).slice(0, 3);
  if (!close.length) {
    // Spelt too differently: the routes whose last segment is spelt like the one given, else the operation's candidates.
    const last = (route: string) =>
      route
        .split('/')
        .filter((s) => s && !s.startsWith('{'))
        .pop() ?? '';
    close = sameMethod.filter((r) => suggestions(last(value), [last(r)]).length).slice(0, 3);
  }
  if (!close.length)
    close = (
      before.matched
        ? [before.route, ...before.alternatives.map((c) => c.route)]
        : before.candidates.map((c) => c.route)
    )
      .filter((r) => r.startsWith(`${method} `))
      .slice(0, 3);
  return new UsageError(`--map ${name}: no imported document has the route ${value}`, {
    hint: `${close.length ? `${didYouMeanAmong(close, true)} ` : ''}--map takes a route of the documents given (under the base path, as the review shows them); a route the documents lack is set with ${venueHint(['config', 'set', `inventory.routes.${name}`, value])}.`,
  });
}

/** The scheme to store, or why none is. */
export function chosenAuth(plan: ImportPlan): AuthScheme | undefined {
  return plan.auth.scheme;
}

export { pathParams };
