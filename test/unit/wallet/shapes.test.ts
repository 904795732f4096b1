// The wallet client reads any faithful server: the same answers in four
// shapes (venue's own, PascalCase with problem+json errors, {data, meta}
// envelopes with {error:{…}}, and plain bare arrays with other words and
// UPPER_SNAKE enumerations) give the same views, and a 2xx answer that holds
// nothing usable is an UnreadableAnswerError (exit 6), never blanks.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthError, RejectedError, ServerError } from '../../../src/lib/errors.js';
import { HttpClient, type TokenSource } from '../../../src/lib/http.js';
import { UnreadableAnswerError, sourceOf } from '../../../src/lib/reading.js';
import { WalletClient, needPrice } from '../../../src/lib/wallet/client.js';

const origin = 'https://wallet.test';
const CARD1 = '6001000000000000001';
const CARD2 = '6001000000000000002';
let agent: MockAgent | undefined;
const dirs: string[] = [];

afterEach(async () => {
  await agent?.close().catch(() => undefined);
  agent = undefined;
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** A view without the service record it carries (a symbol property toEqual would compare). */
const view = (value: object | undefined) => (value === undefined ? value : Object.fromEntries(Object.entries(value)));
const views = (values: object[]) => values.map(view);

const token = (t: string): TokenSource => ({
  get: async () => ({ token: t, fromCache: false }),
  invalidate: async () => {},
});
const guest = token('guest');

function wallet() {
  agent = new MockAgent();
  agent.disableNetConnect();
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallet-shapes-'));
  dirs.push(stateDir);
  const http = new HttpClient({
    service: 'wallet',
    baseUrl: origin,
    dispatcher: agent,
    retries: 0,
    sleep: async () => {},
  });
  return {
    client: new WalletClient({ profile: 'p', http, token: token('admin'), stateDir, now: () => Date.now() }),
    pool: agent.get(origin),
  };
}

const json = { 'content-type': 'application/json' };
const problem = { 'content-type': 'application/problem+json' };
/** An unsigned JWT far in the future: enough for the session store. */
const jwt = (marker: string) =>
  `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ exp: 4_000_000_000, m: marker })).toString('base64url')}.sig`;
const ACCESS = jwt('access');
const REFRESH = jwt('refresh');

interface Dialect {
  headers: Record<string, string>;
  errorHeaders: Record<string, string>;
  login: object;
  cards: object;
  balance: object;
  activity: object;
  products: object;
  sale: object;
  pass: object;
  cardNotActivated: object;
  duplicatePayment: object;
  wrongPassword: object;
}

// ------------------------------------------------------------------ venue
const venueSale = {
  saleId: 'SALE-1',
  cardNumber: CARD2,
  productId: 'RL-10',
  paymentReference: 'pay-1',
  amount: 10,
  createdAt: '2026-01-04T00:00:00Z',
  credited: { play: { amount: 40, unit: 'tokens' }, bonus: { amount: 0, unit: 'tokens' } },
};
const venue: Dialect = {
  headers: json,
  errorHeaders: json,
  login: { accessToken: ACCESS, refreshToken: REFRESH },
  cards: {
    items: [
      {
        cardNumber: CARD1,
        cardType: 'Standard',
        nickname: 'Ava main',
        status: 'activated',
        locationId: 'LOC-1',
        locationName: 'Downtown',
        playUnit: 'dollars',
      },
      {
        cardNumber: CARD2,
        cardType: 'Premium',
        nickname: null,
        status: 'not-activated',
        locationId: 'LOC-2',
        locationName: 'Riverside',
        playUnit: 'tokens',
      },
    ],
  },
  balance: {
    cardNumber: CARD2,
    playBalance: { amount: 120, unit: 'tokens' },
    bonusBalance: { amount: 20, unit: 'tokens' },
    ticketBalance: 55,
    lastSyncedAt: '2026-01-02T00:00:00Z',
  },
  activity: {
    items: [
      {
        activityId: 'ACT-1',
        kind: 'reload',
        occurredAt: '2026-01-01T10:00:00Z',
        description: 'Online reload',
        playAmount: 40,
        bonusAmount: 0,
        tickets: 0,
        unit: 'tokens',
        paymentReference: 'pay-0',
      },
      {
        activityId: 'ACT-2',
        kind: 'game-play',
        occurredAt: '2026-01-03T10:00:00Z',
        description: 'Racer',
        playAmount: -4,
        bonusAmount: 0,
        tickets: 0,
        unit: 'tokens',
      },
      {
        activityId: 'ACT-3',
        kind: 'ticket-win',
        occurredAt: '2026-01-02T10:00:00Z',
        description: 'Racer',
        playAmount: 0,
        bonusAmount: 0,
        tickets: 25,
        unit: 'tokens',
      },
    ],
  },
  products: {
    items: [
      { productId: 'RL-25', name: 'Twenty-five', price: 25, playValue: 25, bonusValue: 5, displayOrder: 2 },
      { productId: 'RL-10', name: 'Ten', price: 10, playValue: 10, bonusValue: 0, displayOrder: 1 },
    ],
  },
  sale: venueSale,
  pass: {
    platform: 'walletB',
    cardNumber: CARD2,
    saveUrl: 'https://pay.example/save/abc',
    expiresAt: '2026-01-05T00:00:00Z',
  },
  cardNotActivated: {
    error: { status: 422, code: 'card_not_activated', message: 'card 1000000004 is not activated', details: [] },
  },
  duplicatePayment: {
    error: {
      status: 409,
      code: 'duplicate_payment_reference',
      message: 'payment reference pay-1 was already recorded',
      details: [],
    },
  },
  wrongPassword: {
    error: { status: 401, code: 'invalid_credentials', message: 'wrong username or password', details: [] },
  },
};

// ------------------------------------------------------------------ PascalCase, problem+json
const pascal: Dialect = {
  headers: json,
  errorHeaders: problem,
  login: { AccessToken: ACCESS, RefreshToken: REFRESH, TokenType: 'Bearer' },
  cards: {
    Items: [
      {
        CardNumber: CARD1,
        CardType: 'Standard',
        Nickname: 'Ava main',
        Status: 'Activated',
        LocationId: 'LOC-1',
        LocationName: 'Downtown',
        PlayUnit: 'Dollars',
      },
      {
        CardNumber: CARD2,
        CardType: 'Premium',
        Nickname: null,
        Status: 'NotActivated',
        LocationId: 'LOC-2',
        LocationName: 'Riverside',
        PlayUnit: 'Tokens',
      },
    ],
  },
  balance: {
    CardNumber: CARD2,
    PlayBalance: { Amount: 120, Unit: 'Tokens' },
    BonusBalance: { Amount: 20, Unit: 'Tokens' },
    TicketBalance: 55,
    LastSyncedAt: '2026-01-02T00:00:00Z',
  },
  activity: {
    Items: [
      {
        ActivityId: 'ACT-1',
        Kind: 'Reload',
        OccurredAt: '2026-01-01T10:00:00Z',
        Description: 'Online reload',
        PlayAmount: 40,
        BonusAmount: 0,
        Tickets: 0,
        Unit: 'Tokens',
        PaymentReference: 'pay-0',
      },
      {
        ActivityId: 'ACT-2',
        Kind: 'GamePlay',
        OccurredAt: '2026-01-03T10:00:00Z',
        Description: 'Racer',
        PlayAmount: -4,
        BonusAmount: 0,
        Tickets: 0,
        Unit: 'Tokens',
      },
      {
        ActivityId: 'ACT-3',
        Kind: 'TicketWin',
        OccurredAt: '2026-01-02T10:00:00Z',
        Description: 'Racer',
        PlayAmount: 0,
        BonusAmount: 0,
        Tickets: 25,
        Unit: 'Tokens',
      },
    ],
  },
  products: {
    Items: [
      { ProductId: 'RL-25', Name: 'Twenty-five', Price: 25, PlayValue: 25, BonusValue: 5, DisplayOrder: 2 },
      { ProductId: 'RL-10', Name: 'Ten', Price: 10, PlayValue: 10, BonusValue: 0, DisplayOrder: 1 },
    ],
  },
  sale: {
    SaleId: 'SALE-1',
    CardNumber: CARD2,
    ProductId: 'RL-10',
    PaymentReference: 'pay-1',
    Amount: 10,
    CreatedAt: '2026-01-04T00:00:00Z',
  },
  pass: {
    Platform: 'WalletB',
    CardNumber: CARD2,
    SaveUrl: 'https://pay.example/save/abc',
    ExpiresAt: '2026-01-05T00:00:00Z',
  },
  cardNotActivated: {
    type: 'https://errors.example/card-not-activated',
    title: 'Unprocessable Entity',
    status: 422,
    detail: 'card 1000000004 is not activated',
  },
  duplicatePayment: {
    type: 'https://errors.example/duplicate-payment-reference',
    title: 'Conflict',
    status: 409,
    detail: 'payment reference pay-1 was already recorded',
  },
  wrongPassword: {
    type: 'https://errors.example/invalid-credentials',
    title: 'Unauthorized',
    status: 401,
    detail: 'wrong username or password',
  },
};

// ------------------------------------------------------------------ {data, meta} envelopes
const meta = { requestId: 'req-1', timestamp: '2026-01-04T00:00:00Z' };
const envelope: Dialect = {
  headers: json,
  errorHeaders: json,
  login: { data: { accessToken: ACCESS, refreshToken: REFRESH }, meta },
  cards: { data: (venue.cards as { items: unknown[] }).items, meta: { ...meta, count: 2 } },
  balance: { data: venue.balance, meta },
  activity: { data: (venue.activity as { items: unknown[] }).items, meta: { ...meta, count: 3 } },
  products: { data: (venue.products as { items: unknown[] }).items, meta },
  sale: { data: venueSale, meta },
  pass: { data: venue.pass, meta },
  cardNotActivated: { error: { code: 'CARD_NOT_ACTIVATED', message: 'card 1000000004 is not activated', details: [] } },
  duplicatePayment: {
    error: {
      code: 'DUPLICATE_PAYMENT_REFERENCE',
      message: 'payment reference pay-1 was already recorded',
      details: [],
    },
  },
  wrongPassword: { error: { code: 'INVALID_CREDENTIALS', message: 'wrong username or password', details: [] } },
};

// ------------------------------------------------------------------ plain: bare arrays, other words, UPPER_SNAKE
const plain: Dialect = {
  headers: json,
  errorHeaders: json,
  login: { access_token: ACCESS, refresh_token: REFRESH, token_type: 'bearer' },
  cards: [
    {
      cardNumber: CARD1,
      type: 'STANDARD',
      cardNickname: 'Ava main',
      cardStatus: 'ACTIVE',
      siteId: 'LOC-1',
      location: 'Downtown',
      balanceUnit: 'USD',
    },
    {
      cardNumber: CARD2,
      type: 'PREMIUM',
      cardStatus: 'NOT_ACTIVATED',
      siteId: 'LOC-2',
      location: { id: 'LOC-2', name: 'Riverside' },
      balanceUnit: 'TOKENS',
    },
  ],
  balance: {
    cardNumber: CARD2,
    playBalance: '120.00',
    bonusBalance: 20,
    ticketBalance: 55,
    balanceUnit: 'TOKENS',
    lastUpdated: '2026-01-02T00:00:00Z',
  },
  activity: [
    {
      id: 'ACT-1',
      type: 'RELOAD',
      timestamp: '2026-01-01T10:00:00Z',
      description: 'Online reload',
      amount: 40,
      bonus: 0,
      ticketCount: 0,
      balanceUnit: 'TOKENS',
      paymentRef: 'pay-0',
    },
    {
      id: 'ACT-2',
      type: 'GAME_PLAY',
      timestamp: '2026-01-03T10:00:00Z',
      description: 'Racer',
      amount: -4,
      bonus: 0,
      ticketCount: 0,
      balanceUnit: 'TOKENS',
    },
    {
      id: 'ACT-3',
      type: 'TICKET_WIN',
      timestamp: '2026-01-02T10:00:00Z',
      description: 'Racer',
      amount: 0,
      bonus: 0,
      ticketCount: 25,
      balanceUnit: 'TOKENS',
    },
  ],
  products: [
    { id: 'RL-25', title: 'Twenty-five', price: '25.00', value: 25, bonus: 5, sortOrder: 2 },
    { id: 'RL-10', title: 'Ten', price: 10, value: 10, bonus: 0, sortOrder: 1 },
  ],
  sale: {
    id: 'SALE-1',
    cardNumber: CARD2,
    productId: 'RL-10',
    paymentReference: 'pay-1',
    amount: 10,
    created: '2026-01-04T00:00:00Z',
    creditedPlay: 40,
    creditedBonus: 0,
    balanceUnit: 'TOKENS',
  },
  pass: {
    platform: 'WALLET_B',
    cardNumber: CARD2,
    url: 'https://pay.example/save/abc',
    expires: '2026-01-05T00:00:00Z',
  },
  // No codes at all: the words are read.
  cardNotActivated: {
    message: 'Card is not activated',
    errors: [{ field: 'cardBarcode', message: 'card is not activated' }],
  },
  duplicatePayment: { code: 'DUPLICATE_PAYMENT_REFERENCE', message: 'payment reference pay-1 was already recorded' },
  wrongPassword: { error: 'invalid_grant', error_description: 'wrong username or password' },
};

const dialects: Array<[string, Dialect]> = [
  ['venue', venue],
  ['pascal', pascal],
  ['envelope', envelope],
  ['plain', plain],
];

const expectedCards = [
  {
    cardNumber: CARD1,
    cardType: expect.stringMatching(/^standard$/i),
    nickname: 'Ava main',
    status: 'activated',
    locationName: 'Downtown',
    playUnit: 'dollars',
  },
  {
    cardNumber: CARD2,
    cardType: expect.stringMatching(/^premium$/i),
    status: 'not-activated',
    locationName: 'Riverside',
    playUnit: 'tokens',
  },
];
const expectedBalance = {
  cardNumber: CARD2,
  playBalance: { amount: 120, unit: 'tokens' },
  bonusBalance: { amount: 20, unit: 'tokens' },
  ticketBalance: 55,
  lastSyncedAt: '2026-01-02T00:00:00Z',
};
const expectedActivity = [
  {
    activityId: 'ACT-2',
    kind: 'game-play',
    occurredAt: '2026-01-03T10:00:00Z',
    description: 'Racer',
    playAmount: -4,
    bonusAmount: 0,
    tickets: 0,
    unit: 'tokens',
  },
  {
    activityId: 'ACT-3',
    kind: 'ticket-win',
    occurredAt: '2026-01-02T10:00:00Z',
    description: 'Racer',
    playAmount: 0,
    bonusAmount: 0,
    tickets: 25,
    unit: 'tokens',
  },
  {
    activityId: 'ACT-1',
    kind: 'reload',
    occurredAt: '2026-01-01T10:00:00Z',
    description: 'Online reload',
    playAmount: 40,
    bonusAmount: 0,
    tickets: 0,
    unit: 'tokens',
    paymentReference: 'pay-0',
  },
];
const expectedProducts = [
  { productId: 'RL-10', name: 'Ten', price: 10, playValue: 10, bonusValue: 0, displayOrder: 1 },
  { productId: 'RL-25', name: 'Twenty-five', price: 25, playValue: 25, bonusValue: 5, displayOrder: 2 },
];

describe.each(dialects)('the %s shape', (_name, d) => {
  it('login keeps both tokens', async () => {
    const { client, pool } = wallet();
    pool.intercept({ path: '/api/v1/admin/login', method: 'POST' }).reply(200, d.login, { headers: d.headers });
    const session = await client.login('ava@example.com', 'Secret123');
    expect(session).toMatchObject({ email: 'ava@example.com', accessToken: ACCESS, refreshToken: REFRESH });
  });

  it('cards, balance, activity and products read to the same views; machine formats keep the records as sent', async () => {
    const { client, pool } = wallet();
    pool.intercept({ path: '/api/v1/card', method: 'GET' }).reply(200, d.cards, { headers: d.headers });
    pool
      .intercept({ path: `/api/v1/card/${CARD2}/balance`, method: 'GET' })
      .reply(200, d.balance, { headers: d.headers });
    pool
      .intercept({ path: `/api/v1/card/${CARD2}/activity`, method: 'GET' })
      .reply(200, d.activity, { headers: d.headers });
    pool.intercept({ path: '/api/v1/quickreload', method: 'GET' }).reply(200, d.products, { headers: d.headers });

    const cards = await client.cards(guest);
    expect(views(cards)).toEqual(expectedCards.map((c) => expect.objectContaining(c)));
    expect(cards[1]!.nickname).toBeUndefined();
    const balance = await client.balance(guest, CARD2);
    expect(view(balance)).toEqual(expectedBalance);
    const activity = await client.activity(guest, CARD2);
    expect(views(activity)).toEqual(expectedActivity);
    const products = await client.products(guest);
    expect(views(products)).toEqual(expectedProducts);
    expect(needPrice(products[1]!)).toBe(25);

    // The service's own records ride along, unwrapped from any envelope, nothing renamed.
    const unwrap = (body: unknown): unknown => {
      const b = body as Record<string, unknown>;
      return Array.isArray(body) ? body : (b.items ?? b.Items ?? b.data);
    };
    expect(cards.map(sourceOf)).toEqual(unwrap(d.cards));
    expect(sourceOf(balance)).toEqual((d.balance as { data?: unknown }).data ?? d.balance);
    expect(new Set(activity.map(sourceOf))).toEqual(new Set(unwrap(d.activity) as unknown[]));
  });

  it('the sale and the walletB link', async () => {
    const { client, pool } = wallet();
    pool.intercept({ path: '/api/v1/sale', method: 'POST' }).reply(201, d.sale, { headers: d.headers });
    pool.intercept({ path: `/api/v1/pass/walletB/${CARD2}`, method: 'PUT' }).reply(200, d.pass, { headers: d.headers });
    const sale = await client.sale(guest, {
      cardNumber: CARD2,
      productId: 'RL-10',
      paymentReference: 'pay-1',
      amount: 10,
    });
    // What the sale credited, in its unit, where the answer says it (pascal's answer here does not).
    const credited = (d.sale as { SaleId?: string }).SaleId
      ? {}
      : { creditedPlay: { amount: 40, unit: 'tokens' }, creditedBonus: { amount: 0, unit: 'tokens' } };
    expect(view(sale)).toEqual({ saleId: 'SALE-1', ...credited });
    expect(sourceOf(sale)).toEqual((d.sale as { data?: unknown }).data ?? d.sale);
    const pass = await client.pass(guest, 'walletB', CARD2);
    expect(pass).toMatchObject({
      kind: 'link',
      url: 'https://pay.example/save/abc',
      expiresAt: '2026-01-05T00:00:00Z',
    });
  });

  it('refusals read the same whatever the error shape', async () => {
    const { client, pool } = wallet();
    pool
      .intercept({ path: '/api/v1/admin/signup', method: 'POST' })
      .reply(422, d.cardNotActivated, { headers: d.errorHeaders });
    pool
      .intercept({ path: '/api/v1/sale', method: 'POST' })
      .reply(409, d.duplicatePayment, { headers: d.errorHeaders });
    pool
      .intercept({ path: '/api/v1/admin/login', method: 'POST' })
      .reply(401, d.wrongPassword, { headers: d.errorHeaders });
    pool
      .intercept({ path: '/api/v1/admin/login', method: 'POST' })
      .reply(401, d.wrongPassword, { headers: d.errorHeaders });

    const signup = await client
      .signup({
        username: 'dana@example.com',
        password: 'Secret123',
        firstName: 'D',
        lastName: 'R',
        cardBarcode: '1000000004',
        cardCvv: '444',
      })
      .catch((e: unknown) => e);
    expect(signup).toBeInstanceOf(RejectedError);
    expect((signup as Error).message).toContain('card not activated');
    const sale = await client
      .sale(guest, { cardNumber: CARD2, productId: 'RL-10', paymentReference: 'pay-1' })
      .catch((e: unknown) => e);
    expect(sale).toBeInstanceOf(RejectedError);
    expect((sale as Error).message).toContain('already recorded');
    const login = await client.login('ava@example.com', 'Wrong1234').catch((e: unknown) => e);
    expect(login).toBeInstanceOf(AuthError);
    expect((login as Error).message).toContain(
      "the guest login of ava@example.com was refused: the wallet did not accept the guest's email and password",
    );
  });
});

describe('hostile 2xx answers are unreadable (exit 6), never blanks', () => {
  const html = '<!doctype html><html><body>Gateway says hello</body></html>';
  const cases: Array<[string, string | undefined, Record<string, string>, number?]> = [
    ['invalid JSON', '{"cardNumber": "600', json],
    ['an HTML page', html, { 'content-type': 'text/html' }],
    ['an empty body', undefined, json, 200],
    ['an empty body (204)', undefined, {}, 204],
    ['plain text', 'OK', { 'content-type': 'text/plain' }],
  ];

  it.each(cases)(
    '%s where a balance, the cards, a sale or a pass link is due',
    async (_what, body, headers, status = 200) => {
      const { client, pool } = wallet();
      const reply = (p: string, method: string) =>
        pool.intercept({ path: p, method }).reply(status, body ?? '', { headers });
      reply(`/api/v1/card/${CARD1}/balance`, 'GET');
      reply('/api/v1/card', 'GET');
      reply('/api/v1/sale', 'POST');
      reply(`/api/v1/pass/walletB/${CARD1}`, 'PUT');
      reply('/api/v1/admin/login', 'POST');
      await expect(client.balance(guest, CARD1)).rejects.toBeInstanceOf(UnreadableAnswerError);
      await expect(client.cards(guest)).rejects.toBeInstanceOf(UnreadableAnswerError);
      await expect(
        client.sale(guest, { cardNumber: CARD1, productId: 'RL-10', paymentReference: 'p' }),
      ).rejects.toBeInstanceOf(UnreadableAnswerError);
      await expect(client.login('ava@example.com', 'Secret123')).rejects.toBeInstanceOf(UnreadableAnswerError);
      if (headers['content-type'] !== 'text/plain' || body === undefined) {
        await expect(client.pass(guest, 'walletB', CARD1)).rejects.toBeInstanceOf(UnreadableAnswerError);
      }
    },
  );

  it('a list where a record is due, a record where a list is due', async () => {
    const { client, pool } = wallet();
    pool
      .intercept({ path: `/api/v1/card/${CARD1}/balance`, method: 'GET' })
      .reply(200, [venue.balance], { headers: json });
    pool
      .intercept({ path: '/api/v1/card', method: 'GET' })
      .reply(200, { cardNumber: CARD1, status: 'activated' }, { headers: json });
    pool.intercept({ path: '/api/v1/sale', method: 'POST' }).reply(201, [venueSale], { headers: json });
    await expect(client.balance(guest, CARD1)).rejects.toThrow(/a list of 1 where a balance was due/);
    await expect(client.cards(guest)).rejects.toThrow(UnreadableAnswerError);
    await expect(client.sale(guest, { cardNumber: CARD1, productId: 'RL-10', paymentReference: 'p' })).rejects.toThrow(
      UnreadableAnswerError,
    );
  });

  it('wrong types and missing fields name what was looked for', async () => {
    const { client, pool } = wallet();
    const reply = (p: string, body: object) =>
      pool.intercept({ path: p, method: 'GET' }).reply(200, body, { headers: json });
    reply(`/api/v1/card/${CARD1}/balance`, { cardNumber: CARD1, playBalance: 'lots', unit: 'dollars' });
    reply(`/api/v1/card/${CARD1}/balance`, { cardNumber: CARD1, playBalance: 12, bonusBalance: 3 });
    reply(`/api/v1/card/${CARD1}/balance`, { cardNumber: CARD1, ticketBalance: 4 });
    reply('/api/v1/card', { items: [{ cardType: 'Standard', nickname: 'no number' }] });
    reply('/api/v1/card', { items: ['6001000000000000001'] });
    reply(`/api/v1/card/${CARD1}/activity`, {
      items: [{ activityId: 'A', occurredAt: '2026-01-01T00:00:00Z', playAmount: 3 }],
    });
    reply(`/api/v1/card/${CARD1}/activity`, { items: [{ activityId: 'A', kind: 'reload', playAmount: 3 }] });
    reply('/api/v1/quickreload', { items: [{ name: 'Ten', price: 10 }] });

    // A value of another type alone under a field's names is that field, unreadable: named with its value.
    await expect(client.balance(guest, CARD1)).rejects.toThrow(/balance playBalance "lots", which is not an amount/);
    await expect(client.balance(guest, CARD1)).rejects.toThrow(
      /play balance unit \(dollars or tokens\) \(looked for unit, currency/,
    );
    await expect(client.balance(guest, CARD1)).rejects.toThrow(/has no balance play balance \(looked for playBalance/);
    await expect(client.cards(guest)).rejects.toThrow(/has no card number \(looked for cardNumber, number/);
    await expect(client.cards(guest)).rejects.toThrow(/has text .* as item 1 of the card list/);
    await expect(client.activity(guest, CARD1)).rejects.toThrow(/activity entry kind \(looked for kind, type/);
    await expect(client.activity(guest, CARD1)).rejects.toThrow(
      /activity entry time \(looked for occurredAt, timestamp/,
    );
    await expect(client.products(guest)).rejects.toThrow(/reload product id/);
  });

  it('a sale answer with no sale id is unreadable; a product without a price cannot be sold', async () => {
    const { client, pool } = wallet();
    pool.intercept({ path: '/api/v1/sale', method: 'POST' }).reply(201, { status: 'ok' }, { headers: json });
    pool
      .intercept({ path: '/api/v1/quickreload', method: 'GET' })
      .reply(200, [{ id: 'RL-10', title: 'Ten' }], { headers: json });
    const error = await client
      .sale(guest, { cardNumber: CARD1, productId: 'RL-10', paymentReference: 'p' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnreadableAnswerError);
    expect(error).toBeInstanceOf(ServerError);
    expect((error as Error).message).toContain('has no sale id (looked for saleId, id');
    const [product] = await client.products(guest);
    expect(view(product)).toEqual({ productId: 'RL-10', name: 'Ten' });
    expect(() => needPrice(product!)).toThrow(/no price for reload product RL-10/);
  });

  it('a pass file is bytes of any binary type; an empty one is unreadable', async () => {
    const { client, pool } = wallet();
    const bytes = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x7b]);
    pool
      .intercept({ path: `/api/v1/pass/walletA/${CARD1}`, method: 'PUT' })
      .reply(200, bytes, { headers: { 'content-type': 'application/vnd.apple.pkpass' } });
    pool
      .intercept({ path: `/api/v1/pass/walletA/${CARD1}`, method: 'PUT' })
      .reply(200, '', { headers: { 'content-type': 'application/vnd.apple.pkpass' } });
    const pass = await client.pass(guest, 'walletA', CARD1);
    expect(pass).toMatchObject({ kind: 'file', contentType: 'application/vnd.apple.pkpass' });
    expect(pass.kind === 'file' && pass.bytes.equals(bytes)).toBe(true);
    await expect(client.pass(guest, 'walletA', CARD1)).rejects.toThrow(/an empty body where a wallet pass was due/);
  });

  it('a renewal answer without a token is unreadable, not a silent re-login', async () => {
    const { client, pool } = wallet();
    await client.sessions.save(
      'ava@example.com',
      `${Buffer.from('{}').toString('base64url')}.${Buffer.from(JSON.stringify({ exp: 1 })).toString('base64url')}.s`,
      REFRESH,
    );
    pool
      .intercept({ path: '/api/v1/admin/token', method: 'POST' })
      .reply(200, { data: { expiresIn: 300 } }, { headers: json });
    pool
      .intercept({ path: '/api/v1/admin/token', method: 'POST' })
      .reply(200, ACCESS, { headers: { 'content-type': 'text/plain' } });
    await expect(client.guestToken('ava@example.com').get()).rejects.toThrow(
      /token answer access token \(looked for accessToken/,
    );
    // A bare JWT as the whole body is the token itself.
    expect((await client.guestToken('ava@example.com').get()).token).toBe(ACCESS);
  });
});
