import { describe, expect, it } from 'vitest';
import { judgeLostReceipt, reconcileLostReceipt } from '../../../src/lib/inventory/receipt-outcome.js';

const items = [
  { productId: 1, quantity: 5 },
  { productId: 2, quantity: 3 },
];

describe('judging a receipt whose answer was lost', () => {
  it('is applied when every product rose by exactly its quantity', () => {
    expect(judgeLostReceipt(items, { '1': 10, '2': 0 }, { '1': 15, '2': 3 })).toMatchObject({ outcome: 'applied', levelsAfter: { '1': 15, '2': 3 } });
  });

  it('is not applied when nothing changed (a product with no level counts as 0)', () => {
    expect(judgeLostReceipt(items, { '1': 10 }, { '1': 10, '2': 0 }).outcome).toBe('not-applied');
  });

  it('is unknown when the levels moved some other way', () => {
    const partly = judgeLostReceipt(items, { '1': 10, '2': 0 }, { '1': 15, '2': 0 });
    expect(partly.outcome).toBe('unknown');
    const other = judgeLostReceipt(items, { '1': 10, '2': 0 }, { '1': 14, '2': 3 });
    expect(other.outcome).toBe('unknown');
    expect(other.unexplained).toEqual([{ productId: 1, before: 10, after: 14, received: 5 }]);
  });

  it('is unknown when the levels cannot be read again', async () => {
    const verdict = await reconcileLostReceipt({
      items,
      levelsBefore: { '1': 1 },
      readLevels: async () => {
        throw new Error('down');
      },
    });
    expect(verdict.outcome).toBe('unknown');
    expect(verdict.readError).toBeInstanceOf(Error);
  });

  it('waits for a request still in flight before looking', async () => {
    const waits: number[] = [];
    const verdict = await reconcileLostReceipt({
      items,
      levelsBefore: {},
      settleMs: 750,
      sleep: async (ms) => void waits.push(ms),
      readLevels: async (ids) => Object.fromEntries(ids.map((id) => [String(id), id === 1 ? 5 : 3])),
    });
    expect(waits).toEqual([750]);
    expect(verdict.outcome).toBe('applied');
  });
});
