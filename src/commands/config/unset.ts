import { defineCommand } from '../define.js';
import { targetProfile } from './shared.js';

export default defineCommand({
  name: 'unset',
  args: '<key>',
  summary: 'Remove a setting or a secret from the profile',
  examples: ['venue config unset inventory.warehouseId', 'venue --profile main config unset wallet.clientSecret'],
  fleet: 'write',
  async run(ctx, _options, key) {
    const config = await (await ctx.config()).enableWriting();
    const profile = await targetProfile(ctx);
    config.unsetSetting(profile, key!);
    ctx.terminal.success(`${key} removed from profile "${profile}"`);
  },
});
