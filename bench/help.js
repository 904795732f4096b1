#!/usr/bin/env node
// Help start-up: median wall time of repeated runs of group and command help,
// side by side with bare `node -e 0` on the same machine, interleaved so that
// load affects all alike. The launcher reads the words with the front (the
// reader, the global options, the root and the group indexes on the path)
// and prints the help prebuilt at build time (scripts/build-help.js); the same
// help rendered at run time (VENUE_NO_HELP_CACHE=1: main, commander and the
// declarations on the path) is measured beside it for reference.
// Target (issue 21): group and command help within 1.3× of `node -e 0`.
// Expects `npm run build` done. BENCH_RUNS (default 30).

import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { interleavedMedians } from './_measure.js';

const bin = fileURLToPath(new URL('../bin/venue.js', import.meta.url));
const runs = Number(process.env.BENCH_RUNS ?? 30);
const rendered = { VENUE_NO_HELP_CACHE: '1' };
const cases = [
  { name: 'node -e 0', args: ['-e', '0'] },
  { name: 'venue --help', args: [bin, '--help'], target: 1.3 },
  { name: 'venue inventory --help', args: [bin, 'inventory', '--help'], target: 1.3 },
  { name: 'venue inventory stock levels --help', args: [bin, 'inventory', 'stock', 'levels', '--help'], target: 1.3 },
  { name: 'venue help booking book', args: [bin, 'help', 'booking', 'book'], target: 1.3 },
  { name: '(rendered) inventory --help', args: [bin, 'inventory', '--help'], env: rendered },
  {
    name: '(rendered) inventory stock levels --help',
    args: [bin, 'inventory', 'stock', 'levels', '--help'],
    env: rendered,
  },
];

const env = { ...process.env, VENUE_CONFIG_DIR: '/nonexistent-venue-bench' };
const medians = interleavedMedians(cases, runs, env);
const baseline = medians.get('node -e 0');
let failed = false;
console.log(
  `help, ${runs} runs each, node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
console.log(`${'case'.padEnd(42)}median ms   ratio   target`);
for (const c of cases) {
  const m = medians.get(c.name);
  const ratio = m / baseline;
  const verdict = c.target ? (ratio <= c.target ? `≤ ${c.target} ok` : `> ${c.target} MISSED`) : '';
  if (c.target && ratio > c.target) failed = true;
  console.log(`${c.name.padEnd(42)}${m.toFixed(1).padStart(9)}${ratio.toFixed(2).padStart(8)}   ${verdict}`);
}
process.exitCode = failed ? 1 : 0;
