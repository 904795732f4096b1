// The local journal of stock receipts: what makes `stock receive` safe to run
// from cron. A receipt is keyed by a fingerprint of everything that makes it
// the same delivery (profile, warehouse, supplier, PO, invoice, items), so a
// rerun finds it and does nothing, and a lost answer is settled from the
// stock levels recorded just before sending.

import { createHash } from 'node:crypto';
import path from 'node:path';
import { RejectedError, UsageError } from '../errors.js';
import { readJsonFile, tryFileLock, withFileLock, writeJsonFile } from '../private-file.js';

export type ReceiptStatus = 'sending' | 'recorded' | 'applied' | 'not-applied' | 'unknown';

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

export interface ReceiptHistoryEvent {
  at: string;
  status: ReceiptStatus;
  note?: string;
}

export interface ReceiptJournalEntry extends ReceiptIdentity {
  /** The sha256 fingerprint, hex. */
  id: string;
  status: ReceiptStatus;
  userId?: number;
  comment?: string;
  createdAt: string;
  updatedAt: string;
  /** When the service accepted it (recorded), or when the levels showed it applied. */
  recordedAt?: string;
  receiptId?: string;
  /** Stock on hand per product id, read just before the last send. */
  levelsBefore?: Record<string, number>;
  /** Stock on hand per product id after the receipt, when known. */
  levelsAfter?: Record<string, number>;
  attempts: number;
  history: ReceiptHistoryEvent[];
}

interface JournalFile {
  version: 1;
  entries: Record<string, ReceiptJournalEntry>;
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

/** Receipts that count as done: a rerun of them is a no-op. */
export function isSettled(status: ReceiptStatus): boolean {
  return status === 'recorded' || status === 'applied';
}

/** Items in a canonical order and form, so a reordered file is the same receipt. */
export function normaliseItems(items: ReceiptItem[]): ReceiptItem[] {
  return [...items]
    .map((i) => (i.value === undefined ? { productId: i.productId, quantity: i.quantity } : { productId: i.productId, quantity: i.quantity, value: i.value }))
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

/** The short form people type and see: 12 hex digits. */
export function shortId(id: string): string {
  return id.slice(0, 12);
}

export class ReceiptJournal {
  readonly file: string;
  private readonly lockDir: string;

  constructor(
    stateDir: string,
    private readonly now: () => number = Date.now,
  ) {
    this.file = path.join(stateDir, 'inventory-receipts.json');
    this.lockDir = path.join(stateDir, 'inventory-receipt-locks');
  }

  private read(): JournalFile {
    const data = readJsonFile<JournalFile>(this.file, { version: 1, entries: {} });
    return data && typeof data === 'object' && data.entries ? data : { version: 1, entries: {} };
  }

  private stamp(): string {
    return new Date(this.now()).toISOString().replace(/\.\d{3}Z$/, 'Z');
  }

  get(id: string): ReceiptJournalEntry | undefined {
    return this.read().entries[id];
  }

  /** Entries of one profile, newest first. */
  list(profile: string): ReceiptJournalEntry[] {
    return Object.values(this.read().entries)
      .filter((e) => e.profile === profile)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  /** Finds an entry of the profile by its id or an unambiguous prefix of it. */
  find(profile: string, idOrPrefix: string): ReceiptJournalEntry {
    const wanted = idOrPrefix.trim().toLowerCase();
    if (!/^[0-9a-f]{4,64}$/.test(wanted)) {
      throw new UsageError(`"${idOrPrefix}" is not a receipt id: expected at least 4 hex digits`, {
        hint: 'See the ids with `venue inventory receipts list`.',
      });
    }
    const matches = this.list(profile).filter((e) => e.id.startsWith(wanted));
    if (matches.length === 0) {
      throw new UsageError(`no receipt ${idOrPrefix} in the journal of profile "${profile}"`, {
        hint: 'See the ids with `venue inventory receipts list`.',
      });
    }
    if (matches.length > 1) {
      throw new UsageError(`receipt id ${idOrPrefix} is ambiguous (${matches.length} receipts start with it)`, {
        hint: 'Give more digits.',
      });
    }
    return matches[0]!;
  }

  /**
   * Changes one entry under the journal's file lock (cron runs of different
   * receipts may write at the same moment) and returns it as stored.
   */
  async update(
    id: string,
    change: (entry: ReceiptJournalEntry | undefined) => ReceiptJournalEntry,
  ): Promise<ReceiptJournalEntry> {
    return withFileLock(this.file, () => {
      const data = this.read();
      const next = change(data.entries[id]);
      next.updatedAt = this.stamp();
      data.entries[id] = next;
      writeJsonFile(this.file, data);
      return next;
    });
  }

  /** Sets a status and notes it in the entry's history. */
  async setStatus(
    id: string,
    status: ReceiptStatus,
    fields: Partial<ReceiptJournalEntry> = {},
    note?: string,
  ): Promise<ReceiptJournalEntry> {
    return this.update(id, (entry) => {
      if (!entry) throw new Error(`receipt ${id} vanished from the journal`);
      const at = this.stamp();
      return {
        ...entry,
        ...fields,
        status,
        history: [...entry.history, note ? { at, status, note } : { at, status }],
      };
    });
  }

  /**
   * Records that the receipt is about to be sent, with the stock levels read
   * just before: if the answer is lost (or this process dies), those levels are
   * what the outcome is judged against.
   */
  async markSending(
    identity: ReceiptIdentity,
    extra: { userId?: number; comment?: string; levelsBefore: Record<string, number>; note?: string },
  ): Promise<ReceiptJournalEntry> {
    const id = receiptFingerprint(identity);
    const { note, ...fields } = extra;
    return this.update(id, (entry) => {
      const at = this.stamp();
      const base: ReceiptJournalEntry = entry ?? {
        id,
        ...identity,
        items: normaliseItems(identity.items),
        status: 'sending',
        createdAt: at,
        updatedAt: at,
        attempts: 0,
        history: [],
      };
      return {
        ...base,
        ...fields,
        status: 'sending',
        attempts: base.attempts + 1,
        history: [...base.history, note ? { at, status: 'sending', note } : { at, status: 'sending' }],
      };
    });
  }

  /**
   * The per-receipt lock: a second run of the same receipt while one is
   * sending is refused at once (exit 5), never queued behind it, so that it
   * cannot send a second time.
   */
  async lock(id: string): Promise<() => Promise<void>> {
    const release = await tryFileLock(path.join(this.lockDir, id));
    if (!release) {
      throw new RejectedError(`another run of receipt ${shortId(id)} is in progress`, {
        hint: 'Nothing was sent by this run. Wait for the other one to finish; `venue inventory receipts show ' + shortId(id) + '` shows its result.',
      });
    }
    return release;
  }
}
