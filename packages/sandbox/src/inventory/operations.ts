// What the inventory application does when asked to change something. Used by
// the API routes and by the in-venue simulation alike; each operation checks
// everything first and changes state only when all of it holds (atomic).

import type {
  ProductCreate,
  ProductUpdate,
  StockAdjustment,
  StockReceipt,
  StockTake,
  SupplierCreate,
} from '../rules/inventory.js';
import { badRequest, conflict, unprocessable, type ErrorDetail } from '../http-error.js';
import {
  indexOf,
  touched,
  type InventoryState,
  type StockMovement,
  type StoredProduct,
  type StoredSupplierLink,
} from './state.js';
import { productOr404, quantityIn, round, supplierOr404, totalQuantity, userOr404, warehouseOr404 } from './views.js';

function refuseDetails(message: string, details: ErrorDetail[]): void {
  if (details.length) throw badRequest(`${message}: ${details.map((d) => `${d.field} ${d.rule}`).join('; ')}`, details);
}

/** category, class, tax group and container must come from their lists. */
function checkReferences(
  state: InventoryState,
  body: { categoryId?: string; classId?: string; taxGroup?: string },
  containerIds: Array<[string, number | undefined]>,
): void {
  const details: ErrorDetail[] = [];
  if (body.categoryId !== undefined && !state.categories.some((c) => c.categoryId === body.categoryId)) {
    details.push({ field: 'categoryId', rule: 'must be a category from GET /categories' });
  }
  if (body.classId !== undefined) {
    const cls = state.classes.find((c) => c.classId === body.classId);
    if (!cls) details.push({ field: 'classId', rule: 'must be a class from GET /classes' });
    else if (body.categoryId !== undefined && cls.categoryId !== body.categoryId) {
      details.push({ field: 'classId', rule: `must be a class of category ${body.categoryId.trim()}` });
    }
  }
  if (body.taxGroup !== undefined && !state.taxGroups.some((t) => t.taxGroup === body.taxGroup)) {
    details.push({ field: 'taxGroup', rule: 'must be a tax group from GET /tax-groups' });
  }
  for (const [field, containerId] of containerIds) {
    if (containerId !== undefined && !state.containers.some((c) => c.containerId === containerId)) {
      details.push({ field, rule: 'must be a container type from GET /containers' });
    }
  }
  refuseDetails('unknown reference', details);
}

function barcodeOwnedElsewhere(state: InventoryState, barcodes: string[], productId?: number): void {
  const index = indexOf(state);
  for (const barcode of barcodes) {
    const owner = index.byBarcode.get(barcode);
    if (owner && owner.productId !== productId)
      throw conflict(`barcode ${barcode} already belongs to product ${owner.productId}`, 'barcode_taken');
  }
}

function linkFrom(change: Omit<StoredSupplierLink, 'isActive'> & Record<string, unknown>): StoredSupplierLink {
  const link: StoredSupplierLink = { supplierId: change.supplierId, isActive: true };
  for (const key of [
    'containerPrice',
    'containerQuantity',
    'containerId',
    'productSupplierCode',
    'preferredSupplier',
  ] as const) {
    if (change[key] !== undefined) (link as unknown as Record<string, unknown>)[key] = change[key];
  }
  return link;
}

export function createProduct(state: InventoryState, body: ProductCreate, at: string): StoredProduct {
  checkReferences(state, body, [['supplier.containerId', body.supplier?.containerId]]);
  if (body.supplier) supplierOr404(state, body.supplier.supplierId);
  if (body.warehouse) warehouseOr404(state, body.warehouse.warehouseId);
  const barcodes = [...new Set(body.barcodes ?? [])];
  barcodeOwnedElsewhere(state, barcodes);

  const product: StoredProduct = {
    productId: state.nextProductId++,
    productName: body.productName,
    productDescription: body.productDescription,
    categoryId: body.categoryId,
    taxGroup: body.taxGroup,
    productType: body.productType,
    saleType: body.saleType,
    orderPrinter: body.orderPrinter ?? 0,
    isPriceExTax: body.isPriceExTax ?? false,
    barcodes,
    reorderLevelMin: body.reorderLevelMin ?? 0,
    reorderLevelMax: body.reorderLevelMax ?? 0,
    suppliers: body.supplier ? [linkFrom(body.supplier)] : [],
    stock: body.warehouse ? { [String(body.warehouse.warehouseId)]: body.warehouse.stockQuantity } : {},
    averageUnitCost: null,
    lastPurchasePrice: null,
    isActive: body.isActive ?? true,
    createdAt: at,
    updatedAt: at,
  };
  for (const key of [
    'classId',
    'secondaryProductName',
    'ticketValue',
    'sellPrice',
    'vendingPrice',
    'productCode',
  ] as const) {
    if (body[key] !== undefined) (product as unknown as Record<string, unknown>)[key] = body[key];
  }
  state.products.push(product);
  touched(state, product);
  return product;
}

export function updateProduct(
  state: InventoryState,
  productId: number,
  patch: ProductUpdate,
  at: string,
): StoredProduct {
  const product = productOr404(state, productId);
  const newBarcodes = [...new Set(patch.barcodes ?? [])].filter((b) => !product.barcodes.includes(b));
  barcodeOwnedElsewhere(state, newBarcodes, productId);

  // Plan every supplier change first, so a bad one leaves the product untouched.
  const links = product.suppliers.map((link) => ({ ...link }));
  const details: ErrorDetail[] = [];
  (patch.suppliers ?? []).forEach((change, i) => {
    supplierOr404(state, change.supplierId);
    if (change.containerId !== undefined && !state.containers.some((c) => c.containerId === change.containerId)) {
      details.push({ field: `suppliers[${i}].containerId`, rule: 'must be a container type from GET /containers' });
    }
    const existing = links.find((l) => l.supplierId === change.supplierId);
    const { action, ...fields } = change;
    if (action === 'add') {
      if (existing?.isActive) throw conflict(`supplier ${change.supplierId} is already linked to product ${productId}`);
      if (existing) Object.assign(existing, linkFrom(fields), { isActive: true });
      else links.push(linkFrom(fields));
    } else if (!existing || !existing.isActive) {
      throw unprocessable(`supplier ${change.supplierId} is not linked to product ${productId}`, 'not_linked', [
        { field: `suppliers[${i}].supplierId`, rule: 'must be a supplier linked to the product' },
      ]);
    } else if (action === 'update') {
      const { supplierId: _ignored, ...rest } = linkFrom(fields);
      Object.assign(existing, rest);
    } else {
      existing.isActive = false; // a soft delete: the link stays, inactive
    }
  });
  refuseDetails('invalid supplier change', details);

  for (const key of [
    'productName',
    'productDescription',
    'sellPrice',
    'isPriceExTax',
    'productCode',
    'reorderLevelMin',
    'reorderLevelMax',
    'isActive',
  ] as const) {
    if (patch[key] !== undefined) (product as unknown as Record<string, unknown>)[key] = patch[key];
  }
  product.barcodes.push(...newBarcodes);
  product.suppliers = links;
  product.updatedAt = at;
  touched(state, product);
  return product;
}

export function createSupplier(state: InventoryState, body: SupplierCreate, at: string) {
  const code = body.supplierCode.trim().toLowerCase();
  if (state.suppliers.some((s) => s.supplierCode.trim().toLowerCase() === code)) {
    throw conflict(`supplierCode ${body.supplierCode} is already used by another supplier`);
  }
  const supplier = {
    ...body,
    supplierId: state.nextSupplierId++,
    supplierType: body.supplierType ?? 0,
    paymentTerms: body.paymentTerms ?? 0,
    isActive: true,
    createdAt: at,
  };
  state.suppliers.push(supplier);
  return supplier;
}

/** Who asked for a change: the API's callers, or the venue's own staff (in-venue simulation). */
export interface MovementOrigin {
  source: StockMovement['source'];
  /** The request's Idempotency-Key header, kept on the movement for tests to count by (never used to deduplicate). */
  idempotencyKey?: string | null;
}

const fromApi: MovementOrigin = { source: 'api' };
const originOf = (origin: MovementOrigin | StockMovement['source']): MovementOrigin =>
  typeof origin === 'string' ? { source: origin } : origin;

function record(
  state: InventoryState,
  kind: StockMovement['kind'],
  origin: MovementOrigin,
  body: { warehouseId: number; userId: number },
  at: string,
  changes: StockMovement['changes'],
): StockMovement {
  const movement: StockMovement = {
    movementId: state.nextMovementId++,
    kind,
    source: origin.source,
    warehouseId: body.warehouseId,
    userId: body.userId,
    createdAt: at,
    changes,
    ...(origin.source === 'api' ? { idempotencyKey: origin.idempotencyKey ?? null } : {}),
    body: {},
  };
  state.movements.push(movement);
  return movement;
}

export function stockTake(
  state: InventoryState,
  body: StockTake,
  at: string,
  origin: MovementOrigin | StockMovement['source'] = fromApi,
) {
  warehouseOr404(state, body.warehouseId);
  userOr404(state, body.userId);
  const seen = new Map<number, number>();
  const details: ErrorDetail[] = [];
  body.items.forEach((item, i) => {
    if (seen.has(item.productId))
      details.push({
        field: `items[${i}].productId`,
        rule: `appears more than once (first at items[${seen.get(item.productId)}])`,
      });
    else seen.set(item.productId, i);
  });
  refuseDetails('invalid stock take', details);
  const products = body.items.map((item) => productOr404(state, item.productId));

  const items = body.items.map((item, i) => {
    const product = products[i]!;
    const previousQuantity = quantityIn(product, body.warehouseId);
    product.stock[String(body.warehouseId)] = item.countedQuantity;
    product.updatedAt = at;
    return {
      productId: item.productId,
      previousQuantity,
      countedQuantity: item.countedQuantity,
      variance: item.countedQuantity - previousQuantity,
    };
  });
  touched(state);
  const movement = record(
    state,
    'stock-take',
    originOf(origin),
    body,
    at,
    items.map((i) => ({ productId: i.productId, delta: i.variance })),
  );
  const result = {
    stockTakeId: movement.movementId,
    warehouseId: body.warehouseId,
    userId: body.userId,
    comment: body.comment ?? null,
    items,
    totalVariance: items.reduce((sum, item) => sum + item.variance, 0),
    createdAt: at,
  };
  movement.body = result;
  return result;
}

export function receiveStock(
  state: InventoryState,
  body: StockReceipt,
  at: string,
  origin: MovementOrigin | StockMovement['source'] = fromApi,
) {
  warehouseOr404(state, body.warehouseId);
  userOr404(state, body.userId);
  if (body.supplierId !== undefined) supplierOr404(state, body.supplierId);
  const products = body.items.map((item) => productOr404(state, item.productId));

  const items = body.items.map((item, i) => {
    const product = products[i]!;
    const onHand = Math.max(0, totalQuantity(product));
    const key = String(body.warehouseId);
    product.stock[key] = (product.stock[key] ?? 0) + item.quantity;
    if (item.value !== undefined) {
      const unitPrice = item.value / item.quantity;
      const previousAverage = product.averageUnitCost ?? unitPrice;
      product.averageUnitCost = round((onHand * previousAverage + item.value) / (onHand + item.quantity));
      product.lastPurchasePrice = round(unitPrice);
    }
    product.updatedAt = at;
    return {
      productId: item.productId,
      quantity: item.quantity,
      value: item.value ?? null,
      newQuantity: product.stock[key]!,
      averageUnitCost: product.averageUnitCost,
      lastPurchasePrice: product.lastPurchasePrice,
    };
  });
  touched(state);
  const movement = record(
    state,
    'receipt',
    originOf(origin),
    body,
    at,
    items.map((i) => ({ productId: i.productId, delta: i.quantity })),
  );
  const result = {
    receiptId: movement.movementId,
    warehouseId: body.warehouseId,
    supplierId: body.supplierId ?? null,
    poNumber: body.poNumber ?? null,
    invoice: body.invoice ?? null,
    userId: body.userId,
    comment: body.comment ?? null,
    items,
    createdAt: at,
  };
  movement.body = result;
  return result;
}

export function adjustStock(
  state: InventoryState,
  body: StockAdjustment,
  at: string,
  origin: MovementOrigin | StockMovement['source'] = fromApi,
) {
  warehouseOr404(state, body.warehouseId);
  userOr404(state, body.userId);
  const product = productOr404(state, body.productId);
  const previousQuantity = quantityIn(product, body.warehouseId);
  const newQuantity = previousQuantity + body.adjustmentQuantity;
  if (newQuantity < 0) {
    throw unprocessable(
      `the adjustment would leave ${newQuantity} of product ${body.productId} in warehouse ${body.warehouseId} (on hand: ${previousQuantity})`,
      'insufficient_stock',
      [{ field: 'adjustmentQuantity', rule: `must not take stock below 0 (on hand: ${previousQuantity})` }],
    );
  }
  product.stock[String(body.warehouseId)] = newQuantity;
  product.updatedAt = at;
  touched(state);
  const movement = record(state, 'adjustment', originOf(origin), body, at, [
    { productId: body.productId, delta: body.adjustmentQuantity },
  ]);
  const result = {
    adjustmentId: movement.movementId,
    warehouseId: body.warehouseId,
    productId: body.productId,
    adjustmentQuantity: body.adjustmentQuantity,
    previousQuantity,
    newQuantity,
    userId: body.userId,
    comment: body.comment,
    createdAt: at,
  };
  movement.body = result;
  return result;
}

export interface CounterSale {
  warehouseId: number;
  productId: number;
  quantity: number;
  userId: number;
}

/**
 * A sale at the venue's counter (in-venue activity only; the interface has no
 * sale operation). Like an adjustment it may not take stock below 0.
 */
export function sellAtCounter(state: InventoryState, sale: CounterSale, at: string) {
  warehouseOr404(state, sale.warehouseId);
  userOr404(state, sale.userId);
  const product = productOr404(state, sale.productId);
  const previousQuantity = quantityIn(product, sale.warehouseId);
  const newQuantity = previousQuantity - sale.quantity;
  if (newQuantity < 0) {
    throw unprocessable(
      `only ${previousQuantity} of product ${sale.productId} on hand to sell ${sale.quantity}`,
      'insufficient_stock',
      [{ field: 'quantity', rule: `must not take stock below 0 (on hand: ${previousQuantity})` }],
    );
  }
  product.stock[String(sale.warehouseId)] = newQuantity;
  product.updatedAt = at;
  touched(state);
  const movement = record(state, 'sale', { source: 'venue' }, sale, at, [
    { productId: sale.productId, delta: -sale.quantity },
  ]);
  const result = { saleId: movement.movementId, ...sale, previousQuantity, newQuantity, createdAt: at };
  movement.body = result;
  return result;
}
