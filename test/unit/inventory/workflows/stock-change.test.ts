import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../../src/lib/errors.js';
import { DamagedJournalError } from '../../../../src/lib/private-file.js';
import { StockChangeJournal } from '../../../../src/lib/inventory/stock-change-journal.js';
import { submitStockTake } from '../../../../src/lib/inventory/workflows/stock-take.js';
import { adjustStockLevel } from '../../../../src/lib/inventory/workflows/adjustment.js';
import { assertResolvable, resolveWrite } from '../../../../src/lib/inventory/workflows/resolve.js';
import { stringifyJsonExact } from '../../../../src/lib/json-exact.js';
import type { StockAdjustmentResult, StockTakeResult } from '../../../../src/lib/inventory/types.js';
import {
  fakeInterruption,
  FakeStock,
  interruptedInHttp,
  lost,
  refused,
  stateDir,
  throughHttp,
  unreadable,
  type FakeInterruption,
} from './fakes.js';

const now = () => Date.parse('2026-11-22T09:00:00Z');

function takeSetup(
  send: () => Promise<StockTakeResult>,
  options: { interruption?: FakeInterruption; dir?: string; stock?: FakeStock } = {},
) {
  const stock = options.stock ?? new FakeStock({ '1': 5, '2': 5 });
  const keys: Array<string | undefined> = [];
  const journal = new StockChangeJournal(options.dir ?? stateDir(), now);
  const interruption = options.interruption ?? fakeInterruption();
  const deps = {
    client: {
      stockTake: async (
        _body: Record<string, unknown>,
        o?: { idempotencyKey?: string; beforeSend?: () => Promise<void> },
      ) =>
        throughHttp(interruption, o, () => {
          keys.push(o?.idempotencyKey);
          return send();
        }),
    },
    journal,
    now,
    interruption,
    readLevels: stock.read,
    settleMs: 0,
  };
  const input = {
    profile: 'sandbox',
    body: {
      warehouseId: 1,
      userId: 1,
      comment: 'March',
      items: [
        { productId: 1, countedQuantity: 8 },
        { productId: 2, countedQuantity: 0 },
      ],
    },
    levelsBefore: { '1': 5, '2': 5 },
  };
  return { deps, input, keys, journal, stock };
}

describe('submitStockTake', () => {
  it('records an answered take with its id and the levels it set', async () => {
    const { deps, input, keys, journal } = takeSetup(async () => ({ stockTakeId: 'T-7' }) as StockTakeResult);
    const outcome = await submitStockTake(deps, input);
    expect(outcome.kind).toBe('recorded');
    expect(journal.get(outcome.entry!.id)).toMatchObject({
      kind: 'take',
      status: 'recorded',
      resultId: 'T-7',
      levelsAfter: { '1': 8, '2': 0 },
    });
    expect(keys[0]).toMatch(/^venue-take-[0-9a-f]{32}-1$/);
    // The same count on another day is a new take, with a new key.
    expect((await submitStockTake(deps, input)).kind).toBe('recorded');
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('refused: not applied; lost: unknown with evidence, and the same take is refused until resolved', async () => {
    const refusedOne = takeSetup(async () => {
      throw refused(422);
    });
    expect((await submitStockTake(refusedOne.deps, refusedOne.input)).kind).toBe('refused');

    const stock = new FakeStock({ '1': 5, '2': 5 });
    let calls = 0;
    const { deps, input, keys, journal } = takeSetup(
      async () => {
        calls++;
        if (calls === 1) {
          stock.levels = { '1': 8, '2': 0 };
          stock.move('1', -1); // a sale at the counter meanwhile
          throw lost();
        }
        return { stockTakeId: 'T-8' } as StockTakeResult;
      },
      { stock },
    );
    const outcome = await submitStockTake(deps, input);
    expect(outcome.kind).toBe('unknown');
    if (outcome.kind !== 'unknown') return;
    expect(outcome.evidence.lines).toEqual([
      { productId: '1', before: 5, now: 7, expected: 3 },
      { productId: '2', before: 5, now: 0, expected: -5 },
    ]);
    expect(await submitStockTake(deps, input)).toMatchObject({ kind: 'unresolved', why: 'unknown' });
    expect(keys).toHaveLength(1);
    await resolveWrite(journal, outcome.entry, 'not-applied', undefined, now);
    expect((await submitStockTake(deps, input)).kind).toBe('recorded');
    // The rerun of the same entry carries the same key.
    expect(keys).toEqual([keys[0], keys[0]]);
  });

  it('interrupted before, during (answer awaited) and in the HTTP layer', async () => {
    const before = fakeInterruption();
    before.trip();
    const a = takeSetup(async () => ({}) as StockTakeResult, { interruption: before });
    expect((await submitStockTake(a.deps, a.input)).kind).toBe('interrupted-before-send');
    expect(a.keys).toHaveLength(0);

    const during = fakeInterruption();
    const b = takeSetup(
      async () => {
        during.trip();
        return { stockTakeId: 'T-9' } as StockTakeResult;
      },
      { interruption: during },
    );
    expect((await submitStockTake(b.deps, b.input)).kind).toBe('recorded');

    const lostDuring = fakeInterruption();
    const c = takeSetup(
      async () => {
        lostDuring.trip();
        throw lost();
      },
      { interruption: lostDuring },
    );
    const unknown = await submitStockTake(c.deps, c.input);
    expect(unknown.kind).toBe('unknown');
    expect(c.journal.list('sandbox')[0]?.status).toBe('unknown');

    const d = takeSetup(async () => {
      throw interruptedInHttp();
    });
    expect((await submitStockTake(d.deps, d.input)).kind).toBe('interrupted-before-send');
    expect(d.journal.list('sandbox')[0]?.status).toBe('not-applied');
  });

  it('an accepted answer that cannot be read is recorded', async () => {
    const { deps, input, journal } = takeSetup(async () => {
      throw unreadable();
    });
    expect((await submitStockTake(deps, input)).kind).toBe('accepted-unreadable');
    expect(journal.list('sandbox')[0]?.status).toBe('recorded');
  });

  it('a damaged journal stops it before anything is sent', async () => {
    const dir = stateDir();
    const { deps, input, keys, journal } = takeSetup(async () => ({}) as StockTakeResult, { dir });
    fs.writeFileSync(journal.file, '{"ver');
    await expect(submitStockTake(deps, input)).rejects.toBeInstanceOf(DamagedJournalError);
    expect(keys).toHaveLength(0);
  });
});

describe('adjustStockLevel', () => {
  it('sends a product id past 2^53 exactly, and journals it as its digits', async () => {
    const bodies: string[] = [];
    const journal = new StockChangeJournal(stateDir(), now);
    const outcome = await adjustStockLevel(
      {
        client: {
          adjustStock: async (body, o) =>
            throughHttp(fakeInterruption(), o, async () => {
              bodies.push(stringifyJsonExact(body));
              return { adjustmentId: 'A-1', newQuantity: 2 } as StockAdjustmentResult;
            }),
        },
        journal,
        now,
        interruption: fakeInterruption(),
        readLevels: async () => ({}),
      },
      {
        profile: 'sandbox',
        warehouseId: 1,
        productId: '9007199254740993',
        adjustmentQuantity: -3,
        userId: 1,
        comment: 'breakage',
        current: 5,
      },
    );
    expect(outcome.kind).toBe('recorded');
    expect(bodies[0]).toContain('"productId":9007199254740993');
    expect(journal.list('sandbox')[0]).toMatchObject({
      kind: 'adjustment',
      items: [{ productId: '9007199254740993', adjustmentQuantity: -3 }],
      levelsAfter: { '9007199254740993': 2 },
    });
  });

  it('a lost adjustment is unknown; the same one is refused until resolved; resolve refuses anything but unknown', async () => {
    const journal = new StockChangeJournal(stateDir(), now);
    let sends = 0;
    const deps = {
      client: {
        adjustStock: async (_body: Record<string, unknown>, o?: { beforeSend?: () => Promise<void> }) =>
          throughHttp(fakeInterruption(), o, async (): Promise<StockAdjustmentResult> => {
            sends++;
            throw lost();
          }),
      },
      journal,
      now,
      interruption: fakeInterruption(),
      readLevels: async () => ({ '1001': 2 }),
      settleMs: 0,
    };
    const input = {
      profile: 'sandbox',
      warehouseId: 1,
      productId: '1001',
      adjustmentQuantity: -3,
      userId: 1,
      comment: 'breakage',
      current: 5,
    };
    const outcome = await adjustStockLevel(deps, input);
    expect(outcome.kind).toBe('unknown');
    expect(await adjustStockLevel(deps, input)).toMatchObject({ kind: 'unresolved' });
    // A different adjustment of the same product is not held up.
    await adjustStockLevel(deps, { ...input, comment: 'another breakage' });
    expect(sends).toBe(2);
    const settled = await resolveWrite(journal, outcome.entry!, 'applied', 'counted the shelf', now);
    expect(settled.status).toBe('applied');
    expect(() => assertResolvable(settled, 'adjustment', '')).toThrow(UsageError);
  });
});
