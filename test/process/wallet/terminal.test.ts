// The interactive prompts in a real pseudo-terminal (tmux): the hidden
// password prompt of `login` and the confirmation of `reload`. Skipped, with
// a message, where tmux is not installed (CI installs it).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killTerminals, TerminalSession, tmuxAvailable, warnWithoutTmux } from '../../support/terminal.js';
import { startSandbox, type SandboxHandle } from '../../support/venue.js';
import { demoCard } from '../../support/wallet.js';

warnWithoutTmux('test/process/wallet/terminal.test.ts');

let sb: SandboxHandle;
let counter = 0;
const startInPane = (sandbox: SandboxHandle, args: string[]) =>
  TerminalSession.start(`w${++counter}`, args, sandbox.env);

describe.skipIf(!tmuxAvailable)('prompts in a pseudo-terminal', () => {
  beforeAll(async () => {
    sb = await startSandbox();
  });
  afterAll(async () => {
    killTerminals();
    await sb?.stop();
  });

  it('login asks for the password with a masked prompt and logs in', async () => {
    const pane = startInPane(sb, ['wallet', 'login', 'ava@example.com']);
    await pane.waitFor(/Password for ava@example\.com:/);
    pane.keys('-l', 'Sandbox123');
    const typed = await pane.waitFor(/\*{10}/);
    expect(typed).not.toContain('Sandbox123');
    pane.keys('Enter');
    const done = await pane.waitFor(/EXIT:\d+/);
    expect(done).toContain('Logged in as ava@example.com');
    expect(done).toContain('EXIT:0');
    expect(done).not.toContain('Sandbox123');
  });

  it('reload shows product and amount and asks before recording; "n" records nothing', async () => {
    const card = demoCard(1).cardNumber;
    const no = startInPane(sb, ['wallet', 'reload', card, '--product', 'RL-25', '--payment-ref', 'tty-1']);
    const asked = await no.waitFor(/Record this reload sale\?/);
    expect(asked).toContain('$25 play + $5 bonus (RL-25): $25.00');
    no.keys('n', 'Enter');
    const declined = await no.waitFor(/EXIT:\d+/);
    expect(declined).toContain('Not recorded');
    expect(declined).toContain('EXIT:8');

    const yes = startInPane(sb, ['wallet', 'reload', card, '--product', 'RL-25', '--payment-ref', 'tty-2']);
    await yes.waitFor(/Record this reload sale\?/);
    yes.keys('y', 'Enter');
    const done = await yes.waitFor(/EXIT:\d+/);
    expect(done).toContain('Recorded sale');
    expect(done).toMatch(/Play balance after\s+\$47\.50/);
    expect(done).toContain('EXIT:0');
  });

  it('signup asks for the CVV and the password twice, all masked', async () => {
    const card = demoCard(4);
    const pane = startInPane(sb, [
      'wallet',
      'signup',
      '--email',
      'tty@example.com',
      '--first-name',
      'T',
      '--last-name',
      'Y',
      '--barcode',
      card.barcode,
    ]);
    await pane.waitFor(/Card CVV/);
    pane.type(card.cvv);
    await pane.waitFor(/New password/);
    pane.type('Secret123');
    await pane.waitFor(/Same password again/);
    pane.type('Secret123');
    const done = await pane.waitFor(/EXIT:\d+/);
    expect(done).toContain('Registered tty@example.com');
    expect(done).not.toContain('Secret123');
    expect(done).not.toMatch(new RegExp(`CVV.*${card.cvv}`));
  });
});
