import { argument, defineCommand } from '../define.js';
import { targetProfile } from './shared.js';

export default defineCommand({
  name: 'set',
  args: [argument('<key>', { kind: 'setting' }), argument('<value>', { kind: 'text' })],
  summary: 'Set a setting on a profile (one `config init` created)',
  description:
    'Keys: wallet.url, wallet.uatUrl, wallet.environment (production|uat), booking.url, inventory.url, inventory.userId, inventory.warehouseId. Base URLs must be https:// unless they point at this machine. Secrets have their own command: `venue config set-secret`. ' +
    'The profile must exist: profiles are created by `venue config init <name>`, so a mistyped --profile is exit 2 naming the closest one.',
  examples: [
    'venue --profile main config set inventory.url https://inventory.arcade-north.example',
    'venue config set inventory.warehouseId 2',
  ],
  fleet: 'write',
  confirmation: { never: 'own-files' },
  async run(ctx, _options, key, value) {
    const config = await (await ctx.config()).enableWriting();
    const profile = await targetProfile(ctx);
    const stored = config.setSetting(profile, key!, value!);
    ctx.terminal.success(`${key} = ${stored} (profile "${profile}")`);
  },
});
