import { defineCommand, option } from '../../define.js';
import { confirmWrite } from '../../../cli/confirm-write.js';
import { UsageError } from '../../../lib/errors.js';
import type { Context } from '../../../cli/context.js';
import { sourceOf, withSource } from '../../../lib/reading.js';
import { venueHint } from '../../../lib/hint-command.js';
import { RECORD_SHAPES, writeOutcomeShape, writeOutcomeRow } from '../../../lib/records.js';
import { inventorySchemasModule } from '../../../lib/lazy-modules.js';
import { readStockFile } from '../../../lib/inventory/stock-file/read.js';
import { resolveStockItems, lookupWith, checkProductsExist } from '../../../lib/inventory/stock-file/resolve.js';
import { StockChangeJournal } from '../../../lib/inventory/stock-change-journal.js';
import { submitStockTake } from '../../../lib/inventory/workflows/stock-take.js';
import { renderStockChangeFailure } from '../../../lib/inventory/workflows/messages.js';

interface TakeOptions {
  warehouse?: string;
  file: string;
  user?: string;
  comment?: string;
  dryRun?: boolean;
  yes?: boolean;
}

const flagOf: Record<string, string> = { warehouseId: '--warehouse', userId: '--user', comment: '--comment' };
/** Files bigger than this show progress while product codes are looked up. */
const BIG_FILE = 500;

/** An id flag (or its profile default) as a number when it looks like one; the schema words the rule otherwise. */
export async function idFlag(
  ctx: Context,
  value: string | undefined,
  setting: 'inventory.warehouseId' | 'inventory.userId',
  flag: string,
): Promise<unknown> {
  const raw = value ?? (await ctx.requireSetting(setting, flag));
  return /^\s*\d+\s*$/.test(raw) ? Number(raw) : raw;
}

export default defineCommand<TakeOptions>({
  name: 'take',
  summary: 'Submit a stock take from a counts file (CSV or JSON)',
  description:
    'Counts every product in the file and sets its stock to the counted quantity. The whole file is checked first (every bad line is ' +
    'reported); barcodes and product codes are resolved to product ids. --dry-run shows current, counted and variance per product and ' +
    'sends nothing. On a terminal it asks for confirmation with the totals; --yes skips that (needed without a terminal). ' +
    'A lost answer is exit 7: the take stays unknown in the journal and the same take is refused until it is settled with ' +
    '`venue inventory stock resolve`.',
  examples: [
    'venue inventory stock take --warehouse 1 --file counts.csv --dry-run',
    'venue inventory stock take --file counts.csv --comment "Monthly count" --yes',
    'cat counts.json | venue inventory stock take --file - --yes -o json',
  ],
  options: [
    option('--warehouse <id>', "warehouse counted (default: the profile's inventory.warehouseId)", {
      kind: 'warehouse',
    }),
    option('--file <path>', 'counts file: CSV with a header row, or JSON; - reads standard input', {
      kind: 'file',
      required: true,
    }),
    option('--user <id>', "inventory user id (default: the profile's inventory.userId)", { kind: 'user' }),
    option('--comment <text>', 'comment stored with the stock take (at most 200 characters)', { kind: 'text' }),
    option('--dry-run', 'show current, counted and variance per product; send nothing'),
    option('-y, --yes', 'do not ask for confirmation'),
  ],
  record: writeOutcomeShape(RECORD_SHAPES.stockTake),
  fleet: 'write',
  confirmation: 'always',
  async run(ctx, options) {
    const schemas = await inventorySchemasModule();
    const header = schemas.parseOrThrow(
      schemas.stockTakeSchema.pick({ warehouseId: true, userId: true, comment: true }),
      {
        warehouseId: await idFlag(ctx, options.warehouse, 'inventory.warehouseId', '--warehouse'),
        userId: await idFlag(ctx, options.user, 'inventory.userId', '--user'),
        ...(options.comment !== undefined ? { comment: options.comment } : {}),
      },
      { fieldName: (field) => flagOf[field] ?? field },
    );

    const file = await readStockFile(options.file, 'take', ctx.terminal.stdin, ctx.interruption.signal);

    const client = await ctx.inventory();
    const progress = file.items.length > BIG_FILE ? ctx.terminal.progress('Looking up products') : undefined;
    const items = await resolveStockItems(
      file,
      lookupWith(
        client,
        progress
          ? (page) => (page.totalItems && progress.setTotal(page.totalItems), progress.tick(page.count))
          : undefined,
      ),
    );
    progress?.done();
    const body = schemas.parseOrThrow(schemas.stockTakeSchema, {
      ...header,
      items: items.map((i) => ({ productId: i.productId, countedQuantity: i.quantity })),
    });
    if (!options.dryRun) assertFitsOneRequest(body, 'stock take');

    const spinner = await ctx.terminal.spinner(`Reading current stock of ${items.length} products`);
    let levels: Map<number, number>;
    try {
      levels = await client.levelsFor(
        header.warehouseId,
        items.map((i) => i.productId),
      );
    } finally {
      spinner.stop();
    }
    await checkProductsExist(items, levels, client, file.source);
    const rows = items.map((item) => {
      const current = levels.get(item.productId) ?? 0;
      return {
        line: item.line,
        productId: item.productId,
        current,
        counted: item.quantity,
        variance: item.quantity - current,
      };
    });
    const totals = summarise(rows);
    const totalsText =
      `${rows.length} products; current ${totals.current}, counted ${totals.counted}, variance ${signed(totals.variance)} ` +
      `(${totals.up} up, ${totals.down} down, ${totals.unchanged} unchanged)`;

    if (options.dryRun) {
      await ctx.output.list(rows, { columns: ['line', 'productId', 'current', 'counted', 'variance'], bounded: true });
      ctx.terminal.info(`Dry run: ${totalsText}. Nothing was sent.`);
      try {
        assertFitsOneRequest(body, 'stock take');
      } catch (error) {
        ctx.terminal.warn((error as Error).message);
      }
      return;
    }

    if (!options.yes) {
      ctx.terminal.info(`Stock take of warehouse ${header.warehouseId}: ${totalsText}.`);
      await confirmWrite(ctx, options, 'Set these stock levels?', 'Stock levels not set: nothing was sent.');
    }

    const journal = new StockChangeJournal(await ctx.stateDir(), () => ctx.now(), ctx.terminal.secrets);
    const levelsBefore = Object.fromEntries(rows.map((r) => [String(r.productId), r.current]));
    const sending = await ctx.terminal.spinner('Submitting the stock take');
    let outcome;
    try {
      outcome = await submitStockTake(
        {
          client,
          journal,
          now: () => ctx.now(),
          interruption: ctx.interruption,
          readLevels: async (productIds) => {
            const now = await client.levelsFor(header.warehouseId, productIds.map(Number));
            return Object.fromEntries(productIds.map((p) => [p, now.get(Number(p)) ?? 0]));
          },
        },
        { profile: await ctx.profileName(), body, levelsBefore },
      );
    } finally {
      sending.stop();
    }
    if (outcome.kind !== 'recorded' && outcome.kind !== 'accepted-unreadable')
      throw renderStockChangeFailure(outcome, header.warehouseId);
    if (outcome.kind === 'accepted-unreadable') {
      outcome.error.details.push(
        `venue recorded the stock take (${rows.length} products, variance ${signed(totals.variance)}) as accepted (${venueHint(['inventory', 'stock', 'changes'])}).`,
      );
      throw outcome.error;
    }
    const result = outcome.result;
    if (ctx.output.takesRecords) {
      await ctx.output.record(
        writeOutcomeRow(RECORD_SHAPES.stockTake, {
          status: 'recorded',
          journalId: outcome.entry.id,
          record: sourceOf(result),
          venue: { levelsBefore },
        }),
        { afterWrite: true },
      );
      ctx.terminal.success(`Stock take${result.stockTakeId !== undefined ? ` ${result.stockTakeId}` : ''} recorded.`);
      return;
    }
    // The service's lines when it lists them; else the figures venue read and counted before sending, said to be venue's.
    const lines = result.items?.length ? result.items : undefined;
    const out: Array<{ productId: number; previous?: number; counted?: number; variance?: number }> = lines
      ? lines.map((l) =>
          withSource(
            { productId: l.productId, previous: l.previousQuantity, counted: l.countedQuantity, variance: l.variance },
            sourceOf(l),
          ),
        )
      : rows.map((r) => ({ productId: r.productId, previous: r.current, counted: r.counted, variance: r.variance }));
    await ctx.output.list(out, { columns: ['productId', 'previous', 'counted', 'variance'], afterWrite: true });
    if (!lines)
      ctx.terminal.info(
        "The service's answer lists no lines: the figures above are venue's (the levels read before sending, the counts sent).",
      );
    const id = result.stockTakeId !== undefined ? ` ${result.stockTakeId}` : '';
    const lineVariances = out.map((r) => r.variance);
    const net =
      result.totalVariance !== undefined
        ? signed(result.totalVariance)
        : `${signed(
            lines && lineVariances.every((v): v is number => v !== undefined)
              ? lineVariances.reduce((n, v) => n + v, 0)
              : totals.variance,
          )} (venue's reckoning: the answer gives no total)`;
    ctx.terminal.success(`Stock take${id} recorded: ${out.length} products, variance ${net}.`);
  },
});

/** The service refuses request bodies over 1 MiB (docs/api-conventions.md): say so before sending. */
export function assertFitsOneRequest(body: { items: unknown[] }, what: string): void {
  const size = Buffer.byteLength(JSON.stringify(body));
  if (size > 1024 * 1024) {
    throw new UsageError(
      `the ${what} is too big for one request: ${body.items.length} items make ${(size / 1024 / 1024).toFixed(1)} MiB; the service accepts at most 1 MiB`,
      {
        hint: `Split the file (about ${Math.floor((body.items.length * 1024 * 1024) / size)} items per file) and send each part. Nothing was sent.`,
      },
    );
  }
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

function summarise(rows: Array<{ current: number; counted: number; variance: number }>) {
  const totals = { current: 0, counted: 0, variance: 0, up: 0, down: 0, unchanged: 0 };
  for (const row of rows) {
    totals.current += row.current;
    totals.counted += row.counted;
    totals.variance += row.variance;
    if (row.variance > 0) totals.up++;
    else if (row.variance < 0) totals.down++;
    else totals.unchanged++;
  }
  return totals;
}
