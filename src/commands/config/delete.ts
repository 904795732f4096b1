import { UsageError } from '../../lib/errors.js';
import { defineCommand } from '../define.js';

export default defineCommand<{ yes?: boolean }>({
  name: 'delete',
  args: '<profile>',
  summary: 'Delete a profile with its settings and secrets',
  examples: ['venue config delete north --yes'],
  configure: (cmd) => cmd.option('-y, --yes', 'do not ask for confirmation'),
  async run(ctx, options, profile) {
    const config = await (await ctx.config()).enableWriting();
    if (!config.profileExists(profile!)) throw new UsageError(`no profile named "${profile}"`);
    if (!options.yes) {
      const sure = await ctx.prompter.confirm(`Delete profile "${profile}" and its secrets?`, { flag: '--yes' });
      if (!sure) {
        ctx.terminal.info('Nothing deleted.');
        return;
      }
    }
    config.deleteProfile(profile!);
    ctx.terminal.success(`profile "${profile}" deleted`);
  },
});
