// The inventory service's field names, one synonym table per resource: the
// canonical name (venue's contract, docs/openapi/inventory.json) first, then
// other words real inventory servers use for the same thing. Case and
// separators are already ignored by the reading layer (productId = ProductId
// = product_id), so only different WORDS are listed here. Lists are read per
// resource, so a word such as "id" or "name" means the resource's own id or
// name and nothing else.

import type { FieldNames } from '../reading.js';

type Table = Record<string, FieldNames>;

const createdAt = ['createdAt', 'created', 'createdOn', 'dateCreated', 'creationDate', 'createdDate'] as const;
const updatedAt = ['updatedAt', 'modified', 'updated', 'modifiedAt', 'lastModified', 'updatedOn', 'modifiedOn', 'lastUpdated'] as const;
const isActive = ['isActive', 'active', 'enabled', 'isEnabled'] as const;
/** Stock on hand: services call it many things. */
const onHand = ['quantity', 'onHand', 'quantityOnHand', 'qtyOnHand', 'stockOnHand', 'stockQuantity', 'stockLevel', 'qty', 'currentStock', 'inStock', 'level'] as const;

export const productFields = {
  productId: ['productId', 'id', 'productNo', 'productNumber', 'itemId', 'productKey'],
  productName: ['productName', 'name', 'title', 'itemName'],
  productDescription: ['productDescription', 'description', 'desc', 'itemDescription'],
  categoryId: ['categoryId', 'category', 'categoryCode'],
  classId: ['classId', 'class', 'classCode', 'productClassId', 'productClass'],
  taxGroup: ['taxGroup', 'taxGroupId', 'taxGroupCode', 'taxCode'],
  productType: ['productType', 'productTypeId', 'itemType'],
  saleType: ['saleType', 'saleTypes', 'saleTypeMask', 'saleFlags'],
  orderPrinter: ['orderPrinter', 'printer', 'orderPrinterId'],
  secondaryProductName: ['secondaryProductName', 'altName', 'alternateName', 'secondaryName', 'translatedName'],
  ticketValue: ['ticketValue', 'tickets', 'ticketCost', 'ticketPrice', 'redemptionValue'],
  sellPrice: ['sellPrice', 'price', 'salePrice', 'sellingPrice', 'retailPrice', 'unitPrice'],
  vendingPrice: ['vendingPrice', 'vendPrice'],
  isPriceExTax: ['isPriceExTax', 'priceExTax', 'priceExcludesTax', 'exTax', 'isTaxExclusive'],
  productCode: ['productCode', 'sku', 'code', 'itemCode', 'plu'],
  barcodes: ['barcodes', 'barcode', 'eans', 'upcs', 'gtins'],
  reorderLevelMin: ['reorderLevelMin', 'reorderMin', 'minLevel', 'minStock', 'minimumStock', 'reorderPoint'],
  reorderLevelMax: ['reorderLevelMax', 'reorderMax', 'maxLevel', 'maxStock', 'maximumStock'],
  stockLevels: ['stockLevels', 'stock', 'stocks', 'levels', 'inventory', 'warehouseStock', 'stockByWarehouse'],
  suppliers: ['suppliers', 'supplierLinks', 'productSuppliers', 'vendors'],
  averageUnitCost: ['averageUnitCost', 'avgCost', 'averageCost', 'avgUnitCost', 'unitCost'],
  lastPurchasePrice: ['lastPurchasePrice', 'lastCost', 'lastPrice', 'lastPurchaseCost'],
  isActive,
  createdAt,
  updatedAt,
} as const satisfies Table;

/** One warehouse's stock inside a product. */
export const productStockFields = {
  warehouseId: ['warehouseId', 'warehouse', 'warehouseNo', 'id'],
  quantity: onHand,
} as const satisfies Table;

/** A supplier link inside a product (seed: supplierId, containerPrice, containerQuantity, containerId, productSupplierCode, preferredSupplier). */
export const productSupplierFields = {
  supplierId: ['supplierId', 'supplier', 'vendorId', 'id'],
  containerPrice: ['containerPrice', 'casePrice', 'packPrice', 'price', 'cost'],
  containerQuantity: ['containerQuantity', 'caseQuantity', 'packSize', 'unitsPerContainer', 'quantity'],
  containerId: ['containerId', 'container', 'containerTypeId', 'containerType'],
  productSupplierCode: ['productSupplierCode', 'supplierProductCode', 'supplierSku', 'supplierItemCode', 'supplierCode'],
  preferredSupplier: ['preferredSupplier', 'preferred', 'isPreferred', 'isPreferredSupplier', 'primary'],
  isActive,
} as const satisfies Table;

export const categoryFields = {
  categoryId: ['categoryId', 'id', 'code', 'categoryCode'],
  name: ['name', 'categoryName', 'description', 'title'],
} as const satisfies Table;

export const classFields = {
  classId: ['classId', 'id', 'code', 'classCode'],
  categoryId: ['categoryId', 'category', 'parentId', 'parentCategoryId', 'categoryCode'],
  name: ['name', 'className', 'description', 'title'],
} as const satisfies Table;

export const warehouseFields = {
  warehouseId: ['warehouseId', 'id', 'warehouseNo', 'warehouseNumber'],
  name: ['name', 'warehouseName', 'description', 'title'],
  locationId: ['locationId', 'location', 'siteId', 'storeId', 'venueId'],
} as const satisfies Table;

export const taxGroupFields = {
  taxGroup: ['taxGroup', 'taxGroupId', 'code', 'id', 'taxGroupCode', 'taxCode'],
  name: ['name', 'taxGroupName', 'description', 'title'],
  rate: ['rate', 'taxRate', 'percent', 'percentage', 'ratePercent'],
} as const satisfies Table;

export const containerFields = {
  containerId: ['containerId', 'id', 'containerTypeId', 'code'],
  name: ['name', 'containerName', 'description', 'title'],
  units: ['units', 'unitsPerContainer', 'unitCount', 'quantity', 'size', 'packSize'],
} as const satisfies Table;

export const supplierFields = {
  supplierId: ['supplierId', 'id', 'supplierNo', 'vendorId'],
  supplierCode: ['supplierCode', 'code', 'vendorCode'],
  supplierName: ['supplierName', 'name', 'vendorName'],
  supplierAddress: ['supplierAddress', 'address', 'address1', 'street'],
  supplierTown: ['supplierTown', 'town', 'city', 'suburb'],
  supplierState: ['supplierState', 'state', 'region', 'province'],
  supplierPostcode: ['supplierPostcode', 'postcode', 'postalCode', 'zip', 'zipCode'],
  supplierPhone: ['supplierPhone', 'phone', 'telephone', 'phoneNumber'],
  supplierEmail: ['supplierEmail', 'email', 'emailAddress'],
  supplierContact: ['supplierContact', 'contact', 'contactName'],
  supplierDescription: ['supplierDescription', 'description', 'notes'],
  supplierAccountNo: ['supplierAccountNo', 'accountNo', 'accountNumber', 'account'],
  supplierType: ['supplierType', 'type'],
  paymentTerms: ['paymentTerms', 'terms', 'paymentTerm'],
  isActive,
  createdAt,
} as const satisfies Table;

export const stockLevelFields = {
  productId: ['productId', 'product', 'productNo', 'itemId'],
  warehouseId: ['warehouseId', 'warehouse', 'warehouseNo'],
  quantity: onHand,
  productName: ['productName', 'name', 'itemName', 'title'],
  productCode: ['productCode', 'sku', 'code', 'itemCode'],
  averageUnitCost: productFields.averageUnitCost,
  lastPurchasePrice: productFields.lastPurchasePrice,
} as const satisfies Table;

/** How many lines a write's answer says it recorded ("2 recorded"): checked against the lines sent. */
const recordedCount = ['itemsRecorded', 'linesRecorded', 'recordedCount', 'itemCount', 'lineCount', 'recordedItems', 'recorded'] as const;

export const stockTakeFields = {
  stockTakeId: ['stockTakeId', 'id', 'stocktakeId', 'countId', 'stockCountId'],
  warehouseId: ['warehouseId', 'warehouse'],
  items: ['items', 'lines', 'results', 'details', 'counts'],
  recordedCount,
  totalVariance: ['totalVariance', 'netVariance', 'varianceTotal', 'variance'],
  createdAt,
} as const satisfies Table;

export const stockTakeLineFields = {
  productId: ['productId', 'product', 'itemId'],
  previousQuantity: ['previousQuantity', 'quantityBefore', 'previous', 'before', 'oldQuantity', 'systemQuantity', 'expectedQuantity'],
  countedQuantity: ['countedQuantity', 'counted', 'count', 'countQuantity', 'actualQuantity'],
  variance: ['variance', 'difference', 'diff', 'delta', 'adjustment'],
} as const satisfies Table;

export const receiptFields = {
  receiptId: ['receiptId', 'id', 'stockReceiptId', 'receiptNo', 'receiptNumber', 'goodsReceiptId'],
  warehouseId: ['warehouseId', 'warehouse'],
  items: ['items', 'lines', 'details', 'products'],
  recordedCount,
  createdAt,
} as const satisfies Table;

export const receiptLineFields = {
  productId: ['productId', 'product', 'itemId'],
  quantity: ['quantity', 'receivedQuantity', 'received', 'qty'],
  newQuantity: ['newQuantity', 'onHand', 'quantityAfter', 'stockAfter', 'newStock', 'quantityOnHand', 'newOnHand'],
} as const satisfies Table;

export const adjustmentFields = {
  adjustmentId: ['adjustmentId', 'id', 'stockAdjustmentId', 'adjustmentNo'],
  productId: ['productId', 'product', 'itemId'],
  warehouseId: ['warehouseId', 'warehouse'],
  adjustmentQuantity: ['adjustmentQuantity', 'adjustment', 'quantity', 'delta', 'change', 'quantityChange'],
  previousQuantity: ['previousQuantity', 'quantityBefore', 'previous', 'before', 'oldQuantity'],
  newQuantity: ['newQuantity', 'quantityAfter', 'after', 'newOnHand', 'onHand'],
  userId: ['userId', 'user'],
  comment: ['comment', 'reason', 'note', 'notes'],
  createdAt,
} as const satisfies Table;

export const healthFields = {
  status: ['status', 'health', 'state', 'serviceStatus'],
  database: ['database', 'db', 'databaseStatus', 'dbStatus', 'databaseConnectivity'],
  time: ['time', 'timestamp', 'serverTime', 'now', 'checkedAt'],
} as const satisfies Table;

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
