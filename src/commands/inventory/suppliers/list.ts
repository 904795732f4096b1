import { defineCommand } from '../../define.js';
import { paymentTermsColumn } from '../../../lib/inventory/labels.js';
import { RECORD_SHAPES } from '../../../lib/records.js';

export default defineCommand({
  name: 'list',
  summary: 'All active suppliers',
  examples: ['venue inventory suppliers list', 'venue inventory suppliers list -o csv'],
  record: RECORD_SHAPES.supplier,
  fleet: 'read',
  async run(ctx) {
    const client = await ctx.inventory();
    await ctx.output.list(await client.suppliers(), {
      columns: [
        { key: 'supplierId', header: 'ID' },
        { key: 'supplierCode', header: 'Code' },
        { key: 'supplierName', header: 'Name', identifies: true },
        { key: 'supplierTown', header: 'Town' },
        paymentTermsColumn,
        { key: 'isActive', header: 'Active', format: 'bool' },
      ],
      empty: 'No active suppliers.',
    });
  },
});
