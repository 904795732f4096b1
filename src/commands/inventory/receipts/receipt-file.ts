// One receipt file, from its header values and path to the workflow's
// outcome: what `stock receive` (one file) and `receipts run` (a folder of
// them) share, so that every receipt goes the one way to the service: the
// header checked against the seeds' rules, the file read and its products
// resolved, the journal's fingerprint, then recordReceipt. A helper of the
// group, not a command.

import type { Context } from '../../../cli/context.js';
import type { StockReceipt } from '../../../lib/inventory/schemas.js';
import type { ReceiptIdentity } from '../../../lib/inventory/receipt-journal.js';
import type { ReceiptOutcome } from '../../../lib/inventory/workflows/receipt.js';
import type { InventoryClient } from '../../../lib/inventory/client.js';
import { assertFitsOneRequest } from '../stock/take.js';
import { inventorySchemasModule } from '../../../lib/lazy-modules.js';
import { readStockFile } from '../../../lib/inventory/stock-file/read.js';
import { resolveStockItems, lookupWith, checkProductsExist } from '../../../lib/inventory/stock-file/resolve.js';
import { ReceiptJournal, receiptFingerprint, shortId } from '../../../lib/inventory/receipt-journal.js';
import { recordReceipt } from '../../../lib/inventory/workflows/receipt.js';

/** The receipt's fields other than its items, as given (flags, a file's name). */
export interface ReceiptHeaderValues {
  warehouseId: unknown;
  userId: unknown;
  supplier?: string;
  po?: string;
  invoice?: string;
  comment?: string;
}

export type ReceiptHeader = Omit<StockReceipt, 'items'>;

/** The header checked against the receipt's rules (exit 2 naming the field, as `fieldName` calls it). */
export async function checkedReceiptHeader(
  values: ReceiptHeaderValues,
  fieldName: (field: string) => string,
): Promise<ReceiptHeader> {
  const schemas = await inventorySchemasModule();
  return schemas.parseOrThrow(
    schemas.stockReceiptSchema.pick({
      warehouseId: true,
      userId: true,
      supplierId: true,
      poNumber: true,
      invoice: true,
      comment: true,
    }),
    {
      warehouseId: values.warehouseId,
      userId: values.userId,
      ...(values.supplier !== undefined
        ? { supplierId: /^\s*\d+\s*$/.test(values.supplier) ? Number(values.supplier) : values.supplier }
        : {}),
      ...(values.po !== undefined ? { poNumber: values.po } : {}),
      ...(values.invoice !== undefined ? { invoice: values.invoice } : {}),
      ...(values.comment !== undefined ? { comment: values.comment } : {}),
    },
    { fieldName },
  );
}

/** A receipt read, resolved and checked, ready to send: nothing has been sent. */
export interface PreparedReceipt {
  body: StockReceipt;
  identity: ReceiptIdentity;
  /** The journal's fingerprint of it. */
  id: string;
  journal: ReceiptJournal;
  client: InventoryClient;
  /** The file's lines with their product ids. */
  resolved: Array<{ line: number; productId: number; quantity: number; value?: number }>;
  /** Where it was read from, in messages: the path or "standard input". */
  source: string;
  /** Every product of the receipt exists: checked on the levels just read (throws naming the lines otherwise). */
  checkProducts(levels: Map<number, number>): Promise<void>;
}

/** Reads and checks a receipt file (`-` is standard input), resolving barcodes and codes to product ids. */
export async function prepareReceipt(ctx: Context, header: ReceiptHeader, file: string): Promise<PreparedReceipt> {
  const schemas = await inventorySchemasModule();
  const stock = await readStockFile(file, 'receipt', ctx.terminal.stdin, ctx.interruption.signal);
  const client = await ctx.inventory();
  const progress = stock.items.length > 500 ? ctx.terminal.progress('Looking up products') : undefined;
  const resolved = await resolveStockItems(
    stock,
    lookupWith(
      client,
      progress
        ? (page) => (page.totalItems && progress.setTotal(page.totalItems), progress.tick(page.count))
        : undefined,
    ),
  );
  progress?.done();
  const body = schemas.parseOrThrow(schemas.stockReceiptSchema, {
    ...header,
    items: resolved.map((i) =>
      i.value === undefined
        ? { productId: i.productId, quantity: i.quantity }
        : { productId: i.productId, quantity: i.quantity, value: i.value },
    ),
  });
  const identity: ReceiptIdentity = {
    profile: await ctx.profileName(),
    warehouseId: body.warehouseId,
    supplierId: body.supplierId,
    poNumber: body.poNumber,
    invoice: body.invoice,
    items: body.items,
  };
  const journal = new ReceiptJournal(await ctx.stateDir(), () => ctx.now(), ctx.terminal.secrets);
  assertFitsOneRequest(body, 'receipt');
  return {
    body,
    identity,
    id: receiptFingerprint(identity),
    journal,
    client,
    resolved,
    source: stock.source,
    checkProducts: (levels) => checkProductsExist(resolved, levels, client, stock.source),
  };
}

/** Sends a prepared receipt through the receipt workflow (the journal decides whether it is sent at all). */
export async function sendReceipt(
  ctx: Context,
  receipt: PreparedReceipt,
  options: { force?: boolean } = {},
): Promise<ReceiptOutcome> {
  const { body, client } = receipt;
  let lastListed: Map<number, number> | undefined;
  const spinner = await ctx.terminal.spinner(
    `Recording receipt ${shortId(receipt.id)} (${body.items.length} products)`,
  );
  try {
    return await recordReceipt(
      {
        client,
        journal: receipt.journal,
        now: () => ctx.now(),
        interruption: ctx.interruption,
        readLevels: async (productIds) => {
          const levels = await client.levelsFor(body.warehouseId, productIds.map(Number));
          lastListed = levels;
          return Object.fromEntries(productIds.map((p) => [p, levels.get(Number(p)) ?? 0]));
        },
        // Every product must exist before anything is sent; the levels just read say which are listed.
        beforeSend: () => receipt.checkProducts(lastListed ?? new Map()),
      },
      {
        identity: receipt.identity,
        body: body as unknown as Record<string, unknown>,
        userId: body.userId,
        ...(body.comment !== undefined ? { comment: body.comment } : {}),
        force: options.force,
      },
    );
  } finally {
    spinner.stop();
  }
}
