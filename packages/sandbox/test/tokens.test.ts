import { describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import type { FastifyRequest } from 'fastify';
import { SandboxHttpError } from '../src/http-error.js';
import { SandboxTokenIssuer, newSigningKey, tokenLifetimeSeconds } from '../src/tokens.js';
import type { SandboxSettings } from '../src/types.js';

function setup(tokenScale = 1) {
  let nowMs = Date.parse('2026-11-22T12:00:00Z');
  const settings: SandboxSettings = { tokenScale, holdSeconds: 600 };
  let key = newSigningKey();
  const tokens = new SandboxTokenIssuer({ key: () => key, settings: () => settings, now: () => new Date(nowMs) });
  return {
    tokens,
    settings,
    advance: (seconds: number) => (nowMs += seconds * 1000),
    rotate: () => (key = newSigningKey()),
  };
}

const request = (authorization?: string) =>
  ({ headers: authorization ? { authorization } : {} }) as unknown as FastifyRequest;

async function status(promise: Promise<unknown>): Promise<number | string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    expect(error).toBeInstanceOf(SandboxHttpError);
    const e = error as SandboxHttpError;
    expect(e.toBody().error.code).toBe(e.status === 401 ? 'unauthorized' : 'forbidden');
    return e.status;
  }
}

describe('SandboxTokenIssuer', () => {
  it('issues HS256 JWTs with kind, sub, iat, exp and jti and the lifetimes of the issue', async () => {
    const { tokens } = setup();
    for (const [kind, seconds] of Object.entries(tokenLifetimeSeconds)) {
      const jwt = await tokens.issue(kind as keyof typeof tokenLifetimeSeconds, 'guest@example.com');
      const claims = decodeJwt(jwt);
      expect(claims.kind).toBe(kind);
      expect(claims.sub).toBe('guest@example.com');
      expect(claims.exp! - claims.iat!).toBe(seconds);
      expect(typeof claims.jti).toBe('string');
    }
    expect(tokenLifetimeSeconds).toEqual({
      booking: 21600,
      inventory: 3600,
      'wallet-admin': 300,
      'wallet-guest': 3600,
      'wallet-refresh': 2592000,
    });
  });

  it('accepts a valid token of an allowed kind, 403 for the wrong kind, 401 for missing, malformed, forged or expired', async () => {
    const { tokens, advance, rotate } = setup();
    const admin = await tokens.issue('wallet-admin');
    expect(await status(tokens.require(request(`Bearer ${admin}`), ['wallet-admin']))).toBe('ok');
    expect(await status(tokens.require(request(`Bearer ${admin}`), ['wallet-guest']))).toBe(403);
    expect(await status(tokens.require(request(), ['wallet-admin']))).toBe(401);
    expect(await status(tokens.require(request(`Basic ${admin}`), ['wallet-admin']))).toBe(401);
    expect(await status(tokens.require(request('Bearer not.a.jwt'), ['wallet-admin']))).toBe(401);
    advance(299);
    expect(await status(tokens.require(request(`Bearer ${admin}`), ['wallet-admin']))).toBe('ok');
    advance(1);
    expect(await status(tokens.require(request(`Bearer ${admin}`), ['wallet-admin']))).toBe(401);
    const fresh = await tokens.issue('inventory');
    rotate();
    expect(await status(tokens.require(request(`Bearer ${fresh}`), ['inventory']))).toBe(401);
  });

  it('verify (tokens in a body) answers 401 even for a genuine token of the wrong kind', async () => {
    const { tokens } = setup();
    const guest = await tokens.issue('wallet-guest', 'a@b.c');
    expect(await status(tokens.verify(guest, ['wallet-refresh']))).toBe(401);
    expect((await tokens.verify(guest, ['wallet-guest'])).sub).toBe('a@b.c');
  });

  it('scales every lifetime by tokenScale, read when the token is issued', async () => {
    const { tokens, settings, advance } = setup(0.001);
    const inventory = await tokens.issue('inventory'); // 3.6 s
    advance(3);
    expect(await status(tokens.require(request(`Bearer ${inventory}`), ['inventory']))).toBe('ok');
    advance(1);
    expect(await status(tokens.require(request(`Bearer ${inventory}`), ['inventory']))).toBe(401);
    settings.tokenScale = 1;
    const later = decodeJwt(await tokens.issue('inventory'));
    expect(later.exp! - later.iat!).toBe(3600);
  });

  it('never issues a token that is already expired, however small the scale', async () => {
    const { tokens } = setup(0.000001);
    const jwt = await tokens.issue('wallet-admin');
    expect(await status(tokens.verify(jwt, ['wallet-admin']))).toBe('ok');
  });
});
