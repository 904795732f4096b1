#!/usr/bin/env node
// A ~50 MB stock-take CSV (about 1.2 million lines) with ONE bad line near the
// end, read and checked the way `venue inventory stock take --file` does it
// (no network: products named by productId), in a child process so that its
// peak memory is its own. Runs on the built code (npm run build first).
// Targets (issue 21; issue 11 asked 300 MB and 5 s): peak RSS under 200 MB,
// under 3 s, and the bad line reported with its line number; a bare line scan
// of the same file (readline) is measured beside it, alternating, for scale.
//
// Measured 2026-11 (Node 20.20, 2 cores shared with other work; figures in
// the issue-21 report with the load average at the time): see the output.
// Before issue 21 (csv-parse on every line, a hash lookup per product id):
// CPU 6.4 s, wall 6.3-13.7 s, 152-166 MB. Earlier, the whole-text reader:
// 898 MB, CPU 4.3 s, wall 10.9 s.
//
//   node bench/stock-file-50mb.js [--lines 1250000] [--runs 3] [--json]

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at === -1 ? fallback : args[at + 1];
};

// The baseline child: a bare line scan of the same file (readline over a
// read stream, counting lines), what any script reading it would cost at least.
if (args[0] === '--scan') {
  const readline = await import('node:readline');
  const started = performance.now();
  let lines = 0;
  for await (const _line of readline.createInterface({ input: fs.createReadStream(args[1]), crlfDelay: Infinity }))
    lines++;
  const ms = performance.now() - started;
  const usage = process.resourceUsage();
  console.log(
    JSON.stringify({
      ms,
      cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000,
      peakRssMb: usage.maxRSS / 1024,
      lines,
    }),
  );
  process.exit(0);
}

// The child: read and check one file, report time, peak RSS and the error.
if (args[0] === '--child') {
  const { readStockFile } = await import(pathToFileURL(path.join(root, 'dist/lib/inventory/stock-file/read.js')).href);
  const started = performance.now();
  let outcome;
  try {
    const file = await readStockFile(args[1], 'take', process.stdin);
    outcome = { items: file.items.length };
  } catch (error) {
    outcome = { message: error.message, details: error.details ?? [] };
  }
  const ms = performance.now() - started;
  const usage = process.resourceUsage();
  // maxRSS is in kilobytes, CPU times in microseconds (CPU time is less swayed by a busy machine than wall time).
  console.log(
    JSON.stringify({
      ms,
      cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000,
      peakRssMb: usage.maxRSS / 1024,
      ...outcome,
    }),
  );
  process.exit(0);
}

const lineCount = Number(option('--lines', 1_250_000));
const targetMs = 3000;
const targetRssMb = 200;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-bench-stock50-'));
const file = path.join(dir, 'counts.csv');
// The bad line: a negative count, ten lines before the end (header = line 1).
const badLine = lineCount - 9;
const out = fs.openSync(file, 'w');
let batch = ['productId,productName,countedQuantity'];
for (let i = 1; i <= lineCount; i++) {
  const line = i + 1;
  batch.push(`${100000 + i},"Plush toy ${i} (large, blue)",${line === badLine ? -1 : (i * 7) % 113}`);
  if (batch.length === 10_000) {
    fs.writeSync(out, `${batch.join('\n')}\n`);
    batch = [];
  }
}
if (batch.length) fs.writeSync(out, `${batch.join('\n')}\n`);
fs.closeSync(out);
const sizeMb = fs.statSync(file).size / 1024 / 1024;

/** One run of this script as a child (--child: venue's reader; --scan: the bare line scan), its JSON report. */
const runChild = (mode) => {
  const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), mode, file], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (child.status !== 0) {
    console.error(child.stderr);
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(1);
  }
  return JSON.parse(child.stdout.trim().split('\n').pop());
};
// Side by side, alternating, so that the machine's load weighs on both alike; the median of each.
const runs = Number(option('--runs', 3));
const readerRuns = [];
const scanRuns = [];
for (let i = 0; i < runs; i++) {
  scanRuns.push(runChild('--scan'));
  readerRuns.push(runChild('--child'));
}
fs.rmSync(dir, { recursive: true, force: true });
const medianBy = (list, key) => [...list].sort((a, b) => a[key] - b[key])[list.length >> 1];
const measured = medianBy(readerRuns, 'ms');
const scan = medianBy(scanRuns, 'ms');
const reported =
  measured.details?.some((d) => d === `line ${badLine}: countedQuantity must not be negative`) &&
  /1 problem$/.test(measured.message ?? '');
const result = {
  name: 'stock-file-50mb: ~50 MB stock-take CSV, one bad line, read as a stream + checked',
  lines: lineCount + 1,
  sizeMb: Math.round(sizeMb * 10) / 10,
  ms: Math.round(measured.ms),
  cpuMs: Math.round(measured.cpuMs),
  peakRssMb: Math.round(Math.max(...readerRuns.map((r) => r.peakRssMb))),
  scanMs: Math.round(scan.ms),
  scanCpuMs: Math.round(scan.cpuMs),
  scanPeakRssMb: Math.round(scan.peakRssMb),
  ratio: Math.round((measured.ms / scan.ms) * 100) / 100,
  loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
  badLineReported: Boolean(reported),
  targetMs,
  targetRssMb,
  pass: Boolean(reported) && measured.ms < targetMs && measured.peakRssMb < targetRssMb,
};
if (args.includes('--json')) console.log(JSON.stringify(result));
else
  console.log(
    `${result.name}: ${result.lines} lines, ${result.sizeMb} MB (median of ${runs}, load average ${result.loadAverage.join(' ')}):\n` +
      `  venue's reader: ${result.ms} ms (CPU ${result.cpuMs} ms), peak RSS ${result.peakRssMb} MB; bad line ${badLine} ${result.badLineReported ? 'reported' : 'NOT reported'}\n` +
      `  bare line scan: ${result.scanMs} ms (CPU ${result.scanCpuMs} ms), peak RSS ${result.scanPeakRssMb} MB  → reader ${result.ratio}× the scan\n` +
      `  target < ${targetMs} ms and < ${targetRssMb} MB: ${result.pass ? 'PASS' : 'FAIL'}`,
  );
if (!result.pass) process.exitCode = 1;
