// What a stock file holds: stock-take counts or stock receipts, each line
// naming its product by id, barcode or product code. Read and checked by
// read.ts (with check.ts, csv.ts, json.ts), resolved to product ids by
// resolve.ts; problems are reported by issues.ts.

export type StockFileKind = 'take' | 'receipt';

/** How a line names its product: exactly one of these is used. */
export type ProductRef =
  { kind: 'productId'; value: number } | { kind: 'barcode'; value: string } | { kind: 'productCode'; value: string };

export interface StockFileItem {
  /** 1-based line in the file where the item starts. */
  line: number;
  ref: ProductRef;
  /** countedQuantity for a stock take, quantity for a receipt. */
  quantity: number;
  /** Receipts only: the value of the received goods (purchase price). */
  value?: number;
}

export interface StockFile {
  kind: StockFileKind;
  format: 'csv' | 'json';
  items: StockFileItem[];
  /** How messages name it: the path given, or "standard input". */
  source: string;
}

export const refColumns = ['productId', 'barcode', 'productCode'] as const;
const quantityColumn: Record<StockFileKind, string> = { take: 'countedQuantity', receipt: 'quantity' };

export function quantityColumnFor(kind: StockFileKind): string {
  return quantityColumn[kind];
}

export function refLabel(ref: ProductRef): string {
  return ref.kind === 'productId' ? `product ${ref.value}` : `${ref.kind} "${ref.value}"`;
}

export function refKey(ref: ProductRef): string {
  return `${ref.kind}:${ref.value}`;
}
