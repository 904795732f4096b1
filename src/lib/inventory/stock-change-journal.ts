// The local journal of stock takes and adjustments: each send, what it
// changed, and what is known of its outcome. Unlike a receipt (a delivery,
// sent once), the same take or adjustment may rightly be made again another
// day, so an entry has its own id and a fingerprint of its content: a rerun of
// the same content reuses the entry (and its Idempotency-Key) while its
// outcome is open, and is refused while it is unknown.

import { createHash, randomBytes } from 'node:crypto';
import { Journal } from '../writes/journal.js';
import { migrateInventoryV1, type InventoryWriteEntry } from './journal-entry.js';
import { venueCommand } from '../hint-command.js';

export type StockChangeKind = 'take' | 'adjustment';

export interface StockChangeItem {
  /** A digit string: exact however long. */
  productId: string;
  /** take: the counted quantity. */
  countedQuantity?: number;
  /** adjustment: positive adds, negative removes. */
  adjustmentQuantity?: number;
}

export interface StockChangeIdentity {
  kind: StockChangeKind;
  profile: string;
  warehouseId: number;
  userId: number;
  comment?: string;
  items: StockChangeItem[];
}

export interface StockChangeEntry extends InventoryWriteEntry, StockChangeIdentity {
  kind: StockChangeKind;
  /** A sha256 of the content: the same take or adjustment made again has the same one. */
  fingerprint: string;
  /** The service's stockTakeId or adjustmentId, when it said. */
  resultId?: string;
}

export function stockChangeFingerprint(identity: StockChangeIdentity): string {
  const items = [...identity.items]
    .map((i) => [i.productId, i.countedQuantity ?? null, i.adjustmentQuantity ?? null])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  const canonical = JSON.stringify([
    'venue-stock-change/1',
    identity.kind,
    identity.profile,
    identity.warehouseId,
    identity.userId,
    identity.comment?.trim() || null,
    items,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** What the change does to each product, given the levels before it. */
export function expectedChanges(
  entry: Pick<StockChangeIdentity, 'kind' | 'items'>,
  levelsBefore: Record<string, number>,
): Array<{ productId: string; change: number }> {
  return entry.items.map((i) => ({
    productId: i.productId,
    change:
      entry.kind === 'take' ? (i.countedQuantity ?? 0) - (levelsBefore[i.productId] ?? 0) : (i.adjustmentQuantity ?? 0),
  }));
}

export class StockChangeJournal extends Journal<StockChangeEntry> {
  constructor(
    stateDir: string,
    now: () => number = Date.now,
    scrub?: { scrub(text: string, everyJwt?: boolean): string },
  ) {
    super(
      stateDir,
      {
        file: 'inventory-stock-changes.json',
        locks: 'inventory-stock-change-locks',
        name: 'inventory-stock-changes',
        what: 'stock change',
        listCommand: ['inventory', 'stock', 'changes'],
        migrate: (old) =>
          migrateInventoryV1<StockChangeEntry>(old, (e) => (e.kind === 'adjustment' ? 'adjustment' : 'take')),
      },
      now,
      scrub,
    );
  }

  /** The newest entry with this content that is still open (not recorded or applied), if any. */
  openEntry(profile: string, fingerprint: string): StockChangeEntry | undefined {
    return this.list(profile).find(
      (e) => e.fingerprint === fingerprint && e.status !== 'recorded' && e.status !== 'applied',
    );
  }

  /** A new entry id: 32 hex digits. */
  static newId(): string {
    return randomBytes(16).toString('hex');
  }

  static resolveCommands(id: string): string[] {
    const short = id.slice(0, 12);
    return [
      venueCommand(['inventory', 'stock', 'resolve', short, '--applied']),
      venueCommand(['inventory', 'stock', 'resolve', short, '--not-applied']),
    ];
  }
}
