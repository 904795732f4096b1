// The wallet commands against a service that is not our sandbox: a faithful
// server with its own words (bare arrays, synonyms, UPPER_SNAKE units) reads
// to the same tables, machine formats print its records as sent, and what a
// command needs but cannot find is exit 6, never a blank or a default.

import fs from 'node:fs';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from '../../support/fake-service.js';
import { runVenue, tempDir, type RunResult } from '../../support/in-process.js';

const CARD = '6001000000000000001';
let service: FakeService;
let configDir: string;
let env: Record<string, string>;
const venue = (args: string[], input?: string): Promise<RunResult> =>
  runVenue(['--profile', 'other', ...args], { env, input });

beforeAll(async () => {
  service = await startFakeService({ tokenPath: '/api/v1/token' });
  configDir = tempDir();
  env = {
    VENUE_CONFIG_DIR: configDir,
    VENUE_WALLET_URL: service.url,
    VENUE_WALLET_CLIENT_SECRET: 'wallet-secret-0001',
    VENUE_RETRIES: '0',
  };
  const created = await venue(['config', 'init', '--wallet-environment', 'production']);
  expect(created.code, created.stderr).toBe(0);
  // Login answers OAuth-style names.
  const token = await new SignJWT({ sub: 'guest' })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(new TextEncoder().encode('other-servers-key-0123456789'));
  service.script('POST /api/v1/admin/login', {
    status: 200,
    body: { access_token: token, refresh_token: token, token_type: 'bearer' },
  });
  const login = await venue(['wallet', 'login', 'guest@example.com', '--password-stdin'], 'Guest1234\n');
  expect(login.code, login.stderr).toBe(0);
});

afterAll(async () => {
  await service?.close();
  if (configDir) fs.rmSync(configDir, { recursive: true, force: true });
});

const plainBalance = {
  cardNumber: CARD,
  playBalance: '22.50',
  bonusBalance: 5,
  balanceUnit: 'USD',
  lastUpdated: '2026-01-02T00:00:00Z',
};

describe('a faithful server with other words', () => {
  it('balance: amounts in the unit the service names; a ticket balance it does not send is left out, not 0', async () => {
    service.script(`GET /api/v1/card/${CARD}/balance`, { status: 200, body: plainBalance });
    const table = await venue(['wallet', 'balance', CARD, '-o', 'table']);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toContain('$22.50');
    expect(table.stdout).toContain('$5.00');
    expect(table.stdout).not.toMatch(/Tickets/);
    // -o json in venue's names, values read through their types; --raw is the service's record as sent.
    const json = await venue(['wallet', 'balance', CARD, '--json']);
    expect(JSON.parse(json.stdout)).toEqual({
      cardNumber: CARD,
      playBalance: 22.5,
      bonusBalance: 5,
      unit: 'dollars',
      lastSyncedAt: '2026-01-02T00:00:00Z',
    });
    const raw = await venue(['wallet', 'balance', CARD, '--json', '--raw']);
    expect(JSON.parse(raw.stdout)).toEqual(plainBalance);
  });

  it('balance without any unit is exit 6 naming what was looked for, never "dollars"', async () => {
    service.script(`GET /api/v1/card/${CARD}/balance`, {
      status: 200,
      body: { cardNumber: CARD, playBalance: 22.5, ticketBalance: 3 },
    });
    const r = await venue(['wallet', 'balance', CARD]);
    expect(r.code, r.stderr).toBe(6);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/wallet service's answer to "read the card balance" has no balance play balance unit/);
  });

  it("activity: UPPER_SNAKE kinds filter like venue's; amounts without a unit print as bare numbers", async () => {
    const entries = [
      { id: 'A1', type: 'GAME_PLAY', timestamp: '2026-01-03T10:00:00Z', description: 'Racer', amount: -4 },
      {
        id: 'A2',
        type: 'RELOAD',
        timestamp: '2026-01-04T10:00:00Z',
        description: 'Reload',
        amount: 10,
        paymentRef: 'pay-9',
      },
    ];
    service.script(`GET /api/v1/card/${CARD}/activity`, { status: 200, body: entries });
    const table = await venue(['wallet', 'activity', CARD, '--kind', 'game-play', '-o', 'table']);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toContain('Game play');
    expect(table.stdout).toMatch(/\s-4\s/);
    expect(table.stdout).not.toContain('$');
    const json = await venue(['wallet', 'activity', CARD, '--json']);
    expect(JSON.parse(json.stdout)).toEqual([
      {
        activityId: 'A2',
        kind: 'reload',
        occurredAt: '2026-01-04T10:00:00Z',
        description: 'Reload',
        playAmount: 10,
        paymentReference: 'pay-9',
      },
      { activityId: 'A1', kind: 'game-play', occurredAt: '2026-01-03T10:00:00Z', description: 'Racer', playAmount: -4 },
    ]);
    const raw = await venue(['wallet', 'activity', CARD, '--json', '--raw']);
    expect(JSON.parse(raw.stdout)).toEqual([entries[1], entries[0]]);
  });

  it('reload: a 2xx sale answer without a sale id is exit 6 saying the sale was accepted and what to check', async () => {
    service.script('GET /api/v1/quickreload', {
      status: 200,
      body: [{ id: 'RL-10', title: 'Ten', price: '10.00', value: 10 }],
    });
    service.script('POST /api/v1/sale', { status: 201, body: { status: 'OK' } });
    const r = await venue(['wallet', 'reload', CARD, '--product', 'RL-10', '--payment-ref', 'pay-unread', '--yes']);
    expect(r.code, r.stderr).toBe(6);
    expect(r.stderr).toContain('the wallet accepted the reload sale for payment ref pay-unread');
    expect(r.stderr).toContain('has no sale id');
    expect(r.stderr).toMatch(new RegExp(`\`venue (--profile \\S+ )?wallet activity ${CARD} --kind reload\``));
    const sent = service.seen.filter((s) => s.path === '/api/v1/sale');
    expect(JSON.parse(sent.at(-1)!.body)).toMatchObject({
      productId: 'RL-10',
      amount: 10,
      paymentReference: 'pay-unread',
    });
    // The journal (now in the one journal format) as the command that lists it reads it.
    const listed = await venue(['wallet', 'reloads', '-o', 'json']);
    const journal = JSON.parse(listed.stdout) as Array<{ paymentReference: string; outcome: string }>;
    expect(journal.find((j) => j.paymentReference === 'pay-unread')?.outcome).toBe('recorded');
  });

  it('reload: a product listed without a price is never sold (exit 6, nothing sent)', async () => {
    service.script('GET /api/v1/quickreload', { status: 200, body: [{ id: 'RL-10', title: 'Ten' }] });
    const before = service.seen.filter((s) => s.path === '/api/v1/sale').length;
    const r = await venue(['wallet', 'reload', CARD, '--product', 'RL-10', '--payment-ref', 'pay-noprice', '--yes']);
    expect(r.code, r.stderr).toBe(6);
    expect(r.stderr).toContain('no price for reload product RL-10');
    expect(service.seen.filter((s) => s.path === '/api/v1/sale').length).toBe(before);
  });

  it('cards in a HAL or a JSON:API envelope read like a bare list; diagnose reads them too', async () => {
    const card = { cardNumber: CARD, cardType: 'Standard', cardStatus: 'ACTIVATED', playUnit: 'DOLLARS' };
    const bodies: Array<[string, unknown]> = [
      [
        'HAL',
        {
          _embedded: { gameCards: [{ ...card, _links: { self: { href: '/c/1' } } }] },
          _links: { self: { href: '/c' } },
        },
      ],
      [
        'JSON:API',
        {
          data: [
            {
              type: 'cards',
              id: CARD,
              attributes: { cardType: 'Standard', cardStatus: 'ACTIVATED', playUnit: 'DOLLARS' },
            },
          ],
        },
      ],
    ];
    for (const [what, body] of bodies) {
      service.script('GET /api/v1/card', { status: 200, body });
      const cards = await venue(['wallet', 'cards', '-o', 'json']);
      expect(cards.code, `${what}: ${cards.stderr}`).toBe(0);
      expect(JSON.parse(cards.stdout), what).toEqual([
        expect.objectContaining({ cardNumber: CARD, cardType: 'Standard' }),
      ]);
    }
  });

  it('diagnose: a list of cards it cannot read is exit 6 after the diagnosis, never "no cards" with exit 0', async () => {
    // Two lists and no word saying which holds the cards: venue does not guess.
    service.script('GET /api/v1/card', { status: 200, body: { open: [{ cardNumber: CARD }], closed: [] } });
    const r = await venue(['wallet', 'diagnose', 'guest@example.com']);
    expect(r.code, r.stderr).toBe(6);
    expect(r.stdout).toContain('Wallet diagnosis for guest@example.com');
    expect(r.stdout).not.toMatch(/no cards/i);
    expect(r.stderr).toMatch(/where a list of card was due/);
    const json = await venue(['wallet', 'diagnose', 'guest@example.com', '-o', 'json']);
    expect(json.code).toBe(6);
    expect(
      (JSON.parse(json.stdout) as { findings: Array<{ code: string }> }).findings.map((f) => f.code),
    ).not.toContain('no_cards');
  });
});
