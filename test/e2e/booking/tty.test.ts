// `venue booking book` driven through a real pseudo-terminal (tmux): arrow
// keys, selections, typed answers, and Ctrl-C, which must release the hold.

import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, startSandbox, venueBin, type SandboxHandle } from '../../support/venue.js';
import { remainingIn, slotsOf } from './helpers.js';

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

let sb: SandboxHandle;
beforeAll(async () => {
  if (tmuxAvailable) sb = await startSandbox();
});
afterAll(async () => {
  if (!tmuxAvailable) return;
  try {
    tmux('kill-server');
  } catch {
    // already gone
  }
  await sb?.stop();
});

function startBook(session: string): void {
  const env = Object.entries({ ...sb.env, NO_COLOR: '1', LANG: 'C.UTF-8', TERM: 'xterm-256color', PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' })
    .map(([k, v]) => `${k}='${v}'`)
    .join(' ');
  const command = `env -i ${env} '${process.execPath}' '${venueBin}' booking book; echo "EXIT:$?"; sleep 60`;
  tmux('new-session', '-d', '-s', session, '-x', '120', '-y', '40', '-c', repoRoot, command);
}

/** Northgate (arrow down once) → VR Arena → tomorrow (arrow down once) → first session → 2 places → guest. */
async function walkToHold(session: string): Promise<void> {
  await waitFor(session, 'Location');
  keys(session, 'Down');
  await waitFor(session, /❯ Northgate Family Park/);
  keys(session, 'Enter');
  await waitFor(session, 'VR Arena');
  keys(session, 'Enter');
  await waitFor(session, 'places left');
  keys(session, 'Down');
  keys(session, 'Enter');
  await waitFor(session, 'Session');
  await waitFor(session, '11:00');
  keys(session, 'Enter');
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
  });

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
  });
});
