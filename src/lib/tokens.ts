// One token manager for every service. Tokens are cached per profile and
// service in the state directory (0600), their expiry read from the JWT's exp
// claim, renewed shortly before they lapse, and renewed under a file lock so
// overlapping cron jobs do not all ask for a new one at once.
//
// A cached token is bound to where it came from: the service's base URL
// (origin and base path) and a fingerprint of the credentials it was obtained
// with (a keyed hash, never the secrets). A token whose binding no longer
// matches the profile and environment of this run is never sent: any change
// means a fresh login. Entries written before bindings existed carry none, so
// they are never used either.

import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AuthError } from './errors.js';
import type { TokenSource } from './http.js';
import { writeFileDurably } from './durable-file.js';
import { readJsonFile, withFileLock, writeJsonFile } from './private-file.js';
import { jwtDecodeModule } from './lazy-modules.js';

export type ServiceName = 'wallet' | 'booking' | 'inventory';
export const serviceNames: readonly ServiceName[] = ['wallet', 'booking', 'inventory'];

/** Lifetimes the seeds state, used when a token carries no exp claim. */
export const fallbackLifetimeMs: Record<ServiceName, number> = {
  booking: 6 * 60 * 60 * 1000,
  inventory: 60 * 60 * 1000,
  wallet: 5 * 60 * 1000, // "short-lived" admin token: assume little
};

export interface CachedToken {
  token: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  issuedAt: number;
  /** Where the token came from and may go (origin and base path); absent in entries of older versions. */
  baseUrl?: string;
  /** The credentials' fingerprint (credentialFingerprint); absent in entries of older versions. */
  credentials?: string;
}

/** What a token is bound to: the run's base URL and credentials for its service. */
export interface TokenBinding {
  baseUrl: string;
  credentials: string;
}

/** How a cached token stands against this run's binding. */
export type TokenState =
  | 'static credential'
  | 'none cached'
  | 'valid'
  | 'expired'
  | 'stale: another host'
  | 'stale: other credentials'
  | 'stale: no host recorded';

export interface TokenStatus {
  state: TokenState;
  entry?: CachedToken;
  /** This run's binding; absent when it cannot be worked out (no address set). */
  binding?: TokenBinding;
}

/** "https://Inv.Example.com:443/api/" → "https://inv.example.com/api": what decides where a token may go. */
export function normaliseBaseUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

const FINGERPRINT_KEY_FILE = 'token-binding.key';

/**
 * The key of the credentials' fingerprints: 32 random bytes made once per
 * state directory (0600). A fingerprint without it says nothing about the
 * secrets; two processes creating it at once keep the first one written.
 */
export function fingerprintKey(stateDir: string): Buffer {
  const file = path.join(stateDir, FINGERPRINT_KEY_FILE);
  const read = () => Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  try {
    const key = read();
    if (key.length >= 32) return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(stateDir, { recursive: true, mode: 0o700 });
  try {
    writeFileDurably(file, `${randomBytes(32).toString('base64')}\n`, { exclusive: true });
  } catch (error) {
    // Another process made it first (EEXIST), or an unreadable short key is replaced.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const key = read();
    if (key.length >= 32) return key;
    writeFileDurably(file, `${randomBytes(32).toString('base64')}\n`);
  }
  return read();
}

/**
 * HMAC-SHA256 of the service's credential values under the state directory's
 * key: equal for the same credentials, different for any change, and useless
 * for recovering them. A missing value counts as its own value.
 */
export function credentialFingerprint(
  key: Buffer,
  service: ServiceName,
  values: ReadonlyArray<string | undefined>,
): string {
  return createHmac('sha256', key)
    .update(JSON.stringify([service, ...values.map((v) => v ?? null)]))
    .digest('hex')
    .slice(0, 32);
}

/** How an entry stands against a binding (ignoring expiry). */
function bindingState(entry: CachedToken, binding: TokenBinding | undefined): TokenState | undefined {
  if (entry.baseUrl === undefined || entry.credentials === undefined) return 'stale: no host recorded';
  if (!binding || entry.baseUrl !== binding.baseUrl) return 'stale: another host';
  if (entry.credentials !== binding.credentials) return 'stale: other credentials';
  return undefined;
}

type TokenCacheFile = Record<string, CachedToken>;

export interface JwtTimes {
  exp?: number;
  iat?: number;
}

/** exp and iat in epoch ms, or nothing for a token that is not a JWT. */
export async function jwtTimes(token: string): Promise<JwtTimes> {
  try {
    // The decode entry alone: 5 small modules, not jose's whole signing and
    // encryption surface (46), which only the sandbox needs.
    const { decodeJwt } = await jwtDecodeModule();
    const claims = decodeJwt(token);
    return {
      exp: typeof claims.exp === 'number' ? claims.exp * 1000 : undefined,
      iat: typeof claims.iat === 'number' ? claims.iat * 1000 : undefined,
    };
  } catch {
    return {};
  }
}

/** Renew when less than a tenth of the lifetime, or a minute, is left. */
export function needsRenewal(cached: CachedToken, now: number): boolean {
  const lifetime = Math.max(0, cached.expiresAt - cached.issuedAt);
  const margin = Math.min(60_000, lifetime / 10);
  return now >= cached.expiresAt - margin;
}

/** A new token, or a token with the lifetime its service stated (an OAuth2 expires_in). */
export type TokenFetcher = () => Promise<string | { token: string; expiresInMs?: number }>;

export interface TokenManagerOptions {
  stateDir: string;
  profile: string;
  fetchers: Record<ServiceName, TokenFetcher>;
  /** This run's base URL and credentials' fingerprint per service: a cached token is used only where they match. */
  bindings: Record<ServiceName, () => Promise<TokenBinding>>;
  /**
   * A credential sent as it is on every call (inventory's static key or
   * basic): undefined when the service uses a token. Never cached, never
   * renewed, and a 401 to it is never replayed.
   */
  direct?: Partial<Record<ServiceName, () => Promise<DirectCredential | undefined>>>;
  now?: () => number;
}

/** A credential sent as it is on every call, and the second one some vendors ask for beside it (a second header). */
export interface DirectCredential {
  token: string;
  second?: string;
}

export interface IssuedToken {
  token: string;
  /** A static credential's second value, sent beside it in the scheme's second header (inventory.auth second-header=). */
  second?: string;
  fromCache: boolean;
  /** Epoch ms, from the token's exp claim or the service's stated lifetime. */
  expiresAt: number;
}

/** A profile name may hold characters a file name should not; the lock's name keeps it readable and safe. */
function safeLockName(key: string): string {
  return key.replace(/[^A-Za-z0-9_-]/g, (c) => `_${c.charCodeAt(0).toString(16)}`);
}

export class TokenManager {
  private readonly file: string;
  private readonly now: () => number;
  /**
   * tokens.json as this run read it: read once, on first use, then kept. A
   * request takes its token from here; the file is read again only under its
   * locks (a renewal, which must see another process's, and the writes, which
   * merge with whatever the file holds), and what they read replaces this.
   */
  private entries?: TokenCacheFile;

  constructor(private readonly options: TokenManagerOptions) {
    this.file = path.join(options.stateDir, 'tokens.json');
    this.now = options.now ?? Date.now;
  }

  private key(service: ServiceName): string {
    return `${this.options.profile}:${service}`;
  }

  /** The token file as this run knows it: read from disk the first time only. */
  private stored(): TokenCacheFile {
    this.entries ??= readJsonFile<TokenCacheFile>(this.file, {});
    return this.entries;
  }

  /** The token file read again (only under a lock): what another process wrote since becomes this run's. */
  private reread(): TokenCacheFile {
    this.entries = readJsonFile<TokenCacheFile>(this.file, {});
    return this.entries;
  }

  /** The stored entry, whatever it is bound to: for showing, never for sending (see get). */
  cached(service: ServiceName): CachedToken | undefined {
    return this.stored()[this.key(service)];
  }

  /** The stored entry when it is bound to this run's base URL and credentials. */
  private usable(
    service: ServiceName,
    binding: TokenBinding,
    entries: TokenCacheFile = this.stored(),
  ): CachedToken | undefined {
    const entry = entries[this.key(service)];
    return entry && bindingState(entry, binding) === undefined ? entry : undefined;
  }

  /** How the cached token stands for this run: valid, expired, or stale (another host or other credentials). */
  async status(service: ServiceName): Promise<TokenStatus> {
    if (await this.usesDirect(service)) return { state: 'static credential' };
    const entry = this.cached(service);
    let binding: TokenBinding | undefined;
    try {
      binding = await this.options.bindings[service]();
    } catch {
      binding = undefined; // no address set: no token can be this run's
    }
    if (!entry) return { state: 'none cached', binding };
    const stale = bindingState(entry, binding);
    return { state: stale ?? (entry.expiresAt > this.now() ? 'valid' : 'expired'), entry, binding };
  }

  /**
   * A token for service: the cached one while it is fresh and bound to this
   * run's base URL and credentials, else a new one. fresh: always a new one
   * (the wallet's admin token before a guest login, as its seed asks).
   */
  async get(service: ServiceName, options: { fresh?: boolean } = {}): Promise<IssuedToken> {
    const direct = await this.options.direct?.[service]?.();
    // No lifetime: a 401 to it is a refusal, never a spent token to renew.
    if (direct !== undefined)
      return {
        token: direct.token,
        ...(direct.second !== undefined ? { second: direct.second } : {}),
        fromCache: false,
        expiresAt: Number.POSITIVE_INFINITY,
      };
    const binding = await this.options.bindings[service]();
    const cached = options.fresh ? undefined : this.usable(service, binding);
    if (cached && !needsRenewal(cached, this.now()))
      return { token: cached.token, fromCache: true, expiresAt: cached.expiresAt };
    // Renewal is locked per profile and service: a venue whose service is slow
    // to answer holds up only its own renewal, never another profile's (runs
    // across venues renew many at once). The shared file is locked only to write.
    return withFileLock(
      path.join(this.options.stateDir, 'token-renewal', safeLockName(this.key(service))),
      async () => {
        // Another process may have renewed while we waited for the lock: the file, not this run's copy.
        const again = options.fresh ? undefined : this.usable(service, binding, this.reread());
        if (again && !needsRenewal(again, this.now()) && again.token !== cached?.token) {
          return { token: again.token, fromCache: true, expiresAt: again.expiresAt };
        }
        const fetched = await this.options.fetchers[service]();
        const { token, expiresInMs } =
          typeof fetched === 'string' ? { token: fetched, expiresInMs: undefined } : fetched;
        const times = await jwtTimes(token);
        // A lifetime the service stated with the token counts from now; else the JWT's own times.
        const issuedAt = expiresInMs !== undefined ? this.now() : (times.iat ?? this.now());
        const entry: CachedToken = {
          token,
          issuedAt,
          expiresAt:
            expiresInMs !== undefined ? issuedAt + expiresInMs : (times.exp ?? issuedAt + fallbackLifetimeMs[service]),
          baseUrl: binding.baseUrl,
          credentials: binding.credentials,
        };
        await withFileLock(this.file, () => {
          const all = this.reread();
          all[this.key(service)] = entry;
          writeJsonFile(this.file, all);
        });
        return { token, fromCache: false, expiresAt: entry.expiresAt };
      },
    );
  }

  async invalidate(service: ServiceName, token?: string): Promise<void> {
    await withFileLock(this.file, () => {
      const all = this.reread();
      const entry = all[this.key(service)];
      if (entry && (token === undefined || entry.token === token)) {
        delete all[this.key(service)];
        writeJsonFile(this.file, all);
      }
    });
  }

  /** Forget cached tokens of this profile: one service, or all. */
  async drop(service?: ServiceName): Promise<number> {
    return withFileLock(this.file, () => {
      const all = this.reread();
      let dropped = 0;
      for (const name of service ? [service] : serviceNames) {
        if (all[this.key(name)]) {
          delete all[this.key(name)];
          dropped++;
        }
      }
      writeJsonFile(this.file, all);
      return dropped;
    });
  }

  /** Whether service sends a static credential (no token); a credential missing still counts, so status never logs in. */
  private async usesDirect(service: ServiceName): Promise<boolean> {
    if (!this.options.direct?.[service]) return false;
    try {
      return (await this.options.direct[service]!()) !== undefined;
    } catch (error) {
      // The credential is not set: still a static scheme, whose status says so without logging in.
      if (error instanceof AuthError) return true;
      throw error;
    }
  }

  /** The service's token for the HTTP layer; fresh: a new token on every get. */
  source(service: ServiceName, options: { fresh?: boolean } = {}): TokenSource {
    return {
      get: () => this.get(service, options),
      invalidate: (token) => this.invalidate(service, token),
    };
  }
}
