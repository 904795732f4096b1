import { argument, defineCommand } from '../../define.js';
import { checkFlags } from '../shared.js';
import { UsageError } from '../../../lib/errors.js';
import { orderColumns, orderRow } from './view.js';
import { RECORD_SHAPES } from '../../../lib/records.js';

export default defineCommand({
  name: 'show',
  args: [argument('<orderId>', { kind: 'order' })],
  summary: 'Show an order and its payment (settles a payment whose answer was lost)',
  description:
    'Shows an order as the platform has it. This uses GET /api/v1/orders/{orderId}, a venue sandbox extension that is not in the vendor interface: a real service may not offer it.',
  examples: ['venue booking order show ord-000001', 'venue booking order show ord-000001 --json'],
  record: RECORD_SHAPES.order,
  fleet: 'read',
  async run(ctx, _options, orderId) {
    await checkFlags(ctx, [{ kind: 'id', flag: 'orderId', value: orderId }]);
    const client = await ctx.booking();
    const order = await client.findOrder(orderId!.trim());
    if (!order) {
      throw new UsageError('this booking service does not offer order lookups', {
        hint: "Check the sale in your payment records or the operator's administration area.",
      });
    }
    await ctx.output.record(orderRow(order), { columns: orderColumns });
  },
});
