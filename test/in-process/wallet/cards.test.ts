// Guest calls through the built binary: cards, balances in dollars and tokens,
// activity of the four kinds, products in display order, the reload sale
// (confirmation, duplicate, lost answer → exit 7) and both phone passes.

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, tempDir, type SandboxHandle } from '../../support/in-process.js';
import { demoCard, login } from '../../support/wallet.js';

let sb: SandboxHandle;
const ava1 = demoCard(1).cardNumber; // Downtown, dollars
const ava2 = demoCard(2).cardNumber; // Riverside, tokens
const bens = demoCard(3).cardNumber;

beforeAll(async () => {
  sb = await startSandbox();
  await login(sb, 'ava@example.com');
});
afterAll(async () => sb?.stop());

describe('cards and balances', () => {
  it("lists the guest's cards with type, nickname and status (the only session is the default)", async () => {
    const r = await sb.run(['wallet', 'cards']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/6001000000000000001\s+Standard\s+Ava main\s+activated/);
    expect(r.stdout).toMatch(/6001000000000000002\s+Premium\s+Riverside tokens/);
  });

  it('shows play balance in dollars at a dollar location and in tokens at a token location', async () => {
    const dollars = await sb.run(['wallet', 'balance', ava1]);
    expect(dollars.code, dollars.stderr).toBe(0);
    expect(dollars.stdout).toMatch(/Play balance\s+\$22\.50/);
    expect(dollars.stdout).toMatch(/Bonus balance\s+\$5\.00/);
    expect(dollars.stdout).toMatch(/Tickets\s+340/);
    const tokens = await sb.run(['wallet', 'balance', ava2, '--json']);
    expect(JSON.parse(tokens.stdout)).toMatchObject({
      playBalance: { amount: 120, unit: 'tokens' },
      bonusBalance: { amount: 20, unit: 'tokens' },
      ticketBalance: 55,
    });
    const table = await sb.run(['wallet', 'balance', ava2]);
    expect(table.stdout).toMatch(/Play balance\s+120 tokens/);
  });

  it('a card number that is not 19 digits is exit 2 before sending', async () => {
    const r = await sb.run(['--verbose', 'wallet', 'balance', '12345']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('cardNumber must be 19 digits');
    expect(r.stderr).not.toContain('> GET');
  });

  it('another guest\'s card is 404 "no such account or card"', async () => {
    const r = await sb.run(['wallet', 'balance', bens]);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('no such account or card');
  });
});

describe('activity', () => {
  it('shows the four kinds readably, newest first', async () => {
    const r = await sb.run(['wallet', 'activity', ava1]);
    expect(r.code, r.stderr).toBe(0);
    for (const label of ['Reload', 'Game play', 'Ticket win', 'Redemption']) expect(r.stdout).toContain(label);
    const json = JSON.parse((await sb.run(['wallet', 'activity', ava1, '--json'])).stdout) as Array<{
      occurredAt: string;
      kind: string;
    }>;
    const times = json.map((e) => e.occurredAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(new Set(json.map((e) => e.kind))).toEqual(new Set(['reload', 'game-play', 'ticket-win', 'redemption']));
  });

  it('filters by --kind and cuts at --limit', async () => {
    const r = await sb.run(['wallet', 'activity', ava1, '--kind', 'game-play', '--limit', '1', '--json']);
    const rows = JSON.parse(r.stdout) as Array<{ kind: string }>;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.kind).toBe('game-play');
    expect((await sb.run(['wallet', 'activity', ava1, '--kind', 'bogus'])).code).toBe(2);
    expect((await sb.run(['wallet', 'activity', ava1, '--limit', '0'])).code).toBe(2);
  });

  it('in-store activity simulated by `venue sandbox play` shows up', async () => {
    const played = await sb.run(['sandbox', 'play', ava1, '--kind', 'ticket-win', '--tickets', '25']);
    expect(played.code, played.stderr).toBe(0);
    const r = await sb.run(['wallet', 'activity', ava1, '--limit', '1', '--json']);
    expect(JSON.parse(r.stdout)[0]).toMatchObject({ kind: 'ticket-win', tickets: 25 });
  });
});

describe('products', () => {
  it('lists quick-reload products in display order, online ones only', async () => {
    const r = await sb.run(['wallet', 'products', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const products = JSON.parse(r.stdout) as Array<{ productId: string; displayOrder: number }>;
    expect(products.map((p) => p.productId)).toEqual(['RL-10', 'RL-25', 'RL-50']);
  });
});

describe('reload', () => {
  it('without a terminal and without --yes is exit 2 naming --yes; nothing sent', async () => {
    const r = await sb.run(['--verbose', 'wallet', 'reload', ava1, '--product', 'RL-10', '--payment-ref', 'pay-noyes']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--yes');
    expect(r.stderr).not.toContain('/api/v1/sale');
  });

  it('records the sale, shows product and amount, then the balance after', async () => {
    const r = await sb.run(['wallet', 'reload', ava1, '--product', 'RL-25', '--payment-ref', 'pay-001', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('$25 play + $5 bonus (RL-25): $25.00');
    expect(r.stderr).toContain('Recorded sale');
    expect(r.stdout).toMatch(/Play balance after\s+\$47\.50/);
    const reloads = JSON.parse(
      (await sb.run(['wallet', 'activity', ava1, '--kind', 'reload', '--json'])).stdout,
    ) as Array<{ paymentReference?: string }>;
    expect(reloads[0]!.paymentReference).toBe('pay-001');
  });

  it('credits tokens at a token location', async () => {
    const r = await sb.run([
      'wallet',
      'reload',
      ava2,
      '--product',
      'RL-10',
      '--payment-ref',
      'pay-002',
      '--yes',
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    // The write's outcome: the sale in venue's names, the balance read after it beside it.
    const outcome = JSON.parse(r.stdout);
    expect(outcome).toMatchObject({ status: 'recorded', reference: 'pay-002', resource: 'sale' });
    expect(outcome.record.credited.play).toEqual({ amount: 40, unit: 'tokens' });
    expect(outcome.related.balanceAfter.playBalance).toEqual({ amount: 160, unit: 'tokens' });
  });

  it('a rerun of a recorded reload (same card, product and reference) sends nothing, credits nothing and exits 0', async () => {
    const before = JSON.parse((await sb.run(['wallet', 'balance', ava1, '--json'])).stdout);
    const r = await sb.run([
      '--verbose',
      'wallet',
      'reload',
      ava1,
      '--product',
      'RL-25',
      '--payment-ref',
      'pay-001',
      '--yes',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('already recorded');
    expect(r.stderr).not.toMatch(/> POST \S+\/api\/v1\/sale/);
    const after = JSON.parse((await sb.run(['wallet', 'balance', ava1, '--json'])).stdout);
    expect(after.playBalance).toEqual(before.playBalance);
  });

  it('an unknown product is exit 4 and lists the products; a bad payment ref is exit 2', async () => {
    const r = await sb.run(['wallet', 'reload', ava1, '--product', 'RL-STORE-5', '--payment-ref', 'pay-x', '--yes']);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('RL-10, RL-25, RL-50');
    const bad = await sb.run(['wallet', 'reload', ava1, '--product', 'RL-10', '--payment-ref', 'has space', '--yes']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--payment-ref');
  });

  it('a lost answer is exit 7, the sale is not resent, and the hint says what to check', async () => {
    await sb.control('POST', '/faults', { dropAfterProcessing: [{ match: 'POST /wallet/api/v1/sale', remaining: 1 }] });
    try {
      const r = await sb.run([
        '--verbose',
        'wallet',
        'reload',
        ava1,
        '--product',
        'RL-10',
        '--payment-ref',
        'pay-lost',
        '--yes',
      ]);
      expect(r.code).toBe(7);
      expect(r.stderr).toContain(`venue wallet activity ${ava1} --kind reload`);
      expect(r.stderr).toContain('pay-lost');
      expect(r.stderr.match(/> POST \S+\/api\/v1\/sale/g)).toHaveLength(1);
    } finally {
      await sb.control('DELETE', '/faults');
    }
    // The sale was applied: following the hint finds it, and running it again settles it (the wallet
    // recognises the repeated reference), never charging twice.
    const reloads = JSON.parse(
      (await sb.run(['wallet', 'activity', ava1, '--kind', 'reload', '--json'])).stdout,
    ) as Array<{ paymentReference?: string }>;
    expect(reloads.filter((e) => e.paymentReference === 'pay-lost')).toHaveLength(1);
    const again = await sb.run(['wallet', 'reload', ava1, '--product', 'RL-10', '--payment-ref', 'pay-lost', '--yes']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/already/i);
    const after = JSON.parse(
      (await sb.run(['wallet', 'activity', ava1, '--kind', 'reload', '--json'])).stdout,
    ) as Array<{ paymentReference?: string }>;
    expect(after.filter((e) => e.paymentReference === 'pay-lost')).toHaveLength(1);
  });
});

describe('phone wallet passes', () => {
  it('walletA: saves the binary pass to <cardNumber>.pkpass by default, and to --out', async () => {
    const dir = tempDir();
    try {
      const r = await sb.run(['wallet', 'pass', ava1, '--platform', 'walletA'], { cwd: dir });
      expect(r.code, r.stderr).toBe(0);
      const bytes = fs.readFileSync(path.join(dir, `${ava1}.pkpass`));
      expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
      const out = path.join(dir, 'ava.pkpass');
      const named = await sb.run(['wallet', 'pass', ava1, '--platform', 'walletA', '--out', out, '--json']);
      expect(JSON.parse(named.stdout)).toMatchObject({ file: out, contentType: 'application/vnd.apple.pkpass' });
      const exists = await sb.run(['wallet', 'pass', ava1, '--platform', 'walletA', '--out', out]);
      expect(exists.code).toBe(2);
      expect(exists.stderr).toContain('--force');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('walletB: prints the save link on stdout', async () => {
    const r = await sb.run(['wallet', 'pass', ava1, '--platform', 'walletB']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim()).toMatch(/^https:\/\/pay\.example\/save\/\S+$/);
  });

  it("an unknown platform is exit 2; another guest's card is exit 4", async () => {
    expect((await sb.run(['wallet', 'pass', ava1, '--platform', 'walletC'])).code).toBe(2);
    expect((await sb.run(['wallet', 'pass', bens, '--platform', 'walletB'])).code).toBe(4);
  });
});
