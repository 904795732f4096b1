import { UsageError } from '../../lib/errors.js';
import { readSecret } from '../../cli/secret-input.js';
import { argument, defineCommand, option } from '../define.js';
import { targetProfile } from './shared.js';
import { secretSpecs } from '../../lib/config.js';

// --from-env and --stdin are the spellings before --secret-env/--secret-stdin: kept working, hidden from help.
export default defineCommand<{ secretEnv?: string; secretStdin?: boolean; fromEnv?: string; stdin?: boolean }>({
  name: 'set-secret',
  args: [argument('<name>', { kind: 'setting' })],
  summary: 'Store a secret: wallet.clientSecret, booking.clientSecret, inventory.apiKey or inventory.apiSecret',
  description:
    'The value comes from a hidden prompt, an environment variable (--secret-env VAR) or standard input (--secret-stdin); never from the command line, where shell history and the process list would keep it. Stored in credentials.json, mode 0600.',
  examples: [
    'venue --profile main config set-secret inventory.apiSecret   # needs a terminal',
    'printf %s "$SECRET" | venue --profile main config set-secret wallet.clientSecret --secret-stdin',
    'venue config set-secret booking.clientSecret --secret-env BOOKING_SECRET',
  ],
  options: [
    option('--secret-stdin', 'read the value from standard input', { kind: 'secret' }),
    option('--secret-env <VAR>', 'read the value from this environment variable', { kind: 'secret' }),
    option('--stdin', 'old spelling of --secret-stdin', { kind: 'secret', hidden: true }),
    option('--from-env <VAR>', 'old spelling of --secret-env', { kind: 'secret', hidden: true }),
  ],
  fleet: 'write',
  confirmation: { never: 'own-files' },
  async run(ctx, options, name) {
    if (!(name! in secretSpecs)) {
      throw new UsageError(`unknown secret "${name}"`, {
        hint: `known secrets: ${Object.keys(secretSpecs).join(', ')}`,
      });
    }
    const fromEnv = options.secretEnv ?? options.fromEnv;
    const fromStdin = Boolean(options.secretStdin || options.stdin);
    if (fromEnv && fromStdin) throw new UsageError('give either --secret-env or --secret-stdin, not both');
    const config = await (await ctx.config()).enableWriting();
    const profile = await targetProfile(ctx);
    const value = await readSecret(ctx.terminal, ctx.prompter, ctx.env, {
      fromEnv,
      fromStdin,
      prompt: `${name} for profile "${profile}"`,
      flags: '--secret-stdin or --secret-env VAR',
    });
    config.setSecret(profile, name as keyof typeof secretSpecs, value);
    const tokens = await ctx.tokens();
    await tokens.drop(name!.split('.')[0] as 'wallet' | 'booking' | 'inventory');
    ctx.terminal.success(`${name} stored for profile "${profile}" (${config.credentialsPath}, mode 0600)`);
  },
});
