// `venue --each-profile tag:sandbox-fleet inventory stock levels --all` across a sandbox
// fleet of 50 venues of 2,000 products each: --parallel 8 against the venues
// one after another (--parallel 1, and a shell-style loop of one process per
// venue, which is what operators did before), with the CLI's peak memory and
// the CPU time the CLI and the sandbox each spent (what a run is waiting on).
// Targets: --parallel 8 at least 3× faster than sequential; peak RSS < 250 MB.
//
// Each venue's inventory is an on-premise server reached over the chain's
// network, so every fleet request is given a fixed latency (default 25 ms,
// BENCH_LATENCY_MS): without it, the sandbox shares this machine's two cores
// with the CLI and measures the machine, not the waiting a fleet run overlaps.
// The two runs alternate (BENCH_ROUNDS rounds, default 2; the medians count),
// so that the load of a shared machine weighs on both alike; the load average
// is printed with the figures. BENCH_SHELL_LOOP=0 leaves out the shell loop.
// Every venue's token is cached before anything is measured (a command that
// needs one), so both runs do the same work.
// Expects `npm run build` done. Usage: node bench/fleet-levels.js [venues] [products]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBenchSandbox } from './sandbox-page.js';
import { timed as timedRun } from './_measure.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const venueCount = Number(process.argv[2] ?? 50);
const products = Number(process.argv[3] ?? 2000);
const latencyMs = Number(process.env.BENCH_LATENCY_MS ?? 25);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const venueBin = path.join(root, 'bin/venue.js');

const sb = await startBenchSandbox();
/** The sandbox process's CPU time so far, in ms (Linux), or undefined. */
const sandboxCpuMs = () => {
  try {
    const fields = fs.readFileSync(`/proc/${sb.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in ticks of 1/100 s
  } catch {
    return undefined;
  }
};

/** Runs venue with args: wall ms, stdout lines, the CLI's peak RSS and CPU (GNU time), and the CPU the sandbox spent meanwhile. */
async function timed(args, env) {
  const before = sandboxCpuMs();
  const run = await timedRun(process.execPath, [venueBin, ...args], env, root);
  const after = sandboxCpuMs();
  return {
    ...run,
    cliCpuMs: run.cpuMs,
    sandboxCpuMs: before === undefined || after === undefined ? undefined : after - before,
  };
}

const env = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  VENUE_CONFIG_DIR: sb.dir,
  VENUE_SANDBOX_URL: sb.origin,
  VENUE_SANDBOX_AUTOSTART: '0',
  NO_COLOR: '1',
};
try {
  const made = await timed(
    ['sandbox', 'fleet', '--venues', String(venueCount), '--products', String(products), '-q'],
    env,
  );
  console.log(`fleet of ${venueCount} venues × ${products} products created in ${(made.ms / 1000).toFixed(1)} s`);
  await new Promise((r) => setTimeout(r, 3000)); // the sandbox's debounced state write
  if (latencyMs > 0)
    await timed(['sandbox', 'faults', '--latency-ms', String(latencyMs), '--match', 'GET /fleet/*'], env);
  // Tokens first, so each measured run does the same work (cached tokens): a
  // command that needs one (inventory health does not log in).
  await timed(['--each-profile', 'tag:sandbox-fleet', '--parallel', '8', '-q', 'inventory', 'categories'], env);

  const levels = ['inventory', 'stock', 'levels', '--all', '--page-size', '200', '-o', 'ndjson'];
  const expected = venueCount * products;
  const check = (run, what) => {
    if (run.lines < expected) throw new Error(`${what}: ${run.lines} rows, expected at least ${expected}`);
    return run;
  };
  const runs = { 8: [], 1: [] };
  for (let round = 0; round < rounds; round++) {
    for (const parallel of round % 2 === 0 ? [8, 1] : [1, 8]) {
      runs[parallel].push(
        check(
          await timed(['--each-profile', 'tag:sandbox-fleet', '--parallel', String(parallel), '-q', ...levels], env),
          `--parallel ${parallel}`,
        ),
      );
    }
  }
  const median = (list) => [...list].sort((a, b) => a.ms - b.ms)[(list.length - 1) >> 1];
  const parallel = median(runs[8]);
  const sequential = median(runs[1]);

  const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
  const mb = (run) => (run.peakMb === undefined ? 'n/a' : `${run.peakMb.toFixed(0)} MB`);
  const cpu = (run) =>
    `CPU: venue ${run.cliCpuMs === undefined ? 'n/a' : s(run.cliCpuMs)}, sandbox ${run.sandboxCpuMs === undefined ? 'n/a' : s(run.sandboxCpuMs)}`;
  console.log(
    `latency per fleet request: ${latencyMs} ms; rows per run: ${parallel.lines} (${expected} expected); median of ${rounds}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${os.cpus().length} cores`,
  );
  console.log(`--parallel 8: ${s(parallel.ms)}, peak RSS ${mb(parallel)}; ${cpu(parallel)}`);
  console.log(
    `--parallel 1: ${s(sequential.ms)}, peak RSS ${mb(sequential)}; ${cpu(sequential)}  → ${(sequential.ms / parallel.ms).toFixed(2)}× slower than --parallel 8`,
  );
  console.log(
    `  all runs (s): --parallel 8 ${runs[8].map((r) => (r.ms / 1000).toFixed(2)).join(', ')}; --parallel 1 ${runs[1].map((r) => (r.ms / 1000).toFixed(2)).join(', ')}`,
  );
  if (process.env.BENCH_SHELL_LOOP !== '0') {
    // What operators ran before: one process per venue, one after another.
    const started = performance.now();
    let loopLines = 0;
    for (let i = 1; i <= venueCount; i++)
      loopLines += (await timed(['--profile', `fleet-${i}`, '-q', ...levels], env)).lines;
    const loopMs = performance.now() - started;
    console.log(
      `shell loop, one process per venue: ${s(loopMs)} (${loopLines} rows)  → ${(loopMs / parallel.ms).toFixed(2)}× slower than --parallel 8`,
    );
  }
  const fast = sequential.ms / parallel.ms >= 3;
  const small = parallel.peakMb === undefined || parallel.peakMb < 250;
  console.log(
    `targets: ≥ 3× faster than sequential ${fast ? 'met' : 'NOT met'}; peak RSS < 250 MB ${small ? 'met' : 'NOT met'}`,
  );
  if (!fast || !small) process.exitCode = 1;
} finally {
  await sb.stop();
  // Its config directory holds the fleet's profiles and tokens: nothing of a bench stays behind.
  fs.rmSync(sb.dir, { recursive: true, force: true });
}
