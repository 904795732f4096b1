import { defineCommand, option } from '../../define.js';
import { UsageError } from '../../../lib/errors.js';
import { FlagProblems, parseInteger } from '../flags.js';
import type { StockLevel } from '../../../lib/inventory/types.js';
import type { InventoryClient, IterateOptions } from '../../../lib/inventory/client.js';
import { levelOfRow, stockProblems, type StockLevelNeeds } from '../../../lib/inventory/views.js';
import { impossibleValues } from '../../../lib/reading.js';
import { RECORD_SHAPES } from '../../../lib/records.js';

interface Options {
  warehouse?: string;
  allWarehouses?: boolean;
  product?: string;
  page?: string;
  pageSize?: string;
  all?: boolean;
}

const MAX_PAGE_SIZE = 200;
const IDS_PER_REQUEST = 200;

const columns = [
  { key: 'productId', header: 'Product' },
  { key: 'productName', header: 'Name', identifies: true },
  { key: 'warehouseId', header: 'Warehouse' },
  { key: 'quantity', header: 'Quantity', format: 'number' as const },
  { key: 'averageUnitCost', header: 'Avg cost', format: 'money' as const },
  { key: 'lastPurchasePrice', header: 'Last price', format: 'money' as const },
];

/** Levels below zero seen on the way past, named once the data is shown. */
class BelowZero {
  readonly problems: string[] = [];
  see(level: StockLevelNeeds): void {
    this.problems.push(...stockProblems(`product ${level.productId}`, [level]));
  }
  async *items(levels: AsyncIterable<StockLevel>): AsyncGenerator<StockLevel> {
    for await (const level of levels) {
      this.see(level);
      yield level;
    }
  }
  /** Pages passed on as they come, each row's level (a view, or what a shaped row was checked to hold) seen on the way. */
  async *pages<T>(pages: AsyncIterable<T[]>, levelOf: (row: T) => StockLevelNeeds): AsyncGenerator<T[]> {
    for await (const page of pages) {
      for (const row of page) this.see(levelOf(row));
      yield page;
    }
  }
  /** The data is shown as sent; a level that cannot be fails the command (exit 6). */
  throwIfAny(): void {
    const flagged = impossibleValues({ service: 'inventory', operation: 'read stock levels' }, this.problems);
    if (flagged) throw flagged;
  }
}

/** Many ids go out 200 to a request, one request after another, in the order given. */
async function* levelsOfProducts(
  client: InventoryClient,
  warehouseId: number | undefined,
  productIds: number[],
): AsyncGenerator<StockLevel> {
  for (let i = 0; i < productIds.length; i += IDS_PER_REQUEST) {
    yield* client.iterateStockLevels(
      { warehouseId, productIds: productIds.slice(i, i + IDS_PER_REQUEST) },
      { concurrency: 1 },
    );
  }
}

export default defineCommand<Options>({
  name: 'levels',
  summary: 'Stock levels of a warehouse (default: the profile warehouse), optionally of some products',
  record: RECORD_SHAPES.stockLevel,
  examples: [
    'venue inventory stock levels',
    'venue inventory stock levels --warehouse 2 --product 1001,1002',
    'venue inventory stock levels --all -o csv > levels.csv',
  ],
  options: [
    option('--warehouse <id>', 'warehouse id (default: inventory.warehouseId of the profile)', {
      filter: { field: 'warehouseId', how: 'equals', defaultSetting: 'inventory.warehouseId' },
      kind: 'warehouse',
    }),
    option('--all-warehouses', 'every warehouse, ignoring the profile default', {
      filter: { field: 'warehouseId', how: 'lifts' },
    }),
    option('--product <ids>', 'product ids, comma-separated', {
      kind: 'product',
      list: true,
      filter: { field: 'productId', how: 'one-of' },
    }),
    option('--page <n>', 'page number (default 1)', { kind: 'unsigned', paging: 'page' }),
    option('--page-size <n>', `rows per page, at most ${MAX_PAGE_SIZE} (default 50)`, {
      kind: 'unsigned',
      paging: 'page-size',
    }),
    option('--all', 'every page, streamed', { paging: 'all' }),
  ],
  fleet: 'read',
  async run(ctx, options) {
    const problems = new FlagProblems();
    let warehouseId: number | undefined;
    if (options.warehouse !== undefined)
      warehouseId = parseInteger(options.warehouse, '--warehouse', problems, { min: 1 });
    else if (!options.allWarehouses) {
      const fromProfile = await ctx.setting('inventory.warehouseId');
      if (fromProfile) warehouseId = parseInteger(fromProfile, 'inventory.warehouseId', problems, { min: 1 });
    }
    if (options.warehouse !== undefined && options.allWarehouses)
      problems.add('--all-warehouses', 'cannot be combined with --warehouse');
    const productIds = options.product
      ?.split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => parseInteger(part, '--product', problems, { min: 1 }))
      .filter((id): id is number => id !== undefined);
    if (options.product !== undefined && !productIds?.length && !problems.issues.length)
      problems.add('--product', 'must list at least one product id');
    const page = parseInteger(options.page, '--page', problems, { min: 1 });
    const pageSize = parseInteger(options.pageSize, '--page-size', problems, { min: 1 });
    if (pageSize !== undefined && pageSize > MAX_PAGE_SIZE)
      problems.add('--page-size', `must be at most ${MAX_PAGE_SIZE}`);
    problems.throwIfAny();
    if (options.all && page !== undefined)
      throw new UsageError('--all reads every page: it cannot be combined with --page');

    const client = await ctx.inventory();
    const belowZero = new BelowZero();
    // Every way of paging below asks for this one query: a filter given is a filter sent, whatever the paging.
    const query = { warehouseId, productIds };
    if (productIds && (options.all || productIds.length > IDS_PER_REQUEST)) {
      await ctx.output.stream(
        belowZero.items(levelsOfProducts(client, warehouseId, productIds)) as AsyncIterable<Record<string, unknown>>,
        { columns, empty: 'No stock levels.' },
      );
      belowZero.throwIfAny();
      return;
    }
    // --limit without --all or --page pages until it has its count (issue 21).
    const untilLimit = !options.all && page === undefined && ctx.output.limit !== undefined;
    if (options.all || untilLimit) {
      const progress = ctx.terminal.progress('stock levels');
      const paging: IterateOptions = {
        pageSize: pageSize ?? (untilLimit ? Math.min(MAX_PAGE_SIZE, ctx.output.limit!) : MAX_PAGE_SIZE),
        onPage: (info) => {
          if (info.page === 1 && info.totalItems !== undefined) progress.setTotal(info.totalItems);
          progress.tick(info.count);
        },
      };
      // Machine formats print records in venue's shape: each level read once into it (the client checks it as its view is checked).
      const pages = ctx.output.isMachine
        ? belowZero.pages(client.stockLevelRecordPages(query, paging), (row) => levelOfRow(row)!)
        : belowZero.pages(client.stockLevelPages(query, paging), (level) => level);
      const count = await ctx.output.stream(pages as AsyncIterable<Array<Record<string, unknown>>>, {
        columns,
        empty: 'No stock levels.',
      });
      progress.done(`${count} stock level${count === 1 ? '' : 's'}`);
      belowZero.throwIfAny();
      return;
    }
    const result = await client.stockLevels({ ...query, page: page ?? 1, pageSize: pageSize ?? 50 });
    await ctx.output.list(result.items, { columns, empty: 'No stock levels.' });
    if (!ctx.output.isMachine && result.totalPages !== undefined && result.totalPages > 1) {
      ctx.terminal.info(
        `page ${result.page} of ${result.totalPages} (${result.totalItems ?? '?'} rows); --page N for another, --all for every page`,
      );
    }
    result.items.forEach((level) => belowZero.see(level));
    belowZero.throwIfAny();
  },
});
