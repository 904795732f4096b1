import { defineCommand } from '../define.js';
import { settingKeys, secretKeys } from '../../lib/config.js';

/** "extends chain" says which profile a shared value comes from. */
function sourceText(source: string | undefined, from: string | undefined): string {
  if (source === 'extends') return `extends ${from}`;
  return source ?? 'unset';
}

export default defineCommand({
  name: 'list',
  summary:
    'Every setting of the profile and where it came from (unset inventory routes left out); secrets only as set or unset',
  description:
    'SOURCE says where each value comes from: "profile" (set on it), "extends <name>" (from the profile it extends), "environment" (a VENUE_* variable), "flag", "default" (the sandbox\'s), or "unset".',
  examples: ['venue config list', 'venue --profile main config list -o json'],
  fleet: 'read',
  async run(ctx) {
    const config = await ctx.config();
    const profile = await ctx.profileName(); // one that exists: a mistyped --profile is not a profile whose settings are all unset
    const fromFlag = ctx.globals.profile !== undefined;
    const rows: Array<Record<string, unknown>> = [
      {
        key: 'profile',
        value: profile,
        source: fromFlag
          ? 'flag'
          : ctx.env.VENUE_PROFILE
            ? 'environment'
            : config.currentProfile() === profile && profile !== 'sandbox'
              ? 'profile'
              : 'default',
      },
    ];
    for (const key of settingKeys) {
      const { value, source, from } = config.resolve(profile, key);
      // The 21 inventory routes clutter the list while unset, and the import's own record always
      // would: `venue config routes` shows the whole map and where each route came from.
      if ((key.startsWith('inventory.routes.') && value === undefined) || key === 'inventory.importedRoutes') continue;
      rows.push({ key, value: value ?? '', source: sourceText(source, from) });
    }
    for (const key of secretKeys) {
      const { value, source, from } = config.resolveSecret(profile, key);
      rows.push({ key, value: value ? 'set' : 'unset', source: sourceText(source, from) });
    }
    await ctx.output.list(rows, { columns: ['key', 'value', 'source'], bounded: true });
  },
});
