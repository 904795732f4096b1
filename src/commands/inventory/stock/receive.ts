import { defineCommand } from '../../define.js';
import { ApiError, ServerError, UnknownOutcomeError } from '../../../lib/errors.js';
import { assertFitsOneRequest, idFlag } from './take.js';
import type { Context } from '../../../lib/context.js';
import type { ReceiptJournal, ReceiptJournalEntry } from '../../../lib/inventory/receipt-journal.js';

interface ReceiveOptions {
  warehouse?: string;
  file: string;
  supplier?: string;
  po?: string;
  invoice?: string;
  user?: string;
  comment?: string;
  dryRun?: boolean;
  force?: boolean;
}

const flagOf: Record<string, string> = {
  warehouseId: '--warehouse',
  userId: '--user',
  supplierId: '--supplier',
  poNumber: '--po',
  invoice: '--invoice',
  comment: '--comment',
};

/** A lost answer does not mean the server has finished: give it a moment before looking. */
const SETTLE_MS = 500;

export default defineCommand<ReceiveOptions>({
  name: 'receive',
  summary: 'Record received stock from a receipt file (cron-safe: a rerun is a no-op)',
  description:
    'Records a delivery. A local journal keyed by a fingerprint of profile, warehouse, supplier, PO, invoice and items makes a rerun of ' +
    'the same receipt a no-op (exit 0) unless --force; two runs of one receipt at once are refused (exit 5). When the answer is lost, ' +
    'the receipt is not sent again: the stock levels are read again to tell whether it was applied; if that cannot be told, exit 7 ' +
    'and settle it with `venue inventory receipts resolve`.',
  examples: [
    'venue inventory stock receive --file delivery.csv --supplier 3 --po PO-1042 --invoice INV-88 --dry-run',
    'venue inventory stock receive --warehouse 1 --file delivery.csv --supplier 3 --po PO-1042 --invoice INV-88',
    'venue inventory stock receive --file - --po PO-7 -o json < delivery.json',
  ],
  configure(cmd) {
    cmd
      .option('--warehouse <id>', "warehouse receiving (default: the profile's inventory.warehouseId)")
      .requiredOption('--file <path>', 'receipt file: CSV with a header row (productId|barcode|productCode, quantity, value) or JSON; - reads standard input')
      .option('--supplier <id>', 'supplier id')
      .option('--po <number>', 'purchase order number (at most 50 characters)')
      .option('--invoice <number>', 'invoice number (at most 50 characters)')
      .option('--user <id>', "inventory user id (default: the profile's inventory.userId)")
      .option('--comment <text>', 'comment stored with the receipt (at most 200 characters)')
      .option('--dry-run', 'show the items with product ids and the levels after; send nothing')
      .option('--force', 'send even if the journal says this receipt was already recorded or is unresolved');
  },
  async run(ctx, options) {
    const schemas = await import('../../../lib/inventory/schemas.js');
    const fieldName = (field: string) => flagOf[field] ?? field;
    const header = schemas.parseOrThrow(
      schemas.stockReceiptSchema.pick({ warehouseId: true, userId: true, supplierId: true, poNumber: true, invoice: true, comment: true }),
      {
        warehouseId: await idFlag(ctx, options.warehouse, 'inventory.warehouseId', '--warehouse'),
        userId: await idFlag(ctx, options.user, 'inventory.userId', '--user'),
        ...(options.supplier !== undefined ? { supplierId: /^\s*\d+\s*$/.test(options.supplier) ? Number(options.supplier) : options.supplier } : {}),
        ...(options.po !== undefined ? { poNumber: options.po } : {}),
        ...(options.invoice !== undefined ? { invoice: options.invoice } : {}),
        ...(options.comment !== undefined ? { comment: options.comment } : {}),
      },
      { fieldName },
    );

    const { readStockFile, resolveStockItems, lookupWith, checkProductsExist } = await import('../../../lib/inventory/stock-file.js');
    const file = await readStockFile(options.file, 'receipt', ctx.terminal.stdin);
    const client = await ctx.inventory();
    const progress = file.items.length > 500 ? ctx.terminal.progress('Looking up products') : undefined;
    const resolved = await resolveStockItems(
      file,
      lookupWith(client, progress ? (page) => (page.totalItems && progress.setTotal(page.totalItems), progress.tick(page.count)) : undefined),
    );
    progress?.done();
    const body = schemas.parseOrThrow(schemas.stockReceiptSchema, {
      ...header,
      items: resolved.map((i) => (i.value === undefined ? { productId: i.productId, quantity: i.quantity } : { productId: i.productId, quantity: i.quantity, value: i.value })),
    });

    const { ReceiptJournal, receiptFingerprint, isSettled, shortId } = await import('../../../lib/inventory/receipt-journal.js');
    const identity = {
      profile: await ctx.profileName(),
      warehouseId: body.warehouseId,
      supplierId: body.supplierId,
      poNumber: body.poNumber,
      invoice: body.invoice,
      items: body.items,
    };
    const journal = new ReceiptJournal(await ctx.stateDir(), () => ctx.now());
    const id = receiptFingerprint(identity);
    assertFitsOneRequest(body, 'receipt');
    /** Current levels of the receipt's products, checking first that every product exists. */
    const readLevelsChecked = async () => {
      const levels = await client.levelsFor(body.warehouseId, body.items.map((i) => i.productId));
      await checkProductsExist(resolved, levels, client, file.source);
      return Object.fromEntries(body.items.map((i) => [String(i.productId), levels.get(i.productId) ?? 0]));
    };
    const readLevels = async (productIds: number[]) => {
      const levels = await client.levelsFor(body.warehouseId, productIds);
      return Object.fromEntries(productIds.map((p) => [String(p), levels.get(p) ?? 0]));
    };

    if (options.dryRun) {
      const before = await readLevelsChecked();
      const rows = resolved.map((i) => ({
        line: i.line,
        productId: i.productId,
        quantity: i.quantity,
        value: i.value,
        current: before[String(i.productId)],
        after: before[String(i.productId)]! + i.quantity,
      }));
      await ctx.output.list(rows, { columns: ['line', 'productId', 'quantity', 'value', 'current', 'after'] });
      const existing = journal.get(id);
      const units = body.items.reduce((n, i) => n + i.quantity, 0);
      ctx.terminal.info(`Dry run: receipt ${shortId(id)}, ${rows.length} products, ${units} units. Nothing was sent.`);
      if (existing && isSettled(existing.status)) ctx.terminal.info(`It was already recorded at ${existing.recordedAt ?? existing.updatedAt}: a real run does nothing without --force.`);
      else if (existing?.status === 'unknown') ctx.terminal.info('Its last send has an unknown outcome: a real run refuses until it is resolved (or --force).');
      return;
    }

    const gate = (entry: ReceiptJournalEntry | undefined) => {
      if (!entry || options.force) return 'send';
      if (isSettled(entry.status)) return 'done';
      if (entry.status === 'unknown') throw unknownOutcome(entry, 'an earlier run of it has an unknown outcome');
      return entry.status === 'sending' ? 'interrupted' : 'send';
    };
    if (gate(journal.get(id)) === 'done') return alreadyRecorded(ctx, journal.get(id)!);

    const release = await journal.lock(id);
    try {
      // Another run may have finished while this one was reading the file.
      let entry = journal.get(id);
      const next = gate(entry);
      if (next === 'done') return alreadyRecorded(ctx, entry!);
      if (next === 'interrupted' && entry) {
        // A run died between sending and recording: judge it from the levels it read, never resend blindly.
        const { reconcileLostReceipt } = await import('../../../lib/inventory/receipt-outcome.js');
        const verdict = await reconcileLostReceipt({ items: entry.items, levelsBefore: entry.levelsBefore ?? {}, readLevels });
        if (verdict.outcome === 'applied') {
          entry = await journal.setStatus(id, 'applied', { levelsAfter: verdict.levelsAfter, recordedAt: stamp(ctx) }, 'an interrupted run had applied it (stock levels)');
          return alreadyRecorded(ctx, entry);
        }
        if (verdict.outcome === 'unknown') {
          entry = await journal.setStatus(id, 'unknown', {}, 'an interrupted run left it unknown (stock levels changed otherwise)');
          throw unknownOutcome(entry, 'an earlier run of it was interrupted while sending');
        }
        await journal.setStatus(id, 'not-applied', {}, 'an interrupted run had not applied it (stock levels unchanged)');
      }

      const levelsBefore = await readLevelsChecked();
      entry = await journal.markSending(identity, {
        userId: body.userId,
        ...(body.comment !== undefined ? { comment: body.comment } : {}),
        levelsBefore,
        ...(options.force && entry && isSettled(entry.status) ? { note: 'sent again with --force' } : {}),
      });
      const spinner = await ctx.terminal.spinner(`Recording receipt ${shortId(id)} (${body.items.length} products)`);
      let result;
      try {
        result = await client.receiveStock(body);
      } catch (error) {
        spinner.stop();
        return await afterFailure(ctx, journal, entry, error, readLevels);
      }
      spinner.stop();
      const levelsAfter: Record<string, number> = {};
      for (const item of body.items) {
        const line = result.items?.find((l) => Number(l.productId) === item.productId);
        levelsAfter[String(item.productId)] = typeof line?.newQuantity === 'number' ? line.newQuantity : levelsBefore[String(item.productId)]! + item.quantity;
      }
      entry = await journal.setStatus(id, 'recorded', {
        receiptId: result.receiptId !== undefined ? String(result.receiptId) : undefined,
        recordedAt: typeof result.createdAt === 'string' ? result.createdAt : stamp(ctx),
        levelsAfter,
      });
      await showReceipt(ctx, entry);
      ctx.terminal.success(`Receipt ${shortId(id)} recorded${entry.receiptId ? ` (receipt id ${entry.receiptId})` : ''}: ${body.items.length} products.`);
    } finally {
      await release().catch(() => undefined); // a lock already gone must not fail a finished receipt
    }
  },
});

function stamp(ctx: Context): string {
  return new Date(ctx.now()).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function unknownOutcome(entry: ReceiptJournalEntry, why: string, sentByThisRun = false): UnknownOutcomeError {
  const short = entry.id.slice(0, 12);
  return new UnknownOutcomeError(`receipt ${short} may or may not have been applied: ${why}`, {
    details: [`fingerprint ${entry.id}`],
    hint:
      `Check the stock levels (\`venue inventory stock levels --warehouse ${entry.warehouseId} --product ${entry.items.slice(0, 5).map((i) => i.productId).join(',')}\`), then settle it:\n` +
      `  venue inventory receipts resolve ${short} --applied\n  venue inventory receipts resolve ${short} --not-applied\n` +
      `After --not-applied, running the same command again sends it. ${sentByThisRun ? 'This run sent it once and will not send it again.' : 'Nothing was sent by this run.'}`,
  });
}

async function alreadyRecorded(ctx: Context, entry: ReceiptJournalEntry): Promise<void> {
  await showReceipt(ctx, entry);
  const when = entry.recordedAt ?? entry.updatedAt;
  ctx.terminal.info(
    `Receipt ${entry.id.slice(0, 12)} was already recorded at ${when}${entry.receiptId ? ` (receipt id ${entry.receiptId})` : ''}; nothing was sent. Use --force to record it again.`,
  );
}

/** The receipt as recorded: one object for json/ndjson, item rows for table and csv. */
async function showReceipt(ctx: Context, entry: ReceiptJournalEntry): Promise<void> {
  const { receiptItemRows } = await import('../../../lib/inventory/receipt-journal.js');
  const items = receiptItemRows(entry);
  if (ctx.output.format === 'json' || ctx.output.format === 'ndjson') {
    await ctx.output.record({
      id: entry.id,
      status: entry.status,
      receiptId: entry.receiptId ?? null,
      recordedAt: entry.recordedAt ?? null,
      warehouseId: entry.warehouseId,
      supplierId: entry.supplierId ?? null,
      poNumber: entry.poNumber ?? null,
      invoice: entry.invoice ?? null,
      items,
    });
    return;
  }
  await ctx.output.list(
    items.map((i) => ({ receiptId: entry.receiptId ?? '', ...i })),
    { columns: ['receiptId', 'productId', 'quantity', { key: 'value', format: 'money' }, 'before', 'after'] },
  );
}

/** What the failure of the send means for the receipt; always throws or reports. */
async function afterFailure(
  ctx: Context,
  journal: ReceiptJournal,
  entry: ReceiptJournalEntry,
  error: unknown,
  readLevels: (productIds: number[]) => Promise<Record<string, number>>,
): Promise<void> {
  const refused = error instanceof ApiError && error.status < 500 && error.category !== 'unknown-outcome';
  if (refused) {
    // The service said no: nothing was applied, and a corrected rerun may send it.
    await journal.setStatus(entry.id, 'not-applied', {}, `refused: ${error.message}`);
    throw error;
  }
  if (!(error instanceof UnknownOutcomeError) && !(error instanceof ServerError) && !(error instanceof ApiError)) {
    throw error; // a bug, not an answer: the entry stays "sending" and the next run judges it from the levels
  }
  ctx.terminal.warn(`${(error as Error).message}; reading the stock levels again to see whether the receipt was applied`);
  const { reconcileLostReceipt } = await import('../../../lib/inventory/receipt-outcome.js');
  const verdict = await reconcileLostReceipt({ items: entry.items, levelsBefore: entry.levelsBefore ?? {}, readLevels, settleMs: SETTLE_MS });
  if (verdict.outcome === 'applied') {
    const applied = await journal.setStatus(entry.id, 'applied', { levelsAfter: verdict.levelsAfter, recordedAt: stamp(ctx) }, 'answer lost; stock levels show it applied');
    await showReceipt(ctx, applied);
    ctx.terminal.success(`Receipt ${entry.id.slice(0, 12)} was applied (the answer was lost, but every product rose by its quantity).`);
    return;
  }
  if (verdict.outcome === 'not-applied') {
    await journal.setStatus(entry.id, 'not-applied', { levelsAfter: verdict.levelsAfter }, 'answer lost; stock levels unchanged');
    throw new ServerError(`receipt ${entry.id.slice(0, 12)} was not applied: the answer was lost and the stock levels are unchanged`, {
      cause: error,
      details: [(error as Error).message],
      hint: 'The stock levels are unchanged, so it is safe to run the same command again (it will send the receipt).',
    });
  }
  const unknown = await journal.setStatus(
    entry.id,
    'unknown',
    { levelsAfter: verdict.levelsAfter },
    verdict.readError ? 'answer lost; stock levels could not be read again' : 'answer lost; stock levels changed by other amounts',
  );
  const details = verdict.unexplained.map((u) => `product ${u.productId}: ${u.before} before, ${u.after} now, receipt adds ${u.received}`);
  const failure = unknownOutcome(unknown, 'the answer was lost and the stock levels do not settle it', true);
  throw new UnknownOutcomeError(failure.message, { cause: error, details: [...failure.details, ...details], hint: failure.hint });
}
