import { guestAccount } from './shared.js';
import { defineCommand } from '../define.js';
import { GuestSessions, summarise } from '../../lib/wallet/sessions.js';
import { placeholder, venueHint } from '../../lib/hint-command.js';
import { normaliseBaseUrl } from '../../lib/tokens.js';

export default defineCommand({
  name: 'sessions',
  summary: 'Stored guest sessions of this profile: emails, hosts and expiries, never tokens',
  description:
    'A session is used only at the wallet address it was opened at (the Host column); one opened at another address is shown as stale: log the guest in again.',
  fields: ['email', 'state', 'host', 'accessExpiresAt', 'refreshExpiresAt', 'loggedInAt'],
  examples: ['venue wallet sessions', 'venue wallet sessions --json'],
  fleet: guestAccount,
  async run(ctx) {
    // Reading the file needs no service connection, so no sandbox is started for it.
    const sessions = new GuestSessions(await ctx.stateDir(), await ctx.profileName(), () => ctx.now());
    // Without a wallet address set, no session can be this profile's current one: all are shown stale.
    const here = await ctx.serviceBaseUrl('wallet').then(normaliseBaseUrl, () => '');
    const rows = sessions.list().map((s) => ({ ...summarise(s, ctx.now(), here) }));
    await ctx.output.list(rows, {
      columns: [
        { key: 'email' },
        { key: 'state' },
        { key: 'host', header: 'Host' },
        { key: 'accessExpiresAt', header: 'Access expires', format: 'datetime' },
        { key: 'refreshExpiresAt', header: 'Refresh expires', format: 'datetime' },
        { key: 'loggedInAt', header: 'Logged in', format: 'datetime' },
      ],
      empty: `No guest sessions stored. Log one in with ${venueHint(['wallet', 'login', placeholder('guest email')])}.`,
    });
  },
});
