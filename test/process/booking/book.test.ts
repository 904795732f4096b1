// `venue booking book` unattended: the whole journey, races for the last
// place, aborts after the hold, a token that expires mid-journey, and the
// sandbox's own capacity check under 50 concurrent holds.

import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { sandboxForFile, type SandboxHandle } from '../../support/in-process.js';
import { baseEnv, venueBin } from '../../support/venue.js';
import { bookFlags, bookingApi, bookingToken, counts, remainingIn, slotsOf } from '../../support/booking.js';
import { expectContract } from '../../support/contract.js';

let sb: SandboxHandle;
sandboxForFile({ clearFaults: true }, (handle) => (sb = handle));

describe('book, unattended', () => {
  it('books with every step given as a flag and prints the confirmed booking', async () => {
    const slot = (await slotsOf(sb, 'exp-laser-tag'))[0]!;
    const result = await sb.run([
      ...bookFlags('exp-laser-tag', slot.id, ['--quantity', '3', '--amount', '45.00']),
      '-o',
      'json',
    ]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      status: 'recorded',
      reference: 'PSP-TEST-1',
      resource: 'order',
      record: { status: 'confirmed', total: 45, sale: { paymentReference: 'PSP-TEST-1' } },
      venue: { slotId: slot.id, quantity: 3 },
    });
    expect(result.stderr).toContain('Held 3 places');
    expect(await remainingIn(sb, 'exp-laser-tag', slot.id)).toBe(17);
  }, 90_000);

  it('names every missing flag without a terminal, before anything is sent', async () => {
    const before = await counts(sb);
    // Without a terminal the payment needs --yes first (the one confirmation rule), before anything is read or sent.
    const unconfirmed = await sb.run(['booking', 'book', '--experience', 'exp-laser-tag', '--quantity', '2']);
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toMatch(/pass --yes/);
    const result = await sb.run(['booking', 'book', '--experience', 'exp-laser-tag', '--quantity', '2', '--yes']);
    expect(result.code).toBe(2);
    for (const flag of ['--session', '--first-name', '--last-name', '--email', '--payment-ref'])
      expect(result.stderr).toContain(flag);
    expect(await counts(sb)).toEqual(before);
  }, 90_000);

  it('lets exactly one of two concurrent runs take the last place; the other exits 5 naming the slot', async () => {
    const slot = (await slotsOf(sb, 'exp-party-package'))[0]!;
    expect(slot.remaining).toBe(1);
    const [a, b] = await Promise.all([
      sb.run(bookFlags('exp-party-package', slot.id)),
      sb.run(bookFlags('exp-party-package', slot.id)),
    ]);
    const codes = [a.code, b.code].sort();
    expect(codes).toEqual([0, 5]);
    const loser = a.code === 5 ? a : b;
    expect(loser.stderr).toContain(slot.id);
    expect(loser.stderr).toMatch(/is full/);
    expect(await remainingIn(sb, 'exp-party-package', slot.id)).toBe(0);
  }, 90_000);

  it('releases the hold when the payment fails, and says so', async () => {
    const slot = (await slotsOf(sb, 'exp-party-package'))[1]!;
    await sb.control('POST', '/faults', {
      failNext: [{ match: 'POST /booking/api/v1/sale', status: 500, remaining: 1 }],
    });
    const result = await sb.run(bookFlags('exp-party-package', slot.id));
    expect(result.code).toBe(6);
    expect(result.stderr).toMatch(/cancelled order ord-\d+ and released its hold/);
    expect(await remainingIn(sb, 'exp-party-package', slot.id)).toBe(1);
  }, 90_000);

  it('releases the hold when the amount does not match the total', async () => {
    const slot = (await slotsOf(sb, 'exp-party-package'))[1]!;
    const result = await sb.run(bookFlags('exp-party-package', slot.id, ['--amount', '100']));
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('does not match the order total 249.99');
    expect(result.stderr).toContain('released its hold');
    expect(await remainingIn(sb, 'exp-party-package', slot.id)).toBe(1);
  }, 90_000);

  it('releases the hold on Ctrl-C (SIGINT) after the hold and exits 130', async () => {
    const slot = (await slotsOf(sb, 'exp-party-package'))[2]!;
    // Slow the order step down so the interrupt lands while the hold exists.
    await sb.control('POST', '/faults', { latencyMs: 3000, latencyMatch: 'POST /booking/api/v1/orders/initiate' });
    const child = spawn(process.execPath, [venueBin, ...bookFlags('exp-party-package', slot.id)], {
      env: baseEnv(sb.env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
      if (d.includes('Held 1 place')) child.kill('SIGINT');
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    expect(code).toBe(130);
    // The order request in flight is seen through, so the order it made is cancelled with its hold.
    expect(stderr).toMatch(/interrupted: cancelled order ord-\d+ and released its hold/);
    await sb.control('DELETE', '/faults');
    expect(await remainingIn(sb, 'exp-party-package', slot.id)).toBe(1);
  }, 90_000);

  it('settles a lost payment answer by reading the order back: confirmed with the payment is a booking (exit 0)', async () => {
    const slot = (await slotsOf(sb, 'exp-harbor-bowling'))[1]!;
    await sb.control('POST', '/faults', {
      dropAfterProcessing: [{ match: 'POST /booking/api/v1/sale', remaining: 1 }],
    });
    const result = await sb.run([...bookFlags('exp-harbor-bowling', slot.id), '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      status: 'recorded',
      reference: 'PSP-TEST-1',
      record: { status: 'confirmed' },
    });
    expect(result.stderr).not.toContain('released');
  }, 90_000);

  it('reports a lost payment answer it cannot settle as unknown (exit 7) with the order id and the command, keeping the hold', async () => {
    const slot = (await slotsOf(sb, 'exp-harbor-bowling'))[0]!;
    await sb.control('POST', '/faults', {
      dropAfterProcessing: [{ match: 'POST /booking/api/v1/sale', remaining: 1 }],
      failNext: [{ match: 'GET /booking/api/v1/orders/*', status: 500, remaining: 1 }],
    });
    const result = await sb.run(bookFlags('exp-harbor-bowling', slot.id));
    expect(result.code).toBe(7);
    const orderId = /order (ord-\d+)/.exec(result.stderr)?.[1];
    expect(orderId).toBeDefined();
    expect(result.stderr).toContain(`venue booking order pay ${orderId} --amount 14.75 --payment-ref PSP-TEST-1`);
    expect(result.stderr).not.toContain('released');
    const shown = JSON.parse((await sb.run(['booking', 'order', 'show', orderId!, '--json'])).stdout);
    expect(shown.status).toBe('confirmed');
  }, 90_000);

  it('renews a token that expires mid-journey and finishes the booking', async () => {
    const slot = (await slotsOf(sb, 'exp-vr-arena'))[0]!;
    await sb.run(['booking', 'locations']); // caches a token
    await sb.control('POST', '/settings', { holdSeconds: 86_400 });
    await sb.control('POST', '/faults', { latencyMs: 1500, latencyMatch: 'POST /booking/api/v1/orders/initiate' });
    const child = spawn(process.execPath, [venueBin, ...bookFlags('exp-vr-arena', slot.id), '-v'], {
      env: baseEnv(sb.env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    let advanced: Promise<unknown> | undefined;
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d;
      // While the order request waits, seven hours pass on the sandbox clock: the 6-hour token lapses.
      if (!advanced && stderr.includes('Held 1 place'))
        advanced = sb.control('POST', '/clock', { advanceSeconds: 7 * 3600 });
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
    await advanced;
    await sb.control('POST', '/clock', { offsetSeconds: 0 });
    await sb.control('POST', '/settings', { holdSeconds: 600 });
    expect(stderr).toContain('401 with a cached token');
    expect(code).toBe(0);
    expect(stderr).toContain('Booked: order');
    expect(stderr).not.toContain('sandbox-booking-client-secret');
  }, 90_000);
});

describe('the sandbox capacity check', () => {
  it('gives exactly 10 holds to 50 concurrent requests for one place in a slot of 10', async () => {
    const slot = (await slotsOf(sb, 'exp-go-karts', '+2d'))[3]!;
    expect(slot.capacity).toBe(10);
    const token = await bookingToken(sb);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        bookingApi(sb, token, 'POST', '/api/v1/orders/reservations/reserve', {
          experienceId: 'exp-go-karts',
          slotId: slot.id,
          quantity: 1,
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(40);
    expect(refused[0]!.body.error).toMatchObject({ status: 409, code: 'capacity_exceeded' });
    expect(refused[0]!.body.error.message).toContain(slot.id);
    for (const answer of answers)
      expectContract('booking', 'POST', '/api/v1/orders/reservations/reserve', answer.status, answer.body);
    expect(await remainingIn(sb, 'exp-go-karts', slot.id, '+2d')).toBe(0);
  }, 90_000);
});
