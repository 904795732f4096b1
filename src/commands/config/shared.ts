// What the config commands share: which profile they act on.

import type { Context } from '../../cli/context.js';

/**
 * --profile, VENUE_PROFILE, else the current profile: one that exists.
 * Profiles are created by `config init` only; a setting, a secret or an
 * import for a name no profile has (a typo: stor1 for store1) is exit 2 with
 * the closest name, before anything is read or stored.
 */
export async function targetProfile(ctx: Context): Promise<string> {
  const config = await ctx.config();
  const profile = ctx.globals.profile ?? ctx.env.VENUE_PROFILE ?? config.currentProfile();
  if (!config.profileExists(profile))
    throw config.noSuchProfile(profile, {
      hint: `Profiles are created by \`venue config init ${profile} …\` (\`venue config profiles\` lists them).`,
    });
  return profile;
}
