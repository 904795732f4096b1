// Every byte reaches a slow reader: the commonest way scripts use venue is a
// pipe into another program, and a reader that starts late once got only the
// first 64 KiB (the launcher exited with writes pending, and said 0).
// 20,000 products through a pipe into a reader that sleeps 2 s before reading,
// in every format, must be byte for byte what the same command writes to a file.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseEnv, startSandbox, tempDir, venueBin, type SandboxHandle } from '../../support/venue.js';

let sandbox: SandboxHandle;
const work = tempDir('venue-pipe-');

beforeAll(async () => {
  sandbox = await startSandbox();
  await sandbox.control('POST', '/inventory/seed', { products: 20_000 - 40 });
}, 60_000);
afterAll(async () => {
  await sandbox?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

/** Runs `venue …` through bash with stdout going to `target` (a redirect or a pipe); returns venue's own exit code. */
function viaShell(args: string[], target: string): { code: number; stderr: string } {
  const quoted = [process.execPath, venueBin, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const result = spawnSync('bash', ['-c', `${quoted} ${target}; exit "\${PIPESTATUS[0]}"`], {
    env: baseEnv(sandbox.env),
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: result.status ?? -1, stderr: result.stderr };
}

describe('output through a pipe to a slow reader', () => {
  for (const format of ['json', 'ndjson', 'csv', 'table']) {
    it(`-o ${format}: 20,000 records arrive whole, as in a file`, () => {
      const args = ['inventory', 'products', 'list', '--all', '-o', format];
      const file = path.join(work, `file.${format}`);
      const piped = path.join(work, `piped.${format}`);
      const toFile = viaShell(args, `> '${file}'`);
      expect(toFile.code, toFile.stderr).toBe(0);
      const toPipe = viaShell(args, `| (sleep 2; cat > '${piped}')`);
      expect(toPipe.code, toPipe.stderr).toBe(0);
      const expected = fs.readFileSync(file);
      const received = fs.readFileSync(piped);
      expect(received.length).toBe(expected.length);
      expect(received.equals(expected)).toBe(true);
      // The data is all there, and readable as its format says.
      const text = received.toString('utf8');
      if (format === 'json') expect(JSON.parse(text)).toHaveLength(20_000);
      if (format === 'ndjson')
        expect(
          text
            .trimEnd()
            .split('\n')
            .map((line) => JSON.parse(line)),
        ).toHaveLength(20_000);
      if (format === 'csv') expect(text.trimEnd().split('\n')).toHaveLength(20_001);
      if (format === 'table') expect(text.trimEnd().split('\n')).toHaveLength(20_001);
    }, 150_000);
  }

  it('a write error on stdout other than a closed pipe is exit 6, said on stderr', () => {
    if (!fs.existsSync('/dev/full')) return;
    const full = viaShell(['inventory', 'products', 'list', '--limit', '5', '-o', 'json'], '> /dev/full');
    expect(full.code).toBe(6);
    expect(full.stderr).toMatch(/could not write the output: ENOSPC/);
  });

  it("a reader that stops early (head) is the reader's choice: exit 0", () => {
    const early = viaShell(['inventory', 'products', 'list', '--all', '-o', 'ndjson'], '| head -c 100 > /dev/null');
    expect(early.code).toBe(0);
  }, 60_000);
});
