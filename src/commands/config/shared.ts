// What the config commands share: which profile they act on.

import type { Context } from '../../cli/context.js';

/** --profile, VENUE_PROFILE, else the current profile. */
export async function targetProfile(ctx: Context): Promise<string> {
  const config = await ctx.config();
  return ctx.globals.profile ?? ctx.env.VENUE_PROFILE ?? config.currentProfile();
}
