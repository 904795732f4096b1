#!/usr/bin/env node
// A ~50 MB stock-take CSV (about 1.2 million lines) with ONE bad line near the
// end, read and checked the way `venue inventory stock take --file` does it
// (no network: products named by productId), in a child process so that its
// peak memory is its own. Runs on the built code (npm run build first).
// Targets (issue 11): peak RSS under 300 MB, under 5 s, and the bad line
// reported with its line number.
//
// Measured 2025-11 (Node 20.20, 2 shared cores under load average 12-16, so
// wall times are inflated; CPU time is the steadier figure), 1,250,001 lines,
// 51.8 MB: peak RSS 150-175 MB, CPU 2.8-3.1 s, wall 3.1 s on a quieter moment
// (4-10 s under that load). The whole-text reader it replaced, on the same
// file and machine: 898 MB, CPU 4.3 s, wall 10.9 s (the issue reports 18.8 s
// and 2.8 GB on a bigger machine's defaults).
//
//   node bench/stock-file-50mb.js [--lines 1250000] [--json]

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
  console.log(JSON.stringify({ ms, cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000, peakRssMb: usage.maxRSS / 1024, ...outcome }));
  process.exit(0);
}

const lineCount = Number(option('--lines', 1_250_000));
const targetMs = 5000;
const targetRssMb = 300;

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

const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--child', file], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
fs.rmSync(dir, { recursive: true, force: true });
if (child.status !== 0) {
  console.error(child.stderr);
  process.exit(1);
}
const measured = JSON.parse(child.stdout.trim().split('\n').pop());
const reported = measured.details?.some((d) => d === `line ${badLine}: countedQuantity must not be negative`) && /1 problem$/.test(measured.message ?? '');
const result = {
  name: 'stock-file-50mb: ~50 MB stock-take CSV, one bad line, read as a stream + checked',
  lines: lineCount + 1,
  sizeMb: Math.round(sizeMb * 10) / 10,
  ms: Math.round(measured.ms),
  cpuMs: Math.round(measured.cpuMs),
  peakRssMb: Math.round(measured.peakRssMb),
  badLineReported: Boolean(reported),
  targetMs,
  targetRssMb,
  pass: Boolean(reported) && measured.ms < targetMs && measured.peakRssMb < targetRssMb,
};
if (args.includes('--json')) console.log(JSON.stringify(result));
else
  console.log(
    `${result.name}: ${result.lines} lines, ${result.sizeMb} MB: ${result.ms} ms (CPU ${result.cpuMs} ms), peak RSS ${result.peakRssMb} MB; ` +
      `bad line ${badLine} ${result.badLineReported ? 'reported' : 'NOT reported'}; target < ${targetMs} ms and < ${targetRssMb} MB: ${result.pass ? 'PASS' : 'FAIL'}`,
  );
if (!result.pass) process.exitCode = 1;
