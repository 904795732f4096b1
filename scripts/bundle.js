#!/usr/bin/env node
// Bundles the CLI's runtime into dist/bundle/ for start-up speed: our modules
// plus commander and undici (113 files on its own) become a few ESM files,
// split at every dynamic import so each command still loads only its share.
// Dependencies that are loaded lazily and only by some commands stay external.
// tsc's dist/ stays as it is, for tests and benchmarks that import modules.
//
// Chunk names carry a content hash, so every build writes new files: the
// bundle is built into a fresh folder and swapped in whole, or the folder (and
// the package's tarball, which ships it) would pile up every past build's chunks.

import { build } from 'esbuild';
import { readFileSync, renameSync, rmSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const bundled = new Set(['commander', 'undici']);
const external = Object.keys(pkg.dependencies).filter((name) => !bundled.has(name));

const outdir = 'dist/bundle';
// Per process: two builds at once (two terminals, two test runs) must not share a folder.
const next = `${outdir}.next-${process.pid}`;
const previous = `${outdir}.previous-${process.pid}`;

try {
  await build({
    entryPoints: ['src/main.ts'],
    outdir: next,
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
} catch (error) {
  rmSync(next, { recursive: true, force: true });
  throw error;
}

// The new folder replaces the old one whole (two renames), so the folder only
// ever holds one build's files and is never seen half-written.
try {
  renameSync(outdir, previous);
} catch (error) {
  if (error.code !== 'ENOENT') throw error;
}
renameSync(next, outdir);
rmSync(previous, { recursive: true, force: true });
