// The one source of the inventory service's field rules (seed 002), used by the
// CLI before anything is sent and by the sandbox to answer 400. Rules are worded
// for people ("must be at most 50 characters"): a zod issue's message IS the rule.
// Only modules that validate import this file, so zod never loads on start-up.

import { z } from 'zod';
import { ValidationError, type ValidationIssue } from '../errors.js';
import { padId, PaddedIdTooLongError, PADDED_ID_LENGTH } from './ids.js';
import { SALE_TYPE_FLAGS } from './types.js';

export { padId, unpadId, sameId, PADDED_ID_LENGTH } from './ids.js';
export * from './types.js';

export const LIMITS = {
  name: 50,
  secondaryName: 35,
  barcode: 25,
  comment: 200,
  supplierText: 50,
  pageSizeMax: 200,
  pageSizeDefault: 50,
  productIdsPerRequest: 200,
} as const;

// ---------------------------------------------------------------- building blocks

type IssueInput = { input?: unknown };
const typeRule = (what: string) => (issue: IssueInput) =>
  issue.input === undefined ? 'is required' : `must be ${what}`;

const notBlank = (value: string) => /\S/.test(value);

/** Text with a maximum length; required text must also not be blank. */
function text(max: number, required = false) {
  const base = z.string({ error: typeRule('text') }).max(max, `must be at most ${max} characters`);
  return required ? base.refine(notBlank, 'must not be blank') : base;
}

function paddedId(what: string) {
  return z
    .string({ error: typeRule(`a ${what} id (text)`) })
    .length(PADDED_ID_LENGTH, `must be ${PADDED_ID_LENGTH} characters, space-padded`)
    .refine(notBlank, 'must not be blank');
}

function int(what = 'a whole number') {
  return z.number({ error: typeRule(what) }).int(`must be ${what}`);
}

function positiveId(what = 'id') {
  return int(`a whole number (${what})`).min(1, `must be a positive ${what}`);
}

const hasAtMostTwoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

function money() {
  return z
    .number({ error: typeRule('a number') })
    .min(0, 'must not be negative')
    .refine(hasAtMostTwoDecimals, 'must have at most 2 decimal places');
}

const bool = () => z.boolean({ error: typeRule('true or false') });

/** Query parameters arrive as text from a URL and as numbers from the CLI. */
function numberParam<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => {
    if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
    return value;
  }, schema);
}

function boolParam() {
  return z.preprocess((value) => {
    if (value === 'true' || value === '1') return true;
    if (value === 'false' || value === '0') return false;
    return value;
  }, bool());
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

// ---------------------------------------------------------------- products

export const productTypeSchema = int().refine((v) => v === 2 || v === 3, 'must be 2 (stock product) or 3 (modifier)');
export const saleTypeSchema = int()
  .min(1, 'must be 1 to 7: Redemption 1 + Sale 2 + Vending 4')
  .max(7, 'must be 1 to 7: Redemption 1 + Sale 2 + Vending 4');
export const orderPrinterSchema = int().refine(
  (v) => v === 0 || v === 1 || v === 2,
  'must be 0 (none), 1 (printer 1) or 2 (printer 2)',
);
export const barcodeSchema = text(LIMITS.barcode, true);
export const barcodesSchema = z.array(barcodeSchema, { error: typeRule('a list of barcodes') });

export const supplierLinkSchema = z.strictObject(
  {
    supplierId: positiveId('supplier id'),
    containerPrice: money().optional(),
    containerQuantity: int().min(1, 'must be at least 1').optional(),
    containerId: positiveId('container id').optional(),
    productSupplierCode: text(LIMITS.name).optional(),
    preferredSupplier: bool().optional(),
  },
  { error: typeRule('an object') },
);

export const initialStockSchema = z.strictObject(
  {
    warehouseId: positiveId('warehouse id'),
    stockQuantity: int().min(0, 'must not be negative'),
  },
  { error: typeRule('an object') },
);

/** The saleType bitmask decides which prices are required. */
function checkSaleTypePrices(value: unknown, ctx: z.RefinementCtx) {
  if (!isRecord(value)) return;
  const saleType = value.saleType;
  if (typeof saleType !== 'number' || !Number.isInteger(saleType) || saleType < 1 || saleType > 7) return;
  for (const { flag, name, priceField } of SALE_TYPE_FLAGS) {
    if ((saleType & flag) !== 0 && value[priceField] === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [priceField],
        message: `is required when saleType includes ${name} (${flag})`,
      });
    }
  }
}

const productCreateShape = {
  productName: text(LIMITS.name, true),
  productDescription: text(LIMITS.name, true),
  categoryId: paddedId('category'),
  classId: paddedId('class').optional(),
  taxGroup: paddedId('tax group'),
  productType: productTypeSchema,
  saleType: saleTypeSchema,
  orderPrinter: orderPrinterSchema.optional(),
  secondaryProductName: text(LIMITS.secondaryName).optional(),
  ticketValue: int().min(0, 'must not be negative').optional(),
  vendingPrice: money().optional(),
  sellPrice: money().optional(),
  isPriceExTax: bool().optional(),
  productCode: text(LIMITS.name).optional(),
  barcodes: barcodesSchema.optional(),
  reorderLevelMin: int().min(0, 'must not be negative').optional(),
  reorderLevelMax: int().min(0, 'must not be negative').optional(),
  supplier: supplierLinkSchema.optional(),
  warehouse: initialStockSchema.optional(),
  isActive: bool().optional(),
};

export const productCreateSchema = z
  .strictObject(productCreateShape, { error: typeRule('a JSON object') })
  .superRefine(checkSaleTypePrices, { when: () => true });
export type ProductCreate = z.infer<typeof productCreateSchema>;

export const supplierChangeSchema = z.strictObject(
  {
    action: z.enum(['add', 'update', 'remove'], {
      error: (i: IssueInput) => (i.input === undefined ? 'is required' : 'must be add, update or remove'),
    }),
    supplierId: positiveId('supplier id'),
    containerPrice: money().optional(),
    containerQuantity: int().min(1, 'must be at least 1').optional(),
    containerId: positiveId('container id').optional(),
    productSupplierCode: text(LIMITS.name).optional(),
    preferredSupplier: bool().optional(),
  },
  { error: typeRule('an object') },
);
export type SupplierChange = z.infer<typeof supplierChangeSchema>;

export const PRODUCT_UPDATE_FIELDS = [
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
] as const;

export const productUpdateSchema = z
  .strictObject(
    {
      productName: text(LIMITS.name, true).optional(),
      productDescription: text(LIMITS.name, true).optional(),
      sellPrice: money().optional(),
      isPriceExTax: bool().optional(),
      productCode: text(LIMITS.name).optional(),
      reorderLevelMin: int().min(0, 'must not be negative').optional(),
      reorderLevelMax: int().min(0, 'must not be negative').optional(),
      isActive: bool().optional(),
      barcodes: barcodesSchema.optional(),
      suppliers: z.array(supplierChangeSchema, { error: typeRule('a list of supplier changes') }).optional(),
    },
    { error: typeRule('a JSON object') },
  )
  .superRefine(
    (value, ctx) => {
      if (isRecord(value) && !PRODUCT_UPDATE_FIELDS.some((field) => value[field] !== undefined)) {
        ctx.addIssue({ code: 'custom', path: [], message: 'must change at least one field' });
      }
    },
    { when: () => true },
  );
export type ProductUpdate = z.infer<typeof productUpdateSchema>;

// ---------------------------------------------------------------- suppliers

export const SUPPLIER_OPTIONAL_TEXT_FIELDS = [
  'supplierTown',
  'supplierState',
  'supplierPostcode',
  'supplierPhone',
  'supplierEmail',
  'supplierContact',
  'supplierDescription',
  'supplierAccountNo',
] as const;

export const supplierCreateSchema = z.strictObject(
  {
    supplierCode: text(LIMITS.supplierText, true),
    supplierName: text(LIMITS.supplierText, true),
    supplierAddress: text(LIMITS.supplierText, true),
    supplierTown: text(LIMITS.supplierText).optional(),
    supplierState: text(LIMITS.supplierText).optional(),
    supplierPostcode: text(LIMITS.supplierText).optional(),
    supplierPhone: text(LIMITS.supplierText).optional(),
    supplierEmail: text(LIMITS.supplierText).optional(),
    supplierContact: text(LIMITS.supplierText).optional(),
    supplierDescription: text(LIMITS.supplierText).optional(),
    supplierAccountNo: text(LIMITS.supplierText).optional(),
    supplierType: int().min(0, 'must not be negative').optional(),
    paymentTerms: int()
      .min(0, 'must be 0 to 8: 0 none, 1 advance, 2..8 = 7, 14, 21, 30, 45, 60, 90 days')
      .max(8, 'must be 0 to 8: 0 none, 1 advance, 2..8 = 7, 14, 21, 30, 45, 60, 90 days')
      .optional(),
  },
  { error: typeRule('a JSON object') },
);
export type SupplierCreate = z.infer<typeof supplierCreateSchema>;

// ---------------------------------------------------------------- queries

const pageSchema = numberParam(int().min(1, 'must be at least 1'));
const pageSizeSchema = numberParam(
  int().min(1, 'must be at least 1').max(LIMITS.pageSizeMax, `must be at most ${LIMITS.pageSizeMax}`),
);

export const productListQuerySchema = z.object({
  productType: numberParam(productTypeSchema).optional(),
  saleType: numberParam(saleTypeSchema).optional(),
  categoryId: z
    .string({ error: typeRule('text') })
    .max(PADDED_ID_LENGTH, `must be at most ${PADDED_ID_LENGTH} characters`)
    .optional(),
  isActive: boolParam().optional(),
  page: pageSchema.optional(),
  pageSize: pageSizeSchema.optional(),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/** "1,2,3" (a URL) or [1, 2, 3] (the CLI). */
const productIdsParam = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    return value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  },
  z
    .array(positiveId('product id'), { error: typeRule('a comma-separated list of product ids') })
    .min(1, 'must list at least one product id')
    .max(LIMITS.productIdsPerRequest, `must list at most ${LIMITS.productIdsPerRequest} product ids`),
);

export const stockLevelsQuerySchema = z.object({
  warehouseId: numberParam(positiveId('warehouse id')).optional(),
  productIds: productIdsParam.optional(),
  page: pageSchema.optional(),
  pageSize: pageSizeSchema.optional(),
});
export type StockLevelsQuery = z.infer<typeof stockLevelsQuerySchema>;

// ---------------------------------------------------------------- stock movements

const comment = () => text(LIMITS.comment);

export const stockTakeItemSchema = z.strictObject(
  {
    productId: positiveId('product id'),
    countedQuantity: int().min(0, 'must not be negative'),
  },
  { error: typeRule('an object') },
);

export const stockTakeSchema = z.strictObject(
  {
    warehouseId: positiveId('warehouse id'),
    userId: positiveId('user id'),
    items: z
      .array(stockTakeItemSchema, { error: typeRule('a list of counted items') })
      .min(1, 'must list at least one item'),
    comment: comment().optional(),
  },
  { error: typeRule('a JSON object') },
);
export type StockTake = z.infer<typeof stockTakeSchema>;

export const stockReceiptItemSchema = z.strictObject(
  {
    productId: positiveId('product id'),
    quantity: int().min(1, 'must be greater than 0'),
    value: money().optional(),
  },
  { error: typeRule('an object') },
);

export const stockReceiptSchema = z.strictObject(
  {
    warehouseId: positiveId('warehouse id'),
    userId: positiveId('user id'),
    supplierId: positiveId('supplier id').optional(),
    poNumber: text(LIMITS.name).optional(),
    invoice: text(LIMITS.name).optional(),
    items: z
      .array(stockReceiptItemSchema, { error: typeRule('a list of received items') })
      .min(1, 'must list at least one item'),
    comment: comment().optional(),
  },
  { error: typeRule('a JSON object') },
);
export type StockReceipt = z.infer<typeof stockReceiptSchema>;

export const stockAdjustmentSchema = z.strictObject(
  {
    warehouseId: positiveId('warehouse id'),
    productId: positiveId('product id'),
    adjustmentQuantity: int().refine((v) => v !== 0, 'must not be 0 (positive increases, negative decreases)'),
    userId: positiveId('user id'),
    comment: z
      .string({
        error: (i: IssueInput) =>
          i.input === undefined ? 'is required (the reason for the adjustment)' : 'must be text',
      })
      .max(LIMITS.comment, `must be at most ${LIMITS.comment} characters`)
      .refine(notBlank, 'must not be blank (give the reason for the adjustment)'),
  },
  { error: typeRule('a JSON object') },
);
export type StockAdjustment = z.infer<typeof stockAdjustmentSchema>;

// ---------------------------------------------------------------- issues

export interface IssueOptions {
  /** Put before every field: "items[3]." or "supplier.". */
  fieldPrefix?: string;
  /** The file line every issue belongs to. */
  line?: number;
  /** Finds the line of an issue from its path (e.g. items[i] → CSV line). */
  lineOf?: (path: PropertyKey[]) => number | undefined;
  /** Renames a field for the user: "categoryId" → "--category". */
  fieldName?: (field: string, path: PropertyKey[]) => string;
}

/** A zod path as people read it: items[3].quantity. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

/** Rules in words, for the few zod messages not already set by our schemas. */
function ruleOf(issue: z.core.$ZodIssue): string {
  const message = issue.message;
  if (!message.startsWith('Invalid input') && !message.startsWith('Too ') && !message.startsWith('Invalid '))
    return message;
  switch (issue.code) {
    case 'invalid_type':
      return message.includes('received undefined') ? 'is required' : `must be ${issue.expected}`;
    case 'too_big':
      return `must be at most ${String(issue.maximum)}`;
    case 'too_small':
      return `must be at least ${String(issue.minimum)}`;
    default:
      return message;
  }
}

/** Every zod issue as {field, rule, line?}; unknown keys become one issue each. */
export function issuesFromZod(
  error: z.ZodError | { issues: z.core.$ZodIssue[] },
  options: IssueOptions = {},
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const push = (path: PropertyKey[], rule: string) => {
    const raw = fieldPath(path) || 'body';
    const named = options.fieldName ? options.fieldName(raw, path) : raw;
    const field = `${options.fieldPrefix ?? ''}${named}`;
    const line = options.lineOf?.(path) ?? options.line;
    issues.push(line === undefined ? { field, rule } : { field, rule, line });
  };
  for (const issue of error.issues) {
    const path = issue.path as PropertyKey[];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) push([...path, key], 'is not a known field');
    } else {
      push(path, ruleOf(issue));
    }
  }
  return issues;
}

export type ParseResult<T> = { ok: true; data: T } | { ok: false; issues: ValidationIssue[] };

export function check<T>(schema: z.ZodType<T>, input: unknown, options?: IssueOptions): ParseResult<T> {
  const result = schema.safeParse(input);
  return result.success ? { ok: true, data: result.data } : { ok: false, issues: issuesFromZod(result.error, options) };
}

/** Parses or throws ValidationError (exit 2, "Nothing was sent."). */
export function parseOrThrow<T>(schema: z.ZodType<T>, input: unknown, options?: IssueOptions & { source?: string }): T {
  const result = check(schema, input, options);
  if (!result.ok) throw new ValidationError(result.issues, options?.source);
  return result.data;
}

/**
 * Pads what people type for categoryId, classId and taxGroup. Ids longer than
 * 10 characters are left as they are so the schema reports them.
 */
export function padIdsIn<T extends Record<string, unknown>>(
  body: T,
  keys: string[] = ['categoryId', 'classId', 'taxGroup'],
): T {
  const out: Record<string, unknown> = { ...body };
  for (const key of keys) {
    const value = out[key];
    if (typeof value !== 'string') continue;
    try {
      out[key] = padId(value);
    } catch (error) {
      if (!(error instanceof PaddedIdTooLongError)) throw error;
    }
  }
  return out as T;
}
