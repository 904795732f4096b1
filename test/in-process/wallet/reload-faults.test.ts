// Nothing lost, nothing doubled: 50 reloads through the built binary, 4 at a
// time, against a sandbox answering ~10% of sales with 500, ~10% of wallet
// calls with 429, and dropping a few sale answers after processing, while the
// cards also move in store. The unknowns are listed (`wallet reloads
// --unsettled`), then rerun with the same payment reference (the cron's
// "second night") until settled. The sandbox's own state is the witness:
// every reference credited exactly once, balances exactly what they should be.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunResult, type SandboxHandle } from '../../support/in-process.js';
import { guestTokens, login, walletFetch } from '../../support/wallet.js';

const CARDS = ['6001000000000000001', '6001000000000000002'];
const RELOADS = 50;
const ref = (i: number) => `night-${String(i).padStart(2, '0')}`;
const cardOf = (i: number) => CARDS[i % 2]!;

let sb: SandboxHandle;
beforeAll(async () => {
  sb = await startSandbox();
  await login(sb, 'ava@example.com');
}, 60_000);
afterAll(async () => {
  await sb?.stop();
}, 60_000);

async function pool<T>(items: T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}

const reload = (i: number): Promise<RunResult> =>
  sb.run(['wallet', 'reload', cardOf(i), '--product', 'RL-10', '--payment-ref', ref(i), '--yes'], {
    timeoutMs: 60_000,
  });

async function playBalances(): Promise<Record<string, number>> {
  const { items } = await sb.control<{ items: Array<{ cardNumber: string; playBalance: { amount: number } }> }>(
    'GET',
    '/wallet/cards',
  );
  return Object.fromEntries(
    items
      .filter((c) => CARDS.includes(c.cardNumber))
      .map((c) => [c.cardNumber, Math.round(c.playBalance.amount * 100)]),
  );
}

describe('50 reloads under faults, then the second night', () => {
  it('credits every payment reference exactly once, and lists and settles every unknown', async () => {
    const before = await playBalances();
    await sb.control('POST', '/faults', {
      errorRate: 0.1,
      errorStatus: 500,
      errorMatch: 'POST /wallet/api/v1/sale',
      rateLimitRate: 0.1,
      retryAfterSeconds: 0,
      rateLimitMatch: '/wallet/api/v1/*',
      dropAfterProcessing: [{ match: 'POST /wallet/api/v1/sale', remaining: 3 }],
    });

    // Concurrent movement on the same cards: in-store reloads and game plays, in cents of play per card.
    const storeDelta: Record<string, number> = { [CARDS[0]!]: 0, [CARDS[1]!]: 0 };
    const inStore = (async () => {
      for (let k = 0; k < 8; k++) {
        const card = CARDS[k % 2]!;
        if (k % 4 < 2) {
          await sb.control('POST', '/wallet/play', { cardNumber: card, kind: 'reload', amount: 5 });
          storeDelta[card]! += 500;
        } else {
          await sb.control('POST', '/wallet/play', { cardNumber: card, kind: 'game-play', amount: 1 });
          storeDelta[card]! -= 100;
        }
        await new Promise((r) => setTimeout(r, 150));
      }
    })();

    const indices = Array.from({ length: RELOADS }, (_, i) => i);
    const first = new Map<number, RunResult>();
    await pool(indices, 4, async (i) => void first.set(i, await reload(i)));
    await inStore;

    const failed = indices.filter((i) => first.get(i)!.code !== 0);
    const unknown = indices.filter((i) => first.get(i)!.code === 7);
    for (const i of failed) expect([5, 6, 7], `${ref(i)}: ${first.get(i)!.stderr}`).toContain(first.get(i)!.code);
    for (const i of unknown) {
      const stderr = first.get(i)!.stderr;
      expect(stderr).toContain('may or may not have been recorded');
      expect(stderr).toContain(
        `settle: venue wallet reload ${cardOf(i)} --product RL-10 --payment-ref ${ref(i)} --yes`,
      );
    }
    for (const i of indices.filter((i) => first.get(i)!.code === 0))
      expect(first.get(i)!.stderr).not.toMatch(/error|may or may not/);
    expect(unknown.length, 'the faults should leave some reloads unknown').toBeGreaterThan(0);

    // Every unknown is listed, and nothing else.
    const listed = await sb.run(['wallet', 'reloads', '--unsettled', '-o', 'json']);
    expect(listed.code).toBe(7);
    expect(
      (JSON.parse(listed.stdout) as Array<{ paymentReference: string }>).map((r) => r.paymentReference).sort(),
    ).toEqual(unknown.map(ref).sort());

    // The second night: every non-zero one again, with the same payment reference, faults still on, until each settles.
    let open = failed;
    for (let night = 2; open.length && night <= 8; night++) {
      const again = new Map<number, RunResult>();
      await pool(open, 4, async (i) => void again.set(i, await reload(i)));
      for (const i of open) {
        const r = again.get(i)!;
        if (r.code === 0)
          expect(r.stderr).toMatch(
            new RegExp(
              `Recorded sale SALE-\\d+ for payment ref ${ref(i)}|reload for payment ref ${ref(i)} was already recorded`,
            ),
          );
      }
      open = open.filter((i) => again.get(i)!.code !== 0);
    }
    await sb.control('DELETE', '/faults');
    expect(open.map(ref)).toEqual([]);
    const settled = await sb.run(['wallet', 'reloads', '--unsettled', '-o', 'json']);
    expect(settled.code).toBe(0);
    expect(JSON.parse(settled.stdout)).toEqual([]);

    // The sandbox's own record: each reference credited exactly once…
    const { accessToken } = await guestTokens(sb, 'ava@example.com');
    const seen: Record<string, number> = {};
    for (const card of CARDS) {
      const activity = await walletFetch(sb, 'GET', `/api/v1/card/${card}/activity`, { token: accessToken });
      for (const entry of activity.body.items as Array<{
        kind: string;
        paymentReference?: string;
        cardNumber?: string;
      }>) {
        if (entry.kind === 'reload' && entry.paymentReference?.startsWith('night-')) {
          seen[entry.paymentReference] = (seen[entry.paymentReference] ?? 0) + 1;
          expect(cardOf(Number(entry.paymentReference.slice(6)))).toBe(card);
        }
      }
    }
    expect(seen).toEqual(Object.fromEntries(indices.map((i) => [ref(i), 1])));
    // …and the balances exactly: 25 × $10 on the dollar card, 25 × 40 tokens on the token card, plus what moved in store.
    const after = await playBalances();
    expect(after[CARDS[0]!]! - before[CARDS[0]!]!).toBe(25 * 1000 + storeDelta[CARDS[0]!]!);
    expect(after[CARDS[1]!]! - before[CARDS[1]!]!).toBe(25 * 4000 + storeDelta[CARDS[1]!]!);
  }, 180_000);
});
