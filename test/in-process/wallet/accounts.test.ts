// Sign-up, login, sessions, logout and the password reset through the built
// binary against a private sandbox: every seed rule, checked before sending
// (exit 2) and by the sandbox, and the messages a support engineer acts on.

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../support/in-process.js';
import { DEMO_PASSWORD, demoCard, latestCode, login } from '../../support/wallet.js';

let sb: SandboxHandle;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(async () => sb?.stop());

const signupArgs = (email: string, barcode: string, extra: string[] = []) => [
  'wallet',
  'signup',
  '--email',
  email,
  '--first-name',
  'Dana',
  '--last-name',
  'Reyes',
  '--barcode',
  barcode,
  ...extra,
];

describe('signup', () => {
  it('registers a guest with an activated card (password and CVV on stdin, two lines) and the guest can log in', async () => {
    const card = demoCard(4);
    const r = await sb.run(
      [...signupArgs('dana@example.com', card.barcode, ['--nickname', 'Dana main']), '--password-stdin', '--cvv-stdin'],
      {
        input: `Secret123\n${card.cvv}\n`,
      },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Registered dana@example.com');
    await login(sb, 'dana@example.com', 'Secret123');
    const cards = await sb.run(['wallet', 'cards', '--as', 'dana@example.com', '--json']);
    expect(JSON.parse(cards.stdout)).toEqual([
      expect.objectContaining({ cardNumber: card.cardNumber, nickname: 'Dana main', status: 'activated' }),
    ]);
  });

  it('takes the CVV from VENUE_WALLET_CVV', async () => {
    const card = demoCard(8);
    const r = await sb.run([...signupArgs('eli@example.com', card.barcode), '--password-stdin'], {
      input: 'Secret123\n',
      env: { VENUE_WALLET_CVV: card.cvv },
    });
    expect(r.code, r.stderr).toBe(0);
  });

  it('refuses a bare --cvv value with exit 2, says how to pass it, and never echoes it', async () => {
    const r = await sb.run(
      [...signupArgs('fay@example.com', demoCard(7).barcode), '--cvv', '777', '--password-stdin'],
      { input: 'Secret123\n' },
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--cvv does not take the secret on the command line/);
    expect(r.stderr).toMatch(/--cvv-stdin/);
    expect(r.stderr + r.stdout).not.toContain('777');
  });

  it('refuses --password with a value (exit 2)', async () => {
    const r = await sb.run(['wallet', 'login', 'ava@example.com', '--password', DEMO_PASSWORD]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--password-stdin');
    expect(r.stderr).not.toContain(DEMO_PASSWORD);
  });

  it('checks every seed rule before sending: email, barcode, CVV, password (exit 2, one line each, nothing sent)', async () => {
    const r = await sb.run(['--verbose', ...signupArgs('not-an-email', '12345'), '--password-stdin', '--cvv-stdin'], {
      input: 'short\n12\n',
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--email must be an email address');
    expect(r.stderr).toContain('--barcode must be 10 digits');
    expect(r.stderr).not.toContain('> POST'); // the flags failed first: no request, no secret read
    const secrets = await sb.run(
      ['--verbose', ...signupArgs('gus@example.com', demoCard(7).barcode), '--password-stdin', '--cvv-stdin'],
      { input: 'short\n12\n' },
    );
    expect(secrets.code).toBe(2);
    expect(secrets.stderr).toContain('CVV must be 3 digits');
    expect(secrets.stderr).toContain('password must be 8 to 20 characters');
    expect(secrets.stderr).toContain('password must contain a digit');
    expect(secrets.stderr).toContain('password must contain an uppercase letter');
    expect(secrets.stderr).not.toContain('> POST');
    expect(secrets.stderr).toContain('Nothing was sent');
  });

  it('needs both lines when password and CVV both come from stdin', async () => {
    const r = await sb.run([...signupArgs('gus@example.com', demoCard(7).barcode), '--password-stdin', '--cvv-stdin'], {
      input: 'Secret123\n',
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('line 2');
  });

  it('without a terminal and without --cvv-stdin says which flag to pass (exit 2, no hang)', async () => {
    const r = await sb.run([...signupArgs('gus@example.com', demoCard(7).barcode), '--password-stdin'], {
      input: 'Secret123\n',
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--cvv-stdin');
  });

  it('409: "this email is already registered"', async () => {
    const r = await sb.run([...signupArgs('ava@example.com', demoCard(7).barcode), '--password-stdin', '--cvv-stdin'], {
      input: `Secret123\n${demoCard(7).cvv}\n`,
    });
    expect(r.code, r.stderr).toBe(5);
    expect(r.stderr).toContain('this email is already registered');
  });

  it('422: "card not activated — any in-store activity activates it"; after activate-card the sign-up works', async () => {
    const card = demoCard(5);
    const args = [...signupArgs('hal@example.com', card.barcode), '--password-stdin', '--cvv-stdin'];
    const r = await sb.run(args, { input: `Secret123\n${card.cvv}\n` });
    expect(r.code).toBe(5);
    expect(r.stderr).toContain('card not activated — any in-store activity activates it');
    const activated = await sb.run(['sandbox', 'activate-card', card.barcode]);
    expect(activated.code, activated.stderr).toBe(0);
    expect(activated.stderr).toContain(`Activated card ${card.cardNumber}`);
    const again = await sb.run(args, { input: `Secret123\n${card.cvv}\n` });
    expect(again.code, again.stderr).toBe(0);
  });

  it('in-store play activates a card too (sandbox play)', async () => {
    const card = demoCard(6);
    const played = await sb.run(['sandbox', 'play', card.cardNumber, '--kind', 'reload', '--amount', '20']);
    expect(played.code, played.stderr).toBe(0);
    const r = await sb.run([...signupArgs('ivy@example.com', card.barcode), '--password-stdin', '--cvv-stdin'], {
      input: `Secret123\n${card.cvv}\n`,
    });
    expect(r.code, r.stderr).toBe(0);
  });

  it('404: "no such account or card" for a wrong CVV', async () => {
    const r = await sb.run([...signupArgs('jon@example.com', demoCard(7).barcode), '--password-stdin', '--cvv-stdin'], {
      input: 'Secret123\n000\n',
    });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('no such account or card');
  });
});

describe('login, sessions, logout', () => {
  it('keeps the session in a 0600 file and lists emails and expiries, never tokens', async () => {
    await login(sb, 'ava@example.com');
    const file = path.join(sb.configDir, 'state', 'wallet-sessions.json');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const r = await sb.run(['wallet', 'sessions', '--json']);
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout) as Array<Record<string, string>>;
    const ava = rows.find((s) => s.email === 'ava@example.com')!;
    expect(ava.state).toBe('active');
    expect(Date.parse(ava.refreshExpiresAt!)).toBeGreaterThan(Date.parse(ava.accessExpiresAt!));
    const tokens = JSON.parse(fs.readFileSync(file, 'utf8')).sandbox['ava@example.com'];
    expect(r.stdout).not.toContain(tokens.accessToken);
    expect(r.stdout).not.toContain(tokens.refreshToken);
    expect(r.stdout).not.toMatch(/eyJ/);
  });

  it('a wrong password is an auth error that points to the reset (exit 3)', async () => {
    const r = await sb.run(['wallet', 'login', 'ava@example.com', '--password-stdin'], { input: 'Wrong1234\n' });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('was refused');
    expect(r.stderr).toContain('venue wallet reset-password ava@example.com');
  });

  it('an unknown account: "no such account or card" (exit 4)', async () => {
    const r = await sb.run(['wallet', 'login', 'nobody@example.com', '--password-stdin'], { input: 'Secret123\n' });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('no such account or card');
  });

  it('several sessions: a guest call without --as is exit 2 naming --as; logout forgets one', async () => {
    await login(sb, 'ben@example.com');
    const ambiguous = await sb.run(['wallet', 'cards']);
    expect(ambiguous.code, ambiguous.stderr).toBe(2);
    expect(ambiguous.stderr).toContain('--as');
    const out = await sb.run(['wallet', 'logout', 'ben@example.com']);
    expect(out.code, out.stderr).toBe(0);
    const again = await sb.run(['wallet', 'logout', 'ben@example.com']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('No session stored');
  });
});

describe('password reset', () => {
  it('mails a code to the sandbox outbox; confirm-reset with it changes the password; the code works once', async () => {
    const email = 'cara@example.com';
    const started = await sb.run(['wallet', 'reset-password', email]);
    expect(started.code, started.stderr).toBe(0);
    expect(started.stderr).toContain('venue sandbox outbox');
    const code = await latestCode(sb, email);

    const weak = await sb.run(['--verbose', 'wallet', 'confirm-reset', email, '--code', code, '--password-stdin'], {
      input: 'alllowercase\n',
    });
    expect(weak.code).toBe(2);
    expect(weak.stderr).toContain('password must contain a digit');
    expect(weak.stderr).not.toContain('> PUT');

    const wrong = await sb.run(
      ['wallet', 'confirm-reset', email, '--code', code === '000000' ? '111111' : '000000', '--password-stdin'],
      { input: 'NewSecret9\n' },
    );
    expect(wrong.code).toBe(5);
    expect(wrong.stderr).toContain('the confirmation code is wrong, already used or expired');

    const ok = await sb.run(['wallet', 'confirm-reset', email, '--code', code, '--password-stdin'], {
      input: 'NewSecret9\n',
    });
    expect(ok.code, ok.stderr).toBe(0);
    await login(sb, email, 'NewSecret9');
    const old = await sb.run(['wallet', 'login', email, '--password-stdin'], { input: `${DEMO_PASSWORD}\n` });
    expect(old.code).toBe(3);

    const reused = await sb.run(['wallet', 'confirm-reset', email, '--code', code, '--password-stdin'], {
      input: 'Another99X\n',
    });
    expect(reused.code).toBe(5);
  });

  it('a code expires after 15 minutes (sandbox clock)', async () => {
    const email = 'ben@example.com';
    expect((await sb.run(['wallet', 'reset-password', email])).code).toBe(0);
    const code = await latestCode(sb, email);
    await sb.control('POST', '/clock', { advanceSeconds: 16 * 60 });
    try {
      const r = await sb.run(['wallet', 'confirm-reset', email, '--code', code, '--password-stdin'], {
        input: 'NewSecret9\n',
      });
      expect(r.code).toBe(5);
    } finally {
      await sb.control('POST', '/clock', { offsetSeconds: 0 });
    }
  });

  it('reset for an unknown email: exit 4; a malformed email: exit 2 before sending', async () => {
    expect((await sb.run(['wallet', 'reset-password', 'nobody@example.com'])).code).toBe(4);
    const bad = await sb.run(['wallet', 'reset-password', 'nobody']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('email must be an email address');
  });
});
