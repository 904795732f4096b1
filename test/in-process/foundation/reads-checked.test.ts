// Reads checked against what was asked, through the built binary against
// small scripted services that are not our sandbox: an answer about another
// card, product or day is exit 6 naming the field (nothing shown as if it were
// right); records with values that cannot be true are shown as sent, named
// on stderr, and exit 6; fields are read by type (a boolean `available`
// beside the count); statuses are the service's own words; zero is 0.

import fs from 'node:fs';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../../support/fake-service.js';
import { runVenue, tempDir, type RunResult } from '../../support/in-process.js';

const CARD = '6001000000000000001';
const OTHER_CARD = '6001000000000000009';
let wallet: FakeService;
let booking: FakeService;
let inventory: FakeService;
let configDir: string;
let env: Record<string, string>;
const venue = (args: string[], input?: string): Promise<RunResult> =>
  runVenue(['--profile', 'other', ...args], { env, input });

beforeAll(async () => {
  [wallet, booking, inventory] = await Promise.all([
    startFakeService({ tokenPath: '/api/v1/token' }),
    startFakeService({ tokenPath: '/api/v1/token' }),
    startFakeService({ tokenPath: '/auth/token' }),
  ]);
  configDir = tempDir();
  env = {
    VENUE_CONFIG_DIR: configDir,
    VENUE_RETRIES: '0',
    VENUE_WALLET_URL: wallet.url,
    VENUE_WALLET_CLIENT_SECRET: 'wallet-secret-0001',
    VENUE_BOOKING_URL: booking.url,
    VENUE_BOOKING_CLIENT_SECRET: 'booking-secret-0001',
    VENUE_INVENTORY_URL: inventory.url,
    VENUE_INVENTORY_API_KEY: 'key-AAAA-1111',
    VENUE_INVENTORY_API_SECRET: 'secret-BBBB-2222',
    VENUE_INVENTORY_WAREHOUSE_ID: '1',
  };
  const created = await venue(['config', 'init', '--wallet-environment', 'production']);
  expect(created.code, created.stderr).toBe(0);
  const token = await new SignJWT({ sub: 'guest' })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(new TextEncoder().encode('reads-checked-key-0123456789'));
  wallet.script('POST /api/v1/admin/login', { status: 200, body: { accessToken: token, refreshToken: token } });
  const login = await venue(['wallet', 'login', 'guest@example.com', '--password-stdin'], 'Guest1234\n');
  expect(login.code, login.stderr).toBe(0);
}, 60_000);

afterAll(async () => {
  await Promise.all([wallet?.close(), booking?.close(), inventory?.close()]);
  if (configDir) fs.rmSync(configDir, { recursive: true, force: true });
});

describe('an answer about something else than what was asked', () => {
  it('a balance of another card is exit 6 naming cardNumber, and nothing is shown', async () => {
    wallet.script(`GET /api/v1/card/${CARD}/balance`, {
      status: 200,
      body: { cardNumber: OTHER_CARD, playBalance: { amount: 5, unit: 'dollars' }, ticketBalance: 1 },
    });
    const r = await venue(['wallet', 'balance', CARD]);
    expect(r.code, r.stderr).toBe(6);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`gives cardNumber ${OTHER_CARD} where cardNumber ${CARD} was asked for`);
    const json = await venue(['wallet', 'balance', CARD, '-o', 'json']);
    expect(json.code).toBe(6);
    expect(json.stdout).toBe('');
  });

  it('a masked card number that ends like the card asked for is this card', async () => {
    wallet.script(`GET /api/v1/card/${CARD}/balance`, {
      status: 200,
      body: {
        cardNumber: '•••• •••• 0001',
        playBalance: { amount: 0, unit: 'dollars' },
        bonusBalance: { amount: 0, unit: 'dollars' },
        ticketBalance: 0,
      },
    });
    const r = await venue(['wallet', 'balance', CARD]);
    expect(r.code, r.stderr).toBe(0);
    // Zero is zero: $0.00 and 0, never a blank.
    expect(r.stdout).toMatch(/Play balance\s+\$0\.00/);
    expect(r.stdout).toMatch(/Bonus balance\s+\$0\.00/);
    expect(r.stdout).toMatch(/Tickets\s+0\b/);
  });

  it('activity entries of another card are exit 6', async () => {
    wallet.script(`GET /api/v1/card/${CARD}/activity`, {
      status: 200,
      body: [{ id: 'A1', cardNumber: OTHER_CARD, type: 'GAME_PLAY', timestamp: '2026-01-03T10:00:00Z', amount: -1 }],
    });
    const r = await venue(['wallet', 'activity', CARD]);
    expect(r.code, r.stderr).toBe(6);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('cardNumber');
  });

  it('a product with another id is exit 6 naming productId', async () => {
    inventory.script('GET /products/1001', { status: 200, body: { productId: 1002, productName: 'Cola' } });
    const r = await venue(['inventory', 'products', 'get', '1001']);
    expect(r.code, r.stderr).toBe(6);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('gives productId 1002 where productId 1001 was asked for');
  });

  it('sessions of another day are exit 6 naming date', async () => {
    booking.script('GET /api/v1/experiences/exp-1/sessions', {
      status: 200,
      body: [
        {
          slotId: 's-1',
          experienceId: 'exp-1',
          date: '2026-12-06',
          startTime: '2026-12-06T10:00:00Z',
          endTime: '2026-12-06T11:00:00Z',
          capacity: 10,
          remaining: 4,
        },
      ],
    });
    const r = await venue(['booking', 'sessions', 'exp-1', '--date', '2026-12-05']);
    expect(r.code, r.stderr).toBe(6);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('gives date 2026-12-06 where date 2026-12-05 was asked for');
  });
});

describe('values that cannot be true', () => {
  it('a session that ends before it starts is shown, named on stderr, and the command exits 6', async () => {
    booking.script('GET /api/v1/experiences/exp-1/sessions', {
      status: 200,
      body: [
        {
          slotId: 's-ok',
          experienceId: 'exp-1',
          date: '2026-12-05',
          startTime: '2026-12-05T10:00:00Z',
          endTime: '2026-12-05T11:00:00Z',
          capacity: 10,
          remaining: 4,
        },
        {
          slotId: 's-bad',
          experienceId: 'exp-1',
          date: '2026-12-05',
          startTime: '2026-12-05T12:00:00Z',
          endTime: '2026-12-05T11:30:00Z',
          capacity: 10,
          remaining: 4,
        },
        {
          slotId: 's-over',
          experienceId: 'exp-1',
          date: '2026-12-05',
          startTime: '2026-12-05T13:00:00Z',
          endTime: '2026-12-05T14:00:00Z',
          capacity: 10,
          remaining: 12,
        },
      ],
    });
    const r = await venue(['booking', 'sessions', 'exp-1', '--date', '2026-12-05', '-o', 'json']);
    expect(r.code, r.stderr).toBe(6);
    expect((JSON.parse(r.stdout) as unknown[]).length).toBe(3);
    expect(r.stderr).toContain('session s-bad ends (2026-12-05T11:30:00Z) before it starts (2026-12-05T12:00:00Z)');
    expect(r.stderr).toContain('session s-over has 12 places left of a capacity of 10');
    expect(r.stderr).not.toContain('s-ok');
  });

  it('stock below zero is shown and flagged (exit 6)', async () => {
    inventory.script('GET /stock-levels', {
      status: 200,
      body: {
        items: [
          { productId: 1001, warehouseId: 1, quantity: -3 },
          { productId: 1002, warehouseId: 1, quantity: 0 },
        ],
        page: 1,
        pageSize: 50,
        totalItems: 2,
        totalPages: 1,
      },
    });
    const r = await venue(['inventory', 'stock', 'levels']);
    expect(r.code, r.stderr).toBe(6);
    expect(r.stdout).toMatch(/1001\s.*-3/);
    expect(r.stderr).toContain('product 1001 in warehouse 1 has -3 on hand (below zero)');
    expect(r.stderr).not.toContain('product 1002');
  });

  it("stock below zero in a machine-format listing (each level read once, into venue's shape) is shown and flagged the same way", async () => {
    inventory.script('GET /stock-levels', {
      status: 200,
      body: {
        items: [
          { productId: 1001, warehouseId: 1, quantity: -3 },
          { productId: 1002, warehouseId: 1, quantity: 0 },
        ],
        page: 1,
        pageSize: 200,
        totalItems: 2,
        totalPages: 1,
      },
    });
    const r = await venue(['inventory', 'stock', 'levels', '--all', '-o', 'ndjson']);
    expect(r.code, r.stderr).toBe(6);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([
      { productId: 1001, warehouseId: 1, quantity: -3 },
      { productId: 1002, warehouseId: 1, quantity: 0 },
    ]);
    expect(r.stderr).toContain('product 1001 in warehouse 1 has -3 on hand (below zero)');
    expect(r.stderr).not.toContain('product 1002');
  });
});

describe('fields read by their type', () => {
  it('availability: a boolean `available` beside remainingCapacity gives the count', async () => {
    booking.script('GET /api/v1/experiences/exp-1/sessions/availability', {
      status: 200,
      body: [
        { date: '2026-12-05', available: true, remainingCapacity: 5, capacity: 20, sessions: 4 },
        { date: '2026-12-06', available: false, remainingCapacity: 0, capacity: 20, sessions: 4 },
      ],
    });
    const r = await venue(['booking', 'availability', 'exp-1', '--from', '2026-12-05', '--days', '2', '-o', 'csv']);
    expect(r.code, r.stderr).toBe(0);
    const table = await venue([
      'booking',
      'availability',
      'exp-1',
      '--from',
      '2026-12-05',
      '--days',
      '2',
      '-o',
      'table',
    ]);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/2026-12-05\s+4\s+20\s+5/);
    expect(table.stdout).toMatch(/2026-12-06\s+4\s+20\s+0/);
  });

  it('containers: the units under defaultQuantity, past a unit word', async () => {
    inventory.script('GET /containers', {
      status: 200,
      body: [{ containerId: 2, name: 'Carton', units: 'each', defaultQuantity: 24 }],
    });
    const r = await venue(['inventory', 'containers']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/2\s+Carton\s+24/);
  });
});

describe("the service's own words, and zero is zero", () => {
  it('a card status "active" is shown as "active"; ACTIVATED as venue spells it', async () => {
    wallet.script('GET /api/v1/card', {
      status: 200,
      body: [
        { cardNumber: CARD, cardType: 'Standard', status: 'active', playUnit: 'dollars' },
        { cardNumber: OTHER_CARD, cardType: 'Standard', status: 'ACTIVATED', playUnit: 'dollars' },
      ],
    });
    const r = await venue(['wallet', 'cards']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`${CARD}\\s+Standard\\s+active\\b`));
    expect(r.stdout).toMatch(new RegExp(`${OTHER_CARD}\\s+Standard\\s+activated\\b`));
  });

  it('activity: zero amounts and tickets are 0, not blank', async () => {
    wallet.script(`GET /api/v1/card/${CARD}/activity`, {
      status: 200,
      body: [
        {
          activityId: 'A1',
          kind: 'reload',
          occurredAt: '2026-01-04T10:00:00Z',
          description: 'Reload',
          playAmount: 10,
          bonusAmount: 0,
          tickets: 0,
          unit: 'dollars',
        },
      ],
    });
    const r = await venue(['wallet', 'activity', CARD]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/Reload\s+Reload\s+\+\$10\.00\s+\$0\.00\s+0\s*$/m);
  });

  it('a reload at a tokens location says tokens, never "$10.00 play"; the sale says what it credited', async () => {
    wallet.script('GET /api/v1/card', {
      status: 200,
      body: [{ cardNumber: CARD, cardType: 'Premium', status: 'activated', playUnit: 'tokens' }],
    });
    wallet.script('GET /api/v1/quickreload', {
      status: 200,
      body: [{ productId: 'RL-10', name: 'Ten', price: 10, playValue: 10, bonusValue: 0 }],
    });
    const dry = await venue([
      'wallet',
      'reload',
      CARD,
      '--product',
      'RL-10',
      '--payment-ref',
      'pay-tokens-1',
      '--dry-run',
    ]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stderr).toContain('credited in tokens');
    expect(dry.stderr).not.toContain('$10.00 play');
    wallet.script('POST /api/v1/sale', {
      status: 201,
      body: {
        saleId: 'SALE-7',
        credited: { play: { amount: 40, unit: 'tokens' }, bonus: { amount: 0, unit: 'tokens' } },
      },
    });
    wallet.script(`GET /api/v1/card/${CARD}/balance`, {
      status: 200,
      body: {
        cardNumber: CARD,
        playBalance: { amount: 40, unit: 'tokens' },
        bonusBalance: { amount: 0, unit: 'tokens' },
        ticketBalance: 0,
      },
    });
    const r = await venue(['wallet', 'reload', CARD, '--product', 'RL-10', '--payment-ref', 'pay-tokens-1', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(
      'Recorded sale SALE-7 for payment ref pay-tokens-1: credited 40 tokens play + 0 tokens bonus.',
    );
    expect(r.stdout).toMatch(/Play balance after\s+40 tokens/);
  });

  it('order pay: the order\'s status from a sale answer that gives it (no order lookup on this server), never "unknown"', async () => {
    booking.script('POST /api/v1/sale', {
      status: 201,
      body: {
        saleId: 'sale-5',
        orderId: 'ord-5',
        status: 'confirmed',
        amount: 30,
        paymentReference: 'PSP-5',
        recordedAt: '2026-12-05T10:00:00Z',
        reservationIds: ['res-5'],
      },
    });
    const r = await venue(['booking', 'order', 'pay', '--yes', 'ord-5', '--amount', '30', '--payment-ref', 'PSP-5']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Payment PSP-5 recorded as sale sale-5: order ord-5 is confirmed.');
    expect(r.stdout).not.toMatch(/unknown/);
    expect(r.stdout).toContain('res-5');
    // venue's own contract: the sale answer's status is the order's; with no reservations listed, it says so.
    booking.script('POST /api/v1/sale', {
      status: 201,
      body: {
        saleId: 'sale-6',
        orderId: 'ord-6',
        status: 'confirmed',
        amount: 30,
        paymentReference: 'PSP-6',
        recordedAt: '2026-12-05T10:00:00Z',
      },
    });
    const bare = await venue(['booking', 'order', 'pay', '--yes', 'ord-6', '--amount', '30', '--payment-ref', 'PSP-6']);
    expect(bare.code, bare.stderr).toBe(0);
    expect(bare.stderr).toContain('order ord-6 is confirmed.');
    expect(bare.stderr).toContain("does not list the order's reservations");
    expect(bare.stderr).not.toMatch(/unknown/);
  });
});
