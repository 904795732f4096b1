import { defineCommand } from '../define.js';
import { GuestSessions, summarise } from '../../lib/wallet/sessions.js';

export default defineCommand({
  name: 'sessions',
  summary: 'Stored guest sessions of this profile: emails and expiries, never tokens',
  fields: ['email', 'state', 'accessExpiresAt', 'refreshExpiresAt', 'loggedInAt'],
  examples: ['venue wallet sessions', 'venue wallet sessions --json'],
  async run(ctx) {
    // Reading the file needs no service connection, so no sandbox is started for it.
    const sessions = new GuestSessions(await ctx.stateDir(), await ctx.profileName(), () => ctx.now());
    const rows = sessions.list().map((s) => ({ ...summarise(s, ctx.now()) }));
    await ctx.output.list(rows, {
      columns: [
        { key: 'email' },
        { key: 'state' },
        { key: 'accessExpiresAt', header: 'Access expires', format: 'datetime' },
        { key: 'refreshExpiresAt', header: 'Refresh expires', format: 'datetime' },
        { key: 'loggedInAt', header: 'Logged in', format: 'datetime' },
      ],
      empty: 'No guest sessions stored. Log one in with `venue wallet login <email>`.',
    });
  },
});
