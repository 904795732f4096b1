import { defineCommand } from '../../define.js';
import { UsageError } from '../../../lib/errors.js';

// Placeholder: the stock helper replaces this file.
export default defineCommand({
  name: 'receive',
  summary: 'Record received stock from a receipt file; cron-safe',
  examples: ['venue inventory stock receive --warehouse 1 --file receipt.csv --supplier 2 --po PO-1001'],
  async run() {
    throw new UsageError('not available yet');
  },
});
