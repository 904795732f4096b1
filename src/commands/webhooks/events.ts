import { defineCommand } from '../define.js';
import { eventMeanings, inventoryEventTypes } from '../../lib/webhooks/events.js';

export default defineCommand({
  name: 'events',
  summary: 'The inventory event types a subscriber can ask for, and what each means',
  examples: ['venue webhooks events', 'venue webhooks events -o json'],
  fleet: 'read',
  async run(ctx) {
    const rows = inventoryEventTypes.map((type) => ({ type, meaning: eventMeanings[type] }));
    await ctx.output.list(rows, { columns: ['type', 'meaning'], bounded: true });
  },
});
