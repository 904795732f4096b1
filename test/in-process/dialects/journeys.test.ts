// One journey per service, through the built binary, against the sandbox in
// every dialect it speaks. A journey passes only when it passes in all of
// them: the same exit codes and the same tables whatever the server's casing,
// envelopes and field names; `-o json` carries venue's names in every dialect, `--raw` the dialect's own.

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, tempDir, type RunResult, type SandboxHandle } from '../../support/in-process.js';
import { webhookCreateFlags } from '../../support/webhook-flags.js';
import { dialects } from '../../support/dialects.js';

type Dialect = (typeof dialects)[number];

const AVA = 'ava@example.com';
const DOLLARS_CARD = '6001000000000000001';
const TOKENS_CARD = '6001000000000000002';

/** An id of a record the service sent, in whatever casing the dialect uses; a value that is no id (the decoy dialect's object or boolean) is passed over. */
function field(record: Record<string, unknown>, ...names: string[]): unknown {
  const key = (k: string) => k.toLowerCase().replace(/[^a-z0-9]/g, '');
  for (const name of names) {
    const found = Object.keys(record).find(
      (k) => key(k) === key(name) && (typeof record[k] === 'string' || typeof record[k] === 'number'),
    );
    if (found !== undefined) return record[found];
  }
  return undefined;
}

/** Things that differ between any two runs (times, generated secrets and ids), masked for comparison. */
function masked(text: string): string {
  return text
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:?\d\d)?/g, '<time>')
    .replace(/\d{4}-\d\d-\d\d \d\d:\d\dZ?/g, '<time>')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>')
    .replace(/\b[A-Za-z0-9_-]{32,}\b/g, '<secret>')
    .replace(/ +\n/g, '\n');
}

interface Step {
  name: string;
  result: RunResult;
}

/** Runs the three journeys against one sandbox; every step's result, by name. */
async function journeys(sb: SandboxHandle, dialect: Dialect): Promise<Map<string, Step>> {
  const steps = new Map<string, Step>();
  const dir = tempDir('venue-journey-');
  const run = async (name: string, args: string[], input?: string) => {
    const result = await sb.run(args, input === undefined ? {} : { input });
    steps.set(name, { name, result });
    return result;
  };
  const file = (name: string, text: string) => {
    const target = path.join(dir, name);
    fs.writeFileSync(target, text);
    return target;
  };

  // Wallet: log in, cards, balances (dollars and tokens), activity, products, reload, both passes.
  await run('wallet login', ['wallet', 'login', AVA, '--password-stdin'], 'Sandbox123\n');
  await run('wallet cards', ['wallet', 'cards']);
  await run('wallet cards json', ['wallet', 'cards', '-o', 'json']);
  await run('wallet cards raw json', ['wallet', 'cards', '-o', 'json', '--raw']);
  await run('wallet balance dollars', ['wallet', 'balance', DOLLARS_CARD]);
  await run('wallet balance tokens', ['wallet', 'balance', TOKENS_CARD]);
  await run('wallet activity', ['wallet', 'activity', DOLLARS_CARD]);
  await run('wallet activity reloads', ['wallet', 'activity', DOLLARS_CARD, '--kind', 'reload']);
  await run('wallet products', ['wallet', 'products']);
  await run('wallet reload', [
    'wallet',
    'reload',
    DOLLARS_CARD,
    '--product',
    'RL-10',
    '--payment-ref',
    'PAY-JOURNEY-1',
    '--yes',
  ]);
  await run('wallet balance after reload', ['wallet', 'balance', DOLLARS_CARD]);
  await run('wallet pass walletA', [
    'wallet',
    'pass',
    DOLLARS_CARD,
    '--platform',
    'walletA',
    '--out',
    path.join(dir, 'card.pkpass'),
  ]);
  await run('wallet pass walletB', ['wallet', 'pass', DOLLARS_CARD, '--platform', 'walletB']);

  // Booking: locations → sessions → book → order show/cancel → report.
  await run('booking locations', ['booking', 'locations']);
  await run('booking locations json', ['booking', 'locations', '-o', 'json']);
  await run('booking locations raw json', ['booking', 'locations', '-o', 'json', '--raw']);
  await run('booking experiences', ['booking', 'experiences', '--location', 'loc-harbor']);
  await run('booking availability', ['booking', 'availability', 'exp-laser-tag', '--from', '+1d', '--days', '3']);
  const sessions = await run('booking sessions json', [
    'booking',
    'sessions',
    'exp-laser-tag',
    '--date',
    '+1d',
    '-o',
    'json',
  ]);
  await run('booking sessions', ['booking', 'sessions', 'exp-laser-tag', '--date', '+1d']);
  const slots = sessions.code === 0 ? (JSON.parse(sessions.stdout) as Array<Record<string, unknown>>) : [];
  const slotId = String(field(slots[0] ?? {}, 'slotId', 'sessionId', 'id') ?? 'no-slot-read');
  const booked = await run('booking book', [
    'booking',
    'book',
    '--experience',
    'exp-laser-tag',
    '--session',
    slotId,
    '--quantity',
    '2',
    '--first-name',
    'Ada',
    '--last-name',
    'Lovelace',
    '--email',
    'ada@example.com',
    '--payment-ref',
    'PSP-JOURNEY-1',
    '--yes',
    '-o',
    'json',
  ]);
  // A write's outcome is one shape in every dialect: the order is record, in venue's names.
  const order = booked.code === 0 ? (JSON.parse(booked.stdout) as { record?: { orderId?: string } }) : {};
  const orderId = String(order.record?.orderId ?? 'no-order-read');
  steps.set('booking order id', { name: 'booking order id', result: { code: 0, stdout: orderId, stderr: '' } });
  await run('booking order show', ['booking', 'order', 'show', orderId]);
  await run('booking report before cancel', ['booking', 'report', '--from', '-1d', '--to', '+2d']);
  await run('booking order cancel', ['booking', 'order', 'cancel', orderId, '--yes']);
  await run('booking report', ['booking', 'report', '--from', '-1d', '--to', '+2d']);
  await run('booking holds', ['booking', 'holds']);

  // Inventory: list, get, create, update, levels, take, receive, adjust, webhooks.
  await run('inventory products list', ['inventory', 'products', 'list', '--page-size', '5']);
  await run('inventory products list all', [
    'inventory',
    'products',
    'list',
    '--all',
    '--page-size',
    '7',
    '-o',
    'ndjson',
  ]);
  await run('inventory products get', ['inventory', 'products', 'get', '1001']);
  await run('inventory products get json', ['inventory', 'products', 'get', '1001', '-o', 'json']);
  await run('inventory products get raw json', ['inventory', 'products', 'get', '1001', '-o', 'json', '--raw']);
  const product = file(
    'product.json',
    JSON.stringify({
      productName: 'Journey Lolly',
      productDescription: 'made by the journey',
      categoryId: 'SNACKS',
      taxGroup: 'GST',
      productType: 2,
      saleType: 2,
      sellPrice: 1.2,
    }),
  );
  await run('inventory products create', ['inventory', 'products', 'create', '--yes', '--file', product]);
  await run('inventory products update', ['inventory', 'products', 'update', '--yes', '1004', '--sell-price', '1.25']);
  await run('inventory stock levels', ['inventory', 'stock', 'levels', '--product', '1001,1002,1006']);
  await run('inventory containers', ['inventory', 'containers']);
  await run('inventory tax groups', ['inventory', 'tax-groups']);
  await run('inventory stock take', [
    'inventory',
    'stock',
    'take',
    '--file',
    file('counts.csv', 'productId,countedQuantity\n1001,40\n1002,12\n'),
    '--yes',
  ]);
  await run('inventory stock receive', [
    'inventory',
    'stock',
    'receive',
    '--file',
    file('delivery.csv', 'productId,quantity,value\n1010,12,30.00\n'),
    '--invoice',
    'INV-JOURNEY',
  ]);
  await run('inventory stock adjust', [
    'inventory',
    'stock',
    'adjust',
    '--yes',
    '--product',
    '1006',
    '--quantity',
    '-1',
    '--comment',
    'breakage',
  ]);
  await run('inventory stock levels after', ['inventory', 'stock', 'levels', '--product', '1001,1002,1006,1010']);
  await run('webhooks list', ['webhooks', 'list']);
  const created = await run('webhooks create', webhookCreateFlags(['-o', 'json']));
  // A write's outcome is one shape in every dialect: the subscriber's id is record.id, whatever the server calls it.
  const webhook = created.code === 0 ? (JSON.parse(created.stdout) as { record?: { id?: string } }) : {};
  const webhookId = String(webhook.record?.id ?? 'no-webhook-read');
  await run('webhooks update', ['webhooks', 'update', '--yes', webhookId, '--events', 'stock.adjusted']);
  await run('webhooks delete', ['webhooks', 'delete', webhookId, '--yes']);
  await run('webhooks list after', ['webhooks', 'list']);

  fs.rmSync(dir, { recursive: true, force: true });
  void dialect;
  return steps;
}

const results = new Map<Dialect, Map<string, Step>>();

describe.each(dialects)('journeys in the %s dialect', (dialect) => {
  let sb: SandboxHandle;
  beforeAll(async () => {
    sb = await startSandbox(['--dialect', dialect]);
    results.set(dialect, await journeys(sb, dialect));
  }, 240_000);
  afterAll(async () => sb?.stop());

  it('every step exits 0', () => {
    const failed = [...results.get(dialect)!.values()]
      .filter((s) => s.result.code !== 0)
      .map((s) => `${s.name}: exit ${s.result.code}: ${s.result.stderr.trim()}`);
    expect(failed).toEqual([]);
  });

  it("shows balances in the card's own unit", () => {
    const steps = results.get(dialect)!;
    expect(steps.get('wallet balance dollars')!.result.stdout).toMatch(/\$\d/);
    const tokens = steps.get('wallet balance tokens')!.result.stdout;
    expect(tokens).toMatch(/tokens/i);
    expect(tokens).not.toMatch(/\$/);
  });

  it("-o json carries venue's field names, whatever the dialect", () => {
    const steps = results.get(dialect)!;
    const cards = JSON.parse(steps.get('wallet cards json')!.result.stdout) as Array<Record<string, unknown>>;
    const locations = JSON.parse(steps.get('booking locations json')!.result.stdout) as Array<Record<string, unknown>>;
    const productJson = JSON.parse(steps.get('inventory products get json')!.result.stdout) as Record<string, unknown>;
    expect(cards[0]).toMatchObject({ cardNumber: DOLLARS_CARD, status: 'activated', playUnit: 'dollars' });
    expect(locations[0]).toMatchObject({ locationId: expect.any(String), name: expect.any(String) });
    expect(productJson).toMatchObject({ productId: 1001, productName: expect.any(String), isActive: true });
    if (dialect === 'decoy') {
      // The decoys are not lost: those whose names venue uses for the real values are under _service.
      expect(productJson).toMatchObject({ _service: { productId: 'P-1001' } });
    }
  });

  it("--raw carries the dialect's own field names", () => {
    const steps = results.get(dialect)!;
    const cards = JSON.parse(steps.get('wallet cards raw json')!.result.stdout) as Array<Record<string, unknown>>;
    const locations = JSON.parse(steps.get('booking locations raw json')!.result.stdout) as Array<
      Record<string, unknown>
    >;
    const productJson = JSON.parse(steps.get('inventory products get raw json')!.result.stdout) as Record<
      string,
      unknown
    >;
    const keys = (r: Record<string, unknown>) => Object.keys(r);
    if (dialect === 'pascal') {
      expect(keys(cards[0]!)).toContain('CardNumber');
      expect(keys(productJson).some((k) => /^[A-Z]/.test(k))).toBe(true);
      expect(keys(productJson).every((k) => /^[A-Z]/.test(k))).toBe(true);
    } else {
      expect(keys(cards[0]!)).toContain('cardNumber');
    }
    if (dialect === 'decoy') {
      // The decoys are in the service's record as sent; the tables above read past them.
      expect(cards[0]).toMatchObject({
        cardNumber: { last4: '0001' },
        cardNo: DOLLARS_CARD,
        status: 1,
        cardStatus: 'activated',
      });
      expect(productJson).toMatchObject({ productId: 'P-1001', id: 1001 });
    }
    if (dialect === 'plain') {
      expect(keys(cards[0]!)).toContain('cardNickname');
      expect(keys(locations[0]!)).toEqual(expect.arrayContaining(['address', 'timezone']));
    }
    // Never an envelope in the output: records come out unwrapped.
    for (const record of [cards[0]!, locations[0]!, productJson])
      expect(keys(record)).not.toEqual(expect.arrayContaining(['data', 'meta']));
  });
});

describe('every dialect agrees with the venue dialect', () => {
  it.each(dialects.filter((d) => d !== 'venue'))('%s: the same tables and exit codes', (dialect) => {
    const reference = results.get('venue');
    const other = results.get(dialect);
    expect(reference && other, 'both journeys ran').toBeTruthy();
    const differences: string[] = [];
    for (const [name, step] of reference!) {
      if (
        name.endsWith(' json') ||
        name === 'booking book' ||
        name === 'webhooks create' ||
        name === 'inventory products list all'
      )
        continue;
      const theirs = other!.get(name)!;
      if (theirs.result.code !== step.result.code)
        differences.push(
          `${name}: exit ${theirs.result.code}, venue ${step.result.code}: ${theirs.result.stderr.trim()}`,
        );
      else if (masked(theirs.result.stdout) !== masked(step.result.stdout)) {
        differences.push(
          `${name}:\n--- ${dialect}\n${masked(theirs.result.stdout)}--- venue\n${masked(step.result.stdout)}`,
        );
      }
    }
    expect(differences).toEqual([]);
    // The bulk listing pages through the dialect's own paging and finds every product.
    const count = (d: Dialect) =>
      results.get(d)!.get('inventory products list all')!.result.stdout.trim().split('\n').length;
    expect(count(dialect)).toBe(count('venue'));
  });
});
