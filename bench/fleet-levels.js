// `venue --each-profile tag:sandbox-fleet inventory stock levels --all` across a sandbox
// fleet of 50 venues of 2,000 products each: --parallel 8 against the venues
// one after another (--parallel 1, and a shell-style loop of one process per
// venue, which is what operators did before), with the CLI's peak memory.
// Targets: --parallel 8 at least 3× faster than sequential; peak RSS < 250 MB.
//
// Each venue's inventory is an on-premise server reached over the chain's
// network, so every fleet request is given a fixed latency (default 25 ms,
// BENCH_LATENCY_MS): without it, the sandbox shares this machine's two cores
// with the CLI and measures the machine, not the waiting a fleet run overlaps.
// Expects `npm run build` done. Usage: node bench/fleet-levels.js [venues] [products]
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBenchSandbox } from './sandbox-page.js';
import { timed as timedRun } from './_measure.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const venueCount = Number(process.argv[2] ?? 50);
const products = Number(process.argv[3] ?? 2000);
const latencyMs = Number(process.env.BENCH_LATENCY_MS ?? 25);
const venueBin = path.join(root, 'bin/venue.js');

const timed = (args, env) => timedRun(process.execPath, [venueBin, ...args], env, root);

const sb = await startBenchSandbox();
const env = { PATH: process.env.PATH, HOME: process.env.HOME, VENUE_CONFIG_DIR: sb.dir, VENUE_SANDBOX_URL: sb.origin, VENUE_SANDBOX_AUTOSTART: '0', NO_COLOR: '1' };
try {
  const made = await timed(['sandbox', 'fleet', '--venues', String(venueCount), '--products', String(products), '-q'], env);
  console.log(`fleet of ${venueCount} venues × ${products} products created in ${(made.ms / 1000).toFixed(1)} s`);
  await new Promise((r) => setTimeout(r, 3000)); // the sandbox's debounced state write
  if (latencyMs > 0) await timed(['sandbox', 'faults', '--latency-ms', String(latencyMs), '--match', 'GET /fleet/*'], env);
  // Tokens first, so each measured run does the same work (cached tokens).
  await timed(['--each-profile', 'tag:sandbox-fleet', '--parallel', '8', '-q', 'inventory', 'health'], env);

  const levels = ['inventory', 'stock', 'levels', '--all', '--page-size', '200', '-o', 'ndjson'];
  const expected = venueCount * products;
  const check = (run, what) => {
    if (run.lines < expected) throw new Error(`${what}: ${run.lines} rows, expected at least ${expected}`);
  };
  const parallel = await timed(['--each-profile', 'tag:sandbox-fleet', '--parallel', '8', '-q', ...levels], env);
  check(parallel, '--parallel 8');
  const sequential = await timed(['--each-profile', 'tag:sandbox-fleet', '--parallel', '1', '-q', ...levels], env);
  check(sequential, '--parallel 1');
  // What operators ran before: one process per venue, one after another.
  const started = performance.now();
  let loopLines = 0;
  for (let i = 1; i <= venueCount; i++) loopLines += (await timed(['--profile', `fleet-${i}`, '-q', ...levels], env)).lines;
  const loopMs = performance.now() - started;

  const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
  const mb = (run) => (run.peakMb === undefined ? 'n/a' : `${run.peakMb.toFixed(0)} MB`);
  console.log(`latency per fleet request: ${latencyMs} ms; rows per run: ${parallel.lines} (${expected} expected)`);
  console.log(`--parallel 8: ${s(parallel.ms)}, peak RSS ${mb(parallel)}`);
  console.log(`--parallel 1: ${s(sequential.ms)}, peak RSS ${mb(sequential)}  → ${(sequential.ms / parallel.ms).toFixed(2)}× slower than --parallel 8`);
  console.log(`shell loop, one process per venue: ${s(loopMs)} (${loopLines} rows)  → ${(loopMs / parallel.ms).toFixed(2)}× slower than --parallel 8`);
  const fast = sequential.ms / parallel.ms >= 3;
  const small = parallel.peakMb === undefined || parallel.peakMb < 250;
  console.log(`targets: ≥ 3× faster than sequential ${fast ? 'met' : 'NOT met'}; peak RSS < 250 MB ${small ? 'met' : 'NOT met'}`);
  if (!fast || !small) process.exitCode = 1;
} finally {
  await sb.stop();
}
