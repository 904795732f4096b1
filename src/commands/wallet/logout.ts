import { defineCommand } from '../define.js';
import { checkEmail } from './shared.js';

export default defineCommand({
  name: 'logout',
  args: '<email>',
  summary: "Forget a guest's stored session",
  examples: ['venue wallet logout ava@example.com'],
  async run(ctx, _options, rawEmail) {
    const email = (await checkEmail(rawEmail!)).toLowerCase();
    const client = await ctx.wallet();
    if (await client.sessions.remove(email)) ctx.terminal.success(`Forgot the session of ${email}.`);
    else ctx.terminal.info(`No session stored for ${email}; nothing to do.`);
  },
});
