// `venue booking book` driven through a real pseudo-terminal (tmux): arrow
// keys, selections, typed answers, and Ctrl-C, which must release the hold.

import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, startSandbox, venueBin, type SandboxHandle } from '../../support/venue.js';
import { bookingApi, bookingToken, remainingIn, slotsOf } from './helpers.js';

function hasTmux(): boolean {
  try {
    execFileSync('tmux', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const tmuxAvailable = hasTmux();
if (!tmuxAvailable) console.warn('tmux is not installed: skipping the terminal test of `venue booking book` (install tmux to run it)');

const socket = `venue-booking-${process.pid}`;
const tmux = (...args: string[]) => execFileSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' });
const screen = (session: string) => tmux('capture-pane', '-p', '-t', session);
const keys = (session: string, ...k: string[]) => tmux('send-keys', '-t', session, ...k);

async function waitFor(session: string, text: string | RegExp, timeoutMs = 15_000): Promise<string> {
  const started = Date.now();
  for (;;) {
    const shown = screen(session);
    if (typeof text === 'string' ? shown.includes(text) : text.test(shown)) return shown;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${String(text)}; screen:\n${shown}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Moves the select cursor (❯) down with the arrow key to the line containing text, then picks it. */
async function choose(session: string, text: string): Promise<void> {
  await waitFor(session, '❯');
  for (let moves = 0; moves <= 20; moves++) {
    const cursorLine = screen(session).split('\n').find((line) => line.trimStart().startsWith('❯')) ?? '';
    if (cursorLine.includes(text)) {
      keys(session, 'Enter');
      return;
    }
    keys(session, 'Down');
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`no choice "${text}" reached; screen:\n${screen(session)}`);
}

let sb: SandboxHandle;
let tomorrow = '';
beforeAll(async () => {
  if (!tmuxAvailable) return;
  sb = await startSandbox();
  tomorrow = (await slotsOf(sb, 'exp-vr-arena'))[0]!.date;
}, 60_000);
afterAll(async () => {
  if (!tmuxAvailable) return;
  try {
    tmux('kill-server');
  } catch {
    // already gone
  }
  await sb?.stop();
}, 60_000);

function startVenue(session: string, args: string[]): void {
  const env = Object.entries({ ...sb.env, NO_COLOR: '1', LANG: 'C.UTF-8', TERM: 'xterm-256color', PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' })
    .map(([k, v]) => `${k}='${v}'`)
    .join(' ');
  const command = `env -i ${env} '${process.execPath}' '${venueBin}' ${args.join(' ')}; echo "EXIT:$?"; sleep 60`;
  tmux('new-session', '-d', '-s', session, '-x', '120', '-y', '40', '-c', repoRoot, command);
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
    const taken = await bookingApi(sb, token, 'POST', '/api/v1/orders/reservations/reserve', { experienceId: 'exp-vr-arena', slotId: first.id, quantity: first.remaining });
    expect(taken.status).toBe(201);
    keys('race', 'Enter');
    for (const [prompt, answer] of [['Guest first name', 'Ada'], ['Guest last name', 'Lovelace'], ['Guest email', 'ada@example.com']] as const) {
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
    const held = await bookingApi(sb, token, 'POST', '/api/v1/orders/reservations/reserve', { experienceId: 'exp-mini-golf', slotId: slot.id, quantity: 3 });
    const order = await bookingApi(sb, token, 'POST', '/api/v1/orders/initiate', { reservationIds: [held.body.reservationId], guest: { firstName: 'A', lastName: 'B', email: 'a@b.co' } });
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
