import { defineCommand } from '../define.js';

export default defineCommand({
  name: 'profiles',
  summary: 'List profiles; the current one is marked',
  fields: ['current', 'name', 'tags', 'extends', 'inventoryUrl', 'sandbox'],
  examples: ['venue config profiles', 'venue config profiles -o json'],
  fleet: { refused: 'it already lists every profile' },
  async run(ctx) {
    const config = await ctx.config();
    const current = ctx.globals.profile ?? ctx.env.VENUE_PROFILE ?? config.currentProfile();
    const rows = config.profiles().map((name) => ({
      current: name === current ? '*' : '',
      name,
      inventoryUrl: config.resolve(name, 'inventory.url').value ?? '',
      tags: config.tagsOf(name),
      extends: config.parentOf(name) ?? '',
      sandbox: config.isSandboxProfile(name),
    }));
    await ctx.output.list(rows, {
      columns: [
        { key: 'current', header: '' },
        'name',
        { key: 'tags', format: 'list' },
        'extends',
        { key: 'inventoryUrl', header: 'Inventory URL' },
        { key: 'sandbox', format: 'bool' },
      ],
      bounded: true,
    });
  },
});
