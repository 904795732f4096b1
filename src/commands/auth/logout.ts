import { UsageError } from '../../lib/errors.js';
import { argument, defineCommand } from '../define.js';
import type { ServiceName } from '../../lib/tokens.js';
import { serviceNames } from '../../lib/tokens.js';
import { GuestSessions } from '../../lib/wallet/sessions.js';

export default defineCommand({
  name: 'logout',
  args: [argument('[service]', { kind: 'text' })],
  summary: 'Forget cached tokens (and, for the wallet, guest sessions) of the profile',
  examples: ['venue auth logout', 'venue auth logout inventory'],
  fleet: 'write',
  confirmation: { never: 'own-files' },
  async run(ctx, _options, service) {
    if (service && !serviceNames.includes(service as ServiceName)) {
      throw new UsageError(`service must be one of ${serviceNames.join(', ')} (got "${service}")`);
    }
    const tokens = await ctx.tokens();
    const dropped = await tokens.drop(service as ServiceName | undefined);
    let sessions = 0;
    if (!service || service === 'wallet') {
      const store = new GuestSessions(await ctx.stateDir(), await ctx.profileName());
      for (const session of store.list()) if (await store.remove(session.email)) sessions++;
    }
    ctx.terminal.success(
      `forgot ${dropped} cached token${dropped === 1 ? '' : 's'}${sessions ? ` and ${sessions} guest session${sessions === 1 ? '' : 's'}` : ''}`,
    );
  },
});
