import { describe, expect, it } from 'vitest';
import {
  check,
  padId,
  padIdsIn,
  productCreateSchema,
  productUpdateSchema,
  supplierCreateSchema,
  stockAdjustmentSchema,
  stockTakeSchema,
  stockReceiptSchema,
  productListQuerySchema,
  stockLevelsQuerySchema,
  saleTypeFromWords,
  saleTypeWords,
} from '../../../src/lib/inventory/schemas.js';

const validProduct = {
  productName: 'Gummy Bears',
  productDescription: '100 g bag',
  categoryId: 'SNACKS    ',
  taxGroup: 'GST       ',
  productType: 2,
  saleType: 2,
  sellPrice: 3.5,
};

const rules = (result: ReturnType<typeof check>) => (result.ok ? [] : result.issues.map((i) => `${i.field} ${i.rule}`));

describe('padId', () => {
  it('pads to 10 characters and rejects longer ids', () => {
    expect(padId('SNACKS')).toBe('SNACKS    ');
    expect(padId('SNACKS    ')).toBe('SNACKS    ');
    expect(padId('ABCDEFGHIJ')).toBe('ABCDEFGHIJ');
    expect(() => padId('ABCDEFGHIJK')).toThrow(/longer than 10/);
  });
  it('padIdsIn pads the three id fields and leaves long ones for the schema', () => {
    const out = padIdsIn({ categoryId: 'SNACKS', classId: 'CANDY', taxGroup: 'TOO-LONG-ID-X', other: 'x' });
    expect(out).toEqual({ categoryId: 'SNACKS    ', classId: 'CANDY     ', taxGroup: 'TOO-LONG-ID-X', other: 'x' });
  });
});

describe('product create', () => {
  it('accepts a valid product', () => {
    expect(check(productCreateSchema, validProduct).ok).toBe(true);
  });
  it('reports every missing required field at once', () => {
    expect(rules(check(productCreateSchema, {}))).toEqual([
      'productName is required',
      'productDescription is required',
      'categoryId is required',
      'taxGroup is required',
      'productType is required',
      'saleType is required',
    ]);
  });
  it('requires the prices the saleType bitmask names, even with other errors', () => {
    const result = rules(
      check(productCreateSchema, { ...validProduct, productName: 'x'.repeat(51), saleType: 7, sellPrice: undefined }),
    );
    expect(result).toContain('productName must be at most 50 characters');
    expect(result).toContain('ticketValue is required when saleType includes Redemption (1)');
    expect(result).toContain('sellPrice is required when saleType includes Sale (2)');
    expect(result).toContain('vendingPrice is required when saleType includes Vending (4)');
  });
  it('checks types, ranges and lengths', () => {
    const result = rules(
      check(productCreateSchema, {
        ...validProduct,
        productType: 1,
        saleType: 8,
        orderPrinter: 3,
        secondaryProductName: 'y'.repeat(36),
        barcodes: ['1'.repeat(26)],
        categoryId: 'SNACKS',
        unknownField: 1,
        supplier: { supplierId: 0 },
        warehouse: { warehouseId: 1, stockQuantity: -1 },
      }),
    );
    expect(result).toEqual(
      expect.arrayContaining([
        'productType must be 2 (stock product) or 3 (modifier)',
        'saleType must be 1 to 7: Redemption 1 + Sale 2 + Vending 4',
        'orderPrinter must be 0 (none), 1 (printer 1) or 2 (printer 2)',
        'secondaryProductName must be at most 35 characters',
        'barcodes[0] must be at most 25 characters',
        'categoryId must be 10 characters, space-padded',
        'unknownField is not a known field',
        'supplier.supplierId must be a positive supplier id',
        'warehouse.stockQuantity must not be negative',
      ]),
    );
  });
});

describe('product update', () => {
  it('is partial, refuses empty and unknown fields', () => {
    expect(check(productUpdateSchema, { isActive: false }).ok).toBe(true);
    expect(rules(check(productUpdateSchema, {}))).toEqual(['body must change at least one field']);
    expect(rules(check(productUpdateSchema, { categoryId: 'X', isActive: true }))).toEqual([
      'categoryId is not a known field',
    ]);
    expect(rules(check(productUpdateSchema, { suppliers: [{ action: 'delete', supplierId: 1 }] }))).toEqual([
      'suppliers[0].action must be add, update or remove',
    ]);
  });
});

describe('supplier create', () => {
  it('requires code, name and address and bounds payment terms', () => {
    expect(
      rules(check(supplierCreateSchema, { supplierName: 'A', paymentTerms: 9, supplierEmail: 'e'.repeat(51) })),
    ).toEqual([
      'supplierCode is required',
      'supplierAddress is required',
      'supplierEmail must be at most 50 characters',
      'paymentTerms must be 0 to 8: 0 none, 1 advance, 2..8 = 7, 14, 21, 30, 45, 60, 90 days',
    ]);
  });
});

describe('stock movements', () => {
  it('stock take: counted quantity not negative, items non-empty', () => {
    expect(rules(check(stockTakeSchema, { warehouseId: 1, userId: 1, items: [] }))).toEqual([
      'items must list at least one item',
    ]);
    expect(
      rules(check(stockTakeSchema, { warehouseId: 1, userId: 1, items: [{ productId: 1, countedQuantity: -1 }] })),
    ).toEqual(['items[0].countedQuantity must not be negative']);
  });
  it('receipt: quantity above zero', () => {
    expect(
      rules(check(stockReceiptSchema, { warehouseId: 1, userId: 1, items: [{ productId: 1, quantity: 0 }] })),
    ).toEqual(['items[0].quantity must be greater than 0']);
  });
  it('adjustment: a reason and a non-zero quantity', () => {
    expect(
      rules(check(stockAdjustmentSchema, { warehouseId: 1, productId: 1, userId: 1, adjustmentQuantity: 0 })),
    ).toEqual([
      'adjustmentQuantity must not be 0 (positive increases, negative decreases)',
      'comment is required (the reason for the adjustment)',
    ]);
    expect(
      rules(
        check(stockAdjustmentSchema, { warehouseId: 1, productId: 1, userId: 1, adjustmentQuantity: 2, comment: '  ' }),
      ),
    ).toEqual(['comment must not be blank (give the reason for the adjustment)']);
  });
});

describe('queries', () => {
  it('reads URL text and CLI numbers alike', () => {
    const parsed = check(productListQuerySchema, { page: '2', pageSize: '200', isActive: 'false', productType: '3' });
    expect(parsed).toEqual({ ok: true, data: { page: 2, pageSize: 200, isActive: false, productType: 3 } });
    expect(rules(check(productListQuerySchema, { pageSize: 201 }))).toEqual(['pageSize must be at most 200']);
    expect(check(stockLevelsQuerySchema, { productIds: '1, 2,3' })).toEqual({
      ok: true,
      data: { productIds: [1, 2, 3] },
    });
    expect(rules(check(stockLevelsQuerySchema, { productIds: '1,x' }))).toEqual([
      'productIds[1] must be a whole number (product id)',
    ]);
  });
  it('sale type words', () => {
    expect(saleTypeFromWords('redemption,sale')).toBe(3);
    expect(saleTypeFromWords('vending')).toBe(4);
    expect(saleTypeFromWords('free')).toBeUndefined();
    expect(saleTypeWords(5)).toBe('Redemption+Vending');
  });
});
