import { defineCommand } from '../../define.js';
import { UsageError } from '../../../lib/errors.js';

// Placeholder: the stock helper replaces this file.
export default defineCommand({
  name: 'resolve',
  args: '<receiptId>',
  summary: 'Settle a receipt whose outcome is unknown: --applied or --not-applied',
  examples: ['venue inventory receipts resolve 3f2a9c --applied'],
  async run() {
    throw new UsageError('not available yet');
  },
});
