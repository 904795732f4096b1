// Bounded memory, through the built binary: a service that never stops
// sending its answer is cut off at the size limit (exit 6), with the process's
// peak memory far below what the answer would have taken.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseEnv, runVenue, tempDir, venueBin } from '../../support/venue.js';

let server: http.Server;
let url: string;
let configDir: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    if (req.url?.endsWith('/auth/token')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ token: 'eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjQxMDI0NDQ4MDB9.c2ln' }));
      return;
    }
    // An answer that never ends: a list whose items keep coming.
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('{"items":[');
    const item = Buffer.from(`${JSON.stringify({ productId: 1, productName: 'x'.repeat(200) })},`.repeat(256));
    const pump = () => {
      while (!res.destroyed && res.write(item));
      if (!res.destroyed) res.once('drain', pump);
    };
    res.on('close', () => res.destroy());
    pump();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  configDir = tempDir();
  const set = await runVenue(['config', 'init', 'venue1', '--inventory-url', url], {
    env: { VENUE_CONFIG_DIR: configDir },
  });
  expect(set.code).toBe(0);
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(configDir, { recursive: true, force: true });
});

/** Runs venue under /usr/bin/time when it is there, to read the peak RSS (KiB). */
function runMeasured(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stderr: string; peakKiB?: number }> {
  const timed = fs.existsSync('/usr/bin/time');
  const command = timed ? '/usr/bin/time' : process.execPath;
  const argv = timed ? ['-f', 'peak-rss-kib %M', process.execPath, venueBin, ...args] : [venueBin, ...args];
  return new Promise((resolve) => {
    const child = spawn(command, argv, { env: baseEnv(env), stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d));
    child.on('close', (code) => {
      const peak = /peak-rss-kib (\d+)/.exec(stderr);
      resolve({ code: code ?? 1, stderr, peakKiB: peak ? Number(peak[1]) : undefined });
    });
  });
}

describe('an endless answer', () => {
  it('is refused at the size limit with exit 6, in bounded memory', async () => {
    const started = Date.now();
    const result = await runMeasured(['--profile', 'venue1', 'inventory', 'products', 'list'], {
      VENUE_CONFIG_DIR: configDir,
      VENUE_INVENTORY_API_KEY: 'k-endless',
      VENUE_INVENTORY_API_SECRET: 's-endless',
      VENUE_MAX_RESPONSE_MB: '16',
    });
    expect(result.code, result.stderr).toBe(6);
    expect(result.stderr).toMatch(/over 16 MiB: refused/);
    expect(Date.now() - started).toBeLessThan(20_000);
    // The limit bounds what is held: well under the 1.6 GB that was once seen.
    if (result.peakKiB !== undefined) expect(result.peakKiB).toBeLessThan(200 * 1024);
    else console.warn('no /usr/bin/time here: peak memory not measured');
  });
});
