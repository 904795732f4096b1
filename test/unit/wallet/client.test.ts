// The guest-token logic and the error messages, with a stubbed HTTP layer.

import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiError, AuthError, NotFoundError, RejectedError } from '../../../src/lib/errors.js';
import type { HttpClient, RequestOptions } from '../../../src/lib/http.js';
import { WalletClient, explainWalletError } from '../../../src/lib/wallet/client.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** An unsigned JWT with the exp given (epoch ms): enough for decodeJwt. */
function jwt(expMs: number, marker: string): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'none' })}.${b64({ exp: Math.floor(expMs / 1000), iat: Math.floor(Date.now() / 1000), m: marker })}.sig`;
}

function client(handler: (o: RequestOptions) => unknown) {
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-unit-'));
  dirs.push(stateDir);
  const calls: RequestOptions[] = [];
  const http = {
    baseUrl: 'https://wallet.test',
    url: (p: string) => `https://wallet.test${p}`,
    async request(o: RequestOptions) {
      calls.push(o);
      const result = handler(o);
      if (result instanceof Error) throw result;
      return { status: 200, headers: {}, data: result };
    },
  } as unknown as HttpClient;
  const admin = { get: async () => ({ token: 'admin', fromCache: false }), invalidate: async () => {} };
  return { wallet: new WalletClient({ profile: 'p', http, token: admin, stateDir, now: () => Date.now() }), calls };
}

const apiError = (status: number, code?: string, message = '') =>
  new ApiError(status === 404 ? 'not-found' : status === 401 ? 'auth' : 'rejected', `answered ${status}`, { status, method: 'POST', url: 'x', serverMessage: message, code, body: code ? { error: { status, code, message } } : undefined });

describe('guest token', () => {
  it('uses the stored access token while it lasts, renews from the refresh token after', async () => {
    const now = Date.now();
    const { wallet, calls } = client((o) => (o.path === '/api/v1/admin/token' ? { accessToken: jwt(now + 3_600_000, 'new') } : {}));
    await wallet.sessions.save('ava@example.com', jwt(now + 3_600_000, 'a1'), jwt(now + 86_400_000, 'r1'));
    const source = wallet.guestToken('ava@example.com');
    expect((await source.get()).fromCache).toBe(true);
    expect(calls).toHaveLength(0);
    await source.invalidate((await source.get()).token);
    const renewed = await source.get();
    expect(renewed.fromCache).toBe(false);
    expect(calls.map((c) => c.path)).toEqual(['/api/v1/admin/token']);
    expect(wallet.sessions.get('ava@example.com')!.accessToken).toBe(renewed.token);
  });

  it('an expired refresh token: "log in again" without a request', async () => {
    const now = Date.now();
    const { wallet, calls } = client(() => ({}));
    await wallet.sessions.save('ava@example.com', jwt(now - 10_000, 'a'), jwt(now - 5_000, 'r'));
    await expect(wallet.guestToken('ava@example.com').get()).rejects.toThrow(/log in again: venue wallet login ava@example.com/);
    expect(calls).toHaveLength(0);
  });

  it('a refused refresh token: AuthError "log in again"', async () => {
    const now = Date.now();
    const { wallet } = client(() => apiError(401, 'unauthorized'));
    await wallet.sessions.save('ava@example.com', jwt(now - 10_000, 'a'), jwt(now + 86_400_000, 'r'));
    const error = await wallet.guestToken('ava@example.com').get().catch((e) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect(error.message).toContain('log in again');
  });

  it('--as resolution: the only session, several need --as, none is an auth error', async () => {
    const { wallet } = client(() => ({}));
    expect(() => wallet.resolveGuest(undefined)).toThrow(AuthError);
    await wallet.sessions.save('ava@example.com', 'a', 'r');
    expect(wallet.resolveGuest(undefined)).toBe('ava@example.com');
    await wallet.sessions.save('ben@example.com', 'a', 'r');
    expect(() => wallet.resolveGuest(undefined)).toThrow(/--as/);
    expect(wallet.resolveGuest('BEN@example.com')).toBe('ben@example.com');
  });
});

describe('messages support can act on', () => {
  it.each([
    [409, 'username_taken', RejectedError, 'this email is already registered'],
    [422, 'card_not_activated', RejectedError, 'card not activated — any in-store activity activates it'],
    [422, 'password_rules', RejectedError, 'the password breaks the rules'],
    [404, 'not_found', NotFoundError, 'no such account or card'],
    [401, 'invalid_credentials', AuthError, 'was refused'],
  ])('%i %s', (status, code, type, text) => {
    const error = explainWalletError(apiError(status, code)) as Error;
    expect(error).toBeInstanceOf(type);
    expect(error.message).toContain(text);
  });

  it('reads a vendor body with no code by its message', () => {
    expect((explainWalletError(apiError(422, undefined, 'Card is not activated')) as Error).message).toContain('card not activated');
    expect((explainWalletError(apiError(409, undefined, 'User already exists')) as Error).message).toContain('already registered');
  });
});

describe('tolerant reading', () => {
  it('balances as bare numbers or {amount, unit}; activity sorted newest first', async () => {
    const { wallet } = client((o) =>
      o.path.endsWith('/balance')
        ? { data: { playBalance: 12, bonusBalance: 3, ticketBalance: { amount: 7 } } }
        : [{ kind: 'GamePlay', occurredAt: '2026-01-01T00:00:00Z' }, { kind: 'ticket_win', occurredAt: '2026-02-01T00:00:00Z' }],
    );
    const token = { get: async () => ({ token: 't', fromCache: true }), invalidate: async () => {} };
    // A bare number with no unit anywhere is not taken for dollars (it used to be): the unit is the service's to say.
    await expect(wallet.balance(token, '6001000000000000001')).rejects.toThrow(/play balance unit/);
    expect((await wallet.activity(token, '6001000000000000001')).map((e) => e.kind)).toEqual(['ticket-win', 'game-play']);
  });
});
