import { defineCommand } from '../define.js';

export default defineCommand({
  name: 'health',
  summary: 'Is the inventory service up, and is its database connected? (no credentials needed)',
  examples: ['venue inventory health', 'venue inventory health -o json'],
  async run(ctx) {
    const client = await ctx.inventory();
    const health = await client.health();
    await ctx.output.record(health, { columns: ['status', 'database', 'time'] });
  },
});
