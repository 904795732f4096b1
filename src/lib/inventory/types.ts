// Shapes of the inventory service's answers as venue reads them. Kept apart from
// the zod schemas so code that only reads answers never loads zod.

/** saleType flags, combined by addition (docs/api-conventions.md: Redemption = 1). */
export const SaleTypeFlag = { redemption: 1, sale: 2, vending: 4 } as const;
export type SaleTypeName = keyof typeof SaleTypeFlag;

export const ProductType = { stock: 2, modifier: 3 } as const;
export type ProductTypeName = keyof typeof ProductType;

/** paymentTerms codes: index = code. */
export const PAYMENT_TERMS = ['none', 'advance', '7', '14', '21', '30', '45', '60', '90'] as const;

// The views below are what venue reads out of an answer (through ./fields.ts
// and the reading layer): canonical names, values as the service sent them,
// an optional field undefined when the service did not say. Each view keeps
// the service's own record (withSource) for the machine formats.

export interface StockLevelEntry {
  warehouseId: number;
  quantity: number;
}

export interface ProductSupplierLink {
  supplierId: number;
  containerPrice?: number;
  containerQuantity?: number;
  containerId?: number;
  productSupplierCode?: string;
  preferredSupplier?: boolean;
  isActive?: boolean;
}

export interface Product {
  productId: number;
  productName: string;
  productDescription?: string;
  categoryId?: string;
  classId?: string;
  taxGroup?: string;
  /** 2 or 3; a word the service uses that venue does not know stays as sent. */
  productType?: number | string;
  /** The bitmask; flag words the service sends are added up; unknown ones stay as sent. */
  saleType?: number | string;
  orderPrinter?: number;
  secondaryProductName?: string;
  ticketValue?: number;
  sellPrice?: number;
  vendingPrice?: number;
  isPriceExTax?: boolean;
  productCode?: string;
  barcodes?: string[];
  reorderLevelMin?: number;
  reorderLevelMax?: number;
  stockLevels?: StockLevelEntry[];
  suppliers?: ProductSupplierLink[];
  averageUnitCost?: number;
  lastPurchasePrice?: number;
  isActive?: boolean;
  createdAt?: string;
  updatedAt?: string;
  [extra: string]: unknown;
}

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  /** Absent when the service does not say. */
  totalItems?: number;
  totalPages?: number;
  /** Whether another page follows, from whatever paging the service gave (or a full page). */
  more: boolean;
}

export interface Category {
  categoryId: string;
  name?: string;
  [extra: string]: unknown;
}

export interface ProductClass {
  classId: string;
  categoryId?: string;
  name?: string;
  [extra: string]: unknown;
}

export interface Warehouse {
  warehouseId: number;
  name?: string;
  locationId?: number;
  [extra: string]: unknown;
}

export interface TaxGroup {
  taxGroup: string;
  name?: string;
  rate?: number;
  [extra: string]: unknown;
}

export interface ContainerType {
  containerId: number;
  name?: string;
  units?: number;
  [extra: string]: unknown;
}

export interface Supplier {
  supplierId: number;
  supplierCode?: string;
  supplierName?: string;
  supplierAddress?: string;
  supplierTown?: string;
  supplierType?: number;
  paymentTerms?: number;
  isActive?: boolean;
  [extra: string]: unknown;
}

export interface StockLevel {
  productId: number;
  /** Absent when the service does not say (the warehouse asked for is then the one meant). */
  warehouseId?: number;
  quantity: number;
  productName?: string;
  averageUnitCost?: number;
  lastPurchasePrice?: number;
  [extra: string]: unknown;
}

export interface StockTakeLine {
  productId: number;
  previousQuantity?: number;
  countedQuantity?: number;
  variance?: number;
  [extra: string]: unknown;
}

export interface StockTakeResult {
  stockTakeId?: string;
  warehouseId?: number;
  /** The per-product lines, when the service lists them. */
  items?: StockTakeLine[];
  totalVariance?: number;
  createdAt?: string;
  [extra: string]: unknown;
}

export interface StockReceiptLine {
  productId: number;
  quantity?: number;
  newQuantity?: number;
  [extra: string]: unknown;
}

export interface StockReceiptResult {
  receiptId?: string;
  items?: StockReceiptLine[];
  createdAt?: string;
  [extra: string]: unknown;
}

export interface StockAdjustmentResult {
  adjustmentId?: string;
  warehouseId?: number;
  productId?: number;
  adjustmentQuantity?: number;
  previousQuantity?: number;
  newQuantity?: number;
  userId?: number;
  comment?: string;
  createdAt?: string;
  [extra: string]: unknown;
}

export interface HealthStatus {
  /** The service's own word: ok, Healthy, UP, degraded, Unhealthy… */
  status: string;
  database?: string;
  /** The report's named checks, "db: Unhealthy; cache: Healthy" (ASP.NET entries, Spring components). */
  checks?: string;
  time?: string;
  [extra: string]: unknown;
}

export const SALE_TYPE_FLAGS = [
  { flag: 1, name: 'Redemption', priceField: 'ticketValue' },
  { flag: 2, name: 'Sale', priceField: 'sellPrice' },
  { flag: 4, name: 'Vending', priceField: 'vendingPrice' },
] as const;

/** "redemption,sale" → 3; also accepts a number 1..7. Returns undefined for words it does not know. */
export function saleTypeFromWords(value: string): number | undefined {
  const trimmed = value.trim().toLowerCase();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  let mask = 0;
  for (const word of trimmed.split(/[,+|\s]+/).filter(Boolean)) {
    const flag = SALE_TYPE_FLAGS.find((f) => f.name.toLowerCase() === word);
    if (!flag) return undefined;
    mask |= flag.flag;
  }
  return mask || undefined;
}

/** 3 → "Redemption+Sale". */
export function saleTypeWords(mask: number): string {
  return SALE_TYPE_FLAGS.filter((f) => (mask & f.flag) !== 0)
    .map((f) => f.name)
    .join('+');
}
