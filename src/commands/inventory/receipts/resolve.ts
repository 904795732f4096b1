import { argument, defineCommand, option } from '../../define.js';
import { refuseBothVerdicts, settleVerdict, type SettleOptions } from '../settle.js';
import { venueHint } from '../../../lib/hint-command.js';
import { ReceiptJournal, shortId } from '../../../lib/inventory/receipt-journal.js';
import { assertResolvable, resolveWrite } from '../../../lib/inventory/workflows/resolve.js';
import { receiptEvidence } from '../../../lib/inventory/workflows/receipt.js';
import { describeEvidence } from '../../../lib/inventory/workflows/outcome.js';
import { RECORD_SHAPES, writeOutcomeRow } from '../../../lib/records.js';

export default defineCommand<SettleOptions>({
  name: 'resolve',
  args: [argument('<id>', { kind: 'receipt' })],
  summary:
    'Settle a receipt with an unknown outcome: --applied or --not-applied (on a terminal, shows the evidence and asks)',
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
    option('--note <text>', 'why, kept in the receipt history', { kind: 'text' }),
  ],
  fleet: 'write',
  confirmation: { never: 'own-files' },
  async run(ctx, options, idOrPrefix) {
    refuseBothVerdicts(options);
    const journal = new ReceiptJournal(await ctx.stateDir(), () => ctx.now(), ctx.terminal.secrets);
    const entry = journal.findByPrefix(await ctx.profileName(), idOrPrefix!);
    assertResolvable(entry, 'receipt', 'Run the same `stock receive` command again to send it.');

    const verdict = await settleVerdict(ctx, options, {
      entry,
      noTerminalHint: `There is no terminal to show the evidence and ask on. ${venueHint(['inventory', 'receipts', 'show', shortId(entry.id)])} shows the levels recorded. Nothing was changed.`,
      evidence: async () => {
        const client = await ctx.inventory();
        const evidence = await receiptEvidence(entry, {
          interruption: ctx.interruption,
          now: () => ctx.now(),
          readLevels: async (productIds) => {
            const levels = await client.levelsFor(entry.warehouseId, productIds.map(Number));
            return Object.fromEntries(productIds.map((p) => [p, levels.get(Number(p)) ?? 0]));
          },
        });
        return {
          header: `Receipt ${shortId(entry.id)} (warehouse ${entry.warehouseId}${entry.invoice ? `, invoice ${entry.invoice}` : ''}${entry.poNumber ? `, PO ${entry.poNumber}` : ''}): ${entry.status}.`,
          title:
            'Stock levels: evidence, not proof (sales, other receipts, stock takes and adjustments move them too):',
          lines: describeEvidence(evidence, (l) => `receipt adds ${l.expected}`),
        };
      },
      question: 'What happened to this receipt?',
      choices: {
        applied: 'It was applied (its stock is in): a rerun does nothing',
        'not-applied': 'It was not applied: the next run of the same command sends it',
      },
      staysUnknown: `Receipt ${shortId(entry.id)} stays unknown; a rerun still refuses to send it.`,
    });
    if (!verdict) return;

    const settled = await resolveWrite(journal, entry, verdict, options.note, () => ctx.now());
    if (ctx.output.takesRecords) {
      // The one write-outcome record: a person settled it, so there is no answer of the service's to show.
      await ctx.output.record(
        writeOutcomeRow(RECORD_SHAPES.receipt, {
          status: verdict,
          reference: settled.invoice ?? settled.poNumber ?? null,
          journalId: settled.id,
          record: null,
          venue: {
            warehouseId: settled.warehouseId,
            poNumber: settled.poNumber ?? null,
            invoice: settled.invoice ?? null,
            items: settled.items.length,
          },
        }),
      );
    } else
      await ctx.output.record(
        {
          id: settled.id,
          status: settled.status,
          warehouseId: settled.warehouseId,
          poNumber: settled.poNumber,
          invoice: settled.invoice,
          items: settled.items.length,
        },
        { columns: ['id', 'status', 'warehouseId', 'poNumber', 'invoice', 'items'] },
      );
    ctx.terminal.success(
      verdict === 'applied'
        ? `Receipt ${shortId(settled.id)} marked applied: a rerun of it does nothing.`
        : `Receipt ${shortId(settled.id)} marked not applied: running the same command again sends it.`,
    );
  },
});
