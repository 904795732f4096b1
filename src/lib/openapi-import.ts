// Matching a vendor's OpenAPI 3.x document to venue's 21 inventory operations.
// A vendor never uses venue's operationIds (its own look like `Stock_Receive`
// or `receiveStockUsingPOST`), so each of venue's operations is scored against
// every method and path of the document: the method must fit, the number of
// path parameters must be the one venue fills, and the words of the path,
// operationId, tags and summary must name the operation's subject (stock
// receipts, suppliers, webhook subscriptions…). Pairs are then taken best
// first, each document operation at most once; below a threshold an
// operation is reported unmatched. No terminal, no commander: the command
// (src/commands/config/import-openapi.ts) reads the document and prints.

import { UsageError, VenueError } from './errors.js';
import {
  inventoryOperationNames,
  normaliseBasePath,
  type AuthScheme,
  type HttpVerb,
  type InventoryOperation,
} from './inventory/routes.js';

// ---------------------------------------------------------------- vocabulary

type Concept =
  | 'product' | 'category' | 'class' | 'warehouse' | 'tax' | 'container' | 'supplier'
  | 'stock' | 'level' | 'count' | 'receive' | 'adjust' | 'webhook' | 'auth' | 'health';
type Action = 'list' | 'read' | 'create' | 'update' | 'delete';

interface Meaning {
  concept?: Concept;
  action?: Action;
}

/** Root words (singular, unconjugated) and what they say. */
const dictionary: Record<string, Meaning> = {};
const defineWords = (meaning: Meaning, words: string[]) => {
  for (const word of words) dictionary[word] = { ...dictionary[word], ...meaning };
};
defineWords({ concept: 'product' }, ['product', 'article', 'sku', 'item', 'merchandise']);
defineWords({ concept: 'category' }, ['category']);
defineWords({ concept: 'class' }, ['class', 'subcategory']);
defineWords({ concept: 'warehouse' }, ['warehouse', 'depot', 'storeroom', 'stockroom']);
defineWords({ concept: 'tax' }, ['tax', 'vat', 'gst', 'taxgroup']);
defineWords({ concept: 'container' }, ['container', 'packaging', 'pack', 'package']);
defineWords({ concept: 'supplier' }, ['supplier', 'vendor', 'creditor']);
defineWords({ concept: 'stock' }, ['stock', 'inventory']);
defineWords({ concept: 'level' }, ['level', 'onhand', 'soh']);
defineWords({ concept: 'count' }, ['count', 'take', 'stocktake', 'recount']);
defineWords({ concept: 'receive' }, ['receive', 'receipt', 'receiving', 'goodsin', 'grn', 'intake', 'inbound']);
defineWords({ concept: 'adjust' }, ['adjust', 'adjustment', 'correction', 'writeoff']);
defineWords({ concept: 'webhook' }, ['webhook', 'hook', 'subscription', 'subscriber', 'callback']);
defineWords({ concept: 'webhook', action: 'create' }, ['subscribe']);
defineWords({ concept: 'webhook', action: 'delete' }, ['unsubscribe']);
defineWords({ concept: 'auth' }, ['auth', 'authenticate', 'authentication', 'authorize', 'authorization', 'token', 'login', 'logon', 'signin', 'security', 'session', 'jwt', 'credential', 'oauth']);
defineWords({ concept: 'health' }, ['health', 'status', 'ping', 'heartbeat', 'alive', 'liveness', 'readiness', 'healthcheck']);
defineWords({ action: 'list' }, ['list', 'all', 'getall', 'search', 'find', 'query', 'browse', 'many', 'paged']);
defineWords({ action: 'read' }, ['get', 'read', 'fetch', 'retrieve', 'show', 'detail', 'single', 'byid']);
defineWords({ action: 'create' }, ['create', 'add', 'new', 'insert', 'register']);
defineWords({ action: 'update' }, ['update', 'edit', 'modify', 'change', 'patch', 'amend']);
defineWords({ action: 'delete' }, ['delete', 'remove', 'cancel', 'deactivate', 'destroy', 'drop']);

/** Words that carry nothing but may be half of a run-together word ("containertypes", "byid"). */
const fillerWords = new Set(['api', 'rest', 'controller', 'resource', 'endpoint', 'service', 'using', 'by', 'id', 'the', 'a', 'an', 'of', 'for', 'to', 'and', 'or', 'on', 'with', 'from', 'into', 'its', 'it', 'group', 'type', 'one', 'in', 'up']);

/** Two-word phrases that mean one thing. */
const phrases: Record<string, Meaning> = {
  'goods in': { concept: 'receive' },
  'goods inward': { concept: 'receive' },
  'goods receipt': { concept: 'receive' },
  'goods received': { concept: 'receive' },
  'on hand': { concept: 'level' },
  'sign in': { concept: 'auth' },
  'log in': { concept: 'auth' },
  'write off': { concept: 'adjust' },
};

/** The word and what it may be the plural of: categories → category, classes → class, warehouses → warehouse. */
export function singulars(word: string): string[] {
  const forms = [word];
  if (word.length > 4 && word.endsWith('ies')) forms.push(`${word.slice(0, -3)}y`);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) forms.push(word.slice(0, -1));
  if (/(ss|sh|ch|x|z|us)es$/.test(word)) forms.push(word.slice(0, -2));
  return forms;
}

/** The dictionary entry of a word as written: plural, -ing, -ed and -ment forms tried. */
function lookUp(word: string): Meaning | undefined {
  const forms = singulars(word);
  for (const base of singulars(word)) {
    if (base.endsWith('ing')) forms.push(base.slice(0, -3), `${base.slice(0, -3)}e`);
    if (base.endsWith('ed')) forms.push(base.slice(0, -2), base.slice(0, -1));
    if (base.endsWith('ment')) forms.push(base.slice(0, -4));
  }
  for (const form of forms) if (Object.hasOwn(dictionary, form)) return dictionary[form];
  return undefined;
}

function isKnown(word: string): boolean {
  return lookUp(word) !== undefined || singulars(word).some((form) => fillerWords.has(form));
}

/** Meanings of one word; a run-together word ("stocklevels") is split in two known halves. */
function meaningsOf(word: string): Meaning[] {
  if (fillerWords.has(word)) return [];
  const direct = lookUp(word);
  if (direct) return [direct];
  for (let i = 2; i <= word.length - 2; i++) {
    const left = word.slice(0, i);
    const right = word.slice(i);
    if (isKnown(left) && isKnown(right)) return [lookUp(left), lookUp(right)].filter((m): m is Meaning => m !== undefined);
  }
  return [];
}

/** "receiveStockUsingPOST" → receive stock; "Stock_Receive", "stock.receive", "/stock-receipts" alike. */
export function splitWords(text: string): string[] {
  return text
    .replace(/Using(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)(_\d+)?$/i, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase())
    .filter((w) => !/^v\d+$/.test(w) && !/^\d+$/.test(w));
}

interface WordHit {
  word: string;
  meaning: Meaning;
}

function hitsOf(words: string[]): WordHit[] {
  const hits: WordHit[] = [];
  for (let i = 0; i < words.length; i++) {
    const pair = `${words[i]} ${words[i + 1] ?? ''}`;
    if (Object.hasOwn(phrases, pair)) {
      hits.push({ word: pair, meaning: phrases[pair]! });
      i++;
      continue;
    }
    for (const meaning of meaningsOf(words[i]!)) hits.push({ word: words[i]!, meaning });
  }
  return hits;
}

// ---------------------------------------------------------------- venue's side

interface OperationShape {
  methods: HttpVerb[];
  /** Path parameters venue fills: the route must have exactly this many. */
  params: 0 | 1;
  /** Subjects that identify it (any one), with how much each counts. */
  need: Partial<Record<Concept, number>>;
  /** Subjects that support it when present (stock for stock movements). */
  also?: Concept[];
  action?: Action;
}

const shapes: Record<InventoryOperation, OperationShape> = {
  authenticate: { methods: ['POST'], params: 0, need: { auth: 1 } },
  health: { methods: ['GET'], params: 0, need: { health: 1 } },
  listProducts: { methods: ['GET'], params: 0, need: { product: 1 }, action: 'list' },
  getProduct: { methods: ['GET'], params: 1, need: { product: 1 }, action: 'read' },
  createProduct: { methods: ['POST'], params: 0, need: { product: 1 }, action: 'create' },
  updateProduct: { methods: ['PATCH', 'PUT', 'POST'], params: 1, need: { product: 1 }, action: 'update' },
  listCategories: { methods: ['GET'], params: 0, need: { category: 1 }, action: 'list' },
  listClasses: { methods: ['GET'], params: 0, need: { class: 1 }, action: 'list' },
  listWarehouses: { methods: ['GET'], params: 0, need: { warehouse: 1 }, action: 'list' },
  listTaxGroups: { methods: ['GET'], params: 0, need: { tax: 1 }, action: 'list' },
  listContainers: { methods: ['GET'], params: 0, need: { container: 1 }, action: 'list' },
  listSuppliers: { methods: ['GET'], params: 0, need: { supplier: 1 }, action: 'list' },
  createSupplier: { methods: ['POST'], params: 0, need: { supplier: 1 }, action: 'create' },
  stockLevels: { methods: ['GET'], params: 0, need: { level: 1, stock: 0.6 }, also: ['stock'], action: 'list' },
  stockTake: { methods: ['POST'], params: 0, need: { count: 1 }, also: ['stock'] },
  receiveStock: { methods: ['POST'], params: 0, need: { receive: 1 }, also: ['stock'] },
  adjustStock: { methods: ['POST'], params: 0, need: { adjust: 1 }, also: ['stock'] },
  listWebhooks: { methods: ['GET'], params: 0, need: { webhook: 1 }, action: 'list' },
  createWebhook: { methods: ['POST'], params: 0, need: { webhook: 1 }, action: 'create' },
  updateWebhook: { methods: ['PATCH', 'PUT', 'POST'], params: 1, need: { webhook: 1 }, action: 'update' },
  deleteWebhook: { methods: ['DELETE'], params: 1, need: { webhook: 1 }, action: 'delete' },
};

/** Below this an operation is reported unmatched: a subject named only in a summary is not enough on its own. */
export const MATCH_THRESHOLD = 2;

// ---------------------------------------------------------------- the document's side

type SecurityRequirement = Record<string, unknown>;

export interface DocumentOperation {
  method: HttpVerb;
  /** As written in the document: "/Stock/Receive", "/products/{id}". */
  path: string;
  params: string[];
  operationId?: string;
  summary?: string;
  tags: string[];
  /** The operation's own security, else the document's. */
  security: SecurityRequirement[];
}

const SOURCE_WEIGHT = { path: 3, operationId: 3, tag: 2, summary: 1 } as const;
type Source = keyof typeof SOURCE_WEIGHT;

interface Reading {
  operation: DocumentOperation;
  hits: Record<Source, WordHit[]>;
  /** concept → strength (best source weight, a little more for each further source). */
  concepts: Map<Concept, number>;
  /** action → strength (path or operationId 1, summary 0.5). */
  actions: Map<Action, number>;
}

function readOperation(operation: DocumentOperation, pathWords: string[], description: string | undefined): Reading {
  const hits: Record<Source, WordHit[]> = {
    path: hitsOf(pathWords),
    operationId: hitsOf(splitWords(operation.operationId ?? '')),
    tag: hitsOf(operation.tags.flatMap(splitWords)),
    summary: hitsOf(splitWords(`${operation.summary ?? ''} ${description ?? ''}`)),
  };
  const concepts = new Map<Concept, number>();
  const actions = new Map<Action, number>();
  for (const concept of new Set(Object.values(hits).flat().map((h) => h.meaning.concept).filter((c): c is Concept => c !== undefined))) {
    const weights = (Object.keys(hits) as Source[]).filter((s) => hits[s].some((h) => h.meaning.concept === concept)).map((s) => SOURCE_WEIGHT[s]);
    concepts.set(concept, Math.max(...weights) + 0.25 * (weights.length - 1));
  }
  for (const source of ['path', 'operationId', 'summary'] as const) {
    for (const hit of hits[source]) {
      if (!hit.meaning.action) continue;
      const weight = source === 'summary' ? 0.5 : 1;
      actions.set(hit.meaning.action, Math.max(actions.get(hit.meaning.action) ?? 0, weight));
    }
  }
  return { operation, hits, concepts, actions };
}

const contradicts: Record<Action, Action[]> = {
  list: ['create', 'update', 'delete'],
  read: ['create', 'update', 'delete', 'list'],
  create: ['update', 'delete', 'list'],
  update: ['create', 'delete', 'list'],
  delete: ['create', 'update', 'list'],
};

/** How well a document operation fits one of venue's operations; undefined when it cannot be it. */
function scoreFit(name: InventoryOperation, reading: Reading): number | undefined {
  const shape = shapes[name];
  const { operation } = reading;
  if (!shape.methods.includes(operation.method)) return undefined;
  if (operation.params.length !== shape.params) return undefined;
  let subject = 0;
  for (const [concept, weight] of Object.entries(shape.need) as Array<[Concept, number]>) {
    subject = Math.max(subject, (reading.concepts.get(concept) ?? 0) * weight);
  }
  if (subject === 0) return undefined;
  let score = subject;
  for (const concept of shape.also ?? []) score += 0.5 * (reading.concepts.get(concept) ?? 0);
  // Another subject named in the path, operationId or tag: a product's stock, a category's classes.
  const own = new Set<Concept>([...(Object.keys(shape.need) as Concept[]), ...(shape.also ?? [])]);
  for (const [concept] of reading.concepts) {
    if (own.has(concept)) continue;
    const strongest = Math.max(0, ...(['path', 'operationId', 'tag'] as const).filter((s) => reading.hits[s].some((h) => h.meaning.concept === concept)).map((s) => SOURCE_WEIGHT[s]));
    score -= 0.5 * strongest;
  }
  if (shape.action) {
    score += reading.actions.get(shape.action) ?? 0;
    for (const other of contradicts[shape.action]) score -= reading.actions.get(other) ?? 0;
  }
  if (operation.method === 'POST' && shape.methods[0] !== 'POST') score -= 1.5;
  if (operation.method === 'PATCH') score += 0.25; // venue's updates are partial
  return Math.round(score * 100) / 100;
}

function evidenceOf(name: InventoryOperation, reading: Reading): string {
  const shape = shapes[name];
  const relevant = new Set<string>([...Object.keys(shape.need), ...(shape.also ?? [])]);
  const counts = (hit: WordHit) => (hit.meaning.concept && relevant.has(hit.meaning.concept)) || (shape.action && hit.meaning.action === shape.action);
  const words = (source: Source) => [...new Set(reading.hits[source].filter(counts).map((h) => h.word))];
  const { operation } = reading;
  const parts = [`method ${operation.method}`];
  if (words('path').length) parts.push(`path words ${words('path').join(', ')}`);
  if (operation.params.length) parts.push(`path parameter {${operation.params.join('}, {')}}`);
  if (words('operationId').length) parts.push(`operationId ${operation.operationId}`);
  const tags = operation.tags.filter((tag) => hitsOf(splitWords(tag)).some(counts));
  if (tags.length) parts.push(`tag ${tags.join(', ')}`);
  if (words('summary').length) parts.push(`summary words ${words('summary').join(', ')}`);
  return parts.join('; ');
}

// ---------------------------------------------------------------- reading the document

const METHODS: Record<string, HttpVerb> = { get: 'GET', post: 'POST', put: 'PUT', patch: 'PATCH', delete: 'DELETE' };

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** OpenAPI 3.x only; anything else is a usage error saying what it is. */
export function checkOpenApiVersion(document: unknown): { openapi: string; title?: string } {
  if (!isObject(document)) throw new UsageError('the document is not an OpenAPI document (it is not a JSON or YAML object)');
  if (document.swagger !== undefined) {
    throw new UsageError(`the document is Swagger ${String(document.swagger)} (OpenAPI 2.0): venue reads OpenAPI 3.x only`, {
      hint: 'Ask the vendor for an OpenAPI 3 document, or convert this one (for example with swagger2openapi, or "Convert to OpenAPI 3" in editor.swagger.io).',
    });
  }
  const version = text(document.openapi);
  if (!version) throw new UsageError('the document is not an OpenAPI document: it has no "openapi" version field');
  if (!/^3\.\d+/.test(version)) throw new UsageError(`the document is OpenAPI ${version}: venue reads OpenAPI 3.x only`);
  if (!isObject(document.paths)) throw new UsageError('the OpenAPI document has no "paths"');
  return { openapi: version, title: isObject(document.info) ? text(document.info.title) : undefined };
}

function documentOperations(document: Record<string, unknown>): Array<{ operation: DocumentOperation; description?: string }> {
  const global = Array.isArray(document.security) ? (document.security as SecurityRequirement[]) : [];
  const found: Array<{ operation: DocumentOperation; description?: string }> = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, unknown>)) {
    if (!isObject(item) || !path.startsWith('/')) continue;
    for (const [key, raw] of Object.entries(item)) {
      const method = METHODS[key.toLowerCase()];
      if (!method || !isObject(raw)) continue;
      const params = [...path.matchAll(/\{([^{}/]+)\}/g)].map((m) => m[1]!);
      found.push({
        operation: {
          method,
          path,
          params,
          operationId: text(raw.operationId),
          summary: text(raw.summary),
          tags: Array.isArray(raw.tags) ? raw.tags.filter((t): t is string => typeof t === 'string') : [],
          security: Array.isArray(raw.security) ? (raw.security as SecurityRequirement[]) : global,
        },
        description: text(raw.description)?.slice(0, 300),
      });
    }
  }
  return found;
}

/**
 * Literal leading segments most paths share ("/inventory" of
 * "/inventory/receipts", "/inventory/products"…) say nothing about any one
 * operation; they are left out of the path words.
 */
function sharedPrefixLength(paths: string[]): number {
  if (paths.length < 4) return 0;
  const split = paths.map((p) => p.split('/').filter(Boolean));
  let depth = 0;
  for (;;) {
    const counts = new Map<string, number>();
    for (const segments of split) {
      const segment = segments[depth];
      if (segment && !segment.startsWith('{') && segments.length > depth + 1) counts.set(segment.toLowerCase(), (counts.get(segment.toLowerCase()) ?? 0) + 1);
    }
    const [best] = [...counts.values()].sort((a, b) => b - a);
    if (!best || best < paths.length * 0.75) return depth;
    depth++;
  }
}

// ---------------------------------------------------------------- servers and security

export interface ServerFinding {
  /** servers[0].url with its variables resolved; undefined when the document has none. */
  url?: string;
  /** The path part of that URL: "/api/v2", "" for none. */
  path: string;
}

export function serverOf(document: Record<string, unknown>): ServerFinding {
  const first = Array.isArray(document.servers) ? document.servers[0] : undefined;
  if (!isObject(first) || !text(first.url)) return { path: '' };
  const variables = isObject(first.variables) ? first.variables : {};
  const url = text(first.url)!.replace(/\{([^{}]+)\}/g, (_all, name: string) => {
    const variable = variables[name];
    const fallback = isObject(variable) ? variable.default : undefined;
    if (typeof fallback !== 'string' && typeof fallback !== 'number') throw new UsageError(`servers[0].url uses {${name}} but the document gives it no default`);
    return String(fallback);
  });
  let path: string;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url) || url.startsWith('//')) {
    path = new URL(url, 'http://relative.invalid').pathname;
  } else {
    path = url.split(/[?#]/)[0]!;
    if (!path.startsWith('/')) path = `/${path}`;
  }
  return { url, path: normaliseBasePath(decodeURI(path)) };
}

/**
 * The base path to store for a profile whose inventory.url already ends in
 * part of the server's path: the sandbox's inventory.url is
 * "<origin>/inventory" and its document's server "<origin>/inventory/api/v2",
 * so the base path is "/api/v2".
 */
export function basePathUnder(serverPath: string, inventoryUrl: string | undefined): string {
  if (!inventoryUrl) return serverPath;
  let urlPath: string;
  try {
    urlPath = new URL(inventoryUrl).pathname.replace(/\/+$/, '');
  } catch {
    return serverPath;
  }
  if (urlPath && (serverPath === urlPath || serverPath.startsWith(`${urlPath}/`))) return serverPath.slice(urlPath.length);
  return serverPath;
}

export interface AuthFinding {
  /** The scheme venue will use; undefined when the document offers none it supports. */
  scheme?: AuthScheme;
  /** Its name under components.securitySchemes. */
  schemeName?: string;
  /** In words: "securitySchemes.ApiToken: apiKey in header X-Api-Token". */
  evidence: string;
  /** Schemes the operations use that venue cannot send (query or cookie keys, OAuth2, basic). */
  unsupported: Array<{ name: string; kind: string }>;
}

function describeScheme(name: string, scheme: unknown): { supported?: AuthScheme; kind: string } {
  if (!isObject(scheme)) return { kind: 'not described under components.securitySchemes' };
  const type = String(scheme.type ?? '');
  if (type === 'http') {
    const httpScheme = String(scheme.scheme ?? '').toLowerCase();
    return httpScheme === 'bearer' ? { supported: { type: 'bearer' }, kind: 'http bearer' } : { kind: `http ${httpScheme || '(no scheme)'}` };
  }
  if (type === 'apiKey') {
    const where = String(scheme.in ?? '');
    const header = text(scheme.name);
    if (where === 'header' && header && /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(header)) {
      return { supported: /^authorization$/i.test(header) && /bearer/i.test(String(scheme.description ?? '')) ? { type: 'bearer' } : { type: 'header', name: header }, kind: `apiKey in header ${header}` };
    }
    return { kind: `apiKey in ${where || '(nowhere)'}${header ? ` ${header}` : ''}` };
  }
  return { kind: type || `${name} (no type)` };
}

/** The scheme the operations ask for, preferring one venue can send; bearer wins a tie. */
function authOf(document: Record<string, unknown>, operations: DocumentOperation[]): AuthFinding {
  const schemes = isObject(document.components) && isObject(document.components.securitySchemes) ? document.components.securitySchemes : {};
  const uses = new Map<string, number>();
  for (const operation of operations) {
    for (const requirement of operation.security) {
      if (!isObject(requirement)) continue;
      const names = Object.keys(requirement);
      // A requirement naming several schemes needs all of them at once: venue sends one.
      if (names.length === 1) uses.set(names[0]!, (uses.get(names[0]!) ?? 0) + 1);
    }
  }
  const described = [...uses].map(([name, count]) => ({ name, count, ...describeScheme(name, schemes[name]) }));
  const supported = described.filter((d) => d.supported).sort((a, b) => b.count - a.count || (a.supported!.type === 'bearer' ? -1 : 1));
  const unsupported = described.filter((d) => !d.supported).map(({ name, kind }) => ({ name, kind }));
  const chosen = supported[0];
  if (chosen) return { scheme: chosen.supported, schemeName: chosen.name, evidence: `securitySchemes.${chosen.name}: ${chosen.kind}`, unsupported };
  return { evidence: uses.size ? 'no scheme venue can send' : 'the operations name no security scheme', unsupported };
}

// ---------------------------------------------------------------- the result

export interface MatchedOperation {
  operation: InventoryOperation;
  matched: true;
  method: HttpVerb;
  path: string;
  /** "POST /Stock/Receive": the value of inventory.routes.<operation>. */
  route: string;
  operationId?: string;
  score: number;
  evidence: string;
}

export interface UnmatchedOperation {
  operation: InventoryOperation;
  matched: false;
  /** Why: nothing fits, the best fit is too weak, or it fits another operation better. */
  reason: string;
}

export type OperationResult = MatchedOperation | UnmatchedOperation;

export interface OpenApiImport {
  openapi: string;
  title?: string;
  /** All 21, in venue's order. */
  operations: OperationResult[];
  server: ServerFinding;
  auth: AuthFinding;
  /** Document operations no venue operation took: "GET /Reports/Sales". */
  unused: string[];
}

const subjectWords: Record<InventoryOperation, string> = {
  authenticate: 'a token or authentication', health: 'health or status', listProducts: 'products', getProduct: 'a product',
  createProduct: 'products', updateProduct: 'a product', listCategories: 'categories', listClasses: 'classes',
  listWarehouses: 'warehouses', listTaxGroups: 'tax groups', listContainers: 'container types', listSuppliers: 'suppliers',
  createSupplier: 'suppliers', stockLevels: 'stock levels', stockTake: 'stock takes or counts', receiveStock: 'stock receipts',
  adjustStock: 'stock adjustments', listWebhooks: 'webhooks or subscriptions', createWebhook: 'webhooks or subscriptions',
  updateWebhook: 'a webhook or subscription', deleteWebhook: 'a webhook or subscription',
};

/** Matches a parsed OpenAPI 3.x document to venue's 21 inventory operations. */
export function importOpenApi(document: unknown): OpenApiImport {
  const { openapi, title } = checkOpenApiVersion(document);
  const doc = document as Record<string, unknown>;
  const found = documentOperations(doc);
  const skip = sharedPrefixLength(found.map((f) => f.operation.path));
  const readings = found.map(({ operation, description }) => {
    const literal = operation.path.split('/').filter((s) => s && !s.startsWith('{')).slice(skip);
    return readOperation(operation, literal.flatMap(splitWords), description);
  });

  const candidates: Array<{ name: InventoryOperation; index: number; score: number }> = [];
  inventoryOperationNames.forEach((name) => {
    readings.forEach((reading, index) => {
      const score = scoreFit(name, reading);
      if (score !== undefined) candidates.push({ name, index, score });
    });
  });
  const order = (name: InventoryOperation) => inventoryOperationNames.indexOf(name);
  candidates.sort((a, b) => b.score - a.score || order(a.name) - order(b.name) || a.index - b.index);

  const taken = new Map<number, InventoryOperation>();
  const assigned = new Map<InventoryOperation, number>();
  for (const candidate of candidates) {
    if (candidate.score < MATCH_THRESHOLD) break;
    if (assigned.has(candidate.name) || taken.has(candidate.index)) continue;
    assigned.set(candidate.name, candidate.index);
    taken.set(candidate.index, candidate.name);
  }

  const label = (index: number) => `${readings[index]!.operation.method} ${readings[index]!.operation.path}`;
  const operations: OperationResult[] = inventoryOperationNames.map((name) => {
    const index = assigned.get(name);
    if (index !== undefined) {
      const { operation } = readings[index]!;
      const score = candidates.find((c) => c.name === name && c.index === index)!.score;
      return { operation: name, matched: true, method: operation.method, path: operation.path, route: label(index), operationId: operation.operationId, score, evidence: evidenceOf(name, readings[index]!) };
    }
    const best = candidates.find((c) => c.name === name);
    const shape = shapes[name];
    let reason: string;
    if (!best) {
      reason = `no ${shape.methods.filter((m) => m !== 'POST' || shape.methods.length === 1).join(' or ')} operation ${shape.params === 0 ? 'without path parameters' : 'with one path parameter'} names ${subjectWords[name]}`;
    } else if (best.score < MATCH_THRESHOLD) {
      reason = `closest is ${label(best.index)}, too weak a fit (${evidenceOf(name, readings[best.index]!)})`;
    } else {
      reason = `${label(best.index)} fits but fits ${taken.get(best.index)} better`;
    }
    return { operation: name, matched: false, reason };
  });

  const securedOperations = operations
    .filter((r): r is MatchedOperation => r.matched && r.operation !== 'authenticate' && r.operation !== 'health')
    .map((r) => readings[assigned.get(r.operation)!]!.operation);
  return {
    openapi,
    title,
    operations,
    server: serverOf(doc),
    auth: authOf(doc, securedOperations.length ? securedOperations : readings.map((r) => r.operation)),
    unused: readings.map((_r, index) => index).filter((index) => !taken.has(index)).map(label),
  };
}

// ---------------------------------------------------------------- the text

/** JSON, or YAML through the `yaml` package (loaded only here). Unreadable text is exit 6, as a document that cannot be read. */
export async function parseOpenApiText(body: string, source: string): Promise<unknown> {
  const trimmed = body.replace(/^\uFEFF/, '').trim();
  if (!trimmed) throw new VenueError('server', `${source} is empty`);
  try {
    if (trimmed.startsWith('{')) return JSON.parse(trimmed) as unknown;
    const { parse } = await import('yaml');
    return parse(trimmed) as unknown;
  } catch (error) {
    throw new VenueError('server', `cannot read ${source} as JSON or YAML: ${(error as Error).message.split('\n')[0]}`, { cause: error });
  }
}

// ---------------------------------------------------------------- what an import leaves in the profile

/**
 * Stored as inventory.importedRoutes: what the last import set. A route is
 * "imported" while the profile still holds exactly this value; once someone
 * sets it by hand it differs and counts as theirs. A new import replaces what
 * the previous one stored, and leaves routes set by hand alone unless it
 * matched those operations itself.
 */
export interface ImportRecord {
  basePath: string;
  auth?: string;
  routes: Partial<Record<InventoryOperation, string>>;
}

export function parseImportRecord(value: string | undefined): ImportRecord | undefined {
  if (!value) return undefined;
  try {
    const data = JSON.parse(value) as unknown;
    if (!isObject(data) || !isObject(data.routes)) return undefined;
    const routes: ImportRecord['routes'] = {};
    for (const name of inventoryOperationNames) {
      const route = data.routes[name];
      if (typeof route === 'string') routes[name] = route;
    }
    return { basePath: typeof data.basePath === 'string' ? data.basePath : '', auth: typeof data.auth === 'string' ? data.auth : undefined, routes };
  } catch {
    return undefined;
  }
}

export function formatImportRecord(record: ImportRecord): string {
  return JSON.stringify({ basePath: record.basePath, ...(record.auth ? { auth: record.auth } : {}), routes: record.routes });
}
