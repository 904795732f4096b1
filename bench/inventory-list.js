// `venue inventory products list --all -o ndjson` over 100,000 sandbox products
// versus a minimal undici script fetching the same pages at the same
// concurrency, side by side (targets: CLI ≤ 1.2× the script, peak RSS < 150 MB; issue 21).
// Expects `npm run build` done. Usage: node bench/inventory-list.js [products] [concurrency]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBenchSandbox, seedAndToken } from './sandbox-page.js';
import { timed as timedRun } from './_measure.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const products = Number(process.argv[2] ?? 100_000);
const concurrency = Number(process.argv[3] ?? 4);

// The baseline: pages in order, `concurrency` in flight, one JSON line per product to stdout.
const baseline = `
import { Agent, request } from 'undici';
const [origin, token, concurrency] = [process.argv[2], process.env.BENCH_TOKEN, Number(process.argv[3])];
const agent = new Agent({ keepAliveTimeout: 10000, connections: 16 });
const get = async (page) => {
  const res = await request(origin + '/inventory/products?page=' + page + '&pageSize=200', { headers: { authorization: 'Bearer ' + token }, dispatcher: agent });
  return JSON.parse(Buffer.from(await res.body.arrayBuffer()).toString('utf8'));
};
const write = (text) => new Promise((resolve) => (process.stdout.write(text) ? resolve() : process.stdout.once('drain', resolve)));
const first = await get(1);
const emit = async (body) => { let out = ''; for (const item of body.items) out += JSON.stringify(item) + '\\n'; await write(out); };
await emit(first);
let next = 2; const inFlight = [];
while (next <= first.totalPages && inFlight.length < concurrency) inFlight.push(get(next++));
while (inFlight.length) { const body = await inFlight.shift(); if (next <= first.totalPages) inFlight.push(get(next++)); await emit(body); }
await agent.close();
`;

const timed = (command, args, env) => timedRun(command, args, env, root);

const sb = await startBenchSandbox();
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
  // One warm-up of each (token cache, page cache), then alternate runs.
  await timed(process.execPath, cli, env);
  await timed(process.execPath, [baselineFile, sb.origin, String(concurrency)], { ...env, BENCH_TOKEN: token });
  // Pairs, each a script run then a CLI run: a pair's two runs are seconds apart, so the ratio within a pair
  // is little moved by a shared machine's speed drifting over the minute; the verdict is the median pair.
  const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
  const runs = { cli: [], script: [] };
  for (let i = 0; i < rounds; i++) {
    runs.script.push(
      await timed(process.execPath, [baselineFile, sb.origin, String(concurrency)], { ...env, BENCH_TOKEN: token }),
    );
    runs.cli.push(await timed(process.execPath, cli, env));
  }
  const best = (list) => list.reduce((a, b) => (b.ms < a.ms ? b : a));
  const med = (list) => [...list].sort((a, b) => a.ms - b.ms)[Math.floor(list.length / 2)];
  const c = med(runs.cli);
  const s = med(runs.script);
  const pairRatios = runs.cli.map((run, i) => run.ms / runs.script[i].ms);
  const ratio = [...pairRatios].sort((a, b) => a - b)[Math.floor(pairRatios.length / 2)];
  const peak = Math.max(...runs.cli.map((r) => r.peakMb ?? 0));
  console.log(
    `products list --all -o ndjson: ${seeded.totalProducts} products, pageSize 200, concurrency ${concurrency}, ${rounds} pairs; load average ${(
      await import('node:os')
    )
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
  console.log(
    `  CLI / script time, median pair: ${ratio.toFixed(2)}× (target ≤ 1.2×); CLI peak RSS ${peak ? peak.toFixed(1) : 'n/a'} MB (target < 150 MB)`,
  );
} finally {
  await sb.stop();
  fs.rmSync(sb.dir, { recursive: true, force: true });
}
