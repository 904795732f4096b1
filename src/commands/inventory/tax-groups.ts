import { defineCommand } from '../define.js';

export default defineCommand({
  name: 'tax-groups',
  summary: "Tax groups of the location's tax zone",
  fields: ['taxGroup', 'name', 'rate'],
  examples: ['venue inventory tax-groups'],
  fleet: 'read',
  async run(ctx) {
    const client = await ctx.inventory();
    await ctx.output.list(await client.taxGroups(), { columns: [{ key: 'taxGroup', header: 'ID' }, 'name', 'rate'], empty: 'No tax groups.' });
  },
});
