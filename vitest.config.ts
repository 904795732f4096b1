import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Three tiers (test/README.md): unit tests; in-process tests, which run
// commands through the CLI's entry inside the test's process against a sandbox
// in the same process (test/support/in-process.ts); and process tests, which
// start `venue` as a process of its own (test/support/venue.ts: the launcher,
// signals, terminals, shells, packaging). A file's tier follows from what it
// imports: one that starts processes (node:child_process, or venue.ts's
// runVenue, startSandbox, sandboxForFile or venueBin), itself or through a
// helper of the test folder, is a process test; `import type` does not count.

const root = path.dirname(new URL(import.meta.url).pathname);
const processSupport = path.join(root, 'test/support/venue.ts');
const processFunctions = /\b(runVenue|startSandbox|sandboxForFile|venueBin)\b/;

/** The test-folder files a file imports (static imports, not type-only), with what it names from each. */
function importsOf(file: string): Array<{ file: string; names: string }> {
  const text = fs.readFileSync(file, 'utf8');
  const found: Array<{ file: string; names: string }> = [];
  for (const match of text.matchAll(/^import\s+(?!type\s)([^;]*?)\s+from\s+'(\.[^']+)'/gms)) {
    const target = path.resolve(path.dirname(file), match[2]!.replace(/\.js$/, '.ts'));
    if (target.startsWith(path.join(root, 'test')) && fs.existsSync(target))
      found.push({ file: target, names: match[1]! });
  }
  return found;
}

const startsProcesses = new Map<string, boolean>();
function spawnsVenue(file: string, seen = new Set<string>()): boolean {
  if (startsProcesses.has(file)) return startsProcesses.get(file)!;
  if (seen.has(file)) return false;
  seen.add(file);
  const text = fs.readFileSync(file, 'utf8');
  const answer =
    /^import\s+(?!type\s)[^;]*?\s+from\s+'node:child_process'/ms.test(text) ||
    importsOf(file).some(({ file: target, names }) =>
      target === processSupport
        ? processFunctions.test(names)
        : target !== path.join(root, 'test/support/in-process.ts') && spawnsVenue(target, seen),
    );
  startsProcesses.set(file, answer);
  return answer;
}

const e2e = fs
  .readdirSync(path.join(root, 'test/e2e'), { recursive: true, encoding: 'utf8' })
  .filter((name) => name.endsWith('.test.ts'))
  .map((name) => path.join(root, 'test/e2e', name));
const relative = (file: string) => path.relative(root, file);
const processTests = e2e.filter((file) => spawnsVenue(file)).map(relative);
const inProcessTests = e2e.filter((file) => !spawnsVenue(file)).map(relative);

// The machine's cores, two at least: a process test also runs the launcher and sometimes a sandbox beside the worker.
const cores = Math.max(2, os.availableParallelism());

export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: cores,
    testTimeout: 30_000,
    hookTimeout: 30_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'] } },
      { extends: true, test: { name: 'in-process', include: inProcessTests } },
      { extends: true, test: { name: 'process', include: processTests } },
    ],
    // `npx vitest run --coverage`: what the tests run of src/ inside vitest's own
    // processes (a spawned binary runs dist/bundle and is not counted).
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: 'coverage',
    },
  },
});
