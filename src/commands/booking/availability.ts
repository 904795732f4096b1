import { argument, defineCommand, option } from '../define.js';
import { addDays, localDate, weekdayIndex } from '../../lib/booking/dates.js';
import type { AvailabilityDay } from '../../lib/booking/client.js';
import type { Palette } from '../../lib/screen.js';
import type { Context } from '../../cli/context.js';
import { checkFlags } from './shared.js';
import { RECORD_SHAPES } from '../../lib/records.js';
import { impossibleValues } from '../../lib/reading.js';
import { dayProblems } from '../../lib/booking/shapes.js';

interface Options {
  from?: string;
  days?: string;
}

/** A week a row, Monday first: each day shows its date and the places left. */
export function calendarGrid(days: AvailabilityDay[], paint: Palette): string {
  if (!days.length) return '';
  const byDate = new Map(days.map((d) => [d.date, d]));
  const first = days[0]!.date;
  const last = days[days.length - 1]!.date;
  const cellWidth = 10;
  const pad = (text: string, visible = text.length) => text + ' '.repeat(Math.max(0, cellWidth - visible));
  const lines = [
    ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
      .map((d) => pad(paint.bold(d), d.length))
      .join('')
      .trimEnd(),
  ];
  for (let weekStart = addDays(first, -weekdayIndex(first)); weekStart <= last; weekStart = addDays(weekStart, 7)) {
    const dateRow: string[] = [];
    const leftRow: string[] = [];
    for (let i = 0; i < 7; i++) {
      const date = addDays(weekStart, i);
      const day = byDate.get(date);
      dateRow.push(pad(day ? date.slice(5) : ''));
      if (!day) leftRow.push(pad(''));
      else if (day.remaining > 0) leftRow.push(pad(paint.green(String(day.remaining)), String(day.remaining).length));
      else leftRow.push(pad(paint.red('full'), 4));
    }
    lines.push(dateRow.join('').trimEnd(), leftRow.join('').trimEnd());
  }
  return `${lines.join('\n')}\n`;
}

export default defineCommand<Options>({
  name: 'availability',
  args: [argument('<experienceId>', { kind: 'experience' })],
  summary: 'Places left per day for an experience (a calendar on a terminal, rows otherwise)',
  record: RECORD_SHAPES.availabilityDay,
  examples: [
    'venue booking availability exp-laser-tag',
    'venue booking availability exp-escape-room --from +7d --days 7 -o csv',
  ],
  options: [
    option('--from <date>', 'first day: YYYY-MM-DD, today, tomorrow or +Nd (default: today)', {
      kind: 'date',
      filter: { field: 'date', how: 'from' },
    }),
    option('--days <n>', 'number of days to show, 1 to 31 (default: 14)', {
      kind: 'unsigned',
      filter: { field: 'date', how: 'days' },
    }),
  ],
  fleet: 'read',
  async run(ctx, options, experienceId) {
    const { dates, numbers } = await checkFlags(ctx, [
      { kind: 'id', flag: 'experienceId', value: experienceId },
      { kind: 'date', flag: '--from', value: options.from },
      { kind: 'days', flag: '--days', value: options.days },
    ]);
    const from = dates['--from'] ?? localDate(ctx.now());
    const client = await ctx.booking();
    const days = await client.availability(experienceId!.trim(), from, numbers['--days'] ?? 14);
    await show(ctx, days, experienceId!, from);
    // Shown as sent; a day that cannot be (places below zero or beyond capacity) is named and fails the command.
    const flagged = impossibleValues(
      { service: 'booking', operation: 'check availability' },
      days.flatMap(dayProblems),
    );
    if (flagged) throw flagged;
  },
});

/** A calendar on a terminal, rows otherwise. */
async function show(ctx: Context, days: AvailabilityDay[], experienceId: string, from: string): Promise<void> {
  if (!ctx.output.isMachine && ctx.terminal.stdoutIsTTY && !ctx.globals.fields) {
    if (!days.length) ctx.terminal.info(`No availability for ${experienceId} from ${from}.`);
    else {
      ctx.terminal.info(`Places left for ${experienceId}, ${days[0]!.date} to ${days[days.length - 1]!.date}:`);
      ctx.terminal.write(calendarGrid(days, ctx.terminal.stdoutColours));
    }
    return;
  }
  await ctx.output.list(days as unknown as Record<string, unknown>[], {
    columns: [
      'date',
      { key: 'sessions', format: 'number' },
      { key: 'capacity', format: 'number' },
      { key: 'remaining', format: 'number' },
    ],
    empty: `No availability for ${experienceId} from ${from}.`,
  });
}
