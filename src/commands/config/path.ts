import { defineCommand } from '../define.js';

export default defineCommand({
  name: 'path',
  summary: 'Where settings, secrets and state are kept',
  examples: ['venue config path', 'VENUE_CONFIG_DIR=/srv/venue venue config path -o json'],
  fleet: { refused: 'the config directory is the same for every profile' },
  async run(ctx) {
    const config = await ctx.config();
    const paths = {
      directory: config.directory,
      settings: config.settingsPath,
      credentials: config.credentialsPath,
      state: await ctx.stateDir(),
    };
    if (ctx.output.isMachine) await ctx.output.record(paths);
    else
      ctx.terminal.write(
        `${Object.entries(paths)
          .map(([k, v]) => `${k.padEnd(12)}${v}`)
          .join('\n')}\n`,
      );
  },
});
