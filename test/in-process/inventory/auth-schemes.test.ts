// Every auth scheme inventory.auth can store, at run time, through the built
// binary: a sandbox serves inventory under a route layout declaring the
// scheme (docs/sandbox-routes.md) and publishes it in its securitySchemes;
// `config import-openapi` of that document sets the profile up as a user
// would; then calls go out with the credential exactly where and how the
// document declared it, as the sandbox's request log shows. A refused
// credential is exit 3 and is never sent twice.

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, tempDir, type SandboxHandle } from '../../support/in-process.js';

const KEY = 'sandbox-inventory-api-key';
const SECRET = 'sandbox-inventory-api-secret';

interface Logged {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: unknown;
  status: number;
}

/** A sandbox serving inventory under a layout with this auth, the profile imported from its document. */
function withScheme(auth: Record<string, unknown>, use: (get: () => SandboxHandle) => void): void {
  let sb: SandboxHandle;
  let dir: string;
  beforeAll(async () => {
    dir = tempDir('venue-auth-');
    const file = path.join(dir, 'routes.json');
    fs.writeFileSync(file, JSON.stringify({ basePath: '/api', auth, operations: { listProducts: 'GET /items' } }));
    sb = await startSandbox(['--routes', file]);
    const imported = await sb.run(['config', 'import-openapi', `${sb.origin}/inventory/openapi.json`, '--yes']);
    expect(imported.code, imported.stderr).toBe(0);
  }, 60_000);
  afterAll(async () => {
    await sb?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);
  use(() => sb);
}

async function requests(sb: SandboxHandle, since = 0): Promise<Logged[]> {
  return (await sb.control<{ requests: Logged[] }>('GET', '/requests')).requests.slice(since);
}

async function logSize(sb: SandboxHandle): Promise<number> {
  return (await requests(sb)).length;
}

const productCalls = (log: Logged[]) =>
  log.filter((r) => r.method === 'GET' && r.url.startsWith('/inventory/api/items'));

describe('a static API key in a header, after its exact prefix (Authorization: Token <key>)', () => {
  withScheme({ type: 'api-key', in: 'header', name: 'Authorization', prefix: 'Token ' }, (get) => {
    it('is imported from the securitySchemes, sent as declared with no login, and said by auth status', async () => {
      const sb = get();
      expect((await sb.run(['config', 'get', 'inventory.auth'])).stdout.trim()).toBe(
        'api-key in=header name=Authorization prefix="Token "',
      );
      const from = await logSize(sb);
      const r = await sb.run(['inventory', 'products', 'list', '-o', 'json']);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout).length).toBeGreaterThan(0);
      const log = await requests(sb, from);
      expect(log.some((entry) => /token|auth/i.test(entry.url))).toBe(false);
      const calls = productCalls(log);
      expect(calls.length).toBeGreaterThan(0);
      for (const call of calls) expect(call.headers.authorization).toBe(`Token ${KEY}`);
      const status = await sb.run(['auth', 'status', '-o', 'json']);
      expect(JSON.parse(status.stdout).find((row: { service: string }) => row.service === 'inventory')).toMatchObject({
        token: 'static credential',
        auth: 'a static key in the Authorization header after "Token "',
      });
      expect(status.stdout).not.toContain(KEY);
    });

    it('a refused key is exit 3, "the API key was refused", sent once and never replayed', async () => {
      const sb = get();
      const from = await logSize(sb);
      const r = await sb.run(['inventory', 'products', 'list'], { env: { VENUE_INVENTORY_API_KEY: 'not-the-key' } });
      expect(r.code, r.stderr).toBe(3);
      expect(r.stderr).toContain('the API key was refused');
      expect(r.stderr).not.toContain('not-the-key');
      const calls = productCalls(await requests(sb, from));
      expect(calls).toHaveLength(1);
      expect(calls[0]!.headers.authorization).toBe('Token not-the-key');
    });

    it('auth token refuses to print a static key; doctor names the scheme and passes', async () => {
      const sb = get();
      const token = await sb.run(['auth', 'token', 'inventory']);
      expect(token.code).toBe(2);
      expect(token.stdout).toBe('');
      expect(token.stderr).toContain('inventory has no token');
      const doctor = await sb.run(['doctor', '-o', 'json']);
      const findings = JSON.parse(doctor.stdout) as Array<{
        service: string;
        check: string;
        status: string;
        detail: string;
      }>;
      expect(findings).toContainEqual(
        expect.objectContaining({
          service: 'inventory',
          check: 'auth',
          status: 'ok',
          detail: expect.stringContaining('a static key in the Authorization header'),
        }),
      );
      expect(findings).toContainEqual(expect.objectContaining({ service: 'inventory', check: 'routes', status: 'ok' }));
    });
  });
});

describe("a static API key in a header of the vendor's own name, bare (GROCY-API-KEY: <key>)", () => {
  withScheme({ type: 'api-key', in: 'header', name: 'GROCY-API-KEY' }, (get) => {
    it('goes in that header only, with no prefix and no Authorization header', async () => {
      const sb = get();
      expect((await sb.run(['config', 'get', 'inventory.auth'])).stdout.trim()).toBe(
        'api-key in=header name=GROCY-API-KEY',
      );
      const from = await logSize(sb);
      const r = await sb.run(['inventory', 'products', 'list', '-o', 'json']);
      expect(r.code, r.stderr).toBe(0);
      const calls = productCalls(await requests(sb, from));
      expect(calls.length).toBeGreaterThan(0);
      for (const call of calls) {
        expect(call.headers['grocy-api-key']).toBe(KEY);
        expect(call.headers.authorization).toBeUndefined();
      }
    });
  });
});

describe('a static API key in a query parameter', () => {
  withScheme({ type: 'api-key', in: 'query', name: 'api_key' }, (get) => {
    it('goes in the query under its name; a refused one is exit 3, sent once', async () => {
      const sb = get();
      expect((await sb.run(['config', 'get', 'inventory.auth'])).stdout.trim()).toBe('api-key in=query name=api_key');
      let from = await logSize(sb);
      const r = await sb.run(['inventory', 'products', 'list', '-o', 'json', '-v']);
      expect(r.code, r.stderr).toBe(0);
      const calls = productCalls(await requests(sb, from));
      expect(calls.length).toBeGreaterThan(0);
      for (const call of calls) expect(new URL(call.url, sb.origin).searchParams.get('api_key')).toBe(KEY);
      // The verbose trace masks it.
      expect(r.stderr).not.toContain(KEY);
      from = await logSize(sb);
      const refused = await sb.run(['inventory', 'products', 'list'], {
        env: { VENUE_INVENTORY_API_KEY: 'wrong-key-value' },
      });
      expect(refused.code, refused.stderr).toBe(3);
      expect(refused.stderr).toContain('the API key was refused');
      expect(productCalls(await requests(sb, from))).toHaveLength(1);
    });
  });
});

describe('HTTP basic (the API key as user, the secret as password)', () => {
  withScheme({ type: 'basic' }, (get) => {
    it('sends Authorization: Basic on every call; a refused password is exit 3, sent once', async () => {
      const sb = get();
      expect((await sb.run(['config', 'get', 'inventory.auth'])).stdout.trim()).toBe('basic');
      let from = await logSize(sb);
      const r = await sb.run(['inventory', 'products', 'list', '-o', 'json']);
      expect(r.code, r.stderr).toBe(0);
      const calls = productCalls(await requests(sb, from));
      for (const call of calls)
        expect(call.headers.authorization).toBe(`Basic ${Buffer.from(`${KEY}:${SECRET}`).toString('base64')}`);
      from = await logSize(sb);
      const refused = await sb.run(['inventory', 'products', 'list'], {
        env: { VENUE_INVENTORY_API_SECRET: 'wrong-password' },
      });
      expect(refused.code, refused.stderr).toBe(3);
      expect(refused.stderr).toContain('the user name and password (HTTP basic) was refused');
      expect(productCalls(await requests(sb, from))).toHaveLength(1);
    });
  });
});

describe('OAuth2 client credentials', () => {
  withScheme({ type: 'oauth2', tokenPath: '/oauth/token', scopes: ['inventory.read', 'inventory.write'] }, (get) => {
    const tokenCalls = (log: Logged[]) => log.filter((r) => r.url === '/inventory/api/oauth/token');

    it('gets a token once (client by HTTP basic, grant and scopes form-encoded), caches it, sends it as Bearer', async () => {
      const sb = get();
      expect((await sb.run(['config', 'get', 'inventory.auth'])).stdout.trim()).toBe(
        `oauth2 token-url=${sb.origin}/inventory/api/oauth/token scopes="inventory.read inventory.write"`,
      );
      const from = await logSize(sb);
      for (let run = 0; run < 2; run++) {
        const r = await sb.run(['inventory', 'products', 'list', '-o', 'json']);
        expect(r.code, r.stderr).toBe(0);
      }
      const log = await requests(sb, from);
      const tokens = tokenCalls(log);
      expect(tokens).toHaveLength(1);
      expect(tokens[0]!.status).toBe(200);
      expect(tokens[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(tokens[0]!.headers.authorization).toBe(`Basic ${Buffer.from(`${KEY}:${SECRET}`).toString('base64')}`);
      expect(tokens[0]!.body).toEqual({ grant_type: 'client_credentials', scope: 'inventory.read inventory.write' });
      const calls = productCalls(log);
      expect(calls.length).toBeGreaterThanOrEqual(2);
      for (const call of calls) expect(call.headers.authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
      const status = await sb.run(['auth', 'status', '-o', 'json']);
      expect(JSON.parse(status.stdout).find((row: { service: string }) => row.service === 'inventory')).toMatchObject({
        token: 'valid',
      });
    });

    it('renews the token once its stated lifetime (expires_in) has run out', async () => {
      const sb = get();
      await sb.run(['auth', 'logout']);
      // Tokens of three seconds: the sandbox states it in expires_in.
      await sb.control('POST', '/settings', { tokenScale: 3 / 3600 });
      try {
        const from = await logSize(sb);
        expect((await sb.run(['inventory', 'products', 'list', '-o', 'json'])).code).toBe(0);
        await new Promise((resolve) => setTimeout(resolve, 3_500));
        const r = await sb.run(['inventory', 'products', 'list', '-o', 'json']);
        expect(r.code, r.stderr).toBe(0);
        expect(tokenCalls(await requests(sb, from))).toHaveLength(2);
      } finally {
        await sb.control('POST', '/settings', { tokenScale: 1 });
      }
    });

    it('a refused client secret is exit 3 naming the token URL, asked once, and nothing else is sent', async () => {
      const sb = get();
      await sb.run(['auth', 'logout']);
      const from = await logSize(sb);
      const r = await sb.run(['inventory', 'products', 'list'], {
        env: { VENUE_INVENTORY_API_SECRET: 'wrong-secret' },
      });
      expect(r.code, r.stderr).toBe(3);
      expect(r.stderr).toContain(
        'could not get an OAuth2 token for the inventory service: POST /inventory/api/oauth/token answered 401',
      );
      expect(r.stderr).not.toContain('wrong-secret');
      const log = await requests(sb, from);
      expect(tokenCalls(log)).toHaveLength(1);
      expect(productCalls(log)).toHaveLength(0);
    });
  });
});
