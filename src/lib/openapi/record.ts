// What an import leaves in the profile beside the routes: inventory.importedRoutes,
// a copy of what the imports stored and which document each route came from.
// A route is "imported" while the profile still holds exactly this value; once
// someone sets it by hand it differs and counts as theirs.
//
// Several documents of one vendor (catalogue, inventory, webhooks…) may be
// imported together or one after another. Importing a document keeps the
// routes earlier imports took from other documents, unless this one maps the
// same operation (shown as a conflict) or --replace is given; re-importing a
// document replaces what it stored before. When the documents' servers differ
// (BigCommerce's /stores/{hash}/v3 and /v2), the base path becomes the part
// they share and each route keeps the rest.

import { inventoryOperationNames, type InventoryOperation } from '../inventory/routes.js';
import { isObject } from './pointer.js';
import { commonBasePath } from './servers.js';

export interface ImportRecord {
  basePath: string;
  auth?: string;
  routes: Partial<Record<InventoryOperation, string>>;
  /** The document each route came from (absent for records written before sources were kept). */
  sources: Partial<Record<InventoryOperation, string>>;
}

export function parseImportRecord(value: string | undefined): ImportRecord | undefined {
  if (!value) return undefined;
  try {
    const data = JSON.parse(value) as unknown;
    if (!isObject(data) || !isObject(data.routes)) return undefined;
    const routes: ImportRecord['routes'] = {};
    const sources: ImportRecord['sources'] = {};
    const given = isObject(data.sources) ? data.sources : {};
    for (const name of inventoryOperationNames) {
      const route = data.routes[name];
      if (typeof route === 'string') routes[name] = route;
      if (typeof given[name] === 'string') sources[name] = given[name] as string;
    }
    return {
      basePath: typeof data.basePath === 'string' ? data.basePath : '',
      auth: typeof data.auth === 'string' ? data.auth : undefined,
      routes,
      sources,
    };
  } catch {
    return undefined;
  }
}

export function formatImportRecord(record: ImportRecord): string {
  return JSON.stringify({
    basePath: record.basePath,
    ...(record.auth ? { auth: record.auth } : {}),
    routes: record.routes,
    ...(Object.keys(record.sources).length ? { sources: record.sources } : {}),
  });
}

export interface StoredRoute {
  operation: InventoryOperation;
  /** "GET /catalog/products", under the base path. */
  route: string;
  source?: string;
}

export interface MergeInput {
  /** The record of earlier imports, if any. */
  previous?: ImportRecord;
  /** What the profile holds now for a setting (to tell imported routes from ones set by hand). */
  current: (operation: InventoryOperation) => string | undefined;
  /** The profile's inventory.basePath now. */
  currentBasePath: string;
  /** The documents of this import. */
  labels: string[];
  /** This import's routes, under its own base path. */
  routes: StoredRoute[];
  basePath: string;
  /** Forget what earlier imports of other documents stored. */
  replace: boolean;
}

export interface MergeResult {
  basePath: string;
  /** Every route to set, under basePath: this import's, those kept from earlier imports, and hand-set ones re-based. */
  set: StoredRoute[];
  /** Operations whose route an earlier import stored and nothing keeps: unset (their default comes back). */
  unset: InventoryOperation[];
  /** Routes kept from earlier imports of other documents. */
  kept: StoredRoute[];
  /** Where this import replaced what an earlier import of another document stored. */
  conflicts: string[];
  /** Routes set by hand whose path was re-written under a new base path (their address is unchanged). */
  rebased: InventoryOperation[];
}

const splitRoute = (route: string) => {
  const space = route.indexOf(' ');
  return { method: route.slice(0, space), path: route.slice(space + 1) };
};

/** What to store, given what earlier imports and hand-set routes hold. */
export function mergeImports(input: MergeInput): MergeResult {
  const previous = input.previous;
  const mine = new Set(input.labels);
  const mapped = new Map(input.routes.map((r) => [r.operation, r]));
  const kept: StoredRoute[] = [];
  const unset: InventoryOperation[] = [];
  const conflicts: string[] = [];
  const handSet: StoredRoute[] = [];

  for (const operation of inventoryOperationNames) {
    const now = input.current(operation);
    const imported = previous?.routes[operation];
    const stillImported = imported !== undefined && now === imported;
    const source = previous?.sources[operation];
    if (mapped.has(operation)) {
      if (stillImported && source && !mine.has(source) && imported !== undefined) {
        conflicts.push(
          `${operation}: ${imported} from ${source} is replaced by ${mapped.get(operation)!.route} from ${mapped.get(operation)!.source ?? 'this import'}`,
        );
      }
      continue;
    }
    if (stillImported) {
      // Stored by an earlier import. Kept when it came from another document (and --replace was not given).
      if (source && !mine.has(source) && !input.replace) kept.push({ operation, route: imported, source });
      else unset.push(operation);
    } else if (now !== undefined) {
      handSet.push({ operation, route: now });
    }
  }

  const oldBase = input.currentBasePath;
  const base = kept.length || handSet.length ? commonBasePath([oldBase, input.basePath]) : input.basePath;
  const rebase = (route: StoredRoute, from: string): StoredRoute => {
    const { method, path } = splitRoute(route.route);
    return { ...route, route: `${method} ${`${from}${path}`.slice(base.length) || '/'}` };
  };
  const set = [...input.routes.map((r) => rebase(r, input.basePath)), ...kept.map((r) => rebase(r, oldBase))];
  const rebased: InventoryOperation[] = [];
  if (base !== oldBase) {
    for (const route of handSet) {
      set.push(rebase(route, oldBase));
      rebased.push(route.operation);
    }
  }
  return { basePath: base, set, unset, kept: kept.map((r) => rebase(r, oldBase)), conflicts, rebased };
}
