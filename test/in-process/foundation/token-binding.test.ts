// Tokens bound to where they came from, through the built binary: a token
// cached from the sandbox never reaches a second server after the inventory
// URL changes (environment or profile), a change of credentials in the
// environment is a fresh login, a guest's session is never sent to another
// wallet address, `auth status` names each token's host and calls a
// mismatched one stale, and neither `venue api` with a full URL nor a
// redirect carries a token to another origin. The second server records
// every header it receives.

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sandboxDemoSecrets } from '../../../src/lib/sandbox-address.js';
import { startFakeService, type FakeService } from '../../support/fake-service.js';
import { startSandbox, type SandboxHandle } from '../../support/in-process.js';

let sb: SandboxHandle;
let second: FakeService;
let categories: unknown[];

/** Every header value the second server received, joined: a token anywhere in them is found. */
const headersSeen = (service: FakeService) => service.seen.map((r) => JSON.stringify(r.headers)).join('\n');
const cachedInventoryToken = async () => {
  const r = await sb.run(['auth', 'token', 'inventory']);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout.trim();
};

beforeAll(async () => {
  sb = await startSandbox();
  second = await startFakeService({ tokenPath: '/inv/auth/token' });
  const listed = await sb.run(['inventory', 'categories', '-o', 'json']);
  expect(listed.code, listed.stderr).toBe(0);
  categories = JSON.parse(listed.stdout) as unknown[];
  second.script('GET /inv/categories', { status: 200, body: categories });
}, 60_000);
afterAll(async () => {
  await second?.close();
  await sb?.stop();
});
beforeEach(() => {
  second.seen.length = 0;
});

describe('the inventory token is bound to its base URL and credentials', () => {
  it("after VENUE_INVENTORY_URL points elsewhere, the second server gets a login, never the first server's token", async () => {
    const first = await cachedInventoryToken();
    const env = { VENUE_INVENTORY_URL: `${second.url}/inv` };

    const status = await sb.run(['auth', 'status', '-o', 'json'], { env });
    expect(status.code, status.stderr).toBe(0);
    const inventory = (JSON.parse(status.stdout) as Array<Record<string, unknown>>).find(
      (row) => row.service === 'inventory',
    )!;
    expect(inventory.token).toBe('stale: another host');
    expect(inventory.host).toBe(`${sb.origin}/inventory`);
    expect(status.stdout).not.toContain(first);

    const r = await sb.run(['inventory', 'categories', '-o', 'json'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(categories);
    expect(headersSeen(second)).not.toContain(first);
    expect(second.seen.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /inv/auth/token', 'GET /inv/categories']);
    expect(second.seen[1]!.headers.authorization).toBe(`Bearer ${second.tokensIssued.at(-1)}`);

    // Back at the sandbox: the second server's token is stale there in turn, and never sent.
    const back = await sb.run(['auth', 'status', '-o', 'json']);
    expect(
      (JSON.parse(back.stdout) as Array<Record<string, unknown>>).find((row) => row.service === 'inventory')!.token,
    ).toBe('stale: another host');
    const again = await sb.run(['-v', 'inventory', 'categories']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('> POST http://127.0.0.1');
  });

  it('credentials changed through VENUE_INVENTORY_API_KEY/SECRET mean a fresh login and a new token; unchanged ones reuse it', async () => {
    const env = { VENUE_INVENTORY_URL: `${second.url}/inv` };
    expect((await sb.run(['inventory', 'categories'], { env })).code).toBe(0);
    const before = second.tokensIssued.at(-1)!;
    second.seen.length = 0;

    const reused = await sb.run(['inventory', 'categories'], { env });
    expect(reused.code, reused.stderr).toBe(0);
    expect(second.seen.map((s) => `${s.method} ${s.path}`)).toEqual(['GET /inv/categories']);
    second.seen.length = 0;

    const other = {
      ...env,
      VENUE_INVENTORY_API_KEY: 'other-key-0001',
      VENUE_INVENTORY_API_SECRET: 'other-secret-0002',
    };
    const changed = await sb.run(['inventory', 'categories'], { env: other });
    expect(changed.code, changed.stderr).toBe(0);
    expect(second.seen.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /inv/auth/token', 'GET /inv/categories']);
    expect(JSON.parse(second.seen[0]!.body)).toEqual({ apiKey: 'other-key-0001', apiSecret: 'other-secret-0002' });
    const after = second.tokensIssued.at(-1)!;
    expect(after).not.toBe(before);
    expect(second.seen[1]!.headers.authorization).toBe(`Bearer ${after}`);
    expect(headersSeen(second)).not.toContain(before);

    const status = await sb.run(['auth', 'status', '-o', 'json'], { env });
    expect(
      (JSON.parse(status.stdout) as Array<Record<string, unknown>>).find((row) => row.service === 'inventory')!.token,
    ).toBe('stale: other credentials');
  });

  it('after `config set inventory.url` on a profile, the second server gets no token from the first', async () => {
    const secrets = {
      VENUE_INVENTORY_API_KEY: sandboxDemoSecrets['inventory.apiKey'],
      VENUE_INVENTORY_API_SECRET: sandboxDemoSecrets['inventory.apiSecret'],
    };
    const store = (args: string[]) => sb.run(['--profile', 'store', ...args], { env: secrets });
    expect(
      (
        await sb.run([
          'config',
          'init',
          'store',
          '--inventory-url',
          `${sb.origin}/inventory`,
          '--user',
          '1',
          '--warehouse',
          '1',
        ])
      ).code,
    ).toBe(0);
    expect((await store(['inventory', 'categories'])).code).toBe(0);
    const token = await store(['auth', 'token', 'inventory']);
    const first = token.stdout.trim();
    expect(first.split('.')).toHaveLength(3);

    expect((await store(['config', 'set', 'inventory.url', `${second.url}/inv`])).code).toBe(0);
    const r = await store(['inventory', 'categories']);
    expect(r.code, r.stderr).toBe(0);
    expect(headersSeen(second)).not.toContain(first);
    expect(second.seen[0]).toMatchObject({ method: 'POST', path: '/inv/auth/token' });
  });
});

describe('a guest session is bound to the wallet address it was opened at', () => {
  it('after VENUE_WALLET_URL changes, the guest token is not sent: log in again (exit 3); the session still works at its own address', async () => {
    const login = await sb.run(['wallet', 'login', 'ava@example.com', '--password-stdin'], { input: 'Sandbox123\n' });
    expect(login.code, login.stderr).toBe(0);
    const env = { VENUE_WALLET_URL: second.url };

    const cards = await sb.run(['wallet', 'cards'], { env });
    expect(cards.code).toBe(3);
    expect(cards.stderr).toContain(`belongs to ${sb.origin}/wallet, not ${second.url}`);
    expect(cards.stderr).toContain('log in again: `venue wallet login ava@example.com`');
    expect(second.seen).toEqual([]);

    const sessions = await sb.run(['wallet', 'sessions', '--json'], { env });
    expect(JSON.parse(sessions.stdout)).toEqual([
      expect.objectContaining({
        email: 'ava@example.com',
        host: `${sb.origin}/wallet`,
        state: 'stale: another host (log in again)',
      }),
    ]);

    const home = await sb.run(['wallet', 'cards']);
    expect(home.code, home.stderr).toBe(0);
  });
});

describe('no token to another origin', () => {
  it('`venue api` with a full URL elsewhere is refused (exit 2, nothing sent); one under the base URL is the same as its path', async () => {
    const elsewhere = await sb.run(['api', 'inventory', 'GET', `${second.url}/inv/categories`]);
    expect(elsewhere.code).toBe(2);
    expect(elsewhere.stderr).toContain('is not under the inventory base URL');
    expect(second.seen).toEqual([]);

    const inside = await sb.run(['api', 'inventory', 'GET', `${sb.origin}/inventory/categories`]);
    expect(inside.code, inside.stderr).toBe(0);
    expect(JSON.parse(inside.stdout)).toBeTruthy();
  });

  it('a redirect to another origin is not followed: the other origin receives nothing (exit 6)', async () => {
    const target = await startFakeService();
    try {
      second.script('GET /inv/warehouses', { status: 302, headers: { location: `${target.url}/steal` } });
      const r = await sb.run(['inventory', 'warehouses'], { env: { VENUE_INVENTORY_URL: `${second.url}/inv` } });
      expect(r.code).toBe(6);
      expect(r.stderr).toContain(`redirecting to ${target.url}/steal`);
      expect(target.seen).toEqual([]);
    } finally {
      await target.close();
    }
  });
});
