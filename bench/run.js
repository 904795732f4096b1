#!/usr/bin/env node
// Runs every benchmark under bench/ in turn (each is also runnable alone).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const scripts = readdirSync(dir)
  .filter((f) => f.endsWith('.js') && f !== 'run.js' && !f.startsWith('_'))
  .sort();
let failed = 0;
for (const script of scripts) {
  console.log(`\n## ${script}`);
  const result = spawnSync(process.execPath, [`${dir}${script}`], { stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
process.exitCode = failed ? 1 : 0;
