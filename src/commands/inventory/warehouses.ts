import { defineCommand, option } from '../define.js';
import { FlagProblems, parseInteger } from './flags.js';
import { RECORD_SHAPES } from '../../lib/records.js';

interface Options {
  location?: string;
}

export default defineCommand<Options>({
  name: 'warehouses',
  summary: "Warehouses of a location (the venue's own by default)",
  record: RECORD_SHAPES.warehouse,
  examples: ['venue inventory warehouses', 'venue inventory warehouses --location 2'],
  options: [
    option('--location <id>', 'location id (default: the local location)', {
      kind: 'inventory-location',
      filter: { field: 'locationId', how: 'equals' },
    }),
  ],
  fleet: 'read',
  async run(ctx, options) {
    const problems = new FlagProblems();
    const locationId = parseInteger(options.location, '--location', problems, { min: 1 });
    problems.throwIfAny();
    const client = await ctx.inventory();
    await ctx.output.list(await client.warehouses(locationId), {
      columns: [
        { key: 'warehouseId', header: 'ID' },
        { key: 'name', identifies: true },
        { key: 'locationId', header: 'Location' },
      ],
      empty: 'No warehouses at that location.',
    });
  },
});
