import { defineCommand } from '../define.js';
import { formatAmount } from '../../lib/wallet/diagnose.js';
import { addAsOption, checkCardNumber, guestAccess } from './shared.js';

export default defineCommand<{ as?: string }>({
  name: 'balance',
  args: '<cardNumber>',
  summary: 'Play balance (dollars or tokens, as the location counts it), bonus and tickets of a card',
  examples: ['venue wallet balance 6001000000000000001', 'venue wallet balance 6001000000000000002 --json'],
  configure: addAsOption,
  async run(ctx, options, rawCard) {
    const cardNumber = await checkCardNumber(rawCard!);
    const { client, token } = await guestAccess(ctx, options.as);
    const balance = await client.balance(token, cardNumber);
    if (ctx.output.isMachine) {
      await ctx.output.record({ ...balance });
      return;
    }
    await ctx.output.record({
      cardNumber: balance.cardNumber,
      play: formatAmount(balance.playBalance.amount, balance.playBalance.unit),
      bonus: formatAmount(balance.bonusBalance.amount, balance.bonusBalance.unit),
      tickets: balance.ticketBalance,
      lastSyncedAt: balance.lastSyncedAt,
    }, {
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
