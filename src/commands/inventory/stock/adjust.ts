import { defineCommand } from '../../define.js';
import { ApiError, RejectedError } from '../../../lib/errors.js';
import { FlagProblems, parseInteger, userFrom, warehouseFrom } from '../../../lib/inventory/cli-input.js';

interface Options {
  warehouse?: string;
  product?: string;
  quantity?: string;
  comment?: string;
  user?: string;
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
  summary: 'Adjust one product\'s stock up or down, with a reason; refuses to go below zero',
  description:
    'Reads the current level first and refuses (exit 5, nothing sent) an adjustment that would leave negative stock. ' +
    '--warehouse and --user default to the profile settings inventory.warehouseId and inventory.userId.',
  examples: [
    'venue inventory stock adjust --product 1001 --quantity -3 --comment "damaged in transit"',
    'venue inventory stock adjust --warehouse 2 --product 1015 --quantity=+10 --comment "found in back room"',
  ],
  configure(cmd) {
    cmd
      .option('--warehouse <id>', 'warehouse id (default: inventory.warehouseId)')
      .option('--product <id>', 'product id')
      .option('--quantity <n>', 'whole number: positive adds, negative removes (write --quantity=-3 or --quantity -3)')
      .option('--comment <reason>', 'the reason (required, max 200)')
      .option('--user <id>', 'inventory user id (default: inventory.userId)');
  },
  async run(ctx, options) {
    const problems = new FlagProblems();
    const body: Record<string, unknown> = {
      warehouseId: await warehouseFrom(ctx, options.warehouse, problems),
      productId: options.product === undefined ? problems.add('--product', 'is required') : parseInteger(options.product, '--product', problems, { min: 1 }),
      adjustmentQuantity:
        options.quantity === undefined ? problems.add('--quantity', 'is required') : parseInteger(options.quantity, '--quantity', problems),
      userId: await userFrom(ctx, options.user, problems),
      comment: options.comment,
    };
    const known = new Set(problems.issues.map((i) => i.field));
    const { check, stockAdjustmentSchema } = await import('../../../lib/inventory/schemas.js');
    const result = check(stockAdjustmentSchema, body, { fieldName: (field) => FLAG_OF[field] ?? field });
    // A flag already reported (bad number, missing) is not reported twice.
    if (!result.ok) problems.issues.push(...result.issues.filter((i) => !known.has(i.field)));
    problems.throwIfAny();

    const { warehouseId, productId, adjustmentQuantity } = body as { warehouseId: number; productId: number; adjustmentQuantity: number };
    const client = await ctx.inventory();
    const levels = await client.levelsFor(warehouseId, [productId]);
    let current = levels.get(productId);
    if (current === undefined) {
      await client.getProduct(productId); // exit 4 when the product does not exist
      current = 0;
    }
    if (current + adjustmentQuantity < 0) {
      throw new RejectedError(
        `refused: adjusting product ${productId} by ${adjustmentQuantity} would leave ${current + adjustmentQuantity} in warehouse ${warehouseId} (on hand: ${current})`,
        { hint: `Nothing was sent. Stock cannot go below zero; the most you can remove is ${current}.` },
      );
    }
    let adjustment;
    try {
      adjustment = await client.adjustStock(body);
    } catch (error) {
      // Stock moved between the read and the send: the service's own refusal, said in the same words.
      if (error instanceof ApiError && error.category === 'rejected' && error.hasCode('insufficient_stock', 'negative_stock', 'stock_below_zero')) {
        throw new RejectedError(`refused by the service: adjusting product ${productId} by ${adjustmentQuantity} would leave negative stock in warehouse ${warehouseId}`, {
          cause: error,
          details: [error.message],
          hint: 'Nothing was applied. The stock changed since it was read; check it with `venue inventory stock levels`.',
        });
      }
      throw error;
    }
    ctx.terminal.success(
      `product ${productId} in warehouse ${warehouseId}: ${adjustment.previousQuantity ?? current} → ${adjustment.newQuantity ?? current + adjustmentQuantity}`,
    );
    await ctx.output.record(adjustment, {
      columns: ['adjustmentId', 'productId', 'warehouseId', 'adjustmentQuantity', 'previousQuantity', 'newQuantity', 'userId', 'comment', { key: 'createdAt', format: 'datetime' }],
    });
  },
});
