import { defineCommand, option } from '../define.js';
import { checkFlags } from './shared.js';
import { RECORD_SHAPES } from '../../lib/records.js';

interface Options {
  location: string;
}

export default defineCommand<Options>({
  name: 'experiences',
  summary: 'List the experiences of a location',
  record: RECORD_SHAPES.experience,
  examples: ['venue booking experiences --location loc-riverside'],
  options: [
    option('--location <id>', 'location id (see `venue booking locations`)', {
      filter: { field: 'locationId', how: 'equals' },
      kind: 'location',
      required: true,
    }),
  ],
  fleet: 'read',
  async run(ctx, options) {
    await checkFlags(ctx, [{ kind: 'id', flag: '--location', value: options.location }]);
    const client = await ctx.booking();
    const experiences = await client.experiences(options.location.trim());
    await ctx.output.list(experiences as unknown as Record<string, unknown>[], {
      columns: [
        'id',
        { key: 'name', identifies: true },
        { key: 'durationMinutes', header: 'Minutes', format: 'number' },
        { key: 'price', format: 'money' },
        'description',
      ],
      empty: `Location ${options.location} has no experiences.`,
    });
  },
});
