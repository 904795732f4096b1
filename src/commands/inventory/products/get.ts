import { argument, defineCommand } from '../../define.js';
import { FlagProblems, productIdFlag } from '../flags.js';
import { orderPrinterColumn, productTypeColumn, saleTypeColumn } from '../../../lib/inventory/labels.js';
import type { Context } from '../../../cli/context.js';
import type { Product } from '../../../lib/inventory/types.js';
import { RECORD_SHAPES } from '../../../lib/records.js';
import { impossibleValues } from '../../../lib/reading.js';
import { stockProblems } from '../../../lib/inventory/views.js';

export default defineCommand({
  name: 'get',
  args: [argument('<productId>', { kind: 'product' })],
  summary: 'One product: prices, stock levels, barcodes and suppliers',
  examples: ['venue inventory products get 1001', 'venue inventory products get 1001 -o json'],
  record: RECORD_SHAPES.product,
  fleet: 'read',
  async run(ctx, _options, productIdText) {
    const problems = new FlagProblems();
    // Digits as typed: an id past 2^53 stays exact from argv to the path.
    const productId = productIdFlag(productIdText!, 'productId', problems);
    problems.throwIfAny();
    const client = await ctx.inventory();
    const product = await client.getProduct(productId!);
    await show(ctx, product);
    // Shown as sent; stock below zero cannot be (the seed refuses it), so it is named and fails the command.
    const flagged = impossibleValues(
      { service: 'inventory', operation: `read product ${productId}` },
      stockProblems(`product ${product.productId}`, product.stockLevels ?? []),
    );
    if (flagged) throw flagged;
  },
});

/** The product as sent for machine formats; a record with its stock and supplier links in words for people. */
async function show(ctx: Context, product: Product): Promise<void> {
  if (ctx.output.isMachine) {
    await ctx.output.record(product);
    return;
  }
  await ctx.output.record(
    {
      ...product,
      stock: product.stockLevels?.map((l) => `warehouse ${l.warehouseId}: ${l.quantity}`).join(', '),
      supplierLinks: product.suppliers
        ?.map(
          (s) =>
            `${s.supplierId}${s.isActive === false ? ' (removed)' : ''}${s.preferredSupplier ? ' (preferred)' : ''}`,
        )
        .join(', '),
    },
    {
      columns: [
        'productId',
        'productName',
        'productDescription',
        'secondaryProductName',
        'categoryId',
        'classId',
        'taxGroup',
        productTypeColumn,
        saleTypeColumn,
        orderPrinterColumn,
        { key: 'sellPrice', format: 'money' },
        { key: 'vendingPrice', format: 'money' },
        { key: 'ticketValue', format: 'number' },
        { key: 'isPriceExTax', format: 'bool' },
        'productCode',
        { key: 'barcodes', format: 'list' },
        'reorderLevelMin',
        'reorderLevelMax',
        'stock',
        'supplierLinks',
        { key: 'averageUnitCost', format: 'money' },
        { key: 'lastPurchasePrice', format: 'money' },
        { key: 'isActive', format: 'bool' },
        { key: 'createdAt', format: 'datetime' },
        { key: 'updatedAt', format: 'datetime' },
      ],
    },
  );
}
