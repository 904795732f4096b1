import { readFileSync } from 'node:fs';

let cached: string | undefined;

/** The package version, read once from package.json beside dist/. */
export function venueVersion(): string {
  if (!cached) {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    cached = pkg.version;
  }
  return cached;
}
