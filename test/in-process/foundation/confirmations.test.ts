// Every confirmation, answered No by a person at a terminal: exit 8
// ("declined": not 0, since what was asked for was not done, and not 130,
// since nothing was interrupted), the message says nothing was sent, and the
// service shows nothing changed. And --yes is known to every write that asks.

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxForFile, tempDir, type SandboxHandle } from '../../support/in-process.js';
import { webhookCreateFlags } from '../../support/webhook-flags.js';

let sb: SandboxHandle;
let dir: string;
const no = { tty: true, answers: ['n\r'] } as const;
const file = (name: string, text: string) => {
  const target = path.join(dir, name);
  fs.writeFileSync(target, text);
  return target;
};
const level = async (product: string): Promise<number> => {
  const r = await sb.run(['inventory', 'stock', 'levels', '--product', product, '-o', 'json']);
  expect(r.code, r.stderr).toBe(0);
  const rows = JSON.parse(r.stdout) as Array<Record<string, unknown>>;
  return rows.reduce(
    (sum, row) => sum + Number(Object.entries(row).find(([k]) => /quantity|onhand|level/i.test(k))?.[1] ?? 0),
    0,
  );
};

sandboxForFile({}, (handle) => (sb = handle));
beforeAll(() => {
  dir = tempDir();
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('No at a confirmation is exit 8, and nothing is sent', () => {
  it('inventory stock take, receive and adjust', async () => {
    const before = await level('1001');
    const take = await sb.run(
      ['inventory', 'stock', 'take', '--file', file('counts.csv', 'productId,countedQuantity\n1001,3\n')],
      no,
    );
    expect(take.code, take.stderr).toBe(8);
    expect(take.stderr).toContain('nothing was sent');
    const receive = await sb.run(
      [
        'inventory',
        'stock',
        'receive',
        '--file',
        file('delivery.csv', 'productId,quantity,value\n1001,12,30.00\n'),
        '--invoice',
        'INV-NO',
      ],
      no,
    );
    expect(receive.code, receive.stderr).toBe(8);
    expect(receive.stderr).toContain('Record this receipt?');
    expect(receive.stderr).toContain('nothing was sent');
    const adjust = await sb.run(
      ['inventory', 'stock', 'adjust', '--product', '1001', '--quantity', '-1', '--comment', 'breakage'],
      no,
    );
    expect(adjust.code, adjust.stderr).toBe(8);
    expect(adjust.stderr).toContain('nothing was sent');
    expect(await level('1001')).toBe(before);
  });

  it('--yes skips the question on receive and adjust (as on take)', async () => {
    const before = await level('1002');
    const receive = await sb.run(
      [
        'inventory',
        'stock',
        'receive',
        '--file',
        file('delivery2.csv', 'productId,quantity,value\n1002,5,10.00\n'),
        '--invoice',
        'INV-YES',
        '--yes',
      ],
      { tty: true },
    );
    expect(receive.code, receive.stderr).toBe(0);
    expect(receive.stderr).not.toContain('Record this receipt?');
    const adjust = await sb.run(
      ['inventory', 'stock', 'adjust', '--product', '1002', '--quantity', '-1', '--comment', 'breakage', '-y'],
      { tty: true },
    );
    expect(adjust.code, adjust.stderr).toBe(0);
    expect(await level('1002')).toBe(before + 4);
  });

  it('webhooks delete', async () => {
    const created = await sb.run(webhookCreateFlags(['--fields', 'record.id', '-o', 'csv']));
    expect(created.code, created.stderr).toBe(0);
    const id = created.stdout.trim().split('\n').pop()!;
    const r = await sb.run(['webhooks', 'delete', id], no);
    expect(r.code, r.stderr).toBe(8);
    // On a terminal the message wraps at its width.
    expect(r.stderr.replace(/\s+/g, ' ')).toContain(`webhook subscriber ${id} is kept`);
    expect((await sb.run(['webhooks', 'list', '--fields', 'id', '-o', 'csv'])).stdout).toContain(id);
  });

  it('wallet reload', async () => {
    expect(
      (await sb.run(['wallet', 'login', 'ava@example.com', '--password-stdin'], { input: 'Sandbox123\n' })).code,
    ).toBe(0);
    const before = (await sb.run(['wallet', 'activity', '6001000000000000001', '-o', 'json'])).stdout;
    const r = await sb.run(
      ['wallet', 'reload', '6001000000000000001', '--product', 'RL-10', '--payment-ref', 'PAY-NO-1'],
      no,
    );
    expect(r.code, r.stderr).toBe(8);
    expect(r.stderr).toContain('Not recorded');
    expect((await sb.run(['wallet', 'activity', '6001000000000000001', '-o', 'json'])).stdout).toBe(before);
  });

  it('booking order cancel, and the payment in booking book (its hold released)', async () => {
    const session = (
      await sb.run([
        'booking',
        'sessions',
        'exp-laser-tag',
        '--date',
        'tomorrow',
        '--limit',
        '1',
        '--fields',
        'slotId',
        '-o',
        'csv',
      ])
    ).stdout
      .trim()
      .split('\n')
      .pop()!;
    const guest = ['--first-name', 'Ada', '--last-name', 'Lovelace', '--email', 'ada@example.com'];
    const booked = await sb.run([
      'booking',
      'book',
      '--experience',
      'exp-laser-tag',
      '--session',
      session,
      '--quantity',
      '1',
      ...guest,
      '--payment-ref',
      'PSP-YES-1',
      '--yes',
      '-o',
      'json',
    ]);
    expect(booked.code, booked.stderr).toBe(0);
    const orderId = String((JSON.parse(booked.stdout) as { record: { orderId: string } }).record.orderId);
    const cancel = await sb.run(['booking', 'order', 'cancel', orderId], no);
    expect(cancel.code, cancel.stderr).toBe(8);
    expect(cancel.stderr).toContain(`Kept order ${orderId}`);
    const order = await sb.run(['booking', 'order', 'get', orderId, '-o', 'json']);
    expect(order.stdout.toLowerCase()).not.toContain('cancel');

    const book = await sb.run(
      [
        'booking',
        'book',
        '--experience',
        'exp-laser-tag',
        '--session',
        session,
        '--quantity',
        '1',
        ...guest,
        '--payment-ref',
        'PSP-NO-1',
      ],
      no,
    );
    expect(book.code, book.stderr).toBe(8);
    expect(book.stderr).toContain('no payment was sent');
    expect(book.stderr).toMatch(/declined: (cancelled order|released the hold)/);
  });

  it('config delete', async () => {
    expect((await sb.run(['config', 'init', 'north', '--inventory-url', 'https://inv.north.example'])).code).toBe(0);
    const r = await sb.run(['config', 'delete', 'north'], no);
    expect(r.code, r.stderr).toBe(8);
    expect(r.stderr).toContain('profile "north" is kept');
    expect((await sb.run(['config', 'profiles'])).stdout).toContain('north');
  });

  it('a write across venues', async () => {
    for (const name of ['east', 'west'])
      expect((await sb.run(['config', 'init', name, '--extends', 'sandbox'])).code).toBe(0);
    const r = await sb.run(
      [
        '--each-profile',
        'east,west',
        'inventory',
        'stock',
        'adjust',
        '--product',
        '1003',
        '--quantity',
        '1',
        '--comment',
        'fleet',
      ],
      no,
    );
    expect(r.code, r.stderr).toBe(8);
    expect(r.stderr).toContain('no venue was run');
  });
});
