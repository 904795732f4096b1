import { argument, defineCommand, option, InvalidValueError } from '../define.js';
import { signedAmount } from '../../lib/wallet/diagnose.js';
import { sourceOf, withSource } from '../../lib/reading.js';
import { asOption, checkCardNumber, guestAccess, kindLabels } from './shared.js';
import { RECORD_SHAPES } from '../../lib/records.js';

interface ActivityOptions {
  as?: string;
  kind?: string;
  limit?: number;
}

export default defineCommand<ActivityOptions>({
  name: 'activity',
  args: [argument('<cardNumber>', { kind: 'card' })],
  summary: 'Recent transactions of a card, newest first: reloads, game plays, ticket wins, redemptions',
  record: RECORD_SHAPES.activity,
  examples: [
    'venue wallet activity 6001000000000000001',
    'venue wallet activity 6001000000000000001 --kind reload --limit 5',
  ],
  options: [
    option('--kind <kind>', 'only one kind', {
      filter: { field: 'kind', how: 'equals' },
      choices: ['reload', 'game-play', 'ticket-win', 'redemption'],
    }),
    option('--limit <n>', 'at most n entries', {
      kind: 'unsigned',
      paging: 'limit',
      parse: (v: string) => {
        if (!/^\d+$/.test(v) || Number(v) < 1) throw new InvalidValueError('must be a whole number of at least 1');
        return Number(v);
      },
    }),
    asOption,
  ],
  fleet: 'read',
  async run(ctx, options, rawCard) {
    const cardNumber = await checkCardNumber(rawCard!);
    const { client, token } = await guestAccess(ctx, options.as);
    let entries = await client.activity(token, cardNumber);
    if (options.kind) entries = entries.filter((e) => e.kind === options.kind);
    if (options.limit) entries = entries.slice(0, options.limit);
    // Machine formats print each entry as the service sent it; the table shows signed amounts in their unit.
    const rows = entries.map((e) =>
      withSource(
        {
          occurredAt: e.occurredAt,
          kind: kindLabels[e.kind] ?? e.kind,
          description: e.description,
          play: signedAmount(e.playAmount, e.unit),
          bonus: signedAmount(e.bonusAmount, e.unit),
          // Zero is shown as 0; a blank only where the service gave no figure.
          tickets: e.tickets === undefined ? '' : `${e.tickets > 0 ? '+' : ''}${e.tickets}`,
          paymentReference: e.paymentReference,
        },
        sourceOf(e),
      ),
    );
    await ctx.output.list(rows, {
      columns: [
        { key: 'occurredAt', header: 'When', format: 'datetime' },
        { key: 'kind', header: 'Kind' },
        { key: 'description' },
        { key: 'play' },
        { key: 'bonus' },
        { key: 'tickets' },
        { key: 'paymentReference', header: 'Payment ref' },
      ],
      empty: options.kind
        ? `No ${kindLabels[options.kind]?.toLowerCase()} entries on card ${cardNumber}.`
        : `No activity on card ${cardNumber}.`,
    });
  },
});
