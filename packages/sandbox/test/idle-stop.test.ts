// The idle stop (createSandbox({ idleStopMs })): it stops by itself, state
// saved, once no request has come for that long; a request keeps it alive, a
// look at its health or settings does not; health says when it will stop.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSandbox, demoCredentials, type Sandbox, type SandboxLogger } from '../src/index.js';

const started: Sandbox[] = [];
const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((sandbox) => sandbox.stop()));
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the idle stop', () => {
  it('stops after the idle time with no request, saving the state; health says when', async () => {
    const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-sandbox-idle-'));
    dirs.push(stateDir);
    const warnings: string[] = [];
    const logger: SandboxLogger = { warn: (m) => warnings.push(m), error: (m) => warnings.push(m) };
    const sandbox = createSandbox({ stateDir, idleStopMs: 2500, logger });
    started.push(sandbox);
    const origin = await sandbox.start();
    const startedAt = Date.now();
    const health = await sandbox.control.health();
    expect(health?.idleStop?.afterSeconds).toBe(2.5);
    const at = Date.parse(health!.idleStop!.at);
    expect(at).toBeGreaterThan(startedAt);
    expect(at).toBeLessThanOrEqual(startedAt + 2500);
    // Looking does not keep it alive: health and settings, again and again.
    for (let i = 0; i < 2; i++) {
      await sandbox.control.settings();
      expect(Date.parse((await sandbox.control.health())!.idleStop!.at)).toBe(at);
    }
    await sandbox.closed;
    const ranFor = Date.now() - startedAt;
    expect(ranFor).toBeGreaterThanOrEqual(2400);
    expect(ranFor).toBeLessThan(8000);
    expect(sandbox.running).toBe(false);
    expect(fs.existsSync(path.join(stateDir, 'state.json'))).toBe(true);
    expect(warnings.join('\n')).toMatch(/no request for .* minutes \(the idle stop\)/);
    await expect(fetch(`${origin}/_sandbox/health`)).rejects.toThrow();
  });

  it('a request to a service keeps it alive, and moves the time it will stop', async () => {
    const sandbox = createSandbox({ idleStopMs: 1500 });
    started.push(sandbox);
    const origin = await sandbox.start();
    const first = Date.parse((await sandbox.control.health())!.idleStop!.at);
    const stopped = sandbox.closed.then(() => Date.now());
    const begun = Date.now();
    for (let i = 0; i < 4; i++) {
      await sleep(500);
      const answer = await fetch(`${origin}/inventory/auth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          apiKey: demoCredentials['inventory.apiKey'],
          apiSecret: demoCredentials['inventory.apiSecret'],
        }),
      });
      expect(answer.status).toBeLessThan(500);
    }
    // 2 s of requests, each within the 1.5 s: still running.
    expect(sandbox.running).toBe(true);
    expect(Date.parse((await sandbox.control.health())!.idleStop!.at)).toBeGreaterThan(first + 1500);
    const at = await stopped;
    expect(at - begun).toBeGreaterThanOrEqual(3000);
  });

  it('without idleStopMs it keeps running, and health has no idleStop', async () => {
    const sandbox = createSandbox();
    started.push(sandbox);
    await sandbox.start();
    expect((await sandbox.control.health())!.idleStop).toBeUndefined();
  });
});
