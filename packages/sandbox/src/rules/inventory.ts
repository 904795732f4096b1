// The inventory service's input rules as the sandbox enforces them (seed 002:
// "Product", "Supplier", "Endpoints", "Limits"; openapi/inventory.json).
// Every rule is worded for people: a zod issue's message is the rule.

import { z } from 'zod';

/** Categories, classes and tax groups are keyed by 10-character, space-padded ids (seed 002). */
export const PADDED_ID_LENGTH = 10;

/** "SNACKS" → "SNACKS    "; an id longer than 10 characters is returned as given. */
export function padId(id: string): string {
  const bare = id.replace(/\s+$/, '');
  return bare.length > PADDED_ID_LENGTH ? id : bare.padEnd(PADDED_ID_LENGTH, ' ');
}

/** saleType flags, combined by addition. Seed 002 leaves Redemption's value "not shown"; venue's contract says 1. */
export const SALE_TYPE_FLAGS = [
  { flag: 1, name: 'Redemption', priceField: 'ticketValue' },
  { flag: 2, name: 'Sale', priceField: 'sellPrice' },
  { flag: 4, name: 'Vending', priceField: 'vendingPrice' },
] as const;

const requiredOr = (what: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? 'is required' : `must be ${what}`;
const notBlank = (value: string) => /\S/.test(value);

function text(max: number, required = false) {
  const base = z.string({ error: requiredOr('text') }).max(max, `must be at most ${max} characters`);
  return required ? base.refine(notBlank, 'must not be blank') : base;
}
const paddedId = (what: string) =>
  z
    .string({ error: requiredOr(`a ${what} id (text)`) })
    .length(PADDED_ID_LENGTH, `must be ${PADDED_ID_LENGTH} characters, space-padded`)
    .refine(notBlank, 'must not be blank');
const int = (what = 'a whole number') => z.number({ error: requiredOr(what) }).int(`must be ${what}`);
const count = () => int().min(0, 'must not be negative');
const id = (what: string) => int(`a whole number (${what})`).min(1, `must be a positive ${what}`);
const money = () =>
  z
    .number({ error: requiredOr('a number') })
    .min(0, 'must not be negative')
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'must have at most 2 decimal places');
const bool = () => z.boolean({ error: requiredOr('true or false') });
const oneOf = (values: number[], words: string) => int().refine((v) => values.includes(v), `must be ${words}`);
const object = <T extends z.ZodRawShape>(shape: T, what = 'an object') =>
  z.strictObject(shape, { error: requiredOr(what) });

const productType = oneOf([2, 3], '2 (stock product) or 3 (modifier)');
const saleTypeRule = 'must be 1 to 7: Redemption 1 + Sale 2 + Vending 4';
const saleType = int().min(1, saleTypeRule).max(7, saleTypeRule);
const barcodes = z.array(text(25, true), { error: requiredOr('a list of barcodes') });
const linkFields = {
  supplierId: id('supplier id'),
  containerPrice: money().optional(),
  containerQuantity: int().min(1, 'must be at least 1').optional(),
  containerId: id('container id').optional(),
  productSupplierCode: text(50).optional(),
  preferredSupplier: bool().optional(),
};

export const productCreate = object(
  {
    productName: text(50, true),
    productDescription: text(50, true),
    categoryId: paddedId('category'),
    classId: paddedId('class').optional(),
    taxGroup: paddedId('tax group'),
    productType,
    saleType,
    orderPrinter: oneOf([0, 1, 2], '0 (none), 1 (printer 1) or 2 (printer 2)').optional(),
    secondaryProductName: text(35).optional(),
    ticketValue: count().optional(),
    vendingPrice: money().optional(),
    sellPrice: money().optional(),
    isPriceExTax: bool().optional(),
    productCode: text(50).optional(),
    barcodes: barcodes.optional(),
    reorderLevelMin: count().optional(),
    reorderLevelMax: count().optional(),
    supplier: object(linkFields).optional(),
    warehouse: object({ warehouseId: id('warehouse id'), stockQuantity: count() }).optional(),
    isActive: bool().optional(),
  },
  'a JSON object',
).superRefine(
  // The saleType flags decide which prices are required (seed 002, Product).
  (value, ctx) => {
    const mask = (value as { saleType?: unknown }).saleType;
    if (typeof mask !== 'number' || !Number.isInteger(mask) || mask < 1 || mask > 7) return;
    for (const { flag, name, priceField } of SALE_TYPE_FLAGS) {
      if ((mask & flag) !== 0 && (value as Record<string, unknown>)[priceField] === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: [priceField],
          message: `is required when saleType includes ${name} (${flag})`,
        });
      }
    }
  },
  { when: () => true },
);
export type ProductCreate = z.infer<typeof productCreate>;

const UPDATABLE = [
  'productName',
  'productDescription',
  'sellPrice',
  'isPriceExTax',
  'productCode',
  'reorderLevelMin',
  'reorderLevelMax',
  'isActive',
  'barcodes',
  'suppliers',
];

export const productUpdate = object(
  {
    productName: text(50, true).optional(),
    productDescription: text(50, true).optional(),
    sellPrice: money().optional(),
    isPriceExTax: bool().optional(),
    productCode: text(50).optional(),
    reorderLevelMin: count().optional(),
    reorderLevelMax: count().optional(),
    isActive: bool().optional(),
    // Additions only: existing barcodes cannot be removed (seed 002, operation 6).
    barcodes: barcodes.optional(),
    suppliers: z
      .array(
        object({
          action: z.enum(['add', 'update', 'remove'], { error: requiredOr('add, update or remove') }),
          ...linkFields,
        }),
        {
          error: requiredOr('a list of supplier changes'),
        },
      )
      .optional(),
  },
  'a JSON object',
).superRefine(
  (value, ctx) => {
    if (!UPDATABLE.some((field) => (value as Record<string, unknown>)[field] !== undefined))
      ctx.addIssue({ code: 'custom', path: [], message: 'must change at least one field' });
  },
  { when: () => true },
);
export type ProductUpdate = z.infer<typeof productUpdate>;

const paymentTermsRule = 'must be 0 to 8: 0 none, 1 advance, 2..8 = 7, 14, 21, 30, 45, 60, 90 days';
export const supplierCreate = object(
  {
    supplierCode: text(50, true),
    supplierName: text(50, true),
    supplierAddress: text(50, true),
    supplierTown: text(50).optional(),
    supplierState: text(50).optional(),
    supplierPostcode: text(50).optional(),
    supplierPhone: text(50).optional(),
    supplierEmail: text(50).optional(),
    supplierContact: text(50).optional(),
    supplierDescription: text(50).optional(),
    supplierAccountNo: text(50).optional(),
    supplierType: count().optional(),
    paymentTerms: int().min(0, paymentTermsRule).max(8, paymentTermsRule).optional(),
  },
  'a JSON object',
);
export type SupplierCreate = z.infer<typeof supplierCreate>;

/** Query values arrive as text. */
const fromText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : v), schema);
const page = fromText(int().min(1, 'must be at least 1'));
const pageSize = fromText(int().min(1, 'must be at least 1').max(200, 'must be at most 200'));

export const productListQuery = z.object({
  productType: fromText(productType).optional(),
  saleType: fromText(saleType).optional(),
  categoryId: z.string().max(PADDED_ID_LENGTH, `must be at most ${PADDED_ID_LENGTH} characters`).optional(),
  isActive: z.preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), bool()).optional(),
  page: page.optional(),
  pageSize: pageSize.optional(),
});

export const stockLevelsQuery = z.object({
  warehouseId: fromText(id('warehouse id')).optional(),
  productIds: z
    .preprocess(
      (v) =>
        typeof v === 'string'
          ? v
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
              .map((s) => (/^\d+$/.test(s) ? Number(s) : s))
          : v,
      z
        .array(id('product id'), { error: requiredOr('a comma-separated list of product ids') })
        .min(1, 'must list at least one product id')
        .max(200, 'must list at most 200 product ids'),
    )
    .optional(),
  page: page.optional(),
  pageSize: pageSize.optional(),
});

const comment = () => text(200);

export const stockTake = object(
  {
    warehouseId: id('warehouse id'),
    userId: id('user id'),
    items: z
      .array(object({ productId: id('product id'), countedQuantity: count() }), {
        error: requiredOr('a list of counted items'),
      })
      .min(1, 'must list at least one item'),
    comment: comment().optional(),
  },
  'a JSON object',
);
export type StockTake = z.infer<typeof stockTake>;

export const stockReceipt = object(
  {
    warehouseId: id('warehouse id'),
    userId: id('user id'),
    supplierId: id('supplier id').optional(),
    poNumber: text(50).optional(),
    invoice: text(50).optional(),
    items: z
      .array(
        object({
          productId: id('product id'),
          quantity: int().min(1, 'must be greater than 0'),
          value: money().optional(),
        }),
        { error: requiredOr('a list of received items') },
      )
      .min(1, 'must list at least one item'),
    comment: comment().optional(),
  },
  'a JSON object',
);
export type StockReceipt = z.infer<typeof stockReceipt>;

export const stockAdjustment = object(
  {
    warehouseId: id('warehouse id'),
    productId: id('product id'),
    adjustmentQuantity: int().refine((v) => v !== 0, 'must not be 0 (positive increases, negative decreases)'),
    userId: id('user id'),
    comment: z
      .string({
        error: (i) => (i.input === undefined ? 'is required (the reason for the adjustment)' : 'must be text'),
      })
      .max(200, 'must be at most 200 characters')
      .refine(notBlank, 'must not be blank (give the reason for the adjustment)'),
  },
  'a JSON object',
);
export type StockAdjustment = z.infer<typeof stockAdjustment>;
