// One exit rule for the lists of venue's own writes (writes/journal.ts,
// unsettledListed): a list that shows a write whose outcome needs a person
// (unknown, or sent by a run that died) exits 7 after printing it whole;
// otherwise 0. The same for unknown receipts, stock changes, unsettled
// reloads and unknown holds, whichever filter chose them.

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, tempDir, type SandboxHandle } from '../../support/in-process.js';
import { demoCard, login } from '../../support/wallet.js';
import { slotsOf } from '../../support/booking.js';

let sb: SandboxHandle;
let dir: string;
beforeAll(async () => {
  sb = await startSandbox();
  dir = tempDir('venue-unsettled-lists-');
  await login(sb, 'ava@example.com');
}, 60_000);
afterAll(async () => {
  await sb?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The next write to `match` is applied, then answered 408 (a proxy that gave up): its outcome is unknown. */
const loseNextAnswer = (match: string) =>
  sb.control('POST', '/faults', { answerAfterProcessing: [{ match, remaining: 1, status: 408 }] });

describe('a list of writes exits 7 while it shows one a person must settle', () => {
  it('unknown receipts: receipts list, with or without --status unknown', async () => {
    const file = path.join(dir, 'receipt.csv');
    fs.writeFileSync(file, 'productId,quantity,value\n1014,2,3\n');
    const fine = await sb.run(['inventory', 'stock', 'receive', '--file', file, '--invoice', 'INV-OK']);
    expect(fine.code, fine.stderr).toBe(0);
    expect((await sb.run(['inventory', 'receipts', 'list'])).code).toBe(0);

    fs.writeFileSync(file, 'productId,quantity,value\n1015,2,3\n');
    await loseNextAnswer('POST /inventory/stock-receipts');
    expect((await sb.run(['inventory', 'stock', 'receive', '--file', file, '--invoice', 'INV-LOST'])).code).toBe(7);

    const all = await sb.run(['inventory', 'receipts', 'list', '-o', 'json']);
    expect(all.code).toBe(7);
    expect((JSON.parse(all.stdout) as Array<{ status: string }>).map((r) => r.status).sort()).toEqual([
      'recorded',
      'unknown',
    ]);
    expect(all.stderr).toContain('1 receipt listed has an unknown outcome');
    expect(all.stderr).toContain('venue inventory receipts resolve');
    const unknown = await sb.run(['inventory', 'receipts', 'list', '--status', 'unknown']);
    expect(unknown.code).toBe(7);
    expect(unknown.stdout).toContain('unknown');
    expect((await sb.run(['inventory', 'receipts', 'list', '--status', 'recorded'])).code).toBe(0);

    const id = (JSON.parse(all.stdout) as Array<{ id: string; status: string }>).find(
      (r) => r.status === 'unknown',
    )!.id;
    expect((await sb.run(['inventory', 'receipts', 'resolve', id, '--applied'])).code).toBe(0);
    expect((await sb.run(['inventory', 'receipts', 'list', '--status', 'unknown'])).code).toBe(0);
  });

  it('unknown stock changes: stock changes', async () => {
    await loseNextAnswer('POST /inventory/stock-adjustments');
    const lost = await sb.run([
      'inventory',
      'stock',
      'adjust',
      '--yes',
      '--product',
      '1001',
      '--quantity',
      '1',
      '--comment',
      'found',
    ]);
    expect(lost.code).toBe(7);
    for (const args of [[], ['--status', 'unknown'], ['-o', 'json'], ['-o', 'csv']]) {
      const listed = await sb.run(['inventory', 'stock', 'changes', ...args]);
      expect(listed.code, args.join(' ')).toBe(7);
      expect(listed.stderr).toContain('1 stock take or adjustment listed has an unknown outcome');
    }
    expect((await sb.run(['inventory', 'stock', 'changes', '--status', 'recorded'])).code).toBe(0);
  });

  it('unsettled reloads: wallet reloads, with or without --unsettled', async () => {
    const card = demoCard(1).cardNumber;
    const reload = (ref: string) =>
      sb.run(['wallet', 'reload', card, '--product', 'RL-10', '--payment-ref', ref, '--yes']);
    expect((await reload('pay-ok')).code).toBe(0);
    expect((await sb.run(['wallet', 'reloads'])).code).toBe(0);
    await loseNextAnswer('POST /wallet/api/v1/sale');
    expect((await reload('pay-lost')).code).toBe(7);
    for (const args of [[], ['--unsettled'], ['-o', 'json']]) {
      const listed = await sb.run(['wallet', 'reloads', ...args]);
      expect(listed.code, args.join(' ')).toBe(7);
      expect(listed.stdout).toContain('pay-lost');
      expect(listed.stderr).toContain('1 reload listed has an unknown outcome');
    }
    // Settled by the same reload again: the lists are 0.
    expect((await reload('pay-lost')).code).toBe(0);
    expect((await sb.run(['wallet', 'reloads'])).code).toBe(0);
    expect((await sb.run(['wallet', 'reloads', '--unsettled'])).code).toBe(0);
  });

  it('unknown holds: booking holds', async () => {
    const [a, b] = await slotsOf(sb, 'exp-bowling-lane', '+4d');
    expect(
      (await sb.run(['booking', 'reserve', '--yes', 'exp-bowling-lane', '--session', a!.id, '--quantity', '1'])).code,
    ).toBe(0);
    expect((await sb.run(['booking', 'holds'])).code).toBe(0);
    await sb.control('POST', '/faults', {
      dropAfterProcessing: [{ match: 'POST /booking/api/v1/orders/reservations/reserve', remaining: 1 }],
    });
    expect(
      (await sb.run(['booking', 'reserve', '--yes', 'exp-bowling-lane', '--session', b!.id, '--quantity', '2'])).code,
    ).toBe(7);
    for (const args of [[], ['-o', 'json']]) {
      const listed = await sb.run(['booking', 'holds', ...args]);
      expect(listed.code, args.join(' ')).toBe(7);
      expect(listed.stderr).toContain('1 hold, order or payment listed has an unknown outcome');
    }
    const key = (
      JSON.parse((await sb.run(['booking', 'holds', '-o', 'json'])).stdout) as Array<{ key: string; state: string }>
    ).find((h) => h.state === 'unknown')!.key;
    expect((await sb.run(['booking', 'holds', '--forget', key.slice(0, 8)])).code).toBe(0);
    expect((await sb.run(['booking', 'holds'])).code).toBe(0);
  });
});
