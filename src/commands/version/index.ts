import { defineCommand } from '../define.js';
import { venueVersion } from '../../lib/version.js';

export default defineCommand({
  name: 'version',
  summary: 'Versions and config folder, for bug reports',
  description:
    '`venue --version` prints the version alone; this adds what a bug report needs. With --json (or -o json): ' +
    '{"version", "node", "platform", "arch", "configDirectory"}.',
  examples: ['venue version', 'venue version --json'],
  fields: ['version', 'node', 'platform', 'arch', 'configDirectory'],
  fleet: { refused: 'it describes this machine and this copy of venue, the same for every profile' },
  async run(ctx) {
    const about = {
      version: venueVersion(),
      node: process.version,
      platform: process.platform,
      arch: process.arch,
      configDirectory: (await ctx.config()).directory,
    };
    if (ctx.output.takesRecords || ctx.globals.fields !== undefined) {
      await ctx.output.record(about);
      return;
    }
    ctx.terminal.write(
      `venue ${about.version}\nnode ${about.node} (${about.platform} ${about.arch})\nconfig directory ${about.configDirectory}\n`,
    );
  },
});
