// A write's outcome is one documented record shape (docs/records.md, "Write
// outcomes"), the same in every dialect: the same --query over the outcome of
// the same writes, against the sandbox in every dialect it speaks (other
// casings, envelopes, other field names, decoys, HAL), prints the same. A
// script that reads a write's outcome at one venue reads it at every venue.

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, tempDir, type SandboxHandle } from '../../support/in-process.js';
import { login } from '../../support/wallet.js';
import { dialects } from '../../support/dialects.js';

type Dialect = (typeof dialects)[number];

const outcome = 'status: status, reference: reference, resource: resource';

/** The writes a script would make, in order, each with the query that reads its outcome. */
function writes(dir: string, ids: Map<string, string>): Array<{ name: string; args: () => string[]; query: string }> {
  const file = (name: string, text: string) => {
    const at = path.join(dir, name);
    fs.writeFileSync(at, text);
    return at;
  };
  return [
    {
      name: 'wallet reload',
      args: () => [
        'wallet',
        'reload',
        '6001000000000000001',
        '--product',
        'RL-10',
        '--payment-ref',
        'PAY-SHAPE',
        '--yes',
      ],
      query: `{${outcome}, journal: journalId, saleId: record.saleId, product: record.productId, amount: record.amount, card: record.cardNumber, after: related.balanceAfter.cardNumber}`,
    },
    {
      name: 'booking reserve',
      args: () => ['booking', 'reserve', '--yes', 'exp-laser-tag', '--session', ids.get('slot')!, '--quantity', '2'],
      query: `{${outcome}, id: record.reservationId, state: record.status, slot: record.slotId, places: record.quantity, amount: record.amount}`,
    },
    {
      name: 'booking order create',
      args: () => [
        ...['booking', 'order', 'create', '--yes', '--reservation', ids.get('booking reserve')!, '--first-name', 'Ada'],
        ...['--last-name', 'Lovelace', '--email', 'ada@example.com'],
      ],
      query: `{${outcome}, journal: journalId, id: record.orderId, state: record.status, total: record.total, reservations: record.reservationIds, guest: record.guest.email}`,
    },
    {
      name: 'booking order pay',
      args: () => [
        ...['booking', 'order', 'pay', '--yes', ids.get('booking order create')!, '--amount', '30.00'],
        ...['--payment-ref', 'PSP-SHAPE'],
      ],
      query: `{${outcome}, id: record.orderId, state: record.status, paid: record.sale.paymentReference}`,
    },
    {
      name: 'booking book',
      args: () => [
        ...[
          'booking',
          'book',
          '--yes',
          '--experience',
          'exp-laser-tag',
          '--session',
          ids.get('slot')!,
          '--quantity',
          '1',
        ],
        ...[
          '--first-name',
          'Bo',
          '--last-name',
          'Oker',
          '--email',
          'bo@example.com',
          '--payment-ref',
          'PSP-BOOK-SHAPE',
        ],
      ],
      query: `{${outcome}, journal: journalId, state: record.status, paid: record.sale.paymentReference, places: venue.quantity, slot: venue.slotId}`,
    },
    {
      name: 'booking order cancel',
      args: () => ['booking', 'order', 'cancel', ids.get('booking order create')!, '--yes'],
      query: `{${outcome}, id: record.orderId, state: record.status}`,
    },
    {
      name: 'webhooks create',
      args: () => [
        ...['webhooks', 'create', '--yes', '--url', 'https://erp.example.com/shape', '--events', 'stock.received'],
        '--generate-secret',
      ],
      query: `{${outcome}, url: record.url, events: record.eventTypes, active: record.isActive, secret: length(venue.secret)}`,
    },
    {
      name: 'inventory products create',
      args: () => [
        ...[
          'inventory',
          'products',
          'create',
          '--yes',
          '--name',
          'Shape Fudge',
          '--description',
          'bag',
          '--category',
          'SNACKS',
        ],
        ...['--tax-group', 'GST', '--type', 'stock', '--sale-type', 'sale', '--sell-price', '3.50', '--supplier', '3'],
      ],
      query: `{${outcome}, id: record.productId, name: record.productName, type: record.productType, price: record.sellPrice, links: record.suppliers[].[supplierId, productSupplierCode]}`,
    },
    {
      name: 'inventory suppliers create',
      args: () => [
        ...['inventory', 'suppliers', 'create', '--yes', '--code', 'SHAPE', '--name', 'Shape Co', '--address', '1 St'],
        ...['--payment-terms', '30'],
      ],
      query: `{${outcome}, id: record.supplierId, code: record.supplierCode, terms: record.paymentTerms, active: record.isActive}`,
    },
    {
      name: 'inventory stock adjust',
      args: () => [
        'inventory',
        'stock',
        'adjust',
        '--yes',
        '--product',
        '1006',
        '--quantity',
        '-1',
        '--comment',
        'shape',
      ],
      query: `{${outcome}, product: record.productId, by: record.adjustmentQuantity, before: record.previousQuantity, after: record.newQuantity, read: venue.levelBefore}`,
    },
    {
      name: 'inventory stock take',
      args: () => [
        ...[
          'inventory',
          'stock',
          'take',
          '--yes',
          '--file',
          file('counts.csv', 'productId,countedQuantity\n1001,40\n'),
        ],
        '--yes',
      ],
      query: `{${outcome}, lines: record.items[].[productId, countedQuantity, variance]}`,
    },
    {
      name: 'inventory stock receive',
      args: () => [
        ...['inventory', 'stock', 'receive', '--file', file('delivery.csv', 'productId,quantity\n1010,12\n')],
        ...['--invoice', 'INV-SHAPE'],
      ],
      query: `{${outcome}, lines: record.items[].[productId, quantity, newQuantity], read: venue.levelsBefore}`,
    },
  ];
}

const results = new Map<Dialect, Map<string, { code: number; stdout: string; stderr: string }>>();

describe.each(dialects)('write outcomes in the %s dialect', (dialect) => {
  let sb: SandboxHandle;
  let dir: string;
  beforeAll(async () => {
    sb = await startSandbox(['--dialect', dialect]);
    dir = tempDir(`venue-write-shape-${dialect}-`);
    await login(sb, 'ava@example.com');
  }, 60_000);
  afterAll(async () => {
    await sb?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('each write prints its outcome in the one shape', async () => {
    const ids = new Map<string, string>();
    const sessions = await sb.run([
      'booking',
      'sessions',
      'exp-laser-tag',
      '--date',
      '+2d',
      '--fields',
      'slotId',
      '-o',
      'csv',
    ]);
    ids.set('slot', sessions.stdout.trim().split('\n')[1]!);
    const mine = new Map<string, { code: number; stdout: string; stderr: string }>();
    for (const write of writes(dir, ids)) {
      const whole = await sb.run([...write.args(), '-o', 'json']);
      expect(whole.code, `${write.name}: ${whole.stderr}`).toBe(0);
      const json = JSON.parse(whole.stdout) as Record<string, unknown>;
      // The outcome's own fields, in this order, in every dialect; the service's record in venue's names.
      expect(Object.keys(json).slice(0, 5), write.name).toEqual([
        'status',
        'reference',
        'journalId',
        'resource',
        'record',
      ]);
      const record = json.record as Record<string, unknown>;
      if (write.name === 'booking reserve') ids.set(write.name, record.reservationId as string);
      if (write.name === 'booking order create') ids.set(write.name, record.orderId as string);
      mine.set(write.name, { ...whole, stdout: JSON.stringify(JSON.parse(whole.stdout)) });
    }
    // The queries, on a second run of each read-only projection: the outcomes printed above, read by --query.
    for (const write of writes(dir, ids)) {
      const printed = JSON.parse(mine.get(write.name)!.stdout) as unknown;
      const { search } = await import('@jmespath-community/jmespath');
      mine.set(write.name, { code: 0, stdout: JSON.stringify(search(printed as never, write.query)), stderr: '' });
    }
    results.set(dialect, mine);
  }, 120_000);
});

describe('every dialect prints the outcomes the venue dialect prints', () => {
  it.each(dialects.filter((d) => d !== 'venue'))('%s', (dialect) => {
    const reference = results.get('venue');
    const other = results.get(dialect);
    expect(reference && other, 'both ran').toBeTruthy();
    for (const [name, step] of reference!) expect(other!.get(name)!.stdout, `${name} (${dialect})`).toBe(step.stdout);
  });
});
