import { argument, defineCommand, option } from '../../define.js';
import { UsageError } from '../../../lib/errors.js';

interface ResolveOptions {
  applied?: boolean;
  notApplied?: boolean;
  note?: string;
}

export default defineCommand<ResolveOptions>({
  name: 'resolve',
  args: [argument('<id>', { kind: 'receipt' })],
  summary: 'Settle a receipt with an unknown outcome: --applied or --not-applied (on a terminal, shows the evidence and asks)',
  description:
    'Records what a person found about a receipt whose answer was lost. --applied makes a rerun of it a no-op; --not-applied makes ' +
    'the next run of the same command send it (with the same Idempotency-Key). On a terminal without either flag it shows the ' +
    'evidence (levels before the send and now, the change the receipt makes, what else moved) and asks. Only unknown receipts (or ' +
    'ones left "sending" by a run that died) can be settled; nothing is sent to the service.',
  examples: [
    // On the sandbox, lose the answer to a receipt (exit 7), then settle it.
    'venue sandbox faults --drop-after-processing "POST /inventory/stock-receipts" --count 1 && venue inventory stock receive --file delivery.json --po PO-1043   # exits 7',
    'venue inventory receipts resolve 4a8a4c73dd8f   # needs a terminal',
    'venue inventory receipts resolve 4a8a4c --not-applied --note "levels unchanged at 09:10"',
  ],
  options: [
    option('--applied', 'the receipt was applied: its stock is in'),
    option('--not-applied', 'the receipt was not applied: the next run sends it'),
    option('--note <text>', 'why, kept in the receipt history'),
  ],
  fleet: 'write',
  async run(ctx, options, idOrPrefix) {
    if (options.applied && options.notApplied) throw new UsageError('pass exactly one of --applied or --not-applied');
    const { ReceiptJournal, shortId } = await import('../../../lib/inventory/receipt-journal.js');
    const { assertResolvable, resolveWrite } = await import('../../../lib/inventory/workflows/resolve.js');
    const journal = new ReceiptJournal(await ctx.stateDir(), () => ctx.now(), ctx.terminal.secrets);
    const entry = journal.findByPrefix(await ctx.profileName(), idOrPrefix!);
    assertResolvable(entry, 'receipt', 'Run the same `stock receive` command again to send it.');

    let verdict: 'applied' | 'not-applied' | undefined = options.applied ? 'applied' : options.notApplied ? 'not-applied' : undefined;
    if (!verdict) {
      if (!ctx.prompter.canPrompt) {
        throw new UsageError('pass --applied or --not-applied', {
          hint: `There is no terminal to show the evidence and ask on. \`venue inventory receipts show ${shortId(entry.id)}\` shows the levels recorded. Nothing was changed.`,
        });
      }
      const { receiptEvidence } = await import('../../../lib/inventory/workflows/receipt.js');
      const { describeEvidence } = await import('../../../lib/inventory/workflows/outcome.js');
      const client = await ctx.inventory();
      const evidence = await receiptEvidence(entry, {
        interruption: ctx.interruption,
        now: () => ctx.now(),
        readLevels: async (productIds) => {
          const levels = await client.levelsFor(entry.warehouseId, productIds.map(Number));
          return Object.fromEntries(productIds.map((p) => [p, levels.get(Number(p)) ?? 0]));
        },
      });
      ctx.terminal.info(`Receipt ${shortId(entry.id)} (warehouse ${entry.warehouseId}${entry.invoice ? `, invoice ${entry.invoice}` : ''}${entry.poNumber ? `, PO ${entry.poNumber}` : ''}): ${entry.status}.`);
      for (const event of entry.history.slice(-3)) ctx.terminal.info(`  ${event.at}  ${event.status}${event.note ? `  ${event.note}` : ''}`);
      if (entry.disagreement?.length) {
        ctx.terminal.info('Its answer disagreed with what was sent:');
        for (const line of entry.disagreement) ctx.terminal.info(`  ${line}`);
      }
      ctx.terminal.info('Stock levels: evidence, not proof (sales, other receipts, stock takes and adjustments move them too):');
      for (const line of describeEvidence(evidence, (l) => `receipt adds ${l.expected}`)) ctx.terminal.info(`  ${line}`);
      verdict = await ctx.prompter.select<'applied' | 'not-applied' | 'cancel'>(
        'What happened to this receipt?',
        [
          { name: 'It was applied (its stock is in): a rerun does nothing', value: 'applied' },
          { name: 'It was not applied: the next run of the same command sends it', value: 'not-applied' },
          { name: 'I do not know yet: leave it unknown', value: 'cancel' },
        ],
        { flag: '--applied or --not-applied', default: 'cancel' },
      ).then((answer) => (answer === 'cancel' ? undefined : answer));
      if (!verdict) {
        ctx.terminal.info(`Receipt ${shortId(entry.id)} stays unknown; a rerun still refuses to send it.`);
        return;
      }
    }

    const settled = await resolveWrite(journal, entry, verdict, options.note, () => ctx.now());
    await ctx.output.record(
      { id: settled.id, status: settled.status, warehouseId: settled.warehouseId, poNumber: settled.poNumber, invoice: settled.invoice, items: settled.items.length },
      { columns: ['id', 'status', 'warehouseId', 'poNumber', 'invoice', 'items'] },
    );
    ctx.terminal.success(
      verdict === 'applied'
        ? `Receipt ${shortId(settled.id)} marked applied: a rerun of it does nothing.`
        : `Receipt ${shortId(settled.id)} marked not applied: running the same command again sends it.`,
    );
  },
});
