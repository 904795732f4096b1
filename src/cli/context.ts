// The context handed to every command's run function: lazy getters for
// config, credentials, HTTP, tokens and service clients, plus the terminal,
// output and prompter. Built once per process; tests build one with fakes.

import { ApiError, AuthError, UsageError } from '../lib/errors.js';
import { HttpClient, type Deadline, type RequestOptions } from '../lib/http.js';
import { neverInterrupted, type Interruption } from '../lib/interruption.js';
import { Output, type OutputFormat } from '../lib/output.js';
import type { Asking } from '../lib/asking.js';
import { InquirerPrompter } from './prompter.js';
import { Terminal, type TerminalStreams } from './terminal.js';
import type { ConfigStore, SecretKey, SettingKey } from '../lib/config.js';
import type { ServiceName, TokenManager } from '../lib/tokens.js';
import type { WalletClient } from '../lib/wallet/client.js';
import type { BookingClient } from '../lib/booking/client.js';
import type { InventoryClient } from '../lib/inventory/client.js';
import type { ServiceDeps } from '../lib/service-deps.js';

export type { ServiceDeps } from '../lib/service-deps.js';

export interface GlobalOptions {
  profile?: string;
  output: OutputFormat;
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
  inventoryRoutes(): Promise<import('../lib/inventory/routes.js').InventoryRouteMap>;
  wallet(): Promise<WalletClient>;
  booking(): Promise<BookingClient>;
  inventory(): Promise<InventoryClient>;
  /** In a run across venues, the words the summary shows for this venue's success (e.g. "already received …"); nothing otherwise. */
  noteOutcome?(text: string): void;
}

const missingSecretHelp: Record<ServiceName, SecretKey[]> = {
  wallet: ['wallet.clientSecret'],
  booking: ['booking.clientSecret'],
  inventory: ['inventory.apiKey', 'inventory.apiSecret'],
};

export class ProcessContext implements Context {
  readonly terminal: Terminal;
  readonly output: Output;
  readonly prompter: Asking;
  private configStore?: Promise<ConfigStore>;
  private tokenManager?: Promise<TokenManager>;
  private readonly clients = new Map<ServiceName, HttpClient>();

  constructor(
    readonly globals: GlobalOptions,
    streams: TerminalStreams,
    readonly env: NodeJS.ProcessEnv,
    secrets?: import('../lib/redact.js').SecretRegistry,
    interruption?: Interruption,
    /** A run across venues: this context is one venue's, and its rows go to the merged output. */
    private readonly merge?: {
      sink: import('../lib/fleet/merged-output.js').MergeSink;
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
      limit: globals.limit,
      raw: globals.raw,
      interruption: this.interruption,
      timeZone: () => this.setting('timezone'),
      width: tableWidth(streams, env),
      merge,
    });
    this.deadline = commandDeadline(globals, env, Date.now());
    this.prompter = deadlinePausedWhileAsking(new InquirerPrompter(this.terminal), this.deadline);
  }

  /** When this command must be over: every request and retry wait is bounded by it. */
  readonly deadline: Deadline;
  readonly interruption: Interruption;

  now(): number {
    return this.clock();
  }

  noteOutcome(text: string): void {
    this.merge?.note?.(text);
  }

  config(): Promise<ConfigStore> {
    this.configStore ??= import('../lib/config.js').then((m) => m.ConfigStore.open(this.env));
    return this.configStore;
  }

  async profileName(): Promise<string> {
    const config = await this.config();
    const name = this.globals.profile ?? this.env.VENUE_PROFILE ?? config.currentProfile();
    if (!config.profileExists(name)) {
      throw config.noSuchProfile(name, {
        hint: 'Create it with `venue config init`; list them with `venue config profiles`.',
      });
    }
    return name;
  }

  async isSandbox(): Promise<boolean> {
    return (await this.config()).isSandbox(await this.profileName());
  }

  async setting(key: SettingKey): Promise<string | undefined> {
    return (await this.config()).resolve(await this.profileName(), key).value;
  }

  async requireSetting(key: SettingKey, flag?: string): Promise<string> {
    const value = await this.setting(key);
    if (value === undefined || value === '') {
      const profile = await this.profileName();
      throw new UsageError(`${flag ? `missing ${flag}: ` : ''}${key} is not set for profile "${profile}"`, {
        hint: `${flag ? `Pass ${flag}, or set` : 'Set'} it with \`venue config set ${key} <value>\`.`,
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
    const { stateDirectory } = await import('../lib/config.js');
    return stateDirectory(this.env);
  }

  private async urlKey(service: ServiceName): Promise<SettingKey> {
    return service === 'wallet' && (await this.setting('wallet.environment')) === 'uat'
      ? 'wallet.uatUrl'
      : (`${service}.url` as SettingKey);
  }

  async serviceBaseUrl(service: ServiceName): Promise<string> {
    const { checkBaseUrl } = await import('../lib/config.js');
    const key = await this.urlKey(service);
    return checkBaseUrl(await this.requireSetting(key), key);
  }

  /**
   * What a cached token of service is bound to in this run: its base URL
   * (origin and base path) and a keyed fingerprint of the credentials it is
   * obtained with, both as the profile and the environment now say.
   */
  private tokenBinding(service: ServiceName): Promise<import('../lib/tokens.js').TokenBinding> {
    // The profile and environment do not change during a run: worked out once per service.
    let binding = this.bindings.get(service);
    if (!binding) {
      binding = this.workOutBinding(service);
      this.bindings.set(service, binding);
      binding.catch(() => this.bindings.delete(service));
    }
    return binding;
  }

  private readonly bindings = new Map<ServiceName, Promise<import('../lib/tokens.js').TokenBinding>>();

  private async workOutBinding(service: ServiceName): Promise<import('../lib/tokens.js').TokenBinding> {
    const { credentialFingerprint, fingerprintKey, normaliseBaseUrl } = await import('../lib/tokens.js');
    const basePath = service === 'inventory' ? (await this.inventoryRoutes()).basePath : '';
    const values: Array<string | undefined> = [];
    for (const key of missingSecretHelp[service]) values.push(await this.secret(key));
    // An OAuth2 token is bound to its token URL and scopes too: another of either is another token.
    const auth = service === 'inventory' ? (await this.inventoryRoutes()).auth : undefined;
    if (auth?.type === 'oauth2') values.push((await import('../lib/inventory/routes.js')).formatAuthScheme(auth));
    return {
      baseUrl: normaliseBaseUrl(`${await this.serviceBaseUrl(service)}${basePath}`),
      credentials: credentialFingerprint(fingerprintKey(await this.stateDir()), service, values),
    };
  }

  async http(service: ServiceName): Promise<HttpClient> {
    const existing = this.clients.get(service);
    if (existing) return existing;
    const baseUrl = await this.serviceBaseUrl(service);
    const { isSandboxUrl } = await import('../lib/sandbox-address.js');
    // The [sandbox] mark, and the autostart, only for the local emulator itself: never for a real host.
    // A profile of a sandbox fleet (docs/sandbox-fleet.md) reaches the same emulator, so it is the URL that decides.
    if (isSandboxUrl(baseUrl, this.env)) {
      const { ensureSandboxRunning } = await import('../lib/sandbox-launcher.js');
      await ensureSandboxRunning(this.terminal, this.env);
      this.terminal.note('sandbox', `[sandbox] ${service}: local emulator at ${baseUrl}, not a real venue`);
    }
    const routes = service === 'inventory' ? await this.inventoryRoutes() : undefined;
    const client = new HttpClient({
      service,
      baseUrl,
      ...(routes ? await this.credentialOptions(routes.auth) : {}),
      timeoutMs: (this.globals.timeout ?? 30) * 1000,
      retries: envCount(this.env, 'VENUE_RETRIES', 0, 10),
      deadline: this.deadline,
      secrets: this.terminal.secrets,
      interruption: this.interruption,
      maxBodyBytes: (envCount(this.env, 'VENUE_MAX_RESPONSE_MB', 1, 4096) ?? 64) * 1024 * 1024,
      trace: this.globals.verbose ? (line) => this.terminal.debug(line) : undefined,
    });
    this.clients.set(service, awaitedOnTerminal(client, this.terminal));
    return client;
  }

  /** How the inventory HTTP client sends its credential, by the profile's auth scheme. */
  private async credentialOptions(
    auth: import('../lib/inventory/routes.js').AuthScheme,
  ): Promise<Partial<import('../lib/http.js').HttpClientOptions>> {
    const { credentialPlacement, describeAuthScheme, formatAuthScheme, isStaticScheme } =
      await import('../lib/inventory/routes.js');
    const placement = credentialPlacement(auth);
    if (!placement) return {};
    const options: Partial<import('../lib/http.js').HttpClientOptions> =
      placement.in === 'query'
        ? { authQuery: { name: placement.name, prefix: placement.prefix } }
        : { authHeader: { name: placement.name, prefix: placement.prefix } };
    if (isStaticScheme(auth)) {
      options.staticCredential = {
        what: auth.type === 'basic' ? 'the user name and password (HTTP basic)' : 'the API key',
        hint:
          `inventory.auth is ${formatAuthScheme(auth)} (${describeAuthScheme(auth)}). Check ${auth.type === 'basic' ? 'inventory.apiKey and inventory.apiSecret' : 'inventory.apiKey'} ` +
          "(`venue config set-secret`) and that the scheme is the one the vendor's document declares (`venue config routes`). The refused credential was not sent again.",
      };
    }
    return options;
  }

  /**
   * The inventory credential sent as it is on every call (a static key,
   * basic), or undefined for a token scheme. Asked before every request:
   * worked out once per run (the settings and secrets do not change within it).
   */
  private staticInventoryCredential(): Promise<string | undefined> {
    this.inventoryCredential ??= this.readStaticInventoryCredential();
    return this.inventoryCredential;
  }
  private inventoryCredential?: Promise<string | undefined>;

  private async readStaticInventoryCredential(): Promise<string | undefined> {
    const { isStaticScheme, staticCredential, authSecrets } = await import('../lib/inventory/routes.js');
    const auth = (await this.inventoryRoutes()).auth;
    if (!isStaticScheme(auth)) return undefined;
    const values: Record<string, string | undefined> = {};
    for (const { key, role } of authSecrets(auth)) {
      values[key] = await this.secret(key);
      if (!values[key]) {
        const { secretSpecs } = await import('../lib/config.js');
        throw new AuthError(`no ${key} (${role}) for profile "${await this.profileName()}"`, {
          hint: `Set it with \`venue config set-secret ${key}\` or the ${secretSpecs[key].env} environment variable. Nothing was sent.`,
        });
      }
    }
    const credential = staticCredential(auth, values['inventory.apiKey']!, values['inventory.apiSecret']);
    this.terminal.secrets.remember(credential);
    return credential;
  }

  /** An OAuth2 client-credentials token for inventory (RFC 6749 §4.4), with its lifetime when the server states one. */
  private async oauth2Token(
    auth: Extract<import('../lib/inventory/routes.js').AuthScheme, { type: 'oauth2' }>,
  ): Promise<{ token: string; expiresInMs?: number }> {
    const { oauth2TokenRequest, oauth2TokenFrom } = await import('../lib/inventory/oauth2.js');
    const { secretSpecs } = await import('../lib/config.js');
    const profile = await this.profileName();
    const secrets: Record<'inventory.apiKey' | 'inventory.apiSecret', string> = {
      'inventory.apiKey': '',
      'inventory.apiSecret': '',
    };
    for (const key of ['inventory.apiKey', 'inventory.apiSecret'] as const) {
      const value = await this.secret(key);
      if (!value) {
        throw new AuthError(
          `no ${key} (the OAuth2 client ${key === 'inventory.apiKey' ? 'id' : 'secret'}) for profile "${profile}"`,
          {
            hint: `Set it with \`venue config set-secret ${key}\` or the ${secretSpecs[key].env} environment variable.`,
          },
        );
      }
      secrets[key] = value;
    }
    const routes = await this.inventoryRoutes();
    const serviceUrl = `${await this.serviceBaseUrl('inventory')}${routes.basePath}`;
    const tokenUrl = new URL(
      auth.tokenUrl.startsWith('/') ? `${serviceUrl.replace(/\/+$/, '')}${auth.tokenUrl}` : auth.tokenUrl,
    );
    // A client of its own at the token URL's origin (the inventory host, or an identity provider's), with the same bounds.
    const http = awaitedOnTerminal(
      new HttpClient({
        service: 'inventory',
        baseUrl: tokenUrl.origin,
        timeoutMs: (this.globals.timeout ?? 30) * 1000,
        retries: envCount(this.env, 'VENUE_RETRIES', 0, 10),
        deadline: this.deadline,
        secrets: this.terminal.secrets,
        interruption: this.interruption,
        trace: this.globals.verbose ? (line) => this.terminal.debug(line) : undefined,
      }),
      this.terminal,
    );
    const request = oauth2TokenRequest(
      auth,
      secrets['inventory.apiKey'],
      secrets['inventory.apiSecret'],
      `${tokenUrl.pathname}${tokenUrl.search}`,
    );
    this.terminal.secrets.remember(request.headers.authorization);
    const route = {
      service: 'inventory',
      method: 'POST',
      url: tokenUrl.toString(),
      what: 'get an OAuth2 token for the inventory service',
      check: {
        credentials:
          'inventory.apiKey (the client id) and inventory.apiSecret (the client secret): `venue config set-secret`',
        route: `inventory.auth (now oauth2 token-url=${auth.tokenUrl}): \`venue config routes\`; \`venue config import-openapi\` takes it from the vendor's securitySchemes`,
      },
    };
    try {
      const response = await http.request<Record<string, unknown>>({
        ...request,
        idempotent: true,
        operation: 'get an OAuth2 token',
        replayOn401: false,
      });
      return oauth2TokenFrom(response.data);
    } catch (error) {
      const { loginFailure } = await import('../lib/login.js');
      throw loginFailure(route, error);
    }
  }

  tokens(): Promise<TokenManager> {
    this.tokenManager ??= (async () => {
      const { TokenManager } = await import('../lib/tokens.js');
      const profile = await this.profileName();
      const exchange = (service: ServiceName) => async () => {
        if (service === 'inventory') {
          const auth = (await this.inventoryRoutes()).auth;
          if (auth.type === 'oauth2') return this.oauth2Token(auth);
        }
        const http = await this.http(service);
        const secrets: Record<string, string> = {};
        for (const key of missingSecretHelp[service]) {
          const value = await this.secret(key);
          if (!value) {
            const { secretSpecs } = await import('../lib/config.js');
            throw new AuthError(`no ${key} for profile "${profile}"`, {
              hint: `Set it with \`venue config set-secret ${key}\` or the ${secretSpecs[key].env} environment variable.`,
            });
          }
          secrets[key.split('.')[1]!] = value;
        }
        const routes = service === 'inventory' ? await this.inventoryRoutes() : undefined;
        const request: RequestOptions = routes
          ? {
              ...routes.resolve('authenticate'),
              body: routes.vendorBody('authenticate', secrets),
              idempotent: true,
              operation: 'authenticate',
            }
          : { method: 'POST', path: '/api/v1/token', body: secrets, idempotent: true, operation: 'get a token' };
        const { secretSpecs } = await import('../lib/config.js');
        const urlKey = await this.urlKey(service);
        const route = {
          service,
          method: request.method,
          url: http.url(request.path),
          check: {
            credentials: missingSecretHelp[service]
              .map((key) => `${key} (\`venue config set-secret ${key}\` or ${secretSpecs[key].env})`)
              .join(' and '),
            route: routes
              ? `${urlKey} (now ${http.baseUrl}), inventory.basePath and inventory.routes.authenticate (now "${request.method} ${routes.route('authenticate').path}", ${routes.origin('authenticate')}): \`venue config routes\`; \`venue config import-openapi\` takes them from the vendor's document`
              : `${urlKey} (now ${http.baseUrl}): the token route is ${request.method} ${request.path} under it`,
          },
        };
        for (let round = 1; ; round++) {
          try {
            const response = await http.request<Record<string, unknown>>(request);
            const { tokenFrom } = await import('../lib/token-response.js');
            return tokenFrom(response.data, service);
          } catch (error) {
            // A busy token route (429, 503, a gateway's 502 or 504) outlasting the HTTP layer's retries is asked
            // again, a few rounds, each bounded by the deadline: a renewal lost to it would fail the whole command.
            // A refusal (401, 403) is never asked again; an unreachable service is said at once.
            if (
              round < TOKEN_ROUTE_ROUNDS &&
              error instanceof ApiError &&
              [429, 502, 503, 504].includes(error.status)
            ) {
              const { backoffMs } = await import('../lib/http.js');
              await new Promise((resolve) => setTimeout(resolve, backoffMs(2)));
              continue;
            }
            const { loginFailure } = await import('../lib/login.js');
            throw loginFailure(route, error);
          }
        }
      };
      const binding = (service: ServiceName) => () => this.tokenBinding(service);
      return new TokenManager({
        stateDir: await this.stateDir(),
        profile,
        direct: { inventory: () => this.staticInventoryCredential() },
        fetchers: { wallet: exchange('wallet'), booking: exchange('booking'), inventory: exchange('inventory') },
        bindings: { wallet: binding('wallet'), booking: binding('booking'), inventory: binding('inventory') },
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

  private routeMap?: Promise<import('../lib/inventory/routes.js').InventoryRouteMap>;
  inventoryRoutes(): Promise<import('../lib/inventory/routes.js').InventoryRouteMap> {
    this.routeMap ??= (async () => {
      const { InventoryRouteMap } = await import('../lib/inventory/routes.js');
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
    const { WalletClient } = await import('../lib/wallet/client.js');
    return new WalletClient(await this.serviceDeps('wallet'));
  }

  async booking(): Promise<BookingClient> {
    const { BookingClient } = await import('../lib/booking/client.js');
    return new BookingClient(await this.serviceDeps('booking'));
  }

  async inventory(): Promise<InventoryClient> {
    const { InventoryClient } = await import('../lib/inventory/client.js');
    return new InventoryClient(await this.serviceDeps('inventory'));
  }
}

export const DEFAULT_DEADLINE_SECONDS = 120;

/** Rounds of the HTTP layer's retries for the token route while it answers 429, 502, 503 or 504. */
export const TOKEN_ROUTE_ROUNDS = 3;

/** --deadline, else VENUE_DEADLINE, else two minutes; a bad VENUE_DEADLINE is a usage error. */
export function commandDeadline(
  globals: Pick<GlobalOptions, 'deadline'>,
  env: NodeJS.ProcessEnv,
  now: number,
): Deadline {
  if (globals.deadline !== undefined)
    return { at: now + globals.deadline * 1000, describe: `--deadline ${globals.deadline}` };
  const raw = env.VENUE_DEADLINE;
  if (raw !== undefined && raw !== '') {
    const seconds = Number(raw);
    if (!Number.isFinite(seconds) || seconds <= 0)
      throw new UsageError(`VENUE_DEADLINE must be a positive number of seconds (got "${raw}")`);
    return { at: now + seconds * 1000, describe: `VENUE_DEADLINE=${raw}` };
  }
  return {
    at: now + DEFAULT_DEADLINE_SECONDS * 1000,
    describe: `the default ${DEFAULT_DEADLINE_SECONDS} s; --deadline or VENUE_DEADLINE`,
  };
}

/** A whole number from the environment within bounds, or undefined when unset; anything else is a usage error naming it. */
export function envCount(env: NodeJS.ProcessEnv, name: string, min: number, max: number): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < min || Number(raw) > max) {
    throw new UsageError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return Number(raw);
}

/**
 * The deadline bounds the command's waits on services, not a person's time
 * at a prompt: the time spent answering is added back to it.
 */
export function deadlinePausedWhileAsking(prompter: Asking, deadline: Deadline): Asking {
  const timed =
    <A extends unknown[], R>(ask: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const started = Date.now();
      try {
        return await ask(...args);
      } finally {
        deadline.at += Date.now() - started;
      }
    };
  return {
    get canPrompt() {
      return prompter.canPrompt;
    },
    input: timed(prompter.input.bind(prompter)),
    password: timed(prompter.password.bind(prompter)),
    confirm: timed(prompter.confirm.bind(prompter)),
    select: timed(prompter.select.bind(prompter)) as Asking['select'],
  };
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
