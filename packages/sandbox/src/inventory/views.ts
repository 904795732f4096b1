// The JSON the inventory emulator answers (openapi/inventory.json), and the
// request-body checks against the sandbox's own rules (../rules/inventory.ts).

import type { z } from 'zod';
import { detailsFrom } from '../rules/issues.js';
import { badRequest, notFound } from '../http-error.js';
import type { InventoryState, StoredProduct, StoredSupplier } from './state.js';
import { indexOf } from './state.js';

export function parseWith<T>(schema: z.ZodType<T>, input: unknown, what: string): T {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const details = detailsFrom(result.error, input ?? {});
  throw badRequest(`invalid ${what}: ${details.map((d) => `${d.field} ${d.rule}`).join('; ')}`, details);
}

export const timestamp = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

export const round = (value: number, places = 4) => {
  const factor = 10 ** places;
  return Math.round(value * factor) / factor;
};

export function productView(product: StoredProduct) {
  return {
    productId: product.productId,
    productName: product.productName,
    productDescription: product.productDescription,
    categoryId: product.categoryId,
    classId: product.classId ?? null,
    taxGroup: product.taxGroup,
    productType: product.productType,
    saleType: product.saleType,
    orderPrinter: product.orderPrinter,
    secondaryProductName: product.secondaryProductName ?? null,
    ticketValue: product.ticketValue ?? null,
    sellPrice: product.sellPrice ?? null,
    vendingPrice: product.vendingPrice ?? null,
    isPriceExTax: product.isPriceExTax,
    productCode: product.productCode ?? null,
    barcodes: product.barcodes,
    reorderLevelMin: product.reorderLevelMin,
    reorderLevelMax: product.reorderLevelMax,
    stockLevels: Object.entries(product.stock).map(([warehouseId, quantity]) => ({
      warehouseId: Number(warehouseId),
      quantity,
    })),
    suppliers: product.suppliers.map((link) => ({
      supplierId: link.supplierId,
      containerPrice: link.containerPrice ?? null,
      containerQuantity: link.containerQuantity ?? null,
      containerId: link.containerId ?? null,
      productSupplierCode: link.productSupplierCode ?? null,
      preferredSupplier: link.preferredSupplier ?? false,
      isActive: link.isActive,
    })),
    averageUnitCost: product.averageUnitCost,
    lastPurchasePrice: product.lastPurchasePrice,
    isActive: product.isActive,
    createdAt: product.createdAt,
    updatedAt: product.updatedAt,
  };
}

export function supplierView(supplier: StoredSupplier) {
  return {
    supplierId: supplier.supplierId,
    supplierCode: supplier.supplierCode,
    supplierName: supplier.supplierName,
    supplierAddress: supplier.supplierAddress,
    supplierTown: supplier.supplierTown ?? null,
    supplierState: supplier.supplierState ?? null,
    supplierPostcode: supplier.supplierPostcode ?? null,
    supplierPhone: supplier.supplierPhone ?? null,
    supplierEmail: supplier.supplierEmail ?? null,
    supplierContact: supplier.supplierContact ?? null,
    supplierDescription: supplier.supplierDescription ?? null,
    supplierAccountNo: supplier.supplierAccountNo ?? null,
    supplierType: supplier.supplierType,
    paymentTerms: supplier.paymentTerms,
    isActive: supplier.isActive,
    createdAt: supplier.createdAt,
  };
}

export function pageOf<T, V>(items: T[], page: number, pageSize: number, view: (item: T) => V) {
  const start = (page - 1) * pageSize;
  return {
    items: items.slice(start, start + pageSize).map(view),
    page,
    pageSize,
    totalItems: items.length,
    totalPages: Math.ceil(items.length / pageSize),
  };
}

export function productOr404(state: InventoryState, productId: number): StoredProduct {
  const product = indexOf(state).byId.get(productId);
  if (!product) throw notFound(`no product ${productId}`);
  return product;
}

export function warehouseOr404(state: InventoryState, warehouseId: number) {
  const warehouse = state.warehouses.find((w) => w.warehouseId === warehouseId);
  if (!warehouse) throw notFound(`no warehouse ${warehouseId}`);
  return warehouse;
}

export function supplierOr404(state: InventoryState, supplierId: number): StoredSupplier {
  const supplier = state.suppliers.find((s) => s.supplierId === supplierId);
  if (!supplier) throw notFound(`no supplier ${supplierId}`);
  return supplier;
}

/** The integration user must exist: an unknown userId is a 404 (docs/api-conventions.md choice). */
export function userOr404(state: InventoryState, userId: number) {
  const user = state.users.find((u) => u.userId === userId);
  if (!user) throw notFound(`no user ${userId}`);
  return user;
}

export function quantityIn(product: StoredProduct, warehouseId: number): number {
  return product.stock[String(warehouseId)] ?? 0;
}

export function totalQuantity(product: StoredProduct): number {
  let total = 0;
  for (const quantity of Object.values(product.stock)) total += quantity;
  return total;
}
