// The guest wallet emulator (seed 000): all 13 endpoints under /wallet, with
// every rule of the seed, plus in-venue simulation under /_sandbox/wallet.

import { randomInt, timingSafeEqual } from 'node:crypto';
import { checkRequestsAgainstContract } from '../contract.js';
import type { SandboxService } from '../types.js';
import { SandboxHttpError, conflict, notFound, unprocessable } from '../http-error.js';
import { sandboxDemoSecrets } from '../rules/demo-secrets.js';
import {
  confirmReset,
  isEmail,
  login,
  passwordProblems,
  refresh,
  sale,
  signup,
  tokenExchange,
} from '../rules/wallet.js';
import { hashSecret, timestamp, demoWalletState, type WalletState } from './state.js';
import { parseBody } from './shared.js';
import { registerGuestRoutes } from './guest-routes.js';
import { registerWalletControl } from './control.js';

const RESET_CODE_MINUTES = 15;

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function passwordRulesError(problems: string[], field: string): SandboxHttpError {
  return unprocessable(
    `the password breaks the rules: ${problems.join(', ')}`,
    'password_rules',
    problems.map((rule) => ({ field, rule })),
  );
}

function emailParam(raw: string): string {
  const email = decodeURIComponent(raw).toLowerCase();
  if (!isEmail(email)) {
    throw new SandboxHttpError(400, 'validation_failed', 'emailAddress must be an email address', [
      { field: 'emailAddress', rule: 'must be an email address' },
    ]);
  }
  return email;
}

export const walletService: SandboxService<WalletState> = {
  name: 'wallet',
  prefix: '/wallet',
  demoState: () => demoWalletState(),

  register(app, sandbox, getState) {
    checkRequestsAgainstContract(app, sandbox, {
      service: 'wallet',
      prefix: '/wallet',
      security: { adminToken: ['wallet-admin'], guestToken: ['wallet-guest'] },
      // A password outside 8 to 20 characters breaks the password rules: 422 password_rules (seed 000, Errors).
      defer: (problem) =>
        problem.where === 'body' &&
        ['password', 'newPassword'].includes(problem.field) &&
        ['minLength', 'maxLength'].includes(problem.keyword),
      ownChecks: {
        'POST /api/v1/token': (request) => parseBody(tokenExchange, request.body),
        'POST /api/v1/admin/signup': (request) => parseBody(signup, request.body),
        'POST /api/v1/admin/login': (request) => parseBody(login, request.body),
        'POST /api/v1/admin/token': (request) => parseBody(refresh, request.body),
        'PUT /api/v1/admin/{emailAddress}/reset': (request) => emailParam((request.params as { email: string }).email),
        'PUT /api/v1/admin/{emailAddress}/confirmReset': [
          (request) => emailParam((request.params as { email: string }).email),
          (request) => parseBody(confirmReset, request.body),
        ],
        'POST /api/v1/sale': (request) => parseBody(sale, request.body),
      },
    });

    app.post('/api/v1/token', async (request) => {
      const { clientSecret } = parseBody(tokenExchange, request.body);
      if (!sameText(clientSecret, sandboxDemoSecrets['wallet.clientSecret'])) {
        throw new SandboxHttpError(401, 'unauthorized', 'the client secret is not valid');
      }
      return { accessToken: await sandbox.tokens.issue('wallet-admin') };
    });

    app.post('/api/v1/admin/signup', async (request, reply) => {
      await sandbox.tokens.require(request, ['wallet-admin']);
      const body = parseBody(signup, request.body);
      const state = getState();
      const username = body.username.toLowerCase();
      if (state.guests.some((g) => g.username === username))
        throw conflict(`the username ${username} is already registered`, 'username_taken');
      const problems = passwordProblems(body.password);
      if (problems.length) throw passwordRulesError(problems, 'password');
      const card = state.cards.find((c) => c.barcode === body.cardBarcode);
      if (!card || !sameText(card.cvv, body.cardCvv)) throw notFound('no card with that barcode and CVV');
      if (!card.activated) {
        throw unprocessable(
          'the card is not activated: any in-store activity on the card activates it',
          'card_not_activated',
          [{ field: 'cardBarcode', rule: 'must be an activated card' }],
        );
      }
      if (card.owner) throw conflict('the card is already registered to another account', 'card_registered');
      const salt = `s-${randomInt(1e9)}`;
      state.guests.push({
        username,
        salt,
        passwordHash: hashSecret(salt, body.password),
        firstName: body.firstName,
        lastName: body.lastName,
        createdAt: timestamp(sandbox.now()),
      });
      card.owner = username;
      if (body.cardNickname) card.nickname = body.cardNickname;
      sandbox.changed();
      reply.code(201);
      return { message: `account ${username} created; card ${card.cardNumber} linked` };
    });

    app.post('/api/v1/admin/login', async (request) => {
      await sandbox.tokens.require(request, ['wallet-admin']);
      const body = parseBody(login, request.body);
      const username = body.username.toLowerCase();
      const guest = getState().guests.find((g) => g.username === username);
      if (!guest) throw notFound(`no guest account ${username}`);
      if (!sameText(hashSecret(guest.salt, body.password), guest.passwordHash)) {
        throw new SandboxHttpError(401, 'invalid_credentials', 'the password is not correct');
      }
      return {
        accessToken: await sandbox.tokens.issue('wallet-guest', username),
        refreshToken: await sandbox.tokens.issue('wallet-refresh', username),
      };
    });

    app.post('/api/v1/admin/token', async (request) => {
      const { refreshToken } = parseBody(refresh, request.body);
      const claims = await sandbox.tokens.verify(refreshToken, ['wallet-refresh']);
      if (!getState().guests.some((g) => g.username === claims.sub)) throw notFound('no such guest account');
      return { accessToken: await sandbox.tokens.issue('wallet-guest', claims.sub) };
    });

    app.put<{ Params: { email: string } }>('/api/v1/admin/:email/reset', async (request, reply) => {
      const email = emailParam(request.params.email);
      const state = getState();
      if (!state.guests.some((g) => g.username === email)) throw notFound(`no guest account ${email}`);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const expiresAt = timestamp(new Date(sandbox.now().getTime() + RESET_CODE_MINUTES * 60_000));
      state.resetCodes[email] = { codeHash: hashSecret(email, code), expiresAt, used: false };
      sandbox.mail({
        to: email,
        subject: 'Your password reset code',
        body: `Your confirmation code is ${code}. It expires in ${RESET_CODE_MINUTES} minutes and works once.`,
        data: { confirmationCode: code, expiresAt },
      });
      sandbox.changed();
      reply.code(204);
    });

    app.put<{ Params: { email: string } }>('/api/v1/admin/:email/confirmReset', async (request, reply) => {
      const email = emailParam(request.params.email);
      const body = parseBody(confirmReset, request.body);
      const state = getState();
      const guest = state.guests.find((g) => g.username === email);
      if (!guest) throw notFound(`no guest account ${email}`);
      const pending = state.resetCodes[email];
      const valid =
        pending &&
        !pending.used &&
        Date.parse(pending.expiresAt) > sandbox.now().getTime() &&
        sameText(pending.codeHash, hashSecret(email, body.confirmationCode));
      if (!valid) {
        throw unprocessable('the confirmation code is wrong, already used or expired', 'invalid_confirmation_code', [
          { field: 'confirmationCode', rule: 'must be the latest code mailed, within 15 minutes, used once' },
        ]);
      }
      const problems = passwordProblems(body.newPassword);
      if (problems.length) throw passwordRulesError(problems, 'newPassword');
      pending.used = true;
      guest.passwordHash = hashSecret(guest.salt, body.newPassword);
      sandbox.changed();
      reply.code(204);
    });

    registerGuestRoutes(app, sandbox, getState);
  },

  registerControl(app, sandbox, getState) {
    registerWalletControl(app, sandbox, getState);
  },
};

export default walletService;
