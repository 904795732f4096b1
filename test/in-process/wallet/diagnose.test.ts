// `venue wallet diagnose` through the built binary: from the stored session,
// with the guest's password, offline; --json and --redact; and the findings
// support meets: not activated, stale sync, missing reload, expired session.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../support/in-process.js';
import { demoCard, login } from '../../support/wallet.js';

let sb: SandboxHandle;
const ava1 = demoCard(1).cardNumber;
interface Finding {
  severity: string;
  code: string;
  cardNumber?: string;
  message: string;
  nextStep: string;
}
interface Diagnosis {
  email: string;
  access: string;
  session: { stored: boolean; state: string; accessExpiresAt?: string };
  cards: Array<{ cardNumber: string; nickname?: string; playBalance?: string; lastTransactions: unknown[] }>;
  findings: Finding[];
  notSeen: string[];
}
const diagnoseJson = async (args: string[], input?: string): Promise<Diagnosis> => {
  const r = await sb.run(['wallet', 'diagnose', ...args, '--json'], { input });
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Diagnosis;
};
const codes = (d: Diagnosis) => d.findings.map((f) => f.code);

beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(async () => sb?.stop());

describe('diagnose', () => {
  it('without a session or password: offline checks only, and says what it could not see', async () => {
    const r = await sb.run(['wallet', 'diagnose', 'ava@example.com']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('none stored');
    expect(r.stdout).toContain('Could not see');
    expect(r.stdout).toContain('--password-stdin');
  });

  it('from the stored session: each card with type, nickname, balances and last transactions; token expiries, never tokens', async () => {
    await login(sb, 'ava@example.com');
    const r = await sb.run(['wallet', 'diagnose', 'ava@example.com']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('online data via stored session');
    expect(r.stdout).toMatch(/access token expires \d{4}-/);
    expect(r.stdout).toContain('Card 6001000000000000001 Standard "Ava main"');
    expect(r.stdout).toContain('play $22.50 · bonus $5.00 · tickets 340');
    expect(r.stdout).toContain('play 120 tokens');
    expect(r.stdout).toContain('nothing wrong found');
    expect(r.stdout).not.toMatch(/eyJ/);
  });

  it('--card limits the view and flags a card that is not on the account', async () => {
    const one = await diagnoseJson(['ava@example.com', '--card', ava1]);
    expect(one.cards.map((c) => c.cardNumber)).toEqual([ava1]);
    expect(one.cards[0]!.lastTransactions.length).toBeGreaterThan(0);
    const other = await diagnoseJson(['ava@example.com', '--card', demoCard(3).cardNumber]);
    expect(codes(other)).toContain('card_not_on_account');
    const malformed = await diagnoseJson(['ava@example.com', '--card', '12345']);
    expect(codes(malformed)).toContain('card_number_invalid');
  });

  it("with the guest's password: finds a stale card (no sync for a long time) without storing a session", async () => {
    const d = await diagnoseJson(['ben@example.com', '--password-stdin'], 'Sandbox123\n');
    expect(d.access).toBe('password');
    expect(d.session.stored).toBe(false);
    const stale = d.findings.find((f) => f.code === 'no_recent_sync')!;
    expect(stale.message).toMatch(/no activity synchronised for 1\d\d days/);
    expect(stale.nextStep).toContain('on-premise');
    const sessions = JSON.parse((await sb.run(['wallet', 'sessions', '--json'])).stdout) as Array<{ email: string }>;
    expect(sessions.map((s) => s.email)).not.toContain('ben@example.com');
  });

  it('a card not activated, with the next step', async () => {
    const d = await diagnoseJson(['cara@example.com', '--password-stdin'], 'Sandbox123\n');
    const finding = d.findings.find((f) => f.code === 'card_not_activated')!;
    expect(finding.severity).toBe('problem');
    expect(finding.nextStep).toContain('in-store activity activates it');
  });

  it('a refused password or an unknown account is a finding, not a failure', async () => {
    expect(codes(await diagnoseJson(['cara@example.com', '--password-stdin'], 'Wrong1234\n'))).toContain(
      'password_refused',
    );
    expect(codes(await diagnoseJson(['nobody@example.com', '--password-stdin'], 'Wrong1234\n'))).toContain(
      'no_account',
    );
  });

  it('a recent reload missing from activity (location not synchronising)', async () => {
    await sb.control('POST', '/wallet/sync', { cardNumber: ava1, paused: true });
    try {
      const reload = await sb.run(['wallet', 'reload', ava1, '--product', 'RL-10', '--payment-ref', 'diag-1', '--yes']);
      expect(reload.code, reload.stderr).toBe(0);
      const d = await diagnoseJson(['ava@example.com', '--card', ava1]);
      const missing = d.findings.find((f) => f.code === 'reload_missing_from_activity')!;
      expect(missing.message).toContain('diag-1');
      expect(missing.nextStep).toContain(`venue wallet activity ${ava1} --kind reload`);
    } finally {
      await sb.control('POST', '/wallet/sync', { cardNumber: ava1, paused: false });
    }
    expect(codes(await diagnoseJson(['ava@example.com', '--card', ava1]))).not.toContain(
      'reload_missing_from_activity',
    );
  });

  it('--redact masks email, nicknames and card numbers but their last 4 digits', async () => {
    const r = await sb.run(['wallet', 'diagnose', 'ava@example.com', '--json', '--redact']);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('ava@example.com');
    expect(r.stdout).not.toContain(ava1);
    expect(r.stdout).not.toContain('Ava main');
    const d = JSON.parse(r.stdout) as Diagnosis;
    expect(d.email).toBe('a***@e***.com');
    expect(d.cards.map((c) => c.cardNumber)).toContain('***************0001');
    expect(d.cards[0]!.playBalance).toBe('$32.50');
  });

  it('an expired refresh token in the stored session is a finding with "venue wallet login"', async () => {
    await sb.control('POST', '/clock', { advanceSeconds: 31 * 86_400 });
    try {
      const d = await diagnoseJson(['ava@example.com']);
      const f = d.findings.find((x) => x.code === 'refresh_token_expired')!;
      expect(f.nextStep).toContain('venue wallet login ava@example.com');
    } finally {
      await sb.control('POST', '/clock', { offsetSeconds: 0 });
    }
  });
});
