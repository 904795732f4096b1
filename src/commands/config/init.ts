import { UsageError, DeclinedError } from '../../lib/errors.js';
import type { SettingKey } from '../../lib/config.js';
import { argument, defineCommand, option } from '../define.js';
import { placeholder, venueHint } from '../../lib/hint-command.js';
import { checkSettingValue, secretKeys } from '../../lib/config.js';

interface InitOptions {
  walletUrl?: string;
  walletUatUrl?: string;
  walletEnvironment?: string;
  bookingUrl?: string;
  inventoryUrl?: string;
  user?: string;
  warehouse?: string;
  /** Old spellings of --user and --warehouse, hidden from help. */
  userId?: string;
  warehouseId?: string;
  extends?: string;
  tags?: string;
  use?: boolean;
  yes?: boolean;
  force?: boolean;
}

const flagFor: Array<[SettingKey, keyof InitOptions, string, string]> = [
  // First, so the settings after it may be left to the profile it extends.
  ['extends', 'extends', '--extends', 'Profile to take unset settings and secrets from'],
  ['tags', 'tags', '--tags', 'Tags, comma-separated'],
  ['wallet.url', 'walletUrl', '--wallet-url', 'Guest wallet production URL'],
  ['wallet.uatUrl', 'walletUatUrl', '--wallet-uat-url', 'Guest wallet test (UAT) URL'],
  ['wallet.environment', 'walletEnvironment', '--wallet-environment', 'Wallet environment'],
  ['booking.url', 'bookingUrl', '--booking-url', 'Booking URL'],
  ['inventory.url', 'inventoryUrl', '--inventory-url', "Inventory URL (the venue's own server)"],
  ['inventory.userId', 'user', '--user', 'Inventory user id for the integration'],
  ['inventory.warehouseId', 'warehouse', '--warehouse', 'Default warehouse id'],
];

/** The settings that give each service an address: its secrets are needed only with one. */
const serviceUrls: Record<'wallet' | 'booking' | 'inventory', SettingKey[]> = {
  wallet: ['wallet.url', 'wallet.uatUrl'],
  booking: ['booking.url'],
  inventory: ['inventory.url'],
};

export default defineCommand<InitOptions>({
  name: 'init',
  args: [argument('[profile]', { kind: 'profile' })],
  summary: 'Create a profile, or replace one with --force (asks on a terminal; takes flags otherwise)',
  description:
    'On a terminal, asks for each setting and then for the secrets, hidden. Without a terminal, set what the flags give; store secrets with `venue config set-secret`. ' +
    'A profile that exists is not changed: init refuses it (exit 2) unless --force, which replaces it: its settings and secrets are removed, and it holds only what this init sets ' +
    '(on a terminal, the old values are offered as answers). To change one setting, use `venue config set`.',
  examples: [
    'venue config init main   # needs a terminal',
    'venue config init main --inventory-url https://inventory.arcade-north.example --user 7 --warehouse 1',
    'venue config init north --inventory-url https://inv.north.example --user 7 --warehouse 1 --use',
    'venue config init chain --wallet-url https://wallet.chain.example --booking-url https://booking.chain.example',
    'venue config init store7 --extends chain --tags north,arcades --inventory-url https://inv.store7.example --user 7 --warehouse 1',
  ],
  options: [
    option(
      '--extends <profile>',
      "take every setting and secret this profile leaves unset from that one (e.g. the chain's wallet and booking)",
      { kind: 'profile' },
    ),
    option('--tags <list>', 'tags, comma-separated, for --each-profile tag:NAME', { kind: 'text', list: true }),
    option('--wallet-url <url>', 'guest wallet production base URL', { kind: 'url' }),
    option('--wallet-uat-url <url>', 'guest wallet test (UAT) base URL', { kind: 'url' }),
    option('--wallet-environment <env>', 'production or uat', { kind: 'text' }),
    option('--booking-url <url>', 'experience booking base URL', { kind: 'url' }),
    option('--inventory-url <url>', "inventory base URL (the venue's own server)", { kind: 'url' }),
    option('--user <id>', 'inventory user id designated for the integration (inventory.userId)', { kind: 'user' }),
    option('--warehouse <id>', 'default inventory warehouse id (inventory.warehouseId)', { kind: 'warehouse' }),
    option('--user-id <id>', 'old spelling of --user', { kind: 'user', hidden: true }),
    option('--warehouse-id <id>', 'old spelling of --warehouse', { kind: 'warehouse', hidden: true }),
    option('--use', 'make it the current profile'),
    option('-y, --yes', 'on a terminal, ask for each secret without first asking whether to set it'),
    option('--force', 'replace a profile that exists (its settings and secrets are removed first)'),
  ],
  fleet: { refused: 'it creates one profile: run it once per profile (see --extends to share settings)' },
  async run(ctx, options, profileArg) {
    options.user ??= options.userId;
    options.warehouse ??= options.warehouseId;
    const config = await (await ctx.config()).enableWriting();
    let profile = profileArg ?? ctx.globals.profile;
    if (!profile) {
      if (!ctx.prompter.canPrompt)
        throw new UsageError('missing profile name', { hint: 'Pass it: `venue config init <profile>`.' });
      profile = await ctx.prompter.input('Profile name (one per venue or environment)', {
        flag: '<profile>',
        default: 'main',
      });
    }
    if (config.isBuiltInSandbox(profile)) {
      throw new UsageError('the sandbox profile is built in and always points at the local emulator', {
        hint: 'Name a profile for the real venue: `venue config init <name>`.',
      });
    }
    const interactive = ctx.prompter.canPrompt && !flagFor.some(([, option]) => options[option] !== undefined);
    // init creates; a profile that exists is replaced only when asked (--force, or yes on a terminal), never merged into.
    const exists = config.profileExists(profile);
    if (exists && !options.force) {
      const refusal = `profile "${profile}" exists: \`config init\` creates a profile, and replaces one only with --force`;
      const hint = `To replace it (its settings and secrets are removed first): \`venue config init ${profile} --force …\`. To change one setting: \`venue --profile ${profile} config set <key> <value>\`.`;
      if (!ctx.prompter.canPrompt) throw new UsageError(refusal, { hint });
      const replace = await ctx.prompter.confirm(
        `Profile "${profile}" exists. Replace it (its settings and secrets are removed first)?`,
        { flag: '--force', default: false },
      );
      if (!replace) {
        throw new DeclinedError(`Nothing was changed: profile "${profile}" is as it was.`);
      }
    }

    // Check every flag before writing any, so a bad one changes nothing.
    const values: Array<[SettingKey, string]> = [];
    for (const [key, option, , label] of flagFor) {
      let raw = options[option] as string | undefined;
      // Sharing and tags are given as flags; the guided set-up asks for the venue's own settings.
      if (interactive && key !== 'extends' && key !== 'tags') {
        const current = config.resolve(profile, key).value;
        if (key === 'wallet.environment') {
          raw = await ctx.prompter.select(
            label,
            [
              { name: 'production', value: 'production' },
              { name: 'uat (test)', value: 'uat' },
            ],
            {
              flag: '--wallet-environment',
              default: current ?? 'production',
            },
          );
        } else {
          raw = await ctx.prompter.input(`${label}${current ? '' : ' (Enter to skip)'}`, {
            flag: option,
            default: current,
            // "Enter to skip" means it: an empty answer leaves the setting unset (or as it is).
            optional: true,
            validate: (v) => {
              if (!v) return true;
              try {
                checkSettingValue(key, v);
                return true;
              } catch (error) {
                return (error as Error).message;
              }
            },
          });
        }
      }
      if (raw !== undefined && raw !== '') {
        checkSettingValue(key, raw);
        values.push([key, raw]);
      }
    }
    // Without a terminal the flags are all there is: a profile with no service address is of no use, so nothing is saved.
    if (!interactive && values.length === 0) {
      throw new UsageError(`nothing to set for profile "${profile}": there is no terminal to ask on`, {
        hint: `Pass at least one service address: --extends <profile>, --inventory-url, --booking-url, --wallet-url (and --wallet-uat-url, --user, --warehouse as needed), e.g. \`venue config init ${profile} --inventory-url https://inventory.example --user 7 --warehouse 1\`.`,
      });
    }
    // What only the profiles can say (an extends that names none, or would loop) is checked before the old profile goes.
    const parent = values.find(([key]) => key === 'extends')?.[1];
    if (parent !== undefined) config.checkExtends(profile, parent.trim());
    if (exists) config.replaceProfile(profile);
    else config.createProfile(profile);
    for (const [key, raw] of values) config.setSetting(profile, key, raw);

    if (interactive) {
      for (const key of secretKeys) {
        const set = Boolean(config.resolveSecret(profile, key).value);
        // Enter means Yes only for a secret this profile needs: one not set yet, of a service it has an address for.
        const service = key.split('.')[0] as keyof typeof serviceUrls;
        const reached = serviceUrls[service].some((url) => config.resolve(profile, url).value);
        const question = `${set ? 'Replace' : 'Set'} ${key} now?${reached ? '' : ` (no ${service} URL in this profile)`}`;
        const wanted =
          options.yes || (await ctx.prompter.confirm(question, { flag: '--yes', default: !set && reached }));
        if (!wanted) continue;
        const value = await ctx.prompter.password(`${key} (hidden)`, { flag: 'set-secret' });
        if (value) config.setSecret(profile, key, value);
      }
    }
    if (
      options.use ||
      (interactive && (await ctx.prompter.confirm(`Use "${profile}" from now on?`, { flag: '--use', default: true })))
    ) {
      config.useProfile(profile);
    }
    ctx.terminal.success(
      `profile "${profile}" ${exists ? 'replaced' : 'saved'} (${values.length} setting${values.length === 1 ? '' : 's'} written)`,
    );
    if (!interactive)
      ctx.terminal.info(
        `Store its secrets with: ${venueHint(['config', 'set-secret', placeholder('name')], { profile })}`,
      );
  },
});
