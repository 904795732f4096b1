// Product bodies from a JSON file and, on a terminal, from questions whose
// choices come from the service's own lists (categories, classes, tax groups,
// warehouses, suppliers, containers).

import fs from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { Context } from '../../cli/context.js';
import { UsageError } from '../../lib/errors.js';
import { unpadId } from '../../lib/inventory/ids.js';
import { SALE_TYPE_FLAGS } from '../../lib/inventory/types.js';

const FLAG_OF: Record<string, string> = {
  productName: '--name',
  productDescription: '--description',
  categoryId: '--category',
  classId: '--class',
  taxGroup: '--tax-group',
  productType: '--type',
  saleType: '--sale-type',
  orderPrinter: '--order-printer',
  secondaryProductName: '--secondary-name',
  ticketValue: '--ticket-value',
  sellPrice: '--sell-price',
  vendingPrice: '--vending-price',
  isPriceExTax: '--price-ex-tax',
  productCode: '--code',
  reorderLevelMin: '--reorder-min',
  reorderLevelMax: '--reorder-max',
  'supplier.supplierId': '--supplier',
  'supplier.containerId': '--container',
  'supplier.containerPrice': '--container-price',
  'supplier.containerQuantity': '--container-quantity',
  'supplier.productSupplierCode': '--supplier-code',
  'supplier.preferredSupplier': '--preferred-supplier',
  'warehouse.warehouseId': '--warehouse',
  'warehouse.stockQuantity': '--stock-quantity',
  isActive: '--inactive',
};

/** "productName" → "--name"; with a file, "productName (--name)" so both readers find it. */
export function productFlagOf(field: string, fromFile: boolean): string {
  const flag = FLAG_OF[field] ?? (field.startsWith('barcodes') ? '--barcode' : undefined);
  if (!flag) return field;
  return fromFile ? `${field} (${flag})` : flag;
}

async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

export async function readProductFile(file: string, stdin: Readable): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = file === '-' ? await readAll(stdin) : await fs.readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new UsageError(`${file} is not valid JSON: ${(error as Error).message}`, { hint: 'Nothing was sent.' });
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new UsageError(`${file} must hold one JSON object (a product)`, { hint: 'Nothing was sent.' });
  }
  return parsed as Record<string, unknown>;
}

/** A choice as "id  name", or the id alone when the service gave no name. */
function choiceLabel(id: string, name: string | undefined): string {
  return name ? `${id}  ${name}` : id;
}

const REQUIRED = ['productName', 'productDescription', 'categoryId', 'taxGroup', 'productType', 'saleType'] as const;

/**
 * Asks for each missing required field; when it had to ask anything, also
 * offers the optional class, supplier link and initial stock.
 */
export async function promptForMissing(ctx: Context, input: Record<string, unknown>): Promise<Record<string, unknown>> {
  const body = { ...input };
  const missing = REQUIRED.filter((key) => body[key] === undefined);
  const saleTypeNow = typeof body.saleType === 'number' ? body.saleType : 0;
  const missingPrice = SALE_TYPE_FLAGS.some((f) => (saleTypeNow & f.flag) !== 0 && body[f.priceField] === undefined);
  if (missing.length === 0 && !missingPrice) return body;

  const { prompter } = ctx;
  const client = await ctx.inventory();
  const text = (max: number) => (value: string) =>
    value.trim() && value.length <= max ? true : `required, at most ${max} characters`;
  const number = (whole: boolean) => (value: string) =>
    (whole ? /^\d+$/ : /^\d+(\.\d{1,2})?$/).test(value.trim())
      ? true
      : whole
        ? 'a whole number'
        : 'an amount, e.g. 3.50';

  if (body.productName === undefined)
    body.productName = await prompter.input('Product name', { flag: '--name', validate: text(50) });
  if (body.productDescription === undefined) {
    body.productDescription = await prompter.input('Description', {
      flag: '--description',
      default: String(body.productName).slice(0, 50),
      validate: text(50),
    });
  }
  if (body.categoryId === undefined) {
    const categories = await client.categories();
    body.categoryId = await prompter.select(
      'Category',
      categories.map((c) => ({ name: choiceLabel(unpadId(c.categoryId), c.name), value: c.categoryId })),
      { flag: '--category' },
    );
  }
  if (body.classId === undefined) {
    const classes = await client.classes(String(body.categoryId));
    if (classes.length) {
      const choice = await prompter.select<string | null>(
        'Class',
        [
          { name: '(none)', value: null },
          ...classes.map((c) => ({ name: choiceLabel(unpadId(c.classId), c.name), value: c.classId })),
        ],
        { flag: '--class' },
      );
      if (choice) body.classId = choice;
    }
  }
  if (body.taxGroup === undefined) {
    const groups = await client.taxGroups();
    body.taxGroup = await prompter.select(
      'Tax group',
      groups.map((g) => ({ name: choiceLabel(unpadId(g.taxGroup), g.name), value: g.taxGroup })),
      { flag: '--tax-group' },
    );
  }
  if (body.productType === undefined) {
    body.productType = await prompter.select(
      'Product type',
      [
        { name: 'Stock product', value: 2 },
        { name: 'Modifier', value: 3 },
      ],
      { flag: '--type' },
    );
  }
  if (body.saleType === undefined) {
    const combos = [1, 2, 4, 3, 5, 6, 7].map((mask) => ({
      name: SALE_TYPE_FLAGS.filter((f) => (mask & f.flag) !== 0)
        .map((f) => f.name)
        .join(' + '),
      value: mask,
    }));
    body.saleType = await prompter.select('Sold as', combos, { flag: '--sale-type', default: 2 });
  }
  for (const { flag, name, priceField } of SALE_TYPE_FLAGS) {
    if ((Number(body.saleType) & flag) === 0 || body[priceField] !== undefined) continue;
    const whole = priceField === 'ticketValue';
    const answer = await prompter.input(whole ? 'Ticket value' : `${name} price`, {
      flag: `--${priceField.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`,
      validate: number(whole),
    });
    body[priceField] = Number(answer);
  }
  if (body.supplier === undefined) {
    const suppliers = await client.suppliers();
    const supplierId = await prompter.select<number | null>(
      'Supplier',
      [
        { name: '(none)', value: null },
        ...suppliers.map((s) => ({ name: choiceLabel(String(s.supplierId), s.supplierName), value: s.supplierId })),
      ],
      { flag: '--supplier' },
    );
    if (supplierId !== null) {
      const containers = await client.containers();
      const containerId = await prompter.select<number | null>(
        'Container',
        [
          { name: '(none)', value: null },
          ...containers.map((c) => ({ name: choiceLabel(String(c.containerId), c.name), value: c.containerId })),
        ],
        { flag: '--container' },
      );
      body.supplier = { supplierId, ...(containerId === null ? {} : { containerId }) };
    }
  }
  if (body.warehouse === undefined) {
    const warehouses = await client.warehouses();
    const warehouseId = await prompter.select<number | null>(
      'Initial stock in warehouse',
      [
        { name: '(no initial stock)', value: null },
        ...warehouses.map((w) => ({ name: choiceLabel(String(w.warehouseId), w.name), value: w.warehouseId })),
      ],
      { flag: '--warehouse' },
    );
    if (warehouseId !== null) {
      const quantity = await prompter.input('Quantity', {
        flag: '--stock-quantity',
        default: '0',
        validate: number(true),
      });
      body.warehouse = { warehouseId, stockQuantity: Number(quantity) };
    }
  }
  return body;
}
