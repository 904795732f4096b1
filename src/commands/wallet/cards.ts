import { defineCommand, option } from '../define.js';
import { asOption, guestAccess } from './shared.js';
import { RECORD_SHAPES } from '../../lib/records.js';

export default defineCommand<{ as?: string }>({
  name: 'cards',
  summary: "The guest's game cards, with type, nickname and status",
  record: RECORD_SHAPES.card,
  examples: ['venue wallet cards', 'venue wallet cards --as ava@example.com --json'],
  options: [asOption],
  fleet: 'read',
  async run(ctx, options) {
    const { client, email, token } = await guestAccess(ctx, options.as);
    const cards = await client.cards(token, email);
    // Spreads keep each view's service record: machine formats print the cards as the service sent them.
    // The status in the service's own word ("active" stays "active"); venue's word is for logic only.
    await ctx.output.list(
      cards.map(({ statusSaid, ...card }) => ({ ...card, status: statusSaid ?? card.status })),
      {
        columns: [
          { key: 'cardNumber', header: 'Card number' },
          { key: 'cardType', header: 'Type' },
          { key: 'nickname' },
          { key: 'status' },
          { key: 'locationName', header: 'Location' },
          { key: 'playUnit', header: 'Play in' },
        ],
        empty: `No cards on the account of ${email}.`,
      },
    );
  },
});
