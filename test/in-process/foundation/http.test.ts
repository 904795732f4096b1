// The HTTP layer through the built binary (`venue api`) against a scripted
// service on loopback: retries, the 401 replay, lost answers, exit codes.

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../../support/fake-service.js';
import { runVenue, tempDir } from '../../support/in-process.js';

let service: FakeService;
let configDir: string;
const secrets = { VENUE_INVENTORY_API_KEY: 'key-AAAA-1111', VENUE_INVENTORY_API_SECRET: 'secret-BBBB-2222' };

const venue = (args: string[], input?: string, env: Record<string, string> = {}) =>
  runVenue(['--profile', 'venue1', ...args], { env: { VENUE_CONFIG_DIR: configDir, ...secrets, ...env }, input });

beforeAll(async () => {
  service = await startFakeService({ tokenPath: '/api/auth/token' });
  configDir = tempDir();
  const set = await runVenue(['config', 'init', 'venue1', '--inventory-url', `${service.url}/api`], {
    env: { VENUE_CONFIG_DIR: configDir },
  });
  expect(set.code).toBe(0);
});
afterAll(async () => {
  await service.close();
  fs.rmSync(configDir, { recursive: true, force: true });
});
beforeEach(() => {
  service.seen.length = 0;
});

describe('retries', () => {
  it('retries a GET through 503 and 429 (Retry-After) and then succeeds', async () => {
    service.script(
      'GET /api/products',
      { status: 503, body: { message: 'busy' } },
      { status: 429, body: {}, headers: { 'retry-after': '1' } },
      { status: 200, body: { items: [{ productId: 1 }] } },
    );
    const started = Date.now();
    const result = await venue(['api', 'inventory', 'GET', '/products']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ items: [{ productId: 1 }] });
    expect(service.seen.filter((r) => r.path === '/api/products')).toHaveLength(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it('gives up after its retries with exit 6', async () => {
    service.script('GET /api/flaky', { status: 502, body: 'bad gateway' });
    const result = await venue(['api', 'inventory', 'GET', '/flaky']);
    expect(result.code).toBe(6);
    expect(service.seen.filter((r) => r.path === '/api/flaky')).toHaveLength(4);
  });

  it('sends a POST refused with 503 again (nothing was applied), with the same Idempotency-Key; a lasting 503 is exit 6', async () => {
    service.script(
      'POST /api/stock-adjustments',
      { status: 503, body: { error: 'maintenance' } },
      { status: 201, body: { adjustmentId: 1 } },
    );
    const ok = await venue(['api', 'inventory', 'POST', '/stock-adjustments', '--data', '-'], '{"productId":1}');
    expect(ok.code, ok.stderr).toBe(0);
    const sent = service.seen.filter((r) => r.path === '/api/stock-adjustments');
    expect(sent).toHaveLength(2);
    expect(sent[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]!.headers['idempotency-key']).toBe(sent[0]!.headers['idempotency-key']);

    service.script(
      'POST /api/stock-adjustments',
      ...Array.from({ length: 5 }, () => ({ status: 503, body: { error: 'maintenance' } })),
    );
    const refused = await venue(['api', 'inventory', 'POST', '/stock-adjustments', '--data', '-'], '{"productId":1}', {
      VENUE_RETRIES: '1',
    });
    expect(refused.code).toBe(6);
    expect(refused.stderr).toContain('maintenance');
  });
});

describe('bounded waits', () => {
  it('a 429 asking for 3600 s fails at once with exit 6 saying when, within the deadline', async () => {
    service.script('GET /api/categories', {
      status: 429,
      body: { message: 'slow down' },
      headers: { 'retry-after': '3600' },
    });
    const started = Date.now();
    const result = await venue(['--timeout', '2', 'inventory', 'categories']);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(result.code).toBe(6);
    expect(result.stderr).toMatch(/asked to be called back in 3600 s \(at \d{4}-\d\d-\d\dT/);
  });

  it('VENUE_RETRIES and VENUE_DEADLINE are checked (exit 2 naming them)', async () => {
    const retries = await venue(['inventory', 'categories'], undefined, { VENUE_RETRIES: 'lots' });
    expect(retries.code).toBe(2);
    expect(retries.stderr).toContain('VENUE_RETRIES must be a whole number from 0 to 10');
    const deadline = await venue(['inventory', 'categories'], undefined, { VENUE_DEADLINE: '-1' });
    expect(deadline.code).toBe(2);
    expect(deadline.stderr).toContain('VENUE_DEADLINE');
  });
});

describe('unknown outcome', () => {
  it('says so, exits 7 and does not resend when a POST loses its answer', async () => {
    service.script('POST /api/stock-receipts', { drop: true });
    const result = await venue(['api', 'inventory', 'POST', '/stock-receipts', '--data', '-'], '{"items":[]}');
    expect(result.code).toBe(7);
    expect(result.stderr).toMatch(/may or may not have been applied/);
    expect(service.seen.filter((r) => r.path === '/api/stock-receipts')).toHaveLength(1);
  });
});

describe('401 replay', () => {
  it('fetches a new token once when the cached one is refused, and replays', async () => {
    service.script('GET /api/categories', { status: 200, body: { items: [] } });
    expect((await venue(['api', 'inventory', 'GET', '/categories'])).code).toBe(0);
    const issuedBefore = service.tokensIssued.length;
    service.revoke(service.tokensIssued.at(-1)!);
    const result = await venue(['api', 'inventory', 'GET', '/categories']);
    expect(result.code).toBe(0);
    expect(service.tokensIssued.length).toBe(issuedBefore + 1);
    // the first command, then the refused request and its replay
    expect(service.seen.filter((r) => r.path === '/api/categories')).toHaveLength(3);
  });

  it('reuses the cached token across commands (one exchange)', async () => {
    service.script('GET /api/classes', { status: 200, body: [] });
    const before = service.tokensIssued.length;
    await venue(['api', 'inventory', 'GET', '/classes']);
    await venue(['api', 'inventory', 'GET', '/classes']);
    expect(service.tokensIssued.length).toBe(before);
  });
});

describe('exit codes', () => {
  it.each([
    [400, 2],
    [403, 3],
    [404, 4],
    [409, 5],
    [422, 5],
    [500, 6],
  ])('status %i exits %i and shows the server message', async (status, code) => {
    service.script('GET /api/answer', { status, body: { title: 'Said the server', detail: `status ${status}` } });
    const result = await venue(['api', 'inventory', 'GET', '/answer']);
    expect(result.code).toBe(code);
    expect(result.stderr).toContain('Said the server');
    expect(result.stderr).not.toMatch(/\n\s+at .*\(.*:\d+:\d+\)/); // no stack trace
  });

  it('usage errors exit 2 before anything is sent', async () => {
    const result = await venue(['api', 'inventory', 'FETCH', '/x']);
    expect(result.code).toBe(2);
    expect(service.seen).toHaveLength(0);
    expect((await venue(['inventory', '--no-such-flag'])).code).toBe(2);
  });

  it('missing credentials exit 3 and name the fix', async () => {
    await venue(['auth', 'logout', 'inventory']);
    const result = await runVenue(['--profile', 'venue1', 'api', 'inventory', 'GET', '/products'], {
      env: { VENUE_CONFIG_DIR: configDir },
    });
    expect(result.code).toBe(3);
    // The run chose its profile: the fix names it.
    expect(result.stderr).toContain('`venue --profile venue1 config set-secret inventory.apiKey`');
  });
});

describe('--verbose', () => {
  it('traces the exchange with every secret and token redacted', async () => {
    await venue(['auth', 'logout', 'inventory']);
    service.script('GET /api/products', { status: 200, body: { items: [] } });
    const result = await venue(['--verbose', 'api', 'inventory', 'GET', '/products']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('> POST');
    expect(result.stderr).toContain('/api/auth/token');
    expect(result.stderr).toContain('[redacted]');
    for (const secret of [...Object.values(secrets), ...service.tokensIssued]) {
      expect(result.stderr).not.toContain(secret);
      expect(result.stdout).not.toContain(secret);
    }
  });
});

describe('files', () => {
  it('keeps the token cache and credentials private (0600)', async () => {
    const stored = await runVenue(['--profile', 'venue1', 'config', 'set-secret', 'inventory.apiSecret', '--stdin'], {
      env: { VENUE_CONFIG_DIR: configDir },
      input: 'from-stdin-secret\n',
    });
    expect(stored.code).toBe(0);
    expect(fs.statSync(path.join(configDir, 'credentials.json')).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.join(configDir, 'state', 'tokens.json')).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(path.join(configDir, 'config.json'), 'utf8')).not.toContain('from-stdin-secret');
    const list = await runVenue(['--profile', 'venue1', 'config', 'list', '-o', 'json'], {
      env: { VENUE_CONFIG_DIR: configDir },
    });
    expect(list.stdout).not.toContain('from-stdin-secret');
    expect(JSON.parse(list.stdout)).toContainEqual({ key: 'inventory.apiSecret', value: 'set', source: 'profile' });
  });

  it('refuses a secret on the command line, and never prompts without a TTY', async () => {
    const onArgv = await runVenue(['config', 'set-secret', 'inventory.apiSecret', 'oops-in-history'], {
      env: { VENUE_CONFIG_DIR: configDir },
    });
    expect(onArgv.code).toBe(2);
    const noTty = await runVenue(['config', 'set-secret', 'inventory.apiSecret'], {
      env: { VENUE_CONFIG_DIR: configDir },
    });
    expect(noTty.code).toBe(2);
    expect(noTty.stderr).toContain('--secret-stdin or --secret-env');
  });
});
