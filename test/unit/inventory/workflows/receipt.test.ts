import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DamagedJournalError } from '../../../../src/lib/private-file.js';
import {
  ReceiptJournal,
  receiptFingerprint,
  type ReceiptIdentity,
} from '../../../../src/lib/inventory/receipt-journal.js';
import { recordReceipt, type ReceiptInput } from '../../../../src/lib/inventory/workflows/receipt.js';
import { resolveWrite } from '../../../../src/lib/inventory/workflows/resolve.js';
import { describeEvidence } from '../../../../src/lib/inventory/workflows/outcome.js';
import type { StockReceiptResult } from '../../../../src/lib/inventory/types.js';
import {
  fakeInterruption,
  FakeStock,
  lost,
  notReached,
  refused,
  stateDir,
  throughHttp,
  unreadable,
  type FakeInterruption,
} from './fakes.js';

const identity: ReceiptIdentity = {
  profile: 'sandbox',
  warehouseId: 1,
  supplierId: 3,
  poNumber: 'PO-1',
  invoice: 'INV-1',
  items: [{ productId: 1016, quantity: 10 }],
};
const input: ReceiptInput = { identity, body: { warehouseId: 1, userId: 1, items: identity.items }, userId: 1 };
const id = receiptFingerprint(identity);

type Send = (body: Record<string, unknown>, options?: { idempotencyKey?: string }) => Promise<StockReceiptResult>;

function setup(
  send: Send,
  options: { interruption?: FakeInterruption; stock?: FakeStock; dir?: string; beforeHttp?: () => void } = {},
) {
  const stock = options.stock ?? new FakeStock({ '1016': 40 });
  const keys: Array<string | undefined> = [];
  const journal = new ReceiptJournal(options.dir ?? stateDir(), () => Date.parse('2026-11-22T02:30:00Z'));
  const interruption = options.interruption ?? fakeInterruption();
  const deps = {
    client: {
      receiveStock: async (
        body: Record<string, unknown>,
        o?: { idempotencyKey?: string; beforeSend?: () => Promise<void> },
      ) => {
        options.beforeHttp?.();
        return throughHttp(interruption, o, () => {
          keys.push(o?.idempotencyKey);
          return send(body, o);
        });
      },
    },
    journal,
    now: () => Date.parse('2026-11-22T02:30:00Z'),
    interruption,
    readLevels: stock.read,
    settleMs: 0,
  };
  return { deps, journal, keys, stock, interruption };
}

const applied =
  (stock: FakeStock): Send =>
  async () => {
    stock.move('1016', 10);
    return {
      receiptId: 'R-1',
      items: [{ productId: 1016, quantity: 10, newQuantity: stock.levels['1016'] }],
    } as StockReceiptResult;
  };

describe('recordReceipt', () => {
  it('records an answered receipt with a stable Idempotency-Key, and a rerun sends nothing', async () => {
    const stock = new FakeStock({ '1016': 40 });
    const { deps, keys, journal } = setup(applied(stock), { stock });
    const outcome = await recordReceipt(deps, input);
    expect(outcome.kind).toBe('recorded');
    expect(journal.get(id)).toMatchObject({
      status: 'recorded',
      receiptId: 'R-1',
      levelsBefore: { '1016': 40 },
      levelsAfter: { '1016': 50 },
    });
    expect(keys).toEqual([`venue-receipt-${id.slice(0, 32)}-1`]);
    const rerun = await recordReceipt(deps, input);
    expect(rerun.kind).toBe('already-recorded');
    expect(keys).toHaveLength(1);
  });

  it('refused (422): not applied, a new key for the rerun, which sends it', async () => {
    const stock = new FakeStock({ '1016': 40 });
    let first = true;
    const { deps, keys, journal } = setup(
      async (b, o) => {
        if (first) {
          first = false;
          throw refused(422);
        }
        return applied(stock)(b, o);
      },
      { stock },
    );
    const outcome = await recordReceipt(deps, input);
    expect(outcome.kind).toBe('refused');
    expect(journal.get(id)?.status).toBe('not-applied');
    expect((await recordReceipt(deps, input)).kind).toBe('recorded');
    expect(keys).toEqual([`venue-receipt-${id.slice(0, 32)}-1`, `venue-receipt-${id.slice(0, 32)}-2`]);
  });

  it("refused with 503 or 429 (after the HTTP layer's retries) is not applied; another 5xx is unknown", async () => {
    for (const status of [503, 429]) {
      const { deps, journal } = setup(async () => {
        throw refused(status, 'unavailable');
      });
      expect((await recordReceipt(deps, input)).kind).toBe('refused');
      expect(journal.get(id)?.status).toBe('not-applied');
    }
    const { deps, journal } = setup(async () => {
      throw refused(500, 'internal');
    });
    expect((await recordReceipt(deps, input)).kind).toBe('unknown');
    expect(journal.get(id)?.status).toBe('unknown');
  });

  it('a request that never left is not applied, and a rerun sends it', async () => {
    const stock = new FakeStock({ '1016': 40 });
    let first = true;
    const { deps, journal } = setup(
      async (b, o) => {
        if (first) {
          first = false;
          throw notReached();
        }
        return applied(stock)(b, o);
      },
      { stock },
    );
    expect((await recordReceipt(deps, input)).kind).toBe('not-sent');
    expect(journal.get(id)?.status).toBe('not-applied');
    expect((await recordReceipt(deps, input)).kind).toBe('recorded');
  });

  it('lost, then applied: unknown all the same (levels are evidence), and every rerun refuses to send', async () => {
    const stock = new FakeStock({ '1016': 40 });
    const { deps, keys, journal } = setup(
      async () => {
        stock.move('1016', 10);
        throw lost();
      },
      { stock },
    );
    const outcome = await recordReceipt(deps, input);
    expect(outcome.kind).toBe('unknown');
    if (outcome.kind !== 'unknown') return;
    expect(outcome.evidence.lines).toEqual([{ productId: '1016', before: 40, now: 50, expected: 10 }]);
    expect(journal.get(id)).toMatchObject({
      status: 'unknown',
      levelsBefore: { '1016': 40 },
      levelsAfter: { '1016': 50 },
    });
    const rerun = await recordReceipt(deps, input);
    expect(rerun).toMatchObject({ kind: 'unresolved', why: 'unknown' });
    expect(await recordReceipt(deps, input)).toMatchObject({ kind: 'unresolved' });
    expect(keys).toHaveLength(1);
  });

  it('lost, then not applied: unknown; resolved --not-applied, the rerun sends it with the same key', async () => {
    const stock = new FakeStock({ '1016': 40 });
    let first = true;
    const { deps, keys, journal } = setup(
      async (b, o) => {
        if (first) {
          first = false;
          throw lost();
        }
        return applied(stock)(b, o);
      },
      { stock },
    );
    const outcome = await recordReceipt(deps, input);
    expect(outcome.kind).toBe('unknown');
    if (outcome.kind === 'unknown') expect(outcome.evidence.lines[0]).toMatchObject({ before: 40, now: 40 });
    await resolveWrite(journal, journal.get(id)!, 'not-applied', 'shelf checked', deps.now);
    expect((await recordReceipt(deps, input)).kind).toBe('recorded');
    expect(keys).toEqual([`venue-receipt-${id.slice(0, 32)}-1`, `venue-receipt-${id.slice(0, 32)}-1`]);
    expect(journal.get(id)!.history.map((h) => h.status)).toEqual([
      'sending',
      'unknown',
      'not-applied',
      'sending',
      'recorded',
    ]);
  });

  it('resolved --applied: a rerun is a no-op', async () => {
    const { deps, journal, keys } = setup(async () => {
      throw lost();
    });
    await recordReceipt(deps, input);
    await resolveWrite(journal, journal.get(id)!, 'applied', undefined, deps.now);
    expect((await recordReceipt(deps, input)).kind).toBe('already-recorded');
    expect(keys).toHaveLength(1);
  });

  it('concurrent movement: a sale of the same size during a lost send is shown, never taken as proof', async () => {
    const stock = new FakeStock({ '1016': 40 });
    const { deps } = setup(
      async () => {
        stock.move('1016', -10); // the counter sells 10; the receipt was not applied
        throw lost();
      },
      { stock },
    );
    const outcome = await recordReceipt(deps, input);
    expect(outcome.kind).toBe('unknown');
    if (outcome.kind !== 'unknown') return;
    expect(describeEvidence(outcome.evidence, (l) => `receipt adds ${l.expected}`)).toEqual([
      'product 1016: 40 before, 30 now, receipt adds 10 (other movements: -20 if it was applied, -10 if not)',
    ]);
    // Another receipt of the same size landing meanwhile looks exactly like this one: still unknown.
    const other = new FakeStock({ '1016': 40 });
    const second = setup(
      async () => {
        other.move('1016', 10);
        throw lost();
      },
      { stock: other },
    );
    expect((await recordReceipt(second.deps, input)).kind).toBe('unknown');
  });

  it('an accepted answer that cannot be read is recorded', async () => {
    const { deps, journal } = setup(async () => {
      throw unreadable();
    });
    expect((await recordReceipt(deps, input)).kind).toBe('accepted-unreadable');
    expect(journal.get(id)?.status).toBe('recorded');
  });

  it('interrupted before the send: nothing sent, nothing journalled', async () => {
    const interruption = fakeInterruption();
    interruption.trip();
    const { deps, keys, journal } = setup(async () => ({}) as StockReceiptResult, { interruption });
    expect((await recordReceipt(deps, input)).kind).toBe('interrupted-before-send');
    expect(keys).toHaveLength(0);
    expect(journal.get(id)).toBeUndefined();
  });

  it('interrupted while reading the levels: nothing sent', async () => {
    const interruption = fakeInterruption();
    const stock = new FakeStock({ '1016': 40 });
    const { deps, keys } = setup(async () => ({}) as StockReceiptResult, { interruption, stock });
    deps.readLevels = async (ids) => {
      interruption.trip();
      return stock.read(ids);
    };
    expect((await recordReceipt(deps, input)).kind).toBe('interrupted-before-send');
    expect(keys).toHaveLength(0);
  });

  it("interrupted as the HTTP layer was about to send (past the workflow's own checks): nothing left, nothing journalled", async () => {
    const interruption = fakeInterruption();
    const { deps, journal, keys } = setup(async () => ({}) as StockReceiptResult, {
      interruption,
      beforeHttp: () => interruption.trip(),
    });
    expect((await recordReceipt(deps, input)).kind).toBe('interrupted-before-send');
    expect(keys).toHaveLength(0);
    // The journal marks "sending" only when the request is about to leave: here it never was.
    expect(journal.get(id)).toBeUndefined();
  });

  it('interrupted during the send: the answer is awaited and its real outcome reported', async () => {
    const interruption = fakeInterruption();
    const stock = new FakeStock({ '1016': 40 });
    const { deps, journal } = setup(
      async (b, o) => {
        interruption.trip();
        return applied(stock)(b, o);
      },
      { interruption, stock },
    );
    expect((await recordReceipt(deps, input)).kind).toBe('recorded');
    expect(journal.get(id)?.status).toBe('recorded');
  });

  it('interrupted during the send and the answer lost: unknown, without reading the levels again', async () => {
    const interruption = fakeInterruption();
    const stock = new FakeStock({ '1016': 40 });
    const { deps, journal } = setup(
      async () => {
        interruption.trip();
        throw lost();
      },
      { interruption, stock },
    );
    const outcome = await recordReceipt(deps, input);
    expect(outcome.kind).toBe('unknown');
    if (outcome.kind === 'unknown') expect(outcome.evidence.readError).toMatch(/interrupted/);
    expect(stock.reads).toBe(1);
    expect(journal.get(id)?.status).toBe('unknown');
  });

  it('interrupted after the send: what was recorded stays recorded', async () => {
    const interruption = fakeInterruption();
    const stock = new FakeStock({ '1016': 40 });
    const { deps, journal } = setup(applied(stock), { interruption, stock });
    expect((await recordReceipt(deps, input)).kind).toBe('recorded');
    interruption.trip();
    expect((await recordReceipt(deps, input)).kind).toBe('already-recorded');
    expect(journal.get(id)?.status).toBe('recorded');
  });

  it('a run that died while sending leaves it unknown: the next run refuses', async () => {
    const dir = stateDir();
    const { deps, journal, keys } = setup(async () => ({}) as StockReceiptResult, { dir });
    await journal.startSend(identity, { levelsBefore: { '1016': 40 } });
    expect(await recordReceipt(deps, input)).toMatchObject({ kind: 'unresolved', why: 'died-while-sending' });
    expect(journal.get(id)?.status).toBe('unknown');
    expect(keys).toHaveLength(0);
  });

  it('--force sends a recorded receipt again with a new key', async () => {
    const stock = new FakeStock({ '1016': 40 });
    const { deps, keys } = setup(applied(stock), { stock });
    await recordReceipt(deps, input);
    expect((await recordReceipt(deps, { ...input, force: true })).kind).toBe('recorded');
    expect(keys.map((k) => k!.slice(-2))).toEqual(['-1', '-2']);
  });

  it('a damaged journal stops it before anything is sent', async () => {
    const dir = stateDir();
    const { deps, keys, journal } = setup(async () => ({}) as StockReceiptResult, { dir });
    fs.writeFileSync(journal.file, '');
    await expect(recordReceipt(deps, input)).rejects.toBeInstanceOf(DamagedJournalError);
    fs.writeFileSync(journal.file, '{"version":1,"entr');
    await expect(recordReceipt(deps, input)).rejects.toThrow(/cannot be read/);
    expect(keys).toHaveLength(0);
  });
});
