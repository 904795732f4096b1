#!/usr/bin/env node
// Bundles the CLI's runtime into dist/bundle/ for start-up speed: our modules
// plus commander and undici (113 files on its own) become a few ESM files,
// split at every dynamic import so each command still loads only its share.
// Dependencies that are loaded lazily and only by some commands stay external.
// tsc's dist/ stays as it is, for tests and benchmarks that import modules.
//
// The sandbox (the workspace package venue-sandbox, built first) is bundled in
// too, from its built entry: the CLI's tarball then needs nothing from the
// registry that is not published. Its own dependencies stay external (the CLI
// declares them, with the same ranges; a unit test keeps the two in step), and
// its contract, which it reads from ../openapi beside the folder of its code,
// is copied to dist/openapi, beside dist/bundle.
//
// Chunk names carry a content hash, so every build writes new files: the
// bundle is built into a fresh folder and swapped in whole, or the folder (and
// the package's tarball, which ships it) would pile up every past build's chunks.

import { build } from 'esbuild';
import { cpSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';

const readJson = (file) => JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8'));
const pkg = readJson('../package.json');
const sandboxPkg = readJson('../packages/sandbox/package.json');
// zod is bundled too: hundreds of small files make loading it slow.
const bundled = new Set(['commander', 'undici', 'zod']);

/**
 * undici's HTTP/2 client loads node:http2 (and with it node:tls) when undici
 * loads, about 15 ms before a first request. It is used only for a
 * connection that agreed on HTTP/2, which undici offers only when asked
 * (allowH2), and venue never asks: HTTP/1.1 throughout. It is left out, and
 * says so if that ever changes.
 */
const withoutUndiciH2 = {
  name: 'undici-without-h2',
  setup(build) {
    build.onResolve({ filter: /^\.\/client-h2\.js$/ }, (args) =>
      args.importer.includes('undici') ? { path: 'undici-client-h2', namespace: 'venue-stub' } : undefined,
    );
    build.onLoad({ filter: /^undici-client-h2$/, namespace: 'venue-stub' }, () => ({
      contents:
        "module.exports = function connectH2() { throw new Error('venue speaks HTTP/1.1 only: this connection agreed on HTTP/2'); };",
      loader: 'js',
    }));
  },
};
const external = [...new Set([...Object.keys(pkg.dependencies), ...Object.keys(sandboxPkg.dependencies)])].filter(
  (name) => !bundled.has(name),
);

const outdir = 'dist/bundle';
// Per process: two builds at once (two terminals, two test runs) must not share a folder.
const next = `${outdir}.next-${process.pid}`;

try {
  await build({
    // The launcher reads the command line with the front (the reader, the global options and the root of the
    // tree: src/invocation.ts) and loads main only for a run; both share the chunks of what they both load.
    entryPoints: { main: 'src/main.ts', front: 'src/invocation.ts' },
    outdir: next,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    external,
    // CommonJS inside the bundle (undici, commander) needs a require.
    banner: {
      js: "import { createRequire as __venueCreateRequire } from 'node:module'; const require = __venueCreateRequire(import.meta.url);",
    },
    // Chunks beside main.js: paths resolved from import.meta.url (package.json,
    // bin/venue.js) are then the same depth as in tsc's dist/lib/.
    chunkNames: '[name]-[hash]',
    logLevel: 'warning',
    legalComments: 'none',
    plugins: [withoutUndiciH2],
  });
} catch (error) {
  rmSync(next, { recursive: true, force: true });
  throw error;
}

/**
 * esbuild keeps its helpers for the CommonJS it bundles (commander, undici)
 * in one chunk, and imports that chunk for its side effects from every file,
 * though it has none (it declares the helpers, nothing more): a module more
 * on every start (about 0.5 ms of Node's ESM loading, bench/startup.js). A
 * file that uses a helper imports it by name, which is kept; the bare
 * side-effect imports are dropped.
 */
function dropHelperOnlyImports(folder) {
  const files = readdirSync(folder).filter((name) => name.endsWith('.js'));
  const helpers = files.filter((name) =>
    /^var __create = Object\.create;$/m.test(readFileSync(`${folder}/${name}`, 'utf8')),
  );
  if (helpers.length !== 1) throw new Error(`expected one chunk of esbuild's helpers, found ${helpers.length}`);
  const bare = new RegExp(`^import "\\./${helpers[0].replace('.', '\\.')}";\\n`, 'gm');
  for (const name of files) {
    const file = `${folder}/${name}`;
    const text = readFileSync(file, 'utf8');
    const trimmed = text.replace(bare, '');
    if (trimmed !== text) writeFileSync(file, trimmed);
  }
}
dropHelperOnlyImports(next);

// The new folder replaces the old one whole (two renames), so the folder only
// ever holds one build's files and is never seen half-written.
function swapIn(fresh, folder) {
  const old = `${folder}.previous-${process.pid}`;
  try {
    renameSync(folder, old);
  } catch (error) {
    if (error.code !== 'ENOENT') throw error;
  }
  renameSync(fresh, folder);
  rmSync(old, { recursive: true, force: true });
}
swapIn(next, outdir);

// The sandbox's contract, where its bundled code looks for it.
const contract = `dist/openapi.next-${process.pid}`;
cpSync('packages/sandbox/openapi', contract, { recursive: true });
swapIn(contract, 'dist/openapi');
