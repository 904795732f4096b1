import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RejectedError, UsageError } from '../../../src/lib/errors.js';
import {
  ReceiptJournal,
  receiptFingerprint,
  shortId,
  type ReceiptIdentity,
} from '../../../src/lib/inventory/receipt-journal.js';

const dirs: string[] = [];
function journalDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-journal-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const receipt: ReceiptIdentity = {
  profile: 'sandbox',
  warehouseId: 1,
  supplierId: 3,
  poNumber: 'PO-1',
  invoice: 'INV-9',
  items: [
    { productId: 2, quantity: 5, value: 10 },
    { productId: 1, quantity: 3 },
  ],
};

describe('receipt fingerprint', () => {
  it('ignores item order but not any identifying field', () => {
    const base = receiptFingerprint(receipt);
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(receiptFingerprint({ ...receipt, items: [...receipt.items].reverse() })).toBe(base);
    expect(receiptFingerprint({ ...receipt, profile: 'prod' })).not.toBe(base);
    expect(receiptFingerprint({ ...receipt, warehouseId: 2 })).not.toBe(base);
    expect(receiptFingerprint({ ...receipt, supplierId: undefined })).not.toBe(base);
    expect(receiptFingerprint({ ...receipt, poNumber: 'PO-2' })).not.toBe(base);
    expect(receiptFingerprint({ ...receipt, invoice: 'INV-1' })).not.toBe(base);
    expect(
      receiptFingerprint({
        ...receipt,
        items: [
          { productId: 2, quantity: 6, value: 10 },
          { productId: 1, quantity: 3 },
        ],
      }),
    ).not.toBe(base);
  });
});

describe('receipt journal', () => {
  it('records sends and outcomes, privately, with history', async () => {
    const dir = journalDir();
    let clock = Date.parse('2026-11-22T02:00:00Z');
    const journal = new ReceiptJournal(dir, () => clock);
    const sending = await journal.startSend(receipt, { userId: 1, levelsBefore: { '1': 4, '2': 0 } });
    expect(sending.status).toBe('sending');
    expect(sending.attempts).toBe(1);
    expect(sending.items.map((i) => i.productId)).toEqual([1, 2]);
    clock += 60_000;
    const done = await journal.setStatus(sending.id, 'recorded', {
      receiptId: 'R-1',
      recordedAt: '2026-11-22T02:01:00Z',
    });
    expect(done).toMatchObject({
      status: 'recorded',
      receiptId: 'R-1',
      createdAt: '2026-11-22T02:00:00Z',
      updatedAt: '2026-11-22T02:01:00Z',
    });
    expect(done.history.map((h) => h.status)).toEqual(['sending', 'recorded']);
    expect(fs.statSync(journal.file).mode & 0o777).toBe(0o600);
    expect(new ReceiptJournal(dir).get(sending.id)?.status).toBe('recorded');
  });

  it('finds entries by id prefix within a profile', async () => {
    const journal = new ReceiptJournal(journalDir());
    const a = await journal.startSend(receipt, { levelsBefore: {} });
    await journal.startSend({ ...receipt, profile: 'other' }, { levelsBefore: {} });
    expect(journal.list('sandbox').map((e) => e.id)).toEqual([a.id]);
    expect(journal.findByPrefix('sandbox', shortId(a.id)).id).toBe(a.id);
    expect(journal.findByPrefix('sandbox', a.id.slice(0, 6).toUpperCase()).id).toBe(a.id);
    expect(() => journal.findByPrefix('sandbox', 'zz')).toThrow(UsageError);
    expect(() => journal.findByPrefix('other', shortId(a.id))).toThrow(/no receipt/);
  });

  it('lets only one run of a receipt hold its lock', async () => {
    const journal = new ReceiptJournal(journalDir());
    const id = receiptFingerprint(receipt);
    const release = journal.lock(id);
    expect(() => journal.lock(id)).toThrow(RejectedError);
    expect(() => journal.lock(id)).toThrow(
      new RegExp(`another run of receipt .* is in progress \\(process ${process.pid} on `),
    );
    const other = journal.lock(receiptFingerprint({ ...receipt, invoice: 'X' }));
    other();
    release();
    const again = journal.lock(id);
    again();
  });

  it('keeps every entry when writers overlap', async () => {
    const journal = new ReceiptJournal(journalDir());
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => journal.startSend({ ...receipt, invoice: `INV-${i}` }, { levelsBefore: {} })),
    );
    expect(journal.list('sandbox')).toHaveLength(8);
  });
});
