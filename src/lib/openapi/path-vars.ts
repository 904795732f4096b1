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

import type { DocumentOperation } from './operations.js';
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
