import { argument, defineCommand, option, yesOption } from '../../define.js';
import { confirmWrite } from '../../../cli/confirm-write.js';
import { UsageError } from '../../../lib/errors.js';
import { FlagProblems, collect, parseBoolean, parseInteger, parseNumber, productIdFlag } from '../flags.js';
import { productTypeColumn, saleTypeColumn } from '../../../lib/inventory/labels.js';
import { RECORD_SHAPES, writeOutcomeRow, writeOutcomeShape } from '../../../lib/records.js';
import { inventorySchemasModule } from '../../../lib/lazy-modules.js';
import { assertAgrees, checkProductAnswer } from '../../../lib/writes/echo-checks.js';
import { sourceOf } from '../../../lib/reading.js';
import { placeChanges, replacingNamesOf } from '../../../lib/inventory/replacing-update.js';
import { refuseUnpatchable } from '../../../lib/inventory/json-patch.js';

interface Options {
  yes?: boolean;
  name?: string;
  description?: string;
  sellPrice?: string;
  priceExTax?: boolean;
  priceIncTax?: boolean;
  code?: string;
  reorderMin?: string;
  reorderMax?: string;
  active?: boolean;
  inactive?: boolean;
  dryRun?: boolean;
  addBarcode?: string[];
  removeBarcode?: string[];
  supplierAdd?: string[];
  supplierUpdate?: string[];
  supplierRemove?: string[];
}

const LINK_FIELDS: Record<string, string> = {
  containerprice: 'containerPrice',
  price: 'containerPrice',
  containerquantity: 'containerQuantity',
  quantity: 'containerQuantity',
  containerid: 'containerId',
  container: 'containerId',
  productsuppliercode: 'productSupplierCode',
  code: 'productSupplierCode',
  preferredsupplier: 'preferredSupplier',
  preferred: 'preferredSupplier',
};

/** "12:price=30.5,quantity=24,preferred=true" → a supplier change. */
export function parseSupplierSpec(
  spec: string,
  action: 'add' | 'update' | 'remove',
  flag: string,
  problems: FlagProblems,
): Record<string, unknown> | undefined {
  const [idText = '', rest] = spec.split(/:(.*)/s, 2);
  const supplierId = parseInteger(idText, flag, problems, { min: 1 });
  if (supplierId === undefined) return undefined;
  const change: Record<string, unknown> = { action, supplierId };
  if (action === 'remove' && rest) {
    problems.add(flag, 'takes only a supplier id');
    return undefined;
  }
  for (const pair of (rest ?? '').split(',').filter((p) => p.trim())) {
    const [rawKey = '', value] = pair.split(/=(.*)/s, 2);
    const field = LINK_FIELDS[rawKey.trim().toLowerCase()];
    if (!field || value === undefined) {
      problems.add(
        flag,
        `has an unknown part "${pair}" (use field=value with price, quantity, container, code or preferred)`,
      );
      continue;
    }
    const label = `${flag} ${rawKey.trim()}`;
    if (field === 'containerPrice') change[field] = parseNumber(value, label, problems);
    else if (field === 'containerQuantity' || field === 'containerId')
      change[field] = parseInteger(value, label, problems, { min: 1 });
    else if (field === 'preferredSupplier') change[field] = parseBoolean(value, label, problems);
    else change[field] = value;
  }
  return change;
}

const FLAG_OF: Record<string, string> = {
  productName: '--name',
  productDescription: '--description',
  sellPrice: '--sell-price',
  productCode: '--code',
  reorderLevelMin: '--reorder-min',
  reorderLevelMax: '--reorder-max',
  body: 'update',
};

export default defineCommand<Options>({
  name: 'update',
  args: [argument('<productId>', { kind: 'product' })],
  summary: 'Change some fields of a product; add barcodes; add, update or remove supplier links',
  description:
    "A partial update: only the fields given change. Where the vendor's update replaces the whole record (inventory.updateReplaces, " +
    'stored by `venue config import-openapi`), venue reads the product first and sends it whole with the changes, with If-Match when ' +
    'the read gave an ETag: a record changed in between is refused (exit 5, nothing changed), and a lost answer is settled by reading ' +
    'the product back (exit 7 unless it holds every change); supplier links cannot be changed there. Where it takes a JSON Patch (inventory.jsonPatch), ' +
    'venue reads the product first and sends replace, add and remove operations on the fields that change (`--code ""` removes the code), nothing when none does; ' +
    'supplier links cannot be changed there either. Barcodes can be added, never removed (the service keeps every barcode a product ever had). ' +
    'Supplier links: --supplier-add/--supplier-update <supplierId>[:price=…,quantity=…,container=…,code=…,preferred=true|false], --supplier-remove <supplierId> (a soft delete).',
  examples: [
    'venue inventory products update 1001 --sell-price 3.95 --add-barcode 9300000999999 --dry-run',
    'venue inventory products update 1001 --sell-price 3.95 --add-barcode 9300000999999 --yes',
    'venue inventory products update 1001 --supplier-add 3:price=40,quantity=24,container=2,preferred=true --yes',
    'venue inventory products update 1001 --supplier-remove 1 --inactive --yes',
  ],
  options: [
    option('--name <text>', 'productName (max 50)', { kind: 'text' }),
    option('--description <text>', 'productDescription (max 50)', { kind: 'text' }),
    option('--sell-price <amount>', 'sellPrice', { kind: 'money' }),
    option('--price-ex-tax', 'the sell price excludes tax'),
    option('--price-inc-tax', 'the sell price includes tax'),
    option('--code <code>', 'productCode (max 50)', { kind: 'text' }),
    option('--reorder-min <n>', 'reorderLevelMin', { kind: 'unsigned' }),
    option('--reorder-max <n>', 'reorderLevelMax', { kind: 'unsigned' }),
    option('--active', 'make the product active'),
    option('--inactive', 'make the product inactive'),
    option('--add-barcode <barcode>', 'add a barcode (max 25); repeat for more', { kind: 'text', parse: collect }),
    option('--remove-barcode <barcode>', 'not possible: explains why', { kind: 'text', parse: collect }),
    option('--supplier-add <spec>', 'link a supplier: <supplierId>[:field=value,…]; repeatable', {
      kind: 'text',
      parse: collect,
    }),
    option('--supplier-update <spec>', 'change a supplier link: <supplierId>:field=value,…; repeatable', {
      kind: 'text',
      parse: collect,
    }),
    option('--supplier-remove <supplierId>', 'unlink a supplier (soft delete); repeatable', {
      kind: 'supplier',
      parse: collect,
    }),
    option('--dry-run', 'check the changes and show the request body; send nothing'),
    yesOption,
  ],
  record: writeOutcomeShape(RECORD_SHAPES.product),
  fleet: 'write',
  confirmation: 'always',
  async run(ctx, options, productIdText) {
    if (options.removeBarcode?.length) {
      throw new UsageError(
        'barcodes cannot be removed: the inventory service only adds barcodes, and keeps every barcode a product ever had',
        {
          hint: 'Nothing was sent. To stop selling the product, use `--inactive`; to give it a new barcode, use `--add-barcode`.',
        },
      );
    }
    const problems = new FlagProblems();
    // Digits as typed: an id past 2^53 stays exact from argv to the path.
    const productId = productIdFlag(productIdText!, 'productId', problems);
    const patch: Record<string, unknown> = {};
    const set = (key: string, value: unknown) => value !== undefined && (patch[key] = value);
    set('productName', options.name);
    set('productDescription', options.description);
    set('sellPrice', parseNumber(options.sellPrice, '--sell-price', problems));
    if (options.priceExTax && options.priceIncTax)
      problems.add('--price-ex-tax', 'cannot be combined with --price-inc-tax');
    else if (options.priceExTax) patch.isPriceExTax = true;
    else if (options.priceIncTax) patch.isPriceExTax = false;
    set('productCode', options.code);
    set('reorderLevelMin', parseInteger(options.reorderMin, '--reorder-min', problems));
    set('reorderLevelMax', parseInteger(options.reorderMax, '--reorder-max', problems));
    if (options.active && options.inactive) problems.add('--active', 'cannot be combined with --inactive');
    else if (options.active) patch.isActive = true;
    else if (options.inactive) patch.isActive = false;
    if (options.addBarcode?.length) patch.barcodes = options.addBarcode;

    const changes = [
      ...(options.supplierAdd ?? []).map((spec) => parseSupplierSpec(spec, 'add', '--supplier-add', problems)),
      ...(options.supplierUpdate ?? []).map((spec) => parseSupplierSpec(spec, 'update', '--supplier-update', problems)),
      ...(options.supplierRemove ?? []).map((spec) => parseSupplierSpec(spec, 'remove', '--supplier-remove', problems)),
    ].filter((c): c is Record<string, unknown> => c !== undefined);
    if (changes.length) patch.suppliers = changes;
    problems.throwIfAny();

    const { check, productUpdateSchema } = await inventorySchemasModule();
    const result = check(productUpdateSchema, patch, {
      fieldName: (field) => {
        if (field.startsWith('barcodes')) return '--add-barcode';
        if (field.startsWith('suppliers'))
          return `--supplier-${String(changes[Number(/\[(\d+)\]/.exec(field)?.[1] ?? 0)]?.action ?? 'add')} ${field.replace(/^suppliers\[\d+\]\.?/, '')}`.trim();
        return FLAG_OF[field] ?? field;
      },
    });
    if (!result.ok) {
      problems.issues.push(
        ...result.issues.map((i) =>
          i.field === 'update' ? { ...i, rule: 'must change at least one field (see --help)' } : i,
        ),
      );
    }
    problems.throwIfAny();

    // A profile whose update replaces the record (inventory.updateReplaces): what such an update cannot carry is
    // refused now, before the dry run shows it or anyone confirms it.
    // So is what a JSON Patch of the record's fields cannot carry (inventory.jsonPatch).
    const routes = await ctx.inventoryRoutes();
    const patches = routes.jsonPatch?.includes('updateProduct');
    if (routes.updateReplaces) placeChanges(routes.updateReplaces, patch, replacingNamesOf(routes));
    if (patches) refuseUnpatchable(patch);
    if (options.dryRun) {
      await ctx.output.record({ productId, ...patch });
      ctx.terminal.info(
        `Dry run: the changes to product ${productId} above passed the checks. Nothing was sent.${routes.updateReplaces ? ' This profile’s update replaces the record: venue reads the product first and sends it whole with these changes.' : ''}${patches ? ' This profile’s update takes a JSON Patch: venue reads the product first and sends replace, add and remove operations on the fields that change.' : ''}`,
      );
      return;
    }
    await confirmWrite(
      ctx,
      options,
      `Change ${Object.keys(patch).join(', ')} of product ${productId}?`,
      'Product not changed: nothing was sent.',
    );
    const client = await ctx.inventory();
    const { product, settled } = await client.updateProduct(productId!, patch);
    // The product read already held every change: nothing was sent, and the record shown is the one read.
    if (settled === 'unchanged')
      ctx.terminal.info(`product ${productId} already holds every change given: nothing was sent`);
    assertAgrees(
      `the update of product ${productId}`,
      checkProductAnswer(patch, product as unknown as Record<string, unknown>, productId!),
      `Check it with \`venue inventory products get ${productId}\`; sending the same update again is harmless.`,
    );
    // A lost answer settled by proof says so: the record shown is the product read back, not the update's answer.
    if (settled === 'read-back')
      ctx.terminal.warn(
        `the answer to the update of product ${productId} was lost; read back, the product holds every change: applied`,
      );
    // An answer with no record (a 204): the record shown is the product read after the update.
    if (settled === 'read-after')
      ctx.terminal.info(
        `the service answered the update of product ${productId} with no record: shown as read after it`,
      );
    if (settled !== 'unchanged') ctx.terminal.success(`updated product ${product.productId} (${product.productName})`);
    if (ctx.output.takesRecords) {
      await ctx.output.record(
        writeOutcomeRow(RECORD_SHAPES.product, {
          // Nothing sent where the product already held every change: already so, as a rerun of a receipt is.
          status: settled === 'unchanged' ? 'already-recorded' : 'recorded',
          reference: String(productId),
          record: sourceOf(product),
        }),
        { afterWrite: true },
      );
      return;
    }
    await ctx.output.record(product, {
      columns: [
        'productId',
        'productName',
        'productDescription',
        productTypeColumn,
        saleTypeColumn,
        { key: 'sellPrice', format: 'money' },
        'productCode',
        { key: 'barcodes', format: 'list' },
        'reorderLevelMin',
        'reorderLevelMax',
        { key: 'isActive', format: 'bool' },
        'suppliers',
      ],
      afterWrite: true,
    });
  },
});
