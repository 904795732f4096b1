import { argument, defineCommand } from '../../define.js';
import { ReceiptJournal, receiptItemRows } from '../../../lib/inventory/receipt-journal.js';

export default defineCommand({
  name: 'show',
  args: [argument('<id>', { kind: 'receipt' })],
  summary: 'One receipt of the journal: its items, levels before and after, and history',
  examples: ['venue inventory receipts show ec3bae', 'venue inventory receipts show ec3bae8dc712 -o json'],
  fleet: 'read',
  async run(ctx, _options, idOrPrefix) {
    const journal = new ReceiptJournal(await ctx.stateDir(), () => ctx.now(), ctx.terminal.secrets);
    const entry = journal.findByPrefix(await ctx.profileName(), idOrPrefix!);
    if (ctx.output.isMachine && ctx.output.format !== 'csv') {
      await ctx.output.record({ ...entry });
      return;
    }
    const items = receiptItemRows(entry);
    if (ctx.output.format === 'csv') {
      await ctx.output.list(items, { columns: ['productId', 'quantity', 'value', 'before', 'after'] });
      return;
    }
    await ctx.output.record(
      {
        id: entry.id,
        status: entry.status,
        receiptId: entry.receiptId,
        recordedAt: entry.recordedAt,
        createdAt: entry.createdAt,
        updatedAt: entry.updatedAt,
        warehouseId: entry.warehouseId,
        supplierId: entry.supplierId,
        poNumber: entry.poNumber,
        invoice: entry.invoice,
        userId: entry.userId,
        comment: entry.comment,
        attempts: entry.attempts,
      },
      {
        columns: [
          'id',
          'status',
          'receiptId',
          { key: 'recordedAt', format: 'datetime' },
          { key: 'createdAt', format: 'datetime' },
          { key: 'updatedAt', format: 'datetime' },
          'warehouseId',
          'supplierId',
          'poNumber',
          'invoice',
          'userId',
          'comment',
          'attempts',
        ],
      },
    );
    await ctx.output.list(items, {
      columns: ['productId', 'quantity', { key: 'value', format: 'money' }, 'before', 'after'],
    });
    if (entry.history.length) {
      ctx.terminal.info('History:');
      for (const event of entry.history)
        ctx.terminal.info(`  ${event.at}  ${event.status}${event.note ? `  ${event.note}` : ''}`);
    }
  },
});
