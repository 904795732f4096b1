// Placeholder so the build stays green; the webhooks helper owns this file and replaces it.
import { defineCommand } from '../define.js';
import { UsageError } from '../../lib/errors.js';

export default defineCommand({
  name: 'trigger',
  args: '<event-type>',
  summary: 'Simulate venue activity that sends an inventory webhook event',
  examples: ['venue sandbox trigger stock.received'],
  async run() {
    throw new UsageError('not available yet');
  },
});
