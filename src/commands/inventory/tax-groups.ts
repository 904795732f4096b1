import { defineCommand } from '../define.js';
import { RECORD_SHAPES } from '../../lib/records.js';

export default defineCommand({
  name: 'tax-groups',
  summary: "Tax groups of the location's tax zone",
  record: RECORD_SHAPES.taxGroup,
  examples: ['venue inventory tax-groups'],
  fleet: 'read',
  async run(ctx) {
    const client = await ctx.inventory();
    await ctx.output.list(await client.taxGroups(), {
      columns: [{ key: 'taxGroup', header: 'ID' }, { key: 'name', identifies: true }, 'rate'],
      empty: 'No tax groups.',
    });
  },
});
