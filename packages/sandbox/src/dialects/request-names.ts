// Every field and query parameter name a request to the three services can
// carry (request bodies and query parameters of openapi/*.json; a unit
// test keeps this list in step with them). The pascal dialect binds request
// names case-insensitively, as ASP.NET Core does: "CardCVV", "cardcvv" and
// "CardCvv" all reach the emulators as "cardCvv".

export const CANONICAL_REQUEST_NAMES = [
  'action', 'adjustmentQuantity', 'amount', 'apiKey', 'apiSecret', 'barcodes', 'cardBarcode', 'cardCvv', 'cardNickname',
  'cardNumber', 'categoryId', 'classId', 'clientSecret', 'comment', 'confirmationCode', 'containerId', 'containerPrice',
  'containerQuantity', 'countedQuantity', 'days', 'email', 'eventTypes', 'experienceId', 'firstName', 'forDate', 'fromDate',
  'guest', 'invoice', 'isActive', 'isPriceExTax', 'items', 'lastName', 'locationId', 'newPassword', 'orderId', 'orderPrinter',
  'page', 'pageSize', 'password', 'paymentReference', 'paymentTerms', 'phone', 'poNumber', 'preferredSupplier', 'productCode',
  'productDescription', 'productId', 'productIds', 'productName', 'productSupplierCode', 'productType', 'quantity',
  'refreshToken', 'reorderLevelMax', 'reorderLevelMin', 'reservationId', 'reservationIds', 'saleType', 'secondaryProductName',
  'secret', 'sellPrice', 'slotId', 'stockQuantity', 'supplier', 'supplierAccountNo', 'supplierAddress', 'supplierCode',
  'supplierContact', 'supplierDescription', 'supplierEmail', 'supplierId', 'supplierName', 'supplierPhone', 'supplierPostcode',
  'supplierState', 'supplierTown', 'supplierType', 'suppliers', 'taxGroup', 'ticketValue', 'toDate', 'url', 'userId', 'username',
  'value', 'vendingPrice', 'warehouse', 'warehouseId',
] as const;

const byLowerCase = new Map<string, string>(CANONICAL_REQUEST_NAMES.map((name) => [name.toLowerCase(), name]));

/** The canonical name a request field or parameter binds to; a name the contract lacks keeps its own, first letter lowered. */
export function canonicalRequestName(name: string): string {
  return byLowerCase.get(name.toLowerCase()) ?? name.charAt(0).toLowerCase() + name.slice(1);
}
