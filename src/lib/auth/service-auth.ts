// Auth for the three services, wired to the token cache (tokens.ts): how a
// token of each service is obtained (its login route, or for inventory
// OAuth2 client credentials), what a cached one is bound to (the base URL and
// a keyed fingerprint of the credentials), and inventory's static credential
// (a key or basic, sent as it is, never cached). The caller hands in where
// settings, secrets and HTTP clients come from (AuthSources).

import type { HttpClient } from '../http.js';
import type { SettingKey } from '../config.js';
import { formatAuthScheme, type InventoryRouteMap } from '../inventory/routes.js';
import {
  TokenManager,
  credentialFingerprint,
  fingerprintKey,
  normaliseBaseUrl,
  type ServiceName,
  type TokenBinding,
  type TokenFetcher,
} from '../tokens.js';
import { staticCredentialOf } from './credential-placement.js';
import { exchangeOAuth2Token } from './oauth2.js';
import type { SecretReader } from './secrets.js';
import { exchangeSecrets, exchangeToken } from './token-exchange.js';

export interface AuthSources extends SecretReader {
  /** Private per-user state: the token cache and the fingerprints' key. */
  stateDir: string;
  /** The service's base URL for this run, checked, and the setting it comes from ("wallet.uatUrl"). */
  baseUrl(service: ServiceName): Promise<{ url: string; key: SettingKey }>;
  inventoryRoutes(): Promise<InventoryRouteMap>;
  /** The service's HTTP client: its login route is called through it. */
  http(service: ServiceName): Promise<HttpClient>;
  /** An HTTP client at another origin (an OAuth2 token URL's), with the run's bounds. */
  httpAt(origin: string): HttpClient;
}

/** Memoised: worked out once per run (the profile, environment and secrets do not change within it); a failure is tried again. */
function once<K, V>(work: (key: K) => Promise<V>): (key: K) => Promise<V> {
  const done = new Map<K, Promise<V>>();
  return (key) => {
    let value = done.get(key);
    if (!value) {
      value = work(key);
      done.set(key, value);
      value.catch(() => done.delete(key));
    }
    return value;
  };
}

/** The token manager of a run: every service's tokens obtained, bound and cached as described above. */
export function serviceTokens(sources: AuthSources): TokenManager {
  const inventoryUrl = async () =>
    `${(await sources.baseUrl('inventory')).url}${(await sources.inventoryRoutes()).basePath}`;

  /**
   * What a cached token of service is bound to in this run: its base URL
   * (origin and base path) and a keyed fingerprint of the credentials it is
   * obtained with; an OAuth2 token also to its token URL and scopes.
   */
  const binding = once(async (service: ServiceName): Promise<TokenBinding> => {
    const values: Array<string | undefined> = [];
    for (const key of exchangeSecrets[service]) values.push(await sources.secret(key));
    const auth = service === 'inventory' ? (await sources.inventoryRoutes()).auth : undefined;
    if (auth?.type === 'oauth2') values.push(formatAuthScheme(auth));
    return {
      baseUrl: normaliseBaseUrl(service === 'inventory' ? await inventoryUrl() : (await sources.baseUrl(service)).url),
      credentials: credentialFingerprint(fingerprintKey(sources.stateDir), service, values),
    };
  });

  const fetcher =
    (service: ServiceName): TokenFetcher =>
    async () => {
      const routes = service === 'inventory' ? await sources.inventoryRoutes() : undefined;
      if (routes?.auth.type === 'oauth2')
        return exchangeOAuth2Token({
          auth: routes.auth,
          secrets: sources,
          serviceUrl: await inventoryUrl(),
          httpAt: sources.httpAt,
        });
      return exchangeToken({
        service,
        http: await sources.http(service),
        secrets: sources,
        urlKey: (await sources.baseUrl(service)).key,
        routes,
      });
    };

  const inventoryCredential = once(async () => staticCredentialOf((await sources.inventoryRoutes()).auth, sources));

  return new TokenManager({
    stateDir: sources.stateDir,
    profile: sources.profile,
    // Asked before every request: read once per run.
    direct: { inventory: () => inventoryCredential(undefined) },
    fetchers: { wallet: fetcher('wallet'), booking: fetcher('booking'), inventory: fetcher('inventory') },
    bindings: {
      wallet: () => binding('wallet'),
      booking: () => binding('booking'),
      inventory: () => binding('inventory'),
    },
  });
}
