// The local journal of stock receipts: what makes `stock receive` safe to run
// from cron. A receipt is keyed by a fingerprint of everything that makes it
// the same delivery (profile, warehouse, supplier, PO, invoice, items), so a
// rerun finds it: a recorded one is a no-op, an unknown one is refused until a
// person settles it. Stock levels are kept as evidence for that person, never
// as proof.

import { createHash } from 'node:crypto';
import { Journal } from '../writes/journal.js';
import { migrateInventoryV1, type InventoryWriteEntry } from './journal-entry.js';
import { venueCommand } from '../hint-command.js';

export { isSettled, shortId } from '../writes/journal.js';
export type { WriteStatus as ReceiptStatus, WriteHistoryEvent as ReceiptHistoryEvent } from '../writes/journal.js';

export interface ReceiptItem {
  productId: number;
  quantity: number;
  value?: number;
}

export interface ReceiptIdentity {
  profile: string;
  warehouseId: number;
  supplierId?: number;
  poNumber?: string;
  invoice?: string;
  items: ReceiptItem[];
}

export interface ReceiptJournalEntry extends InventoryWriteEntry, ReceiptIdentity {
  /** The sha256 fingerprint, hex. */
  id: string;
  kind: 'receipt';
  userId?: number;
  comment?: string;
  receiptId?: string;
}

/** A receipt's items with the stock levels before and after it, one row each. */
export function receiptItemRows(entry: ReceiptJournalEntry): Array<Record<string, unknown>> {
  return entry.items.map((i) => ({
    productId: i.productId,
    quantity: i.quantity,
    value: i.value,
    before: entry.levelsBefore?.[String(i.productId)],
    after: entry.levelsAfter?.[String(i.productId)],
  }));
}

/** Items in a canonical order and form, so a reordered file is the same receipt. */
export function normaliseItems(items: ReceiptItem[]): ReceiptItem[] {
  return [...items]
    .map((i) =>
      i.value === undefined
        ? { productId: i.productId, quantity: i.quantity }
        : { productId: i.productId, quantity: i.quantity, value: i.value },
    )
    .sort((a, b) => a.productId - b.productId);
}

export function receiptFingerprint(identity: ReceiptIdentity): string {
  const canonical = JSON.stringify([
    'venue-stock-receipt/1',
    identity.profile,
    identity.warehouseId,
    identity.supplierId ?? null,
    identity.poNumber?.trim() || null,
    identity.invoice?.trim() || null,
    normaliseItems(identity.items).map((i) => [i.productId, i.quantity, i.value ?? null]),
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/**
 * The key of a receipt file's failing note (writes/journal.ts FailingNote):
 * its profile and absolute path. A file is known by where it lies before its
 * receipt can be known (a file that cannot be read, or whose products cannot
 * be looked up, has no fingerprint yet), so its first failure is kept by path.
 */
export function receiptFileKey(profile: string, absolutePath: string): string {
  return createHash('sha256')
    .update(JSON.stringify(['venue-receipt-file/1', profile, absolutePath]))
    .digest('hex');
}

export class ReceiptJournal extends Journal<ReceiptJournalEntry> {
  constructor(
    stateDir: string,
    now: () => number = Date.now,
    scrub?: { scrub(text: string, everyJwt?: boolean): string },
  ) {
    super(
      stateDir,
      {
        file: 'inventory-receipts.json',
        locks: 'inventory-receipt-locks',
        name: 'inventory-receipts',
        what: 'receipt',
        listCommand: ['inventory', 'receipts', 'list'],
        migrate: (old) => migrateInventoryV1<ReceiptJournalEntry>(old, () => 'receipt'),
      },
      now,
      scrub,
    );
  }

  /** Marks the receipt as being sent (creating its entry if new), with the levels read just before. */
  async startSend(
    identity: ReceiptIdentity,
    fields: Partial<ReceiptJournalEntry>,
    options: { note?: string; newKey?: boolean } = {},
  ): Promise<ReceiptJournalEntry> {
    const id = receiptFingerprint(identity);
    return this.markSending(
      id,
      () => ({ id, kind: 'receipt', ...identity, items: normaliseItems(identity.items) }),
      fields,
      options,
    );
  }

  /** The commands that record a person's verdict on an unknown receipt. */
  static resolveCommands(id: string): string[] {
    const short = id.slice(0, 12);
    return [
      venueCommand(['inventory', 'receipts', 'resolve', short, '--applied']),
      venueCommand(['inventory', 'receipts', 'resolve', short, '--not-applied']),
    ];
  }
}
