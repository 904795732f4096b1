import { defineCommand } from '../define.js';
import type { SecretKey } from '../../lib/config.js';
import type { ServiceName } from '../../lib/tokens.js';

const credentialKeys: Record<ServiceName, SecretKey[]> = {
  wallet: ['wallet.clientSecret'],
  booking: ['booking.clientSecret'],
  inventory: ['inventory.apiKey', 'inventory.apiSecret'],
};

export default defineCommand({
  name: 'status',
  summary: 'Which services have credentials, and when cached tokens expire (never the tokens)',
  examples: ['venue auth status', 'venue --profile main auth status -o json'],
  async run(ctx) {
    const config = await ctx.config();
    const profile = await ctx.profileName();
    const { serviceNames } = await import('../../lib/tokens.js');
    const tokens = await ctx.tokens();
    const now = ctx.now();
    const rows = serviceNames.map((service) => {
      const sources = credentialKeys[service].map((key) => config.resolveSecret(profile, key).source);
      const cached = tokens.cached(service);
      return {
        service,
        credentials: sources.every(Boolean) ? `set (${[...new Set(sources)].join(', ')})` : 'missing',
        token: !cached ? 'none cached' : cached.expiresAt > now ? 'valid' : 'expired',
        expiresAt: cached ? new Date(cached.expiresAt).toISOString() : null,
      };
    });
    await ctx.output.list(rows, {
      columns: ['service', 'credentials', 'token', { key: 'expiresAt', header: 'Expires', format: 'datetime' }],
    });
  },
});
