// The built `venue sandbox serve` over real HTTP: bad input never takes it
// down, faults behave as documented, and the control commands work.

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../support/in-process.js';
import { expectContract } from '../../support/contract.js';

let sb: SandboxHandle;

beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(async () => {
  await sb?.stop();
});

async function call(method: string, url: string, body?: string | object, headers: Record<string, string> = {}) {
  const response = await fetch(`${sb.origin}${url}`, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

async function inventoryToken(): Promise<string> {
  const answer = await call('POST', '/inventory/auth/token', {
    apiKey: 'sandbox-inventory-api-key',
    apiSecret: 'sandbox-inventory-api-secret',
  });
  expect(answer.status).toBe(200);
  return answer.body.token;
}

const errorShape = (status: number, code: string) => ({ error: { status, code, message: expect.any(String) } });

describe('bad input gets a 4xx with the error body, and the sandbox keeps answering', () => {
  it('malformed JSON → 400', async () => {
    const answer = await call('POST', '/wallet/api/v1/token', '{"clientSecret": ');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject(errorShape(400, 'malformed_json'));
    expectContract('wallet', 'POST', '/api/v1/token', 400, answer.body);
    for (const [service, url] of [
      ['inventory', '/inventory/suppliers'],
      ['booking', '/booking/api/v1/orders/reservations/reserve'],
    ] as const) {
      const other = await call('POST', url, '{"a":[1,');
      expect(other.body).toMatchObject(errorShape(400, 'malformed_json'));
      expectContract(service, 'POST', url, 400, other.body);
    }
    expect((await call('GET', '/_sandbox/health')).body.ok).toBe(true);
  });

  it('unknown path → 404', async () => {
    for (const url of ['/nowhere', '/wallet/api/v9/nothing', '/inventory/products/x/y/z']) {
      const answer = await call('GET', url);
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject(errorShape(404, 'not_found'));
    }
    expect((await call('GET', '/_sandbox/health')).status).toBe(200);
  });

  it('a body over 1 MiB → 413', async () => {
    const answer = await call('POST', '/inventory/suppliers', JSON.stringify({ supplierName: 'x'.repeat(1_100_000) }));
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject(errorShape(413, 'payload_too_large'));
    const booking = await call(
      'POST',
      '/booking/api/v1/orders/reservations/reserve',
      JSON.stringify({ pad: 'y'.repeat(1_100_000) }),
    );
    expect(booking.status).toBe(413);
    expectContract('booking', 'POST', '/api/v1/orders/reservations/reserve', 413, booking.body);
    expect((await call('GET', '/_sandbox/health')).status).toBe(200);
  });
});

describe('faults', () => {
  it('drop after processing: the client gets no answer, yet the change was applied', async () => {
    const token = await inventoryToken();
    const auth = { authorization: `Bearer ${token}` };
    const set = await sb.run([
      'sandbox',
      'faults',
      '--drop-after-processing',
      'POST /inventory/suppliers',
      '--count',
      '1',
      '-o',
      'json',
    ]);
    expect(set.code).toBe(0);
    expect(JSON.parse(set.stdout).dropAfterProcessing).toEqual([{ match: 'POST /inventory/suppliers', remaining: 1 }]);
    const supplier = { supplierCode: 'DROP1', supplierName: 'Dropped Answer Ltd', supplierAddress: '1 Lost Lane' };
    await expect(call('POST', '/inventory/suppliers', supplier, auth)).rejects.toThrow();
    const list = await call('GET', '/inventory/suppliers', undefined, auth);
    expect(list.body.items.filter((s: { supplierCode: string }) => s.supplierCode === 'DROP1')).toHaveLength(1);
    // Only the next one was dropped.
    expect((await call('POST', '/inventory/suppliers', { ...supplier, supplierCode: 'DROP2' }, auth)).status).toBe(201);
  });

  it('fail-next fails exactly N matching requests with the status, before processing', async () => {
    const set = await sb.run([
      'sandbox',
      'faults',
      '--fail-next',
      'GET /inventory/health',
      '--count',
      '2',
      '--status',
      '503',
    ]);
    expect(set.code).toBe(0);
    expect(set.stdout).toContain('GET /inventory/health ×2 → 503');
    expect((await call('GET', '/inventory/health')).status).toBe(503);
    const second = await call('GET', '/inventory/health');
    expect(second.body).toMatchObject(errorShape(503, 'internal'));
    expect((await call('GET', '/inventory/health')).status).toBe(200);
  });

  it('error rate, rate limit with Retry-After and latency; control routes are never faulted; --clear', async () => {
    expect((await sb.run(['sandbox', 'faults', '--error-rate', '1', '--status', '502'])).code).toBe(0);
    expect((await call('GET', '/inventory/health')).status).toBe(502);
    expect((await call('GET', '/_sandbox/health')).status).toBe(200);
    expect(
      (await sb.run(['sandbox', 'faults', '--error-rate', '0', '--rate-limit-rate', '1', '--retry-after', '3'])).code,
    ).toBe(0);
    const limited = await call('GET', '/inventory/health');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    expect(limited.body).toMatchObject(errorShape(429, 'rate_limited'));
    expect(
      (
        await sb.run([
          'sandbox',
          'faults',
          '--rate-limit-rate',
          '0',
          '--latency-ms',
          '300',
          '--match',
          'GET /inventory/health',
        ])
      ).code,
    ).toBe(0);
    const t0 = performance.now();
    expect((await call('GET', '/inventory/health')).status).toBe(200);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(290);
    const settings = await sb.run(['sandbox', 'settings']);
    expect(settings.code).toBe(0);
    const cleared = await sb.run(['sandbox', 'faults', '--clear', '-o', 'json']);
    expect(cleared.code).toBe(0);
    expect(JSON.parse(cleared.stdout)).toMatchObject({
      errorRate: 0,
      rateLimitRate: 0,
      latencyMs: 0,
      failNext: [],
      dropAfterProcessing: [],
    });
  });

  it('every fault on the next requests has its flag: set, shown and cleared (mistype answers numbers in words)', async () => {
    // One row per fault in the command; each must reach the sandbox under its field, with --count and --status.
    const faults: Array<[string, string, Record<string, unknown>]> = [
      ['--drop-after-processing', 'dropAfterProcessing', {}],
      ['--fail-next', 'failNext', { status: 503 }],
      ['--answer-after-processing', 'answerAfterProcessing', { status: 408 }],
      ['--misanswer', 'misanswer', {}],
      ['--mistype', 'mistype', {}],
    ];
    for (const [flag, field, extra] of faults) {
      const set = await sb.run(['sandbox', 'faults', flag, 'GET /inventory/categories', '--count', '2', '-o', 'json']);
      expect(set.code, `${flag}: ${set.stderr}`).toBe(0);
      expect(JSON.parse(set.stdout)[field], flag).toEqual([
        { match: 'GET /inventory/categories', remaining: 2, ...extra },
      ]);
      expect((await sb.run(['sandbox', 'faults', '--clear'])).code).toBe(0);
    }
    const token = await inventoryToken();
    const auth = { authorization: `Bearer ${token}` };
    const plain = await call('GET', '/inventory/products/1001', undefined, auth);
    expect(JSON.stringify(plain.body)).toMatch(/"productId":1001/);
    expect((await sb.run(['sandbox', 'faults', '--mistype', 'GET /inventory/products/*'])).stdout).toContain(
      'GET /inventory/products/* ×1',
    );
    const mistyped = await call('GET', '/inventory/products/1001', undefined, auth);
    expect(JSON.stringify(mistyped.body)).toMatch(/"productId":"one thousand and one"/);
    expect(JSON.stringify(mistyped.body)).not.toMatch(/":-?\d/);
    const typed = await sb.run(['sandbox', 'faults', '--status', '500', '--mistype', 'GET /x']);
    expect(typed.code).toBe(2);
    expect(typed.stderr).toContain('--status goes with --error-rate, --fail-next or --answer-after-processing');
  });

  it('bad fault flags are usage errors and send nothing', async () => {
    const bad = await sb.run(['sandbox', 'faults', '--error-rate', '1.5']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--error-rate must be a number from 0 to 1/);
    const pattern = await sb.run(['sandbox', 'faults', '--fail-next', 'inventory/health']);
    expect(pattern.code).toBe(2);
    expect(pattern.stderr).toMatch(/METHOD \/path/);
  });
});

describe('control commands', () => {
  it('status, settings and outbox honour -o json', async () => {
    const status = await sb.run(['sandbox', 'status', '-o', 'json']);
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({
      running: true,
      origin: sb.origin,
      pid: sb.process.pid,
      tokenScale: 1,
      holdSeconds: 600,
    });
    const changed = await sb.run(['sandbox', 'settings', '--hold-seconds', '42', '--json']);
    expect(JSON.parse(changed.stdout)).toEqual({ tokenScale: 1, holdSeconds: 42, inventoryHealth: 'ok' });
    const bad = await sb.run(['sandbox', 'settings', '--token-scale', '-1']);
    expect(bad.code).toBe(2);
    const outbox = await sb.run(['sandbox', 'outbox', '--to', 'nobody@example.com', '-o', 'json']);
    expect(outbox.code).toBe(0);
    expect(JSON.parse(outbox.stdout)).toEqual([]);
    const table = await sb.run(['sandbox', 'outbox', '--to', 'nobody@example.com']);
    expect(table.stderr).toContain('No mail to nobody@example.com.');
    await sb.run(['sandbox', 'settings', '--hold-seconds', '600']);
  });

  it('seed adds products through the inventory control route; reset restores the demo catalogue', async () => {
    const token = await inventoryToken();
    const auth = { authorization: `Bearer ${token}` };
    const before = (await call('GET', '/inventory/products?pageSize=1', undefined, auth)).body.totalItems;
    const seeded = await sb.run(['sandbox', 'seed', '--products', '250', '-o', 'json']);
    expect(seeded.code).toBe(0);
    expect((await call('GET', '/inventory/products?pageSize=1', undefined, auth)).body.totalItems).toBe(before + 250);
    const reset = await sb.run(['sandbox', 'reset', '-o', 'json']);
    expect(reset.code).toBe(0);
    expect(JSON.parse(reset.stdout)).toMatchObject({ reset: true });
    expect((await call('GET', '/inventory/products?pageSize=1', undefined, auth)).body.totalItems).toBe(before);
    expect((await sb.run(['sandbox', 'seed', '--products', '0'])).code).toBe(2);
  });

  it('every sandbox command has help with an example', async () => {
    for (const name of ['serve', 'start', 'stop', 'status', 'reset', 'seed', 'outbox', 'faults', 'settings']) {
      const help = await sb.run(['sandbox', name, '--help']);
      expect(help.code).toBe(0);
      expect(help.stdout).toMatch(/Examples:\n {2}\$ venue sandbox/);
    }
  });

  it('state is written to the state directory', async () => {
    const file = path.join(sb.configDir, 'sandbox', 'state.json');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).state.settings).toBeDefined();
    expect(fs.statSync(file).mode & 0o077).toBe(0);
  });
});

describe('the CLI against the faults', () => {
  it('a dropped answer to a POST exits 7 (outcome unknown) while the change was applied', async () => {
    await sb.run(['sandbox', 'faults', '--drop-after-processing', 'POST /inventory/suppliers']);
    const supplier = JSON.stringify({
      supplierCode: 'CLI7',
      supplierName: 'Unknown Outcome Ltd',
      supplierAddress: '7 Maybe Street',
    });
    const sent = await sb.run(['api', 'inventory', 'POST', '/suppliers', '--data', '-'], { input: supplier });
    expect(sent.code).toBe(7);
    expect(sent.stderr).toMatch(/may or may not have been applied/);
    const list = await sb.run(['api', 'inventory', 'GET', '/suppliers']);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain('CLI7');
  });

  it('503 on the next two GETs is retried through to success', async () => {
    await sb.run(['sandbox', 'faults', '--fail-next', 'GET /inventory/suppliers', '--count', '2', '--status', '503']);
    const list = await sb.run(['api', 'inventory', 'GET', '/suppliers']);
    expect(list.code, list.stderr).toBe(0);
    expect(JSON.parse((await sb.run(['sandbox', 'faults', '-o', 'json'])).stdout).failNext).toEqual([]);
  });
});
