#!/usr/bin/env node
// Bundles the CLI's runtime into dist/bundle/ for start-up speed: our modules
// plus commander and undici (113 files on its own) become a few ESM files,
// split at every dynamic import so each command still loads only its share.
// Dependencies that are loaded lazily and only by some commands stay external.
// tsc's dist/ stays as it is, for tests and benchmarks that import modules.

import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const bundled = new Set(['commander', 'undici']);
const external = Object.keys(pkg.dependencies).filter((name) => !bundled.has(name));

await build({
  entryPoints: ['src/main.ts'],
  outdir: 'dist/bundle',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  external,
  // CommonJS inside the bundle (undici, commander) needs a require.
  banner: { js: "import { createRequire as __venueCreateRequire } from 'node:module'; const require = __venueCreateRequire(import.meta.url);" },
  // Chunks beside main.js: paths resolved from import.meta.url (package.json,
  // bin/venue.js) are then the same depth as in tsc's dist/lib/.
  chunkNames: '[name]-[hash]',
  logLevel: 'warning',
  legalComments: 'none',
});
