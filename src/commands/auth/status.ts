import { defineCommand } from '../define.js';
import type { SecretKey } from '../../lib/config.js';
import type { ServiceName } from '../../lib/tokens.js';
import { serviceNames } from '../../lib/tokens.js';
import { authSecrets, describeAuthScheme } from '../../lib/inventory/routes.js';

const credentialKeys: Record<ServiceName, SecretKey[]> = {
  wallet: ['wallet.clientSecret'],
  booking: ['booking.clientSecret'],
  inventory: ['inventory.apiKey', 'inventory.apiSecret'],
};

export default defineCommand({
  name: 'status',
  summary:
    'Which services have credentials, and for each cached token the host it belongs to and when it expires (never the tokens)',
  description:
    'A cached token is used only at the base URL it came from and with the credentials it was obtained with. ' +
    'One whose host or credentials no longer match this profile and environment is "stale": it is never sent, and the next command logs in again. ' +
    'Scheme says how each service is authenticated (inventory.auth: a login token, a static API key, OAuth2 client credentials or HTTP basic); ' +
    'a static key or basic has no token ("static credential").',
  examples: ['venue auth status', 'venue --profile main auth status -o json'],
  fleet: 'read',
  async run(ctx) {
    const config = await ctx.config();
    const profile = await ctx.profileName();
    const tokens = await ctx.tokens();
    const inventoryAuth = describeAuthScheme((await ctx.inventoryRoutes()).auth);
    const rows = [];
    for (const service of serviceNames) {
      // Inventory needs the secrets of its scheme only (a static key has no secret).
      const keys =
        service === 'inventory'
          ? authSecrets((await ctx.inventoryRoutes()).auth).map(({ key }) => key)
          : credentialKeys[service];
      const sources = keys.map((key) => config.resolveSecret(profile, key).source);
      const { state, entry } = await tokens.status(service);
      rows.push({
        service,
        credentials: sources.every(Boolean) ? `set (${[...new Set(sources)].join(', ')})` : 'missing',
        auth:
          service === 'inventory' ? inventoryAuth : 'a token from the login route, as "Authorization: Bearer <token>"',
        token: state,
        host: entry?.baseUrl ?? null,
        expiresAt: entry ? new Date(entry.expiresAt).toISOString() : null,
      });
    }
    await ctx.output.list(rows, {
      columns: [
        'service',
        'credentials',
        { key: 'auth', header: 'Scheme' },
        'token',
        { key: 'host', header: 'Host' },
        { key: 'expiresAt', header: 'Expires', format: 'datetime' },
      ],
      bounded: true,
    });
  },
});
