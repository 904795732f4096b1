import { labelChoices, productTypeLabels } from '../../../lib/inventory/labels.js';
import { defineCommand, option } from '../../define.js';
import { UsageError } from '../../../lib/errors.js';
import {
  FlagProblems,
  parseInteger,
  parsePaddedId,
  parseProductType,
  parseSaleType,
  productColumns,
} from '../flags.js';
import type { IterateOptions, ProductQuery } from '../../../lib/inventory/client.js';
import { RECORD_SHAPES } from '../../../lib/records.js';

interface Options {
  type?: string;
  saleType?: string;
  category?: string;
  active?: boolean;
  inactive?: boolean;
  page?: string;
  pageSize?: string;
  all?: boolean;
  concurrency?: string;
}

const MAX_PAGE_SIZE = 200;

export default defineCommand<Options>({
  name: 'list',
  summary: 'List products, one page or --all (streamed with bounded concurrency)',
  record: RECORD_SHAPES.product,
  examples: [
    'venue inventory products list --category SNACKS --active',
    'venue inventory products list --sale-type redemption --page 2 --page-size 100',
    'venue inventory products list --all -o ndjson > products.ndjson',
  ],
  options: [
    option(
      '--type <type>',
      `${labelChoices(productTypeLabels)}: the word tables show (any case; "stock" works too) or the code`,
      { kind: 'product-type', filter: { field: 'productType', how: 'equals' } },
    ),
    option('--sale-type <types>', 'redemption, sale, vending (comma-separated: products with any of them)', {
      kind: 'sale-type',
      list: true,
      filter: { field: 'saleType', how: 'any-bit' },
    }),
    option('--category <id>', 'category id (padded to 10 characters for you)', {
      kind: 'category',
      filter: { field: 'categoryId', how: 'equals' },
    }),
    option('--active', 'only active products', { filter: { field: 'isActive', how: 'equals', value: true } }),
    option('--inactive', 'only inactive products', { filter: { field: 'isActive', how: 'equals', value: false } }),
    option('--page <n>', 'page number (default 1)', { kind: 'unsigned', paging: 'page' }),
    option('--page-size <n>', `products per page, at most ${MAX_PAGE_SIZE} (default 50)`, {
      kind: 'unsigned',
      paging: 'page-size',
    }),
    option('--all', 'every page, streamed (with -o ndjson or csv nothing is held in memory)', { paging: 'all' }),
    option('--concurrency <n>', 'pages fetched at once with --all (default 4, at most 16)', {
      kind: 'unsigned',
      paging: 'concurrency',
    }),
  ],
  fleet: 'read',
  async run(ctx, options) {
    const problems = new FlagProblems();
    const query: ProductQuery = {
      productType: parseProductType(options.type, '--type', problems),
      saleType: parseSaleType(options.saleType, '--sale-type', problems),
      categoryId: parsePaddedId(options.category, '--category', problems),
    };
    if (options.active && options.inactive) problems.add('--active', 'cannot be combined with --inactive');
    else if (options.active) query.isActive = true;
    else if (options.inactive) query.isActive = false;
    const page = parseInteger(options.page, '--page', problems, { min: 1 });
    const pageSize = parseInteger(options.pageSize, '--page-size', problems, { min: 1 });
    if (pageSize !== undefined && pageSize > MAX_PAGE_SIZE)
      problems.add('--page-size', `must be at most ${MAX_PAGE_SIZE}`);
    const concurrency = parseInteger(options.concurrency, '--concurrency', problems, { min: 1 });
    if (concurrency !== undefined && concurrency > 16) problems.add('--concurrency', 'must be at most 16');
    problems.throwIfAny();
    if (options.all && page !== undefined)
      throw new UsageError('--all reads every page: it cannot be combined with --page');
    for (const key of Object.keys(query) as Array<keyof ProductQuery>) if (query[key] === undefined) delete query[key];

    const client = await ctx.inventory();
    // --limit without --all or --page pages until it has its count (issue 21), never stopping silently at the first page.
    const untilLimit = !options.all && page === undefined && ctx.output.limit !== undefined;
    if (!options.all && !untilLimit) {
      const result = await client.listProducts({ ...query, page: page ?? 1, pageSize: pageSize ?? 50 });
      await ctx.output.list(result.items, { columns: productColumns, empty: 'No products match.' });
      if (!ctx.output.isMachine && result.totalPages !== undefined && result.totalPages > 1) {
        ctx.terminal.info(
          `page ${result.page} of ${result.totalPages} (${result.totalItems ?? '?'} products); --page N for another, --all for every page`,
        );
      }
      return;
    }

    const progress = ctx.terminal.progress('products');
    const paging: IterateOptions = {
      concurrency: concurrency ?? (untilLimit ? 1 : 4),
      pageSize: pageSize ?? (untilLimit ? Math.min(MAX_PAGE_SIZE, ctx.output.limit!) : MAX_PAGE_SIZE),
      onPage: (info) => {
        if (info.page === 1 && info.totalItems !== undefined) progress.setTotal(info.totalItems);
        progress.tick(info.count);
      },
    };
    // Machine formats print records in venue's shape: read once into it, not also into views (the client checks each the same way).
    const pages = ctx.output.isMachine ? client.productRecordPages(query, paging) : client.productPages(query, paging);
    const count = await ctx.output.stream(pages as AsyncIterable<Array<Record<string, unknown>>>, {
      columns: productColumns,
      empty: 'No products match.',
    });
    progress.done(`${count} product${count === 1 ? '' : 's'}`);
  },
});
