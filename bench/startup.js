#!/usr/bin/env node
// Start-up benchmark: median wall time of repeated runs, side by side with
// bare `node -e 0` on the same machine, interleaved so load affects all alike.
// Targets (issue 2): `venue --version` ≤ 1.25× node, `venue --help` ≤ 1.5× node.

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../bin/venue.js', import.meta.url));
const runs = Number(process.env.BENCH_RUNS ?? 40);
const cases = [
  { name: 'node -e 0', args: ['-e', '0'] },
  { name: 'venue --version', args: [bin, '--version'], target: 1.25 },
  { name: 'venue --help', args: [bin, '--help'], target: 1.5 },
];

const env = { ...process.env, VENUE_CONFIG_DIR: '/nonexistent-venue-bench' };
const times = new Map(cases.map((c) => [c.name, []]));
for (let i = 0; i < runs + 3; i++) {
  for (const c of cases) {
    const started = process.hrtime.bigint();
    const result = spawnSync(process.execPath, c.args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (result.status !== 0) throw new Error(`${c.name} failed: ${result.stderr}`);
    if (i >= 3) times.get(c.name).push(ms); // the first runs warm the file cache
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const baseline = median(times.get('node -e 0'));
let failed = false;
console.log(`startup, ${runs} runs each, node ${process.version}`);
console.log('case              median ms   ratio   target');
for (const c of cases) {
  const m = median(times.get(c.name));
  const ratio = m / baseline;
  const verdict = c.target ? (ratio <= c.target ? `≤ ${c.target} ok` : `> ${c.target} MISSED`) : '';
  if (c.target && ratio > c.target) failed = true;
  console.log(`${c.name.padEnd(18)}${m.toFixed(1).padStart(9)}${ratio.toFixed(2).padStart(8)}   ${verdict}`);
}
process.exitCode = failed ? 1 : 0;
