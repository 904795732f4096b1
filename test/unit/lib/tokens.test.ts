import fs from 'node:fs';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { TokenManager, needsRenewal } from '../../../src/lib/tokens.js';
import { tempDir } from '../../support/venue.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function jwt(lifetimeSeconds: number, nowSeconds = Math.floor(Date.now() / 1000)) {
  return new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setIssuedAt(nowSeconds).setExpirationTime(nowSeconds + lifetimeSeconds).sign(new TextEncoder().encode('k'.repeat(32)));
}

function manager(stateDir: string, fetch: () => Promise<string>) {
  const fail = async () => {
    throw new Error('not this one');
  };
  return new TokenManager({ stateDir, profile: 'main', fetchers: { inventory: fetch, wallet: fail, booking: fail } });
}

describe('TokenManager', () => {
  it('caches a token until shortly before its exp claim, in a 0600 file', async () => {
    const dir = tempDir();
    dirs.push(dir);
    let fetched = 0;
    const tokens = manager(dir, async () => {
      fetched++;
      return jwt(3600);
    });
    const first = await tokens.get('inventory');
    const second = await tokens.get('inventory');
    expect(first.fromCache).toBe(false);
    expect(second).toEqual({ token: first.token, fromCache: true });
    expect(fetched).toBe(1);
    expect(fs.statSync(path.join(dir, 'tokens.json')).mode & 0o777).toBe(0o600);
    expect(tokens.cached('inventory')!.expiresAt - tokens.cached('inventory')!.issuedAt).toBe(3600_000);
  });

  it('renews an expired token', async () => {
    const dir = tempDir();
    dirs.push(dir);
    let fetched = 0;
    const tokens = manager(dir, async () => {
      fetched++;
      return jwt(fetched === 1 ? -10 : 3600);
    });
    await tokens.get('inventory');
    const again = await tokens.get('inventory');
    expect(again.fromCache).toBe(false);
    expect(fetched).toBe(2);
  });

  it('renews once when several processes ask at once', async () => {
    const dir = tempDir();
    dirs.push(dir);
    let fetched = 0;
    const slowFetch = async () => {
      fetched++;
      await new Promise((resolve) => setTimeout(resolve, 100));
      return jwt(3600);
    };
    const managers = Array.from({ length: 5 }, () => manager(dir, slowFetch));
    const results = await Promise.all(managers.map((m) => m.get('inventory')));
    expect(new Set(results.map((r) => r.token)).size).toBe(1);
    expect(fetched).toBe(1);
  });

  it('renews within a tenth of the lifetime of expiry, at most a minute', () => {
    expect(needsRenewal({ token: '', issuedAt: 0, expiresAt: 3_600_000 }, 3_530_000)).toBe(false);
    expect(needsRenewal({ token: '', issuedAt: 0, expiresAt: 3_600_000 }, 3_545_000)).toBe(true);
    expect(needsRenewal({ token: '', issuedAt: 0, expiresAt: 10_000 }, 8_500)).toBe(false);
    expect(needsRenewal({ token: '', issuedAt: 0, expiresAt: 10_000 }, 9_100)).toBe(true);
  });
});
