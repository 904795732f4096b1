import os from 'node:os';
import { defineConfig } from 'vitest/config';

// Three tiers, one folder each (test/README.md): test/unit (functions with
// fakes); test/in-process (commands run through the CLI's entry inside the
// test's process against a sandbox in the same process:
// test/support/in-process.ts); test/process (`venue` started as a process of
// its own: test/support/venue.ts, for the launcher, signals, terminals,
// shells, packaging). test/unit/architecture/test-tiers.test.ts checks that
// each file is in the folder of what it does.

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
      { extends: true, test: { name: 'in-process', include: ['test/in-process/**/*.test.ts'] } },
      { extends: true, test: { name: 'process', include: ['test/process/**/*.test.ts'] } },
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
