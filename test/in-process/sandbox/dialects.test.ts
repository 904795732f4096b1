// The sandbox in each dialect (docs/sandbox-dialects.md), over real HTTP and
// without the CLI: token answers, lists and their paging, records, error
// bodies, pascal's case-insensitive request binding, the sale/order status
// split and the per-reservation report. The control API never changes.

import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxDemoSecrets } from '../../../src/lib/sandbox-address.js';
import { runVenue, startSandbox, tempDir, type SandboxHandle } from '../../support/in-process.js';
import { freePort } from '../../support/free-port.js';

type Body = any;

interface Answer {
  status: number;
  headers: Headers;
  body: Body;
}

async function call(
  origin: string,
  method: string,
  url: string,
  options: { body?: unknown; token?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${origin}${url}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

const walletSecret = { clientSecret: sandboxDemoSecrets['wallet.clientSecret'] };
const bookingSecret = { clientSecret: sandboxDemoSecrets['booking.clientSecret'] };
const inventoryKeys = {
  apiKey: sandboxDemoSecrets['inventory.apiKey'],
  apiSecret: sandboxDemoSecrets['inventory.apiSecret'],
};
const JWT = /^[\w-]+\.[\w-]+\.[\w-]+$/;

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** What differs between dialects: where each thing is in an answer. */
interface Reading {
  walletAdminToken(body: Body): unknown;
  guestTokens(body: Body): [unknown, unknown];
  bookingToken(body: Body): unknown;
  inventoryToken(body: Body): unknown;
  /** The records of a list answer. */
  items(answer: Answer): Body[];
  /** A record answer's record. */
  record(body: Body): Body;
  errorCode(answer: Answer): unknown;
  /** [field, rule] of each error detail. */
  errorDetails(answer: Answer): Array<[string, string]>;
  /** Field names as the dialect spells them. */
  names: {
    cardNumber: string;
    nickname: string;
    productId: string;
    productName: string;
    slotId: string;
    reservationId: string;
    orderId: string;
    status: string;
  };
}

/** venue's own shapes; the decoy dialect keeps them, with its fields under other names. */
const venueReading: Reading = {
  walletAdminToken: (b) => b.accessToken,
  guestTokens: (b) => [b.accessToken, b.refreshToken],
  bookingToken: (b) => b.accessToken,
  inventoryToken: (b) => b.token,
  items: (a) => a.body.items,
  record: (b) => b,
  errorCode: (a) => a.body.error.code,
  errorDetails: (a) => (a.body.error.details ?? []).map((d: Body) => [d.field, d.rule]),
  names: {
    cardNumber: 'cardNumber',
    nickname: 'nickname',
    productId: 'productId',
    productName: 'productName',
    slotId: 'slotId',
    reservationId: 'reservationId',
    orderId: 'orderId',
    status: 'status',
  },
};

const readings: Record<string, Reading> = {
  venue: venueReading,
  pascal: {
    walletAdminToken: (b) => b.AccessToken,
    guestTokens: (b) => [b.AccessToken, b.RefreshToken],
    bookingToken: (b) => b.AccessToken,
    inventoryToken: (b) => b.AccessToken,
    items: (a) => a.body.Items,
    record: (b) => b,
    errorCode: (a) => a.body.code,
    errorDetails: (a) =>
      Object.entries((a.body.errors ?? {}) as Record<string, string[]>).flatMap(([field, rules]) =>
        rules.map((rule): [string, string] => [field, rule]),
      ),
    names: {
      cardNumber: 'CardNumber',
      nickname: 'Nickname',
      productId: 'ProductId',
      productName: 'ProductName',
      slotId: 'SlotId',
      reservationId: 'ReservationId',
      orderId: 'OrderId',
      status: 'Status',
    },
  },
  envelope: {
    walletAdminToken: (b) => b.data.accessToken,
    guestTokens: (b) => [b.data.accessToken, b.data.refreshToken],
    bookingToken: (b) => b.data.token,
    inventoryToken: (b) => b.data.accessToken,
    items: (a) => a.body.data,
    record: (b) => b.data,
    errorCode: (a) => a.body.error.code,
    errorDetails: (a) => (a.body.error.details ?? []).map((d: Body) => [d.field, d.message]),
    names: {
      cardNumber: 'cardNumber',
      nickname: 'nickname',
      productId: 'productId',
      productName: 'productName',
      slotId: 'slotId',
      reservationId: 'reservationId',
      orderId: 'orderId',
      status: 'status',
    },
  },
  plain: {
    walletAdminToken: (b) => b.access_token,
    guestTokens: (b) => [b.access_token, b.refresh_token],
    bookingToken: (b) => b.access_token,
    inventoryToken: (b) => b.jwt,
    items: (a) => a.body,
    record: (b) => b,
    errorCode: (a) => a.body.code,
    errorDetails: (a) => (a.body.errors ?? []).map((d: Body) => [d.field, d.message]),
    names: {
      cardNumber: 'cardNumber',
      nickname: 'cardNickname',
      productId: 'id',
      productName: 'name',
      slotId: 'sessionId',
      reservationId: 'id',
      orderId: 'id',
      status: 'status',
    },
  },
  // venue's records in HAL collections: the one array under _embedded (named by the route), vnd.error errors.
  hal: {
    ...venueReading,
    items: (a) => (Object.values(a.body._embedded ?? {})[0] as Body[] | undefined) ?? [],
    record: (b) => b,
    errorCode: (a) => a.body.code,
    errorDetails: (a) => (a.body._embedded?.errors ?? []).map((d: Body) => [d.path, d.message]),
  },
  // venue's shapes, with real fields moved under other names and decoys of the wrong type in their place.
  decoy: {
    ...venueReading,
    names: {
      cardNumber: 'cardNo',
      nickname: 'nickname',
      productId: 'id',
      productName: 'productName',
      slotId: 'slotId',
      reservationId: 'reservationId',
      orderId: 'orderId',
      status: 'status',
    },
  },
};

const expectedCodes: Record<string, { invalidCredentials: string; validation: string; cardNotActivated: string }> = {
  venue: {
    invalidCredentials: 'invalid_credentials',
    validation: 'validation_failed',
    cardNotActivated: 'card_not_activated',
  },
  pascal: {
    invalidCredentials: 'InvalidCredentials',
    validation: 'ValidationFailed',
    cardNotActivated: 'CardNotActivated',
  },
  envelope: {
    invalidCredentials: 'INVALID_CREDENTIALS',
    validation: 'VALIDATION_FAILED',
    cardNotActivated: 'CARD_NOT_ACTIVATED',
  },
  plain: {
    invalidCredentials: 'invalidCredentials',
    validation: 'validationFailed',
    cardNotActivated: 'cardNotActivated',
  },
};
expectedCodes.decoy = expectedCodes.venue!;
expectedCodes.hal = expectedCodes.venue!;

describe.each(Object.keys(readings))('the %s dialect', (dialect) => {
  const read = readings[dialect]!;
  const n = read.names;
  let sb: SandboxHandle;
  const tokens: { admin?: string; guest?: string; booking?: string; inventory?: string } = {};
  const http = (method: string, url: string, options?: { body?: unknown; token?: string }) =>
    call(sb.origin, method, url, options);

  beforeAll(async () => {
    sb = await startSandbox(['--dialect', dialect]);
  }, 30_000);
  afterAll(async () => sb?.stop());

  it('says its dialect in the control API, which keeps venue’s shapes', async () => {
    const health = await http('GET', '/_sandbox/health');
    expect(health.body).toMatchObject({ ok: true, dialect });
    const outbox = await http('GET', '/_sandbox/outbox');
    expect(outbox.body).toEqual({ items: expect.any(Array) });
    const status = await sb.run(['sandbox', 'status', '-o', 'json']);
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ running: true, dialect });
  });

  it('answers the token exchanges in its own fields', async () => {
    const admin = await http('POST', '/wallet/api/v1/token', { body: walletSecret });
    expect(admin.status).toBe(200);
    tokens.admin = read.walletAdminToken(admin.body) as string;
    expect(tokens.admin).toMatch(JWT);

    const login = await http('POST', '/wallet/api/v1/admin/login', {
      body: { username: 'ava@example.com', password: 'Sandbox123' },
      token: tokens.admin,
    });
    expect(login.status).toBe(200);
    const [guest, refresh] = read.guestTokens(login.body);
    expect(guest).toMatch(JWT);
    expect(refresh).toMatch(JWT);
    tokens.guest = guest as string;

    const booking = await http('POST', '/booking/api/v1/token', { body: bookingSecret });
    tokens.booking = read.bookingToken(booking.body) as string;
    expect(tokens.booking).toMatch(JWT);

    const inventory = await http('POST', '/inventory/auth/token', { body: inventoryKeys });
    tokens.inventory = read.inventoryToken(inventory.body) as string;
    expect(tokens.inventory).toMatch(JWT);
    if (dialect === 'pascal')
      expect(inventory.body).toEqual({ AccessToken: tokens.inventory, ExpiresIn: expect.any(Number) });
    if (dialect === 'plain') expect(inventory.body).toEqual({ jwt: tokens.inventory });
  });

  it('lists wallet cards and booking locations', async () => {
    const cards = await http('GET', '/wallet/api/v1/card', { token: tokens.guest });
    expect(cards.status).toBe(200);
    const items = read.items(cards);
    expect(items.map((c) => c[n.cardNumber])).toEqual(['6001000000000000001', '6001000000000000002']);
    expect(items[0][n.nickname]).toBe('Ava main');

    const locations = read.items(await http('GET', '/booking/api/v1/locations', { token: tokens.booking }));
    expect(locations).toHaveLength(3);
    const first = locations[0];
    const id = { venue: 'id', pascal: 'Id', envelope: 'id', plain: 'locationId', decoy: 'id', hal: 'id' }[dialect]!;
    expect(first[id]).toBe('loc-riverside');
    if (dialect === 'plain') expect(first).toMatchObject({ address: '12 River Road', timezone: 'UTC', country: 'US' });
  });

  it('pages inventory products in its own way', async () => {
    const page1 = await http('GET', '/inventory/products?page=1&pageSize=5', { token: tokens.inventory });
    const page2 = await http('GET', '/inventory/products?page=2&pageSize=5', { token: tokens.inventory });
    expect(read.items(page1).map((p) => p[n.productId])).toEqual([1001, 1002, 1003, 1004, 1005]);
    expect(read.items(page2).map((p) => p[n.productId])).toEqual([1006, 1007, 1008, 1009, 1010]);
    switch (dialect) {
      case 'venue':
        expect(page1.body).toMatchObject({ page: 1, pageSize: 5, totalItems: 40, totalPages: 8 });
        break;
      case 'pascal':
        expect(page2.body).toMatchObject({ Page: 2, PageSize: 5, TotalCount: 40, TotalPages: 8 });
        break;
      case 'envelope':
        expect(page1.body.meta).toEqual({ page: 1, pageSize: 5, total: 40, totalPages: 8, hasMore: true });
        break;
      case 'plain': {
        expect(page1.headers.get('x-total-count')).toBe('40');
        const next = /<([^>]+)>;\s*rel="next"/.exec(page1.headers.get('link') ?? '');
        expect(next).not.toBeNull();
        const url = new URL(next![1]!);
        expect(url.searchParams.get('page')).toBe('2');
        expect(url.searchParams.get('pageSize')).toBe('5');
        const last = await http('GET', '/inventory/products?page=8&pageSize=5', { token: tokens.inventory });
        expect(last.headers.get('link')).toBeNull();
        break;
      }
      case 'hal': {
        expect(page2.headers.get('content-type')).toMatch(/^application\/hal\+json/);
        expect(page2.headers.get('x-total-count')).toBe('40');
        expect(Object.keys(page2.body._embedded)).toEqual(['products']);
        // Spring's page object: the page number counts from 0, whatever the page parameter counts from.
        expect(page2.body.page).toEqual({ size: 5, totalElements: 40, totalPages: 8, number: 1 });
        const hrefs = Object.fromEntries(
          Object.entries(page2.body._links as Record<string, { href: string }>).map(([rel, l]) => [
            rel,
            new URL(l.href).searchParams.get('page'),
          ]),
        );
        expect(hrefs).toEqual({ self: '2', first: '1', prev: '1', next: '3', last: '8' });
        expect(page2.headers.get('link')).toMatch(/<[^>]+page=3[^>]*>; rel="next"/);
        expect(read.items(page2)[0]._links.self.href).toMatch(/\/inventory\/products\/1006$/);
        break;
      }
    }
  });

  it('answers a record in its own names and enumeration casing', async () => {
    const product = read.record((await http('GET', '/inventory/products/1001', { token: tokens.inventory })).body);
    expect(product[n.productId]).toBe(1001);
    expect(product[n.productName]).toBe('Gummy Bears 100g');

    const activity = read.items(
      await http('GET', '/wallet/api/v1/card/6001000000000000001/activity', { token: tokens.guest }),
    );
    const kinds = activity.map((a) => (dialect === 'decoy' ? a.transactionType : (a.kind ?? a.Kind ?? a.type)));
    const gamePlay = {
      venue: 'game-play',
      pascal: 'GamePlay',
      envelope: 'game_play',
      plain: 'GAME_PLAY',
      decoy: 'game-play',
      hal: 'game-play',
    }[dialect];
    expect(kinds).toContain(gamePlay);
    // A numeric code where the kind was, beside the word.
    if (dialect === 'decoy') expect(activity.every((a) => typeof a.kind === 'number')).toBe(true);

    const balance = read.record(
      (await http('GET', '/wallet/api/v1/card/6001000000000000002/balance', { token: tokens.guest })).body,
    );
    if (dialect === 'plain')
      expect(balance).toMatchObject({ playBalance: 120, bonusBalance: 20, balanceUnit: 'TOKENS' });
    else if (dialect === 'pascal') expect(balance.PlayBalance).toEqual({ Amount: 120, Unit: 'Tokens' });
    else if (dialect === 'decoy')
      expect(balance).toMatchObject({
        play: true,
        gameBalance: { amount: '120 tokens', value: 120, unit: 'tokens' },
        tickets: [],
        ticketCount: 55,
      });
    else expect(balance.playBalance).toEqual({ amount: 120, unit: 'tokens' });
  });

  it('answers errors in its own body, codes in its own casing', async () => {
    const wrong = await http('POST', '/wallet/api/v1/admin/login', {
      body: { username: 'ava@example.com', password: 'Wrong1234' },
      token: tokens.admin,
    });
    expect(wrong.status).toBe(401);
    expect(read.errorCode(wrong)).toBe(expectedCodes[dialect]!.invalidCredentials);

    const invalid = await http('POST', '/inventory/stock-adjustments', {
      body: { warehouseId: 1, productId: 1001, userId: 1 },
      token: tokens.inventory,
    });
    expect(invalid.status).toBe(400);
    expect(read.errorCode(invalid)).toBe(expectedCodes[dialect]!.validation);
    const fields = read.errorDetails(invalid).map(([field]) => field);
    expect(fields).toEqual(
      expect.arrayContaining(
        dialect === 'pascal' ? ['AdjustmentQuantity', 'Comment'] : ['adjustmentQuantity', 'comment'],
      ),
    );
    expect(read.errorDetails(invalid).every(([, rule]) => typeof rule === 'string' && rule.length > 0)).toBe(true);

    const notActivated = await http('POST', '/wallet/api/v1/admin/signup', {
      body: {
        username: `new-${dialect}@example.com`,
        password: 'Sandbox123',
        firstName: 'N',
        lastName: 'E',
        cardBarcode: '1000000005',
        cardCvv: '555',
        cardNickname: 'x',
      },
      token: tokens.admin,
    });
    expect(notActivated.status).toBe(422);
    expect(read.errorCode(notActivated)).toBe(expectedCodes[dialect]!.cardNotActivated);

    const missing = await http('GET', '/inventory/no-such-thing');
    expect(missing.status).toBe(404);
    // Refused by fastify before any hook runs, and still in the dialect's shape.
    const undecodable = await http('GET', '/inventory/%E0%A4%A');
    expect(undecodable.status).toBe(400);
    expect(read.errorCode(undecodable)).toBe(
      {
        venue: 'malformed_request',
        pascal: 'MalformedRequest',
        envelope: 'MALFORMED_REQUEST',
        plain: 'malformedRequest',
        decoy: 'malformed_request',
        hal: 'malformed_request',
      }[dialect],
    );
    if (dialect === 'pascal') {
      expect(invalid.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(invalid.body).toMatchObject({
        type: expect.stringMatching(/^https:/),
        title: expect.any(String),
        status: 400,
        detail: expect.any(String),
      });
      expect(missing.body).toMatchObject({ status: 404, code: 'NotFound' });
    } else if (dialect === 'hal') {
      expect(invalid.headers.get('content-type')).toMatch(/^application\/vnd\.error\+json/);
      expect(invalid.body).toMatchObject({ path: '/inventory/stock-adjustments', logref: expect.any(String) });
    } else {
      expect(invalid.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });

  it('books, pays and reports, keeping the sale’s status apart from the order’s', async () => {
    const sessions = read.items(
      await http('GET', `/booking/api/v1/experiences/exp-laser-tag/sessions?forDate=${tomorrow()}`, {
        token: tokens.booking,
      }),
    );
    const [first, second] = sessions;
    const reserve = async (slot: Body) =>
      read.record(
        (
          await http('POST', '/booking/api/v1/orders/reservations/reserve', {
            body: { experienceId: 'exp-laser-tag', slotId: slot[n.slotId], quantity: 2 },
            token: tokens.booking,
          })
        ).body,
      );
    const pay = async (slot: Body, reference: string) => {
      const reservation = await reserve(slot);
      const order = read.record(
        (
          await http('POST', '/booking/api/v1/orders/initiate', {
            body: {
              reservationIds: [reservation[n.reservationId]],
              guest: { firstName: 'Ada', lastName: 'L', email: 'ada@example.com' },
            },
            token: tokens.booking,
          })
        ).body,
      );
      const orderId = order[n.orderId];
      const sale = await http('POST', '/booking/api/v1/sale', {
        body: { orderId, amount: 30, paymentReference: reference },
        token: tokens.booking,
      });
      expect(sale.status).toBe(201);
      return { orderId, sale: read.record(sale.body) };
    };
    const kept = await pay(first, `PSP-${dialect}-1`);
    const cancelled = await pay(second, `PSP-${dialect}-2`);
    expect(
      (await http('POST', `/booking/api/v1/orders/${cancelled.orderId}/cancel`, { token: tokens.booking })).status,
    ).toBe(200);

    const confirmed = { venue: 'confirmed', pascal: 'Confirmed', envelope: 'confirmed', plain: 'CONFIRMED' }[dialect];
    const completed = { pascal: 'Completed', envelope: 'completed', plain: 'COMPLETED' }[dialect];
    if (dialect === 'venue' || dialect === 'hal') {
      expect(kept.sale).toMatchObject({ status: 'confirmed', order: { status: 'confirmed' } });
    } else if (dialect === 'decoy') {
      // The order's status moved beside a numeric decoy; the sale answer's own is venue's.
      expect(kept.sale).toMatchObject({ status: 'confirmed', order: { status: 200, orderStatus: 'confirmed' } });
    } else if (dialect === 'envelope') {
      // The order itself, its sale inside with the sale's own status.
      expect(kept.sale).toMatchObject({ orderId: kept.orderId, status: confirmed, sale: { status: completed } });
    } else {
      const order = kept.sale.Order ?? kept.sale.order;
      expect(kept.sale[n.status]).toBe(completed);
      expect(order[n.status]).toBe(confirmed);
      expect((order.Sale ?? order.sale)[n.status]).toBe(completed);
    }

    const report = await http('GET', '/booking/api/v1/reports', { token: tokens.booking });
    expect(report.status).toBe(200);
    const rows = read.items(report);
    if (dialect === 'pascal' || dialect === 'plain') {
      // One row per reservation, the cancelled order's included with its status.
      const pascal = dialect === 'pascal';
      const orderOf = (row: Body) => (pascal ? row.OrderId : row.orderId);
      expect(rows.map(orderOf).sort()).toEqual([kept.orderId, cancelled.orderId].sort());
      const byOrder = new Map(rows.map((row) => [orderOf(row), row]));
      expect(byOrder.get(kept.orderId)).toMatchObject(
        pascal
          ? { Status: 'Confirmed', Amount: 30, Quantity: 2, ExperienceId: 'exp-laser-tag' }
          : { status: 'CONFIRMED', amount: 30, quantity: 2 },
      );
      expect(byOrder.get(cancelled.orderId)).toMatchObject(pascal ? { Status: 'Cancelled' } : { status: 'CANCELLED' });
      expect(
        Object.keys(byOrder.get(kept.orderId))
          .map((k) => k.toLowerCase())
          .sort(),
      ).toEqual(['amount', 'date', 'experienceid', 'experiencename', 'orderid', 'quantity', 'reservationid', 'status']);
    } else if (dialect === 'decoy') {
      expect(rows).toEqual([
        expect.objectContaining({
          experienceId: 'exp-laser-tag',
          orders: [],
          orderCount: 1,
          quantity: 2,
          revenue: '$30.00',
          gross: 30,
        }),
      ]);
    } else {
      // Pre-aggregated: the cancelled order is not revenue.
      expect(rows).toEqual([
        expect.objectContaining({ experienceId: 'exp-laser-tag', orders: 1, quantity: 2, revenue: 30 }),
      ]);
    }
  });

  it.runIf(dialect === 'pascal')('binds PascalCase and odd-cased request names', async () => {
    const inventory = await http('POST', '/inventory/auth/token', {
      body: { ApiKey: inventoryKeys.apiKey, APISECRET: inventoryKeys.apiSecret },
    });
    expect(inventory.status).toBe(200);
    const login = await http('POST', '/wallet/api/v1/admin/login', {
      body: { Username: 'ava@example.com', Password: 'Sandbox123' },
      token: tokens.admin,
    });
    expect(login.status).toBe(200);
    const page = await http('GET', '/inventory/products?Page=2&PageSize=3', { token: tokens.inventory });
    expect(page.body).toMatchObject({ Page: 2, PageSize: 3 });
    expect(page.body.Items.map((p: Body) => p.ProductId)).toEqual([1004, 1005, 1006]);
    const adjusted = await http('POST', '/inventory/stock-adjustments', {
      body: { WarehouseId: 1, ProductId: 1001, AdjustmentQuantity: 1, UserId: 1, Comment: 'found one' },
      token: tokens.inventory,
    });
    expect(adjusted.status).toBe(201);
    expect(adjusted.body).toMatchObject({ ProductId: 1001, AdjustmentQuantity: 1 });
  });
});

describe('choosing a dialect', () => {
  it('refuses an unknown one as a usage error, before starting anything', async () => {
    const configDir = tempDir();
    try {
      const result = await runVenue(['sandbox', 'serve', '--port', '0', '--dialect', 'klingon'], {
        env: { VENUE_CONFIG_DIR: configDir },
      });
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/--dialect must be one of venue, pascal, envelope, plain, decoy, hal/);
      const started = await runVenue(['sandbox', 'start', '--dialect', 'klingon'], {
        env: { VENUE_CONFIG_DIR: configDir, VENUE_SANDBOX_PORT: '1' },
      });
      expect(started.code).toBe(2);
    } finally {
      fs.rmSync(configDir, { recursive: true, force: true });
    }
  });

  it('start runs it in the background in the dialect asked, and will not change the dialect of one running', async () => {
    const configDir = tempDir();
    const env = { VENUE_CONFIG_DIR: configDir, VENUE_SANDBOX_PORT: String(await freePort()) };
    try {
      const started = await runVenue(['sandbox', 'start', '--dialect', 'plain', '-o', 'json'], { env });
      expect(started.code, started.stderr).toBe(0);
      expect(JSON.parse(started.stdout)).toMatchObject({ running: true, started: true, dialect: 'plain' });
      const status = await runVenue(['sandbox', 'status', '-o', 'json'], { env });
      expect(JSON.parse(status.stdout)).toMatchObject({ running: true, dialect: 'plain' });
      const other = await runVenue(['sandbox', 'start', '--dialect', 'pascal'], { env });
      expect(other.code).toBe(2);
      expect(other.stderr).toMatch(/already running with the plain dialect/);
      expect((await runVenue(['sandbox', 'start', '--dialect', 'plain'], { env })).code).toBe(0);
      // Stopped means the process is gone (its state written), not only its port closed: the folder can go at once.
      const { pid } = JSON.parse(status.stdout) as { pid: number };
      expect((await runVenue(['sandbox', 'stop'], { env })).code).toBe(0);
      expect(() => process.kill(pid, 0)).toThrow();
    } finally {
      await runVenue(['sandbox', 'stop'], { env });
      fs.rmSync(configDir, { recursive: true, force: true });
    }
  }, 30_000);
});
