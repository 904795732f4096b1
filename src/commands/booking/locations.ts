import { defineCommand } from '../define.js';

export default defineCommand({
  name: 'locations',
  summary: 'List the locations that sell experiences',
  fields: ['id', 'name', 'city', 'currency'],
  examples: ['venue booking locations', 'venue booking locations -o json'],
  fleet: 'read',
  async run(ctx) {
    const client = await ctx.booking();
    const locations = await client.locations();
    await ctx.output.list(locations as unknown as Record<string, unknown>[], {
      columns: ['id', 'name', 'city', 'currency'],
      empty: 'The booking service lists no locations.',
    });
  },
});
