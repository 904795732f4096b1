import { defineCommand, option } from '../define.js';
import { ReloadJournal } from '../../lib/wallet/reload-journal.js';
import { reloadCommands } from '../../lib/wallet/workflows/reload.js';
import { unsettledListed } from '../../lib/writes/journal.js';

interface Options {
  unsettled?: boolean;
}

export default defineCommand<Options>({
  name: 'reloads',
  summary: 'The reload sales venue sent from this machine, and which are still unsettled',
  fields: ['paymentReference', 'cardNumber', 'productId', 'amount', 'sentAt', 'outcome', 'saleId', 'settle'],
  description:
    'Reads the local reload journal (no service is called). Outcome: recorded (with the sale id when the service gave one), refused, ' +
    'sent (no answer recorded yet) or unknown (the answer was lost or could not say). Settle a sent or unknown one by running the same ' +
    '`venue wallet reload` again with the same --payment-ref: the service recognises a reference it already recorded, so it is never credited twice. ' +
    'Exits 7 when the list shows a reload whose outcome is unknown (the answer was lost, or the run sending it died): a person must settle it; ' +
    '0 otherwise, --unsettled or not (`venue help exit-codes`).',
  examples: ['venue wallet reloads', 'venue wallet reloads --unsettled --json'],
  options: [
    option('--unsettled', 'only the reloads whose outcome is not known yet (exit 7 while any remain)', {
      filter: { field: 'outcome', how: 'one-of', value: ['sent', 'unknown'] },
    }),
  ],
  fleet: 'read',
  async run(ctx, options) {
    const profile = await ctx.profileName();
    const journal = new ReloadJournal(await ctx.stateDir());
    const entries = options.unsettled
      ? journal.unsettled(profile)
      : journal.records().filter((r) => r.profile === profile);
    const rows = entries.map((r) => ({
      paymentReference: r.paymentReference,
      cardNumber: r.cardNumber,
      productId: r.productId,
      amount: r.amountCents !== undefined ? r.amountCents / 100 : r.amount,
      email: r.email,
      sentAt: new Date(r.sentAt).toISOString(),
      outcome: r.outcome,
      saleId: r.saleId,
      note: r.note,
      ...(r.outcome === 'sent' || r.outcome === 'unknown' ? { settle: reloadCommands(r).rerun } : {}),
    }));
    await ctx.output.list(rows, {
      columns: [
        { key: 'paymentReference', header: 'Payment ref' },
        { key: 'cardNumber', header: 'Card number' },
        { key: 'productId', header: 'Product' },
        { key: 'amount', format: 'money' },
        { key: 'sentAt', header: 'Sent', format: 'datetime' },
        { key: 'outcome' },
        { key: 'saleId', header: 'Sale' },
        { key: 'settle' },
      ],
      empty: options.unsettled ? 'No unsettled reloads.' : 'venue has sent no reloads from this profile.',
    });
    // The one exit rule of the lists of writes (writes/journal.ts): exit 7 while it shows one a person must settle.
    const error = unsettledListed(
      entries.filter((r) => r.outcome === 'unknown').length,
      ['reload', 'reloads'],
      'Run each settle command (the same reload with the same --payment-ref): the service recognises a reference it already recorded, so it is never credited twice.',
    );
    if (error) throw error;
  },
});
