import { defineCommand } from '../../define.js';
import { UsageError } from '../../../lib/errors.js';

// Placeholder: the stock helper replaces this file.
export default defineCommand({
  name: 'take',
  summary: 'Submit a stock take from a counts file (CSV or JSON)',
  examples: ['venue inventory stock take --warehouse 1 --file counts.csv --dry-run'],
  async run() {
    throw new UsageError('not available yet');
  },
});
