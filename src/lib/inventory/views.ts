// Inventory answers read into venue's views: each field looked up through the
// synonym tables of ./fields.ts by the one reading layer, the fields a command
// needs read with need* (an UnreadableAnswerError, exit 6, when missing), the
// rest left undefined when the service did not say. Nothing is filled in.
// Products and stock levels, read by the thousand, are shaped and checked
// once by their shape's compiled plan (records.ts) and their views made from
// the shaped record; the smaller answers are read through RecordReader.
// Every view keeps the service's own record (withSource) so machine formats
// print what the service sent.

import {
  RecordReader,
  asEnum,
  asNumber,
  asText,
  isRecord,
  readValue,
  textsIn,
  withSource,
  type FieldSpec,
  type RawRecord,
} from '../reading.js';
import { Checking, RECORD_SHAPES, shapeChecked } from '../records.js';
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

/** A view of the service's record: machine formats print the service's record behind it (withSource). */
function viewOf<T extends object>(view: T, reader: RecordReader): T {
  return withSource(view, reader.raw);
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

/** A shaped record's nested records: a list of them, or one where a list is usual. */
function shapedList(value: unknown): RawRecord[] | undefined {
  if (Array.isArray(value)) return value as RawRecord[];
  return isRecord(value) ? [value] : undefined;
}

function stockEntry(entry: RawRecord): StockLevelEntry {
  const f = productStockFields;
  return {
    warehouseId: readValue(f.warehouseId, entry.warehouseId)!,
    quantity: readValue(f.quantity, entry.quantity)!,
  };
}

function supplierLink(link: RawRecord): ProductSupplierLink {
  const f = productSupplierFields;
  return {
    supplierId: readValue(f.supplierId, link.supplierId)!,
    containerPrice: readValue(f.containerPrice, link.containerPrice),
    containerQuantity: readValue(f.containerQuantity, link.containerQuantity),
    containerId: readValue(f.containerId, link.containerId),
    productSupplierCode: readValue(f.productSupplierCode, link.productSupplierCode),
    preferredSupplier: readValue(f.preferredSupplier, link.preferredSupplier),
    isActive: readValue(f.isActive, link.isActive),
  };
}

/**
 * A product, read once: its record shaped and checked by the product shape's
 * plan (records.ts: its id and name, readable barcodes, stock entries and
 * supplier links each with what they need, exit 6 naming what is missing),
 * and the view made from that shaped record, each field read through its
 * type as RecordReader.get reads it. A machine-format listing prints the same
 * shaped record (productRecordPages), checked by the same plan.
 */
export function productView(reader: RecordReader): Product {
  return productViewOf(shapeChecked(reader.raw, RECORD_SHAPES.product, checkingOf(reader)), reader.raw);
}

/** The view of a product shaped and checked already (productView). */
export function productViewOf(s: RawRecord, raw: RawRecord): Product {
  const f = productFields;
  const barcodes = s.barcodes === undefined || s.barcodes === null ? undefined : textsIn(s.barcodes, BARCODE_INSIDE);
  return withSource<Product>(
    {
      productId: readValue(f.productId, s.productId)!,
      productName: readValue(f.productName, s.productName)!,
      productDescription: readValue(f.productDescription, s.productDescription),
      categoryId: readValue(f.categoryId, s.categoryId),
      classId: readValue(f.classId, s.classId),
      taxGroup: readValue(f.taxGroup, s.taxGroup),
      productType: readProductType(s.productType),
      saleType: readSaleType(s.saleType),
      orderPrinter: readValue(f.orderPrinter, s.orderPrinter),
      secondaryProductName: readValue(f.secondaryProductName, s.secondaryProductName),
      ticketValue: readValue(f.ticketValue, s.ticketValue),
      sellPrice: readValue(f.sellPrice, s.sellPrice),
      vendingPrice: readValue(f.vendingPrice, s.vendingPrice),
      isPriceExTax: readValue(f.isPriceExTax, s.isPriceExTax),
      productCode: readValue(f.productCode, s.productCode),
      barcodes,
      reorderLevelMin: readValue(f.reorderLevelMin, s.reorderLevelMin),
      reorderLevelMax: readValue(f.reorderLevelMax, s.reorderLevelMax),
      stockLevels: shapedList(s.stockLevels)?.map(stockEntry),
      suppliers: shapedList(s.suppliers)?.map(supplierLink),
      averageUnitCost: readValue(f.averageUnitCost, s.averageUnitCost),
      lastPurchasePrice: readValue(f.lastPurchasePrice, s.lastPurchasePrice),
      isActive: readValue(f.isActive, s.isActive),
      createdAt: readValue(f.createdAt, s.createdAt),
      updatedAt: readValue(f.updatedAt, s.updatedAt),
    },
    raw,
  );
}

/** Where a barcode given as a record holds its text (the product shape's need says the same). */
const BARCODE_INSIDE = ['barcode', 'code', 'value'];

/** The checking of a record read by reader: its source and what it is, for the messages. */
export function checkingOf(reader: RecordReader): Checking {
  return new Checking(reader.source, reader.what);
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

/**
 * What a stock level holds that answers are checked against, read from its
 * record shaped and checked by the stock level shape's plan (records.ts): its
 * product and quantity must be there (exit 6 naming what is missing).
 */
export function stockLevelNeeds(shaped: RawRecord): StockLevelNeeds {
  const f = stockLevelFields;
  return {
    productId: readValue(f.productId, shaped.productId)!,
    warehouseId: readValue(f.warehouseId, shaped.warehouseId),
    quantity: readValue(f.quantity, shaped.quantity)!,
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

/** A stock level, read once: shaped and checked by its shape's plan, the view made from the shaped record. */
export function stockLevelView(reader: RecordReader): StockLevel {
  const shaped = shapeChecked(reader.raw, RECORD_SHAPES.stockLevel, checkingOf(reader));
  return stockLevelViewWith(shaped, stockLevelNeeds(shaped), reader.raw);
}

/** The view of a stock level shaped and checked already, whose needs were read (the client checks them against what was asked first). */
export function stockLevelViewWith(shaped: RawRecord, needs: StockLevelNeeds, raw: RawRecord): StockLevel {
  const f = stockLevelFields;
  return withSource<StockLevel>(
    {
      productId: needs.productId,
      warehouseId: needs.warehouseId,
      quantity: needs.quantity,
      productName: readValue(f.productName, shaped.productName),
      averageUnitCost: readValue(f.averageUnitCost, shaped.averageUnitCost),
      lastPurchasePrice: readValue(f.lastPurchasePrice, shaped.lastPurchasePrice),
    },
    raw,
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
