// The plain dialect's field names: per resource, venue's name → the synonym a
// plain vendor server answers with. Response bodies only: request fields
// (named by the seeds or by docs/api-conventions.md) are never renamed, so a
// client reads `sessionId` from a slot and still sends it as `slotId`. Fields
// a table does not list keep venue's name. docs/sandbox-dialects.md mirrors
// these tables; keep the two in step.

import type { ResourceKind } from './resources.js';

export const PLAIN_SYNONYMS: Partial<Record<ResourceKind, Readonly<Record<string, string>>>> = {
  // ---- guest wallet
  walletCard: {
    cardType: 'type',
    nickname: 'cardNickname',
    status: 'cardStatus',
    locationId: 'siteId',
    locationName: 'location',
    playUnit: 'balanceUnit',
  },
  // playBalance and bonusBalance are flattened to numbers first (see plain.ts), with the unit beside them.
  walletBalance: { unit: 'balanceUnit', lastSyncedAt: 'lastUpdated' },
  walletActivity: {
    activityId: 'id',
    kind: 'type',
    occurredAt: 'timestamp',
    playAmount: 'amount',
    bonusAmount: 'bonus',
    tickets: 'ticketCount',
    unit: 'balanceUnit',
  },
  reloadProduct: { productId: 'id', name: 'title', playValue: 'value', bonusValue: 'bonus', displayOrder: 'sortOrder' },
  // credited is flattened to creditedPlay and creditedBonus first, with the unit beside them.
  walletSale: { saleId: 'id', productName: 'productTitle', createdAt: 'created', unit: 'balanceUnit' },
  walletPass: { saveUrl: 'url', expiresAt: 'expires' },

  // ---- booking
  location: { id: 'locationId', timeZone: 'timezone' },
  experience: { id: 'experienceId', name: 'title', durationMinutes: 'duration', price: 'unitPrice' },
  availabilityDay: { sessions: 'sessionCount', remaining: 'available' },
  slot: { slotId: 'sessionId', startTime: 'start', endTime: 'end', remaining: 'available', price: 'unitPrice' },
  reservation: {
    reservationId: 'id',
    slotId: 'sessionId',
    startTime: 'start',
    endTime: 'end',
    amount: 'total',
    createdAt: 'created',
    expiresAt: 'holdExpiresAt',
  },
  order: { orderId: 'id', total: 'totalAmount', createdAt: 'created', expiresAt: 'paymentDueBy' },
  bookingSale: { saleId: 'id', recordedAt: 'paidAt' },
  bookingSaleResult: { saleId: 'id', recordedAt: 'paidAt' },

  // ---- inventory
  product: {
    productId: 'id',
    productName: 'name',
    productDescription: 'description',
    productCode: 'sku',
    secondaryProductName: 'altName',
    stockLevels: 'stock',
    isActive: 'active',
    createdAt: 'created',
    updatedAt: 'modified',
  },
  productStock: { quantity: 'onHand' },
  stockLevel: {
    productName: 'name',
    productCode: 'sku',
    quantity: 'onHand',
    averageUnitCost: 'avgCost',
    lastPurchasePrice: 'lastCost',
  },
  supplier: { supplierId: 'id', supplierCode: 'code', supplierName: 'name', isActive: 'active', createdAt: 'created' },
  productClass: { classId: 'id' },
  category: { categoryId: 'id' },
  warehouse: { warehouseId: 'id' },
  taxGroup: { taxGroup: 'code' },
  containerType: { containerId: 'id', units: 'unitsPerContainer' },
  stockTake: { stockTakeId: 'id', createdAt: 'created' },
  stockReceipt: { receiptId: 'id', createdAt: 'created' },
  stockReceiptItem: { newQuantity: 'onHand' },
  stockAdjustment: {
    adjustmentId: 'id',
    previousQuantity: 'quantityBefore',
    newQuantity: 'quantityAfter',
    createdAt: 'created',
  },
  webhookSubscriber: { id: 'webhookId', isActive: 'active', createdAt: 'created', updatedAt: 'modified' },
};

/** Fields plain servers add that venue's contract has not: readers must pass over unknown fields. */
export const PLAIN_EXTRA_FIELDS: Partial<Record<ResourceKind, Readonly<Record<string, string | boolean>>>> = {
  location: { country: 'US', isActive: true },
};
