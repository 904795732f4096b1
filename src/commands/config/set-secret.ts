import { UsageError } from '../../lib/errors.js';
import { readSecret } from '../../lib/secret-input.js';
import { defineCommand } from '../define.js';
import { targetProfile } from './shared.js';

export default defineCommand<{ fromEnv?: string; stdin?: boolean }>({
  name: 'set-secret',
  args: '<name>',
  summary: 'Store a secret: wallet.clientSecret, booking.clientSecret, inventory.apiKey or inventory.apiSecret',
  description:
    'The value comes from a hidden prompt, an environment variable (--from-env VAR) or standard input (--stdin); never from the command line, where shell history and the process list would keep it. Stored in credentials.json, mode 0600.',
  examples: [
    'venue --profile main config set-secret inventory.apiSecret',
    'printf %s "$SECRET" | venue --profile main config set-secret wallet.clientSecret --stdin',
    'venue config set-secret booking.clientSecret --from-env BOOKING_SECRET',
  ],
  configure: (cmd) =>
    cmd.option('--from-env <VAR>', 'read the value from this environment variable').option('--stdin', 'read the value from standard input'),
  async run(ctx, options, name) {
    const { secretSpecs } = await import('../../lib/config.js');
    if (!(name! in secretSpecs)) {
      throw new UsageError(`unknown secret "${name}"`, { hint: `known secrets: ${Object.keys(secretSpecs).join(', ')}` });
    }
    if (options.fromEnv && options.stdin) throw new UsageError('give either --from-env or --stdin, not both');
    const config = await (await ctx.config()).enableWriting();
    const profile = await targetProfile(ctx);
    const value = await readSecret(ctx.terminal, ctx.prompter, ctx.env, {
      fromEnv: options.fromEnv,
      fromStdin: options.stdin,
      prompt: `${name} for profile "${profile}"`,
      flags: '--stdin or --from-env VAR',
    });
    config.setSecret(profile, name as keyof typeof secretSpecs, value);
    const tokens = await ctx.tokens();
    await tokens.drop(name!.split('.')[0] as 'wallet' | 'booking' | 'inventory');
    ctx.terminal.success(`${name} stored for profile "${profile}" (${config.credentialsPath}, mode 0600)`);
  },
});
