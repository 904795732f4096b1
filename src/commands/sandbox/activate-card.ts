// Placeholder so the build stays green; the wallet helper owns this file and replaces it.
import { defineCommand } from '../define.js';
import { UsageError } from '../../lib/errors.js';

export default defineCommand({
  name: 'activate-card',
  args: '<barcode>',
  summary: 'Activate a guest card, as the venue does at the counter',
  examples: ['venue sandbox activate-card 1000000001'],
  async run() {
    throw new UsageError('not available yet');
  },
});
