// Files the package ships beside its code, found from this module: its
// source (src/lib/), its compiled copy (dist/lib/) and the bundle's chunks
// (dist/bundle/) all lie two folders below the package's root, so one
// relative address serves each. Keep this file in src/lib/ for that reason.

import { readFileSync } from 'node:fs';

/** A file of the package, by its path from the package's root ('dist/mcp.json'). */
export function packageFile(relative: string): URL {
  return new URL(`../../${relative}`, import.meta.url);
}

/** A JSON file the build wrote (dist/mcp.json), or undefined when it is missing. */
export function readBuiltJson<T>(relative: string): T | undefined {
  try {
    return JSON.parse(readFileSync(packageFile(relative), 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
