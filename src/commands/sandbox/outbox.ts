import { machineWide } from './machine-wide.js';
import { defineCommand, option } from '../define.js';
import { sandboxControl } from '../../lib/sandbox-control.js';
import { UsageError } from '../../lib/errors.js';

export default defineCommand<{ to?: string; limit?: string }>({
  name: 'outbox',
  summary: 'Mails the sandbox sent (password reset codes), newest first',
  examples: ['venue sandbox outbox', 'venue sandbox outbox --to guest@example.com -o json'],
  options: [
    option('--to <email>', 'only mails to this address', { kind: 'email' }),
    option('--limit <n>', 'at most this many (newest first)', { kind: 'unsigned' }),
  ],
  fleet: machineWide,
  async run(ctx, options) {
    const limit = options.limit === undefined ? undefined : Number(options.limit);
    if (limit !== undefined && (!Number.isInteger(limit) || limit < 1))
      throw new UsageError(`--limit must be a whole number of at least 1, not "${options.limit}"`);
    const control = await sandboxControl(ctx.env);
    const items = await control.call((client) => client.outbox({ to: options.to }));
    const rows = (limit ? items.slice(0, limit) : items) as unknown as Record<string, unknown>[];
    await ctx.output.list(rows, {
      columns: [
        { key: 'sentAt', header: 'Time', format: 'datetime' },
        { key: 'to', header: 'To' },
        { key: 'subject', header: 'Subject' },
        { key: 'body', header: 'Body' },
      ],
      empty: options.to ? `No mail to ${options.to}.` : 'The outbox is empty.',
    });
  },
});
