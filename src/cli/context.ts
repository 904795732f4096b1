// The context handed to every command's run function: it builds the services
// a command uses, each on first use: config and secrets, the HTTP clients and
// the token manager (wired to src/lib/auth, which does the token exchanges,
// OAuth2 and the placing of credentials), the service clients; and holds the
// terminal, output and prompter. Built once per process; tests build one with
// fakes.

import { UsageError } from '../lib/errors.js';
import { HttpClient, maxBodyBytesFromEnv, type HttpClientOptions } from '../lib/http.js';
import { commandDeadline, deadlinePausedWhileAsking, type Deadline } from '../lib/deadline.js';
import { neverInterrupted, type Interruption } from '../lib/interruption.js';
import { Output, type OutputFormat } from '../lib/output.js';
import type { Asking } from '../lib/questions.js';
import { InquirerPrompter } from './prompter.js';
import { Terminal, type TerminalStreams } from './terminal.js';
import { ConfigStore, checkBaseUrl, stateDirectory, type SecretKey, type SettingKey } from '../lib/config.js';
import type { ServiceName, TokenManager } from '../lib/tokens.js';
import type { ServiceDeps } from '../lib/service-deps.js';
import type { SecretRegistry } from '../lib/redact.js';
import type { MergeSink } from '../lib/fleet/merged-output.js';
import type { WalletClient } from '../lib/wallet/client.js';
import type { BookingClient } from '../lib/booking/client.js';
import type { InventoryClient } from '../lib/inventory/client.js';
import type { InventoryRouteMap } from '../lib/inventory/routes.js';
import { retriesFromEnv } from '../lib/retry-policy.js';
import { placeholder, venueHint } from '../lib/hint-command.js';
import { isSandboxUrl } from '../lib/sandbox-address.js';

export type { ServiceDeps } from '../lib/service-deps.js';

/**
 * What the context builds on a command's first ask, loaded then: the one
 * context serves every command, and each command uses one service or none (a
 * setting, a journal), so a wallet command never loads inventory's client,
 * and `venue config list` no client, no auth and no sandbox launcher. The
 * architecture test (test/unit/architecture/lazy-loading.test.ts) allows
 * import() here for this alone.
 */
const onFirstUse = {
  wallet: () => import('../lib/wallet/client.js'),
  booking: () => import('../lib/booking/client.js'),
  inventory: () => import('../lib/inventory/client.js'),
  inventoryRoutes: () => import('../lib/inventory/routes.js'),
  auth: () => import('../lib/auth/service-auth.js'),
  credentialPlacement: () => import('../lib/auth/credential-placement.js'),
  sandboxLauncher: () => import('../lib/sandbox-launcher.js'),
};

export interface GlobalOptions {
  profile?: string;
  output: OutputFormat;
  /** -o (or --json) was given: without it, --query prints its result as JSON. */
  outputGiven?: boolean;
  fields?: string[];
  /** --query: JMESPath over the service's records. */
  query?: string;
  /** --limit: at most this many records of a list. */
  limit?: number;
  /** --raw: the service's records as it sent them in machine formats, --fields and --query. */
  raw?: boolean;
  color: boolean;
  quiet: boolean;
  verbose: boolean;
  input: boolean;
  timeout?: number;
  /** Seconds the whole command may take (--deadline). */
  deadline?: number;
}

export interface Context {
  readonly env: NodeJS.ProcessEnv;
  readonly globals: GlobalOptions;
  /** Ctrl-C, for the whole program: its signal, cleanup handlers and writes in flight. */
  readonly interruption: Interruption;
  readonly terminal: Terminal;
  readonly output: Output;
  readonly prompter: Asking;
  now(): number;
  config(): Promise<ConfigStore>;
  profileName(): Promise<string>;
  isSandbox(): Promise<boolean>;
  setting(key: SettingKey): Promise<string | undefined>;
  /** A setting that must be there; the error names the flag and the config key. */
  requireSetting(key: SettingKey, flag?: string): Promise<string>;
  secret(key: SecretKey): Promise<string | undefined>;
  stateDir(): Promise<string>;
  /** The service's base URL for this run (profile, environment), checked; starts nothing. */
  serviceBaseUrl(service: ServiceName): Promise<string>;
  http(service: ServiceName): Promise<HttpClient>;
  tokens(): Promise<TokenManager>;
  serviceDeps(service: ServiceName): Promise<ServiceDeps>;
  /** The profile's inventory route map (defaults where the profile sets none). */
  inventoryRoutes(): Promise<InventoryRouteMap>;
  wallet(): Promise<WalletClient>;
  booking(): Promise<BookingClient>;
  inventory(): Promise<InventoryClient>;
  /** In a run across venues, the words the summary shows for this venue's success (e.g. "already received …"); nothing otherwise. */
  noteOutcome?(text: string): void;
}

export class ProcessContext implements Context {
  readonly terminal: Terminal;
  readonly output: Output;
  readonly prompter: Asking;
  /** When this command must be over: every request and retry wait is bounded by it. */
  readonly deadline: Deadline;
  readonly interruption: Interruption;
  private configStore?: Promise<ConfigStore>;
  private tokenManager?: Promise<TokenManager>;
  private routeMap?: Promise<InventoryRouteMap>;
  private readonly clients = new Map<ServiceName, HttpClient>();

  constructor(
    readonly globals: GlobalOptions,
    streams: TerminalStreams,
    readonly env: NodeJS.ProcessEnv,
    secrets?: SecretRegistry,
    interruption?: Interruption,
    /** A run across venues: this context is one venue's, and its rows go to the merged output. */
    private readonly merge?: {
      sink: MergeSink;
      profile: string;
      note?: (text: string) => void;
    },
    /** The clock (ms since the epoch): what the command takes as now (today, dates); waits and the deadline run on the real one. */
    private readonly clock: () => number = Date.now,
  ) {
    this.interruption = interruption ?? neverInterrupted();
    this.terminal = new Terminal(streams, {
      secrets,
      interruption: this.interruption,
      noColor: !globals.color,
      noInput: !globals.input,
      quiet: globals.quiet,
      verbose: globals.verbose,
      env,
    });
    this.output = new Output(this.terminal, {
      format: globals.output,
      fields: globals.fields,
      query: globals.query,
      queryAsJson: globals.outputGiven === false,
      limit: globals.limit,
      raw: globals.raw,
      interruption: this.interruption,
      timeZone: () => this.setting('timezone'),
      width: tableWidth(streams, env),
      merge,
    });
    this.deadline = commandDeadline(globals.deadline, env, Date.now());
    this.prompter = deadlinePausedWhileAsking(new InquirerPrompter(this.terminal), this.deadline);
  }

  now(): number {
    return this.clock();
  }

  noteOutcome(text: string): void {
    this.merge?.note?.(text);
  }

  config(): Promise<ConfigStore> {
    this.configStore ??= ConfigStore.open(this.env);
    return this.configStore;
  }

  async profileName(): Promise<string> {
    const config = await this.config();
    const name = this.globals.profile ?? this.env.VENUE_PROFILE ?? config.currentProfile();
    if (!config.profileExists(name)) {
      throw config.noSuchProfile(name, {
        hint: `Create it with ${venueHint(['config', 'init', name], { profile: null })}; list them with ${venueHint(['config', 'profiles'], { profile: null })}.`,
      });
    }
    return name;
  }

  async isSandbox(): Promise<boolean> {
    return (await this.config()).isSandboxProfile(await this.profileName());
  }

  async setting(key: SettingKey): Promise<string | undefined> {
    return (await this.config()).resolve(await this.profileName(), key).value;
  }

  async requireSetting(key: SettingKey, flag?: string): Promise<string> {
    const value = await this.setting(key);
    if (value === undefined || value === '') {
      const profile = await this.profileName();
      throw new UsageError(`${flag ? `missing ${flag}: ` : ''}${key} is not set for profile "${profile}"`, {
        hint: `${flag ? `Pass ${flag}, or set` : 'Set'} it with ${venueHint(['config', 'set', key, placeholder('value')])}.`,
      });
    }
    return value;
  }

  async secret(key: SecretKey): Promise<string | undefined> {
    const value = (await this.config()).resolveSecret(await this.profileName(), key).value;
    this.terminal.secrets.remember(value);
    return value;
  }

  async stateDir(): Promise<string> {
    return stateDirectory(this.env);
  }

  /** The setting the service's base URL comes from: the wallet's UAT URL when wallet.environment says so. */
  private async urlKey(service: ServiceName): Promise<SettingKey> {
    return service === 'wallet' && (await this.setting('wallet.environment')) === 'uat'
      ? 'wallet.uatUrl'
      : (`${service}.url` as SettingKey);
  }

  async serviceBaseUrl(service: ServiceName): Promise<string> {
    const key = await this.urlKey(service);
    return checkBaseUrl(await this.requireSetting(key), key);
  }

  /** What every HTTP client of this run is bounded by: --timeout, VENUE_RETRIES, the deadline, Ctrl-C, the answer size. */
  private httpOptions(service: ServiceName, baseUrl: string): HttpClientOptions {
    return {
      service,
      baseUrl,
      timeoutMs: (this.globals.timeout ?? 30) * 1000,
      retries: retriesFromEnv(this.env),
      deadline: this.deadline,
      secrets: this.terminal.secrets,
      interruption: this.interruption,
      maxBodyBytes: maxBodyBytesFromEnv(this.env),
      trace: this.globals.verbose ? (line) => this.terminal.debug(line) : undefined,
    };
  }

  async http(service: ServiceName): Promise<HttpClient> {
    const existing = this.clients.get(service);
    if (existing) return existing;
    const baseUrl = await this.serviceBaseUrl(service);
    // The [sandbox] mark, and the autostart, only for the local emulator itself: never for a real host.
    // A profile of a sandbox fleet (docs/sandbox-fleet.md) reaches the same emulator, so it is the URL that decides.
    if (isSandboxUrl(baseUrl, this.env)) {
      const { ensureSandboxRunning } = await onFirstUse.sandboxLauncher();
      await ensureSandboxRunning(this.terminal, this.env);
      this.terminal.note('sandbox', `[sandbox] ${service}: local emulator at ${baseUrl}, not a real venue`);
    }
    // Inventory's credential goes where the profile's auth scheme says (a named header, a query parameter, basic).
    const placement =
      service === 'inventory'
        ? (await onFirstUse.credentialPlacement()).httpAuthOptions((await this.inventoryRoutes()).auth)
        : {};
    const client = new HttpClient({ ...this.httpOptions(service, baseUrl), ...placement });
    this.clients.set(service, awaitedOnTerminal(client, this.terminal));
    return client;
  }

  tokens(): Promise<TokenManager> {
    this.tokenManager ??= (async () => {
      const { serviceTokens } = await onFirstUse.auth();
      return serviceTokens({
        profile: await this.profileName(),
        stateDir: await this.stateDir(),
        secret: (key) => this.secret(key),
        registry: this.terminal.secrets,
        baseUrl: async (service) => ({ url: await this.serviceBaseUrl(service), key: await this.urlKey(service) }),
        inventoryRoutes: () => this.inventoryRoutes(),
        http: (service) => this.http(service),
        // An OAuth2 token URL's own client (the inventory host, or an identity provider's), with the same bounds.
        httpAt: (origin) => awaitedOnTerminal(new HttpClient(this.httpOptions('inventory', origin)), this.terminal),
      });
    })();
    return this.tokenManager;
  }

  async serviceDeps(service: ServiceName): Promise<ServiceDeps> {
    const tokens = await this.tokens();
    return {
      profile: await this.profileName(),
      http: await this.http(service),
      token: tokens.source(service),
      freshToken: service === 'wallet' ? tokens.source(service, { fresh: true }) : undefined,
      stateDir: await this.stateDir(),
      now: () => this.now(),
      routes: service === 'inventory' ? await this.inventoryRoutes() : undefined,
      secrets: this.terminal.secrets,
      interruption: this.interruption,
    };
  }

  inventoryRoutes(): Promise<InventoryRouteMap> {
    this.routeMap ??= (async () => {
      const { InventoryRouteMap } = await onFirstUse.inventoryRoutes();
      const config = await this.config();
      const profile = await this.profileName();
      return InventoryRouteMap.fromSettings((key) => {
        const { value, source } = config.resolve(profile, key as SettingKey);
        return { value, source: source === 'flag' ? 'profile' : source };
      });
    })();
    return this.routeMap;
  }

  async wallet(): Promise<WalletClient> {
    const { WalletClient } = await onFirstUse.wallet();
    return new WalletClient(await this.serviceDeps('wallet'));
  }

  async booking(): Promise<BookingClient> {
    const { BookingClient } = await onFirstUse.booking();
    return new BookingClient(await this.serviceDeps('booking'));
  }

  async inventory(): Promise<InventoryClient> {
    const { InventoryClient } = await onFirstUse.inventory();
    return new InventoryClient(await this.serviceDeps('inventory'));
  }
}

/** A client whose answers, on a terminal, are awaited with "waiting for <service>…" once they take about 300 ms. */
function awaitedOnTerminal(client: HttpClient, terminal: Terminal): HttpClient {
  const request = client.request.bind(client);
  client.request = ((options) => terminal.awaiting(client.service, request(options))) as HttpClient['request'];
  return client;
}

/** Tables fit the terminal (80 columns when it does not say); piped, they fit COLUMNS when it is set, else they are not cut. */
export function tableWidth(streams: TerminalStreams, env: NodeJS.ProcessEnv): number | undefined {
  const fromEnv = Number(env.COLUMNS);
  if (Number.isInteger(fromEnv) && fromEnv > 20) return fromEnv;
  return streams.stdout.isTTY ? streams.stdout.columns || 80 : undefined;
}
