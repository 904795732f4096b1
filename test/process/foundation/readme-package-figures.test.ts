// The README states the package's size ("about N files, M kB packed"): what
// `npm pack --dry-run` says, within 10%, so a figure that has gone stale
// fails here instead of misleading a reader (issue 31).

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../support/in-process.js';

// The npm_* variables an `npm test` run exports must not reach npm itself.
const npmEnv = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));

function packDryRun(): Promise<{ entryCount: number; size: number }> {
  return new Promise((resolve, reject) => {
    // Without scripts: prepack would rebuild dist/ under the tests running beside this one.
    const child = spawn('npm', ['pack', '--dry-run', '--ignore-scripts', '--json'], {
      cwd: repoRoot,
      env: npmEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`npm pack --dry-run: exit ${code}\n${stderr}`));
      resolve((JSON.parse(stdout) as Array<{ entryCount: number; size: number }>)[0]!);
    });
  });
}

describe("the README's package figures", () => {
  it('are within 10% of what npm pack --dry-run says', async () => {
    expect(fs.existsSync(path.join(repoRoot, 'dist/bundle/main.js')), 'dist/bundle: run npm run build first').toBe(
      true,
    );
    const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8').replace(/\s+/g, ' ');
    const stated = /about ([\d,]+) files, ([\d,]+) kB packed/.exec(readme);
    expect(stated, 'the README says "about N files, M kB packed"').not.toBeNull();
    const files = Number(stated![1]!.replace(/,/g, ''));
    const kB = Number(stated![2]!.replace(/,/g, ''));
    const packed = await packDryRun();
    const near = (said: number, actual: number) => Math.abs(said - actual) <= actual * 0.1;
    expect(near(files, packed.entryCount), `README says ${files} files; npm pack: ${packed.entryCount}`).toBe(true);
    expect(near(kB, packed.size / 1000), `README says ${kB} kB; npm pack: ${(packed.size / 1000).toFixed(1)} kB`).toBe(
      true,
    );
  }, 120_000);
});
