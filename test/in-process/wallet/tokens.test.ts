// Tokens: the guest token renewed from the refresh token (expired by the
// sandbox's lifetime scaling, or refused after the sandbox clock moved),
// "log in again" (exit 3) when the refresh token has expired too, and the
// token kinds each endpoint accepts, checked against the OpenAPI contract.

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectContract } from '../../support/contract.js';
import { startSandbox, type SandboxHandle } from '../../support/in-process.js';
import { adminToken, demoCard, guestTokens, login, walletFetch } from '../../support/wallet.js';

let sb: SandboxHandle;
const ava1 = demoCard(1).cardNumber;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sessionFile = () => path.join(sb.configDir, 'state', 'wallet-sessions.json');
const storedAccess = (email: string) =>
  JSON.parse(fs.readFileSync(sessionFile(), 'utf8')).sandbox[email].accessToken as string;

beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(async () => sb?.stop());

describe('guest token renewal', () => {
  it('renews an expired guest token from the refresh token (token lifetime scaled to seconds)', async () => {
    // Cache an admin token at full lifetime first: a scaled one (≈0.3 s) could lapse before a busy machine uses it.
    await login(sb, 'ava@example.com');
    await sb.control('POST', '/settings', { tokenScale: 0.001 }); // guest token ≈ 3.6 s, refresh ≈ 43 min
    try {
      await login(sb, 'ava@example.com');
      const first = storedAccess('ava@example.com');
      await sleep(4_500);
      const sessions = JSON.parse((await sb.run(['wallet', 'sessions', '--json'])).stdout);
      expect(sessions[0].state).toContain('access expired');
      const r = await sb.run(['--verbose', 'wallet', 'balance', ava1]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain('/api/v1/admin/token');
      expect(storedAccess('ava@example.com')).not.toBe(first);
    } finally {
      await sb.control('POST', '/settings', { tokenScale: 1 });
    }
  });

  it('a guest token refused with 401 (sandbox clock moved 2 h) is renewed and the call replayed once', async () => {
    await login(sb, 'ava@example.com');
    await sb.control('POST', '/clock', { advanceSeconds: 2 * 3600 });
    try {
      const r = await sb.run(['--verbose', 'wallet', 'cards']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain('< 401');
      expect(r.stderr).toContain('/api/v1/admin/token');
      expect(r.stdout).toContain(ava1);
    } finally {
      await sb.control('POST', '/clock', { offsetSeconds: 0 });
    }
  });

  it('when the refresh token has expired too: "log in again: venue wallet login <email>" (exit 3)', async () => {
    await login(sb, 'ava@example.com');
    await sb.control('POST', '/clock', { advanceSeconds: 31 * 86_400 });
    try {
      const r = await sb.run(['wallet', 'balance', ava1]);
      expect(r.code).toBe(3);
      expect(r.stderr).toContain('log in again: `venue wallet login ava@example.com`');
    } finally {
      await sb.control('POST', '/clock', { offsetSeconds: 0 });
    }
  });

  it('a refresh token known to be expired is not even sent: exit 3 at once', async () => {
    await login(sb, 'ava@example.com'); // caches a full-lifetime admin token
    await sb.control('POST', '/settings', { tokenScale: 0.000001 }); // refresh ≈ 2.6 s
    try {
      await login(sb, 'ava@example.com');
      await sleep(3_500);
      const r = await sb.run(['--verbose', 'wallet', 'cards']);
      expect(r.code).toBe(3);
      expect(r.stderr).toContain('log in again: `venue wallet login ava@example.com`');
      expect(r.stderr).not.toContain('> POST');
    } finally {
      await sb.control('POST', '/settings', { tokenScale: 1 });
    }
  });

  it('no stored session: exit 3 telling to log in', async () => {
    await sb.run(['wallet', 'logout', 'ava@example.com']);
    const r = await sb.run(['wallet', 'cards']);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('venue wallet login');
  });
});

describe('admin token', () => {
  it('a wrong client secret is exit 3 (401 from the token exchange)', async () => {
    fs.rmSync(path.join(sb.configDir, 'state', 'tokens.json'), { force: true }); // no cached admin token to hide it
    const r = await sb.run(['wallet', 'login', 'ava@example.com', '--password-stdin'], {
      input: 'Sandbox123\n',
      env: { VENUE_WALLET_CLIENT_SECRET: 'wrong-secret' },
    });
    expect(r.code).toBe(3);
    expect(r.stderr).not.toContain('wrong-secret');
  });
});

describe('the sandbox against the contract (packages/sandbox/openapi/wallet.json)', () => {
  it('token exchange: 200, and 401 for a wrong secret, 400 for a missing one', async () => {
    const ok = await walletFetch(sb, 'POST', '/api/v1/token', {
      body: { clientSecret: 'sandbox-wallet-client-secret' },
    });
    expectContract('wallet', 'POST', '/api/v1/token', ok.status, ok.body);
    const wrong = await walletFetch(sb, 'POST', '/api/v1/token', { body: { clientSecret: 'nope' } });
    expect(wrong.status).toBe(401);
    expectContract('wallet', 'POST', '/api/v1/token', 401, wrong.body);
    const missing = await walletFetch(sb, 'POST', '/api/v1/token', { body: {} });
    expect(missing.status).toBe(400);
    expectContract('wallet', 'POST', '/api/v1/token', 400, missing.body);
  });

  it('sign-up and login take only the admin token; card calls only the guest token (403 otherwise)', async () => {
    const admin = await adminToken(sb);
    const guest = await guestTokens(sb, 'ava@example.com');
    const cardsWithAdmin = await walletFetch(sb, 'GET', '/api/v1/card', { token: admin });
    expect(cardsWithAdmin.status).toBe(403);
    expectContract('wallet', 'GET', '/api/v1/card', 403, cardsWithAdmin.body);
    const loginWithGuest = await walletFetch(sb, 'POST', '/api/v1/admin/login', {
      token: guest.accessToken,
      body: { username: 'ava@example.com', password: 'Sandbox123' },
    });
    expect(loginWithGuest.status).toBe(403);
    const signupWithout = await walletFetch(sb, 'POST', '/api/v1/admin/signup', { body: {} });
    expect(signupWithout.status).toBe(401);
    expectContract('wallet', 'POST', '/api/v1/admin/signup', 401, signupWithout.body);
    const refreshAsAccess = await walletFetch(sb, 'POST', '/api/v1/admin/token', {
      body: { refreshToken: guest.accessToken },
    });
    expect([401, 403]).toContain(refreshAsAccess.status);
  });

  it('every guest endpoint answers as documented', async () => {
    const { accessToken, refreshToken } = await guestTokens(sb, 'ava@example.com');
    const refreshed = await walletFetch(sb, 'POST', '/api/v1/admin/token', { body: { refreshToken } });
    expectContract('wallet', 'POST', '/api/v1/admin/token', refreshed.status, refreshed.body);
    const token = refreshed.body.accessToken as string;
    const calls: Array<[string, string, string, unknown?]> = [
      ['GET', '/api/v1/card', '/api/v1/card'],
      ['GET', `/api/v1/card/${ava1}/balance`, '/api/v1/card/{cardNumber}/balance'],
      ['GET', `/api/v1/card/${ava1}/activity`, '/api/v1/card/{cardNumber}/activity'],
      ['GET', '/api/v1/quickreload', '/api/v1/quickreload'],
      [
        'POST',
        '/api/v1/sale',
        '/api/v1/sale',
        { cardNumber: ava1, productId: 'RL-10', paymentReference: 'contract-1', amount: 10 },
      ],
      [
        'POST',
        '/api/v1/sale',
        '/api/v1/sale',
        { cardNumber: ava1, productId: 'RL-10', paymentReference: 'contract-1' },
      ],
      [
        'POST',
        '/api/v1/sale',
        '/api/v1/sale',
        { cardNumber: ava1, productId: 'RL-10', paymentReference: 'contract-2', amount: 11 },
      ],
      [
        'POST',
        '/api/v1/sale',
        '/api/v1/sale',
        { cardNumber: '123', productId: 'RL-10', paymentReference: 'contract-3' },
      ],
      ['GET', `/api/v1/card/${demoCard(3).cardNumber}/balance`, '/api/v1/card/{cardNumber}/balance'],
      ['PUT', `/api/v1/pass/walletB/${ava1}`, '/api/v1/pass/walletB/{cardNumber}'],
      ['PUT', `/api/v1/pass/walletA/${ava1}`, '/api/v1/pass/walletA/{cardNumber}'],
    ];
    const statuses: number[] = [];
    for (const [method, concrete, template, body] of calls) {
      const r = await walletFetch(sb, method, concrete, { token, body });
      statuses.push(r.status);
      expectContract('wallet', method, template, r.status, r.body);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 201, 409, 422, 400, 404, 200, 200]);
    expect(accessToken).not.toBe('');
  });

  it('sign-up, login, reset and confirmReset answers as documented', async () => {
    const admin = await adminToken(sb);
    const card = demoCard(7);
    const base = {
      username: 'kim@example.com',
      password: 'Secret123',
      firstName: 'Kim',
      lastName: 'Lee',
      cardBarcode: card.barcode,
      cardCvv: card.cvv,
    };
    const cases: Array<[Record<string, unknown>, number]> = [
      [{ ...base, password: 'weakpass' }, 422],
      [{ ...base, cardBarcode: '123' }, 400],
      [{ ...base, cardBarcode: demoCard(5).barcode, cardCvv: demoCard(5).cvv, username: 'lee@example.com' }, 422],
      [base, 201],
      [base, 409],
    ];
    for (const [body, status] of cases) {
      const r = await walletFetch(sb, 'POST', '/api/v1/admin/signup', { token: admin, body });
      expect(r.status, JSON.stringify(r.body)).toBe(status);
      expectContract('wallet', 'POST', '/api/v1/admin/signup', r.status, r.body);
    }
    const weak = await walletFetch(sb, 'POST', '/api/v1/admin/signup', {
      token: admin,
      body: { ...base, username: 'x@example.com', password: 'weakpass' },
    });
    expect(weak.body.error.code).toBe('password_rules');
    const wrongPw = await walletFetch(sb, 'POST', '/api/v1/admin/login', {
      token: admin,
      body: { username: 'kim@example.com', password: 'Wrong1234' },
    });
    expectContract('wallet', 'POST', '/api/v1/admin/login', wrongPw.status, wrongPw.body);
    const reset = await walletFetch(sb, 'PUT', '/api/v1/admin/kim%40example.com/reset');
    expect(reset.status).toBe(204);
    expectContract('wallet', 'PUT', '/api/v1/admin/{emailAddress}/reset', 204, reset.body);
    const wrongCode = await walletFetch(sb, 'PUT', '/api/v1/admin/kim%40example.com/confirmReset', {
      body: { confirmationCode: 'nope', newPassword: 'Secret999' },
    });
    expect(wrongCode.status).toBe(422);
    expectContract('wallet', 'PUT', '/api/v1/admin/{emailAddress}/confirmReset', 422, wrongCode.body);
    const unknown = await walletFetch(sb, 'PUT', '/api/v1/admin/none%40example.com/reset');
    expectContract('wallet', 'PUT', '/api/v1/admin/{emailAddress}/reset', unknown.status, unknown.body);
  });
});
