import { machineWide } from './machine-wide.js';
import { defineCommand, option } from '../define.js';
import { UsageError } from '../../lib/errors.js';
import type { ConfigStore } from '../../lib/config.js';
import type { SandboxControl } from '../../lib/sandbox-control.js';
import { sandboxControl } from '../../lib/sandbox-control.js';
import { ensureSandboxRunning } from '../../lib/sandbox-launcher.js';
import { sandboxOrigin } from '../../lib/sandbox-address.js';

interface FleetOptions {
  venues?: string;
  products?: string;
  prefix: string;
  remove?: boolean;
}

/** The tag every fleet profile carries: `--each-profile tag:sandbox-fleet`. */
const FLEET_TAG = 'sandbox-fleet';
const MAX_VENUES = 500;
const MAX_PRODUCTS = 100_000;
const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/;

interface VenueRow {
  name: string;
  products: number;
  status?: string;
}

const columns = [
  { key: 'profile' },
  { key: 'inventoryUrl', header: 'Inventory URL' },
  { key: 'products' },
  { key: 'status' },
];

function wholeNumber(raw: string, flag: string, min: number, max: number): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isInteger(value) || value < min || value > max) {
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return value;
}

function fleetProfiles(config: ConfigStore): string[] {
  return config
    .profiles()
    .filter((profile) => !config.isBuiltInSandbox(profile) && config.tagsOf(profile).includes(FLEET_TAG));
}

/** The venue a fleet profile's inventory URL names (/fleet/<venue>/inventory). */
function venueOf(url: string | undefined): string | undefined {
  return url ? /\/fleet\/([^/]+)\/inventory\/?$/.exec(url)?.[1] : undefined;
}

async function sandboxVenues(control: SandboxControl): Promise<Map<string, VenueRow>> {
  const items = await control.call((client) => client.fleet());
  return new Map(items.map((venue) => [venue.name, venue]));
}

export default defineCommand<FleetOptions>({
  name: 'fleet',
  summary: 'Emulate a chain of venues: N venue inventories in the sandbox, one profile each',
  description:
    'Creates N venues in the sandbox, each with its own inventory service (catalogue, stock, suppliers, webhook subscribers) ' +
    'under <sandbox>/fleet/<profile>/inventory, and N profiles <prefix>-1 … <prefix>-N that extend the sandbox profile ' +
    '(wallet, booking and the demo secrets are shared) and carry the tag sandbox-fleet, so that ' +
    '`venue --each-profile tag:sandbox-fleet …` runs a command at every venue. Each venue has the demo catalogue with stock ' +
    'levels of its own (odd-numbered venues are below the reorder level for SKU-1001) plus --products generated products. ' +
    'Running it again keeps the venues and their changes (a different --products seeds them afresh); --remove deletes the ' +
    "fleet's profiles and venues; with no option it lists the fleet. `venue sandbox reset` puts every venue back to its seed. " +
    'See docs/sandbox-fleet.md.',
  examples: [
    'venue sandbox fleet --venues 3',
    'venue sandbox fleet',
    'venue --each-profile tag:sandbox-fleet inventory stock levels --product 1001',
    'venue sandbox fleet --venues 5 --products 2000 -o json',
    'venue sandbox fleet --remove',
  ],
  fields: ['profile', 'inventoryUrl', 'products', 'status'],
  options: [
    option('--venues <n>', `how many venues (1 to ${MAX_VENUES}); creates them and their profiles`, {
      kind: 'unsigned',
    }),
    option(
      '--products <n>',
      `generated products per venue, on top of the demo catalogue (0 to ${MAX_PRODUCTS}; default 40)`,
      { kind: 'unsigned' },
    ),
    option('--prefix <name>', 'profile (and venue) names: <prefix>-1 … <prefix>-N', { kind: 'text', default: 'fleet' }),
    option('--remove', "delete the fleet: every profile tagged sandbox-fleet, and the sandbox's venues"),
  ],
  fleet: machineWide,
  async run(ctx, options) {
    if (options.remove && (options.venues !== undefined || options.products !== undefined)) {
      throw new UsageError('--remove takes no --venues or --products');
    }
    if (options.products !== undefined && options.venues === undefined)
      throw new UsageError('--products goes with --venues');
    const count = options.venues === undefined ? undefined : wholeNumber(options.venues, '--venues', 1, MAX_VENUES);
    const products =
      options.products === undefined ? undefined : wholeNumber(options.products, '--products', 0, MAX_PRODUCTS);
    const prefix = options.prefix;
    if (count !== undefined && !PROFILE_NAME.test(`${prefix}-${count}`)) {
      throw new UsageError(
        `--prefix must make profile names of 1–40 letters, digits, "-" or "_" (got "${prefix}-${count}")`,
      );
    }

    const config = await ctx.config();

    if (count === undefined && !options.remove) {
      // The list: the profiles, and what the sandbox holds for them (if it is running).
      const control = await sandboxControl(ctx.env);
      const running = (await control.health()) !== undefined;
      const venues = running ? await sandboxVenues(control) : new Map<string, VenueRow>();
      if (!running) ctx.terminal.info(`The sandbox is not running (${control.origin}): product counts are not known.`);
      const rows = fleetProfiles(config).map((profile) => {
        const inventoryUrl = config.resolve(profile, 'inventory.url').value ?? null;
        const venue = venues.get(venueOf(inventoryUrl ?? undefined) ?? '');
        return {
          profile,
          inventoryUrl,
          products: venue?.products ?? null,
          status: running ? (venue ? 'ready' : 'missing') : 'unknown',
        };
      });
      await ctx.output.list(rows, {
        columns,
        empty: 'No sandbox fleet. Create one with `venue sandbox fleet --venues 3`.',
      });
      return;
    }

    await ensureSandboxRunning(ctx.terminal, ctx.env);
    const control = await sandboxControl(ctx.env);
    const writable = await config.enableWriting();

    if (options.remove) {
      const profiles = fleetProfiles(writable);
      for (const profile of profiles) writable.deleteProfile(profile);
      const removed = await control.call((client) => client.removeFleet());
      ctx.terminal.success(
        `Removed ${profiles.length} fleet profile${profiles.length === 1 ? '' : 's'} and ${removed.length} sandbox venue${removed.length === 1 ? '' : 's'}.`,
      );
      if (ctx.output.isMachine)
        await ctx.output.list(
          profiles.map((profile) => ({ profile, status: 'removed' })),
          { columns },
        );
      return;
    }

    const names = Array.from({ length: count! }, (_, i) => `${prefix}-${i + 1}`);
    // A profile of the same name that is not part of a fleet is someone's real venue: never overwrite it.
    const clashing = names.filter((name) => writable.profileExists(name) && !writable.tagsOf(name).includes(FLEET_TAG));
    if (clashing.length) {
      throw new UsageError(
        `profile${clashing.length === 1 ? '' : 's'} ${clashing
          .slice(0, 3)
          .map((p) => `"${p}"`)
          .join(', ')}${clashing.length > 3 ? ' …' : ''} already exist and are not part of a sandbox fleet`,
        {
          hint: 'Choose other names with --prefix (e.g. --prefix demo).',
        },
      );
    }

    const spinner = await ctx.terminal.spinner(`Creating ${names.length} venues in the sandbox…`);
    let created: VenueRow[];
    try {
      // Big fleets take a moment to build: allow minutes, not the usual seconds.
      ({ items: created } = await control.call((client) =>
        client.createFleet(
          { venues: names, ...(products === undefined ? {} : { products }) },
          { timeoutMs: 5 * 60_000 },
        ),
      ));
    } catch (error) {
      spinner.fail('Creating the fleet failed');
      throw error;
    }
    spinner.stop();

    const origin = sandboxOrigin(ctx.env);
    const rows = created.map((venue) => {
      const inventoryUrl = `${origin}/fleet/${venue.name}/inventory`;
      writable.createProfile(venue.name);
      writable.setSetting(venue.name, 'extends', 'sandbox');
      writable.setSetting(venue.name, 'tags', FLEET_TAG);
      writable.setSetting(venue.name, 'inventory.url', inventoryUrl);
      return { profile: venue.name, inventoryUrl, products: venue.products, status: venue.status ?? 'created' };
    });
    const fresh = rows.filter((row) => row.status !== 'kept').length;
    ctx.terminal.success(
      `The sandbox fleet has ${rows.length} venue${rows.length === 1 ? '' : 's'} (${fresh} new or seeded afresh). Try \`venue --each-profile tag:${FLEET_TAG} inventory stock levels\`.`,
    );
    await ctx.output.list(rows, { columns });
  },
});
