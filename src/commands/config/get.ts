import { UsageError } from '../../lib/errors.js';
import { argument, defineCommand } from '../define.js';
import { venueHint } from '../../lib/hint-command.js';
import { settingSpecs, secretSpecs, unknownSetting } from '../../lib/config.js';

export default defineCommand({
  name: 'get',
  args: [argument('<key>', { kind: 'setting' })],
  summary: 'Print one setting of the profile',
  examples: ['venue config get inventory.url', 'venue --profile main config get inventory.url'],
  fleet: 'read',
  async run(ctx, _options, key) {
    const config = await ctx.config();
    const profile = await ctx.profileName(); // one that exists: a mistyped --profile is not a profile whose settings are all unset
    if (key! in secretSpecs) {
      throw new UsageError(`${key} is a secret and is never printed`, {
        hint: `See whether it is set with ${venueHint(['config', 'list'])}.`,
      });
    }
    if (!(key! in settingSpecs)) throw unknownSetting(key!);
    const { value, source } = config.resolve(profile, key as keyof typeof settingSpecs);
    if (value === undefined) throw new UsageError(`${key} is not set for profile "${profile}"`);
    if (ctx.output.isMachine) await ctx.output.record({ key, value, source });
    else ctx.terminal.write(`${value}\n`);
  },
});
