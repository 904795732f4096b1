import { argument, defineCommand, option } from '../define.js';
import { asOption, balanceRow, checkCardNumber, guestAccess } from './shared.js';
import { RECORD_SHAPES } from '../../lib/records.js';

export default defineCommand<{ as?: string }>({
  name: 'balance',
  args: [argument('<cardNumber>', { kind: 'card' })],
  summary: 'Play balance (dollars or tokens, as the location counts it), bonus and tickets of a card',
  examples: ['venue wallet balance 6001000000000000001', 'venue wallet balance 6001000000000000002 --json'],
  options: [asOption],
  record: RECORD_SHAPES.balance,
  fleet: 'read',
  async run(ctx, options, rawCard) {
    const cardNumber = await checkCardNumber(rawCard!);
    const { client, token } = await guestAccess(ctx, options.as);
    const balance = await client.balance(token, cardNumber);
    // Tables show the amounts in their unit; -o json|ndjson|csv print the service's balance record as sent.
    await ctx.output.record(balanceRow(balance), {
      columns: [
        { key: 'cardNumber', header: 'Card number' },
        { key: 'play', header: 'Play balance' },
        { key: 'bonus', header: 'Bonus balance' },
        { key: 'tickets', header: 'Tickets' },
        { key: 'lastSyncedAt', header: 'Last synchronised', format: 'datetime' },
      ],
    });
  },
});
