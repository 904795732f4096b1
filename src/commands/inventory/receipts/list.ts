import { defineCommand, option } from '../../define.js';
import { UsageError } from '../../../lib/errors.js';
import { ReceiptJournal, shortId } from '../../../lib/inventory/receipt-journal.js';
import { needsPerson, unsettledListed } from '../../../lib/writes/journal.js';

interface ListOptions {
  status?: string;
}

const statuses = ['sending', 'recorded', 'applied', 'not-applied', 'unknown'];

export default defineCommand<ListOptions>({
  name: 'list',
  summary: 'Receipts recorded from this machine, with their outcome',
  fields: ['id', 'status', 'when', 'warehouseId', 'supplierId', 'poNumber', 'invoice', 'items', 'receiptId'],
  description:
    'The local receipt journal of the current profile, newest first. Status: recorded (the service accepted it), applied (a person ' +
    'said so with `receipts resolve`), not-applied (refused, never sent, or resolved so: the next run sends it), unknown (the answer ' +
    "was lost: settle it with `receipts resolve`), sending (a run is sending it, or died while sending). -o json gives each entry's " +
    'full id (fingerprint) as well. Exits 7 when the list shows a receipt whose outcome is unknown (or whose sending run died): ' +
    'a person must settle it; 0 otherwise (`venue help exit-codes`).',
  examples: ['venue inventory receipts list', 'venue inventory receipts list --status unknown -o json'],
  options: [
    option('--status <status>', `only receipts with this status (${statuses.join(', ')})`, {
      choices: statuses,
      filter: { field: 'status', how: 'equals' },
    }),
  ],
  fleet: 'read',
  async run(ctx, options) {
    if (options.status !== undefined && !statuses.includes(options.status)) {
      throw new UsageError(`--status must be one of ${statuses.join(', ')} (got "${options.status}")`);
    }
    const journal = new ReceiptJournal(await ctx.stateDir(), () => ctx.now(), ctx.terminal.secrets);
    const entries = journal.list(await ctx.profileName()).filter((e) => !options.status || e.status === options.status);
    const rows = entries.map((e) => ({
      id: shortId(e.id),
      fingerprint: e.id,
      status: e.status,
      when: e.recordedAt ?? e.updatedAt,
      warehouseId: e.warehouseId,
      supplierId: e.supplierId ?? null,
      poNumber: e.poNumber ?? null,
      invoice: e.invoice ?? null,
      items: e.items.length,
      receiptId: e.receiptId ?? null,
      attempts: e.attempts,
    }));
    await ctx.output.list(rows, {
      columns: [
        'id',
        'status',
        { key: 'when', format: 'datetime' },
        'warehouseId',
        'supplierId',
        'poNumber',
        'invoice',
        'items',
        'receiptId',
      ],
      empty: options.status
        ? `No ${options.status} receipts in the journal.`
        : 'No receipts in the journal of this profile yet.',
    });
    const unsettled = entries.filter(needsPerson);
    const error = unsettledListed(
      unsettled.length,
      ['receipt', 'receipts'],
      `Settle each: ${unsettled
        .slice(0, 3)
        .map((e) => `\`venue inventory receipts resolve ${shortId(e.id)}\``)
        .join(
          ', ',
        )}${unsettled.length > 3 ? ', …' : ''} (it shows the evidence; --applied or --not-applied in a script).`,
    );
    if (error) throw error;
  },
});
