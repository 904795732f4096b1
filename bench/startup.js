#!/usr/bin/env node
// Start-up benchmark: median wall time of repeated runs, side by side with
// bare `node -e 0` on the same machine, interleaved so load affects all alike.
// Both cases read the command line with the launcher's front (the reader) first.
// Targets (issue 2): `venue --version` ≤ 1.25× node, `venue --help` ≤ 1.5× node.

import { fileURLToPath } from 'node:url';
import { interleavedMedians } from './_measure.js';

const bin = fileURLToPath(new URL('../bin/venue.js', import.meta.url));
const runs = Number(process.env.BENCH_RUNS ?? 40);
const cases = [
  { name: 'node -e 0', args: ['-e', '0'] },
  { name: 'venue --version', args: [bin, '--version'], target: 1.25 },
  { name: 'venue --help', args: [bin, '--help'], target: 1.5 },
];

const env = { ...process.env, VENUE_CONFIG_DIR: '/nonexistent-venue-bench' };
const medians = interleavedMedians(cases, runs, env);
const baseline = medians.get('node -e 0');
let failed = false;
console.log(`startup, ${runs} runs each, node ${process.version}`);
console.log('case              median ms   ratio   target');
for (const c of cases) {
  const m = medians.get(c.name);
  const ratio = m / baseline;
  const verdict = c.target ? (ratio <= c.target ? `≤ ${c.target} ok` : `> ${c.target} MISSED`) : '';
  if (c.target && ratio > c.target) failed = true;
  console.log(`${c.name.padEnd(18)}${m.toFixed(1).padStart(9)}${ratio.toFixed(2).padStart(8)}   ${verdict}`);
}
process.exitCode = failed ? 1 : 0;
