// Placeholder so the build stays green; the wallet helper owns this file and replaces it.
import { defineCommand } from '../define.js';
import { UsageError } from '../../lib/errors.js';

export default defineCommand({
  name: 'play',
  args: '<cardNumber>',
  summary: 'Simulate game plays, ticket wins and redemptions on a card',
  examples: ['venue sandbox play 600000001 --games 3'],
  async run() {
    throw new UsageError('not available yet');
  },
});
