import { machineWide } from './machine-wide.js';
import { argument, defineCommand, option } from '../define.js';
import { UsageError } from '../../lib/errors.js';
import { parseEventTypes } from '../../lib/webhooks/rules.js';
import type { InventoryActivity } from 'venue-sandbox';
import { sandboxControl } from '../../lib/sandbox-control.js';
import { ensureSandboxRunning } from '../../lib/sandbox-launcher.js';

/** What --fields takes: the event's (type, data) and its deliveries' fields in a table; event and deliveries in the machine formats. */
const triggerFields = [
  'type',
  'data',
  'id',
  'url',
  'status',
  'attempts',
  'lastStatus',
  'lastError',
  'event',
  'deliveries',
] as const;

interface TriggerOptions {
  product?: string;
  warehouse?: string;
  quantity?: string;
  comment?: string;
  wait: boolean;
}

function wholeNumber(value: string | undefined, flag: string, signed = false): number | undefined {
  if (value === undefined) return undefined;
  if (!(signed ? /^-?\d+$/ : /^\d+$/).test(value.trim()))
    throw new UsageError(`${flag} must be a whole number (got "${value}")`);
  return Number(value);
}

export default defineCommand<TriggerOptions>({
  name: 'trigger',
  args: [argument('<event-type>', { kind: 'event-type' })],
  summary: 'Simulate venue activity that sends an inventory webhook event',
  fields: triggerFields,
  description:
    'Performs in-venue activity on the sandbox (an adjustment, a receipt, a count, a product change), which ' +
    'changes the sandbox inventory and sends the event to every subscriber that wants it. Prints the event and ' +
    'the deliveries it caused, after their first attempt (--no-wait: at once).',
  examples: [
    'venue sandbox trigger stock.adjusted --product 1001 --warehouse 1 --quantity -2',
    'venue sandbox trigger product.created -o json',
  ],
  options: [
    option('--product <id>', 'product id the activity concerns', { kind: 'product' }),
    option('--warehouse <id>', 'warehouse id', { kind: 'warehouse' }),
    option('--quantity <n>', 'quantity (adjustments may be negative)', { kind: 'integer' }),
    option('--comment <text>', 'comment recorded with the activity', { kind: 'text' }),
    option('--no-wait', 'do not wait for the first delivery attempts'),
  ],
  fleet: machineWide,
  async run(ctx, options, eventType) {
    await ctx.output.checkFieldsBeforeSending();
    const [type] = parseEventTypes(eventType!, '<event-type>');
    const activity: InventoryActivity = { type: type! };
    const productId = wholeNumber(options.product, '--product');
    const warehouseId = wholeNumber(options.warehouse, '--warehouse');
    const quantity = wholeNumber(options.quantity, '--quantity', true);
    if (productId !== undefined) activity.productId = productId;
    if (warehouseId !== undefined) activity.warehouseId = warehouseId;
    if (quantity !== undefined) activity.quantity = quantity;
    if (options.comment !== undefined) activity.comment = options.comment;

    await ensureSandboxRunning(ctx.terminal, ctx.env);
    const control = await sandboxControl(ctx.env);
    const listed = () => control.call((client) => client.deliveries({ type, limit: 1000 }));
    const before = new Set((await listed()).map((d) => d.id));
    const event = await control.call((client) => client.trigger(activity));
    const caused = async () => (await listed()).filter((d) => !before.has(d.id));
    let deliveries = await caused();
    // The first attempt is made at once; waiting for it shows whether the subscriber answered.
    const deadline = Date.now() + 12_000;
    const firstAttemptRunning = (d: {
      status: string;
      attempts: number;
      lastStatus: number | null;
      lastError: string | null;
    }) => d.status === 'pending' && d.attempts <= 1 && d.lastStatus === null && d.lastError === null;
    while (options.wait && deliveries.some(firstAttemptRunning) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      deliveries = await caused();
    }
    const rows = deliveries.map(({ body: _body, ...rest }) => rest).reverse();
    if (ctx.output.isMachine) {
      await ctx.output.record({ event, deliveries: rows }, { afterWrite: true });
      return;
    }
    ctx.terminal.success(`${type} triggered in the sandbox`);
    await ctx.output.record(event ?? {}, { columns: ['type', 'data'], afterWrite: true });
    if (rows.length === 0) {
      ctx.terminal.info(`No subscriber wants ${type}; add one with \`venue webhooks create --events ${type} …\`.`);
      return;
    }
    await ctx.output.list(rows, {
      columns: ['id', 'url', 'status', 'attempts', 'lastStatus', 'lastError'],
      afterWrite: true,
    });
  },
});
