// Hostile 2xx answers on every service, through the built binary: a service
// that says 200 and sends invalid JSON, an HTML page, nothing, the wrong types
// or a list where a record is due. The command must fail with exit 6 naming
// the service and what was missing, print nothing on stdout, never exit 0,
// and show the body under --verbose. See docs/tolerant-reading.md.

import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runVenue, tempDir, type RunResult } from '../support/in-process.js';

/** One answer, sent byte for byte (the shared fake service always sends JSON). */
interface RawReply {
  status: number;
  body: string;
  type?: string;
}

interface HostileService {
  url: string;
  /** The answer to "METHOD /path" (query ignored) until scripted again. */
  answer(route: string, reply: RawReply): void;
  seen: string[];
  close(): Promise<void>;
}

const signingKey = new TextEncoder().encode('hostile-answers-signing-key-0123456789');
const jwt = (subject: string) =>
  new SignJWT({ sub: subject })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(signingKey);

/**
 * Three services on one loopback port, under /wallet, /booking and
 * /inventory. The token exchanges and the guest login answer properly, so
 * each command reaches the call under test; every other route answers what
 * the test scripted.
 */
async function startHostileService(): Promise<HostileService> {
  const replies = new Map<string, RawReply>();
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', async () => {
      const route = `${req.method} ${new URL(req.url ?? '/', 'http://x').pathname}`;
      seen.push(route);
      const send = (reply: RawReply) => {
        res.writeHead(reply.status, { 'content-type': reply.type ?? 'application/json' });
        res.end(reply.body);
      };
      if (['POST /wallet/api/v1/token', 'POST /booking/api/v1/token', 'POST /inventory/auth/token'].includes(route)) {
        return send({ status: 200, body: JSON.stringify({ accessToken: await jwt(route) }) });
      }
      if (route === 'POST /wallet/api/v1/admin/login') {
        return send({
          status: 200,
          body: JSON.stringify({ accessToken: await jwt('guest'), refreshToken: await jwt('guest-refresh') }),
        });
      }
      send(replies.get(route) ?? { status: 404, body: JSON.stringify({ message: `no route ${route}` }) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    answer: (route, reply) => replies.set(route, reply),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let service: HostileService;
let configDir: string;
let env: Record<string, string>;

const venue = (args: string[], input?: string): Promise<RunResult> =>
  runVenue(['--profile', 'hostile', ...args], { env, input });

beforeAll(async () => {
  service = await startHostileService();
  configDir = tempDir();
  env = {
    VENUE_CONFIG_DIR: configDir,
    VENUE_WALLET_URL: `${service.url}/wallet`,
    VENUE_BOOKING_URL: `${service.url}/booking`,
    VENUE_INVENTORY_URL: `${service.url}/inventory`,
    VENUE_WALLET_CLIENT_SECRET: 'wallet-secret-0001',
    VENUE_BOOKING_CLIENT_SECRET: 'booking-secret-0001',
    VENUE_INVENTORY_API_KEY: 'inventory-key-0001',
    VENUE_INVENTORY_API_SECRET: 'inventory-secret-0001',
    VENUE_INVENTORY_USER_ID: '1',
    VENUE_INVENTORY_WAREHOUSE_ID: '1',
    VENUE_RETRIES: '0',
  };
  // A profile of its own (not the sandbox), its addresses and secrets from the environment.
  const created = await venue(['config', 'init', '--wallet-environment', 'production']);
  expect(created.code, created.stderr).toBe(0);
  const login = await venue(['wallet', 'login', 'guest@example.com', '--password-stdin'], 'Guest1234\n');
  expect(login.code, login.stderr).toBe(0);
});

afterAll(async () => {
  await service?.close();
  if (configDir) fs.rmSync(configDir, { recursive: true, force: true });
});

// ---- the hostile answers

const json = (value: unknown): RawReply => ({ status: 200, body: JSON.stringify(value) });
const invalidJson: RawReply = { status: 200, body: '{"items": [{"id": "1", "name": "Down' };
const htmlPage: RawReply = {
  status: 200,
  type: 'text/html; charset=utf-8',
  body: '<!DOCTYPE html><html><head><title>Maintenance</title></head><body><h1>Down for maintenance</h1></body></html>',
};
const emptyBody: RawReply = { status: 200, body: '' };
const noContent: RawReply = { status: 204, body: '' };

/** Answers every command must refuse, whatever it reads. */
const alwaysHostile: Array<[string, RawReply]> = [
  ['invalid JSON', invalidJson],
  ['an HTML page', htmlPage],
  ['an empty 200', emptyBody],
  ['a 204 with no content', noContent],
];
/** Where a list is due. */
const hostileForList: Array<[string, RawReply]> = [
  ...alwaysHostile,
  ['a list field that is text', json({ items: 'nope' })],
  ['a number', json(42)],
  ['a record where a list is due', json({ id: 'x', name: 'not a list' })],
  ['items that are not records', json({ items: ['a', 'b'] })],
];
/** Where a record is due. */
const hostileForRecord: Array<[string, RawReply]> = [
  ...alwaysHostile,
  ['a number', json(42)],
  ['text in JSON', json('ok')],
  ['a list where a record is due', json([{ id: 'r-1' }, { id: 'r-2' }])],
  ['a list in a data envelope', json({ data: [{ id: 'r-1' }] })],
];
/**
 * Where the command needs fields of the record (an id to release, a balance
 * to show). A write that needs nothing of its answer (stock adjust: the seed
 * shows no answer body) may take a record of other fields.
 */
const hostileForNeededRecord: Array<[string, RawReply]> = [
  ...hostileForRecord,
  ['a record with none of the fields', json({ unrelated: true, note: 'hello' })],
  [
    'the needed fields of the wrong types',
    json({
      id: { nested: true },
      reservationId: [],
      productId: false,
      playBalance: 'lots',
      balance: {},
      cardNumber: null,
    }),
  ],
];

interface Case {
  service: 'wallet' | 'booking' | 'inventory';
  command: string[];
  /** The route whose answer is hostile. */
  route: string;
  /** Other routes the command reads first, answered properly. */
  before?: Array<[string, RawReply]>;
  /** What the command needed, in the message: "card", "reservation". */
  names: RegExp;
  answers: Array<[string, RawReply]>;
  /** A wrong JSON answer for the --verbose test, and how the trace shows it. */
  wrong: [RawReply, string];
}

const card = '6001000000000000001';
const listWrong: [RawReply, string] = [json({ items: 'nope' }), '{"items":"nope"}'];
const recordWrong: [RawReply, string] = [json([{ id: 'shown-in-verbose' }]), '[{"id":"shown-in-verbose"}]'];
const cases: Case[] = [
  {
    service: 'wallet',
    command: ['wallet', 'cards'],
    route: 'GET /wallet/api/v1/card',
    names: /card/i,
    answers: hostileForList,
    wrong: listWrong,
  },
  {
    service: 'wallet',
    command: ['wallet', 'balance', card],
    route: `GET /wallet/api/v1/card/${card}/balance`,
    names: /balance/i,
    answers: hostileForNeededRecord,
    wrong: recordWrong,
  },
  {
    service: 'booking',
    command: ['booking', 'locations'],
    route: 'GET /booking/api/v1/locations',
    names: /location/i,
    answers: hostileForList,
    wrong: listWrong,
  },
  {
    service: 'booking',
    command: [
      'booking',
      'reserve',
      '--yes',
      'exp-laser-tag',
      '--session',
      'exp-laser-tag.20261128.1400',
      '--quantity',
      '2',
    ],
    route: 'POST /booking/api/v1/orders/reservations/reserve',
    names: /reserv|hold/i,
    answers: hostileForNeededRecord,
    wrong: recordWrong,
  },
  {
    service: 'inventory',
    command: ['inventory', 'products', 'get', '1001'],
    route: 'GET /inventory/products/1001',
    names: /product/i,
    answers: hostileForNeededRecord,
    wrong: recordWrong,
  },
  {
    service: 'inventory',
    command: ['inventory', 'stock', 'adjust', '--yes', '--product', '1001', '--quantity', '-2', '--comment', 'damaged'],
    route: 'POST /inventory/stock-adjustments',
    before: [
      [
        'GET /inventory/stock-levels',
        json({
          items: [{ warehouseId: 1, productId: 1001, quantity: 10 }],
          page: 1,
          pageSize: 100,
          totalItems: 1,
          totalPages: 1,
        }),
      ],
    ],
    names: /adjust/i,
    answers: hostileForRecord,
    wrong: recordWrong,
  },
];

function expectRefused(result: RunResult, c: Case): void {
  const said = `exit ${result.code}\nstdout: ${result.stdout}\nstderr: ${result.stderr}`;
  expect(result.code, said).not.toBe(0);
  expect(result.code, said).toBe(6);
  // Names the service, and what was due or missing.
  expect(result.stderr, said).toContain(`${c.service} service`);
  expect(result.stderr, said).toMatch(/was due|has no|is not usable|missing|as item \d+ of the|, which is not /);
  expect(result.stderr, said).toMatch(c.names);
  // Nothing on stdout: no blank row, no empty record, no "Nothing to show".
  expect(result.stdout, said).toBe('');
  expect(result.stderr, said).not.toMatch(/\n\s+at .*:\d+:\d+/); // no stack trace
}

for (const c of cases) {
  describe(`${c.command.slice(0, 3).join(' ')}`, () => {
    it.each(c.answers)('refuses %s with exit 6', async (_, reply) => {
      for (const [route, answer] of c.before ?? []) service.answer(route, answer);
      service.answer(c.route, reply);
      expectRefused(await venue(c.command), c);
    });

    it('refuses in machine formats too (-o json prints nothing)', async () => {
      for (const [route, answer] of c.before ?? []) service.answer(route, answer);
      service.answer(c.route, htmlPage);
      expectRefused(await venue(['-o', 'json', ...c.command]), c);
    });

    it('--verbose shows the body on stderr', async () => {
      for (const [route, answer] of c.before ?? []) service.answer(route, answer);
      service.answer(c.route, htmlPage);
      const html = await venue(['--verbose', ...c.command]);
      expectRefused(html, c);
      expect(html.stderr).toContain('Down for maintenance');
      service.answer(c.route, c.wrong[0]);
      const wrong = await venue(['--verbose', ...c.command]);
      expectRefused(wrong, c);
      expect(wrong.stderr).toContain(`< ${c.wrong[1]}`);
    });
  });
}

describe('the hostile service itself', () => {
  it('was asked: each command reached the route under test', () => {
    for (const c of cases) expect(service.seen, c.route).toContain(c.route);
  });
});
