import fs from 'node:fs';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  TokenManager,
  credentialFingerprint,
  fingerprintKey,
  needsRenewal,
  normaliseBaseUrl,
  type TokenBinding,
} from '../../../src/lib/tokens.js';
import { tempDir } from '../../support/venue.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

let issued = 0;
async function jwt(lifetimeSeconds: number, nowSeconds = Math.floor(Date.now() / 1000)) {
  // A jti of its own: two tokens made in the same second differ, as a service's do.
  return new SignJWT({ jti: String(++issued) })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + lifetimeSeconds)
    .sign(new TextEncoder().encode('k'.repeat(32)));
}

function manager(
  stateDir: string,
  fetch: () => Promise<string>,
  binding: () => TokenBinding = () => ({ baseUrl: 'https://inv.example.com', credentials: 'c1' }),
) {
  const fail = async () => {
    throw new Error('not this one');
  };
  const bound = async () => binding();
  return new TokenManager({
    stateDir,
    profile: 'main',
    fetchers: { inventory: fetch, wallet: fail, booking: fail },
    bindings: { inventory: bound, wallet: bound, booking: bound },
  });
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
    expect(second).toEqual({ token: first.token, fromCache: true, expiresAt: first.expiresAt });
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

  it('a token is used only at the base URL and with the credentials it came from; any change is a fresh login', async () => {
    const dir = tempDir();
    dirs.push(dir);
    let fetched = 0;
    let binding: TokenBinding = { baseUrl: 'https://inv.example.com', credentials: 'c1' };
    const tokens = manager(
      dir,
      async () => {
        fetched++;
        return jwt(3600);
      },
      () => binding,
    );
    const first = await tokens.get('inventory');
    expect((await tokens.status('inventory')).state).toBe('valid');
    expect(tokens.cached('inventory')).toMatchObject({ baseUrl: 'https://inv.example.com', credentials: 'c1' });

    binding = { baseUrl: 'https://other.example.com', credentials: 'c1' };
    expect((await tokens.status('inventory')).state).toBe('stale: another host');
    const second = await tokens.get('inventory');
    expect(second.fromCache).toBe(false);
    expect(fetched).toBe(2);

    binding = { baseUrl: 'https://other.example.com', credentials: 'c2' };
    expect((await tokens.status('inventory')).state).toBe('stale: other credentials');
    const third = await tokens.get('inventory');
    expect(third.fromCache).toBe(false);
    expect(fetched).toBe(3);
    expect(new Set([first.token, second.token, third.token]).size).toBe(3);
    expect((await tokens.get('inventory')).fromCache).toBe(true);
  });

  it('an entry of an older version (no host recorded) is never used', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const old = await jwt(3600);
    fs.writeFileSync(
      path.join(dir, 'tokens.json'),
      JSON.stringify({ 'main:inventory': { token: old, issuedAt: Date.now(), expiresAt: Date.now() + 3_600_000 } }),
      { mode: 0o600 },
    );
    const tokens = manager(dir, async () => jwt(3600));
    expect((await tokens.status('inventory')).state).toBe('stale: no host recorded');
    const got = await tokens.get('inventory');
    expect(got.token).not.toBe(old);
    expect(got.fromCache).toBe(false);
  });

  it('fresh: a new token on every get', async () => {
    const dir = tempDir();
    dirs.push(dir);
    let fetched = 0;
    const tokens = manager(dir, async () => {
      fetched++;
      return jwt(3600 + fetched);
    });
    await tokens.get('inventory');
    const fresh = await tokens.source('inventory', { fresh: true }).get();
    expect(fresh.fromCache).toBe(false);
    expect(fetched).toBe(2);
  });
});

describe('credential fingerprints', () => {
  it('are keyed per state directory, differ for any change, and never hold the secret', () => {
    const dir = tempDir();
    dirs.push(dir);
    const key = fingerprintKey(dir);
    expect(fingerprintKey(dir).equals(key)).toBe(true);
    expect(fs.statSync(path.join(dir, 'token-binding.key')).mode & 0o777).toBe(0o600);
    const a = credentialFingerprint(key, 'inventory', ['key-1', 'secret-1']);
    expect(credentialFingerprint(key, 'inventory', ['key-1', 'secret-1'])).toBe(a);
    expect(credentialFingerprint(key, 'inventory', ['key-1', 'secret-2'])).not.toBe(a);
    expect(credentialFingerprint(key, 'inventory', ['key-1', undefined])).not.toBe(a);
    expect(credentialFingerprint(key, 'booking', ['key-1', 'secret-1'])).not.toBe(a);
    expect(a).not.toContain('secret-1');
    const other = tempDir();
    dirs.push(other);
    expect(credentialFingerprint(fingerprintKey(other), 'inventory', ['key-1', 'secret-1'])).not.toBe(a);
  });

  it('base URLs compare by origin and path', () => {
    expect(normaliseBaseUrl('https://Inv.Example.com:443/api/')).toBe('https://inv.example.com/api');
    expect(normaliseBaseUrl('http://127.0.0.1:47800/inventory')).toBe('http://127.0.0.1:47800/inventory');
  });
});

describe('the token file is read once per run', () => {
  it('a hundred gets of a cached token read tokens.json once; a renewal reads it again under the lock', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const file = path.join(dir, 'tokens.json');
    fs.writeFileSync(file, '{}', { mode: 0o600 });
    let reads = 0;
    const real = fs.readFileSync;
    const spy = vi.spyOn(fs, 'readFileSync').mockImplementation(((
      target: fs.PathOrFileDescriptor,
      ...rest: unknown[]
    ) => {
      if (target === file) reads++;
      return (real as (...args: unknown[]) => unknown)(target, ...rest);
    }) as typeof fs.readFileSync);
    try {
      const first = await manager(dir, async () => jwt(3600)).get('inventory');
      const tokens = manager(dir, async () => jwt(3600));
      reads = 0;
      for (let i = 0; i < 100; i++) expect((await tokens.get('inventory')).token).toBe(first.token);
      expect(reads).toBe(1);
      // A change reads the file again, under its lock: it merges with what other processes wrote.
      await tokens.invalidate('inventory', 'not the cached one');
      expect(reads).toBe(2);
    } finally {
      spy.mockRestore();
    }
  });
});
