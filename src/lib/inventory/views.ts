// Inventory answers read into venue's views: each field looked up through the
// synonym tables of ./fields.ts by the one reading layer, the fields a command
// needs read with need* (an UnreadableAnswerError, exit 6, when missing), the
// rest left undefined when the service did not say. Nothing is filled in.
// Every view keeps the service's own record (withSource) so machine formats
// print what the service sent.

import {
  RecordReader,
  asEnum,
  asNumber,
  asText,
  isRecord,
  sameKeys,
  withSource,
  type FieldNames,
  type FieldSpec,
} from '../reading.js';
import {
  adjustmentFields,
  categoryFields,
  classFields,
  containerFields,
  productFields,
  productStockFields,
  productSupplierFields,
  productTypeWords,
  receiptFields,
  receiptLineFields,
  saleTypeWords,
  stockLevelFields,
  stockTakeFields,
  stockTakeLineFields,
  supplierFields,
  taxGroupFields,
  warehouseFields,
} from './fields.js';
import type {
  Category,
  ContainerType,
  Product,
  ProductClass,
  ProductSupplierLink,
  StockAdjustmentResult,
  StockLevel,
  StockLevelEntry,
  StockReceiptLine,
  StockReceiptResult,
  StockTakeLine,
  StockTakeResult,
  Supplier,
  TaxGroup,
  Warehouse,
} from './types.js';

/** Drops the fields the service did not give, so tables leave them out; the view carries the service's record (withSource). */
function compact<T extends object>(view: T, raw: unknown): T {
  // A new object rather than deletes: a deleted key turns the object slow for every later read.
  const source = view as Record<string, unknown>;
  const keys = Object.keys(source);
  if (keys.length > MASK_BITS) return withSource(compactKeyByKey(source, keys), raw) as T;
  let defined = 0;
  for (let i = 0; i < keys.length; i++) if (source[keys[i]!] !== undefined) defined += POWERS[i]!;
  // Adding keys one by one to a new object cost more than reading the record: a view of the same keys and the same
  // ones set as one seen before is made by one object literal compiled for that layout (its keys go into the source
  // as JSON string literals, never as code). A 100,000-row table copied a template and set each value: 0.4 s.
  let byDefined = layouts.get(keys[0] ?? '');
  const seen = byDefined?.get(defined);
  if (seen && sameKeys(seen.keys, keys)) return withSource(seen.make(source), raw) as T;
  const out = withSource(compactKeyByKey(source, keys), raw);
  if (!byDefined) layouts.set(keys[0] ?? '', (byDefined = new Map()));
  // A key "__proto__" in a literal would set the prototype, not a field: such views are always made key by key.
  if (!seen && byDefined.size < 256 && !keys.includes('__proto__')) {
    const properties = keys
      .filter((key) => source[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}: s[${JSON.stringify(key)}]`);
    byDefined.set(defined, {
      keys,
      make: new Function('s', `"use strict"; return { ${properties.join(', ')} };`) as Layout['make'],
    });
  }
  return out as T;
}

/** A view layout: its keys, and how a view of those keys with the same ones set is made. */
interface Layout {
  readonly keys: readonly string[];
  readonly make: (source: Record<string, unknown>) => Record<string, unknown>;
}

function compactKeyByKey(source: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) if (source[key] !== undefined) out[key] = source[key];
  return out;
}

/** Masks are sums of powers of two, exact up to 2^52. */
const MASK_BITS = 52;
const POWERS = Array.from({ length: MASK_BITS }, (_, i) => 2 ** i);
/** Per view's first key (each view type has its own), per which of its keys are set: its layout (compact). */
const layouts = new Map<string, Map<number, Layout>>();

function viewOf<T extends object>(view: T, reader: RecordReader): T {
  return compact(view, reader.raw);
}

/** A numeric id, also when the service nests it ({warehouse: {id: 1}}): the spec's type is 'ref'. */
function needRef(reader: RecordReader, spec: FieldSpec<'ref'>, label: string): number {
  return reader.need(spec, label);
}

/** Each record of a nested list; one nested record where a list is usual is a list of one; an item that is not a record is unreadable. */
function nestedRecords(reader: RecordReader, spec: FieldSpec, what: string): RecordReader[] | undefined {
  const list = reader.list(spec);
  if (list === undefined) {
    const single = reader.record(spec, what);
    return single ? [single] : undefined;
  }
  return list.map((item) => {
    if (!isRecord(item)) throw reader.missing(`${what} list`, spec, 'has an unreadable');
    return new RecordReader(item, reader.source, what);
  });
}

/** Text values of a list field, or of one text value. */
function texts(reader: RecordReader, spec: FieldSpec, inside: FieldNames): string[] | undefined {
  const value = reader.value(spec);
  if (value === undefined) return undefined;
  const items = Array.isArray(value) ? value : [value];
  const out: string[] = [];
  for (const item of items) {
    const text = isRecord(item)
      ? asText(new RecordReader(item, reader.source, spec.names[0]!).value(inside))
      : asText(item);
    if (text === undefined) throw reader.missing(spec.names[0]!, spec, 'has an unreadable');
    out.push(text);
  }
  return out;
}

/** productType as its number; a word is mapped through productTypeWords, an unknown one kept as sent. */
export function readProductType(value: unknown): number | string | undefined {
  const word = asEnum(value, productTypeWords);
  if (word === undefined) return undefined;
  return asNumber(word) ?? word;
}

/** saleType as the bitmask: a number, or flag words ("Sale, Vending", ["REDEMPTION","SALE"]) added up; unknown words kept as sent. */
export function readSaleType(value: unknown): number | string | undefined {
  const direct = asNumber(value);
  if (direct !== undefined) return direct;
  const words = Array.isArray(value)
    ? value.map(asText)
    : typeof value === 'string'
      ? value.split(/[,|+\s]+/).filter(Boolean)
      : undefined;
  if (!words?.length) return undefined;
  let mask = 0;
  for (const word of words) {
    const flag = asNumber(asEnum(word, saleTypeWords));
    if (flag === undefined) return Array.isArray(value) ? value.join(',') : String(value);
    mask |= flag;
  }
  return mask;
}

/** The reads a product's stock entry can fail on. */
function stockEntryNeeds(reader: RecordReader): StockLevelEntry {
  return {
    warehouseId: needRef(reader, productStockFields.warehouseId, 'warehouse id'),
    quantity: reader.need(productStockFields.quantity, 'quantity'),
  };
}

function stockEntry(reader: RecordReader): StockLevelEntry {
  return viewOf(stockEntryNeeds(reader), reader);
}

/** The read a product's supplier link can fail on. */
function supplierLinkNeeds(reader: RecordReader): Pick<ProductSupplierLink, 'supplierId'> {
  return { supplierId: needRef(reader, productSupplierFields.supplierId, 'supplier id') };
}

function supplierLink(reader: RecordReader): ProductSupplierLink {
  const f = productSupplierFields;
  return viewOf(
    {
      ...supplierLinkNeeds(reader),
      containerPrice: reader.get(f.containerPrice),
      containerQuantity: reader.get(f.containerQuantity),
      containerId: reader.get(f.containerId),
      productSupplierCode: reader.get(f.productSupplierCode),
      preferredSupplier: reader.get(f.preferredSupplier),
      isActive: reader.get(f.isActive),
    },
    reader,
  );
}

/**
 * What a product must hold to be read at all, and the reads that can fail:
 * its id and name, readable barcodes, and stock entries and supplier links
 * each with what they need (exit 6 naming what is missing), each read by the
 * given function (its view, or only what it needs). The rest of a product is
 * optional.
 */
function productNeeds<S, L>(
  reader: RecordReader,
  entry: (reader: RecordReader) => S,
  link: (reader: RecordReader) => L,
) {
  const f = productFields;
  return {
    productId: needRef(reader, f.productId, 'id'),
    productName: reader.need(f.productName, 'name'),
    barcodes: texts(reader, f.barcodes, ['barcode', 'code', 'value']),
    stockLevels: nestedRecords(reader, f.stockLevels, 'stock level')?.map(entry),
    suppliers: nestedRecords(reader, f.suppliers, 'supplier link')?.map(link),
  };
}

/**
 * A product checked as its view checks it (the same reads, the same exit 6),
 * without building the view or its entries' views: machine formats check a
 * listing's products with this alone and carry each record in venue's shape
 * (records.ts), so a row is not also read into a view it never prints.
 */
export function checkProduct(reader: RecordReader): void {
  productNeeds(reader, stockEntryNeeds, supplierLinkNeeds);
}

/**
 * Whether a product already in venue's shape holds what productNeeds reads,
 * so that checkProduct cannot fail on it: a quick sufficient test on the
 * listing's hot path, never a verdict. When it says no, checkProduct reads
 * the product and names what is missing (exit 6).
 *
 * Only for a record shapeRecord gave back as it is (records.ts, keptWhole):
 * then each field is under its own name alone, with a value of its field's
 * type, so every read of productNeeds finds exactly that value. What is left
 * to know is what those reads require of it: an id and a name that are
 * there (a name not blank), barcodes that are text, and stock entries and
 * supplier links that are records with their ids (and a quantity). Anything
 * less usual (a reference given as a record, a single entry not in a list)
 * is left to checkProduct. test/unit/inventory/machine-records.test.ts
 * holds this to checkProduct over good and broken products.
 */
export function holdsProductNeeds(product: Record<string, unknown>): boolean {
  const name = product.productName;
  return (
    Number.isInteger(product.productId) &&
    (typeof name === 'string' ? name.trim() !== '' : Number.isFinite(name)) &&
    allTexts(product.barcodes) &&
    allRecords(product.stockLevels, holdsStockEntryNeeds) &&
    allRecords(product.suppliers, holdsSupplierLinkNeeds)
  );
}

/** Absent, or text that is not empty, or a list of such (see texts). Loops, not every(): this runs for each product of a listing. */
function allTexts(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (!Array.isArray(value)) return isText(value);
  for (let i = 0; i < value.length; i++) if (!isText(value[i])) return false;
  return true;
}

function isText(item: unknown): boolean {
  return typeof item === 'string' ? item !== '' : Number.isFinite(item);
}

/** Absent, or a list of records each holding what `holds` asks (see nestedRecords). */
function allRecords(value: unknown, holds: (record: Record<string, unknown>) => boolean): boolean {
  if (value === undefined || value === null) return true;
  if (!Array.isArray(value)) return false;
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i];
    if (!isRecord(item) || !holds(item)) return false;
  }
  return true;
}

function holdsStockEntryNeeds(entry: Record<string, unknown>): boolean {
  return Number.isInteger(entry.warehouseId) && Number.isFinite(entry.quantity);
}

function holdsSupplierLinkNeeds(link: Record<string, unknown>): boolean {
  return Number.isInteger(link.supplierId);
}

export function productView(reader: RecordReader): Product {
  const f = productFields;
  const needs = productNeeds(reader, stockEntry, supplierLink);
  return viewOf<Product>(
    {
      productId: needs.productId,
      productName: needs.productName,
      productDescription: reader.get(f.productDescription),
      categoryId: reader.get(f.categoryId),
      classId: reader.get(f.classId),
      taxGroup: reader.get(f.taxGroup),
      productType: readProductType(reader.value(f.productType)),
      saleType: readSaleType(reader.value(f.saleType)),
      orderPrinter: reader.get(f.orderPrinter),
      secondaryProductName: reader.get(f.secondaryProductName),
      ticketValue: reader.get(f.ticketValue),
      sellPrice: reader.get(f.sellPrice),
      vendingPrice: reader.get(f.vendingPrice),
      isPriceExTax: reader.get(f.isPriceExTax),
      productCode: reader.get(f.productCode),
      barcodes: needs.barcodes,
      reorderLevelMin: reader.get(f.reorderLevelMin),
      reorderLevelMax: reader.get(f.reorderLevelMax),
      stockLevels: needs.stockLevels,
      suppliers: needs.suppliers,
      averageUnitCost: reader.get(f.averageUnitCost),
      lastPurchasePrice: reader.get(f.lastPurchasePrice),
      isActive: reader.get(f.isActive),
      createdAt: reader.get(f.createdAt),
      updatedAt: reader.get(f.updatedAt),
    },
    reader,
  );
}

export function categoryView(reader: RecordReader): Category {
  return viewOf(
    { categoryId: reader.need(categoryFields.categoryId, 'id'), name: reader.get(categoryFields.name) },
    reader,
  );
}

export function classView(reader: RecordReader): ProductClass {
  const f = classFields;
  return viewOf(
    { classId: reader.need(f.classId, 'id'), categoryId: reader.get(f.categoryId), name: reader.get(f.name) },
    reader,
  );
}

export function warehouseView(reader: RecordReader): Warehouse {
  const f = warehouseFields;
  return viewOf(
    {
      warehouseId: needRef(reader, f.warehouseId, 'id'),
      name: reader.get(f.name),
      locationId: reader.get(f.locationId),
    },
    reader,
  );
}

export function taxGroupView(reader: RecordReader): TaxGroup {
  const f = taxGroupFields;
  return viewOf(
    { taxGroup: reader.need(f.taxGroup, 'id'), name: reader.get(f.name), rate: reader.get(f.rate) },
    reader,
  );
}

export function containerView(reader: RecordReader): ContainerType {
  const f = containerFields;
  return viewOf(
    { containerId: needRef(reader, f.containerId, 'id'), name: reader.get(f.name), units: reader.get(f.units) },
    reader,
  );
}

export function supplierView(reader: RecordReader): Supplier {
  const f = supplierFields;
  return viewOf<Supplier>(
    {
      supplierId: needRef(reader, f.supplierId, 'id'),
      supplierCode: reader.get(f.supplierCode),
      supplierName: reader.get(f.supplierName),
      supplierAddress: reader.get(f.supplierAddress),
      supplierTown: reader.get(f.supplierTown),
      supplierType: reader.get(f.supplierType),
      paymentTerms: reader.get(f.paymentTerms),
      isActive: reader.get(f.isActive),
    },
    reader,
  );
}

/** What a stock level must hold (its product and quantity: exit 6 naming what is missing), and its warehouse, which answers are checked against. */
export type StockLevelNeeds = Pick<StockLevel, 'productId' | 'warehouseId' | 'quantity'>;

export function stockLevelNeeds(reader: RecordReader): StockLevelNeeds {
  // The usual level holds each of these under its own name as a plain number. A field's own name, spelt exactly,
  // is the first key its read tries, so the reads below would find exactly these values: taken as they are (a
  // fleet reads 100,000 levels). Anything else is read.
  const { productId, warehouseId, quantity } = reader.raw;
  if (Number.isInteger(productId) && Number.isInteger(warehouseId) && Number.isFinite(quantity))
    return { productId, warehouseId, quantity } as StockLevelNeeds;
  return readStockLevelNeeds(reader);
}

/** stockLevelNeeds read through the field table, whatever the level looks like (the reference its quick way is tested against). */
export function readStockLevelNeeds(reader: RecordReader): StockLevelNeeds {
  const f = stockLevelFields;
  return {
    productId: needRef(reader, f.productId, 'product id'),
    warehouseId: reader.get(f.warehouseId),
    quantity: reader.need(f.quantity, 'quantity'),
  };
}

const LEVEL = Symbol('venue.stockLevelNeeds');

/** A row (of a machine-format listing) with what its stock level was checked to hold beside it. */
export function withLevel<T extends object>(row: T, needs: StockLevelNeeds): T {
  (row as Record<symbol, unknown>)[LEVEL] = needs;
  return row;
}

/** What a row made by withLevel was checked to hold: its product, warehouse and quantity. */
export function levelOfRow(row: object): StockLevelNeeds | undefined {
  return (row as Record<symbol, unknown>)[LEVEL] as StockLevelNeeds | undefined;
}

export function stockLevelView(reader: RecordReader): StockLevel {
  return stockLevelViewWith(reader, stockLevelNeeds(reader));
}

/** The view of a stock level whose needs were read already (the client checks them against what was asked first). */
export function stockLevelViewWith(reader: RecordReader, needs: StockLevelNeeds): StockLevel {
  const f = stockLevelFields;
  return viewOf<StockLevel>(
    {
      productId: needs.productId,
      warehouseId: needs.warehouseId,
      quantity: needs.quantity,
      productName: reader.get(f.productName),
      averageUnitCost: reader.get(f.averageUnitCost),
      lastPurchasePrice: reader.get(f.lastPurchasePrice),
    },
    reader,
  );
}

function stockTakeLine(reader: RecordReader): StockTakeLine {
  const f = stockTakeLineFields;
  return viewOf<StockTakeLine>(
    {
      productId: needRef(reader, f.productId, 'product id'),
      previousQuantity: reader.get(f.previousQuantity),
      countedQuantity: reader.get(f.countedQuantity),
      variance: reader.get(f.variance),
    },
    reader,
  );
}

export function stockTakeView(reader: RecordReader): StockTakeResult {
  const f = stockTakeFields;
  return viewOf<StockTakeResult>(
    {
      stockTakeId: reader.get(f.stockTakeId),
      warehouseId: reader.get(f.warehouseId),
      items: nestedRecords(reader, f.items, 'stock take line')?.map(stockTakeLine),
      totalVariance: reader.get(f.totalVariance),
      createdAt: reader.get(f.createdAt),
    },
    reader,
  );
}

function receiptLine(reader: RecordReader): StockReceiptLine {
  const f = receiptLineFields;
  return viewOf<StockReceiptLine>(
    {
      productId: needRef(reader, f.productId, 'product id'),
      quantity: reader.get(f.quantity),
      newQuantity: reader.get(f.newQuantity),
    },
    reader,
  );
}

export function receiptView(reader: RecordReader): StockReceiptResult {
  const f = receiptFields;
  return viewOf<StockReceiptResult>(
    {
      receiptId: reader.get(f.receiptId),
      items: nestedRecords(reader, f.items, 'receipt line')?.map(receiptLine),
      createdAt: reader.get(f.createdAt),
    },
    reader,
  );
}

export function adjustmentView(reader: RecordReader): StockAdjustmentResult {
  const f = adjustmentFields;
  return viewOf<StockAdjustmentResult>(
    {
      adjustmentId: reader.get(f.adjustmentId),
      productId: reader.get(f.productId),
      warehouseId: reader.get(f.warehouseId),
      adjustmentQuantity: reader.get(f.adjustmentQuantity),
      previousQuantity: reader.get(f.previousQuantity),
      newQuantity: reader.get(f.newQuantity),
      userId: reader.get(f.userId),
      comment: reader.get(f.comment),
      createdAt: reader.get(f.createdAt),
    },
    reader,
  );
}

/** Stock that cannot be: the seed refuses an adjustment below zero and a count below zero, and receipts only add, so a level below zero is impossible. */
export function stockProblems(what: string, levels: Array<{ warehouseId?: number; quantity: number }>): string[] {
  return levels
    .filter((l) => l.quantity < 0)
    .map(
      (l) =>
        `${what}${l.warehouseId !== undefined ? ` in warehouse ${l.warehouseId}` : ''} has ${l.quantity} on hand (below zero)`,
    );
}
