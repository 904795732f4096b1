// The one import and the one score both vendor scorers use (test/process/config/import-openapi-vendors.test.ts for the tuning set,
// test/in-process/config/import-openapi-heldout.test.ts for the held-out round), so a round scores alike on both
// sides: the case's documents, a dry run as JSON, `--server-var` for each of its server, path, query and header
// variables, and a server variable it gives no value for taken at the document's default, as a person accepting the
// value the import offers would (the cases' convention).

import path from 'node:path';
import { allowsRoute, type VendorCase } from '../fixtures/openapi/vendors/picks.js';

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** What the dry run's JSON review holds that the scorers read first. */
interface Offered {
  serverVariables?: Array<{ name: string; default: string | null }>;
}

export async function scoringImport<Review extends Offered>(
  vendor: VendorCase,
  dir: string,
  run: (args: string[]) => Promise<Ran>,
  defaults: Record<string, string> = {},
): Promise<{ review?: Review; code: number; stderr: string }> {
  const vars = { ...defaults, ...vendor.serverVars, ...vendor.pathVars, ...vendor.queryVars, ...vendor.headerVars };
  const args = ['config', 'import-openapi', ...vendor.files.map((f) => path.join(dir, f)), '--dry-run', '-o', 'json'];
  for (const [name, value] of Object.entries(vars)) args.push('--server-var', `${name}=${value}`);
  const r = await run(args);
  const review = r.code === 0 ? (JSON.parse(r.stdout) as Review) : undefined;
  const offered = (review?.serverVariables ?? []).filter((v) => v.default !== null && !(v.name in vars));
  if (offered.length && !Object.keys(defaults).length)
    return scoringImport(vendor, dir, run, Object.fromEntries(offered.map((v) => [v.name, v.default!])));
  return { code: r.code, stderr: r.stderr, ...(review ? { review } : {}) };
}

/** A case's figures: right (mapped to one of its picks), wrong (mapped elsewhere, or where it has none), missed (a pick
 * left unmapped), never (a route of its `never` list mapped, whatever the operation), mapped (every route mapped). */
export interface CaseScore {
  picks: number;
  right: number;
  wrong: string[];
  missed: string[];
  never: string[];
  mapped: number;
}

export function scoreCase(
  vendor: VendorCase,
  operations: ReadonlyArray<{ operation: string; matched: boolean; route: string | null }>,
  basePath: string | null = vendor.basePath,
): CaseScore {
  // A case written from a document with Express-style parameters names its routes as written (/products/:id); the
  // import stores them templated (/products/{id}), as venue's client fills them.
  const templated = (route: string) => route.replace(/\/:([A-Za-z_][\w.-]*)\}?(?=\/|$)/g, '/{$1}');
  // A route is compared as stored and as sent under its base path: documents whose servers share a prefix (/sap/opu)
  // may have it stored as the base path where the case, with none, writes it in each route (the URL is the same); a
  // case whose document puts a path in its host (sb2api.servicechannel.com/v3) has no base path where the import
  // stores one, and its routes match as stored.
  const sent = (route: string, base: string | null) => {
    const at = route.indexOf(' /');
    return at < 0 || !base ? route : `${route.slice(0, at)} ${base.replace(/\/+$/, '')}${route.slice(at + 1)}`;
  };
  const allows = (routes: readonly string[], route: string | null) =>
    route !== null &&
    (allowsRoute(routes, route) ||
      allowsRoute(
        routes.map((r) => sent(r, vendor.basePath)),
        sent(route, basePath),
      ));
  const never = vendor.never.map(templated);
  const f: CaseScore = {
    picks: Object.keys(vendor.picks).length,
    right: 0,
    wrong: [],
    missed: [],
    never: [],
    mapped: 0,
  };
  for (const operation of Object.keys(vendor.picks)) {
    const row = operations.find((r) => r.operation === operation);
    if (!row?.matched) f.missed.push(operation);
  }
  for (const row of operations) {
    if (!row.matched) continue;
    const pick = vendor.picks[row.operation as keyof typeof vendor.picks];
    const allowed = (pick === undefined ? [] : Array.isArray(pick) ? pick : [pick]).map(templated);
    f.mapped++;
    if (allows(allowed, row.route)) f.right++;
    else f.wrong.push(`${row.operation} → ${row.route}`);
    if (allows(never, row.route)) f.never.push(`${row.operation} → ${row.route}`);
  }
  return f;
}
