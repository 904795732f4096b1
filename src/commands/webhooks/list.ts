import { defineCommand } from '../define.js';
import { RECORD_SHAPES } from '../../lib/records.js';
import { placeholder, venueHint } from '../../lib/hint-command.js';
import { WebhooksClient } from '../../lib/webhooks/client.js';

export default defineCommand({
  name: 'list',
  summary: 'List the active webhook subscribers (never their secrets)',
  record: RECORD_SHAPES.subscriber,
  examples: ['venue webhooks list', 'venue webhooks list -o json'],
  fleet: 'read',
  async run(ctx) {
    const client = new WebhooksClient(await ctx.serviceDeps('inventory'));
    const subscribers = await client.list();
    await ctx.output.list(subscribers as unknown as Record<string, unknown>[], {
      columns: [
        'id',
        'url',
        { key: 'eventTypes', header: 'Events', format: 'list' },
        { key: 'isActive', header: 'Active', format: 'bool' },
        { key: 'createdAt', format: 'datetime' },
      ],
      empty: `No webhook subscribers. Add one with ${venueHint(['webhooks', 'create', '--url', placeholder('url'), '--events', placeholder('events'), '--generate-secret'])}.`,
    });
  },
});
