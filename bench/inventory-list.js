// `venue inventory products list --all -o ndjson` over 100,000 sandbox products
// versus a minimal undici script fetching the same pages at the same
// concurrency, side by side (targets: CLI ≤ 1.2× the script, peak RSS < 150 MB; issues 21, 28),
// against the sandbox in each of several dialects and with its keys shuffled (bench/_servers.js).
// Expects `npm run build` done.
// Usage: node bench/inventory-list.js [products] [concurrency] [servers, e.g. venue,pascal,decoy,hal,shuffled]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBenchSandbox, seedAndToken } from './sandbox-page.js';
import { timed as timedRun } from './_measure.js';
import { BASELINE_READING, serveArgs, serversAsked } from './_servers.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const products = Number(process.argv[2] ?? 100_000);
const concurrency = Number(process.argv[3] ?? 4);
const servers = serversAsked(process.argv[4]);

// The baseline: pages in order, `concurrency` in flight, one JSON line per product to stdout; it knows
// where the dialect puts the records and the page count (BASELINE_READING), and nothing else.
const baseline = `
import { Agent, request } from 'undici';
${BASELINE_READING}
const [origin, token, concurrency] = [process.argv[2], process.env.BENCH_TOKEN, Number(process.argv[3])];
const agent = new Agent({ keepAliveTimeout: 10000, connections: 16 });
const get = async (page) => {
  const res = await request(origin + '/inventory/products?page=' + page + '&pageSize=200', { headers: { authorization: 'Bearer ' + token }, dispatcher: agent });
  return JSON.parse(Buffer.from(await res.body.arrayBuffer()).toString('utf8'));
};
const write = (text) => new Promise((resolve) => (process.stdout.write(text) ? resolve() : process.stdout.once('drain', resolve)));
const first = await get(1);
const emit = async (body) => { let out = ''; for (const item of recordsOf(body)) out += JSON.stringify(item) + '\\n'; await write(out); };
const totalPages = pagesOf(first);
await emit(first);
let next = 2; const inFlight = [];
while (next <= totalPages && inFlight.length < concurrency) inFlight.push(get(next++));
while (inFlight.length) { const body = await inFlight.shift(); if (next <= totalPages) inFlight.push(get(next++)); await emit(body); }
await agent.close();
`;

const timed = (command, args, env) => timedRun(command, args, env, root);

/** One server: the pairs of runs and the verdict by the median pair. */
async function benchServer(name) {
  const sb = await startBenchSandbox(serveArgs(name));
  try {
    const { seeded, token } = await seedAndToken(sb.origin, products);
    const baselineFile = path.join(sb.dir, 'baseline.mjs');
    fs.writeFileSync(baselineFile, baseline);
    // The baseline resolves undici from the repository.
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(sb.dir, 'node_modules'));
    const env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NO_COLOR: '1',
      VENUE_CONFIG_DIR: sb.dir,
      VENUE_SANDBOX_URL: sb.origin,
      VENUE_SANDBOX_AUTOSTART: '0',
    };
    const cli = [
      path.join(root, 'bin/venue.js'),
      'inventory',
      'products',
      'list',
      '--all',
      '-o',
      'ndjson',
      '--concurrency',
      String(concurrency),
    ];
    const script = () =>
      timed(process.execPath, [baselineFile, sb.origin, String(concurrency)], { ...env, BENCH_TOKEN: token });
    // One warm-up of each (token cache, page cache), then alternate runs.
    await timed(process.execPath, cli, env);
    await script();
    // Pairs, each a script run then a CLI run: a pair's two runs are seconds apart, so the ratio within a pair
    // is little moved by a shared machine's speed drifting over the minute; the verdict is the median pair.
    const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
    const runs = { cli: [], script: [] };
    for (let i = 0; i < rounds; i++) {
      runs.script.push(await script());
      runs.cli.push(await timed(process.execPath, cli, env));
    }
    const best = (list) => list.reduce((a, b) => (b.ms < a.ms ? b : a));
    const med = (list) => [...list].sort((a, b) => a.ms - b.ms)[Math.floor(list.length / 2)];
    const c = med(runs.cli);
    const s = med(runs.script);
    if (c.lines !== s.lines) throw new Error(`${name}: the CLI printed ${c.lines} lines, the script ${s.lines}`);
    const pairRatios = runs.cli.map((run, i) => run.ms / runs.script[i].ms);
    const ratio = [...pairRatios].sort((a, b) => a - b)[Math.floor(pairRatios.length / 2)];
    const peak = Math.max(...runs.cli.map((r) => r.peakMb ?? 0));
    console.log(
      `[${name}] products list --all -o ndjson: ${seeded.totalProducts} products, pageSize 200, concurrency ${concurrency}, ${rounds} pairs; load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log(
      `  ${'runner'.padEnd(16)} ${'ms (median)'.padStart(12)} ${'ms (best)'.padStart(10)} ${'lines'.padStart(8)} ${'peak RSS MB'.padStart(12)}`,
    );
    console.log(
      `  ${'venue CLI'.padEnd(16)} ${c.ms.toFixed(0).padStart(12)} ${best(runs.cli).ms.toFixed(0).padStart(10)} ${String(c.lines).padStart(8)} ${(peak ? peak.toFixed(1) : 'n/a').padStart(12)}`,
    );
    console.log(
      `  ${'undici script'.padEnd(16)} ${s.ms.toFixed(0).padStart(12)} ${best(runs.script).ms.toFixed(0).padStart(10)} ${String(s.lines).padStart(8)} ${(s.peakMb ? s.peakMb.toFixed(1) : 'n/a').padStart(12)}`,
    );
    console.log(
      `  pairs (CLI / script): ${pairRatios.map((r) => r.toFixed(2)).join(', ')}; median runs' ratio ${(c.ms / s.ms).toFixed(2)}×`,
    );
    // CPU (GNU time's user + system), beside the wall time the verdict is on: on a shared machine it tells the
    // CLI's own work from waiting for the sandbox and the other processes.
    const cpu = (list) => [...list.map((r) => r.cpuMs ?? NaN)].sort((a, b) => a - b)[Math.floor(list.length / 2)];
    if (runs.cli[0].cpuMs !== undefined)
      console.log(
        `  CPU ms (median): CLI ${cpu(runs.cli).toFixed(0)}, script ${cpu(runs.script).toFixed(0)}; pairs ${runs.cli.map((r, i) => (r.cpuMs / runs.script[i].cpuMs).toFixed(2)).join(', ')}`,
      );
    console.log(
      `  CLI / script time, median pair: ${ratio.toFixed(2)}× (target ≤ 1.2×); CLI peak RSS ${peak ? peak.toFixed(1) : 'n/a'} MB (target < 150 MB)`,
    );
    return { name, ratio, pairs: pairRatios, peak, met: ratio <= 1.2 && (!peak || peak < 150) };
  } finally {
    await sb.stop();
    fs.rmSync(sb.dir, { recursive: true, force: true });
  }
}

const results = [];
for (const name of servers) results.push(await benchServer(name));
console.log(
  `\nproducts list --all -o ndjson against the bare pager, by server (median pair; target ≤ 1.2×, peak < 150 MB):`,
);
for (const r of results)
  console.log(
    `  ${r.name.padEnd(14)} ${r.ratio.toFixed(2)}×  peak ${r.peak ? r.peak.toFixed(1) : 'n/a'} MB  pairs ${r.pairs.map((p) => p.toFixed(2)).join(', ')}  ${r.met ? 'met' : 'NOT MET'}`,
  );
