import { defineCommand, option } from '../define.js';
import { FlagProblems, parsePaddedId } from './flags.js';
import { RECORD_SHAPES } from '../../lib/records.js';

interface Options {
  category?: string;
}

export default defineCommand<Options>({
  name: 'classes',
  summary: 'Product classes, optionally of one category',
  record: RECORD_SHAPES.class,
  examples: ['venue inventory classes', 'venue inventory classes --category SNACKS'],
  options: [
    option('--category <id>', 'only classes of this category (padded to 10 characters for you)', {
      kind: 'category',
      filter: { field: 'categoryId', how: 'equals' },
    }),
  ],
  fleet: 'read',
  async run(ctx, options) {
    const problems = new FlagProblems();
    const categoryId = parsePaddedId(options.category, '--category', problems);
    problems.throwIfAny();
    const client = await ctx.inventory();
    await ctx.output.list(await client.classes(categoryId), {
      columns: [
        { key: 'classId', header: 'ID' },
        { key: 'categoryId', header: 'Category' },
        { key: 'name', identifies: true },
      ],
      empty: 'No classes.',
    });
  },
});
