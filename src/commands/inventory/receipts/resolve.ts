import { defineCommand } from '../../define.js';
import { UsageError } from '../../../lib/errors.js';

interface ResolveOptions {
  applied?: boolean;
  notApplied?: boolean;
  note?: string;
}

export default defineCommand<ResolveOptions>({
  name: 'resolve',
  args: '<id>',
  summary: 'Settle a receipt with an unknown outcome by hand: --applied or --not-applied',
  description:
    'After checking the stock levels, say what happened to a receipt whose answer was lost. --applied makes a rerun of it a no-op; ' +
    '--not-applied makes the next run of the same command send it. Only unknown receipts (or ones left "sending" by a run that ' +
    'died) can be settled; nothing is sent to the service.',
  examples: ['venue inventory receipts resolve 3f9a2c01bd77 --applied', 'venue inventory receipts resolve 3f9a2c --not-applied --note "levels unchanged at 09:10"'],
  configure(cmd) {
    cmd
      .option('--applied', 'the receipt was applied: its stock is in')
      .option('--not-applied', 'the receipt was not applied: the next run sends it')
      .option('--note <text>', 'why, kept in the receipt history');
  },
  async run(ctx, options, idOrPrefix) {
    if (Boolean(options.applied) === Boolean(options.notApplied)) {
      throw new UsageError('pass exactly one of --applied or --not-applied');
    }
    const { ReceiptJournal, shortId } = await import('../../../lib/inventory/receipt-journal.js');
    const journal = new ReceiptJournal(await ctx.stateDir(), () => ctx.now());
    const entry = journal.find(await ctx.profileName(), idOrPrefix!);
    if (entry.status !== 'unknown' && entry.status !== 'sending') {
      throw new UsageError(`receipt ${shortId(entry.id)} is ${entry.status}, not unknown: there is nothing to resolve`, {
        hint: entry.status === 'not-applied' ? 'Run the same `stock receive` command again to send it.' : undefined,
      });
    }
    // A run holding the lock is still sending it: settling now would race it.
    const release = await journal.lock(entry.id);
    try {
      const status = options.applied ? 'applied' : 'not-applied';
      const stamp = new Date(ctx.now()).toISOString().replace(/\.\d{3}Z$/, 'Z');
      const settled = await journal.setStatus(
        entry.id,
        status,
        status === 'applied' ? { recordedAt: stamp } : {},
        `resolved by hand${options.note ? `: ${options.note}` : ''}`,
      );
      await ctx.output.record({ id: settled.id, status: settled.status, warehouseId: settled.warehouseId, poNumber: settled.poNumber, invoice: settled.invoice, items: settled.items.length }, {
        columns: ['id', 'status', 'warehouseId', 'poNumber', 'invoice', 'items'],
      });
      ctx.terminal.success(
        status === 'applied'
          ? `Receipt ${shortId(settled.id)} marked applied: a rerun of it does nothing.`
          : `Receipt ${shortId(settled.id)} marked not applied: running the same command again sends it.`,
      );
    } finally {
      await release().catch(() => undefined); // a lock already gone must not fail a finished receipt
    }
  },
});
