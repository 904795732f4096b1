import { defineCommand } from '../define.js';
import { RECORD_SHAPES } from '../../lib/records.js';

export default defineCommand({
  name: 'containers',
  summary: 'Container types, used as containerId in a supplier link',
  record: RECORD_SHAPES.container,
  examples: ['venue inventory containers'],
  fleet: 'read',
  async run(ctx) {
    const client = await ctx.inventory();
    await ctx.output.list(await client.containers(), {
      columns: [{ key: 'containerId', header: 'ID' }, { key: 'name', identifies: true }, 'units'],
      empty: 'No container types.',
    });
  },
});
