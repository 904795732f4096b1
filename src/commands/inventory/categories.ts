import { defineCommand } from '../define.js';
import { RECORD_SHAPES } from '../../lib/records.js';

export default defineCommand({
  name: 'categories',
  summary: 'Product categories of the local location (ids are 10 characters, space-padded)',
  record: RECORD_SHAPES.category,
  examples: ['venue inventory categories', 'venue inventory categories -o json'],
  fleet: 'read',
  async run(ctx) {
    const client = await ctx.inventory();
    await ctx.output.list(await client.categories(), {
      columns: [
        { key: 'categoryId', header: 'ID' },
        { key: 'name', identifies: true },
      ],
      empty: 'No categories.',
    });
  },
});
