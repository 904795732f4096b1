import { argument, defineCommand, option } from '../../define.js';
import { refuseBothVerdicts, settleVerdict, type SettleOptions } from '../settle.js';
import { venueHint } from '../../../lib/hint-command.js';
import { StockChangeJournal } from '../../../lib/inventory/stock-change-journal.js';
import { shortId } from '../../../lib/writes/journal.js';
import { assertResolvable, resolveWrite } from '../../../lib/inventory/workflows/resolve.js';
import { stockChangeEvidence } from '../../../lib/inventory/workflows/stock-change.js';
import { describeEvidence } from '../../../lib/inventory/workflows/outcome.js';
import { stockChangeWords } from '../../../lib/inventory/workflows/messages.js';
import { RECORD_SHAPES, writeOutcomeRow } from '../../../lib/records.js';

export default defineCommand<SettleOptions>({
  name: 'resolve',
  args: [argument('<id>', { kind: 'stock-change' })],
  summary:
    'Settle a stock take or adjustment with an unknown outcome: --applied or --not-applied (on a terminal, shows the evidence and asks)',
  description:
    'Records what a person found about a stock take or adjustment whose answer was lost (ids from `venue inventory stock changes`). ' +
    '--applied closes it; --not-applied lets the same command send it again (with the same Idempotency-Key). On a terminal without ' +
    'either flag it shows the evidence (levels before the send and now, the change it makes) and asks. Nothing is sent to the service.',
  examples: [
    // On the sandbox, lose the answer to an adjustment (exit 7), then settle it.
    'venue sandbox faults --drop-after-processing "POST /inventory/stock-adjustments" --count 1 && venue inventory stock adjust --product 1002 --quantity -1 --comment "answer lost" --yes   # exits 7',
    'venue inventory stock resolve "$(venue inventory stock changes --status unknown --limit 1 --fields id -o csv | tail -1)"   # needs a terminal',
    'venue inventory stock resolve "$(venue inventory stock changes --status unknown --limit 1 --fields id -o csv | tail -1)" --not-applied --note "levels as before the count"',
  ],
  options: [
    option('--applied', 'it was applied'),
    option('--not-applied', 'it was not applied: running the same command again sends it'),
    option('--note <text>', 'why, kept in its history', { kind: 'text' }),
  ],
  fleet: 'write',
  confirmation: { never: 'own-files' },
  async run(ctx, options, idOrPrefix) {
    refuseBothVerdicts(options);
    const journal = new StockChangeJournal(await ctx.stateDir(), () => ctx.now(), ctx.terminal.secrets);
    const entry = journal.findByPrefix(await ctx.profileName(), idOrPrefix!);
    const what = entry.kind === 'take' ? 'stock take' : 'adjustment';
    assertResolvable(entry, what, 'Run the same command again to send it.');

    const verdict = await settleVerdict(ctx, options, {
      entry,
      noTerminalHint: `There is no terminal to show the evidence and ask on; ${venueHint(['inventory', 'stock', 'changes', '-o', 'json'])} shows the levels recorded. Nothing was changed.`,
      evidence: async () => {
        const client = await ctx.inventory();
        const evidence = await stockChangeEvidence(entry, {
          interruption: ctx.interruption,
          now: () => ctx.now(),
          readLevels: async (productIds) =>
            Object.fromEntries(
              await Promise.all(
                productIds.map(async (p) => [p, (await client.levelOf(entry.warehouseId, p)) ?? 0] as const),
              ),
            ),
        });
        return {
          header: `${what} ${shortId(entry.id)} (warehouse ${entry.warehouseId}${entry.comment ? `, "${entry.comment}"` : ''}): ${entry.status}.`,
          title: 'Stock levels: evidence, not proof (sales, receipts, other counts and adjustments move them too):',
          lines: describeEvidence(evidence, stockChangeWords(entry).change),
        };
      },
      question: `What happened to this ${what}?`,
      choices: {
        applied: 'It was applied',
        'not-applied': 'It was not applied: running the same command again sends it',
      },
      staysUnknown: `${what} ${shortId(entry.id)} stays unknown; the same command still refuses to send it.`,
    });
    if (!verdict) return;
    const settled = await resolveWrite(journal, entry, verdict, options.note, () => ctx.now());
    if (ctx.output.takesRecords) {
      // The one write-outcome record: a person settled it, so there is no answer of the service's to show.
      await ctx.output.record(
        writeOutcomeRow(settled.kind === 'take' ? RECORD_SHAPES.stockTake : RECORD_SHAPES.adjustment, {
          status: verdict,
          journalId: settled.id,
          record: null,
          venue: { kind: settled.kind, warehouseId: settled.warehouseId, items: settled.items.length },
        }),
      );
    } else
      await ctx.output.record(
        {
          id: settled.id,
          kind: settled.kind,
          status: settled.status,
          warehouseId: settled.warehouseId,
          items: settled.items.length,
        },
        {
          columns: ['id', 'kind', 'status', 'warehouseId', 'items'],
        },
      );
    ctx.terminal.success(
      `${what} ${shortId(settled.id)} marked ${verdict === 'applied' ? 'applied' : 'not applied: running the same command again sends it'}.`,
    );
  },
});
