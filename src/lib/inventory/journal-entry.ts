// What the inventory journals (receipts, stock takes and adjustments) record
// beside the fields every journal entry has (writes/journal.ts): the
// warehouse, and the stock levels kept as evidence for the person who settles
// an unknown write, never as proof.

import type { JournalEntry } from '../writes/journal.js';

/** Stock on hand per product id ("17" → 42). */
export type Levels = Record<string, number>;

export interface InventoryWriteEntry extends JournalEntry {
  warehouseId: number;
  /** Stock on hand per product id, read just before the last send. */
  levelsBefore?: Levels;
  /** Stock on hand per product id after it: from the service's answer, or read as evidence after a lost one. */
  levelsAfter?: Levels;
  /** When levelsAfter were read as evidence (an unknown outcome). */
  evidenceAt?: string;
}

/** A version-1 inventory journal ({ version: 1, entries }) as entries of this format, each given its kind. */
export function migrateInventoryV1<E extends InventoryWriteEntry>(
  old: unknown,
  kindOf: (entry: Record<string, unknown>) => E['kind'],
): Record<string, E> | undefined {
  const data = old as { version?: unknown; entries?: unknown } | null;
  if (!data || typeof data !== 'object' || data.version !== 1 || !data.entries || typeof data.entries !== 'object')
    return undefined;
  const out: Record<string, E> = {};
  for (const [id, raw] of Object.entries(data.entries as Record<string, Record<string, unknown>>)) {
    out[id] = { ...raw, id: String(raw.id ?? id), kind: kindOf(raw) } as unknown as E;
  }
  return out;
}
