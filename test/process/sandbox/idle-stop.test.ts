// A background sandbox cleans up after itself (issue 21, point 5): `sandbox
// start` and the autostart stop after an idle time (--idle-stop, the
// VENUE_SANDBOX_IDLE_STOP environment, the sandbox profile's sandbox.idleStop;
// 15 minutes by default), `sandbox status` shows when, and a foreground
// `sandbox serve` has none unless asked. Short idle times here (seconds).

import fs from 'node:fs';
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, runVenue, startSandbox, stopBackgroundSandbox, tempDir } from '../../support/venue.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function freshConfig(extra: Record<string, string> = {}) {
  const configDir = tempDir();
  const port = await freePort();
  const env = { VENUE_CONFIG_DIR: configDir, VENUE_SANDBOX_PORT: String(port), ...extra };
  cleanups.push(async () => {
    await stopBackgroundSandbox(`http://127.0.0.1:${port}`);
    fs.rmSync(configDir, { recursive: true, force: true });
  });
  return { env, venue: (args: string[]) => runVenue(args, { env }) };
}

/** Waits until `sandbox status` says it is not running; the seconds it took. */
async function untilStopped(venue: (args: string[]) => ReturnType<typeof runVenue>, withinMs: number): Promise<number> {
  const begun = Date.now();
  while (Date.now() - begun < withinMs) {
    const status = JSON.parse((await venue(['sandbox', 'status', '-o', 'json'])).stdout) as { running: boolean };
    if (!status.running) return (Date.now() - begun) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`still running after ${withinMs} ms`);
}

describe('the idle stop', () => {
  it('sandbox start --idle-stop: status shows when; it stops by itself, and the autostart brings it back', async () => {
    const { env, venue } = await freshConfig();
    const start = await venue(['sandbox', 'start', '--idle-stop', '0.2', '-o', 'json']);
    expect(start.code, start.stderr).toBe(0);
    expect(JSON.parse(start.stdout)).toMatchObject({ started: true, idleStopMinutes: 0.2 });
    expect(start.stderr).toMatch(/it stops after 0\.2 minutes without a request/);

    const status = await venue(['sandbox', 'status', '-o', 'json']);
    const record = JSON.parse(status.stdout) as {
      running: boolean;
      idleStopMinutes: number;
      stopsAt: string;
      idleStop: string;
    };
    expect(record).toMatchObject({ running: true, idleStopMinutes: 0.2 });
    const stopsIn = Date.parse(record.stopsAt) - Date.now();
    expect(stopsIn).toBeGreaterThan(0);
    expect(stopsIn).toBeLessThanOrEqual(12_000);
    expect(record.idleStop).toMatch(/^at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ if no request comes \(after 0\.2 min idle\)$/);
    // For people, the time as every time is shown: the venue's zone, minutes (ISO stays in machine formats).
    const table = await venue(['sandbox', 'status']);
    expect(table.stdout).toMatch(/Stops\s+at \d{4}-\d\d-\d\d \d\d:\d\dZ if no request comes \(after 0\.2 min idle\)/);
    const zoned = await runVenue(['sandbox', 'status'], { env: { ...env, VENUE_TIMEZONE: 'Australia/Sydney' } });
    expect(zoned.stdout).toMatch(/Stops\s+at \d{4}-\d\d-\d\d \d\d:\d\d GMT\+1[01] if no request comes/);

    // A request moves the time it will stop.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await venue(['inventory', 'health'])).code).toBe(0);
    const later = JSON.parse((await venue(['sandbox', 'status', '-o', 'json'])).stdout) as { stopsAt: string };
    expect(Date.parse(later.stopsAt)).toBeGreaterThan(Date.parse(record.stopsAt));

    // Status looks without keeping it alive: polling it, it stops within the idle time (12 s) and a margin.
    expect(await untilStopped(venue, 40_000)).toBeLessThan(25);
    // The autostart brings it back (with the default 15 minutes), the state kept.
    const again = await venue(['sandbox', 'seed', '--products', '1']);
    expect(again.code, again.stderr).toBe(0);
  }, 90_000);

  it('status of a sandbox that stops between its two looks (health, then settings) says it is not running', async () => {
    // What the idle stop does to a status poll now and then: health answers, then the sandbox is gone.
    const port = await freePort();
    const configDir = tempDir();
    const server = http.createServer((request, response) => {
      if (request.url === '/_sandbox/health') {
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify({ ok: true, pid: 1, origin: `http://127.0.0.1:${port}`, startedAt: new Date().toISOString() }),
        );
        return;
      }
      // Stopping: this request is dropped and nothing listens after it.
      request.socket.destroy();
      server.close();
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    cleanups.push(async () => {
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(configDir, { recursive: true, force: true });
    });
    const status = await runVenue(['sandbox', 'status', '-o', 'json'], {
      env: { VENUE_CONFIG_DIR: configDir, VENUE_SANDBOX_PORT: String(port) },
    });
    expect(status.code, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ running: false, origin: `http://127.0.0.1:${port}` });
  });

  it('the autostart takes VENUE_SANDBOX_IDLE_STOP', async () => {
    const { venue } = await freshConfig({ VENUE_SANDBOX_IDLE_STOP: '0.05' });
    const read = await venue(['inventory', 'products', 'list', '--page-size', '1']);
    expect(read.code, read.stderr).toBe(0);
    expect(read.stderr).toMatch(
      /Started the local sandbox at .*; it stops by itself after 0\.05 minutes without a request\)/,
    );
    const status = JSON.parse((await venue(['sandbox', 'status', '-o', 'json'])).stdout) as { idleStopMinutes: number };
    expect(status.idleStopMinutes).toBe(0.05);
    expect(await untilStopped(venue, 40_000)).toBeLessThan(25);
  }, 90_000);

  it('a foreground serve has no idle stop unless asked', async () => {
    const serve = await startSandbox();
    cleanups.push(() => serve.stop());
    const status = JSON.parse((await serve.run(['sandbox', 'status', '-o', 'json'])).stdout) as {
      running: boolean;
      idleStop: string;
    };
    expect(status).toMatchObject({ running: true, idleStop: 'never (no idle stop)' });
  }, 90_000);

  it("the sandbox profile's sandbox.idleStop, and 0 for never; a bad value is exit 2", async () => {
    const { venue } = await freshConfig();
    expect((await venue(['config', 'set', 'sandbox.idleStop', '0'])).code).toBe(0);
    expect((await venue(['sandbox', 'start'])).code).toBe(0);
    const status = JSON.parse((await venue(['sandbox', 'status', '-o', 'json'])).stdout) as {
      idleStopMinutes: number | null;
      stopsAt: string | null;
      idleStop: string;
    };
    expect(status).toMatchObject({ idleStopMinutes: null, stopsAt: null, idleStop: 'never (no idle stop)' });
    expect((await venue(['sandbox', 'stop'])).code).toBe(0);
    const bad = await venue(['sandbox', 'start', '--idle-stop', 'soon']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--idle-stop must be a number of minutes from 0 \(never\)/);
  }, 90_000);
});
