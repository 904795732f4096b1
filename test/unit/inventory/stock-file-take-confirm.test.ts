// The stock take's confirmation on a terminal, with a fake context: the totals
// are shown before asking, "no" sends nothing, "yes" sends one stock take.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import take from '../../../src/commands/inventory/stock/take.js';
import { Output } from '../../../src/lib/output.js';
import type { Context } from '../../../src/cli/context.js';
import { neverInterrupted } from '../../../src/lib/interruption.js';
import { fakeTerminal } from '../../support/fake-terminal.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-take-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const counts = path.join(dir, 'counts.csv');
const stateDir = path.join(dir, 'state');
fs.writeFileSync(counts, 'productId,countedQuantity\n1,8\n2,0\n');

function contextWith(answer: boolean) {
  const fake = fakeTerminal({ tty: false });
  const stockTake = vi.fn(async (body: { items: Array<{ productId: number; countedQuantity: number }> }) => ({
    stockTakeId: 7,
    warehouseId: 1,
    userId: 1,
    items: body.items.map((i) => ({
      productId: i.productId,
      previousQuantity: 5,
      countedQuantity: i.countedQuantity,
      variance: i.countedQuantity - 5,
    })),
    totalVariance: -2,
  }));
  const asked: string[] = [];
  const confirm = vi.fn(async (message: string) => {
    asked.push(`${fake.stderr()}${message}`);
    return answer;
  });
  const client = {
    levelsFor: async () =>
      new Map([
        [1, 5],
        [2, 5],
      ]),
    resolveProductRefs: async () => [],
    stockTake,
  };
  const ctx = {
    terminal: fake.terminal,
    output: new Output(fake.terminal, { format: 'json' }),
    prompter: { canPrompt: true, confirm },
    requireSetting: async () => '1',
    setting: async () => '1',
    inventory: async () => client,
    now: () => Date.now(),
    interruption: neverInterrupted(),
    // take journals what it sends (inventory-stock-changes.json) under the state directory.
    stateDir: async () => stateDir,
    profileName: async () => 'sandbox',
  } as unknown as Context;
  return { ctx, fake, stockTake, confirm, asked };
}

describe('stock take confirmation on a terminal', () => {
  it('shows the totals, and sends nothing when the answer is no', async () => {
    const { ctx, fake, stockTake, asked } = contextWith(false);
    // A person's No is exit 8 (declined), not 0: `venue … take && mv counts done/` must stop.
    await expect(take.run(ctx, { file: counts })).rejects.toMatchObject({
      category: 'declined',
      exitCode: 8,
      message: expect.stringContaining('nothing was sent'),
    });
    expect(asked[0]).toContain('2 products; current 10, counted 8, variance -2 (1 up, 1 down, 0 unchanged)');
    expect(asked[0]).toContain('Set these stock levels?');
    expect(stockTake).not.toHaveBeenCalled();
    expect(fake.stdout()).toBe('');
  });

  it('sends one stock take when the answer is yes', async () => {
    const { ctx, fake, stockTake } = contextWith(true);
    await take.run(ctx, { file: counts, comment: 'Count' });
    expect(stockTake).toHaveBeenCalledTimes(1);
    expect(stockTake.mock.calls[0]![0]).toEqual({
      warehouseId: 1,
      userId: 1,
      comment: 'Count',
      items: [
        { productId: 1, countedQuantity: 8 },
        { productId: 2, countedQuantity: 0 },
      ],
    });
    // The one write-outcome record: the service's answer (none here) and venue's own figures apart, under venue.
    expect(JSON.parse(fake.stdout())).toEqual({
      status: 'recorded',
      reference: null,
      journalId: expect.any(String),
      resource: 'stock take',
      record: null,
      venue: { levelsBefore: { '1': 5, '2': 5 } },
    });
  });

  it('--yes does not ask', async () => {
    const { ctx, confirm, stockTake } = contextWith(false);
    await take.run(ctx, { file: counts, yes: true });
    expect(confirm).not.toHaveBeenCalled();
    expect(stockTake).toHaveBeenCalledTimes(1);
  });
});
