// Answers checked against requests, through the built binary: the sandbox's
// misanswer fault applies each write exactly as asked, then answers with every
// value the request sent changed (another id, count or quantity). Every write
// — a receipt, a stock take, an adjustment, a reload, a hold, an order, a
// payment — exits 6 naming the field with what was sent and what came back,
// claims nothing (no ✓, nothing on stdout), and is journalled unknown. The
// same in the venue dialect, in plain (other field names, bare records) and in
// decoy (fields of the wrong type beside the real ones).

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, tempDir, type RunResult, type SandboxHandle } from '../../support/in-process.js';
import { login } from '../../support/wallet.js';

const dialects = ['venue', 'plain', 'decoy', 'hal'] as const;

function expectDisagreement(result: RunResult, what: RegExp, field: string): void {
  expect(result.code, result.stderr).toBe(6);
  expect(result.stderr).toMatch(what);
  expect(result.stderr).toMatch(new RegExp(`${field}:? sent .+, came back .+`));
  expect(result.stderr).not.toContain('✓');
  expect(result.stdout).toBe('');
}

describe.each(dialects)('answers that disagree with the request (%s dialect)', { timeout: 120_000 }, (dialect) => {
  let sb: SandboxHandle;
  let dir: string;
  const file = (name: string, text: string) => {
    const at = path.join(dir, name);
    fs.writeFileSync(at, text);
    return at;
  };
  const misanswer = (match: string) => sb.control('POST', '/faults', { misanswer: [{ match }] });
  const stateFile = (name: string) =>
    JSON.parse(fs.readFileSync(path.join(sb.configDir, 'state', name), 'utf8')) as {
      entries: Record<string, Record<string, unknown>>;
    };

  beforeAll(async () => {
    sb = await startSandbox(['--dialect', dialect]);
    dir = tempDir('venue-misanswer-');
    await login(sb, 'ava@example.com');
  }, 60_000);
  afterAll(async () => {
    await sb?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);
  afterEach(async () => {
    await sb.control('DELETE', '/faults');
  });

  it('a stock receipt: exit 6, journalled unknown; the rerun refuses it (exit 7) and sends nothing', async () => {
    await misanswer('POST /inventory/stock-receipts');
    const csv = file('receipt.csv', 'productId,quantity\n1014,2\n1015,3\n');
    const result = await sb.run(['inventory', 'stock', 'receive', '--file', csv, '--invoice', `MIS-${dialect}`]);
    expectDisagreement(
      result,
      /the service's answer to receipt [0-9a-f]{12} disagrees with what was sent/,
      'warehouseId',
    );
    expect(result.stderr).toContain('venue inventory receipts resolve');
    const entry = Object.values(stateFile('inventory-receipts.json').entries).find(
      (e) => e.invoice === `MIS-${dialect}`,
    )!;
    expect(entry.status).toBe('unknown');
    expect(entry.disagreement).toEqual(
      expect.arrayContaining([expect.stringMatching(/^warehouseId: sent 1, came back 1007$/)]),
    );
    const rerun = await sb.run(['-v', 'inventory', 'stock', 'receive', '--file', csv, '--invoice', `MIS-${dialect}`]);
    expect(rerun.code, rerun.stderr).toBe(7);
    expect(rerun.stderr).not.toMatch(/> POST \S+stock-receipts/);
  });

  it('a stock take and an adjustment: exit 6, journalled unknown', async () => {
    await misanswer('POST /inventory/stock-takes');
    const counts = file('counts.csv', 'productId,countedQuantity\n1016,40\n1017,12\n');
    const take = await sb.run(['inventory', 'stock', 'take', '--file', counts, '--yes', '--comment', `mis ${dialect}`]);
    expectDisagreement(take, /the service's answer to stock take [0-9a-f]{12} disagrees/, 'warehouseId');

    await misanswer('POST /inventory/stock-adjustments');
    const adjust = await sb.run([
      'inventory',
      'stock',
      'adjust',
      '--yes',
      '--product',
      '1018',
      '--quantity',
      '2',
      '--comment',
      `mis ${dialect}`,
    ]);
    expectDisagreement(adjust, /the service's answer to adjustment [0-9a-f]{12} disagrees/, 'productId');
    expect(adjust.stderr).toMatch(/adjustmentQuantity: sent 2, came back 2007/);

    const changes = Object.values(stateFile('inventory-stock-changes.json').entries).filter(
      (e) => e.comment === `mis ${dialect}`,
    );
    expect(changes.map((e) => `${e.kind}:${e.status}`).sort()).toEqual(['adjustment:unknown', 'take:unknown']);
  });

  it('a reload: exit 6, listed unsettled; the rerun with the same reference settles it without crediting twice', async () => {
    await misanswer('POST /wallet/api/v1/sale');
    const reload = [
      'wallet',
      'reload',
      '6001000000000000001',
      '--product',
      'RL-10',
      '--payment-ref',
      `mis-${dialect}`,
      '--yes',
    ];
    const result = await sb.run(reload);
    expectDisagreement(
      result,
      /the service's answer to the reload sale for payment ref mis-\w+ disagrees/,
      'cardNumber',
    );
    const listed = await sb.run(['wallet', 'reloads', '--unsettled', '-o', 'json']);
    expect(listed.code).toBe(7);
    expect(JSON.parse(listed.stdout)).toEqual([
      expect.objectContaining({ paymentReference: `mis-${dialect}`, outcome: 'unknown' }),
    ]);
    const settle = await sb.run(reload);
    expect(settle.code, settle.stderr).toBe(0);
    expect(settle.stderr).toContain('was already recorded (the service recognised the reference)');
  });

  it('a product, a supplier and a webhook subscriber: exit 6 naming the field, nothing claimed', async () => {
    await misanswer('POST /inventory/products');
    const product = await sb.run([
      'inventory',
      'products',
      'create',
      '--yes',
      '--name',
      `Gummy ${dialect}`,
      '--description',
      '100 g',
      '--category',
      'SNACKS',
      '--tax-group',
      'GST',
      '--type',
      'stock',
      '--sale-type',
      'sale',
      '--sell-price',
      '3.50',
    ]);
    expectDisagreement(product, /the service's answer to the creation of product "Gummy \w+" disagrees/, 'productName');
    expect(product.stderr).toContain('sellPrice: sent 3.50, came back 3507.00');

    await misanswer('POST /inventory/suppliers');
    const supplier = await sb.run([
      'inventory',
      'suppliers',
      'create',
      '--yes',
      '--code',
      `MIS${dialect.toUpperCase()}`,
      '--name',
      'Mis Co',
      '--address',
      '1 Main St',
      '--payment-terms',
      '30',
    ]);
    expectDisagreement(supplier, /the service's answer to the creation of supplier MIS\w+ disagrees/, 'supplierCode');

    await misanswer('POST /inventory/webhooks');
    const hook = await sb.run([
      'webhooks',
      'create',
      '--yes',
      '--url',
      `https://erp.example.com/mis-${dialect}`,
      '--events',
      'stock.adjusted',
      '--generate-secret',
    ]);
    expectDisagreement(hook, /the service's answer to the creation of the webhook subscriber for \S+ disagrees/, 'url');
  });

  it('a webhook subscriber whose create lost its answer is settled by the list read back: created once, not twice', async () => {
    await sb.control('POST', '/faults', { dropAfterProcessing: [{ match: 'POST /inventory/webhooks' }] });
    const url = `https://erp.example.com/lost-${dialect}`;
    const hook = await sb.run([
      'webhooks',
      'create',
      '--yes',
      '--url',
      url,
      '--events',
      'stock.adjusted',
      '--generate-secret',
    ]);
    expect(hook.code, hook.stderr).toBe(0);
    expect(hook.stderr).toContain('created (its answer was lost; the list read back shows it)');
    const listed = JSON.parse((await sb.run(['webhooks', 'list', '-o', 'json'])).stdout) as Array<
      Record<string, unknown>
    >;
    expect(listed.filter((w) => Object.values(w).includes(url))).toHaveLength(1);
  });

  it('a hold, an order and a payment: exit 6 each, nothing claimed, each journalled unknown', async () => {
    const sessions = await sb.run(['booking', 'sessions', 'exp-laser-tag', '--date', '+3d', '-o', 'json']);
    const slots = (JSON.parse(sessions.stdout) as Array<Record<string, unknown>>).map((s) =>
      String(s.slotId ?? s.SlotId ?? s.sessionId ?? s.id),
    );
    await misanswer('POST /booking/api/v1/orders/reservations/reserve');
    const hold = await sb.run([
      'booking',
      'reserve',
      '--yes',
      'exp-laser-tag',
      '--session',
      slots[0]!,
      '--quantity',
      '2',
    ]);
    expectDisagreement(hold, /the service's answer to the hold request for slot \S+ disagrees/, 'slotId');
    expect(hold.stderr).toMatch(/quantity: sent 2, came back 2007/);
    const holds = JSON.parse((await sb.run(['booking', 'holds', '-o', 'json'])).stdout) as Array<{
      slotId: string;
      state: string;
    }>;
    expect(holds.find((h) => h.slotId === slots[0])).toMatchObject({ state: 'unknown' });

    // An order from a hold made without faults.
    const held = await sb.run([
      'booking',
      'reserve',
      '--yes',
      'exp-laser-tag',
      '--session',
      slots[1]!,
      '--quantity',
      '1',
    ]);
    expect(held.code, held.stderr).toBe(0);
    const reservationId = /as reservation (\S+) /.exec(held.stderr)![1]!;
    await misanswer('POST /booking/api/v1/orders/initiate');
    const order = await sb.run([
      'booking',
      'order',
      'create',
      '--yes',
      '--reservation',
      reservationId,
      '--first-name',
      'Ada',
      '--last-name',
      'Lovelace',
      '--email',
      'ada@example.com',
    ]);
    expectDisagreement(order, /the service's answer to the order of \S+ disagrees/, 'reservations');
    const orderId = /order (ord-\d+): venue recorded it as unknown/.exec(order.stderr)![1]!;

    await misanswer('POST /booking/api/v1/sale');
    const pay = await sb.run([
      'booking',
      'order',
      'pay',
      '--yes',
      orderId,
      '--amount',
      '15.00',
      '--payment-ref',
      `MIS-PAY-${dialect}`,
    ]);
    expectDisagreement(pay, /the service's answer to the payment for order ord-\d+ disagrees/, 'amount');
    expect(pay.stderr).toContain(
      `finish: venue booking order pay ${orderId} --amount 15.00 --payment-ref MIS-PAY-${dialect}`,
    );

    const journal = JSON.parse(
      fs.readFileSync(path.join(sb.configDir, 'state', 'booking-holds', 'sandbox.json'), 'utf8'),
    ) as { entries: Record<string, Record<string, unknown>> };
    const byKind = (kind: string) => Object.values(journal.entries).filter((e) => e.kind === kind);
    expect(byKind('order').map((e) => e.status)).toEqual(['unknown']);
    expect(byKind('payment').map((e) => e.status)).toEqual(['unknown']);

    // The rerun of the payment reads the order first: paid with this reference, so nothing is sent again.
    const rerun = await sb.run([
      '-v',
      'booking',
      'order',
      'pay',
      '--yes',
      orderId,
      '--amount',
      '15.00',
      '--payment-ref',
      `MIS-PAY-${dialect}`,
    ]);
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(rerun.stderr).not.toMatch(/> POST \S+\/api\/v1\/sale/);
  });
});
