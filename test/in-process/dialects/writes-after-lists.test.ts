// Writes that read a list first, against a server that wraps every list in an
// envelope venue's own contract does not use (the hal dialect: lists under
// _embedded.<name>, paging in a page object and Link headers), with venue's
// key order and with shuffled keys: a stock take reads the levels, a receipt
// and an adjustment the product list and levels, `webhooks create` the
// subscribers, a reload the reload products. Each write is sent once and
// applied once: the sandbox's request log and its own state (the control API)
// say so, not the CLI's output.

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, tempDir, type SandboxHandle } from '../../support/in-process.js';
import { login } from '../../support/wallet.js';

interface Logged {
  method: string;
  url: string;
  status: number;
}
interface Movement {
  kind: string;
  source: string;
  changes?: Array<{ productId: number; delta: number }>;
}

const DOLLARS_CARD = '6001000000000000001';

describe.each([['hal'], ['hal', '--shuffle-keys']])('writes that read a list first (%s %s)', (...args) => {
  let sb: SandboxHandle;
  let dir: string;
  const file = (name: string, text: string) => {
    const at = path.join(dir, name);
    fs.writeFileSync(at, text);
    return at;
  };
  const sent = async (method: string, route: RegExp) =>
    (await sb.control<{ requests: Logged[] }>('GET', '/requests')).requests.filter(
      (r) => r.method === method && route.test(r.url.split('?')[0]!),
    );
  const movements = async () =>
    (await sb.control<{ items: Movement[] }>('GET', '/inventory/movements')).items.filter((m) => m.source === 'api');
  const level = async (productId: number, warehouseId = 1) => {
    const listed = await sb.run(['inventory', 'stock', 'levels', '--product', String(productId), '-o', 'json']);
    expect(listed.code, listed.stderr).toBe(0);
    const levels = JSON.parse(listed.stdout) as Array<{ productId: number; warehouseId: number; quantity: number }>;
    return levels.find((l) => l.warehouseId === warehouseId)?.quantity;
  };

  beforeAll(async () => {
    sb = await startSandbox(['--dialect', ...args]);
    dir = tempDir('venue-writes-');
  }, 60_000);
  afterAll(async () => {
    await sb?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a stock take reads the levels, is sent once and sets the counts', async () => {
    await sb.control('DELETE', '/requests');
    const before = (await movements()).length;
    const take = await sb.run([
      'inventory',
      'stock',
      'take',
      '--file',
      file('counts.csv', 'productId,countedQuantity\n1001,40\n1002,12\n'),
      '--yes',
    ]);
    expect(take.code, take.stderr).toBe(0);
    expect(await sent('GET', /\/inventory\/stock-levels$/)).not.toHaveLength(0);
    expect(await sent('POST', /\/inventory\/stock-takes$/)).toHaveLength(1);
    const applied = (await movements()).slice(before);
    expect(applied.map((m) => m.kind)).toEqual(['stock-take']);
    expect([await level(1001), await level(1002)]).toEqual([40, 12]);
  });

  it('a receipt is sent once and adds once', async () => {
    const was = await level(1010);
    await sb.control('DELETE', '/requests');
    const before = (await movements()).length;
    const receive = await sb.run([
      'inventory',
      'stock',
      'receive',
      '--file',
      file('delivery.csv', 'productId,quantity,value\n1010,12,30.00\n'),
      '--invoice',
      `INV-${args.join('-')}`,
    ]);
    expect(receive.code, receive.stderr).toBe(0);
    expect(await sent('POST', /\/inventory\/stock-receipts$/)).toHaveLength(1);
    expect((await movements()).slice(before).map((m) => m.kind)).toEqual(['receipt']);
    expect(await level(1010)).toBe(was! + 12);
  });

  it('an adjustment reads the level it starts from, is sent once and moves it once', async () => {
    const was = await level(1006);
    await sb.control('DELETE', '/requests');
    const before = (await movements()).length;
    const adjust = await sb.run([
      'inventory',
      'stock',
      'adjust',
      '--yes',
      '--product',
      '1006',
      '--quantity',
      '-1',
      '--comment',
      'breakage',
    ]);
    expect(adjust.code, adjust.stderr).toBe(0);
    expect(adjust.stderr).toContain(`${was} → ${was! - 1}`);
    expect(await sent('POST', /\/inventory\/stock-adjustments$/)).toHaveLength(1);
    expect((await movements()).slice(before).map((m) => m.kind)).toEqual(['adjustment']);
    expect(await level(1006)).toBe(was! - 1);
  });

  it('webhooks create reads the subscribers, is sent once and the subscriber is listed once', async () => {
    await sb.control('DELETE', '/requests');
    const url = `https://erp.example.com/hooks/${args.length}`;
    const created = await sb.run([
      'webhooks',
      'create',
      '--yes',
      '--url',
      url,
      '--events',
      'stock.received',
      '--generate-secret',
      '-o',
      'json',
    ]);
    expect(created.code, created.stderr).toBe(0);
    expect(await sent('POST', /\/inventory\/webhooks$/)).toHaveLength(1);
    const listed = await sb.run(['webhooks', 'list', '-o', 'json']);
    expect(listed.code, listed.stderr).toBe(0);
    expect((JSON.parse(listed.stdout) as Array<{ url: string }>).filter((w) => w.url === url)).toHaveLength(1);
  });

  it('a reload reads the reload products, is sent once and credits once', async () => {
    await login(sb, 'ava@example.com');
    const balance = async () =>
      (
        await sb.control<{ items: Array<{ cardNumber: string; playBalance: { amount: number } }> }>(
          'GET',
          '/wallet/cards',
        )
      ).items.find((c) => c.cardNumber === DOLLARS_CARD)!.playBalance.amount;
    const was = await balance();
    await sb.control('DELETE', '/requests');
    const reload = await sb.run([
      'wallet',
      'reload',
      DOLLARS_CARD,
      '--product',
      'RL-10',
      '--payment-ref',
      `PAY-${args.join('-')}`,
      '--yes',
    ]);
    expect(reload.code, reload.stderr).toBe(0);
    expect(await sent('GET', /\/wallet\/api\/v1\/quickreload$/)).not.toHaveLength(0);
    expect(await sent('POST', /\/wallet\/api\/v1\/sale$/)).toHaveLength(1);
    expect(await balance()).toBeGreaterThan(was);
  });
});
