// Profiles and settings. Settings live in config.json, secrets in a separate
// credentials.json (mode 0600), both under one directory that VENUE_CONFIG_DIR
// relocates. Every resolved value carries its source so `config list` can say
// where it came from.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type Conf from 'conf';
import { UsageError } from './errors.js';
import { didYouMean } from './suggest.js';
import { syncFolder } from './durable-file.js';
import { configDirectory, isSandboxUrl, sandboxOrigin, sandboxDemoSecrets } from './sandbox-address.js';
import {
  formatAuthScheme,
  formatPathVars,
  inventoryOperationNames,
  isUnmappedRoute,
  inventoryOperations,
  normaliseBasePath,
  parseAuthScheme,
  parsePathVars,
  parseRoute,
  formatJsonPatch,
  formatPerLine,
  formatUpdateReplaces,
  parseJsonPatch,
  parsePerLine,
  parseUpdateReplaces,
  checkRouteFor,
  formatRoute,
  InventoryRouteMap,
  isInventoryOperation,
  routeSettingKey,
  UNMAPPED_ROUTE,
  type InventoryOperation,
} from './inventory/routes.js';
import { venueHint } from './hint-command.js';
import { confModule } from './lazy-modules.js';

export type SettingSource = 'flag' | 'environment' | 'profile' | 'default' | 'extends';

export interface SettingSpec {
  description: string;
  kind:
    | 'url'
    | 'int'
    | 'enum'
    | 'route'
    | 'auth'
    | 'path'
    | 'text'
    | 'tz'
    | 'tags'
    | 'profile'
    | 'pathVars'
    | 'fieldNames'
    | 'operations';
  /** Not taken from the profile this one extends (its own identity: tags, extends). */
  own?: boolean;
  values?: readonly string[];
  /** Environment variable that overrides the profile, for cron and CI. */
  env?: string;
}

const baseSettingSpecs = {
  'wallet.url': { description: 'Guest wallet production base URL', kind: 'url', env: 'VENUE_WALLET_URL' },
  'wallet.uatUrl': { description: 'Guest wallet test (UAT) base URL', kind: 'url', env: 'VENUE_WALLET_UAT_URL' },
  'wallet.environment': {
    description: 'Which wallet environment to use',
    kind: 'enum',
    values: ['production', 'uat'],
    env: 'VENUE_WALLET_ENVIRONMENT',
  },
  'booking.url': { description: 'Experience booking base URL', kind: 'url', env: 'VENUE_BOOKING_URL' },
  'inventory.url': {
    description: "Inventory base URL (the venue's own server)",
    kind: 'url',
    env: 'VENUE_INVENTORY_URL',
  },
  'inventory.userId': {
    description: 'Inventory user id for the integration',
    kind: 'int',
    env: 'VENUE_INVENTORY_USER_ID',
  },
  'inventory.warehouseId': { description: 'Default warehouse id', kind: 'int', env: 'VENUE_INVENTORY_WAREHOUSE_ID' },
  'inventory.basePath': {
    description: "Path prefix of every inventory route (from the vendor document's servers URL)",
    kind: 'path',
  },
  'inventory.auth': {
    description:
      'How inventory calls authenticate: bearer or header:<Header-Name> (the login route\'s token), api-key in=header|query name=<name> [prefix="Token "] [second-header=<Header-Name>] (inventory.apiSecret bare in that header beside the key), oauth2 token-url=<url> [scopes="a b"], or basic',
    kind: 'auth',
    env: 'VENUE_INVENTORY_AUTH',
  },
  tags: {
    description: 'Tags of the profile, comma-separated (select venues with --each-profile tag:NAME)',
    kind: 'tags',
    own: true,
  },
  extends: {
    description:
      "The profile this one takes unset settings and secrets from (e.g. the chain's shared wallet and booking)",
    kind: 'profile',
    own: true,
  },
  'sandbox.idleStop': {
    description:
      'Minutes without a request after which a background sandbox (sandbox start, the autostart) stops; 0: never; default 15. Read from the sandbox profile',
    kind: 'int',
    env: 'VENUE_SANDBOX_IDLE_STOP',
  },
  timezone: {
    description:
      "The venue's time zone (IANA, e.g. Australia/Sydney) for times and days in tables; default: this machine's",
    kind: 'tz',
    env: 'VENUE_TIMEZONE',
  },
  'inventory.routesSource': {
    description: 'Where the inventory route map came from (set by import-openapi)',
    kind: 'text',
  },
  'inventory.bodyNames': {
    description:
      'The vendor\'s names of request body fields per operation (JSON, set by import-openapi): {"createProduct": ["Name", "SellPrice"]}',
    kind: 'text',
  },
  'inventory.answerNames': {
    description:
      'The vendor\'s words for answer fields per operation, read as venue\'s (JSON, set by import-openapi): {"getProduct": {"sku_code": "productCode"}}',
    kind: 'text',
  },
  'inventory.pathVars': {
    description:
      'Values of the path variables in the inventory routes that are one per venue (a tenant or project key), of the query variables a route declares after "?" (a business key) and of the headers it declares after the path (x-hotelid:{x-hotelid}), name=value separated by spaces: "tenant=north projectKey=north-shore", a header\'s or query\'s value with spaces in double quotes: \'Warehouse="Funhouse Arcade"\' (set by import-openapi --server-var)',
    kind: 'pathVars',
  },
  'inventory.oauth.scopes': {
    description:
      'The OAuth2 scopes to ask for, separated by spaces, in place of the scopes= of inventory.auth (import-openapi never writes it); a {name} in one is filled from inventory.pathVars',
    kind: 'text',
  },
  'inventory.updateReplaces': {
    description:
      "The fields updateProduct's route takes when it replaces the whole product (a PUT that requires the record's other values on every call), in the vendor's words separated by spaces, those it requires ending in *: \"Name* SKU* SellPrice RevisionNumber*\". venue then reads the product first and sends it whole with these fields, the changes set on them (and If-Match with the read's ETag). Unset: the route takes a partial update (set by import-openapi)",
    kind: 'fieldNames',
  },
  'inventory.perLine': {
    description:
      'The stock writes the vendor takes one product per call with the product in the body (one flat record: "POST /inventory_levels/set" {variant_id, warehouse_id, on_hand}), their operations separated by spaces: "stockTake receiveStock". venue then sends such a write one call per line, each body the write\'s fields and the line\'s, as it sends a write keyed by the product in its path. Unset: all lines in one body (set by import-openapi)',
    kind: 'operations',
  },
  'inventory.jsonPatch': {
    description:
      'The record updates the vendor takes as a JSON Patch (RFC 6902: `PATCH /products/{id}` with Content-Type application/json-patch+json and [{"op": "replace", "path": "/price", "value": 4.5}]), their operations separated by spaces: "updateProduct updateWebhook". venue then reads the record first and sends replace, add and remove operations on the fields it changes (If-Match with the read\'s ETag). Unset: a body of the fields (set by import-openapi)',
    kind: 'operations',
  },
  'inventory.importedRoutes': {
    description:
      'What the last import-openapi stored (JSON): `config routes` calls a route imported while it still equals this, set by hand otherwise',
    kind: 'text',
  },
} as const satisfies Record<string, SettingSpec>;

/** One setting per inventory operation: "METHOD /path/{param}" (see inventory/routes.ts). */
const routeSettingSpecs = Object.fromEntries(
  inventoryOperationNames.map((operation) => [
    routeSettingKey(operation),
    {
      description: `Inventory route of ${operation} (default ${inventoryOperations[operation].route}; "none" leaves it unmapped)`,
      kind: 'route',
    },
  ]),
) as Record<`inventory.routes.${InventoryOperation}`, SettingSpec>;

export const settingSpecs: Record<
  keyof typeof baseSettingSpecs | `inventory.routes.${InventoryOperation}`,
  SettingSpec
> = {
  ...baseSettingSpecs,
  ...routeSettingSpecs,
};
export type SettingKey = keyof typeof settingSpecs;
export const settingKeys = Object.keys(settingSpecs) as SettingKey[];

export const secretSpecs = {
  'wallet.clientSecret': { description: 'Wallet client secret', env: 'VENUE_WALLET_CLIENT_SECRET' },
  'booking.clientSecret': { description: 'Booking client secret', env: 'VENUE_BOOKING_CLIENT_SECRET' },
  'inventory.apiKey': { description: 'Inventory API key (license file)', env: 'VENUE_INVENTORY_API_KEY' },
  'inventory.apiSecret': { description: 'Inventory API secret (license file)', env: 'VENUE_INVENTORY_API_SECRET' },
} as const;
export type SecretKey = keyof typeof secretSpecs;
export const secretKeys = Object.keys(secretSpecs) as SecretKey[];

export const SANDBOX_PROFILE = 'sandbox';

/** The settings that give a profile's services their addresses. */
const SERVICE_ADDRESSES = [
  'wallet.url',
  'wallet.uatUrl',
  'booking.url',
  'inventory.url',
] as const satisfies readonly SettingKey[];

export interface ResolvedSetting<T = string> {
  value: T | undefined;
  source: SettingSource | undefined;
  /** With source "extends": the profile that holds the value. */
  from?: string;
}

export { configDirectory };

/** Token caches, guest sessions, journals, locks: private to the user. */
export function stateDirectory(env: NodeJS.ProcessEnv = process.env): string {
  const base = configDirectory(env);
  fs.mkdirSync(base, { recursive: true, mode: 0o700 });
  const dir = path.join(base, 'state');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** HTTPS, or plain HTTP to this machine only. */
export function checkBaseUrl(value: string, field: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`${field} must be an absolute URL (got "${value}")`);
  }
  if (url.protocol === 'https:') return value.replace(/\/+$/, '');
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return value.replace(/\/+$/, '');
  throw new UsageError(`${field} must use https:// (plain http is allowed only for localhost)`, {
    hint: `got "${value}"`,
  });
}

export function checkSettingValue(key: SettingKey, raw: string): string | number {
  const spec: SettingSpec = settingSpecs[key];
  switch (spec.kind) {
    case 'url':
      return checkBaseUrl(raw, key);
    case 'int': {
      if (!/^\d+$/.test(raw.trim())) throw new UsageError(`${key} must be a whole number (got "${raw}")`);
      return Number(raw.trim());
    }
    case 'enum':
      if (!spec.values!.includes(raw)) throw new UsageError(`${key} must be one of ${spec.values!.join(', ')}`);
      return raw;
    case 'route': {
      if (isUnmappedRoute(raw)) return UNMAPPED_ROUTE;
      // With the per-venue query values and headers it declares ("?storefront={storefront}", " x-hotelid:{x-hotelid}").
      // A record id in the query ("?id={productId}") only where the operation is called with that id.
      const operation = key.slice('inventory.routes.'.length);
      const route = parseRoute(raw, key);
      return formatRoute(
        isInventoryOperation(operation) ? checkRouteFor(operation, route, `inventory.routes.${operation}`) : route,
      );
    }
    case 'auth':
      return formatAuthScheme(parseAuthScheme(raw));
    case 'path':
      return normaliseBasePath(raw);
    case 'text':
      return raw;
    case 'pathVars':
      return formatPathVars(parsePathVars(raw));
    case 'fieldNames': {
      const names = parseUpdateReplaces(raw);
      if (!names)
        throw new UsageError(`${key} takes field names; \`venue config unset ${key}\` makes the update partial`);
      return formatUpdateReplaces(names);
    }
    case 'operations': {
      // The settings that name operations: each its own list, and what unsetting it means.
      const patches = key === 'inventory.jsonPatch';
      const operations = patches ? parseJsonPatch(raw) : parsePerLine(raw);
      if (!operations)
        throw new UsageError(
          `${key} takes operation names; \`venue config unset ${key}\` ${patches ? 'sends a body of the fields again' : 'sends every line in one body again'}`,
        );
      return patches ? formatJsonPatch(operations) : formatPerLine(operations);
    }
    case 'tags': {
      const tags = parseTags(raw);
      for (const tag of tags) {
        if (!/^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/.test(tag))
          throw new UsageError(
            `${key}: "${tag}" is not a tag (1–40 letters, digits, "-" or "_"; separate tags with commas)`,
          );
      }
      return tags.join(',');
    }
    case 'profile':
      if (!/^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/.test(raw.trim()))
        throw new UsageError(`${key} must name a profile (got "${raw}")`);
      return raw.trim();
    case 'tz':
      try {
        new Intl.DateTimeFormat('en', { timeZone: raw.trim() });
      } catch {
        throw new UsageError(
          `${key} must be an IANA time zone such as Europe/London or Australia/Sydney (got "${raw}")`,
        );
      }
      return raw.trim();
  }
}

/** "north, arcades" → ["north", "arcades"] (order kept, duplicates and blanks dropped). */
export function parseTags(raw: string | undefined): string[] {
  const tags: string[] = [];
  for (const part of (raw ?? '').split(',')) {
    const tag = part.trim();
    if (tag && !tags.includes(tag)) tags.push(tag);
  }
  return tags;
}

/** How far `extends` is followed: a chain longer than this is a loop or a mistake. */
const MAX_EXTENDS_DEPTH = 8;

/** "unknown setting …", with the closest keys and all of them. */
export function unknownSetting(key: string): UsageError {
  return new UsageError(`unknown setting "${key}"`, {
    hint: [didYouMean(key, settingKeys), `Known keys: ${settingKeys.join(', ')}.`].filter(Boolean).join(' '),
  });
}

function assertKnownKey(key: string): asserts key is SettingKey {
  if (key in secretSpecs) {
    throw new UsageError(`${key} is a secret: store it with ${venueHint(['config', 'set-secret', key])}`, {
      hint: 'Secrets are never taken as command-line values.',
    });
  }
  if (!(key in settingSpecs)) throw unknownSetting(key);
}

type ProfileData = Record<string, Record<string, unknown>>;

function sandboxDefaults(env: NodeJS.ProcessEnv): Partial<Record<SettingKey, string>> {
  const origin = sandboxOrigin(env);
  return {
    'wallet.url': `${origin}/wallet`,
    'wallet.uatUrl': `${origin}/wallet`,
    'wallet.environment': 'production',
    'booking.url': `${origin}/booking`,
    'inventory.url': `${origin}/inventory`,
    'inventory.userId': '1',
    'inventory.warehouseId': '1',
  };
}

function readJsonObject(file: string): StoredFiles {
  try {
    const data = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
    return data && typeof data === 'object' ? (data as StoredFiles) : {};
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new UsageError(`cannot read ${file}: ${(error as Error).message}`, {
      hint: 'Fix or remove the file; `venue config path` shows where it is.',
    });
  }
}

function getNested(data: ProfileData | undefined, key: string): unknown {
  let current: unknown = data;
  for (const part of key.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

interface StoredFiles {
  currentProfile?: string;
  profiles?: Record<string, ProfileData>;
}

/**
 * Settings and secrets for every profile. Writes go through conf (atomic
 * writes, the credentials file's mode); reads parse the two JSON files
 * directly, because conf loads a schema validator that would cost every
 * command tens of milliseconds at start-up for nothing it reads.
 */
export class ConfigStore {
  readonly directory: string;
  private ConfClass?: typeof Conf;
  private settingsFile?: Conf<Record<string, unknown>>;
  private secretsFile?: Conf<Record<string, unknown>>;
  private readCache = new Map<string, StoredFiles>();

  private constructor(private readonly env: NodeJS.ProcessEnv) {
    this.directory = configDirectory(env);
  }

  static async open(env: NodeJS.ProcessEnv = process.env, options: { writable?: boolean } = {}): Promise<ConfigStore> {
    const store = new ConfigStore(env);
    if (options.writable) await store.enableWriting();
    return store;
  }

  /** Loads conf; commands that change settings or secrets call this first. */
  async enableWriting(): Promise<this> {
    this.ConfClass ??= (await confModule()).default;
    // conf would create it 0755: the directory holds credentials and journals, so only its owner may list it.
    fs.mkdirSync(this.directory, { recursive: true, mode: 0o700 });
    fs.chmodSync(this.directory, 0o700);
    return this;
  }

  private get writer(): typeof Conf {
    if (!this.ConfClass) throw new Error('ConfigStore: enableWriting() must be called before a change');
    this.readCache.clear();
    return this.ConfClass;
  }

  private get settings(): Conf<Record<string, unknown>> {
    if (!this.settingsFile) {
      this.settingsFile = new this.writer({
        projectName: 'venue',
        cwd: this.directory,
        configName: 'config',
        // Dotted keys are our own paths: "profiles.main.wallet.url".
        accessPropertiesByDotNotation: true,
      });
      // conf writes through atomically (a temporary file, fsync, rename); the folder is fsynced here, as durable-file.ts does.
      // Once per file: a listener added on every access piled up (one fsync per access at each change).
      this.settingsFile.onDidAnyChange(() => syncFolder(this.directory));
    }
    return this.settingsFile;
  }

  private get secrets(): Conf<Record<string, unknown>> {
    if (!this.secretsFile) {
      this.secretsFile = new this.writer({
        projectName: 'venue',
        cwd: this.directory,
        configName: 'credentials',
        configFileMode: 0o600,
      });
      this.secretsFile.onDidAnyChange(() => syncFolder(this.directory));
    }
    return this.secretsFile;
  }

  /** What a file holds now: conf's copy once it is open, else the file itself. */
  private stored(which: 'config' | 'credentials'): StoredFiles {
    const open = which === 'config' ? this.settingsFile : this.secretsFile;
    if (open) return open.store as StoredFiles;
    let data = this.readCache.get(which);
    if (!data) {
      data = readJsonObject(path.join(this.directory, `${which}.json`));
      this.readCache.set(which, data);
    }
    return data;
  }

  get settingsPath(): string {
    return path.join(this.directory, 'config.json');
  }
  get credentialsPath(): string {
    return path.join(this.directory, 'credentials.json');
  }

  currentProfile(): string {
    return this.stored('config').currentProfile ?? SANDBOX_PROFILE;
  }

  useProfile(name: string): void {
    if (!this.profileExists(name)) throw this.noSuchProfile(name);
    this.settings.set('currentProfile', name);
  }

  profiles(): string[] {
    const stored = Object.keys(this.stored('config').profiles ?? {});
    // store2 before store10: numbers in names sort as numbers.
    return [
      SANDBOX_PROFILE,
      ...stored.filter((p) => p !== SANDBOX_PROFILE).sort((a, b) => a.localeCompare(b, 'en', { numeric: true })),
    ];
  }

  /** "no profile named …" (or what says it), with the closest names this config has and what to do. */
  noSuchProfile(name: string, options: { said?: string; hint?: string } = {}): UsageError {
    const guess = didYouMean(name, this.profiles());
    return new UsageError(`${options.said ?? 'no profile named'} "${name}"`, {
      hint: [guess, options.hint ?? 'List them with `venue config profiles`.'].filter(Boolean).join(' '),
    });
  }

  profileExists(name: string): boolean {
    return name === SANDBOX_PROFILE || Object.hasOwn(this.stored('config').profiles ?? {}, name);
  }

  /**
   * Creates a profile with nothing set (`config init` and the sandbox fleet
   * create profiles; a setting or a secret goes only to a profile that
   * exists, so a mistyped --profile never becomes a new one).
   */
  createProfile(name: string): void {
    if (!/^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/.test(name)) {
      throw new UsageError(`profile name must be 1–40 letters, digits, "-" or "_" (got "${name}")`);
    }
    if (!this.profileExists(name)) this.settings.set(`profiles.${name}`, {});
  }

  /**
   * A profile made anew (`config init --force`): its settings and secrets
   * removed, nothing of the old one kept, so what the caller sets next is
   * all it holds. Its name stays: it stays current, and profiles that
   * extend it still do.
   */
  replaceProfile(name: string): void {
    if (this.isBuiltInSandbox(name)) throw new UsageError('the sandbox profile is built in and cannot be replaced');
    if (!this.profileExists(name)) return this.createProfile(name);
    this.settings.set(`profiles.${name}`, {});
    this.secrets.delete(`profiles.${name}`);
  }

  /** A setting or secret goes only to a profile that exists: exit 2 with the closest name, and how profiles are made. */
  private checkExists(profile: string): void {
    if (!this.profileExists(profile))
      throw this.noSuchProfile(profile, {
        hint: `Profiles are created by \`venue config init ${profile} …\` (\`venue config profiles\` lists them).`,
      });
  }

  deleteProfile(name: string): void {
    if (name === SANDBOX_PROFILE) throw new UsageError('the sandbox profile is built in and cannot be deleted');
    if (!this.profileExists(name)) throw this.noSuchProfile(name);
    const dependents = this.profiles().filter((p) => this.parentOf(p) === name);
    if (dependents.length) {
      throw new UsageError(
        `profile "${name}" is extended by ${dependents.map((p) => `"${p}"`).join(', ')}: deleting it would take their shared settings and secrets`,
        {
          hint: `Point them elsewhere first: \`venue --profile ${dependents[0]} config unset extends\` (or set extends to another profile).`,
        },
      );
    }
    this.settings.delete(`profiles.${name}`);
    this.secrets.delete(`profiles.${name}`);
    if (this.currentProfile() === name) this.settings.delete('currentProfile');
  }

  /** The built-in profile named sandbox (its addresses are always the local emulator's; it cannot be changed, deleted or extended from another). */
  isBuiltInSandbox(profile: string): boolean {
    return profile === SANDBOX_PROFILE;
  }

  /**
   * The one meaning of "sandbox profile", for `config profiles`, the MCP
   * profiles resource, `--each-profile all` and the commands' own checks: a
   * profile whose services are the local emulator's addresses. Every service
   * address it holds (its own, through extends, the sandbox's defaults; the
   * environment of one run aside) is this configuration's sandbox
   * (isSandboxUrl, the test the `[sandbox]` mark of each service is made
   * by), and it holds at least one. The built-in profile is one; so is each
   * venue of a sandbox fleet (it extends sandbox, its inventory under the
   * emulator's /fleet/); a profile with one real address is not.
   */
  isSandboxProfile(profile: string): boolean {
    if (this.isBuiltInSandbox(profile)) return true;
    const addresses = SERVICE_ADDRESSES.map((key) => this.held(profile, key).value).filter(
      (url): url is string => url !== undefined && url !== '',
    );
    return addresses.length > 0 && addresses.every((url) => isSandboxUrl(url, this.env));
  }

  setSetting(profile: string, key: string, raw: string): string | number {
    assertKnownKey(key);
    if (this.isBuiltInSandbox(profile) && (settingSpecs[key].kind === 'url' || key === 'wallet.environment')) {
      // The sandbox profile is the local emulator, always: a real host set here would be marked [sandbox].
      throw new UsageError(`the sandbox profile always points at the local emulator: ${key} cannot be changed on it`, {
        hint: 'For a real venue, create a profile: `venue config init <name>` (e.g. `venue config init store1 --inventory-url https://…`), then `venue config use <name>`.',
      });
    }
    this.checkExists(profile);
    const value = checkSettingValue(key, raw);
    if (key === 'extends') this.checkExtends(profile, String(value));
    if (key === 'inventory.pathVars') this.checkPathVarPlaces(profile, String(value));
    this.settings.set(`profiles.${profile}.${key}`, value);
    return value;
  }

  /**
   * inventory.pathVars holds values of several places: one the profile's routes or OAuth2 scopes put in a path is a
   * path segment (no slash or space), one sent in a query or a header any text on one line. A profile whose other
   * settings cannot be read is left to say so where they are used.
   */
  private checkPathVarPlaces(profile: string, pathVars: string): void {
    let routes: InventoryRouteMap;
    try {
      routes = InventoryRouteMap.fromSettings((k) =>
        k === 'inventory.pathVars' ? { value: pathVars } : this.resolve(profile, k as SettingKey),
      );
    } catch {
      return;
    }
    routes.checkSegmentValues();
  }

  /** A profile extends an existing one, and never (through others) itself. */
  checkExtends(profile: string, parent: string): void {
    if (!this.profileExists(parent))
      throw this.noSuchProfile(parent, {
        said: 'extends: no profile named',
        hint: 'Create it first: `venue config init <name>`; list them with `venue config profiles`.',
      });
    if (this.isBuiltInSandbox(profile))
      throw new UsageError('the sandbox profile extends nothing: it always points at the local emulator');
    const chain = [profile];
    for (let at: string | undefined = parent; at !== undefined; at = this.parentOf(at)) {
      if (chain.includes(at))
        throw new UsageError(
          `extends: "${profile}" → ${[...chain.slice(1), at].map((p) => `"${p}"`).join(' → ')} would be a loop`,
        );
      chain.push(at);
      if (chain.length > MAX_EXTENDS_DEPTH)
        throw new UsageError(`extends: a chain of more than ${MAX_EXTENDS_DEPTH} profiles (${chain.join(' → ')})`);
    }
  }

  /** The profile a profile extends, if any (as stored). */
  parentOf(profile: string): string | undefined {
    if (this.isBuiltInSandbox(profile)) return undefined;
    const stored = this.stored('config').profiles?.[profile]?.extends;
    return typeof stored === 'string' && stored ? stored : undefined;
  }

  /** The profile's tags (its own; tags are not inherited). */
  tagsOf(profile: string): string[] {
    return parseTags(this.resolve(profile, 'tags').value);
  }

  unsetSetting(profile: string, key: string): void {
    if (key in secretSpecs) {
      this.secrets.delete(`profiles.${profile}.${key}`);
      return;
    }
    assertKnownKey(key);
    this.settings.delete(`profiles.${profile}.${key}`);
  }

  /**
   * A setting for a profile, with where it came from. Environment beats the
   * file; a setting the profile does not hold comes from the profile it
   * extends (source "extends", `from` naming it), then from the defaults.
   */
  resolve(profile: string, key: SettingKey, depth = 0): ResolvedSetting {
    return this.resolveFrom(profile, key, depth, true);
  }

  /** A setting as the profiles hold it (the profile's own, else through extends, else the defaults): the environment of this run aside. */
  held(profile: string, key: SettingKey): ResolvedSetting {
    return this.resolveFrom(profile, key, 0, false);
  }

  private resolveFrom(profile: string, key: SettingKey, depth: number, environment: boolean): ResolvedSetting {
    const spec: SettingSpec = settingSpecs[key];
    const fromEnv = environment && spec.env ? this.env[spec.env] : undefined;
    if (fromEnv !== undefined && fromEnv !== '') return { value: fromEnv, source: 'environment' };
    const stored = getNested(this.stored('config').profiles?.[profile], key);
    if (stored !== undefined && stored !== null) return { value: String(stored), source: 'profile' };
    if (this.isBuiltInSandbox(profile)) return { value: sandboxDefaults(this.env)[key], source: 'default' };
    const parent = spec.own ? undefined : this.parentOf(profile);
    if (parent !== undefined && depth < MAX_EXTENDS_DEPTH && this.profileExists(parent)) {
      const inherited = this.resolveFrom(parent, key, depth + 1, environment);
      if (inherited.value !== undefined)
        return {
          value: inherited.value,
          source: 'extends',
          from: inherited.source === 'extends' ? inherited.from : parent,
        };
    }
    return { value: undefined, source: undefined };
  }

  setSecret(profile: string, key: SecretKey, value: string): void {
    this.checkExists(profile);
    this.secrets.set(`profiles.${profile}.${key}`, value);
    // conf applies the mode on create; make sure an older file is tightened too.
    fs.chmodSync(this.credentialsPath, 0o600);
  }

  /** Environment first (cron), then the credentials file, then the sandbox's demo values. */
  resolveSecret(profile: string, key: SecretKey, depth = 0): ResolvedSetting {
    const fromEnv = this.env[secretSpecs[key].env];
    if (fromEnv) return { value: fromEnv, source: 'environment' };
    const stored = getNested(this.stored('credentials').profiles?.[profile], key);
    if (typeof stored === 'string' && stored) return { value: stored, source: 'profile' };
    if (this.isBuiltInSandbox(profile)) return { value: sandboxDemoSecrets[key], source: 'default' };
    const parent = this.parentOf(profile);
    if (parent !== undefined && depth < MAX_EXTENDS_DEPTH && this.profileExists(parent)) {
      const inherited = this.resolveSecret(parent, key, depth + 1);
      if (inherited.value !== undefined)
        return {
          value: inherited.value,
          source: 'extends',
          from: inherited.source === 'extends' ? inherited.from : parent,
        };
    }
    return { value: undefined, source: undefined };
  }
}
