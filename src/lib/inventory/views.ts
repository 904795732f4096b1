// Inventory answers read into venue's views: each field looked up through the
// synonym tables of ./fields.ts by the one reading layer, the fields a command
// needs read with need* (an UnreadableAnswerError, exit 6, when missing), the
// rest left undefined when the service did not say. Nothing is filled in.
// Every view keeps the service's own record (withSource) so machine formats
// print what the service sent.

import { RecordReader, asEnum, asNumber, asText, isRecord, withSource, type FieldNames } from '../reading.js';
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

/** Drops the fields the service did not give, so tables leave them out. */
function compact<T extends object>(view: T): T {
  for (const key of Object.keys(view) as Array<keyof T>) if (view[key] === undefined) delete view[key];
  return view;
}

function viewOf<T extends object>(view: T, reader: RecordReader): T {
  return withSource(compact(view), reader.raw);
}

const ID_INSIDE: FieldNames = ['id', 'value', 'code'];

/** A numeric id, also when the service nests it ({warehouse: {id: 1}}). */
function numericId(reader: RecordReader, names: FieldNames): number | undefined {
  const direct = reader.number(names);
  if (direct !== undefined) return direct;
  const inner = reader.record(names);
  return inner ? (inner.number([names[0]!, ...ID_INSIDE]) ?? undefined) : undefined;
}

function needNumericId(reader: RecordReader, names: FieldNames, label: string): number {
  const id = numericId(reader, names);
  if (id === undefined) throw reader.missing(label, names);
  return id;
}

/** Each record of a nested list; an item that is not a record is unreadable. */
function nestedRecords(reader: RecordReader, names: FieldNames, what: string): RecordReader[] | undefined {
  const list = reader.list(names);
  if (list === undefined) {
    // One nested record where a list is usual: read it as a list of one.
    const single = reader.record(names, what);
    return single ? [single] : undefined;
  }
  return list.map((item) => {
    if (!isRecord(item)) throw reader.missing(`${what} list`, names, 'has an unreadable');
    return new RecordReader(item, reader.source, what);
  });
}

/** Text values of a list field, or of one text value. */
function texts(reader: RecordReader, names: FieldNames, inside: FieldNames): string[] | undefined {
  const value = reader.value(names);
  if (value === undefined) return undefined;
  const items = Array.isArray(value) ? value : [value];
  const out: string[] = [];
  for (const item of items) {
    const text = isRecord(item) ? asText(new RecordReader(item, reader.source, names[0]!).value(inside)) : asText(item);
    if (text === undefined) throw reader.missing(names[0]!, names, 'has an unreadable');
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
  const words = Array.isArray(value) ? value.map(asText) : typeof value === 'string' ? value.split(/[,|+\s]+/).filter(Boolean) : undefined;
  if (!words?.length) return undefined;
  let mask = 0;
  for (const word of words) {
    const flag = asNumber(asEnum(word, saleTypeWords));
    if (flag === undefined) return Array.isArray(value) ? value.join(',') : String(value);
    mask |= flag;
  }
  return mask;
}

function stockEntry(reader: RecordReader): StockLevelEntry {
  return viewOf({ warehouseId: needNumericId(reader, productStockFields.warehouseId, 'warehouse id'), quantity: reader.needNumber(productStockFields.quantity, 'quantity') }, reader);
}

function supplierLink(reader: RecordReader): ProductSupplierLink {
  const f = productSupplierFields;
  return viewOf(
    {
      supplierId: needNumericId(reader, f.supplierId, 'supplier id'),
      containerPrice: reader.number(f.containerPrice),
      containerQuantity: reader.number(f.containerQuantity),
      containerId: numericId(reader, f.containerId),
      productSupplierCode: reader.text(f.productSupplierCode),
      preferredSupplier: reader.boolean(f.preferredSupplier),
      isActive: reader.boolean(f.isActive),
    },
    reader,
  );
}

export function productView(reader: RecordReader): Product {
  const f = productFields;
  return viewOf<Product>(
    {
      productId: reader.needNumber(f.productId, 'id'),
      productName: reader.needText(f.productName, 'name'),
      productDescription: reader.text(f.productDescription),
      categoryId: reader.text(f.categoryId),
      classId: reader.text(f.classId),
      taxGroup: reader.text(f.taxGroup),
      productType: readProductType(reader.value(f.productType)),
      saleType: readSaleType(reader.value(f.saleType)),
      orderPrinter: reader.number(f.orderPrinter),
      secondaryProductName: reader.text(f.secondaryProductName),
      ticketValue: reader.number(f.ticketValue),
      sellPrice: reader.number(f.sellPrice),
      vendingPrice: reader.number(f.vendingPrice),
      isPriceExTax: reader.boolean(f.isPriceExTax),
      productCode: reader.text(f.productCode),
      barcodes: texts(reader, f.barcodes, ['barcode', 'code', 'value']),
      reorderLevelMin: reader.number(f.reorderLevelMin),
      reorderLevelMax: reader.number(f.reorderLevelMax),
      stockLevels: nestedRecords(reader, f.stockLevels, 'stock level')?.map(stockEntry),
      suppliers: nestedRecords(reader, f.suppliers, 'supplier link')?.map(supplierLink),
      averageUnitCost: reader.number(f.averageUnitCost),
      lastPurchasePrice: reader.number(f.lastPurchasePrice),
      isActive: reader.boolean(f.isActive),
      createdAt: reader.text(f.createdAt),
      updatedAt: reader.text(f.updatedAt),
    },
    reader,
  );
}

export function categoryView(reader: RecordReader): Category {
  return viewOf({ categoryId: reader.needText(categoryFields.categoryId, 'id'), name: reader.text(categoryFields.name) }, reader);
}

export function classView(reader: RecordReader): ProductClass {
  const f = classFields;
  return viewOf({ classId: reader.needText(f.classId, 'id'), categoryId: reader.text(f.categoryId), name: reader.text(f.name) }, reader);
}

export function warehouseView(reader: RecordReader): Warehouse {
  const f = warehouseFields;
  return viewOf({ warehouseId: reader.needNumber(f.warehouseId, 'id'), name: reader.text(f.name), locationId: numericId(reader, f.locationId) }, reader);
}

export function taxGroupView(reader: RecordReader): TaxGroup {
  const f = taxGroupFields;
  return viewOf({ taxGroup: reader.needText(f.taxGroup, 'id'), name: reader.text(f.name), rate: reader.number(f.rate) }, reader);
}

export function containerView(reader: RecordReader): ContainerType {
  const f = containerFields;
  return viewOf({ containerId: reader.needNumber(f.containerId, 'id'), name: reader.text(f.name), units: reader.number(f.units) }, reader);
}

export function supplierView(reader: RecordReader): Supplier {
  const f = supplierFields;
  return viewOf<Supplier>(
    {
      supplierId: reader.needNumber(f.supplierId, 'id'),
      supplierCode: reader.text(f.supplierCode),
      supplierName: reader.text(f.supplierName),
      supplierAddress: reader.text(f.supplierAddress),
      supplierTown: reader.text(f.supplierTown),
      supplierType: reader.number(f.supplierType),
      paymentTerms: reader.number(f.paymentTerms),
      isActive: reader.boolean(f.isActive),
    },
    reader,
  );
}

export function stockLevelView(reader: RecordReader): StockLevel {
  const f = stockLevelFields;
  return viewOf<StockLevel>(
    {
      productId: needNumericId(reader, f.productId, 'product id'),
      warehouseId: numericId(reader, f.warehouseId),
      quantity: reader.needNumber(f.quantity, 'quantity'),
      productName: reader.text(f.productName),
      averageUnitCost: reader.number(f.averageUnitCost),
      lastPurchasePrice: reader.number(f.lastPurchasePrice),
    },
    reader,
  );
}

function stockTakeLine(reader: RecordReader): StockTakeLine {
  const f = stockTakeLineFields;
  return viewOf<StockTakeLine>(
    {
      productId: needNumericId(reader, f.productId, 'product id'),
      previousQuantity: reader.number(f.previousQuantity),
      countedQuantity: reader.number(f.countedQuantity),
      variance: reader.number(f.variance),
    },
    reader,
  );
}

export function stockTakeView(reader: RecordReader): StockTakeResult {
  const f = stockTakeFields;
  return viewOf<StockTakeResult>(
    {
      stockTakeId: reader.text(f.stockTakeId),
      warehouseId: numericId(reader, f.warehouseId),
      items: nestedRecords(reader, f.items, 'stock take line')?.map(stockTakeLine),
      totalVariance: reader.number(f.totalVariance),
      createdAt: reader.text(f.createdAt),
    },
    reader,
  );
}

function receiptLine(reader: RecordReader): StockReceiptLine {
  const f = receiptLineFields;
  return viewOf<StockReceiptLine>(
    { productId: needNumericId(reader, f.productId, 'product id'), quantity: reader.number(f.quantity), newQuantity: reader.number(f.newQuantity) },
    reader,
  );
}

export function receiptView(reader: RecordReader): StockReceiptResult {
  const f = receiptFields;
  return viewOf<StockReceiptResult>(
    { receiptId: reader.text(f.receiptId), items: nestedRecords(reader, f.items, 'receipt line')?.map(receiptLine), createdAt: reader.text(f.createdAt) },
    reader,
  );
}

export function adjustmentView(reader: RecordReader): StockAdjustmentResult {
  const f = adjustmentFields;
  return viewOf<StockAdjustmentResult>(
    {
      adjustmentId: reader.text(f.adjustmentId),
      productId: numericId(reader, f.productId),
      warehouseId: numericId(reader, f.warehouseId),
      adjustmentQuantity: reader.number(f.adjustmentQuantity),
      previousQuantity: reader.number(f.previousQuantity),
      newQuantity: reader.number(f.newQuantity),
      userId: numericId(reader, f.userId),
      comment: reader.text(f.comment),
      createdAt: reader.text(f.createdAt),
    },
    reader,
  );
}

