// Real signed tokens whose lifetimes scale with --token-scale: an inventory
// token (1 hour) lasts 3.6 s at 0.001, then the sandbox answers 401.

import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../support/in-process.js';

let sb: SandboxHandle;

beforeAll(async () => {
  sb = await startSandbox(['--token-scale', '0.001']);
});
afterAll(async () => {
  await sb?.stop();
});

const token = () => sb.serviceToken('inventory');

const suppliers = (jwt?: string) =>
  fetch(`${sb.origin}/inventory/suppliers`, { headers: jwt ? { authorization: `Bearer ${jwt}` } : {} }).then(
    async (r) => ({
      status: r.status,
      body: (await r.json()) as { error?: { code: string } },
    }),
  );

describe('sandbox tokens', () => {
  it('are HS256 JWTs with kind, iat, exp and jti, scaled by --token-scale', async () => {
    const jwt = await token();
    expect(JSON.parse(Buffer.from(jwt.split('.')[0]!, 'base64url').toString())).toMatchObject({ alg: 'HS256' });
    const claims = decodeJwt(jwt);
    expect(claims).toMatchObject({
      kind: 'inventory',
      iat: expect.any(Number),
      exp: expect.any(Number),
      jti: expect.any(String),
    });
    expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(5);
  });

  it('expire: 200 while valid, then 401 unauthorized', async () => {
    const jwt = await token();
    expect((await suppliers(jwt)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const expired = await suppliers(jwt);
    expect(expired.status).toBe(401);
    expect(expired.body.error?.code).toBe('unauthorized');
  });

  it('missing or forged tokens get 401; settings change the lifetime of new tokens', async () => {
    expect((await suppliers()).status).toBe(401);
    const jwt = await token();
    const [head, body] = jwt.split('.');
    expect((await suppliers(`${head}.${body}.${'A'.repeat(43)}`)).status).toBe(401);
    const changed = await sb.run(['sandbox', 'settings', '--token-scale', '1', '-o', 'json']);
    expect(JSON.parse(changed.stdout).tokenScale).toBe(1);
    const claims = decodeJwt(await token());
    expect(claims.exp! - claims.iat!).toBe(3600);
  });
});
