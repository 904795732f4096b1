import { defineCommand } from '../../define.js';

export default defineCommand({
  name: 'list',
  summary: 'All active suppliers',
  examples: ['venue inventory suppliers list', 'venue inventory suppliers list -o csv'],
  async run(ctx) {
    const client = await ctx.inventory();
    await ctx.output.list(await client.suppliers(), {
      columns: [
        { key: 'supplierId', header: 'ID' },
        { key: 'supplierCode', header: 'Code' },
        { key: 'supplierName', header: 'Name' },
        { key: 'supplierTown', header: 'Town' },
        { key: 'paymentTerms', header: 'Terms' },
      ],
      empty: 'No active suppliers.',
    });
  },
});
