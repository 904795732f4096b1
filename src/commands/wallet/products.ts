import { defineCommand, option } from '../define.js';
import { asOption, guestAccess } from './shared.js';
import { RECORD_SHAPES } from '../../lib/records.js';

export default defineCommand<{ as?: string }>({
  name: 'products',
  summary: 'Quick-reload products, in the display order guests see',
  record: RECORD_SHAPES.reloadProduct,
  examples: ['venue wallet products', 'venue wallet products -o csv'],
  options: [asOption],
  fleet: 'read',
  async run(ctx, options) {
    const { client, token } = await guestAccess(ctx, options.as);
    const products = await client.products(token);
    // Spreads keep each view's service record: machine formats print the products as the service sent them.
    await ctx.output.list(
      products.map((p) => ({ ...p })),
      {
        columns: [
          { key: 'displayOrder', header: '#' },
          { key: 'productId', header: 'Product' },
          { key: 'name', identifies: true },
          { key: 'price', format: 'money' },
          { key: 'playValue', header: 'Play value', format: 'money' },
          { key: 'bonusValue', header: 'Bonus value', format: 'money' },
        ],
        empty: 'No quick-reload products are configured for online sale.',
      },
    );
  },
});
