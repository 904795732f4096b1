import { argument, defineCommand, option } from '../define.js';
import { localDate } from '../../lib/booking/dates.js';
import { checkFlags } from './shared.js';
import { RECORD_SHAPES } from '../../lib/records.js';
import { impossibleValues } from '../../lib/reading.js';
import { slotProblems } from '../../lib/booking/shapes.js';

interface Options {
  date?: string;
}

export default defineCommand<Options>({
  name: 'sessions',
  args: [argument('<experienceId>', { kind: 'experience' })],
  summary: 'List the session slots of an experience on a day, with the places left',
  record: RECORD_SHAPES.slot,
  examples: [
    'venue booking sessions exp-laser-tag --date tomorrow',
    'venue booking sessions exp-escape-room --date 2026-12-05 -o json',
  ],
  options: [
    option('--date <date>', 'YYYY-MM-DD, today, tomorrow or +Nd (default: today)', {
      kind: 'date',
      filter: { field: 'date', how: 'on' },
    }),
  ],
  fleet: 'read',
  async run(ctx, options, experienceId) {
    const { dates } = await checkFlags(ctx, [
      { kind: 'id', flag: 'experienceId', value: experienceId },
      { kind: 'date', flag: '--date', value: options.date },
    ]);
    const date = dates['--date'] ?? localDate(ctx.now());
    const client = await ctx.booking();
    const slots = await client.sessions(experienceId!.trim(), date);
    // Start and end in the one time format, as every command shows a moment (the venue's zone when it is set).
    await ctx.output.list(
      slots.map((s) => ({ ...s })),
      {
        columns: ctx.output.isMachine
          ? ['id', 'date', 'startTime', 'endTime', 'capacity', 'remaining', 'price']
          : [
              { key: 'id', header: 'Session' },
              { key: 'startTime', header: 'Start', format: 'datetime' },
              { key: 'endTime', header: 'End', format: 'datetime' },
              { key: 'remaining', header: 'Left', format: 'number' },
              { key: 'capacity', format: 'number' },
              { key: 'price', format: 'money' },
            ],
        empty: `No sessions of ${experienceId} on ${date}.`,
      },
    );
    // Shown as sent; a session that cannot be (ending before it starts, places below zero) is named and fails the command.
    const flagged = impossibleValues({ service: 'booking', operation: 'list sessions' }, slots.flatMap(slotProblems));
    if (flagged) throw flagged;
  },
});
