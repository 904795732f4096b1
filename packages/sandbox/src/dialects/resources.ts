// Which resource a JSON record of a venue answer is, told by the fields it
// has (not by its URL, so route layouts do not matter), and which of its
// fields hold enumeration values. The emulators' views are the source:
// src/sandbox/wallet/shared.ts, booking/state.ts and index.ts, inventory/
// views.ts, operations.ts and index.ts, webhooks/index.ts.

import type { JsonObject } from './json.js';

export type ResourceKind =
  // wallet
  | 'walletAdminToken'
  | 'walletGuestTokens'
  | 'walletCard'
  | 'walletBalance'
  | 'walletAmount'
  | 'walletActivity'
  | 'reloadProduct'
  | 'walletSale'
  | 'walletCredit'
  | 'walletPass'
  // booking
  | 'bookingToken'
  | 'location'
  | 'experience'
  | 'availabilityDay'
  | 'slot'
  | 'reservation'
  | 'order'
  | 'guest'
  | 'bookingSale'
  | 'bookingSaleResult'
  | 'reportRow'
  | 'reservationReportRow'
  | 'reportTotals'
  // inventory
  | 'inventoryToken'
  | 'health'
  | 'product'
  | 'productStock'
  | 'productSupplier'
  | 'stockLevel'
  | 'supplier'
  | 'productClass'
  | 'category'
  | 'warehouse'
  | 'taxGroup'
  | 'containerType'
  | 'stockTake'
  | 'stockTakeItem'
  | 'stockReceipt'
  | 'stockReceiptItem'
  | 'stockAdjustment'
  | 'webhookSubscriber';

export interface ResourceShape {
  kind: ResourceKind;
  /** Fields a record must all have to be this kind. */
  has: readonly string[];
  /** Fields it must not have (to tell apart kinds whose fields overlap). */
  lacks?: readonly string[];
  /** Exactly these fields and no others. */
  exact?: boolean;
  /** Fields whose values are enumeration words ("game-play", "confirmed"). */
  enums?: readonly string[];
}

/** Most specific first: the first shape a record fits is its kind. */
export const RESOURCE_SHAPES: readonly ResourceShape[] = [
  // wallet
  { kind: 'walletGuestTokens', has: ['accessToken', 'refreshToken'], exact: true },
  { kind: 'walletAdminToken', has: ['accessToken'], exact: true },
  { kind: 'walletCard', has: ['cardNumber', 'cardType', 'playUnit'], enums: ['status', 'playUnit'] },
  { kind: 'walletBalance', has: ['cardNumber', 'playBalance', 'bonusBalance', 'ticketBalance'] },
  { kind: 'walletAmount', has: ['amount', 'unit'], exact: true, enums: ['unit'] },
  { kind: 'walletActivity', has: ['activityId', 'kind', 'occurredAt'], enums: ['kind', 'unit'] },
  { kind: 'reloadProduct', has: ['productId', 'playValue', 'displayOrder'] },
  { kind: 'walletSale', has: ['saleId', 'cardNumber', 'credited'] },
  { kind: 'walletCredit', has: ['play', 'bonus'], exact: true },
  { kind: 'walletPass', has: ['platform', 'saveUrl'] },
  // booking
  { kind: 'bookingToken', has: ['accessToken', 'tokenType', 'expiresIn'] },
  { kind: 'location', has: ['id', 'name', 'city', 'timeZone'] },
  { kind: 'experience', has: ['id', 'locationId', 'durationMinutes'] },
  { kind: 'availabilityDay', has: ['date', 'sessions', 'capacity', 'remaining'] },
  { kind: 'slot', has: ['slotId', 'startTime', 'endTime', 'remaining'] },
  { kind: 'reservationReportRow', has: ['reservationId', 'orderId', 'experienceName', 'amount'], enums: ['status'] },
  { kind: 'reservation', has: ['reservationId', 'slotId', 'unitPrice'], enums: ['status'] },
  { kind: 'order', has: ['orderId', 'reservationIds', 'guest'], enums: ['status'] },
  { kind: 'guest', has: ['firstName', 'lastName', 'email'], lacks: ['username'] },
  { kind: 'bookingSaleResult', has: ['saleId', 'orderId', 'order'], enums: ['status'] },
  { kind: 'bookingSale', has: ['saleId', 'paymentReference', 'recordedAt'], enums: ['status'] },
  { kind: 'reportRow', has: ['experienceId', 'experienceName', 'orders', 'revenue'] },
  { kind: 'reportTotals', has: ['orders', 'quantity', 'revenue'], exact: true },
  // inventory
  { kind: 'inventoryToken', has: ['token', 'expiresAt'], exact: true },
  { kind: 'health', has: ['status', 'database'] },
  { kind: 'product', has: ['productId', 'productName', 'productDescription', 'saleType'] },
  { kind: 'productStock', has: ['warehouseId', 'quantity'], exact: true },
  { kind: 'productSupplier', has: ['supplierId', 'containerId', 'preferredSupplier'] },
  { kind: 'stockLevel', has: ['productId', 'warehouseId', 'quantity', 'averageUnitCost'] },
  { kind: 'supplier', has: ['supplierId', 'supplierCode', 'supplierName'] },
  { kind: 'productClass', has: ['classId', 'categoryId', 'name'] },
  { kind: 'category', has: ['categoryId', 'name'], lacks: ['classId'] },
  { kind: 'warehouse', has: ['warehouseId', 'name', 'locationId'] },
  { kind: 'taxGroup', has: ['taxGroup', 'name', 'rate'] },
  { kind: 'containerType', has: ['containerId', 'name', 'units'] },
  { kind: 'stockTake', has: ['stockTakeId', 'items'] },
  { kind: 'stockTakeItem', has: ['productId', 'previousQuantity', 'countedQuantity', 'variance'] },
  { kind: 'stockReceipt', has: ['receiptId', 'items'] },
  { kind: 'stockReceiptItem', has: ['productId', 'quantity', 'newQuantity'] },
  { kind: 'stockAdjustment', has: ['adjustmentId', 'adjustmentQuantity'] },
  { kind: 'webhookSubscriber', has: ['id', 'url', 'eventTypes'] },
];

const byKind = new Map(RESOURCE_SHAPES.map((shape) => [shape.kind, shape]));

export function shapeOf(kind: ResourceKind): ResourceShape {
  return byKind.get(kind)!;
}

export function classify(record: JsonObject): ResourceKind | undefined {
  for (const shape of RESOURCE_SHAPES) {
    if (!shape.has.every((field) => field in record)) continue;
    if (shape.lacks?.some((field) => field in record)) continue;
    if (shape.exact && Object.keys(record).length !== shape.has.length) continue;
    return shape.kind;
  }
  return undefined;
}

/** Token answers are shaped per dialect as a whole, not field by field. */
export const TOKEN_KINDS: ReadonlySet<ResourceKind | undefined> = new Set<ResourceKind>([
  'walletAdminToken',
  'walletGuestTokens',
  'bookingToken',
  'inventoryToken',
]);

/** The status a recorded payment has in every dialect but venue's (which gives none). */
export const SALE_COMPLETED = 'completed';

/**
 * Every dialect but venue's keeps a sale's status apart from its order's: a
 * sale record carries `status: "completed"` whether it stands at the top of
 * the sale answer or inside an order, while the order keeps "confirmed".
 */
export function withSaleStatus(record: JsonObject, kind: ResourceKind | undefined): JsonObject {
  if (kind === 'bookingSaleResult') return { ...record, status: SALE_COMPLETED };
  if (kind === 'bookingSale' && !('status' in record)) return { ...record, status: SALE_COMPLETED };
  return record;
}
