import { argument, defineCommand, option } from '../define.js';
import { summarise } from '../../lib/wallet/sessions.js';
import { refusedSecretFlag, checkEmail, readPassword, guestAccount } from './shared.js';
import { walletSchemasModule, zodModule } from '../../lib/lazy-modules.js';

interface LoginOptions {
  passwordStdin?: boolean;
  passwordEnv?: string;
  password?: string;
}

export default defineCommand<LoginOptions>({
  name: 'login',
  args: [argument('<email>', { kind: 'guest' })],
  summary: "Log a guest in and keep the guest's session for later calls",
  description:
    'Logs the guest in with the admin token and keeps the guest session (access and refresh token) for this profile, in a private file (mode 0600). ' +
    'Later guest calls renew the access token from the refresh token; when that has expired too, log in again.',
  examples: [
    'venue wallet login ava@example.com   # needs a terminal',
    'venue wallet login ava@example.com --password-stdin < password.txt',
    'venue wallet login ava@example.com --password-env GUEST_PASSWORD',
  ],
  options: [
    option('--password-stdin', 'read the password from stdin', { kind: 'secret' }),
    option('--password-env <VAR>', 'read the password from this environment variable', { kind: 'secret' }),
    refusedSecretFlag('--password'),
  ],
  fleet: guestAccount,
  async run(ctx, options, rawEmail) {
    const email = (await checkEmail(rawEmail!)).toLowerCase();
    const password = await readPassword(
      ctx,
      Boolean(options.passwordStdin),
      `Password for ${email}:`,
      options.passwordEnv,
    );
    const { passwordSchema, checkInput } = await walletSchemasModule();
    const { z } = await zodModule();
    // A password that breaks the rules cannot be any account's: say so without asking the service.
    await checkInput(z.object({ password: passwordSchema }), { password });
    const client = await ctx.wallet();
    const session = await client.login(email, password);
    const summary = summarise(session, ctx.now());
    if (ctx.output.isMachine) await ctx.output.record({ ...summary });
    else
      ctx.terminal.success(
        `Logged in as ${email}; the session renews itself until ${summary.refreshExpiresAt ?? 'the service ends it'}.`,
      );
  },
});
