import { defineCommand } from '../../define.js';
import { UsageError } from '../../../lib/errors.js';

// Placeholder: the stock helper replaces this file.
export default defineCommand({
  name: 'list',
  summary: 'Receipts recorded from this machine, with their outcome',
  examples: ['venue inventory receipts list'],
  async run() {
    throw new UsageError('not available yet');
  },
});
