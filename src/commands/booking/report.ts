import { defineCommand, option } from '../define.js';
import { checkFlags } from './shared.js';
import { ValidationError } from '../../lib/errors.js';
import { RECORD_SHAPES } from '../../lib/records.js';

interface Options {
  from?: string;
  to?: string;
  location?: string;
}

export default defineCommand<Options>({
  name: 'report',
  summary: 'Sales of experiences per day and experience, with totals',
  record: RECORD_SHAPES.reportRow,
  description:
    'Confirmed sales grouped by the day the sale was recorded and the experience, built from the rows the service sends ' +
    '(already summed, or one per reservation, sale or order: rows whose status is not a confirmed sale are left out, and the command says how many). ' +
    'Money is summed in cents. The table ends with a TOTAL row; ' +
    '-o csv (for spreadsheets) and -o ndjson carry the same total as a last row with date "TOTAL"; -o json gives {fromDate, toDate, rows, totals}.',
  examples: [
    'venue booking report --from -7d --to today',
    'venue booking report --from 2026-11-01 --to 2026-11-30 --location loc-riverside -o csv > november.csv',
  ],
  options: [
    option(
      '--from <date>',
      'first day: YYYY-MM-DD, today, tomorrow, +Nd or -Nd (default: the service decides, 30 days back)',
      { kind: 'date', filter: { field: 'date', how: 'from' } },
    ),
    option('--to <date>', 'last day, same forms (default: today)', {
      kind: 'date',
      filter: { field: 'date', how: 'to' },
    }),
    option('--location <id>', 'only this location', {
      filter: { field: 'locationId', how: 'equals' },
      kind: 'location',
    }),
  ],
  fleet: 'read',
  async run(ctx, options) {
    const { dates } = await checkFlags(ctx, [
      { kind: 'date', flag: '--from', value: options.from },
      { kind: 'date', flag: '--to', value: options.to },
      { kind: 'id', flag: '--location', value: options.location },
    ]);
    const fromDate = dates['--from'];
    const toDate = dates['--to'];
    if (fromDate && toDate && fromDate > toDate)
      throw new ValidationError([{ field: '--from', rule: `must not be after --to (${fromDate} > ${toDate})` }]);
    const client = await ctx.booking();
    const report = await client.report({ fromDate, toDate, locationId: options.location?.trim() });
    const rows: Record<string, unknown>[] = report.rows.map((r) => ({ ...r }));
    const total = {
      date: 'TOTAL',
      locationId: '',
      experienceId: '',
      experienceName: '',
      orders: report.totals.orders,
      quantity: report.totals.quantity,
      revenue: report.totals.revenue,
    };
    const { leftOut } = report;
    if (leftOut.rows) {
      const statuses = Object.entries(leftOut.statuses)
        .map(([status, n]) => `${n} ${status}`)
        .join(', ');
      ctx.terminal.warn(
        `${leftOut.rows} row${leftOut.rows === 1 ? '' : 's'} of the service's report left out of the sales and totals: not confirmed sales (${statuses}).`,
      );
    }
    if (ctx.output.format === 'json') {
      await ctx.output.record({
        fromDate: report.fromDate,
        toDate: report.toDate,
        rows: report.rows,
        totals: report.totals,
        leftOut,
      });
      return;
    }
    if (!ctx.output.isMachine && !rows.length) {
      ctx.terminal.info(
        `No sales${report.fromDate ? ` from ${report.fromDate}` : ''}${report.toDate ? ` to ${report.toDate}` : ''}.`,
      );
      return;
    }
    if (!ctx.output.isMachine)
      ctx.terminal.info(
        `Sales${report.fromDate ? ` from ${report.fromDate}` : ''}${report.toDate ? ` to ${report.toDate}` : ''}${options.location ? ` at ${options.location}` : ''}:`,
      );
    // Tables name the experience by its name, or its id when the service gave no name.
    const listed = [...rows, total].map((row) =>
      ctx.output.isMachine ? row : { ...row, experience: row.experienceName ?? row.experienceId },
    );
    await ctx.output.list(listed, {
      columns: ctx.output.isMachine
        ? ['date', 'locationId', 'experienceId', 'experienceName', 'orders', 'quantity', 'revenue']
        : [
            'date',
            { key: 'experience', header: 'Experience' },
            { key: 'orders', format: 'number' },
            { key: 'quantity', header: 'Places', format: 'number' },
            { key: 'revenue', format: 'money' },
          ],
    });
  },
});
