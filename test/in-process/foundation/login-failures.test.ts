// Login failures are login failures, through the built binary against a
// scripted server: a token route that answers 404, 500 or a 200 without a
// token makes the command exit 3 or 6 naming the login route (method, path,
// status), never the command's own not-found (4) or rule (5) codes, and
// nothing else is sent; refused credentials are sent once; `venue doctor`
// tells "login route not found", "service failing" and "credentials refused"
// apart; a wrong guest password is one POST and is told as the guest's.

import fs from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../../support/fake-service.js';
import { runVenue, tempDir } from '../../support/in-process.js';

let service: FakeService;
let configDir: string;
const secrets = { VENUE_INVENTORY_API_KEY: 'key-AAAA-1111', VENUE_INVENTORY_API_SECRET: 'secret-BBBB-2222' };
const venue = (args: string[], env: Record<string, string> = {}, input?: string) =>
  runVenue(['--profile', 'venue1', ...args], { env: { VENUE_CONFIG_DIR: configDir, ...secrets, ...env }, input });
const calls = (path: string) => service.seen.filter((r) => r.path === path);

beforeAll(async () => {
  service = await startFakeService({ tokenPath: '/api/auth/token' });
  configDir = tempDir();
  const set = await runVenue(['config', 'init', 'venue1', '--inventory-url', `${service.url}/api`], {
    env: { VENUE_CONFIG_DIR: configDir },
  });
  expect(set.code, set.stderr).toBe(0);
  service.script('GET /api/products/1001', { status: 404, body: { message: 'no product 1001' } });
  service.script('GET /api/health', { status: 200, body: { status: 'ok', database: 'connected' } });
});
afterAll(async () => {
  await service.close();
  fs.rmSync(configDir, { recursive: true, force: true });
});
beforeEach(async () => {
  service.seen.length = 0;
  await venue(['auth', 'logout']);
});

const doctorToken = async () => {
  const r = await venue(['doctor', '-o', 'json']);
  const findings = JSON.parse(r.stdout) as Array<{
    service: string;
    check: string;
    status: string;
    detail: string;
    fix: string;
  }>;
  return { code: r.code, token: findings.find((f) => f.service === 'inventory' && f.check === 'token')! };
};

describe('a failure while getting a token', () => {
  it('token route 404: exit 3 naming the login route, never "product 1001 does not exist"; nothing else sent', async () => {
    service.script('POST /api/auth/token', { status: 404, body: { message: 'Not Found' } });
    const r = await venue(['inventory', 'products', 'get', '1001']);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('could not log in to the inventory service: POST /api/auth/token answered 404');
    expect(r.stderr).toContain('there is no login route there');
    expect(r.stderr).toContain('inventory.routes.authenticate');
    expect(r.stderr).not.toContain('does not exist');
    expect(calls('/api/products/1001')).toEqual([]);

    const { code, token } = await doctorToken();
    expect(code).toBe(3);
    expect(token.status).toBe('fail');
    expect(token.detail).toBe('login route not found: POST /api/auth/token answered 404 (Not Found)');
    expect(token.fix).toContain('inventory.routes.authenticate');
  });

  it('token route 500: exit 6 saying the login route is failing, asked once; doctor says "service failing"', async () => {
    service.script('POST /api/auth/token', { status: 500, body: { message: 'database down' } });
    const r = await venue(['inventory', 'products', 'get', '1001']);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('POST /api/auth/token answered 500 (database down): the login route is failing');
    expect(calls('/api/auth/token')).toHaveLength(1);
    expect(calls('/api/products/1001')).toEqual([]);

    const { code, token } = await doctorToken();
    expect(code).toBe(6);
    expect(token.detail).toBe('service failing: POST /api/auth/token answered 500 (database down)');
    expect(token.fix).not.toContain('set-secret');
  });

  it('token route 200 without a token: exit 6 naming the login route and what was looked for', async () => {
    service.script('POST /api/auth/token', { status: 200, body: { ok: true, user: 'integration' } });
    const r = await venue(['inventory', 'products', 'get', '1001']);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain(
      'POST /api/auth/token answered with success: its answer has no token (looked for accessToken',
    );
    expect(calls('/api/products/1001')).toEqual([]);
    expect((await doctorToken()).token.detail).toMatch(/^login answer unreadable: POST \/api\/auth\/token/);
  });

  it('credentials refused (401): exit 3, sent once, naming the credentials to check; doctor says "credentials refused"', async () => {
    service.script('POST /api/auth/token', { status: 401, body: { message: 'bad key' } });
    const r = await venue(['inventory', 'products', 'get', '1001']);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('POST /api/auth/token answered 401 (bad key): the credentials were refused');
    expect(r.stderr).toContain('VENUE_INVENTORY_API_SECRET');
    expect(calls('/api/auth/token')).toHaveLength(1);
    expect(r.stderr + r.stdout).not.toContain('secret-BBBB-2222');

    const { code, token } = await doctorToken();
    expect(code).toBe(3);
    expect(token.detail).toBe('credentials refused: POST /api/auth/token answered 401 (bad key)');
    expect(token.fix).toMatch(/`venue (--profile \S+ )?config set-secret <name>`/);
  });

  it('a write whose login fails is not sent and never exits 5 or 7', async () => {
    service.script('POST /api/auth/token', { status: 404, body: {} });
    const r = await venue(['api', 'inventory', 'POST', '/stock-adjustments', '--data', '-'], {}, '{"productId":1}');
    expect(r.code).toBe(3);
    expect(calls('/api/stock-adjustments')).toEqual([]);
  });

  it('a busy token route (503) is asked again within the deadline: the command succeeds', async () => {
    service.script(
      'POST /api/auth/token',
      { status: 503, body: {} },
      { status: 503, body: {} },
      { status: 503, body: {} },
      { status: 503, body: {} },
      { status: 200, body: { token: 'a.b.c' } },
    );
    service.script('GET /api/categories', { status: 200, body: [{ categoryId: 'SNACKS', name: 'Snacks' }] });
    const r = await venue(['inventory', 'categories', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(calls('/api/auth/token')).toHaveLength(5);
    expect(calls('/api/categories')[0]!.headers.authorization).toBe('Bearer a.b.c');
  });
});

describe('a wrong guest password', () => {
  let wallet: FakeService;
  let walletDir: string;
  const guest = (args: string[], input?: string) =>
    runVenue(['--profile', 'w', ...args], {
      env: {
        VENUE_CONFIG_DIR: walletDir,
        VENUE_WALLET_URL: wallet.url,
        VENUE_WALLET_CLIENT_SECRET: 'wallet-secret-0001',
      },
      input,
    });
  beforeAll(async () => {
    wallet = await startFakeService({ tokenPath: '/api/v1/token' });
    walletDir = tempDir();
    expect((await guest(['config', 'init', '--wallet-environment', 'production'])).code).toBe(0);
  });
  afterAll(async () => {
    await wallet.close();
    fs.rmSync(walletDir, { recursive: true, force: true });
  });

  it("against a bare server (401, no body) is one POST, told as the guest's email and password, never the client secret", async () => {
    wallet.script('POST /api/v1/admin/login', { status: 401 });
    for (const attempt of [1, 2]) {
      // The second attempt finds an admin token cached by the first: still one POST.
      wallet.seen.length = 0;
      const r = await guest(['wallet', 'login', 'ava@example.com', '--password-stdin'], 'Wrong1234\n');
      expect(r.code, `attempt ${attempt}: ${r.stderr}`).toBe(3);
      expect(wallet.seen.filter((s) => s.path === '/api/v1/admin/login')).toHaveLength(1);
      expect(r.stderr).toContain("the wallet did not accept the guest's email and password");
      expect(r.stderr).toContain('`venue --profile w wallet reset-password ava@example.com`');
      expect(r.stderr).not.toMatch(/client ?secret|set-secret/i);
    }
  });

  it('a login refused for its admin token (Bearer challenge) is not blamed on the guest', async () => {
    wallet.script('POST /api/v1/admin/login', {
      status: 401,
      body: { error: 'invalid_token' },
      headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
    });
    wallet.seen.length = 0;
    const r = await guest(['wallet', 'login', 'ava@example.com', '--password-stdin'], 'Right1234\n');
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('refused the admin token it had just issued');
    expect(wallet.seen.filter((s) => s.path === '/api/v1/admin/login')).toHaveLength(1);
  });
});
