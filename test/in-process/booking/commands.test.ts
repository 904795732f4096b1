// Every `venue booking` command through the built binary against a private sandbox.

import { describe, expect, it } from 'vitest';
import { sandboxForFile, type SandboxHandle } from '../../support/in-process.js';
import { counts, orderFlags, payFlags, remainingIn, slotsOf } from '../../support/booking.js';

let sb: SandboxHandle;
sandboxForFile({ clearFaults: false }, (handle) => (sb = handle));

const json = (text: string) => JSON.parse(text);
/** The service's record a write's outcome carries (docs/records.md: write outcomes). */
const record = (text: string) => json(text).record;

describe('reading what is bookable', () => {
  it('lists locations', async () => {
    const result = await sb.run(['booking', 'locations', '-o', 'json']);
    expect(result.code).toBe(0);
    // venue's name for a location's id is locationId (the field table's first name), whatever the service calls it.
    expect(json(result.stdout).map((l: { locationId: string }) => l.locationId)).toEqual([
      'loc-riverside',
      'loc-northgate',
      'loc-harbor',
    ]);
  }, 90_000);

  it('lists the experiences of a location, and says when the location is unknown', async () => {
    const ok = await sb.run(['booking', 'experiences', '--location', 'loc-riverside', '-o', 'json']);
    expect(ok.code).toBe(0);
    expect(json(ok.stdout).map((e: { experienceId: string }) => e.experienceId)).toContain('exp-party-package');
    const table = await sb.run(['booking', 'experiences', '--location', 'loc-northgate']);
    expect(table.stdout).toContain('VR Arena');
    const unknown = await sb.run(['booking', 'experiences', '--location', 'loc-nowhere']);
    expect(unknown.code).toBe(4);
    expect(unknown.stderr).toContain('loc-nowhere');
    const missing = await sb.run(['booking', 'experiences']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--location');
  }, 90_000);

  it('shows availability as rows when piped, for the days asked', async () => {
    const result = await sb.run([
      'booking',
      'availability',
      'exp-vr-arena',
      '--from',
      'tomorrow',
      '--days',
      '3',
      '-o',
      'json',
    ]);
    expect(result.code).toBe(0);
    const days = json(result.stdout);
    expect(days).toHaveLength(3);
    expect(days[0]).toMatchObject({ sessions: 9, capacity: 90, remaining: 90 });
    const piped = await sb.run(['booking', 'availability', 'exp-vr-arena', '--days', '2']);
    expect(piped.stdout).toMatch(/DATE\s+SESSIONS\s+CAPACITY\s+REMAINING/);
  }, 90_000);

  it('lists sessions of a day with the places left', async () => {
    const slots = await slotsOf(sb, 'exp-escape-room');
    expect(slots.map((s) => s.startTime.slice(11, 16))).toEqual(['12:00', '14:00', '16:00', '18:00', '20:00']);
    expect(slots[0]).toMatchObject({ capacity: 8, remaining: 8, price: 28 });
    // For people, start and end as every command shows a moment: the venue's zone when it is set (as reserve and book show them).
    const table = await sb.run(['booking', 'sessions', 'exp-escape-room', '--date', slots[0]!.startTime.slice(0, 10)], {
      env: { VENUE_TIMEZONE: 'Australia/Sydney' },
    });
    expect(table.code, table.stderr).toBe(0);
    const zoned = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Australia/Sydney',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(new Date(slots[0]!.startTime));
    expect(table.stdout).toMatch(new RegExp(`\\d{4}-\\d\\d-\\d\\d ${zoned} GMT\\+1[01]`));
    const unknown = await sb.run(['booking', 'sessions', 'exp-nothing', '--date', 'tomorrow']);
    expect(unknown.code).toBe(4);
    expect(unknown.stderr).toContain('exp-nothing');
  }, 90_000);
});

describe('rules checked before any request', () => {
  it.each([
    [['booking', 'sessions', 'exp-vr-arena', '--date', '2026-02-30'], '--date must be YYYY-MM-DD'],
    [['booking', 'sessions', 'exp-vr-arena', '--date', 'next week'], '--date must be YYYY-MM-DD'],
    [['booking', 'availability', 'exp-vr-arena', '--days', '0'], '--days must be at least 1'],
    [
      ['booking', 'reserve', '--yes', 'exp-vr-arena', '--session', 'x', '--quantity', '0'],
      '--quantity must be a positive whole number',
    ],
    [
      ['booking', 'reserve', '--yes', 'exp-vr-arena', '--session', 'x', '--quantity', '1.5'],
      '--quantity must be a whole number',
    ],
    [
      [
        'booking',
        'order',
        'create',
        '--yes',
        '--reservation',
        'r1',
        '--first-name',
        'A',
        '--last-name',
        'B',
        '--email',
        'not-an-email',
      ],
      '--email must be an email address',
    ],
    [
      ['booking', 'order', 'pay', '--yes', 'ord-1', '--amount', '10.005', '--payment-ref', 'P'],
      '--amount must have at most two decimals',
    ],
    [
      ['booking', 'order', 'pay', '--yes', 'ord-1', '--amount', '-5', '--payment-ref', 'P'],
      '--amount must be a positive amount',
    ],
    [['booking', 'report', '--from', '2026-12-01', '--to', '2026-11-01'], '--from must not be after --to'],
  ])(
    '%j → exit 2, nothing sent',
    async (args, message) => {
      const before = await counts(sb);
      const result = await sb.run(args);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(message);
      expect(result.stderr).toContain('Nothing was sent.');
      expect(await counts(sb)).toEqual(before);
    },
    90_000,
  );

  it('reports every broken rule at once', async () => {
    const result = await sb.run([
      'booking',
      'book',
      '--quantity',
      '0',
      '--email',
      'x',
      '--amount',
      '1.234',
      '--date',
      'someday',
      '--yes',
    ]);
    expect(result.code).toBe(2);
    for (const flag of ['--quantity', '--email', '--amount', '--date']) expect(result.stderr).toContain(flag);
  }, 90_000);
});

describe('holds, orders, payments and cancellations', () => {
  it('reserves, refuses more than is left (naming the slot), and releases', async () => {
    const slot = (await slotsOf(sb, 'exp-bowling-lane'))[1]!;
    const held = await sb.run([
      'booking',
      'reserve',
      '--yes',
      'exp-bowling-lane',
      '--session',
      slot.id,
      '--quantity',
      '4',
      '-o',
      'json',
    ]);
    expect(held.code).toBe(0);
    // A write's outcome in the one shape: the service's reservation in venue's names under record.
    const outcome = json(held.stdout);
    expect(outcome).toMatchObject({ status: 'recorded', resource: 'reservation', journalId: expect.any(String) });
    const reservation = outcome.record;
    expect(reservation).toMatchObject({ status: 'held', quantity: 4, slotId: slot.id });
    expect(await remainingIn(sb, 'exp-bowling-lane', slot.id)).toBe(2);

    const tooMany = await sb.run([
      'booking',
      'reserve',
      '--yes',
      'exp-bowling-lane',
      '--session',
      slot.id,
      '--quantity',
      '3',
    ]);
    expect(tooMany.code).toBe(5);
    expect(tooMany.stderr).toContain(slot.id);
    expect(tooMany.stderr).toContain('only 2 places left');

    const released = await sb.run(['booking', 'release', '--yes', reservation.reservationId]);
    expect(released.code).toBe(0);
    expect(released.stderr).toContain('Released reservation');
    expect(await remainingIn(sb, 'exp-bowling-lane', slot.id)).toBe(6);

    const unknown = await sb.run(['booking', 'release', '--yes', 'res-999999']);
    expect(unknown.code).toBe(4);
  }, 90_000);

  it('creates an order, refuses a wrong amount, records the sale once, and cancels with --yes', async () => {
    const slot = (await slotsOf(sb, 'exp-escape-room'))[2]!;
    const held = record(
      (
        await sb.run([
          'booking',
          'reserve',
          '--yes',
          'exp-escape-room',
          '--session',
          slot.id,
          '--quantity',
          '2',
          '-o',
          'json',
        ])
      ).stdout,
    );
    const created = await sb.run([
      'booking',
      'order',
      'create',
      '--yes',
      '--reservation',
      held.reservationId,
      '--first-name',
      'Grace',
      '--last-name',
      'Hopper',
      '--email',
      'grace@example.com',
      '--phone',
      '+1 555 0100',
      '-o',
      'json',
    ]);
    expect(created.code).toBe(0);
    // -o json prints the order as the service sent it.
    const order = record(created.stdout);
    expect(order).toMatchObject({ status: 'created', total: 56, guest: { email: 'grace@example.com' } });
    order.id = order.orderId;

    const wrong = await sb.run(payFlags(order.id, '50', 'PSP-1'));
    expect(wrong.code).toBe(5);
    expect(wrong.stderr).toContain('56.00');

    const paid = await sb.run(payFlags(order.id, '56.00', 'PSP-1', ['-o', 'json']));
    expect(paid.code).toBe(0);
    expect(record(paid.stdout)).toMatchObject({
      orderId: order.id,
      status: 'confirmed',
      sale: { paymentReference: 'PSP-1' },
    });
    expect(paid.stderr).toMatch(/Payment PSP-1 recorded as sale sale-\d+: order ord-\d+ is confirmed/);

    const again = await sb.run(payFlags(order.id, '56.00', 'PSP-1'));
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('already confirmed');
    const other = await sb.run(payFlags(order.id, '56.00', 'PSP-2'));
    expect(other.code).toBe(5);
    expect(other.stderr).toContain('already paid');

    const releasePaid = await sb.run(['booking', 'release', '--yes', held.reservationId]);
    expect(releasePaid.code).toBe(5);

    const noYes = await sb.run(['booking', 'order', 'cancel', order.id]);
    expect(noYes.code).toBe(2);
    expect(noYes.stderr).toContain('--yes');
    expect(await remainingIn(sb, 'exp-escape-room', slot.id)).toBe(6);

    const cancelled = await sb.run(['booking', 'order', 'cancel', order.id, '--yes', '-o', 'json']);
    expect(cancelled.code).toBe(0);
    expect(record(cancelled.stdout).status).toBe('cancelled');
    expect(await remainingIn(sb, 'exp-escape-room', slot.id)).toBe(8);

    const twice = await sb.run(['booking', 'order', 'cancel', order.id, '--yes']);
    expect(twice.code).toBe(0);
    expect(twice.stderr).toContain('already cancelled');
  }, 90_000);

  it('refuses an order from a lapsed hold', async () => {
    const slot = (await slotsOf(sb, 'exp-mini-golf'))[0]!;
    const held = record(
      (
        await sb.run([
          'booking',
          'reserve',
          '--yes',
          'exp-mini-golf',
          '--session',
          slot.id,
          '--quantity',
          '1',
          '-o',
          'json',
        ])
      ).stdout,
    );
    await sb.control('POST', '/booking/expire-holds');
    const result = await sb.run(orderFlags(held.reservationId));
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('lapsed');
    expect(await remainingIn(sb, 'exp-mini-golf', slot.id)).toBe(12);
  }, 90_000);

  it('settles a lost payment answer by reading the order back, and a rerun never pays twice', async () => {
    const slot = (await slotsOf(sb, 'exp-go-karts'))[0]!;
    const held = record(
      (
        await sb.run([
          'booking',
          'reserve',
          '--yes',
          'exp-go-karts',
          '--session',
          slot.id,
          '--quantity',
          '1',
          '-o',
          'json',
        ])
      ).stdout,
    );
    const order = record((await sb.run(orderFlags(held.reservationId, ['-o', 'json']))).stdout);
    order.id = order.orderId;
    await sb.control('POST', '/faults', {
      dropAfterProcessing: [{ match: 'POST /booking/api/v1/sale', remaining: 1 }],
    });
    const lost = await sb.run(payFlags(order.id, '22', 'PSP-LOST'));
    expect(lost.code, lost.stderr).toBe(0);
    expect(lost.stderr).toContain(`its answer was lost, and order ${order.id} read back is confirmed with it`);

    const shown = await sb.run(['booking', 'order', 'show', order.id, '-o', 'json']);
    expect(json(shown.stdout)).toMatchObject({ status: 'confirmed', sale: { paymentReference: 'PSP-LOST' } });
    const finish = await sb.run(payFlags(order.id, '22.00', 'PSP-LOST'));
    expect(finish.code).toBe(0);
    expect(finish.stderr).toContain('nothing recorded again');
  }, 90_000);

  it('reports sales per day and experience with totals, as csv for spreadsheets', async () => {
    const csv = await sb.run(['booking', 'report', '--from', '-1d', '--to', '+1d', '-o', 'csv']);
    expect(csv.code).toBe(0);
    const lines = csv.stdout.trim().split('\n');
    expect(lines[0]).toBe('date,locationId,experienceId,experienceName,orders,quantity,revenue');
    expect(lines.some((l) => l.includes('exp-go-karts') && l.endsWith(',1,22'))).toBe(true);
    expect(lines[lines.length - 1]).toMatch(/^TOTAL,/);
    const table = await sb.run(['booking', 'report', '--location', 'loc-harbor']);
    expect(table.stdout).toContain('Electric Go-Karts');
    expect(table.stdout).toContain('TOTAL');
    const data = json((await sb.run(['booking', 'report', '--location', 'loc-harbor', '--json'])).stdout);
    expect(data.totals).toMatchObject({ orders: 1, quantity: 1, revenue: 22 });
  }, 90_000);

  it('keeps the client secret out of the trace', async () => {
    const result = await sb.run(['booking', 'locations', '-v'], { env: { VENUE_CONFIG_DIR: `${sb.configDir}/fresh` } });
    expect(result.code).toBe(0);
    expect(result.stderr).not.toContain('sandbox-booking-client-secret');
  }, 90_000);
});
