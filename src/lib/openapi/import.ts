// One import, from documents to a plan the command reviews and stores:
// load each document (load.ts), read its server (servers.ts) and operations
// (operations.ts, route-reading.ts), merge several documents into one set of routes
// under one base path, match venue's 21 operations (match.ts), apply the
// user's --map choices, and find the auth scheme (auth.ts). Nothing here
// prompts or prints; the command does.

import { UsageError } from '../errors.js';
import {
  inventoryOperationNames,
  isInventoryOperation,
  parseRoute,
  vendorBodyNames,
  type AuthScheme,
  type HttpVerb,
  type InventoryOperation,
} from '../inventory/routes.js';
import { matchAnswer, type AnswerMatching } from './answers.js';
import { authOf, oauthPaths, type AuthFinding } from './auth.js';
import { loadDocument, type LoadOptions, type LoadedDocument } from './load.js';
import { matchOperations, profiles, score, type Candidate } from './match.js';
import { documentOperations, pathParams, type DocumentOperation } from './operations.js';
import { readOperation, sharedPrefixLength, type Reading } from './route-reading.js';
import { basePathUnder, commonBasePath, serverOf, type ServerFinding, type ServerVariable } from './servers.js';

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
  chosenBy: 'evidence' | '--map' | 'review';
  /** Runners-up a person may pick instead in the review. */
  alternatives: Candidate[];
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
}

export interface ImportPlan {
  documents: DocumentSummary[];
  /** The path the documents' servers share, variables filled; holds {name} while a variable has no value. */
  serverPath: string;
  /** The base path to store (under the profile's inventory.url); undefined while a path variable has no value. */
  basePath?: string;
  /** Variables of the servers' paths without a value yet. */
  unresolved: ServerVariable[];
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
    const profile = profiles[name];
    if (!profile.methods.includes(route.method))
      throw new UsageError(
        `--map ${name}: venue calls ${name} with ${profile.methods.join(' or ')}, not ${route.method}`,
      );
    if (route.params.length !== profile.params) {
      throw new UsageError(
        `--map ${name}: the route must have ${profile.params === 0 ? 'no path parameter' : 'one path parameter, for the id venue fills'} (got ${route.params.length})`,
      );
    }
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
  documents.forEach((doc, i) => {
    const prefix = serverPaths[i]!.slice(shared.length);
    const operations = documentOperations(doc.document, doc.label);
    const skip = sharedPrefixLength(operations.map((o) => o.path));
    for (const operation of operations) {
      const path = `${prefix}${operation.path}`;
      const route = `${operation.method} ${path}`;
      const earlier = seen.get(route);
      if (earlier) {
        if (earlier !== doc.label) conflicts.push(`${route} is in ${earlier} and in ${doc.label}: the first is used`);
        continue;
      }
      seen.set(route, doc.label);
      routes.push({ reading: readOperation(operation, skip, path), route, method: operation.method, path });
    }
    const own =
      doc.document.components && typeof doc.document.components === 'object'
        ? (doc.document.components as Record<string, unknown>).securitySchemes
        : undefined;
    if (own && typeof own === 'object') {
      for (const [name, scheme] of Object.entries(own as Record<string, unknown>)) {
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
    });
  });

  const readings = routes.map((r) => r.reading);
  const oauth = new Set<string>();
  for (const doc of documents) for (const path of oauthPaths(doc.document)) oauth.add(path);
  for (const path of [...oauth]) if (shared && path.startsWith(shared)) oauth.add(path.slice(shared.length));
  const matches = matchOperations(readings, oauth);

  const operations: OperationResult[] = matches.map((match) => {
    if (match.index === undefined)
      return { operation: match.operation, matched: false, why: match.why ?? '', candidates: match.candidates };
    const { reading, method, path, route } = routes[match.index]!;
    const alternatives = match.alternatives;
    return {
      operation: match.operation,
      matched: true,
      method,
      path,
      route,
      source: reading.operation.source,
      operationId: reading.operation.operationId,
      confidence: match.confidence!,
      reasons: match.reasons,
      fields: match.fields,
      bodyNames: vendorBodyNames(reading.operation.request?.fields.map((f) => f.name) ?? []),
      answers: matchAnswer(match.operation, reading.operation.response),
      chosenBy: 'evidence',
      alternatives,
    };
  });
  applyOverrides(operations, options.overrides, routes, oauth);

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
  let auth = authOf({ components: { securitySchemes: schemes } }, securities, loginRoute);
  const login = operations.findIndex((o) => o.operation === 'authenticate' && o.matched && o.chosenBy === 'evidence');
  if (login >= 0 && auth.scheme && auth.scheme.type !== 'bearer' && auth.scheme.type !== 'header') {
    // The operations take a static key (or OAuth2, or basic): a login route's token is no use to them.
    const found = operations[login] as MappedOperation;
    operations[login] = {
      operation: 'authenticate',
      matched: false,
      why: `the operations take ${auth.evidence.replace(/^securitySchemes\.[^:]+: /, '')}, not the token of a login route`,
      candidates: [
        {
          route: found.route,
          source: found.source ?? '',
          confidence: found.confidence,
          shortfall: 'a login route, but the operations do not take its token',
        },
      ],
    };
    auth = authOf({ components: { securitySchemes: schemes } }, securities, false);
  }
  const taken = new Set(operations.filter((o): o is MappedOperation => o.matched).map((o) => o.route));

  return {
    documents: summaries,
    serverPath: shared,
    basePath: unresolved.length ? undefined : basePathUnder(shared, options.inventoryUrl),
    unresolved,
    auth,
    operations,
    conflicts,
    unused: routes.filter((r) => !taken.has(r.route)).length,
    readings,
  };
}

/** --map: the user's route replaces the match (and is taken from any other operation that had it); "none" leaves one unmapped. */
function applyOverrides(
  operations: OperationResult[],
  overrides: Map<InventoryOperation, string | null>,
  routes: RouteOf[],
  oauth: Set<string>,
): void {
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
    const [method, path] = value.split(' ') as [HttpVerb, string];
    const found = routes.find((r) => r.route === value);
    const scored = found ? score(name, found.reading, 0, oauth) : undefined;
    operations[at] = {
      operation: name,
      matched: true,
      method,
      path,
      route: value,
      source: found?.reading.operation.source,
      operationId: found?.reading.operation.operationId,
      confidence: scored && !scored.refused ? scored.confidence : 0,
      reasons: [
        found
          ? `chosen with --map${scored?.refused ? ` although ${scored.refused}` : ''}`
          : 'chosen with --map; no document has this route',
      ],
      fields: scored?.fields ?? [],
      bodyNames: vendorBodyNames(found?.reading.operation.request?.fields.map((f) => f.name) ?? []),
      answers: matchAnswer(name, found?.reading.operation.response),
      chosenBy: '--map',
      alternatives: [],
    };
    for (let i = 0; i < operations.length; i++) {
      const other = operations[i]!;
      if (i !== at && other.matched && other.route === value && !overrides.has(other.operation)) {
        operations[i] = {
          operation: other.operation,
          matched: false,
          why: `its route ${value} was given to ${name} with --map`,
          candidates: other.alternatives,
        };
      }
    }
  }
}

/** The scheme to store, or why none is. */
export function chosenAuth(plan: ImportPlan): AuthScheme | undefined {
  return plan.auth.scheme;
}

export { pathParams };
