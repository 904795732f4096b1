// The inventory service's fields, one table per resource: each field venue
// reads with its type and its names, the canonical name (venue's contract,
// packages/sandbox/openapi/inventory.json) first, then other words real inventory servers
// use for the same thing. A field is looked up by name AND type: a string
// "P-1" beside a numeric productId, a boolean `inStock` beside the count, a
// word `units: "each"` beside the container's quantity are skipped. Case and
// separators are already ignored by the reading layer (productId = ProductId
// = product_id), so only different WORDS are listed here. Lists are read per
// resource, so a word such as "id" or "name" means the resource's own id or
// name and nothing else.

import { field, fieldTables, wordField, type FieldTable } from '../reading.js';

type Table = FieldTable;

/** productType: 2 = Stock Product, 3 = Modifier (seed), also sent as words. */
export const productTypeWords = {
  '2': ['stock', 'stockProduct', 'stockItem', 'product'],
  '3': ['modifier', 'modifierProduct'],
} as const;

/** saleType flags (Redemption = 1 in venue's contract), also sent as words. */
export const saleTypeWords = {
  '1': ['redemption', 'redeem', 'prize'],
  '2': ['sale', 'sell', 'retail'],
  '4': ['vending', 'vend'],
} as const;

const createdAt = field('datetime', 'createdAt', 'created', 'createdOn', 'dateCreated', 'creationDate', 'createdDate');
const updatedAt = field(
  'datetime',
  'updatedAt',
  'modified',
  'updated',
  'modifiedAt',
  'lastModified',
  'updatedOn',
  'modifiedOn',
  'lastUpdated',
);
const isActive = field('boolean', 'isActive', 'active', 'enabled', 'isEnabled');
/** Stock on hand: services call it many things. */
const onHand = field(
  'number',
  'quantity',
  'onHand',
  'quantityOnHand',
  'qtyOnHand',
  'stockOnHand',
  'stockQuantity',
  'stockLevel',
  'qty',
  'currentStock',
  'inStock',
  'level',
);

export const productFields = {
  productId: field('ref', 'productId', 'id', 'productNo', 'productNumber', 'itemId', 'productKey'),
  productName: field('text', 'productName', 'name', 'title', 'itemName'),
  productDescription: field('text', 'productDescription', 'description', 'desc', 'itemDescription'),
  categoryId: field('id', 'categoryId', 'category', 'categoryCode'),
  classId: field('id', 'classId', 'class', 'classCode', 'productClassId', 'productClass'),
  taxGroup: field('id', 'taxGroup', 'taxGroupId', 'taxGroupCode', 'taxCode'),
  productType: wordField(productTypeWords, 'productType', 'productTypeId', 'itemType'),
  saleType: field('any', 'saleType', 'saleTypes', 'saleTypeMask', 'saleFlags'),
  orderPrinter: field('integer', 'orderPrinter', 'printer', 'orderPrinterId'),
  secondaryProductName: field(
    'text',
    'secondaryProductName',
    'altName',
    'alternateName',
    'secondaryName',
    'translatedName',
  ),
  ticketValue: field('number', 'ticketValue', 'tickets', 'ticketCost', 'ticketPrice', 'redemptionValue'),
  sellPrice: field('money', 'sellPrice', 'price', 'salePrice', 'sellingPrice', 'retailPrice', 'unitPrice'),
  vendingPrice: field('money', 'vendingPrice', 'vendPrice'),
  isPriceExTax: field('boolean', 'isPriceExTax', 'priceExTax', 'priceExcludesTax', 'exTax', 'isTaxExclusive'),
  productCode: field('text', 'productCode', 'sku', 'code', 'itemCode', 'plu'),
  barcodes: field('texts', 'barcodes', 'barcode', 'eans', 'upcs', 'gtins'),
  reorderLevelMin: field(
    'number',
    'reorderLevelMin',
    'reorderMin',
    'minLevel',
    'minStock',
    'minimumStock',
    'reorderPoint',
  ),
  reorderLevelMax: field('number', 'reorderLevelMax', 'reorderMax', 'maxLevel', 'maxStock', 'maximumStock'),
  stockLevels: field(
    'any',
    'stockLevels',
    'stock',
    'stocks',
    'levels',
    'inventory',
    'warehouseStock',
    'stockByWarehouse',
  ),
  suppliers: field('any', 'suppliers', 'supplierLinks', 'productSuppliers', 'vendors'),
  averageUnitCost: field('money', 'averageUnitCost', 'avgCost', 'averageCost', 'avgUnitCost', 'unitCost'),
  lastPurchasePrice: field('money', 'lastPurchasePrice', 'lastCost', 'lastPrice', 'lastPurchaseCost'),
  isActive,
  createdAt,
  updatedAt,
} as const satisfies Table;

/** One warehouse's stock inside a product. */
export const productStockFields = {
  warehouseId: field('ref', 'warehouseId', 'warehouse', 'warehouseNo', 'id'),
  quantity: onHand,
} as const satisfies Table;

/** A supplier link inside a product (seed: supplierId, containerPrice, containerQuantity, containerId, productSupplierCode, preferredSupplier). */
export const productSupplierFields = {
  supplierId: field('ref', 'supplierId', 'supplier', 'vendorId', 'id'),
  containerPrice: field('money', 'containerPrice', 'casePrice', 'packPrice', 'price', 'cost'),
  containerQuantity: field('number', 'containerQuantity', 'caseQuantity', 'packSize', 'unitsPerContainer', 'quantity'),
  containerId: field('ref', 'containerId', 'container', 'containerTypeId', 'containerType'),
  // Not `supplierCode`: that is the supplier's own code (supplierFields), another thing than its code for this product.
  productSupplierCode: field('text', 'productSupplierCode', 'supplierProductCode', 'supplierSku', 'supplierItemCode'),
  preferredSupplier: field(
    'boolean',
    'preferredSupplier',
    'preferred',
    'isPreferred',
    'isPreferredSupplier',
    'primary',
  ),
  isActive,
} as const satisfies Table;

export const categoryFields = {
  categoryId: field('id', 'categoryId', 'id', 'code', 'categoryCode'),
  name: field('text', 'name', 'categoryName', 'description', 'title'),
} as const satisfies Table;

export const classFields = {
  classId: field('id', 'classId', 'id', 'code', 'classCode'),
  categoryId: field('id', 'categoryId', 'category', 'parentId', 'parentCategoryId', 'categoryCode'),
  name: field('text', 'name', 'className', 'description', 'title'),
} as const satisfies Table;

export const warehouseFields = {
  warehouseId: field('ref', 'warehouseId', 'id', 'warehouseNo', 'warehouseNumber'),
  name: field('text', 'name', 'warehouseName', 'description', 'title'),
  locationId: field('ref', 'locationId', 'location', 'siteId', 'storeId', 'venueId'),
} as const satisfies Table;

export const taxGroupFields = {
  taxGroup: field('id', 'taxGroup', 'taxGroupId', 'code', 'id', 'taxGroupCode', 'taxCode'),
  name: field('text', 'name', 'taxGroupName', 'description', 'title'),
  rate: field('number', 'rate', 'taxRate', 'percent', 'percentage', 'ratePercent'),
} as const satisfies Table;

export const containerFields = {
  containerId: field('ref', 'containerId', 'id', 'containerTypeId', 'code'),
  name: field('text', 'name', 'containerName', 'description', 'title'),
  units: field('number', 'units', 'unitsPerContainer', 'defaultQuantity', 'unitCount', 'quantity', 'size', 'packSize'),
} as const satisfies Table;

export const supplierFields = {
  supplierId: field('ref', 'supplierId', 'id', 'supplierNo', 'vendorId'),
  supplierCode: field('text', 'supplierCode', 'code', 'vendorCode'),
  supplierName: field('text', 'supplierName', 'name', 'vendorName'),
  supplierAddress: field('text', 'supplierAddress', 'address', 'address1', 'street'),
  supplierTown: field('text', 'supplierTown', 'town', 'city', 'suburb'),
  supplierState: field('text', 'supplierState', 'state', 'region', 'province'),
  supplierPostcode: field('text', 'supplierPostcode', 'postcode', 'postalCode', 'zip', 'zipCode'),
  supplierPhone: field('text', 'supplierPhone', 'phone', 'telephone', 'phoneNumber'),
  supplierEmail: field('text', 'supplierEmail', 'email', 'emailAddress'),
  supplierContact: field('text', 'supplierContact', 'contact', 'contactName'),
  supplierDescription: field('text', 'supplierDescription', 'description', 'notes'),
  supplierAccountNo: field('text', 'supplierAccountNo', 'accountNo', 'accountNumber', 'account'),
  supplierType: field('integer', 'supplierType', 'type'),
  paymentTerms: field('integer', 'paymentTerms', 'terms', 'paymentTerm'),
  isActive,
  createdAt,
} as const satisfies Table;

export const stockLevelFields = {
  productId: field('ref', 'productId', 'product', 'productNo', 'itemId'),
  warehouseId: field('ref', 'warehouseId', 'warehouse', 'warehouseNo'),
  quantity: onHand,
  productName: field('text', 'productName', 'name', 'itemName', 'title'),
  productCode: field('text', 'productCode', 'sku', 'code', 'itemCode'),
  averageUnitCost: productFields.averageUnitCost,
  lastPurchasePrice: productFields.lastPurchasePrice,
} as const satisfies Table;

/** How many lines a write's answer says it recorded ("2 recorded"): checked against the lines sent (writes/agreement.ts). */
const recordedCount = field(
  'integer',
  'itemsRecorded',
  'linesRecorded',
  'recordedCount',
  'itemCount',
  'lineCount',
  'recordedItems',
  'recorded',
);

export const stockTakeFields = {
  stockTakeId: field('id', 'stockTakeId', 'id', 'stocktakeId', 'countId', 'stockCountId'),
  warehouseId: field('ref', 'warehouseId', 'warehouse'),
  items: field('any', 'items', 'lines', 'results', 'details', 'counts'),
  recordedCount,
  totalVariance: field('number', 'totalVariance', 'netVariance', 'varianceTotal', 'variance'),
  createdAt,
} as const satisfies Table;

export const stockTakeLineFields = {
  productId: field('ref', 'productId', 'product', 'itemId'),
  previousQuantity: field(
    'number',
    'previousQuantity',
    'quantityBefore',
    'previous',
    'before',
    'oldQuantity',
    'systemQuantity',
    'expectedQuantity',
  ),
  countedQuantity: field('number', 'countedQuantity', 'counted', 'count', 'countQuantity', 'actualQuantity'),
  variance: field('number', 'variance', 'difference', 'diff', 'delta', 'adjustment'),
} as const satisfies Table;

export const receiptFields = {
  receiptId: field('id', 'receiptId', 'id', 'stockReceiptId', 'receiptNo', 'receiptNumber', 'goodsReceiptId'),
  warehouseId: field('ref', 'warehouseId', 'warehouse'),
  items: field('any', 'items', 'lines', 'details', 'products'),
  recordedCount,
  createdAt,
} as const satisfies Table;

export const receiptLineFields = {
  productId: field('ref', 'productId', 'product', 'itemId'),
  quantity: field('number', 'quantity', 'receivedQuantity', 'received', 'qty'),
  newQuantity: field(
    'number',
    'newQuantity',
    'onHand',
    'quantityAfter',
    'stockAfter',
    'newStock',
    'quantityOnHand',
    'newOnHand',
  ),
} as const satisfies Table;

export const adjustmentFields = {
  adjustmentId: field('id', 'adjustmentId', 'id', 'stockAdjustmentId', 'adjustmentNo'),
  productId: field('ref', 'productId', 'product', 'itemId'),
  warehouseId: field('ref', 'warehouseId', 'warehouse'),
  adjustmentQuantity: field(
    'number',
    'adjustmentQuantity',
    'adjustment',
    'quantity',
    'delta',
    'change',
    'quantityChange',
  ),
  previousQuantity: field('number', 'previousQuantity', 'quantityBefore', 'previous', 'before', 'oldQuantity'),
  newQuantity: field('number', 'newQuantity', 'quantityAfter', 'after', 'newOnHand', 'onHand'),
  userId: field('ref', 'userId', 'user'),
  comment: field('text', 'comment', 'reason', 'note', 'notes'),
  createdAt,
} as const satisfies Table;

export const healthFields = {
  status: field('any', 'status', 'health', 'state', 'serviceStatus'),
  database: field('any', 'database', 'db', 'databaseStatus', 'dbStatus', 'databaseConnectivity'),
  time: field('datetime', 'time', 'timestamp', 'serverTime', 'now', 'checkedAt'),
  /** Named checks: ASP.NET HealthChecks' entries, Spring Actuator's components, health+json's checks. */
  checks: field('record', 'entries', 'components', 'checks', 'dependencies'),
} as const satisfies Table;

/** Every resource's table, for tests and tools that walk them all. */
export const INVENTORY_TABLES = {
  product: productFields,
  productStock: productStockFields,
  productSupplier: productSupplierFields,
  category: categoryFields,
  class: classFields,
  warehouse: warehouseFields,
  taxGroup: taxGroupFields,
  container: containerFields,
  supplier: supplierFields,
  stockLevel: stockLevelFields,
  stockTake: stockTakeFields,
  stockTakeLine: stockTakeLineFields,
  receipt: receiptFields,
  receiptLine: receiptLineFields,
  adjustment: adjustmentFields,
} as const satisfies Record<string, Table>;

// Each field knows the fields that share its table (reading.ts: a value one of them reads is no other's unreadable value).
fieldTables({ ...INVENTORY_TABLES, health: healthFields });

/** Keys around lists and records named after the resource. */
export const resourceKeys = {
  products: ['products'],
  product: ['product'],
  categories: ['categories'],
  classes: ['classes', 'productClasses'],
  warehouses: ['warehouses'],
  taxGroups: ['taxGroups'],
  containers: ['containers', 'containerTypes'],
  suppliers: ['suppliers'],
  supplier: ['supplier'],
  stockLevels: ['stockLevels', 'levels'],
  stockTake: ['stockTake'],
  receipt: ['receipt', 'stockReceipt'],
  adjustment: ['adjustment', 'stockAdjustment'],
} as const;
