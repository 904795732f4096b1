// The guest-token logic and the error messages, with a stubbed HTTP layer.

import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiError, AuthError, NotFoundError, RejectedError } from '../../../src/lib/errors.js';
import type { HttpClient, RequestOptions } from '../../../src/lib/http.js';
import { WalletClient } from '../../../src/lib/wallet/client.js';
import { walletErrors } from '../../../src/lib/wallet/error-codes.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** An unsigned JWT with the exp given (epoch ms): enough for decodeJwt. */
function jwt(expMs: number, marker: string): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'none' })}.${b64({ exp: Math.floor(expMs / 1000), iat: Math.floor(Date.now() / 1000), m: marker })}.sig`;
}

function client(handler: (o: RequestOptions) => unknown, adminExpiresAt?: () => number) {
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-unit-'));
  dirs.push(stateDir);
  const calls: RequestOptions[] = [];
  const http = {
    baseUrl: 'https://wallet.test',
    url: (p: string) => `https://wallet.test${p}`,
    async request(o: RequestOptions) {
      calls.push(o);
      const result = await handler(o);
      if (result instanceof Error) throw result;
      return { status: 200, headers: {}, data: result };
    },
  } as unknown as HttpClient;
  const admin = {
    get: async () => ({ token: 'admin', fromCache: false, expiresAt: adminExpiresAt?.() }),
    invalidate: async () => {},
  };
  return { wallet: new WalletClient({ profile: 'p', http, token: admin, stateDir, now: () => Date.now() }), calls };
}

const apiError = (status: number, code?: string, message = '', fields: string[] = []) =>
  new ApiError(
    status === 404 ? 'not-found' : status === 401 || status === 403 ? 'auth' : 'rejected',
    `answered ${status}`,
    {
      status,
      method: 'POST',
      url: 'x',
      serverMessage: message || undefined,
      code,
      body: code
        ? { error: { status, code, message } }
        : { message, errors: fields.map((field) => ({ field, message: 'is wrong' })) },
    },
  );

describe('guest token', () => {
  it('uses the stored access token while it lasts, renews from the refresh token after', async () => {
    const now = Date.now();
    const { wallet, calls } = client((o) =>
      o.path === '/api/v1/admin/token' ? { accessToken: jwt(now + 3_600_000, 'new') } : {},
    );
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
    await expect(wallet.guestToken('ava@example.com').get()).rejects.toThrow(
      /log in again: `venue wallet login ava@example.com`/,
    );
    expect(calls).toHaveLength(0);
  });

  it('a refused refresh token: AuthError "log in again"', async () => {
    const now = Date.now();
    const { wallet } = client(() => apiError(401, 'unauthorized'));
    await wallet.sessions.save('ava@example.com', jwt(now - 10_000, 'a'), jwt(now + 86_400_000, 'r'));
    const error = await wallet
      .guestToken('ava@example.com')
      .get()
      .catch((e) => e);
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
    [409, 'username_taken', 'signup', RejectedError, 'this email is already registered'],
    [409, 'card_registered', 'signup', RejectedError, 'this card is already registered to another account'],
    [409, 'duplicate_payment_reference', 'sale', RejectedError, 'this payment reference was already recorded'],
    [422, 'card_not_activated', 'signup', RejectedError, 'card not activated — any in-store activity activates it'],
    [422, 'password_rules', 'signup', RejectedError, 'the password breaks the rules'],
    [422, 'invalid_confirmation_code', 'confirm-reset', RejectedError, 'the confirmation code is wrong'],
    [404, 'not_found', 'balance', NotFoundError, 'no such account or card'],
    [403, 'forbidden', 'cards', AuthError, 'the wallet refused this token for that call'],
    [401, 'invalid_credentials', 'login', AuthError, 'the guest login of ava@example.com was refused'],
    [401, 'invalid_credentials', 'balance', AuthError, 'the password for ava@example.com was refused'],
    [401, 'unauthorized', 'login', AuthError, 'the wallet refused the admin token it had just issued'],
  ] as const)('%i %s on %s', (status, code, call, type, text) => {
    const error = walletErrors.errorFor(apiError(status, code), call, { email: 'ava@example.com' }) as Error;
    expect(error).toBeInstanceOf(type);
    expect(error.message).toContain(text);
    expect((error as AuthError).cause).toBeInstanceOf(ApiError);
  });

  it("a vendor body with no code: the seed's status on that call decides, with the field the service names; never its words", () => {
    const said = (status: number, message: string, fields: string[] = []) =>
      apiError(status, undefined, message, fields);
    expect(
      (walletErrors.errorFor(said(422, 'Card is not activated', ['cardBarcode']), 'signup', {}) as Error).message,
    ).toContain('card not activated');
    expect((walletErrors.errorFor(said(422, 'too short', ['password']), 'signup', {}) as Error).message).toContain(
      'the password breaks the rules',
    );
    expect(
      (walletErrors.errorFor(said(422, 'bad', ['$.ConfirmationCode']), 'confirm-reset', {}) as Error).message,
    ).toContain('the confirmation code is wrong');
    // No field named: both of the seed's causes, and the service's own words under them.
    const both = walletErrors.errorFor(said(422, 'Card is not activated'), 'signup', {}) as RejectedError;
    expect(both.message).toBe(
      'the sign-up was refused: the password breaks the rules or the card is not activated (the wallet did not say which)',
    );
    expect(both.details).toEqual(['the service said: Card is not activated']);
    expect(both.exitCode).toBe(5);
    expect((walletErrors.errorFor(said(409, 'User already exists'), 'signup', {}) as Error).message).toContain(
      'already registered',
    );
    // The words are not read: a 409 elsewhere that says "email" is the service's answer as it stands.
    const elsewhere = said(409, 'email already used');
    expect(walletErrors.errorFor(elsewhere, 'sale', {})).toBe(elsewhere);
    // A sale's 409 is proof of a recorded reference only when it says so: by code, or by naming the field.
    expect(walletErrors.meaning(said(409, 'payment ref used'), 'sale')).toBeUndefined();
    expect(walletErrors.meaning(said(409, 'dup', ['paymentReference']), 'sale')).toBe('duplicate-payment-reference');
  });

  it('the login sends the password again only when its admin token lapsed and the answer does not blame the password', async () => {
    const lapsing = (answers: Error[]) => {
      let sent = 0;
      // A one-second admin token, already at its end: it may have lapsed on its way.
      return client(
        async (o) => {
          await o.auth?.get();
          return (
            answers[sent++] ?? {
              accessToken: jwt(Date.now() + 3_600_000, 'a'),
              refreshToken: jwt(Date.now() + 86_400_000, 'r'),
            }
          );
        },
        () => Date.now(),
      );
    };
    const retried = lapsing([apiError(401, undefined, 'token expired')]);
    await retried.wallet.login('ava@example.com', 'Secret123', false);
    expect(retried.calls).toHaveLength(2);
    const refused = lapsing([apiError(401, 'invalid_credentials', 'wrong password')]);
    const error = await refused.wallet.login('ava@example.com', 'Secret123', false).catch((e: unknown) => e);
    expect(refused.calls).toHaveLength(1);
    expect(error).toBeInstanceOf(AuthError);
    expect((error as Error).message).toContain(
      "the guest login of ava@example.com was refused: the wallet did not accept the guest's email and password",
    );
  });
});

describe('tolerant reading', () => {
  it('balances as bare numbers or {amount, unit}; activity sorted newest first', async () => {
    const { wallet } = client((o) =>
      o.path.endsWith('/balance')
        ? { data: { playBalance: 12, bonusBalance: 3, ticketBalance: { amount: 7 } } }
        : [
            { kind: 'GamePlay', occurredAt: '2026-01-01T00:00:00Z' },
            { kind: 'ticket_win', occurredAt: '2026-02-01T00:00:00Z' },
          ],
    );
    const token = { get: async () => ({ token: 't', fromCache: true }), invalidate: async () => {} };
    // A bare number with no unit anywhere is not taken for dollars (it used to be): the unit is the service's to say.
    await expect(wallet.balance(token, '6001000000000000001')).rejects.toThrow(/play balance unit/);
    expect((await wallet.activity(token, '6001000000000000001')).map((e) => e.kind)).toEqual([
      'ticket-win',
      'game-play',
    ]);
  });
});
