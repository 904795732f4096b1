// What an import leaves in the profile beside the routes: inventory.importedRoutes,
// a copy of what the imports stored and which document each route came from.
// A route is "imported" while the profile still holds exactly this value; once
// someone sets it by hand it differs and counts as theirs.
//
// Several documents of one vendor (catalogue, inventory, webhooks…) may be
// imported together or one after another. Importing a document keeps the
// routes earlier imports took from other documents, unless --replace is
// given; where this one maps the same operation, the stronger mapping stays
// (the higher confidence; --map's choice over any evidence; at equal
// confidence the route first in order), so that the documents of one vendor
// imported in either order end with the same routes, and the review shows
// both. Re-importing a document replaces what it stored before. When the documents' servers differ
// (BigCommerce's /stores/{hash}/v3 and /v2), the base path becomes the part
// they share and each route keeps the rest.

import { inventoryOperationNames, type InventoryOperation } from '../inventory/routes.js';
import { isObject } from './pointer.js';
import { commonBasePath, remainderAfter } from './servers.js';

export interface ImportRecord {
  basePath: string;
  auth?: string;
  /** inventory.pathVars as the import stored it. */
  pathVars?: string;
  /** inventory.updateReplaces as the import stored it (the update replaces the record). */
  updateReplaces?: string;
  /** inventory.perLine as the import stored it (stock writes one line per call, the product in the body). */
  perLine?: string;
  /** inventory.jsonPatch as the import stored it (record updates sent as a JSON Patch). */
  jsonPatch?: string;
  /** Each operation's route, or "none" for one --map left unmapped. */
  routes: Partial<Record<InventoryOperation, string>>;
  /** The document each route came from (absent for records written before sources were kept). */
  sources: Partial<Record<InventoryOperation, string>>;
  /** How strong each route's evidence was: its confidence, or "--map" for a person's choice (absent in older records). */
  strengths?: Partial<Record<InventoryOperation, Strength>>;
}

/** A mapping's weight against another's: its confidence, or a person's choice (--map, the review), which evidence never outweighs. */
export type Strength = number | 'chosen';

export function parseImportRecord(value: string | undefined): ImportRecord | undefined {
  if (!value) return undefined;
  try {
    const data = JSON.parse(value) as unknown;
    if (!isObject(data) || !isObject(data.routes)) return undefined;
    const routes: ImportRecord['routes'] = {};
    const sources: ImportRecord['sources'] = {};
    const strengths: NonNullable<ImportRecord['strengths']> = {};
    const given = isObject(data.sources) ? data.sources : {};
    const weights = isObject(data.strengths) ? data.strengths : {};
    for (const name of inventoryOperationNames) {
      const route = data.routes[name];
      if (typeof route === 'string') routes[name] = route;
      if (typeof given[name] === 'string') sources[name] = given[name] as string;
      const weight = weights[name];
      if ((typeof weight === 'number' && weight >= 0 && weight <= 1) || weight === 'chosen') strengths[name] = weight;
    }
    return {
      basePath: typeof data.basePath === 'string' ? data.basePath : '',
      auth: typeof data.auth === 'string' ? data.auth : undefined,
      ...(typeof data.pathVars === 'string' ? { pathVars: data.pathVars } : {}),
      ...(typeof data.updateReplaces === 'string' ? { updateReplaces: data.updateReplaces } : {}),
      ...(typeof data.perLine === 'string' ? { perLine: data.perLine } : {}),
      ...(typeof data.jsonPatch === 'string' ? { jsonPatch: data.jsonPatch } : {}),
      routes,
      sources,
      ...(Object.keys(strengths).length ? { strengths } : {}),
    };
  } catch {
    return undefined;
  }
}

export function formatImportRecord(record: ImportRecord): string {
  return JSON.stringify({
    basePath: record.basePath,
    ...(record.auth ? { auth: record.auth } : {}),
    ...(record.pathVars ? { pathVars: record.pathVars } : {}),
    ...(record.updateReplaces ? { updateReplaces: record.updateReplaces } : {}),
    ...(record.perLine ? { perLine: record.perLine } : {}),
    ...(record.jsonPatch ? { jsonPatch: record.jsonPatch } : {}),
    routes: record.routes,
    ...(Object.keys(record.sources).length ? { sources: record.sources } : {}),
    ...(record.strengths && Object.keys(record.strengths).length ? { strengths: record.strengths } : {}),
  });
}

export interface StoredRoute {
  operation: InventoryOperation;
  /** "GET /catalog/products", under the base path. */
  route: string;
  source?: string;
  /** Its confidence, or "chosen" by a person; undefined when not known (an older record). */
  strength?: Strength;
}

/** Whether a mapping outweighs another: a person's choice over evidence, then the higher confidence, then the route first in order. */
export function outweighs(
  a: { route: string; strength?: Strength },
  b: { route: string; strength?: Strength },
): boolean {
  if (a.strength === undefined || b.strength === undefined) return false;
  if (a.strength === 'chosen' || b.strength === 'chosen') return a.strength === 'chosen' && b.strength !== 'chosen';
  if (a.strength !== b.strength) return a.strength > b.strength;
  return a.route < b.route;
}

const shown = (strength: Strength | undefined) =>
  strength === undefined ? '' : strength === 'chosen' ? ', chosen by a person' : ` (${strength.toFixed(2)})`;

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
  /** Operations this import leaves unmapped on purpose (--map <operation>=none): stored as "none". */
  unmapped?: InventoryOperation[];
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
  /** Where this import and an earlier import of another document map one operation, and which route stays. */
  conflicts: string[];
  /** Operations this import mapped whose earlier, stronger route stays (without --replace): shown beside the weaker one. */
  held: Array<StoredRoute & { instead: StoredRoute }>;
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
  const unmapped = new Set(input.unmapped ?? []);
  const mapped = new Map(input.routes.map((r) => [r.operation, r]));
  const kept: StoredRoute[] = [];
  const held: MergeResult['held'] = [];
  const unset: InventoryOperation[] = [];
  const conflicts: string[] = [];
  const handSet: StoredRoute[] = [];

  // Routes in conflicts are shown whole (under the server path each import had), the two imports' base paths aside.
  const whole = (route: string, base: string) => {
    if (route === 'none') return 'none (unmapped)';
    const { method, path } = splitRoute(route);
    return `${method} ${base}${path}`;
  };
  for (const operation of inventoryOperationNames) {
    const now = input.current(operation);
    const imported = previous?.routes[operation];
    const stillImported = imported !== undefined && now === imported;
    const source = previous?.sources[operation];
    const fromOther = stillImported && source !== undefined && !mine.has(source);
    if (unmapped.has(operation)) continue;
    const incoming = mapped.get(operation);
    if (incoming) {
      if (fromOther) {
        const earlier: StoredRoute = {
          operation,
          route: imported,
          source,
          strength: imported === 'none' ? 'chosen' : previous?.strengths?.[operation],
        };
        if (!input.replace && outweighs(earlier, incoming)) {
          // The earlier mapping is the stronger: it stays, and the review shows the weaker one beside it.
          mapped.delete(operation);
          kept.push(earlier);
          held.push({ ...earlier, instead: incoming });
          conflicts.push(
            `${operation}: ${whole(imported, input.currentBasePath)} from ${source}${shown(earlier.strength)} is kept over ${whole(incoming.route, input.basePath)} from ${incoming.source ?? 'this import'}${shown(incoming.strength)} (--replace takes the new one)`,
          );
        } else {
          conflicts.push(
            `${operation}: ${whole(imported, input.currentBasePath)} from ${source}${shown(earlier.strength)} is replaced by ${whole(incoming.route, input.basePath)} from ${incoming.source ?? 'this import'}${shown(incoming.strength)}`,
          );
        }
      }
      continue;
    }
    if (stillImported) {
      // Stored by an earlier import. Kept when it came from another document (and --replace was not given).
      if (fromOther && !input.replace)
        kept.push({ operation, route: imported, source, strength: previous?.strengths?.[operation] });
      else unset.push(operation);
    } else if (now !== undefined) {
      handSet.push({ operation, route: now });
    }
  }

  const oldBase = input.currentBasePath;
  const base = kept.length || handSet.length ? commonBasePath([oldBase, input.basePath]) : input.basePath;
  const rebase = (route: StoredRoute, from: string): StoredRoute => {
    if (route.route === 'none') return route;
    const { method, path } = splitRoute(route.route);
    return { ...route, route: `${method} ${remainderAfter(base, `${from}${path}`) || '/'}` };
  };
  const set = [
    ...[...mapped.values()].map((r) => rebase(r, input.basePath)),
    ...kept.map((r) => rebase(r, oldBase)),
    ...[...unmapped].map((operation): StoredRoute => ({ operation, route: 'none', strength: 'chosen' })),
  ];
  const rebased: InventoryOperation[] = [];
  if (base !== oldBase) {
    for (const route of handSet) {
      set.push(rebase(route, oldBase));
      rebased.push(route.operation);
    }
  }
  return {
    basePath: base,
    set,
    unset,
    kept: kept.map((r) => rebase(r, oldBase)),
    held: held.map((h) => ({ ...rebase(h, oldBase), instead: rebase(h.instead, input.basePath) })),
    conflicts,
    rebased,
  };
}
