// The one import both vendor scorers run (test/process/config/import-openapi-vendors.test.ts for the tuning set,
// test/in-process/config/import-openapi-heldout.test.ts for the held-out round), so a round scores alike on both
// sides: the case's documents, a dry run as JSON, `--server-var` for each of its server, path, query and header
// variables, and a server variable it gives no value for taken at the document's default, as a person accepting the
// value the import offers would (the cases' convention).

import path from 'node:path';
import type { VendorCase } from '../fixtures/openapi/vendors/picks.js';

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
