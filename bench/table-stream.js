// The 100,000-row table (issue 21): `venue inventory products list --all` as a
// table to a pipe and to a file, side by side with the same listing as ndjson
// (targets: within 1.5× of ndjson, peak RSS < 200 MB), and the time from SIGINT
// to exit while the table is being written (target < 1 s), against the sandbox
// in each of several dialects and with its keys shuffled (bench/_servers.js; issue 28).
// Expects `npm run build` done.
// Usage: node bench/table-stream.js [products] [runs] [servers, e.g. venue,pascal,decoy,hal,shuffled]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBenchSandbox, seedAndToken } from './sandbox-page.js';
import { hasGnuTime, timed } from './_measure.js';
import { serveArgs, serversAsked } from './_servers.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const products = Number(process.argv[2] ?? 100_000);
const runs = Number(process.argv[3] ?? 3);
const servers = serversAsked(process.argv[4]);

/** Runs the CLI with stdout into a file; resolves { ms, lines, peakMb }. */
function timedToFile(args, env, file) {
  return new Promise((resolve, reject) => {
    const fd = fs.openSync(file, 'w');
    const started = performance.now();
    const [cmd, argv] = hasGnuTime
      ? ['/usr/bin/time', ['-f', 'PEAK_RSS_KB=%M', process.execPath, ...args]]
      : [process.execPath, args];
    const child = spawn(cmd, argv, { env, stdio: ['ignore', fd, 'pipe'], cwd: root });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - started;
      fs.closeSync(fd);
      if (code !== 0) return reject(new Error(`exit ${code}: ${stderr.slice(-1000)}`));
      const text = fs.readFileSync(file, 'utf8');
      const rss = /PEAK_RSS_KB=(\d+)/.exec(stderr);
      resolve({ ms, lines: text.split('\n').length - 1, peakMb: rss ? Number(rss[1]) / 1024 : undefined });
    });
  });
}

/** Starts the table, sends SIGINT once `after` lines are out; resolves the ms from the signal to the exit and the exit code. */
function sigintDuring(args, env, after) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'], cwd: root });
    let lines = 0;
    let sentAt = 0;
    child.stdout.on('data', (chunk) => {
      for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
      if (!sentAt && lines >= after) {
        sentAt = performance.now();
        child.kill('SIGINT');
      }
    });
    child.stderr.resume();
    child.on('error', reject);
    child.on('close', (code, signal) =>
      resolve({ ms: sentAt ? performance.now() - sentAt : NaN, code: code ?? signal, lines }),
    );
  });
}

const med = (list) => [...list].sort((a, b) => a.ms - b.ms)[Math.floor(list.length / 2)];

/** One server: table and ndjson runs in pairs, then Ctrl-C during the table. */
async function benchServer(name) {
  const sb = await startBenchSandbox(serveArgs(name));
  try {
    const { seeded } = await seedAndToken(sb.origin, products);
    const env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NO_COLOR: '1',
      VENUE_CONFIG_DIR: sb.dir,
      VENUE_SANDBOX_URL: sb.origin,
      VENUE_SANDBOX_AUTOSTART: '0',
    };
    const list = [path.join(root, 'bin/venue.js'), 'inventory', 'products', 'list', '--all'];
    const file = path.join(sb.dir, 'out.txt');
    await timed(process.execPath, [...list, '-o', 'ndjson'], env, root); // warm-up (token, page cache)
    const result = { ndjson: [], tablePipe: [], tableFile: [], ndjsonFile: [] };
    for (let i = 0; i < runs; i++) {
      result.ndjson.push(await timed(process.execPath, [...list, '-o', 'ndjson'], env, root));
      result.tablePipe.push(await timed(process.execPath, list, env, root));
      result.ndjsonFile.push(await timedToFile([...list, '-o', 'ndjson'], env, file));
      result.tableFile.push(await timedToFile(list, env, file));
    }
    const sigints = [];
    for (let i = 0; i < runs; i++)
      sigints.push(await sigintDuring(list, env, Math.min(20_000, Math.floor(seeded.totalProducts / 3))));
    const row = (label, r) =>
      `  ${label.padEnd(22)} ${r.ms.toFixed(0).padStart(10)} ${String(r.lines).padStart(8)} ${(r.peakMb ? r.peakMb.toFixed(1) : 'n/a').padStart(12)}`;
    const peak = (list) => Math.max(...list.map((r) => r.peakMb ?? 0));
    console.log(
      `[${name}] products list --all: ${seeded.totalProducts} products, median of ${runs}; load average ${(
        await import('node:os')
      )
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log(`  ${'run'.padEnd(22)} ${'ms'.padStart(10)} ${'lines'.padStart(8)} ${'peak RSS MB'.padStart(12)}`);
    console.log(row('ndjson to a pipe', med(result.ndjson)));
    console.log(row('table to a pipe', med(result.tablePipe)));
    console.log(row('ndjson to a file', med(result.ndjsonFile)));
    console.log(row('table to a file', med(result.tableFile)));
    // Each table run follows its ndjson run by seconds: the ratio within a pair is little moved by a shared
    // machine's speed drifting over the minutes of the bench, so the verdict is the median pair.
    const pairs = (tables, ndjsons) => tables.map((t, i) => t.ms / ndjsons[i].ms);
    const medianOf = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const pipePairs = pairs(result.tablePipe, result.ndjson);
    const filePairs = pairs(result.tableFile, result.ndjsonFile);
    const tablePeak = Math.max(peak(result.tablePipe), peak(result.tableFile));
    console.log(
      `  pairs (table / ndjson): to a pipe ${pipePairs.map((r) => r.toFixed(2)).join(', ')}; to a file ${filePairs.map((r) => r.toFixed(2)).join(', ')}; medians' ratios ${(med(result.tablePipe).ms / med(result.ndjson).ms).toFixed(2)}× and ${(med(result.tableFile).ms / med(result.ndjsonFile).ms).toFixed(2)}×`,
    );
    console.log(
      `  table/ndjson, median pair, to a pipe: ${medianOf(pipePairs).toFixed(2)}×, to a file: ${medianOf(filePairs).toFixed(2)}× (target ≤ 1.5×); table peak RSS ${tablePeak.toFixed(1)} MB (target < 200 MB)`,
    );
    console.log(
      `  SIGINT during the table: exit ${sigints.map((s) => s.code).join(', ')} after ${sigints.map((s) => `${s.ms.toFixed(0)} ms`).join(', ')} (target < 1000 ms)`,
    );
    const pipe = medianOf(pipePairs);
    const toFile = medianOf(filePairs);
    return {
      name,
      pipe,
      toFile,
      pipePairs,
      filePairs,
      peak: tablePeak,
      sigint: Math.max(...sigints.map((s) => s.ms)),
      met: pipe <= 1.5 && toFile <= 1.5 && (!tablePeak || tablePeak < 200) && sigints.every((s) => s.ms < 1000),
    };
  } finally {
    await sb.stop();
    fs.rmSync(sb.dir, { recursive: true, force: true });
  }
}

const results = [];
for (const name of servers) results.push(await benchServer(name));
console.log(
  `\nproducts list --all, table against ndjson, by server (median pair; target ≤ 1.5×, peak < 200 MB, Ctrl-C < 1 s):`,
);
for (const r of results)
  console.log(
    `  ${r.name.padEnd(14)} pipe ${r.pipe.toFixed(2)}× (${r.pipePairs.map((p) => p.toFixed(2)).join(', ')})  file ${r.toFile.toFixed(2)}× (${r.filePairs.map((p) => p.toFixed(2)).join(', ')})  peak ${r.peak.toFixed(1)} MB  Ctrl-C ≤ ${r.sigint.toFixed(0)} ms  ${r.met ? 'met' : 'NOT MET'}`,
  );
