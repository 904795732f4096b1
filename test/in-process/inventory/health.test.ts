// Health tells the truth, through the built binary: the report is printed
// whatever it says (table and -o json), a degraded or unhealthy report is exit
// 6 saying so, a healthy one exit 0; the sandbox answers all three
// (`venue sandbox settings --inventory-health`), and the ASP.NET HealthChecks
// and Spring Actuator reports of other servers read the same; `venue doctor`
// uses the report.

import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../../support/fake-service.js';
import { runVenue, startSandbox, tempDir, type SandboxHandle } from '../../support/in-process.js';

let sb: SandboxHandle;
beforeAll(async () => {
  sb = await startSandbox();
}, 60_000);
afterAll(async () => sb?.stop());

const setHealth = async (inventoryHealth: string) => {
  const r = await sb.run(['sandbox', 'settings', '--inventory-health', inventoryHealth, '-q']);
  expect(r.code, r.stderr).toBe(0);
};

describe('the sandbox inventory health', () => {
  it('ok: the report and exit 0', async () => {
    await setHealth('ok');
    const table = await sb.run(['inventory', 'health']);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/Status\s+ok/);
    expect(table.stdout).toMatch(/Database\s+connected/);
  });

  it('degraded (200): the report shown, exit 6 saying degraded, in the table and in json', async () => {
    await setHealth('degraded');
    try {
      const table = await sb.run(['inventory', 'health']);
      expect(table.code).toBe(6);
      expect(table.stdout).toMatch(/Status\s+degraded/);
      expect(table.stderr).toContain(
        'the inventory service reports itself degraded: status degraded, database connected',
      );
      const json = await sb.run(['inventory', 'health', '-o', 'json']);
      expect(json.code).toBe(6);
      expect(JSON.parse(json.stdout)).toMatchObject({ status: 'degraded', database: 'connected' });
    } finally {
      await setHealth('ok');
    }
  });

  it('unhealthy (503 with its report): the report shown, database disconnected, exit 6; doctor fails the health check', async () => {
    await setHealth('unhealthy');
    try {
      const table = await sb.run(['inventory', 'health']);
      expect(table.code).toBe(6);
      expect(table.stdout).toMatch(/Status\s+unhealthy/);
      expect(table.stdout).toMatch(/Database\s+disconnected/);
      expect(table.stderr).toContain('reports itself unhealthy: status unhealthy, database disconnected (HTTP 503)');
      const json = await sb.run(['inventory', 'health', '-o', 'json']);
      expect(json.code).toBe(6);
      expect(JSON.parse(json.stdout)).toMatchObject({ status: 'unhealthy', database: 'disconnected' });

      const doctor = await sb.run(['doctor', '-o', 'json']);
      expect(doctor.code).toBe(6);
      const findings = JSON.parse(doctor.stdout) as Array<{
        service: string;
        check: string;
        status: string;
        detail: string;
      }>;
      expect(findings.find((f) => f.service === 'inventory' && f.check === 'health')).toMatchObject({
        status: 'fail',
        detail: expect.stringContaining('unhealthy'),
      });
      expect(findings.find((f) => f.service === 'inventory' && f.check === 'reachable')).toMatchObject({
        status: 'ok',
      });
    } finally {
      await setHealth('ok');
    }
  });
});

describe("other servers' reports", () => {
  let service: FakeService;
  let configDir: string;
  const venue = (args: string[]) =>
    runVenue(['--profile', 'v', ...args], {
      env: {
        VENUE_CONFIG_DIR: configDir,
        VENUE_INVENTORY_URL: service.url,
        VENUE_INVENTORY_API_KEY: 'k-0001',
        VENUE_INVENTORY_API_SECRET: 's-0002',
      },
    });
  beforeAll(async () => {
    service = await startFakeService();
    configDir = tempDir();
    expect((await venue(['config', 'init', '--warehouse', '1'])).code).toBe(0);
  });
  afterAll(async () => {
    await service.close();
    fs.rmSync(configDir, { recursive: true, force: true });
  });

  it('ASP.NET HealthChecks, 503 Unhealthy with its database entry Unhealthy: the report and exit 6, asked once', async () => {
    const report = {
      status: 'Unhealthy',
      totalDuration: '00:00:00.0123',
      entries: {
        db: { status: 'Unhealthy', description: 'Disconnected', duration: '00:00:00.01' },
        cache: { status: 'Healthy' },
      },
    };
    service.script('GET /health', { status: 503, body: report });
    service.seen.length = 0;
    const table = await venue(['inventory', 'health']);
    expect(table.code).toBe(6);
    expect(table.stdout).toMatch(/Status\s+Unhealthy/);
    expect(table.stdout).toMatch(/Database\s+Unhealthy/);
    expect(table.stdout).toContain('db: Unhealthy; cache: Healthy');
    expect(service.seen).toHaveLength(1);
    const json = await venue(['inventory', 'health', '-o', 'json']);
    expect(json.code).toBe(6);
    expect(JSON.parse(json.stdout)).toEqual(report);
  });

  it('ASP.NET Degraded at 200: exit 6; Healthy: exit 0', async () => {
    service.script('GET /health', {
      status: 200,
      body: { status: 'Degraded', totalDuration: '00:00:00.02', entries: { db: { status: 'Healthy' } } },
    });
    const degraded = await venue(['inventory', 'health']);
    expect(degraded.code).toBe(6);
    expect(degraded.stderr).toContain('reports itself degraded: status Degraded, database Healthy');
    service.script('GET /health', {
      status: 200,
      body: { status: 'Healthy', totalDuration: '00:00:00.02', entries: { db: { status: 'Healthy' } } },
    });
    expect((await venue(['inventory', 'health'])).code).toBe(0);
  });

  it('Spring Actuator: UP is exit 0; a component DOWN under an UP status is still unhealthy', async () => {
    service.script('GET /health', {
      status: 200,
      body: {
        status: 'UP',
        components: { db: { status: 'UP', details: { database: 'PostgreSQL' } }, diskSpace: { status: 'UP' } },
      },
    });
    const up = await venue(['inventory', 'health', '-o', 'json']);
    expect(up.code, up.stderr).toBe(0);
    service.script('GET /health', { status: 200, body: { status: 'UP', components: { db: { status: 'DOWN' } } } });
    const down = await venue(['inventory', 'health']);
    expect(down.code).toBe(6);
    expect(down.stdout).toMatch(/Database\s+DOWN/);
  });

  it('a status word venue cannot judge is exit 6 with the report shown, never taken as healthy', async () => {
    service.script('GET /health', { status: 200, body: { status: 'Blue', database: 'connected' } });
    const r = await venue(['inventory', 'health']);
    expect(r.code).toBe(6);
    expect(r.stdout).toMatch(/Status\s+Blue/);
    expect(r.stderr).toContain('venue cannot tell whether that is healthy');
  });

  it('a 503 without a report is a failure to reach a report (exit 6), not a report', async () => {
    service.script('GET /health', { status: 503, body: '<html>busy</html>' });
    const r = await venue(['inventory', 'health']);
    expect(r.code).toBe(6);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('answered 503');
  });
});
