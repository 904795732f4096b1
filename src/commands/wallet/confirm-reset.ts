import { argument, defineCommand, option } from '../define.js';
import { refusedSecretFlag, checkEmail, passwordFromEnv, readNewPassword, guestAccount } from './shared.js';
import { venueHint } from '../../lib/hint-command.js';
import { walletSchemasModule } from '../../lib/lazy-modules.js';

interface ConfirmOptions {
  code: string;
  passwordStdin?: boolean;
  passwordEnv?: string;
  password?: string;
}

export default defineCommand<ConfirmOptions>({
  name: 'confirm-reset',
  args: [argument('<email>', { kind: 'guest' })],
  summary: 'Finish a password reset with the mailed code and a new password',
  description:
    'The new password comes from a hidden prompt (asked twice) or --password-stdin / --password-env VAR; it must have 8–20 characters with a digit, a lowercase and an uppercase letter. A code works once.',
  examples: [
    'venue wallet confirm-reset dana@example.com --code 123456   # needs a terminal',
    // On the sandbox the code is in its outbox.
    "printf 'NewSecret9\\n' | venue wallet confirm-reset dana@example.com --code \"$(venue sandbox outbox --to dana@example.com --query '[0].data.confirmationCode' -o raw)\" --password-stdin",
  ],
  options: [
    option('--code <code>', 'the confirmation code from the mail', { kind: 'text', required: true }),
    option('--password-stdin', 'read the new password from stdin', { kind: 'secret' }),
    option('--password-env <VAR>', 'read the new password from this environment variable', { kind: 'secret' }),
    refusedSecretFlag('--password'),
  ],
  fleet: guestAccount,
  async run(ctx, options, rawEmail) {
    const email = (await checkEmail(rawEmail!)).toLowerCase();
    const { confirmResetShape, confirmResetSchema, checkInput } = await walletSchemasModule();
    await checkInput(
      confirmResetShape.pick({ confirmationCode: true }),
      { confirmationCode: options.code },
      { confirmationCode: '--code' },
    );
    const newPassword = await readNewPassword(
      ctx,
      Boolean(options.passwordStdin),
      passwordFromEnv(ctx, options.passwordEnv),
    );
    const body = await checkInput(
      confirmResetSchema,
      { confirmationCode: options.code, newPassword },
      { confirmationCode: '--code', newPassword: 'password' },
    );
    const client = await ctx.wallet();
    await client.confirmReset(email, body.confirmationCode, body.newPassword);
    // Tokens issued under the old password should not outlive it here.
    await client.sessions.remove(email);
    if (ctx.output.isMachine) await ctx.output.record({ email, passwordChanged: true });
    else
      ctx.terminal.success(
        `The password of ${email} was changed. Log in with it: ${venueHint(['wallet', 'login', email])}`,
      );
  },
});
