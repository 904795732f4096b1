import { machineWide } from './machine-wide.js';
import { defineCommand, option } from '../define.js';
import { UsageError } from '../../lib/errors.js';
import { parseEventTypes } from '../../lib/webhooks/rules.js';
import { sandboxControl } from '../../lib/sandbox-control.js';
import { ensureSandboxRunning } from '../../lib/sandbox-launcher.js';

interface DeliveriesOptions {
  status?: string;
  type?: string;
  limit: string;
  body?: boolean;
  redeliver?: string;
}

const statuses = ['pending', 'delivered', 'failed'];

export default defineCommand<DeliveriesOptions>({
  name: 'deliveries',
  summary: 'Webhook deliveries the sandbox made, with their attempts',
  description:
    "The sandbox's delivery log, newest first: each delivery's subscriber URL, status (pending, delivered, " +
    'failed), attempts, last answer and next retry. Failed receivers are retried after 1, 2, 4, 8 and 16 s.',
  examples: [
    'venue sandbox deliveries',
    'venue sandbox deliveries --status failed -o json',
    'venue sandbox deliveries --redeliver "$(venue sandbox deliveries --limit 1 --fields id -o csv | tail -1)"',
  ],
  options: [
    option('--status <status>', `only ${statuses.join(', ')}`, { choices: statuses }),
    option('--type <event-type>', 'only this event type', { kind: 'event-type' }),
    option('--limit <n>', 'at most this many', { kind: 'unsigned', default: '50' }),
    option('--body', 'include the exact body that was signed'),
    option('--redeliver <deliveryId>', 'send one delivery again, starting its attempts afresh', { kind: 'text' }),
  ],
  fleet: machineWide,
  async run(ctx, options) {
    if (options.status && !statuses.includes(options.status))
      throw new UsageError(`--status must be one of ${statuses.join(', ')} (got "${options.status}")`);
    const type = options.type ? parseEventTypes(options.type, '--type')[0] : undefined;
    const limit = Number(options.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
      throw new UsageError(`--limit must be a whole number from 1 to 1000 (got "${options.limit}")`);
    await ensureSandboxRunning(ctx.terminal, ctx.env);
    const control = await sandboxControl(ctx.env);
    if (options.redeliver) {
      const delivery = await control.call((client) => client.redeliver(options.redeliver!));
      ctx.terminal.info(
        `redelivered ${options.redeliver}: ${String(delivery.status)}${delivery.lastStatus ? ` (${String(delivery.lastStatus)})` : ''}`,
      );
      const { body: _body, ...rest } = delivery;
      await ctx.output.record(options.body ? delivery : rest);
      return;
    }
    const deliveries = await control.call((client) => client.deliveries({ status: options.status, type, limit }));
    const rows = deliveries.map((d) => (options.body ? d : (({ body: _body, ...rest }) => rest)(d)));
    await ctx.output.list(rows as unknown as Record<string, unknown>[], {
      columns: [
        'id',
        'type',
        'url',
        'status',
        'attempts',
        'lastStatus',
        'lastError',
        { key: 'nextAttemptAt', format: 'datetime' },
        { key: 'createdAt', format: 'datetime' },
      ],
      empty: 'No deliveries yet. Subscribe with `venue webhooks create`, then `venue sandbox trigger <event-type>`.',
    });
  },
});
