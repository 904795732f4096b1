// One token manager for every service. Tokens are cached per profile and
// service in the state directory (0600), their expiry read from the JWT's exp
// claim, renewed shortly before they lapse, and renewed under a file lock so
// overlapping cron jobs do not all ask for a new one at once.

import path from 'node:path';
import type { TokenSource } from './http.js';
import { readJsonFile, withFileLock, writeJsonFile } from './private-file.js';

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
    const { decodeJwt } = await import('jose/jwt/decode');
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

export type TokenFetcher = () => Promise<string>;

export interface TokenManagerOptions {
  stateDir: string;
  profile: string;
  fetchers: Record<ServiceName, TokenFetcher>;
  now?: () => number;
}

/** A profile name may hold characters a file name should not; the lock's name keeps it readable and safe. */
function safeLockName(key: string): string {
  return key.replace(/[^A-Za-z0-9_-]/g, (c) => `_${c.charCodeAt(0).toString(16)}`);
}

export class TokenManager {
  private readonly file: string;
  private readonly now: () => number;

  constructor(private readonly options: TokenManagerOptions) {
    this.file = path.join(options.stateDir, 'tokens.json');
    this.now = options.now ?? Date.now;
  }

  private key(service: ServiceName): string {
    return `${this.options.profile}:${service}`;
  }

  cached(service: ServiceName): CachedToken | undefined {
    return readJsonFile<TokenCacheFile>(this.file, {})[this.key(service)];
  }

  /** A token for service, from the cache while it is fresh. */
  async get(service: ServiceName): Promise<{ token: string; fromCache: boolean }> {
    const cached = this.cached(service);
    if (cached && !needsRenewal(cached, this.now())) return { token: cached.token, fromCache: true };
    // Renewal is locked per profile and service: a venue whose service is slow
    // to answer holds up only its own renewal, never another profile's (runs
    // across venues renew many at once). The shared file is locked only to write.
    return withFileLock(path.join(this.options.stateDir, 'token-renewal', safeLockName(this.key(service))), async () => {
      // Another process may have renewed while we waited for the lock.
      const again = this.cached(service);
      if (again && !needsRenewal(again, this.now()) && again.token !== cached?.token) {
        return { token: again.token, fromCache: true };
      }
      const token = await this.options.fetchers[service]();
      const times = await jwtTimes(token);
      const issuedAt = times.iat ?? this.now();
      const entry: CachedToken = { token, issuedAt, expiresAt: times.exp ?? issuedAt + fallbackLifetimeMs[service] };
      await withFileLock(this.file, () => {
        const all = readJsonFile<TokenCacheFile>(this.file, {});
        all[this.key(service)] = entry;
        writeJsonFile(this.file, all);
      });
      return { token, fromCache: false };
    });
  }

  async invalidate(service: ServiceName, token?: string): Promise<void> {
    await withFileLock(this.file, () => {
      const all = readJsonFile<TokenCacheFile>(this.file, {});
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
      const all = readJsonFile<TokenCacheFile>(this.file, {});
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

  source(service: ServiceName): TokenSource {
    return {
      get: () => this.get(service),
      invalidate: (token) => this.invalidate(service, token),
    };
  }
}
