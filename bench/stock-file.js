#!/usr/bin/env node
// A 50,000-line stock-take CSV, parsed and validated the way `venue inventory
// stock take` does it (no network: products named by productId). Runs on the
// built code (npm run build first). Target: under 1 s.
//
//   node bench/stock-file.js [--lines 50000] [--runs 5] [--json]

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(name);
  return at === -1 ? fallback : Number(args[at + 1]);
};
const lineCount = option('--lines', 50_000);
const runs = option('--runs', 5);
const targetMs = 1000;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-bench-stock-'));
const file = path.join(dir, 'counts.csv');
const rows = ['productId,productName,countedQuantity'];
for (let i = 1; i <= lineCount; i++) rows.push(`${i},"Plush toy ${i}",${(i * 7) % 113}`);
fs.writeFileSync(file, `${rows.join('\n')}\n`);

const { readStockFile } = await import(path.join(root, 'dist/lib/inventory/stock-file/read.js'));
const timings = [];
for (let run = 0; run < runs; run++) {
  const started = performance.now();
  const parsed = await readStockFile(file, 'take', process.stdin);
  timings.push(performance.now() - started);
  if (parsed.items.length !== lineCount) throw new Error(`expected ${lineCount} items, got ${parsed.items.length}`);
}
fs.rmSync(dir, { recursive: true, force: true });

// The first run includes loading zod, as a real command does.
const first = timings[0];
const sorted = [...timings].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)];
const result = {
  name: 'stock-file: 50k-line stock-take CSV parse + validate',
  lines: lineCount,
  firstRunMs: Math.round(first),
  medianMs: Math.round(median),
  targetMs,
  pass: first < targetMs,
};
if (args.includes('--json')) console.log(JSON.stringify(result));
else
  console.log(
    `${result.name}: first run ${result.firstRunMs} ms (with module loading), median of ${runs} ${result.medianMs} ms; target < ${targetMs} ms: ${result.pass ? 'PASS' : 'FAIL'}`,
  );
if (!result.pass) process.exitCode = 1;
