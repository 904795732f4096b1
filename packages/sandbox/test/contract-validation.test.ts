// The sandbox checks requests against openapi/<service>.json at run time
// (src/sandbox/contract.ts). A stand-in booking service whose routes check
// nothing shows what the contract layer alone refuses; the real emulators show
// that it refuses what their own rules let through, and leaves their specific
// answers (401 first, 422 password rules, the service's wording) alone.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxServer, type SandboxServer } from '../src/server.js';
import { checkRequestsAgainstContract } from '../src/contract.js';
import { CONTRACT_SERVICES, contractFile, openApiDir } from '../src/contract-files.js';
import { bookingService } from '../src/booking/index.js';
import { walletService } from '../src/wallet/index.js';
import type { SandboxService } from '../src/types.js';
import { expectContract } from './support/contract.js';
import { packageRoot } from './support/paths.js';

/** Answers 201 to anything: every refusal below comes from the contract layer. */
const permissiveBooking: SandboxService<Record<string, never>> = {
  name: 'booking',
  prefix: '/booking',
  demoState: () => ({}),
  register(app, sandbox) {
    checkRequestsAgainstContract(app, sandbox, {
      service: 'booking',
      prefix: '/booking',
      security: { bearer: ['booking'] },
    });
    app.post('/api/v1/token', async () => ({ accessToken: await sandbox.tokens.issue('booking') }));
    app.post('/api/v1/orders/reservations/reserve', async (_request, reply) =>
      reply.code(201).send({ accepted: true }),
    );
    app.get('/api/v1/experiences/:id/sessions/availability', async (request) => ({ query: request.query }));
    app.get('/api/v1/not-in-the-contract', async (request) => ({ query: request.query }));
  },
};

const servers: SandboxServer[] = [];
const dirs: string[] = [];

async function start(services: SandboxService<any>[]): Promise<SandboxServer> {
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-contract-check-'));
  dirs.push(stateDir);
  const server = await createSandboxServer({ stateDir, services, persistDelayMs: 20 });
  servers.push(server);
  return server;
}

async function call(
  server: SandboxServer,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
  token?: string,
) {
  const response = await server.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: response.statusCode, body: response.body ? JSON.parse(response.body) : undefined };
}

afterAll(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the contract layer on its own', () => {
  let server: SandboxServer;
  let token: string;
  const reserve = { experienceId: 'exp-laser-tag', slotId: 'exp-laser-tag.2030-01-01T10:00', quantity: 2 };

  beforeAll(async () => {
    server = await start([permissiveBooking]);
    // The stand-in takes any secret; the contract asks only that there is one.
    token = (await call(server, 'POST', '/booking/api/v1/token', { clientSecret: 'any' })).body.accessToken;
  });

  it('refuses a body that breaks the document with 400 validation_failed and the error body', async () => {
    const answer = await call(
      server,
      'POST',
      '/booking/api/v1/orders/reservations/reserve',
      { ...reserve, quantity: 'two' },
      token,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      details: [{ field: 'quantity', rule: 'must be a whole number' }],
    });
    expect(answer.body.error.message).toMatch(/\(openapi\/booking\.json\)/);
    expectContract('booking', 'POST', '/api/v1/orders/reservations/reserve', 400, answer.body);
  });

  it('names every problem: missing, unknown and out-of-range fields', async () => {
    const answer = await call(
      server,
      'POST',
      '/booking/api/v1/orders/reservations/reserve',
      { slotId: '', quantity: 0, note: 'hi' },
      token,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error.details).toEqual(
      expect.arrayContaining([
        { field: 'experienceId', rule: 'is required' },
        { field: 'slotId', rule: 'must not be empty' },
        { field: 'quantity', rule: 'must be at least 1' },
        { field: 'note', rule: 'is not a known field' },
      ]),
    );
  });

  it('lets a body that meets the document through', async () => {
    expect((await call(server, 'POST', '/booking/api/v1/orders/reservations/reserve', reserve, token)).status).toBe(
      201,
    );
  });

  it('checks query values, read as text, against their typed schemas', async () => {
    const bad = await call(
      server,
      'GET',
      '/booking/api/v1/experiences/exp-1/sessions/availability?days=abc&fromDate=2026-02-30',
      undefined,
      token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([
      { field: 'fromDate', rule: 'must be a date written YYYY-MM-DD' },
      { field: 'days', rule: 'must be a whole number' },
    ]);
    const good = await call(
      server,
      'GET',
      '/booking/api/v1/experiences/exp-1/sessions/availability?days=3&fromDate=2026-02-28',
      undefined,
      token,
    );
    expect(good.status).toBe(200);
    // The route still sees the query as it came.
    expect(good.body.query).toEqual({ days: '3', fromDate: '2026-02-28' });
  });

  it('leaves routes the document does not have alone', async () => {
    expect((await call(server, 'GET', '/booking/api/v1/not-in-the-contract?days=abc', undefined, token)).status).toBe(
      200,
    );
  });

  it('lets the route answer 401 first when the token is missing', async () => {
    const answer = await call(server, 'POST', '/booking/api/v1/orders/reservations/reserve', { quantity: 'two' });
    // The stand-in route checks no token, so it answers 201: the contract layer stood aside.
    expect(answer.status).toBe(201);
  });
});

describe('the contract layer beside the real emulators', () => {
  let server: SandboxServer;
  let bookingToken: string;
  let adminToken: string;

  beforeAll(async () => {
    server = await start([bookingService, walletService]);
    bookingToken = (
      await call(server, 'POST', '/booking/api/v1/token', { clientSecret: 'sandbox-booking-client-secret' })
    ).body.accessToken;
    adminToken = (await call(server, 'POST', '/wallet/api/v1/token', { clientSecret: 'sandbox-wallet-client-secret' }))
      .body.accessToken;
  });

  it('refuses what the service itself lets through: an unknown field in a reservation', async () => {
    const slots = await call(
      server,
      'GET',
      `/booking/api/v1/experiences/exp-laser-tag/sessions?forDate=${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}`,
      undefined,
      bookingToken,
    );
    const slot = slots.body.items[0];
    const answer = await call(
      server,
      'POST',
      '/booking/api/v1/orders/reservations/reserve',
      { experienceId: 'exp-laser-tag', slotId: slot.slotId, quantity: 1, giftWrap: true },
      bookingToken,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error.details).toEqual([{ field: 'giftWrap', rule: 'is not a known field' }]);
    expectContract('booking', 'POST', '/api/v1/orders/reservations/reserve', 400, answer.body);
  });

  it("gives the service's own wording first, then what only the contract objects to", async () => {
    const answer = await call(
      server,
      'POST',
      '/booking/api/v1/orders/reservations/reserve',
      { experienceId: 'exp-laser-tag', slotId: 'x', quantity: 0, giftWrap: true },
      bookingToken,
    );
    expect(answer.body.error.details).toEqual([
      { field: 'quantity', rule: 'must be a positive whole number' },
      { field: 'giftWrap', rule: 'is not a known field' },
    ]);
  });

  it('answers 401 before looking at the body', async () => {
    const answer = await call(
      server,
      'POST',
      '/booking/api/v1/orders/reservations/reserve',
      { quantity: 'two' },
      'not-a-token',
    );
    expect(answer.status).toBe(401);
  });

  it('leaves a short password to the wallet rules: 422 password_rules, not 400', async () => {
    const answer = await call(
      server,
      'POST',
      '/wallet/api/v1/admin/signup',
      {
        username: 'new@example.com',
        password: 'Ab1',
        firstName: 'New',
        lastName: 'Guest',
        cardBarcode: '1000000004',
        cardCvv: '444',
      },
      adminToken,
    );
    expect(answer.status).toBe(422);
    expect(answer.body.error.code).toBe('password_rules');
  });

  it('says a field of the wrong type is of the wrong type, not missing', async () => {
    const answer = await call(
      server,
      'POST',
      '/wallet/api/v1/admin/signup',
      {
        username: 'new@example.com',
        password: 'Abcdefg1',
        lastName: 'Guest',
        cardBarcode: '1000000004',
        cardCvv: '444',
        cardNickname: 5,
      },
      adminToken,
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error.details).toEqual([
      { field: 'firstName', rule: 'is required' },
      { field: 'cardNickname', rule: 'must be text' },
    ]);
  });

  it('checks path parameters (an email address) with the route wording', async () => {
    const answer = await call(server, 'PUT', '/wallet/api/v1/admin/not-an-email/reset');
    expect(answer.status).toBe(400);
    expect(answer.body.error.details).toEqual([{ field: 'emailAddress', rule: 'must be an email address' }]);
  });
});

describe("the package's contract files", () => {
  it('are its own openapi/ folder, one level above the code (src/ and dist/ alike): no folder is searched', () => {
    expect(openApiDir()).toBe(path.join(packageRoot, 'openapi'));
    for (const service of CONTRACT_SERVICES) {
      expect(contractFile(service)).toBe(path.join(packageRoot, 'openapi', `${service}.json`));
      expect(JSON.parse(fs.readFileSync(contractFile(service), 'utf8')).openapi).toMatch(/^3\.1/);
    }
    expect(fs.readdirSync(path.join(packageRoot, 'openapi')).sort()).toEqual([
      'booking.json',
      'inventory.json',
      'wallet.json',
    ]);
  });
});
