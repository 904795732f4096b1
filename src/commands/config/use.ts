import { argument, defineCommand } from '../define.js';

export default defineCommand({
  name: 'use',
  args: [argument('<profile>', { kind: 'profile' })],
  summary: 'Make a profile the current one',
  examples: ['venue config use main', 'venue config use sandbox'],
  fleet: { refused: 'it chooses the one current profile' },
  async run(ctx, _options, profile) {
    const config = await (await ctx.config()).enableWriting();
    config.useProfile(profile!);
    ctx.terminal.success(`now using profile "${profile}"`);
  },
});
