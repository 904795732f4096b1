import { defineCommand, option } from '../../define.js';
import { confirmWrite } from '../../../cli/confirm-write.js';
import { idFlag } from './take.js';
import type { Context } from '../../../cli/context.js';
import type { ReceiptJournalEntry } from '../../../lib/inventory/receipt-journal.js';
import { forAssistant, venueCommand, venueHint } from '../../../lib/hint-command.js';
import type { StockReceiptResult } from '../../../lib/inventory/types.js';
import { RECORD_SHAPES, writeOutcomeShape, writeOutcomeRow } from '../../../lib/records.js';
import { checkedReceiptHeader, prepareReceipt, sendReceipt } from '../receipts/receipt-file.js';
import { isSettled, shortId } from '../../../lib/inventory/receipt-journal.js';
import * as messages from '../../../lib/inventory/workflows/messages.js';
import { sourceOf } from '../../../lib/reading.js';
import type { ReceiptOutcome } from '../../../lib/inventory/workflows/receipt.js';
import type { WriteWords } from '../../../lib/inventory/workflows/messages.js';

interface ReceiveOptions {
  warehouse?: string;
  file: string;
  supplier?: string;
  po?: string;
  invoice?: string;
  user?: string;
  comment?: string;
  dryRun?: boolean;
  yes?: boolean;
  force?: boolean;
  requireFile?: boolean;
}

const flagOf: Record<string, string> = {
  warehouseId: '--warehouse',
  userId: '--user',
  supplierId: '--supplier',
  poNumber: '--po',
  invoice: '--invoice',
  comment: '--comment',
};

export default defineCommand<ReceiveOptions>({
  name: 'receive',
  summary: 'Record received stock from a receipt file (cron-safe: a rerun is a no-op)',
  description:
    'Records a delivery. A local journal keyed by a fingerprint of profile, warehouse, supplier, PO, invoice and items makes a rerun of ' +
    'the same receipt a no-op (exit 0) unless --force; two runs of one receipt at once are refused (exit 5). An answer that ' +
    'refuses it means not applied: a rerun sends it. A lost answer, or one that cannot say, means unknown: exit 7, the stock levels are shown as evidence (never taken as ' +
    'proof), and every rerun refuses to send it until a person records what happened with `venue inventory receipts resolve`. An answer that ' +
    'disagrees with the receipt (another quantity, product or line count) is exit 6 and unknown too. `venue help exit-codes` has the whole rule.',
  examples: [
    'venue inventory stock receive --file delivery.csv --supplier 3 --po PO-1042 --invoice INV-88 --dry-run',
    'venue inventory stock receive --warehouse 1 --file delivery.csv --supplier 3 --po PO-1042 --invoice INV-88',
    'venue inventory stock receive --file - --po PO-7 -o json < delivery.json',
  ],
  options: [
    option('--warehouse <id>', "warehouse receiving (default: the profile's inventory.warehouseId)", {
      kind: 'warehouse',
    }),
    option(
      '--file <path>',
      'receipt file: CSV with a header row (productId|barcode|productCode, quantity, value) or JSON; - reads standard input',
      { kind: 'file', required: true },
    ),
    option('--supplier <id>', 'supplier id', { kind: 'supplier' }),
    option('--po <number>', 'purchase order number (at most 50 characters)', { kind: 'text' }),
    option('--invoice <number>', 'invoice number (at most 50 characters)', { kind: 'text' }),
    option('--user <id>', "inventory user id (default: the profile's inventory.userId)", { kind: 'user' }),
    option('--comment <text>', 'comment stored with the receipt (at most 200 characters)', { kind: 'text' }),
    option('--dry-run', 'show the items with product ids and the levels after; send nothing'),
    option('-y, --yes', 'do not ask for confirmation (it asks only on a terminal)'),
    option(
      '--force',
      'send even if the journal says this receipt was already recorded or is unknown (a genuinely repeated delivery)',
      { withheldFromTools: 'lifts the guard against receiving the same file twice' },
    ),
    option(
      '--require-file',
      'across venues (--each-profile, --file with {profile}): a venue without its file fails (exit 2) instead of having nothing to receive',
    ),
  ],
  // A nightly run across venues: a venue whose ERP sent no file tonight has nothing to receive (exit 0), unless --require-file.
  record: writeOutcomeShape(RECORD_SHAPES.receipt),
  fleet: { write: { withoutFile: 'nothing to receive' } },
  confirmation: { never: 'unattended' },
  async run(ctx, options) {
    const header = await checkedReceiptHeader(
      {
        warehouseId: await idFlag(ctx, options.warehouse, 'inventory.warehouseId', '--warehouse'),
        userId: await idFlag(ctx, options.user, 'inventory.userId', '--user'),
        supplier: options.supplier,
        po: options.po,
        invoice: options.invoice,
        comment: options.comment,
      },
      (field) => flagOf[field] ?? field,
    );
    const receipt = await prepareReceipt(ctx, header, options.file);
    const { body, client, journal, id, resolved } = receipt;

    if (options.dryRun) {
      const existing = journal.get(id);
      const levels = await client.levelsFor(
        body.warehouseId,
        body.items.map((i) => i.productId),
      );
      await receipt.checkProducts(levels);
      const rows = resolved.map((i) => ({
        line: i.line,
        productId: i.productId,
        quantity: i.quantity,
        value: i.value,
        current: levels.get(i.productId) ?? 0,
        after: (levels.get(i.productId) ?? 0) + i.quantity,
      }));
      await ctx.output.list(rows, { columns: ['line', 'productId', 'quantity', 'value', 'current', 'after'] });
      const units = body.items.reduce((n, i) => n + i.quantity, 0);
      ctx.terminal.info(`Dry run: receipt ${shortId(id)}, ${rows.length} products, ${units} units. Nothing was sent.`);
      if (existing && isSettled(existing.status))
        ctx.terminal.info(
          `It was already recorded at ${existing.recordedAt ?? existing.updatedAt}: a real run does nothing without --force.`,
        );
      else if (existing?.status === 'unknown')
        ctx.terminal.info(
          `Its last send has an unknown outcome: a real run refuses until it is resolved (${venueHint(['inventory', 'receipts', 'resolve', existing.id.slice(0, 12)])} on a terminal).`,
        );
      return;
    }

    // A person at a terminal confirms, as at a stock take; a script (no terminal) is not asked.
    if (!options.yes && ctx.prompter.canPrompt) {
      const units = body.items.reduce((n, i) => n + i.quantity, 0);
      ctx.terminal.info(
        `Receipt ${shortId(id)} into warehouse ${body.warehouseId}: ${body.items.length} products, ${units} units.`,
      );
      await confirmWrite(ctx, options, 'Record this receipt?', 'Receipt not recorded: nothing was sent.');
    }

    const outcome = await sendReceipt(ctx, receipt, { force: options.force });
    await renderReceiptOutcome(ctx, outcome);
  },
});

const rerunHint = 'The journal says not-applied: fix the cause, then running the same command again sends it.';

/** What the workflow's outcome means on the terminal and in the exit code. */
async function renderReceiptOutcome(ctx: Context, outcome: ReceiptOutcome): Promise<void> {
  const words = outcome.entry ? receiptWords(outcome.entry) : undefined;
  switch (outcome.kind) {
    case 'recorded':
      await showReceipt(ctx, outcome.entry, outcome.result);
      ctx.terminal.success(
        `Receipt ${outcome.entry.id.slice(0, 12)} recorded${outcome.entry.receiptId ? ` (receipt id ${outcome.entry.receiptId})` : ''}: ${outcome.entry.items.length} products.`,
      );
      ctx.noteOutcome?.(
        `received: receipt ${outcome.entry.id.slice(0, 12)}, ${outcome.entry.items.length} product${outcome.entry.items.length === 1 ? '' : 's'}`,
      );
      return;
    case 'accepted-unreadable':
      // Accepted (2xx), so journaled as recorded and never resent; but its answer is not data venue can show: exit 6.
      outcome.error.details.push(
        `venue recorded receipt ${outcome.entry.id.slice(0, 12)} as accepted: a rerun will not send it again (${venueHint(['inventory', 'receipts', 'show', outcome.entry.id.slice(0, 12)])}).`,
      );
      throw outcome.error;
    case 'already-recorded':
      return alreadyRecorded(ctx, outcome.entry);
    case 'refused':
      throw messages.refusedOutcome(words!, outcome.entry, outcome.error, rerunHint);
    case 'not-sent':
      throw messages.notSentOutcome(
        words!,
        outcome.entry,
        outcome.error,
        'The journal says not-applied: running the same command again sends it.',
      );
    case 'unknown':
      throw messages.unknownOutcome(words!, outcome.entry, outcome.error, outcome.evidence);
    case 'disagrees':
      throw messages.disagreeingOutcome(words!, outcome.entry, outcome.disagreements);
    case 'unresolved':
      throw messages.unresolvedOutcome(words!, outcome.entry, outcome.why);
    case 'interrupted-before-send':
      throw messages.interruptedBeforeSend('receipt');
    case 'not-sent-at-all':
      // Nothing left this machine (a login that failed, the deadline): the error says why, in its own words.
      throw outcome.error;
  }
}

function receiptWords(entry: ReceiptJournalEntry): WriteWords {
  const short = entry.id.slice(0, 12);
  return {
    what: 'receipt',
    change: (line) => `receipt adds ${line.expected}`,
    resolveCommands: [
      venueCommand(['inventory', 'receipts', 'resolve', short, '--applied']),
      venueCommand(['inventory', 'receipts', 'resolve', short, '--not-applied']),
    ],
    levelsCommand: `${venueHint([
      'inventory',
      'stock',
      'levels',
      '--warehouse',
      entry.warehouseId,
      '--product',
      entry.items
        .slice(0, 5)
        .map((i) => i.productId)
        .join(','),
    ])}, ${venueHint(['inventory', 'receipts', 'resolve', short])} on a terminal shows them`,
  };
}

async function alreadyRecorded(ctx: Context, entry: ReceiptJournalEntry): Promise<void> {
  await showReceipt(ctx, entry);
  const when = entry.recordedAt ?? entry.updatedAt;
  ctx.noteOutcome?.(`already received at ${when} (receipt ${entry.id.slice(0, 12)}): nothing sent`);
  ctx.terminal.info(
    `Receipt ${entry.id.slice(0, 12)} was already recorded at ${when}${entry.receiptId ? ` (receipt id ${entry.receiptId})` : ''}; nothing was sent.${forAssistant() ? '' : ' Use --force to record it again.'}`,
  );
}

/**
 * The receipt's outcome: in machine formats the one write-outcome record (the
 * service's answer in venue's names; venue's own figures under `venue`), for
 * people its items with the levels before (read by venue) and after (the
 * service's, or venue's reckoning, said so). Recorded before (nothing sent
 * now): no answer to show, the items as sent.
 */
async function showReceipt(ctx: Context, entry: ReceiptJournalEntry, result?: StockReceiptResult): Promise<void> {
  if (ctx.output.takesRecords) {
    await ctx.output.record(
      writeOutcomeRow(RECORD_SHAPES.receipt, {
        status: result ? 'recorded' : 'already-recorded',
        reference: entry.invoice ?? entry.poNumber ?? null,
        journalId: entry.id,
        record: result ? sourceOf(result) : null,
        venue: {
          ...(result ? {} : { recordedAt: entry.recordedAt ?? null, receiptId: entry.receiptId ?? null }),
          ...(entry.levelsBefore ? { levelsBefore: entry.levelsBefore } : {}),
        },
      }),
      { afterWrite: true },
    );
    return;
  }
  if (!result) {
    await ctx.output.list(
      entry.items.map((i) => ({ productId: i.productId, quantity: i.quantity, value: i.value })),
      { columns: ['productId', 'quantity', { key: 'value', format: 'money' }], afterWrite: true },
    );
    return;
  }
  let reckoned = false;
  const rows = entry.items.map((i) => {
    const before = entry.levelsBefore?.[String(i.productId)];
    const line = result.items?.find((l) => String(l.productId) === String(i.productId));
    let after: number | string | undefined = line?.newQuantity;
    if (after === undefined && before !== undefined) {
      after = `${before + i.quantity} *`;
      reckoned = true;
    }
    return {
      receiptId: result.receiptId ?? '',
      productId: i.productId,
      quantity: i.quantity,
      value: i.value,
      before,
      after,
    };
  });
  await ctx.output.list(rows, {
    columns: [
      'receiptId',
      'productId',
      'quantity',
      { key: 'value', format: 'money' },
      { key: 'before', header: 'Before (read)' },
      'after',
    ],
    afterWrite: true,
  });
  if (reckoned)
    ctx.terminal.info(
      "* venue's reckoning (the level read before plus the quantity): the service's answer gives no level after.",
    );
}
