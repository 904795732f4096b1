// The embedded default: a fresh install's sandbox profile starts the local
// sandbox by itself, says so once, and its state survives stop and restart.
// Also the foreground server's clean stop (SIGTERM flushes the state).

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseEnv, freePort, runVenue, tempDir, venueBin } from '../../support/venue.js';

const started = /Started the local sandbox at http:\/\/127\.0\.0\.1:\d+/g;

describe('embedded default sandbox', () => {
  let configDir: string;
  let env: Record<string, string>;
  let productId = '';
  const venue = (args: string[], input?: string) => runVenue(args, { env, input });

  beforeAll(async () => {
    configDir = tempDir();
    env = { VENUE_CONFIG_DIR: configDir, VENUE_SANDBOX_PORT: String(await freePort()) };
  });

  afterAll(async () => {
    await venue(['sandbox', 'stop']);
    fs.rmSync(configDir, { recursive: true, force: true });
  });

  it('sandbox control commands do not start it', async () => {
    const status = await venue(['sandbox', 'status', '-o', 'json']);
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({
      running: false,
      origin: `http://127.0.0.1:${env.VENUE_SANDBOX_PORT}`,
    });
    const settings = await venue(['sandbox', 'settings']);
    expect(settings.code).toBe(6);
    expect(settings.stderr).toMatch(/does not answer/);
    expect(settings.stderr).toMatch(/venue sandbox start/);
    expect(JSON.parse((await venue(['sandbox', 'status', '-o', 'json'])).stdout).running).toBe(false);
  });

  it('a command on the sandbox profile starts it, says so once, and marks its output as sandbox', async () => {
    const supplier = JSON.stringify({
      supplierCode: 'AUTO1',
      supplierName: 'Autostart Supplies',
      supplierAddress: '2 Loopback Road',
    });
    const created = await venue(['api', 'inventory', 'POST', '/suppliers', '--data', '-'], supplier);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stderr.match(started)).toHaveLength(1);
    expect(created.stderr).toMatch(/\[sandbox\]/);
    expect(JSON.parse(created.stdout)).toMatchObject({ supplierCode: 'AUTO1' });

    const product = JSON.stringify({
      productName: 'Restart Cola',
      productDescription: 'survives a restart',
      categoryId: 'DRINKS    ', // ids are 10 characters, space-padded
      taxGroup: 'GST       ',
      productType: 2,
      saleType: 2,
      sellPrice: 3.5,
    });
    const createdProduct = await venue(['api', 'inventory', 'POST', '/products', '--data', '-'], product);
    expect(createdProduct.code, createdProduct.stderr).toBe(0);
    productId = String(JSON.parse(createdProduct.stdout).productId);

    const again = await venue(['api', 'inventory', 'GET', '/suppliers']);
    expect(again.code).toBe(0);
    expect(again.stderr).not.toMatch(started);
    expect(again.stdout).toContain('AUTO1');

    const status = JSON.parse((await venue(['sandbox', 'status', '-o', 'json'])).stdout);
    expect(status).toMatchObject({ running: true, stateDir: path.join(configDir, 'sandbox') });
    const start = await venue(['sandbox', 'start', '-o', 'json']);
    expect(JSON.parse(start.stdout)).toMatchObject({ running: true, started: false, pid: status.pid });
    expect(start.stderr).toMatch(/already running/);
  });

  it("stop from another configuration leaves this one's sandbox running (exit 2, naming whose it is)", async () => {
    const otherDir = tempDir();
    try {
      const other = await runVenue(['sandbox', 'stop'], { env: { ...env, VENUE_CONFIG_DIR: otherDir } });
      expect(other.code, other.stderr).toBe(2);
      expect(other.stderr).toMatch(/serves another configuration's state/);
      expect(other.stderr).toContain(path.join(configDir, 'sandbox'));
      expect(JSON.parse((await venue(['sandbox', 'status', '-o', 'json'])).stdout).running).toBe(true);
    } finally {
      fs.rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it('state survives `venue sandbox stop` and the next automatic start', async () => {
    const stop = await venue(['sandbox', 'stop']);
    expect(stop.code).toBe(0);
    expect(stop.stderr).toMatch(/Stopped the sandbox/);
    expect(JSON.parse((await venue(['sandbox', 'status', '-o', 'json'])).stdout).running).toBe(false);
    expect((await venue(['sandbox', 'stop'])).stderr).toMatch(/not running/);

    const after = await venue(['api', 'inventory', 'GET', '/suppliers']);
    expect(after.code, after.stderr).toBe(0);
    expect(after.stderr.match(started)).toHaveLength(1);
    expect(after.stdout).toContain('AUTO1');
    const product = await venue(['api', 'inventory', 'GET', `/products/${productId}`]);
    expect(product.code, product.stderr).toBe(0);
    expect(JSON.parse(product.stdout)).toMatchObject({ productName: 'Restart Cola', sellPrice: 3.5 });
  });

  it('start runs it in the background after a stop', async () => {
    await venue(['sandbox', 'stop']);
    const start = await venue(['sandbox', 'start', '-o', 'json']);
    expect(start.code, start.stderr).toBe(0);
    expect(JSON.parse(start.stdout)).toMatchObject({ running: true, started: true });
    expect(fs.existsSync(path.join(configDir, 'sandbox', 'sandbox.log'))).toBe(true);
  });
});

describe('venue sandbox serve in the foreground', () => {
  function serve(stateDir: string, port = '0') {
    const child = spawn(process.execPath, [venueBin, 'sandbox', 'serve', '--port', port, '--state-dir', stateDir], {
      env: baseEnv({ VENUE_CONFIG_DIR: path.dirname(stateDir) }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const origin = new Promise<string>((resolve, reject) => {
      child.stdout.on('data', () => {
        const match = /^venue sandbox listening on (http:\/\/\S+)\n/.exec(stdout);
        if (match) resolve(match[1]!);
      });
      child.on('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)));
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    return { child, origin, exited, output: () => ({ stdout, stderr }) };
  }

  it('prints its address first, saves state on SIGTERM at once, and refuses a taken port', async () => {
    const dir = tempDir();
    const stateDir = path.join(dir, 'sandbox');
    const first = serve(stateDir);
    const origin = await first.origin;
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

    const taken = await runVenue([
      'sandbox',
      'serve',
      '--port',
      new URL(origin).port,
      '--state-dir',
      path.join(dir, 'other'),
    ]);
    expect(taken.code).toBe(2);
    expect(taken.stderr).toMatch(/port \d+ is taken/);

    const response = await fetch(`${origin}/_sandbox/settings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ holdSeconds: 77 }),
    });
    expect(response.status).toBe(200);
    first.child.kill('SIGTERM'); // before the debounced write would have run
    expect(await first.exited).toBe(0);
    expect(first.output().stderr).toMatch(/state saved/);

    const second = serve(stateDir);
    const again = await second.origin;
    const settings = await (await fetch(`${again}/_sandbox/settings`)).json();
    expect(settings).toEqual({ tokenScale: 1, holdSeconds: 77, inventoryHealth: 'ok' });
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(130);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('rejects bad flags as usage errors', async () => {
    expect((await runVenue(['sandbox', 'serve', '--port', '70000'])).code).toBe(2);
    expect((await runVenue(['sandbox', 'serve', '--port', '0', '--token-scale', 'fast'])).code).toBe(2);
    expect((await runVenue(['sandbox', 'serve', '--port', '0', '--hold-seconds', '1.5'])).code).toBe(2);
  });
});
