import { defineCommand } from '../define.js';
import { RECORD_SHAPES } from '../../lib/records.js';

export default defineCommand({
  name: 'locations',
  summary: 'List the locations that sell experiences',
  record: RECORD_SHAPES.location,
  examples: ['venue booking locations', 'venue booking locations -o json'],
  fleet: 'read',
  async run(ctx) {
    const client = await ctx.booking();
    const locations = await client.locations();
    await ctx.output.list(locations as unknown as Record<string, unknown>[], {
      columns: ['id', { key: 'name', identifies: true }, 'city', 'currency'],
      empty: 'The booking service lists no locations.',
    });
  },
});
