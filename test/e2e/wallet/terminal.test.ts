// The interactive prompts in a real pseudo-terminal (tmux): the hidden
// password prompt of `login` and the confirmation of `reload`. Skipped, with
// a message, where tmux is not installed (CI installs it).

import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, startSandbox, venueBin, type SandboxHandle } from '../../support/venue.js';
import { demoCard } from './helpers.js';

const hasTmux = (() => {
  try {
    execFileSync('tmux', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
if (!hasTmux) console.warn('test/e2e/wallet/terminal.test.ts skipped: tmux is not installed (apt-get install -y tmux)');

const socket = `venue-wallet-${process.pid}`;
const tmux = (...args: string[]) => execFileSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let sb: SandboxHandle;
let counter = 0;

/** Starts `venue …` in a detached 120×30 tmux pane; the pane stays after exit to be read. */
function startInPane(sb: SandboxHandle, args: string[]): string {
  const name = `w${++counter}`;
  const env = Object.entries({ ...sb.env, NO_COLOR: '1', TERM: 'xterm-256color', HOME: process.env.HOME ?? '/tmp' })
    .map(([k, v]) => `${k}='${v}'`)
    .join(' ');
  const command = `cd '${repoRoot}' && env -i PATH='${process.env.PATH}' ${env} '${process.execPath}' '${venueBin}' ${args.map((a) => `'${a}'`).join(' ')}; echo "EXIT=$?"; sleep 60`;
  tmux('new-session', '-d', '-s', name, '-x', '120', '-y', '30', command);
  return name;
}

async function waitFor(pane: string, pattern: RegExp, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let screen = '';
  while (Date.now() < deadline) {
    screen = tmux('capture-pane', '-p', '-t', pane);
    if (pattern.test(screen)) return screen;
    await sleep(150);
  }
  throw new Error(`timed out waiting for ${pattern} in:\n${screen}`);
}

describe.skipIf(!hasTmux)('prompts in a pseudo-terminal', () => {
  beforeAll(async () => {
    sb = await startSandbox();
  });
  afterAll(async () => {
    try {
      tmux('kill-server');
    } catch {
      // already gone
    }
    await sb?.stop();
  });

  it('login asks for the password with a masked prompt and logs in', async () => {
    const pane = startInPane(sb, ['wallet', 'login', 'ava@example.com']);
    await waitFor(pane, /Password for ava@example\.com:/);
    tmux('send-keys', '-t', pane, '-l', 'Sandbox123');
    const typed = await waitFor(pane, /\*{10}/);
    expect(typed).not.toContain('Sandbox123');
    tmux('send-keys', '-t', pane, 'Enter');
    const done = await waitFor(pane, /EXIT=\d+/);
    expect(done).toContain('Logged in as ava@example.com');
    expect(done).toContain('EXIT=0');
    expect(done).not.toContain('Sandbox123');
  });

  it('reload shows product and amount and asks before recording; "n" records nothing', async () => {
    const card = demoCard(1).cardNumber;
    const no = startInPane(sb, ['wallet', 'reload', card, '--product', 'RL-25', '--payment-ref', 'tty-1']);
    const asked = await waitFor(no, /Record this reload sale\?/);
    expect(asked).toContain('$25 play + $5 bonus (RL-25): $25.00');
    tmux('send-keys', '-t', no, 'n', 'Enter');
    expect(await waitFor(no, /EXIT=\d+/)).toContain('Not recorded.');

    const yes = startInPane(sb, ['wallet', 'reload', card, '--product', 'RL-25', '--payment-ref', 'tty-2']);
    await waitFor(yes, /Record this reload sale\?/);
    tmux('send-keys', '-t', yes, 'y', 'Enter');
    const done = await waitFor(yes, /EXIT=\d+/);
    expect(done).toContain('Recorded sale');
    expect(done).toMatch(/Play balance after\s+\$47\.50/);
    expect(done).toContain('EXIT=0');
  });

  it('signup asks for the CVV and the password twice, all masked', async () => {
    const card = demoCard(4);
    const pane = startInPane(sb, ['wallet', 'signup', '--email', 'tty@example.com', '--first-name', 'T', '--last-name', 'Y', '--barcode', card.barcode]);
    await waitFor(pane, /Card CVV/);
    tmux('send-keys', '-t', pane, '-l', card.cvv);
    tmux('send-keys', '-t', pane, 'Enter');
    await waitFor(pane, /New password/);
    tmux('send-keys', '-t', pane, '-l', 'Secret123');
    tmux('send-keys', '-t', pane, 'Enter');
    await waitFor(pane, /Same password again/);
    tmux('send-keys', '-t', pane, '-l', 'Secret123');
    tmux('send-keys', '-t', pane, 'Enter');
    const done = await waitFor(pane, /EXIT=\d+/);
    expect(done).toContain('Registered tty@example.com');
    expect(done).not.toContain('Secret123');
    expect(done).not.toMatch(new RegExp(`CVV.*${card.cvv}`));
  });
});
