import { defineCommand, option, yesOption } from '../../define.js';
import { confirmWrite } from '../../../cli/confirm-write.js';
import { RejectedError } from '../../../lib/errors.js';
import { FlagProblems, parseInteger, productIdFlag, userFrom, warehouseFrom } from '../flags.js';
import { venueHint } from '../../../lib/hint-command.js';
import { RECORD_SHAPES, writeOutcomeShape, writeOutcomeRow } from '../../../lib/records.js';
import { inventorySchemasModule } from '../../../lib/lazy-modules.js';
import { StockChangeJournal } from '../../../lib/inventory/stock-change-journal.js';
import { adjustStockLevel } from '../../../lib/inventory/workflows/adjustment.js';
import { inventoryErrors } from '../../../lib/inventory/error-codes.js';
import { renderStockChangeFailure } from '../../../lib/inventory/workflows/messages.js';
import { sourceOf } from '../../../lib/reading.js';

interface Options {
  warehouse?: string;
  product?: string;
  quantity?: string;
  comment?: string;
  user?: string;
  dryRun?: boolean;
  yes?: boolean;
}

const FLAG_OF: Record<string, string> = {
  warehouseId: '--warehouse',
  productId: '--product',
  adjustmentQuantity: '--quantity',
  comment: '--comment',
  userId: '--user',
};

export default defineCommand<Options>({
  name: 'adjust',
  summary: "Adjust one product's stock up or down, with a reason; refuses to go below zero",
  description:
    'Reads the current level first and refuses (exit 5, nothing sent) an adjustment that would leave negative stock. A lost answer ' +
    'is exit 7: the adjustment stays unknown in the journal and the same adjustment is refused until it is settled with ' +
    '`venue inventory stock resolve`. ' +
    '--warehouse and --user default to the profile settings inventory.warehouseId and inventory.userId. ' +
    '--dry-run checks the same way (current level included) and shows the level after; it sends nothing. ' +
    'On a terminal it asks before it sends; without one, --yes is needed.',
  examples: [
    'venue inventory stock adjust --product 1001 --quantity -3 --comment "damaged in transit" --dry-run',
    'venue inventory stock adjust --product 1001 --quantity -3 --comment "damaged in transit" --yes',
    'venue inventory stock adjust --warehouse 2 --product 1015 --quantity=+10 --comment "found in back room" --yes',
  ],
  options: [
    option('--warehouse <id>', 'warehouse id (default: inventory.warehouseId)', { kind: 'warehouse' }),
    option('--product <id>', 'product id', { kind: 'product' }),
    option('--quantity <n>', 'whole number: positive adds, negative removes (write --quantity=-3 or --quantity -3)', {
      kind: 'integer',
    }),
    option('--comment <reason>', 'the reason (required, max 200)', { kind: 'text' }),
    option('--user <id>', 'inventory user id (default: inventory.userId)', { kind: 'user' }),
    option('--dry-run', 'check it and show the level after; send nothing'),
    yesOption,
  ],
  record: writeOutcomeShape(RECORD_SHAPES.adjustment),
  fleet: 'write',
  confirmation: 'always',
  async run(ctx, options) {
    const problems = new FlagProblems();
    // The product id stays as typed (digits): a number would round an id past 2^53 to another product's.
    const productId =
      options.product === undefined
        ? problems.add('--product', 'is required')
        : productIdFlag(options.product, '--product', problems);
    const body: Record<string, unknown> = {
      warehouseId: await warehouseFrom(ctx, options.warehouse, problems),
      // The schema checks the rest of the body; the id was checked above as digits.
      productId: productId === undefined ? undefined : 1,
      adjustmentQuantity:
        options.quantity === undefined
          ? problems.add('--quantity', 'is required')
          : parseInteger(options.quantity, '--quantity', problems),
      userId: await userFrom(ctx, options.user, problems),
      comment: options.comment,
    };
    const known = new Set(problems.issues.map((i) => i.field));
    const { check, stockAdjustmentSchema } = await inventorySchemasModule();
    const result = check(stockAdjustmentSchema, body, { fieldName: (field) => FLAG_OF[field] ?? field });
    // A flag already reported (bad number, missing) is not reported twice.
    if (!result.ok) problems.issues.push(...result.issues.filter((i) => !known.has(i.field)));
    problems.throwIfAny();

    const { warehouseId, adjustmentQuantity, userId, comment } = body as {
      warehouseId: number;
      adjustmentQuantity: number;
      userId: number;
      comment: string;
    };
    const client = await ctx.inventory();
    let current = await client.levelOf(warehouseId, productId!);
    if (current === undefined) {
      await client.getProduct(productId!); // exit 4 when the product does not exist
      current = 0;
    }
    if (current + adjustmentQuantity < 0) {
      throw new RejectedError(
        `refused: adjusting product ${productId} by ${adjustmentQuantity} would leave ${current + adjustmentQuantity} in warehouse ${warehouseId} (on hand: ${current})`,
        { hint: `Nothing was sent. Stock cannot go below zero; the most you can remove is ${current}.` },
      );
    }
    if (options.dryRun) {
      await ctx.output.record(
        {
          productId,
          warehouseId,
          adjustmentQuantity,
          userId,
          comment,
          previousQuantity: current,
          newQuantity: current + adjustmentQuantity,
        },
        {
          columns: [
            'productId',
            'warehouseId',
            'adjustmentQuantity',
            'previousQuantity',
            'newQuantity',
            'userId',
            'comment',
          ],
        },
      );
      ctx.terminal.info('Dry run: nothing was sent.');
      return;
    }
    // A person at a terminal confirms, as at a stock take; a script (no terminal) is not asked.
    if (!options.yes && ctx.prompter.canPrompt) {
      await confirmWrite(
        ctx,
        options,
        `Adjust product ${productId} in warehouse ${warehouseId} by ${adjustmentQuantity} (${current} to ${current + adjustmentQuantity})?`,
        'Stock not adjusted: nothing was sent.',
      );
    }
    const outcome = await adjustStockLevel(
      {
        client,
        journal: new StockChangeJournal(await ctx.stateDir(), () => ctx.now(), ctx.terminal.secrets),
        now: () => ctx.now(),
        interruption: ctx.interruption,
        readLevels: async ([id]) => ({ [id!]: (await client.levelOf(warehouseId, id!)) ?? 0 }),
      },
      {
        profile: await ctx.profileName(),
        warehouseId,
        productId: productId!,
        adjustmentQuantity,
        userId,
        comment,
        current,
      },
    );
    if (outcome.kind === 'refused') {
      // Stock moved between the read and the send: the service's own refusal, said in the same words as venue's check.
      const explained = inventoryErrors.explain(outcome.error, 'adjustStock', {
        productId: productId!,
        adjustmentQuantity,
        warehouseId,
      });
      if (explained) throw explained;
    }
    if (outcome.kind !== 'recorded' && outcome.kind !== 'accepted-unreadable')
      throw renderStockChangeFailure(outcome, warehouseId);
    if (outcome.kind === 'accepted-unreadable') {
      // Accepted (2xx) but unreadable: nothing to show as the service's data, so not a success (exit 6); the journal keeps it as accepted.
      outcome.error.details.push(
        `venue recorded the adjustment of product ${productId} by ${adjustmentQuantity} as accepted (${venueHint(['inventory', 'stock', 'changes'])}).`,
      );
      throw outcome.error;
    }
    const adjustment = outcome.result;
    // The levels the service states; where its answer gives none, venue's own figures, marked as such.
    const before =
      adjustment.previousQuantity !== undefined ? String(adjustment.previousQuantity) : `${current} (read before)`;
    const after =
      adjustment.newQuantity !== undefined
        ? String(adjustment.newQuantity)
        : `${current + adjustmentQuantity} (venue's reckoning: the answer gives no level)`;
    ctx.terminal.success(`product ${productId} in warehouse ${warehouseId}: ${before} → ${after}`);
    if (ctx.output.takesRecords) {
      await ctx.output.record(
        writeOutcomeRow(RECORD_SHAPES.adjustment, {
          status: 'recorded',
          journalId: outcome.entry.id,
          record: sourceOf(adjustment),
          venue: { levelBefore: current },
        }),
        { afterWrite: true },
      );
      return;
    }
    await ctx.output.record(adjustment, {
      columns: [
        'adjustmentId',
        'productId',
        'warehouseId',
        'adjustmentQuantity',
        'previousQuantity',
        'newQuantity',
        'userId',
        'comment',
        { key: 'createdAt', format: 'datetime' },
      ],
      afterWrite: true,
    });
  },
});
