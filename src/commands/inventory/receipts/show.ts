import { defineCommand } from '../../define.js';
import { UsageError } from '../../../lib/errors.js';

// Placeholder: the stock helper replaces this file.
export default defineCommand({
  name: 'show',
  args: '<receiptId>',
  summary: 'One recorded receipt and its outcome',
  examples: ['venue inventory receipts show 3f2a9c'],
  async run() {
    throw new UsageError('not available yet');
  },
});
