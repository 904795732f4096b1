import { defineCommand, option } from '../define.js';
import { UsageError } from '../../lib/errors.js';
import { CVV_ENV, refusedSecretFlag, passwordFromEnv, readNewPassword, stdinLines, guestAccount } from './shared.js';
import { venueHint } from '../../lib/hint-command.js';
import { walletSchemasModule } from '../../lib/lazy-modules.js';

interface SignupOptions {
  email: string;
  firstName: string;
  lastName: string;
  barcode: string;
  nickname?: string;
  cvv?: string;
  password?: string;
  cvvStdin?: boolean;
  cvvEnv?: string;
  passwordStdin?: boolean;
  passwordEnv?: string;
}

const flagOf: Record<string, string> = {
  username: '--email',
  firstName: '--first-name',
  lastName: '--last-name',
  cardBarcode: '--barcode',
  cardCvv: 'CVV',
  cardNickname: '--nickname',
  password: 'password',
};

export default defineCommand<SignupOptions>({
  name: 'signup',
  summary: 'Register a guest account with an activated game card',
  description:
    'Registers a guest account and links the card given by its barcode and CVV. The card must be activated (any in-store activity activates it).\n' +
    `The password and the CVV are secrets: they come from a hidden prompt, from stdin (--password-stdin, --cvv-stdin; with both, the first line is the password and the second the CVV) or from an environment variable (--password-env VAR, --cvv-env VAR; the CVV also from ${CVV_ENV}). They are never accepted as command-line values.`,
  examples: [
    'venue wallet signup --email dana@example.com --first-name Dana --last-name Reyes --barcode 1000000004 --nickname "Dana main"   # needs a terminal',
    "printf 'Secret123\\n444\\n' | venue wallet signup --email dana@example.com --first-name Dana --last-name Reyes --barcode 1000000004 --password-stdin --cvv-stdin",
  ],
  options: [
    option('--email <email>', "the guest's email: their login name", { kind: 'email', required: true }),
    option('--first-name <name>', 'given name', { kind: 'text', required: true }),
    option('--last-name <name>', 'family name', { kind: 'text', required: true }),
    option('--barcode <barcode>', 'the 10-digit barcode printed on the card', { kind: 'text', required: true }),
    option('--nickname <label>', 'a personal label for the card', { kind: 'text' }),
    option('--password-stdin', 'read the password from stdin (first line)', { kind: 'secret' }),
    option('--password-env <VAR>', 'read the password from this environment variable', { kind: 'secret' }),
    option('--cvv-stdin', `read the 3-digit CVV from stdin (second line with --password-stdin); or set ${CVV_ENV}`, {
      kind: 'secret',
    }),
    option('--cvv-env <VAR>', 'read the 3-digit CVV from this environment variable', { kind: 'secret' }),
    refusedSecretFlag('--cvv'),
    refusedSecretFlag('--password'),
  ],
  fleet: guestAccount,
  async run(ctx, options) {
    const { signupShape, signupSchema, checkInput } = await walletSchemasModule();
    const visible = {
      username: options.email.trim(),
      firstName: options.firstName,
      lastName: options.lastName,
      cardBarcode: options.barcode.trim(),
      cardNickname: options.nickname,
    };
    // Flags first: no point asking for secrets when a flag is already wrong.
    await checkInput(signupShape.omit({ password: true, cardCvv: true }), visible, flagOf);

    if (options.passwordEnv && options.passwordStdin)
      throw new UsageError('give either --password-env or --password-stdin, not both');
    if (options.cvvEnv && options.cvvStdin) throw new UsageError('give either --cvv-env or --cvv-stdin, not both');
    let password = passwordFromEnv(ctx, options.passwordEnv);
    let cvv = passwordFromEnv(ctx, options.cvvEnv, 'the CVV');
    if (options.passwordStdin && options.cvvStdin) {
      const lines = await stdinLines(ctx);
      [password, cvv] = [lines[0] ?? '', lines[1] ?? ''];
      if (!cvv)
        throw new UsageError(
          'standard input had no second line: with --password-stdin and --cvv-stdin, give the password on line 1 and the CVV on line 2',
        );
    } else if (options.cvvStdin) {
      cvv = (await stdinLines(ctx))[0] ?? '';
    }
    if (cvv === undefined && ctx.env[CVV_ENV]) cvv = ctx.env[CVV_ENV];
    if (cvv === undefined) {
      if (!ctx.prompter.canPrompt)
        throw new UsageError(`no CVV given: pass --cvv-stdin or set ${CVV_ENV}`, {
          hint: 'A CVV is never taken as a command-line value.',
        });
      cvv = await ctx.prompter.password('Card CVV (3 digits on the back):', { flag: '--cvv-stdin' });
    }
    password ??= await readNewPassword(ctx, Boolean(options.passwordStdin));

    const body = await checkInput(signupSchema, { ...visible, password, cardCvv: cvv.trim() }, flagOf);
    const client = await ctx.wallet();
    const spinner = await ctx.terminal.spinner('Signing the guest up');
    try {
      const answer = await client.signup(body);
      spinner.stop();
      // What was registered, and the service's answer as it sent it.
      if (ctx.output.isMachine)
        await ctx.output.record({ email: body.username, cardBarcode: body.cardBarcode, answer: answer.record });
      else
        ctx.terminal.success(
          `Registered ${body.username} with card ${body.cardBarcode}. Next: ${venueHint(['wallet', 'login', body.username])}`,
        );
    } catch (error) {
      spinner.fail('Sign-up refused');
      throw error;
    }
  },
});
