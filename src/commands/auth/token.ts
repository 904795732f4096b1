import { UsageError } from '../../lib/errors.js';
import { argument, defineCommand } from '../define.js';
import { serviceNames } from '../../lib/tokens.js';
import { isStaticScheme, describeAuthScheme } from '../../lib/inventory/routes.js';

export default defineCommand({
  name: 'token',
  args: [argument('<service>', { kind: 'text' })],
  summary: 'Print a service token (wallet admin, booking or inventory), for use with other tools',
  description:
    'Prints the cached token while it is valid, else obtains a new one. The token is a credential: pipe it, do not paste it.',
  examples: [
    'curl -s -H "Authorization: Bearer $(venue auth token inventory)" "$(venue config get inventory.url)/products?pageSize=5"',
  ],
  fleet: 'read',
  async run(ctx, _options, service) {
    if (!serviceNames.includes(service as never)) {
      throw new UsageError(`service must be one of ${serviceNames.join(', ')} (got "${service}")`);
    }
    if (service === 'inventory') {
      const auth = (await ctx.inventoryRoutes()).auth;
      // A static key is a secret set by hand, not a token: it is never printed.
      if (isStaticScheme(auth))
        throw new UsageError(
          `inventory has no token: it is authenticated with ${describeAuthScheme(auth)} (inventory.auth)`,
          { hint: 'The key stays where `config set-secret` put it; venue never prints it.' },
        );
    }
    const tokens = await ctx.tokens();
    const { token } = await tokens.get(service as 'wallet');
    // Printing it is the point of this command: the only place a token may reach stdout.
    ctx.terminal.secrets.forget(token);
    ctx.terminal.write(`${token}\n`);
  },
});
