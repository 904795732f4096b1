import { argument, defineCommand } from '../define.js';

export default defineCommand({
  name: 'unset',
  args: [argument('<key>', { kind: 'setting' })],
  summary: 'Remove a setting or a secret from the profile',
  examples: ['venue config unset inventory.warehouseId', 'venue --profile main config unset wallet.clientSecret'],
  fleet: 'write',
  confirmation: { never: 'own-files' },
  async run(ctx, _options, key) {
    const config = await (await ctx.config()).enableWriting();
    const profile = await ctx.profileName(); // one that exists: a mistyped --profile is not a profile whose settings are all unset
    config.unsetSetting(profile, key!);
    ctx.terminal.success(`${key} removed from profile "${profile}"`);
  },
});
