// Placeholder so the build stays green; the webhooks helper owns this file and replaces it.
import { defineCommand } from '../define.js';
import { UsageError } from '../../lib/errors.js';

export default defineCommand({
  name: 'deliveries',
  summary: 'Webhook deliveries the sandbox made, with their attempts',
  examples: ['venue sandbox deliveries'],
  async run() {
    throw new UsageError('not available yet');
  },
});
