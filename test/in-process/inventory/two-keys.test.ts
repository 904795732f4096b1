// A vendor that asks for two credentials on every call, both in headers
// (packages/sandbox/examples/inventory-routes-two-keys.json): the API key in
// X-Api-Key and, beside it, a connection token in X-Connection-Token, which its
// published document declares as a header parameter every secured operation
// requires. `config import-openapi` of that document stores
// `api-key … second-header=X-Connection-Token`; both secrets are stored with
// `config set-secret --secret-stdin`; listing and a write then send both on
// every call. Without the second secret nothing is sent (exit 3, as without the
// key); a wrong one is the vendor's 401, its hint naming both secrets; and
// --server-var never takes the connection token. The same document with no
// security scheme, the key declared as a header parameter (as many vendors
// publish theirs), imports as the same auth. In every dialect the sandbox
// speaks.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxDemoSecrets } from '../../../src/lib/sandbox-address.js';
import { repoRoot, startSandbox, tempDir, type SandboxHandle } from '../../support/in-process.js';
import { dialects } from '../../support/dialects.js';

const layoutFile = path.join(repoRoot, 'packages/sandbox/examples/inventory-routes-two-keys.json');
const KEY = sandboxDemoSecrets['inventory.apiKey'];
const SECRET = sandboxDemoSecrets['inventory.apiSecret'];
const AUTH = 'api-key in=header name=X-Api-Key second-header=X-Connection-Token';
const json = (text: string) => JSON.parse(text) as any;

interface Logged {
  method: string;
  url: string;
  headers: Record<string, string>;
  status: number;
}

let sb: SandboxHandle;
let dir: string;
const documentUrl = () => `${sb.origin}/inventory/openapi.json`;
/** The inventory calls the sandbox received after `from` requests (its published document's aside). */
const inventoryCalls = async (from = 0) =>
  (await sb.control<{ requests: Logged[] }>('GET', '/requests')).requests
    .slice(from)
    .filter((r) => r.url.startsWith('/inventory/v1/'));
const logSize = async () => (await sb.control<{ requests: Logged[] }>('GET', '/requests')).requests.length;
/** A profile of its own at the sandbox's inventory, with no secrets. */
async function initProfile(name: string) {
  const args = ['config', 'init', name, '--inventory-url', `${sb.origin}/inventory`, '--user', '1', '--warehouse', '1'];
  const init = await sb.run(args);
  expect(init.code, init.stderr).toBe(0);
}
/** A run as the profile "two": its own secrets, none of the sandbox profile's demo ones. */
const two = (args: string[], options: Parameters<SandboxHandle['run']>[1] = {}) =>
  sb.run(['--profile', 'two', ...args], options);

describe.each(dialects)('a key and a second credential in headers (%s dialect)', (dialect) => {
  beforeAll(async () => {
    sb = await startSandbox(['--routes', layoutFile, '--dialect', dialect]);
    dir = tempDir('venue-two-keys-');
    await initProfile('two');
  }, 60_000);
  afterAll(async () => {
    await sb?.stop();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('--server-var never takes the connection token: exit 2 saying how it is sent, its value never shown, nothing stored', async () => {
    const value = 'tok-FromArgv-5531';
    const r = await two([
      'config',
      'import-openapi',
      documentUrl(),
      '--yes',
      '--server-var',
      `x-connection-token=${value}`,
    ]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(
      '--server-var x-connection-token: X-Connection-Token is a credential of the documents, and venue never takes a credential from the command line',
    );
    expect(r.stderr).toContain('venue --profile two config set-secret inventory.apiSecret');
    expect(r.stderr).toContain('--secret-stdin or --secret-env');
    expect(r.stdout + r.stderr).not.toContain(value);
    expect((await two(['config', 'get', 'inventory.auth'])).stdout).not.toContain('api-key');
  });

  it("imports the vendor's document: the key's header and the second beside it, both secrets named", async () => {
    const review = await two(['config', 'import-openapi', documentUrl(), '--dry-run']);
    expect(review.code, review.stderr).toBe(0);
    expect(review.stdout + review.stderr).toContain(
      `Auth:      ${AUTH} (securitySchemes.ApiKey: apiKey in header X-Api-Key; X-Connection-Token, a header named as a credential that 19 of the 20 operations require`,
    );
    expect(review.stdout + review.stderr).toContain(
      'venue --profile two config set-secret inventory.apiSecret   (the second credential, sent bare in X-Connection-Token beside the key)',
    );
    const stored = await two(['config', 'import-openapi', documentUrl(), '--yes', '-o', 'json']);
    expect(stored.code, stored.stderr).toBe(0);
    const record = json(stored.stdout);
    expect(record.auth).toBe(AUTH);
    expect(record.authScheme).toMatchObject({ name: 'X-Api-Key', secondHeader: 'X-Connection-Token' });
    expect(record.secrets.map((s: { key: string }) => s.key)).toEqual(['inventory.apiKey', 'inventory.apiSecret']);
    expect(record.pathVariables).toEqual([]);
    expect((await two(['config', 'get', 'inventory.auth'])).stdout.trim()).toBe(AUTH);
    const routes = await two(['config', 'routes']);
    expect(routes.stdout + routes.stderr).toContain(
      'Secrets:   inventory.apiKey (the key sent in X-Api-Key)\n           inventory.apiSecret (the second credential, sent bare in X-Connection-Token beside the key)',
    );
  });

  it('without the key, and then with the key stored and not the second: exit 3 both times, naming the one missing, nothing sent', async () => {
    const start = await logSize();
    const noKey = await two(['inventory', 'products', 'list']);
    expect(noKey.code, noKey.stderr).toBe(3);
    expect(noKey.stderr).toContain('no inventory.apiKey (the key sent in X-Api-Key) for profile "two"');
    expect(await inventoryCalls(start)).toEqual([]);
    const setKey = await two(['config', 'set-secret', 'inventory.apiKey', '--secret-stdin'], { input: KEY });
    expect(setKey.code, setKey.stderr).toBe(0);
    const from = await logSize();
    const r = await two(['inventory', 'products', 'list']);
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toContain(
      'no inventory.apiSecret (the second credential, sent bare in X-Connection-Token beside the key) for profile "two"',
    );
    expect(r.stderr).toContain('Nothing was sent.');
    expect(await inventoryCalls(from)).toEqual([]);
  });

  it('with both stored, a listing and a write send both on every call, the second bare', async () => {
    const setSecret = await two(['config', 'set-secret', 'inventory.apiSecret', '--secret-stdin'], { input: SECRET });
    expect(setSecret.code, setSecret.stderr).toBe(0);
    const from = await logSize();
    const list = await two(['inventory', 'products', 'list', '-o', 'json']);
    expect(list.code, list.stderr).toBe(0);
    expect(json(list.stdout).length).toBeGreaterThan(0);

    const csv = path.join(dir, `receipt-${dialect}.csv`);
    fs.writeFileSync(csv, 'productId,quantity,value\n1001,4,1.20\n');
    const receipt = await two(['inventory', 'stock', 'receive', '--file', csv, '--po', `PO-TWO-${dialect}`]);
    expect(receipt.code, receipt.stderr).toBe(0);

    const calls = await inventoryCalls(from);
    expect(calls.map((c) => `${c.method} ${c.url.split('?')[0]}`)).toEqual(
      expect.arrayContaining(['GET /inventory/v1/products', 'POST /inventory/v1/stock/receipts']),
    );
    for (const call of calls) {
      expect(call.headers['x-api-key']).toBe(KEY);
      expect(call.headers['x-connection-token']).toBe(SECRET);
      expect(call.status).toBeLessThan(300);
    }
  });

  it('the same vendor’s document with no security scheme, the key declared as a header parameter: imported as the same auth, and the listing sends both', async () => {
    // What many vendors publish: no securitySchemes and no security, every operation declaring the credentials it
    // needs as required header parameters. The importer reads the key from them (its evidence says so, to check).
    const published = json(await (await fetch(documentUrl())).text());
    delete published.components.securitySchemes;
    delete published.security;
    const keyParameter = { name: 'X-Api-Key', in: 'header', required: true, schema: { type: 'string' } };
    for (const item of Object.values(published.paths) as Array<Record<string, any>>)
      for (const operation of Object.values(item)) {
        if (!operation || typeof operation !== 'object' || Array.isArray(operation)) continue;
        delete operation.security;
        const declared = (operation.parameters ?? []) as Array<{ name?: string }>;
        if (declared.some((p) => p.name === 'X-Connection-Token')) operation.parameters = [keyParameter, ...declared];
      }
    const file = path.join(dir, `no-scheme-${dialect}.json`);
    fs.writeFileSync(file, JSON.stringify(published));
    const bare = (args: string[], options: Parameters<SandboxHandle['run']>[1] = {}) =>
      sb.run(['--profile', 'bare', ...args], options);
    await initProfile('bare');
    const review = await bare(['config', 'import-openapi', file, '--dry-run']);
    expect(review.code, review.stderr).toBe(0);
    expect(review.stdout + review.stderr).toContain(
      `Auth:      ${AUTH} (the documents declare no security scheme; X-Api-Key, a header parameter named as a credential that 19 of the 20 operations require, is the key, sent from inventory.apiKey: check it`,
    );
    const stored = await bare(['config', 'import-openapi', file, '--yes', '-o', 'json']);
    expect(stored.code, stored.stderr).toBe(0);
    expect(json(stored.stdout).auth).toBe(AUTH);
    for (const [key, value] of [
      ['inventory.apiKey', KEY],
      ['inventory.apiSecret', SECRET],
    ] as const) {
      const set = await bare(['config', 'set-secret', key, '--secret-stdin'], { input: value });
      expect(set.code, set.stderr).toBe(0);
    }
    const from = await logSize();
    const list = await bare(['inventory', 'products', 'list', '-o', 'json']);
    expect(list.code, list.stderr).toBe(0);
    expect(json(list.stdout).length).toBeGreaterThan(0);
    const calls = await inventoryCalls(from);
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls)
      expect([call.headers['x-api-key'], call.headers['x-connection-token']]).toEqual([KEY, SECRET]);
  });

  it("a wrong second credential is the vendor's 401, sent once, its hint naming both secrets; its value never shown", async () => {
    const wrong = 'conn-NotThisOne-2207';
    const from = await logSize();
    const r = await two(['-v', 'inventory', 'products', 'list'], { env: { VENUE_INVENTORY_API_SECRET: wrong } });
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toContain('the X-Connection-Token header is not valid');
    expect(r.stderr).toContain('the API key or the second credential (X-Connection-Token) was refused');
    expect(r.stderr).toContain(
      'Check inventory.apiKey and inventory.apiSecret (`venue --profile two config set-secret inventory.apiKey`, `venue --profile two config set-secret inventory.apiSecret`)',
    );
    expect(r.stdout + r.stderr).not.toContain(wrong);
    expect(r.stdout + r.stderr).not.toContain(KEY);
    const calls = await inventoryCalls(from);
    expect(calls).toHaveLength(1);
    expect([calls[0]!.status, calls[0]!.headers['x-connection-token']]).toEqual([401, wrong]);
  });
});
