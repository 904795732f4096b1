import { defineCommand, option, yesOption } from '../../define.js';
import { confirmWrite } from '../../../cli/confirm-write.js';
import {
  FlagProblems,
  collect,
  parseInteger,
  parseNumber,
  parsePaddedId,
  parseProductType,
  parseSaleType,
} from '../flags.js';
import { readProductFile, promptForMissing, productFlagOf } from '../product-input.js';
import {
  labelChoices,
  orderPrinterLabels,
  productTypeLabels,
  parseLabelled,
  productTypeColumn,
  saleTypeColumn,
} from '../../../lib/inventory/labels.js';
import { RECORD_SHAPES, writeOutcomeRow, writeOutcomeShape } from '../../../lib/records.js';
import { inventorySchemasModule } from '../../../lib/lazy-modules.js';
import { assertAgrees, checkProductAnswer } from '../../../lib/writes/echo-checks.js';
import { sourceOf } from '../../../lib/reading.js';

export interface CreateOptions {
  yes?: boolean;
  file?: string;
  name?: string;
  description?: string;
  category?: string;
  class?: string;
  taxGroup?: string;
  type?: string;
  saleType?: string;
  orderPrinter?: string;
  secondaryName?: string;
  ticketValue?: string;
  sellPrice?: string;
  vendingPrice?: string;
  priceExTax?: boolean;
  code?: string;
  barcode?: string[];
  reorderMin?: string;
  reorderMax?: string;
  supplier?: string;
  containerPrice?: string;
  containerQuantity?: string;
  container?: string;
  supplierCode?: string;
  preferredSupplier?: boolean;
  warehouse?: string;
  stockQuantity?: string;
  inactive?: boolean;
  dryRun?: boolean;
}

/** Flags on top of the file: what is typed wins. */
function bodyFromFlags(
  options: CreateOptions,
  base: Record<string, unknown>,
  problems: FlagProblems,
): Record<string, unknown> {
  const body: Record<string, unknown> = { ...base };
  const set = (key: string, value: unknown) => {
    if (value !== undefined) body[key] = value;
  };
  set('productName', options.name);
  set('productDescription', options.description);
  set('categoryId', parsePaddedId(options.category, '--category', problems));
  set('classId', parsePaddedId(options.class, '--class', problems));
  set('taxGroup', parsePaddedId(options.taxGroup, '--tax-group', problems));
  set('productType', parseProductType(options.type, '--type', problems));
  set('saleType', parseSaleType(options.saleType, '--sale-type', problems));
  set('orderPrinter', parseLabelled(options.orderPrinter, orderPrinterLabels, '--order-printer', problems));
  set('secondaryProductName', options.secondaryName);
  set('ticketValue', parseInteger(options.ticketValue, '--ticket-value', problems));
  set('sellPrice', parseNumber(options.sellPrice, '--sell-price', problems));
  set('vendingPrice', parseNumber(options.vendingPrice, '--vending-price', problems));
  if (options.priceExTax) body.isPriceExTax = true;
  set('productCode', options.code);
  if (options.barcode?.length) body.barcodes = [...((body.barcodes as string[] | undefined) ?? []), ...options.barcode];
  set('reorderLevelMin', parseInteger(options.reorderMin, '--reorder-min', problems));
  set('reorderLevelMax', parseInteger(options.reorderMax, '--reorder-max', problems));
  if (options.inactive) body.isActive = false;

  const supplierFlags = [
    options.supplier,
    options.containerPrice,
    options.containerQuantity,
    options.container,
    options.supplierCode,
    options.preferredSupplier,
  ];
  if (supplierFlags.some((v) => v !== undefined)) {
    const link: Record<string, unknown> = { ...((body.supplier as Record<string, unknown> | undefined) ?? {}) };
    const put = (key: string, value: unknown) => value !== undefined && (link[key] = value);
    put('supplierId', parseInteger(options.supplier, '--supplier', problems, { min: 1 }));
    put('containerPrice', parseNumber(options.containerPrice, '--container-price', problems));
    put('containerQuantity', parseInteger(options.containerQuantity, '--container-quantity', problems));
    put('containerId', parseInteger(options.container, '--container', problems, { min: 1 }));
    put('productSupplierCode', options.supplierCode);
    if (options.preferredSupplier) link.preferredSupplier = true;
    body.supplier = link;
  }
  if (options.warehouse !== undefined || options.stockQuantity !== undefined) {
    const stock: Record<string, unknown> = { ...((body.warehouse as Record<string, unknown> | undefined) ?? {}) };
    const warehouseId = parseInteger(options.warehouse, '--warehouse', problems, { min: 1 });
    const stockQuantity = parseInteger(options.stockQuantity, '--stock-quantity', problems, { min: 0 });
    if (warehouseId !== undefined) stock.warehouseId = warehouseId;
    if (stockQuantity !== undefined) stock.stockQuantity = stockQuantity;
    body.warehouse = stock;
  }
  return body;
}

export default defineCommand<CreateOptions>({
  name: 'create',
  summary: 'Create a product (flags or --file product.json); on a terminal, asks for what is missing',
  description:
    'Creates a product and its supplier link and initial stock in one atomic call. Category, class and tax group ids are padded to 10 characters for you. ' +
    'saleType flags: redemption (needs --ticket-value), sale (needs --sell-price), vending (needs --vending-price). Without a terminal, a missing field is an error naming its flag.',
  examples: [
    'venue inventory products create --name "Gummy Bears" --description "100 g bag" --category SNACKS --tax-group GST --type stock --sale-type sale --sell-price 3.50 --yes',
    'venue inventory products create --file product.json --warehouse 1 --stock-quantity 24 --dry-run',
    'venue inventory products create --file product.json --order-printer "Printer 1" --dry-run',
    'venue inventory products create --file product.json --warehouse 1 --stock-quantity 24 --yes',
    'venue inventory products create   # needs a terminal: asks, with choices from the service lists',
  ],
  options: [
    option('--file <path>', 'product as JSON (fields as in the service; - reads stdin); flags override it', {
      kind: 'file',
    }),
    option('--name <text>', 'productName (max 50)', { kind: 'text' }),
    option('--description <text>', 'productDescription (max 50)', { kind: 'text' }),
    option('--category <id>', 'categoryId (see `venue inventory categories`)', { kind: 'category' }),
    option('--class <id>', 'classId (see `venue inventory classes`)', { kind: 'class' }),
    option('--tax-group <id>', 'taxGroup (see `venue inventory tax-groups`)', { kind: 'tax-group' }),
    option(
      '--type <type>',
      `${labelChoices(productTypeLabels)}: the word tables show (any case; "stock" works too) or the code`,
      { kind: 'product-type' },
    ),
    option(
      '--sale-type <types>',
      'redemption, sale, vending (the words tables show, any case, comma-separated), or the bitmask 1..7',
      { kind: 'sale-type', list: true },
    ),
    option(
      '--order-printer <printer>',
      `${labelChoices(orderPrinterLabels)}: the word tables show (any case) or the code; default none`,
      { kind: 'text' },
    ),
    option('--secondary-name <text>', 'secondaryProductName (max 35)', { kind: 'text' }),
    option('--ticket-value <n>', 'ticket cost (required with redemption)', { kind: 'unsigned' }),
    option('--sell-price <amount>', 'required with sale', { kind: 'money' }),
    option('--vending-price <amount>', 'required with vending', { kind: 'money' }),
    option('--price-ex-tax', 'the sell price excludes tax'),
    option('--code <code>', 'productCode, SKU (max 50)', { kind: 'text' }),
    option('--barcode <barcode>', 'a barcode (max 25); repeat for more', { kind: 'text', parse: collect }),
    option('--reorder-min <n>', 'reorderLevelMin', { kind: 'unsigned' }),
    option('--reorder-max <n>', 'reorderLevelMax', { kind: 'unsigned' }),
    option('--supplier <id>', 'link a supplier (see `venue inventory suppliers list`)', { kind: 'supplier' }),
    option('--container <id>', "the supplier link's container type (see `venue inventory containers`)", {
      kind: 'container',
    }),
    option('--container-price <amount>', 'price of one container', { kind: 'money' }),
    option('--container-quantity <n>', 'units in one container', { kind: 'unsigned' }),
    option('--supplier-code <code>', "the supplier's own code for the product", { kind: 'text' }),
    option('--preferred-supplier', 'make the linked supplier the preferred one'),
    option('--warehouse <id>', 'warehouse of the initial stock', { kind: 'warehouse' }),
    option('--stock-quantity <n>', 'initial stock in --warehouse', { kind: 'unsigned' }),
    option('--inactive', 'create the product inactive'),
    option('--dry-run', 'check the product and show the request body; send nothing'),
    yesOption,
  ],
  record: writeOutcomeShape(RECORD_SHAPES.product),
  fleet: 'write',
  confirmation: 'always',
  async run(ctx, options) {
    const problems = new FlagProblems();
    const base = options.file !== undefined ? await readProductFile(options.file, ctx.terminal.stdin) : {};
    let body = bodyFromFlags(options, base, problems);
    problems.throwIfAny();

    const { check, padIdsIn, productCreateSchema } = await inventorySchemasModule();
    body = padIdsIn(body);
    if (ctx.prompter.canPrompt) body = await promptForMissing(ctx, body);

    const result = check(productCreateSchema, body, {
      fieldName: (field) => productFlagOf(field, options.file !== undefined),
    });
    if (!result.ok) problems.issues.push(...result.issues);
    problems.throwIfAny();

    if (options.dryRun) {
      await ctx.output.record(body);
      ctx.terminal.info('Dry run: the product above passed the checks. Nothing was sent.');
      return;
    }
    await confirmWrite(ctx, options, `Create product "${body.productName}"?`, 'No product created: nothing was sent.');
    const client = await ctx.inventory();
    const product = await client.createProduct(body);
    assertAgrees(
      `the creation of product "${String(body.productName)}"`,
      checkProductAnswer(body, product as unknown as Record<string, unknown>),
      `Check it with \`venue inventory products get ${product.productId}\` before creating it again.`,
    );
    ctx.terminal.success(`created product ${product.productId} (${product.productName})`);
    if (ctx.output.takesRecords) {
      await ctx.output.record(
        writeOutcomeRow(RECORD_SHAPES.product, { status: 'recorded', reference: null, record: sourceOf(product) }),
        { afterWrite: true },
      );
      return;
    }
    await ctx.output.record(product, {
      columns: [
        'productId',
        'productName',
        'categoryId',
        'taxGroup',
        productTypeColumn,
        saleTypeColumn,
        { key: 'sellPrice', format: 'money' },
        { key: 'vendingPrice', format: 'money' },
        { key: 'ticketValue', format: 'number' },
        { key: 'barcodes', format: 'list' },
        { key: 'isActive', format: 'bool' },
      ],
      afterWrite: true,
    });
  },
});
