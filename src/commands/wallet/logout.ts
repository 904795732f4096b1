import { argument, defineCommand } from '../define.js';
import { checkEmail, guestAccount } from './shared.js';
import { GuestSessions } from '../../lib/wallet/sessions.js';

export default defineCommand({
  name: 'logout',
  args: [argument('<email>', { kind: 'guest' })],
  summary: "Forget a guest's stored session",
  examples: ['venue wallet logout dana@example.com'],
  fleet: guestAccount,
  async run(ctx, _options, rawEmail) {
    const email = (await checkEmail(rawEmail!)).toLowerCase();
    // Forgetting needs no service: no client, no sandbox start.
    const sessions = new GuestSessions(await ctx.stateDir(), await ctx.profileName(), () => ctx.now());
    if (await sessions.remove(email)) ctx.terminal.success(`Forgot the session of ${email}.`);
    else ctx.terminal.info(`No session stored for ${email}; nothing to do.`);
  },
});
