import { argument, defineCommand, option } from '../define.js';
import { DeclinedError } from '../../lib/errors.js';

export default defineCommand<{ yes?: boolean }>({
  name: 'delete',
  args: [argument('<profile>', { kind: 'profile' })],
  summary: 'Delete a profile with its settings and secrets',
  examples: ['venue config delete north --yes'],
  options: [option('-y, --yes', 'do not ask for confirmation')],
  fleet: { refused: 'deleting profiles is done one at a time' },
  confirmation: 'always',
  async run(ctx, options, profile) {
    const config = await (await ctx.config()).enableWriting();
    if (!config.profileExists(profile!)) throw config.noSuchProfile(profile!);
    if (!options.yes) {
      const sure = await ctx.prompter.confirm(`Delete profile "${profile}" and its secrets?`, { flag: '--yes' });
      if (!sure) {
        throw new DeclinedError(`Nothing deleted: profile "${profile}" is kept.`);
      }
    }
    config.deleteProfile(profile!);
    ctx.terminal.success(`profile "${profile}" deleted`);
  },
});
