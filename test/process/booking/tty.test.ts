// `venue booking book` driven through a real pseudo-terminal (tmux): arrow
// keys, selections, typed answers, and Ctrl-C, which must release the hold.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killTerminals, TerminalSession, tmuxAvailable, warnWithoutTmux } from '../../support/terminal.js';
import { startSandbox, type SandboxHandle } from '../../support/venue.js';
import { bookingApi, bookingToken, remainingIn, slotsOf } from '../../support/booking.js';

warnWithoutTmux('the terminal test of `venue booking book`');

const sessions = new Map<string, TerminalSession>();
const session = (name: string) => sessions.get(name)!;
const screen = (name: string) => session(name).screen();
const keys = (name: string, ...k: string[]) => session(name).keys(...k);
const waitFor = (name: string, text: string | RegExp, timeoutMs?: number) => session(name).waitFor(text, timeoutMs);
const choose = (name: string, text: string) => session(name).choose(text);

let sb: SandboxHandle;
let tomorrow = '';
beforeAll(async () => {
  if (!tmuxAvailable) return;
  sb = await startSandbox();
  tomorrow = (await slotsOf(sb, 'exp-vr-arena'))[0]!.date;
}, 60_000);
afterAll(async () => {
  if (!tmuxAvailable) return;
  killTerminals();
  await sb?.stop();
}, 60_000);

function startVenue(name: string, args: string[]): void {
  sessions.set(name, TerminalSession.start(name, args, sb.env));
}

const startBook = (session: string) => startVenue(session, ['booking', 'book']);

/** Northgate (arrow down once) → VR Arena → tomorrow (arrow down once) → first session → 2 places → guest. */
async function walkToHold(session: string): Promise<void> {
  await waitFor(session, 'Location');
  await choose(session, 'Northgate Family Park');
  await waitFor(session, 'VR Arena');
  await choose(session, 'VR Arena');
  await waitFor(session, 'places left');
  await choose(session, tomorrow);
  await waitFor(session, 'Session');
  await choose(session, '11:00');
  await waitFor(session, 'How many places');
  keys(session, 'BSpace', '2', 'Enter');
  await waitFor(session, 'Guest first name');
  keys(session, '-l', 'Ada');
  keys(session, 'Enter');
  await waitFor(session, 'Guest last name');
  keys(session, '-l', 'Lovelace');
  keys(session, 'Enter');
  await waitFor(session, 'Guest email');
  keys(session, '-l', 'ada@example.com');
  keys(session, 'Enter');
  await waitFor(session, 'Payment reference');
}

describe.skipIf(!tmuxAvailable)('book in a real terminal', () => {
  it('Ctrl-C at the payment step releases the hold and exits 130', async () => {
    const slot = (await slotsOf(sb, 'exp-vr-arena'))[0]!;
    startBook('abort');
    await walkToHold('abort');
    const held = screen('abort');
    expect(held).toContain(`Held 2 places in ${slot.id}`);
    expect(await remainingIn(sb, 'exp-vr-arena', slot.id)).toBe(8);
    keys('abort', 'C-c');
    const after = await waitFor('abort', /EXIT:\d+/);
    expect(after).toMatch(/cancelled order ord-\d+ and released its hold/);
    expect(after).toContain('EXIT:130');
    expect(await remainingIn(sb, 'exp-vr-arena', slot.id)).toBe(10);
  }, 90_000);

  it('completes the journey with a payment reference and a confirmation', async () => {
    const slot = (await slotsOf(sb, 'exp-vr-arena'))[0]!;
    startBook('done');
    await walkToHold('done');
    keys('done', '-l', 'PSP-TTY-1');
    keys('done', 'Enter');
    await waitFor('done', 'Record the payment of $48.00');
    keys('done', 'y');
    keys('done', 'Enter');
    const after = await waitFor('done', /EXIT:\d+/);
    expect(after).toContain('EXIT:0');
    expect(after).toMatch(/Booked: order ord-\d+ is confirmed/);
    expect(await remainingIn(sb, 'exp-vr-arena', slot.id)).toBe(8);
  }, 90_000);

  it('offers the nearest sessions with room when the chosen one fills up meanwhile', async () => {
    const slots = await slotsOf(sb, 'exp-vr-arena');
    const [first, second] = [slots[0]!, slots[1]!];
    startBook('race');
    await waitFor('race', 'Location');
    await choose('race', 'Northgate Family Park');
    await waitFor('race', 'VR Arena');
    await choose('race', 'VR Arena');
    await waitFor('race', 'places left');
    await choose('race', tomorrow);
    await waitFor('race', '11:00');
    await choose('race', '11:00');
    await waitFor('race', 'How many places');
    // Someone else takes every place left in the chosen session while the guest is typing.
    const token = await bookingToken(sb);
    const taken = await bookingApi(sb, token, 'POST', '/api/v1/orders/reservations/reserve', {
      experienceId: 'exp-vr-arena',
      slotId: first.id,
      quantity: first.remaining,
    });
    expect(taken.status).toBe(201);
    keys('race', 'Enter');
    for (const [prompt, answer] of [
      ['Guest first name', 'Ada'],
      ['Guest last name', 'Lovelace'],
      ['Guest email', 'ada@example.com'],
    ] as const) {
      await waitFor('race', prompt);
      keys('race', '-l', answer);
      keys('race', 'Enter');
    }
    const offered = await waitFor('race', 'Nearest sessions with room');
    expect(offered).toContain(`slot ${first.id} is full`);
    expect(offered).toContain('12:00');
    keys('race', 'Enter');
    await waitFor('race', 'Payment reference');
    expect(screen('race')).toContain(`Held 1 place in ${second.id}`);
    keys('race', 'C-c');
    expect(await waitFor('race', /EXIT:\d+/)).toContain('EXIT:130');
    expect(await remainingIn(sb, 'exp-vr-arena', second.id)).toBe(second.remaining);
  }, 90_000);

  it('order cancel shows what will be cancelled and asks', async () => {
    const slot = (await slotsOf(sb, 'exp-mini-golf'))[0]!;
    const token = await bookingToken(sb);
    const held = await bookingApi(sb, token, 'POST', '/api/v1/orders/reservations/reserve', {
      experienceId: 'exp-mini-golf',
      slotId: slot.id,
      quantity: 3,
    });
    const order = await bookingApi(sb, token, 'POST', '/api/v1/orders/initiate', {
      reservationIds: [held.body.reservationId],
      guest: { firstName: 'A', lastName: 'B', email: 'a@b.co' },
    });
    const orderId = order.body.orderId as string;
    startVenue('cancel', ['booking', 'order', 'cancel', orderId]);
    const asked = await waitFor('cancel', 'and release its reservations?');
    expect(asked).toContain(`This will cancel order ${orderId} (created, total $27.00, guest a@b.co)`);
    expect(asked).toContain(`3 place(s) in ${slot.id}`);
    keys('cancel', 'y');
    keys('cancel', 'Enter');
    expect(await waitFor('cancel', /EXIT:\d+/)).toContain('EXIT:0');
    expect(await remainingIn(sb, 'exp-mini-golf', slot.id)).toBe(12);
  }, 90_000);

  it('availability draws a calendar of places left on a terminal', async () => {
    startVenue('calendar', ['booking', 'availability', 'exp-escape-room', '--from', 'tomorrow', '--days', '10']);
    const shown = await waitFor('calendar', /EXIT:\d+/);
    expect(shown).toContain('EXIT:0');
    expect(shown).toMatch(/Mon\s+Tue\s+Wed\s+Thu\s+Fri\s+Sat\s+Sun/);
    expect(shown).toContain(tomorrow.slice(5));
    expect(shown).toMatch(/\b40\b/);
  }, 90_000);
});
