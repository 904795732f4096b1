import { defineCommand, option } from '../../define.js';
import { writeStatuses, shortId, needsPerson, unsettledListed } from '../../../lib/writes/journal.js';
import { UsageError } from '../../../lib/errors.js';
import { StockChangeJournal } from '../../../lib/inventory/stock-change-journal.js';

/** A journal entry's statuses (writes/journal.ts's writeStatuses: a unit test holds them equal). */
export const statuses = ['sending', 'recorded', 'applied', 'not-applied', 'unknown'] as const;

interface ChangesOptions {
  status?: string;
}

export default defineCommand<ChangesOptions>({
  name: 'changes',
  summary: 'Stock takes and adjustments sent from this machine, with their outcome',
  fields: ['id', 'kind', 'status', 'when', 'warehouseId', 'items', 'resultId', 'comment'],
  description:
    'The local journal of stock takes and adjustments of the current profile, newest first. Status: recorded (the service accepted ' +
    'it), applied (a person said so), not-applied (refused, never sent, or resolved so), unknown (the answer was lost: settle it with ' +
    '`venue inventory stock resolve`), sending (a run is sending it, or died while sending). -o json adds the levels and history. ' +
    'Exits 7 when the list shows one whose outcome is unknown (or whose sending run died): a person must settle it; 0 otherwise (`venue help exit-codes`).',
  examples: ['venue inventory stock changes', 'venue inventory stock changes --status unknown -o json'],
  options: [
    option('--status <status>', `only entries with this status (${statuses.join(', ')})`, {
      choices: statuses,
      filter: { field: 'status', how: 'equals' },
    }),
  ],
  fleet: 'read',
  async run(ctx, options) {
    if (options.status !== undefined && !(writeStatuses as readonly string[]).includes(options.status)) {
      throw new UsageError(`--status must be one of ${writeStatuses.join(', ')} (got "${options.status}")`);
    }
    const journal = new StockChangeJournal(await ctx.stateDir(), () => ctx.now(), ctx.terminal.secrets);
    const entries = journal.list(await ctx.profileName()).filter((e) => !options.status || e.status === options.status);
    const unsettled = entries.filter(needsPerson);
    const error = unsettledListed(
      unsettled.length,
      ['stock take or adjustment', 'stock takes and adjustments'],
      `Settle each: ${unsettled
        .slice(0, 3)
        .map((e) => `\`venue inventory stock resolve ${shortId(e.id)}\``)
        .join(
          ', ',
        )}${unsettled.length > 3 ? ', …' : ''} (it shows the evidence; --applied or --not-applied in a script).`,
    );
    if (ctx.output.isMachine && ctx.output.format !== 'csv') {
      await ctx.output.list(entries.map((e) => ({ ...e })));
      if (error) throw error;
      return;
    }
    await ctx.output.list(
      entries.map((e) => ({
        id: shortId(e.id),
        kind: e.kind,
        status: e.status,
        when: e.recordedAt ?? e.updatedAt,
        warehouseId: e.warehouseId,
        items: e.items.length,
        resultId: e.resultId ?? null,
        comment: e.comment ?? null,
      })),
      {
        columns: [
          'id',
          'kind',
          'status',
          { key: 'when', format: 'datetime' },
          'warehouseId',
          'items',
          'resultId',
          'comment',
        ],
        empty: options.status
          ? `No ${options.status} stock takes or adjustments in the journal.`
          : 'No stock takes or adjustments in the journal of this profile yet.',
      },
    );
    if (error) throw error;
  },
});
