import { argument, defineCommand } from '../define.js';
import { checkEmail, guestAccount } from './shared.js';
import { placeholder, venueHint } from '../../lib/hint-command.js';

export default defineCommand({
  name: 'reset-password',
  args: [argument('<email>', { kind: 'guest' })],
  summary: 'Start a password reset: the guest is mailed a confirmation code',
  examples: ['venue wallet reset-password dana@example.com'],
  fleet: guestAccount,
  async run(ctx, _options, rawEmail) {
    const email = (await checkEmail(rawEmail!)).toLowerCase();
    const client = await ctx.wallet();
    await client.resetPassword(email);
    const where = (await ctx.isSandbox()) ? ' (in the sandbox: read it with `venue sandbox outbox`)' : '';
    if (ctx.output.isMachine) await ctx.output.record({ email, codeMailed: true });
    else
      ctx.terminal.success(
        `A confirmation code was mailed to ${email}${where}. Then: ${venueHint(['wallet', 'confirm-reset', email, '--code', placeholder('code')])}`,
      );
  },
});
