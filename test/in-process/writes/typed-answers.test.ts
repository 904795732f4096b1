// A write's answer is read through the same typed field tables as a read
// (reading.ts, the lookup's rule; records.ts, readWriteAnswer): a server that
// applies the write and answers with its numbers in words ("fifty", "one
// thousand and one": an id of the wrong kind too) and its yes/no as
// "unsure" is exit 6 in every write command, naming the field and the value,
// and the write is said to be accepted (never "nothing was sent"). The
// sandbox's mistype fault (docs/sandbox-faults.md) answers so. In venue's
// dialect and in plain's (other field names).

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, tempDir, type SandboxHandle, type RunResult } from '../../support/in-process.js';
import { demoCard, login } from '../../support/wallet.js';
import { slotsOf } from '../../support/booking.js';

describe.each(['venue', 'plain'])('a write answered in the wrong types (%s dialect)', (dialect) => {
  let sb: SandboxHandle;
  let dir: string;
  beforeAll(async () => {
    sb = await startSandbox(['--dialect', dialect]);
    dir = tempDir('venue-typed-answers-');
    await login(sb, 'ava@example.com');
  }, 60_000);
  afterAll(async () => {
    await sb?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The next write to `match` is applied as asked, then answered with its numbers in words. */
  const mistype = (match: string) => sb.control('POST', '/faults', { mistype: [{ match, remaining: 1 }] });
  const clear = () => sb.control('DELETE', '/faults');

  /**
   * Exit 6 naming a field and its value of the wrong type; nothing on stdout; the write said to be accepted
   * (a write that may be sent again harmlessly, an update, says only what could not be read).
   */
  function unreadable(r: RunResult, what: string, idempotent = false): void {
    expect(r.code, `${what}: ${r.stderr}`).toBe(6);
    // Under -o json the error is one JSON object on stderr: its quotes escaped.
    expect(r.stderr, what).toMatch(/has [\w ]+ \w+(?: \(as \w+\))? \\?"[^"\\]*\\?", which is not /);
    if (!idempotent) expect(r.stderr, what).toMatch(/accepted|applied|recorded|created/i);
    expect(r.stderr, what).not.toContain('Nothing was sent');
    expect(r.stdout, what).toBe('');
  }

  async function write(what: string, match: string, args: string[]): Promise<RunResult> {
    await mistype(match);
    try {
      return await sb.run(args);
    } finally {
      await clear();
    }
  }

  it('inventory: stock adjust, take, receive, receipts run; products create and update; suppliers create', async () => {
    unreadable(
      await write('stock adjust', 'POST /inventory/stock-adjustments', [
        ...[
          'inventory',
          'stock',
          'adjust',
          '--yes',
          '--product',
          '1001',
          '--quantity',
          '2',
          '--comment',
          'typed',
          '-o',
          'json',
        ],
      ]),
      'stock adjust',
    );
    const counts = path.join(dir, 'counts.csv');
    fs.writeFileSync(counts, 'productId,countedQuantity\n1002,30\n');
    unreadable(
      await write('stock take', 'POST /inventory/stock-takes', [
        ...['inventory', 'stock', 'take', '--file', counts, '--yes', '-o', 'json'],
      ]),
      'stock take',
    );
    const receipt = path.join(dir, 'receipt.csv');
    fs.writeFileSync(receipt, 'productId,quantity,value\n1003,2,3\n');
    unreadable(
      await write('stock receive', 'POST /inventory/stock-receipts', [
        ...['inventory', 'stock', 'receive', '--file', receipt, '--invoice', `INV-TYPED-${dialect}`, '-o', 'json'],
      ]),
      'stock receive',
    );
    const folder = path.join(dir, 'nightly');
    fs.mkdirSync(folder);
    fs.writeFileSync(path.join(folder, `3_PO-T_INV-RUN-${dialect}.csv`), 'productId,quantity\n1004,1\n');
    const run = await write('receipts run', 'POST /inventory/stock-receipts', [
      ...['inventory', 'receipts', 'run', '--dir', folder, '-o', 'ndjson'],
    ]);
    // The nightly job says each file on stderr and keeps going: the file accepted with an unreadable answer is exit 6.
    expect(run.code, run.stderr).toBe(6);
    expect(run.stderr).toMatch(/answer could not be read[^\n]*, which is not /);
    expect(JSON.parse(run.stdout.trim())).toMatchObject({ status: 'recorded', record: null });

    unreadable(
      await write('products create', 'POST /inventory/products', [
        ...[
          'inventory',
          'products',
          'create',
          '--yes',
          '--name',
          `Typed ${dialect}`,
          '--description',
          'bag',
          '--category',
        ],
        ...[
          'SNACKS',
          '--tax-group',
          'GST',
          '--type',
          'stock',
          '--sale-type',
          'sale',
          '--sell-price',
          '3.50',
          '-o',
          'json',
        ],
      ]),
      'products create',
    );
    unreadable(
      await write('products update', 'PATCH /inventory/products/*', [
        ...['inventory', 'products', 'update', '--yes', '1005', '--sell-price', '4.25', '-o', 'json'],
      ]),
      'products update',
    );
    unreadable(
      await write('suppliers create', 'POST /inventory/suppliers', [
        ...[
          'inventory',
          'suppliers',
          'create',
          '--yes',
          '--code',
          `TYPED-${dialect}`,
          '--name',
          'Typed',
          '--address',
          '1 St',
        ],
        ...['--payment-terms', '30', '-o', 'json'],
      ]),
      'suppliers create',
    );
  }, 60_000);

  it('webhooks: create (found by reading back, still exit 6), update; delete has no answer to read', async () => {
    const created = await write('webhooks create', 'POST /inventory/webhooks', [
      ...[
        'webhooks',
        'create',
        '--yes',
        '--url',
        `https://erp.example.com/typed-${dialect}`,
        '--events',
        'stock.received',
      ],
      ...['--generate-secret', '-o', 'json'],
    ]);
    expect(created.code, created.stderr).toBe(6);
    expect(created.stderr).toMatch(/isActive[^\n]*\\"unsure\\", which is not yes or no/);
    expect(created.stderr).toContain('it was created; do not create it again');
    // The subscriber and its secret (shown once) are printed all the same: the list read back is the service's.
    const outcome = JSON.parse(created.stdout) as { record: { id: string }; venue: { secret: string } };
    expect(outcome.venue.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const id = outcome.record.id;
    unreadable(
      await write('webhooks update', 'PATCH /inventory/webhooks/*', [
        ...['webhooks', 'update', '--yes', id, '--events', 'stock.adjusted', '-o', 'json'],
      ]),
      'webhooks update',
      true,
    );
    // A deletion is answered 204, with nothing to read: the fault changes nothing, and it is done.
    const deleted = await write('webhooks delete', 'DELETE /inventory/webhooks/*', [
      ...['webhooks', 'delete', id, '--yes', '-o', 'json'],
    ]);
    expect(deleted.code, deleted.stderr).toBe(0);
  }, 60_000);

  it('wallet reload', async () => {
    unreadable(
      await write('wallet reload', 'POST /wallet/api/v1/sale', [
        ...[
          'wallet',
          'reload',
          '--yes',
          demoCard(1).cardNumber,
          '--product',
          'RL-10',
          '--payment-ref',
          `typed-${dialect}`,
        ],
        ...['--yes', '-o', 'json'],
      ]),
      'wallet reload',
    );
  });

  it('booking: reserve, release, order create, pay (settled by reading back, still exit 6), cancel', async () => {
    const [a, b] = await slotsOf(sb, 'exp-laser-tag', '+2d');
    unreadable(
      await write('booking reserve', 'POST /booking/api/v1/orders/reservations/reserve', [
        ...['booking', 'reserve', '--yes', 'exp-laser-tag', '--session', a!.id, '--quantity', '1', '-o', 'json'],
      ]),
      'booking reserve',
    );
    const hold = async () =>
      (
        JSON.parse(
          (
            await sb.run([
              'booking',
              'reserve',
              '--yes',
              'exp-laser-tag',
              '--session',
              b!.id,
              '--quantity',
              '1',
              '-o',
              'json',
            ])
          ).stdout,
        ) as { record: { reservationId: string } }
      ).record.reservationId;
    const released = await write('booking release', 'POST /booking/api/v1/orders/reservations/cancel', [
      ...['booking', 'release', '--yes', await hold(), '-o', 'json'],
    ]);
    expect(released.code, released.stderr).toBe(6);
    expect(released.stderr).toMatch(/, which is not /);

    unreadable(
      await write('booking order create', 'POST /booking/api/v1/orders/initiate', [
        ...[
          'booking',
          'order',
          'create',
          '--yes',
          '--reservation',
          await hold(),
          '--first-name',
          'A',
          '--last-name',
          'B',
        ],
        ...['--email', 'a@b.co', '-o', 'json'],
      ]),
      'booking order create',
    );
    const order = async () => {
      const made = await sb.run([
        ...[
          'booking',
          'order',
          'create',
          '--yes',
          '--reservation',
          await hold(),
          '--first-name',
          'A',
          '--last-name',
          'B',
        ],
        ...['--email', 'a@b.co', '-o', 'json'],
      ]);
      return (JSON.parse(made.stdout) as { record: { orderId: string; total: number } }).record;
    };
    const toPay = await order();
    const paid = await write('booking order pay', 'POST /booking/api/v1/sale', [
      ...[
        'booking',
        'order',
        'pay',
        '--yes',
        toPay.orderId,
        '--amount',
        toPay.total.toFixed(2),
        '--payment-ref',
        `TYPED-${dialect}`,
      ],
      ...['-o', 'json'],
    ]);
    expect(paid.code, paid.stderr).toBe(6);
    expect(paid.stderr).toMatch(/, which is not /);
    expect(paid.stderr).toContain('The order read back shows payment');
    const toCancel = await order();
    const cancelled = await write('booking order cancel', 'POST /booking/api/v1/orders/*/cancel', [
      ...['booking', 'order', 'cancel', toCancel.orderId, '--yes', '-o', 'json'],
    ]);
    expect(cancelled.code, cancelled.stderr).toBe(6);
    expect(cancelled.stderr).toMatch(/, which is not /);
  }, 60_000);
});
