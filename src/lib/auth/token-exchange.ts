// The token exchange of each service's login route: the wallet's and the
// booking service's POST /api/v1/token with the client secret, inventory's
// authenticate route (inventory.routes.authenticate, under its base path, the
// body in the vendor's names) with the API key and secret. A busy route is
// asked again in the token route's rounds (retry-policy.ts); any failure is a
// LoginError naming the route and what to check (login.ts).

import type { HttpClient, RequestOptions } from '../http.js';
import { secretSpecs, type SecretKey, type SettingKey } from '../config.js';
import type { InventoryRouteMap } from '../inventory/routes.js';
import { loginFailure, type LoginRoute } from '../login.js';
import { tokenFrom } from '../token-response.js';
import type { ServiceName } from '../tokens.js';
import { requireSecret, type SecretReader } from './secrets.js';
import { placeholder, venueHint } from '../hint-command.js';

/** The secrets each service's login route takes (sent under the name after the dot). */
export const exchangeSecrets: Record<ServiceName, readonly SecretKey[]> = {
  wallet: ['wallet.clientSecret'],
  booking: ['booking.clientSecret'],
  inventory: ['inventory.apiKey', 'inventory.apiSecret'],
};

export interface TokenExchange {
  service: ServiceName;
  /** The service's HTTP client: the login route is under its base URL. */
  http: HttpClient;
  secrets: SecretReader;
  /** The setting the base URL came from ("wallet.uatUrl"), for what to check. */
  urlKey: SettingKey;
  /** Inventory: the profile's route map (the authenticate route, the base path, the vendor's body names). */
  routes?: InventoryRouteMap;
}

/** A new token from the service's login route. */
export async function exchangeToken({ service, http, secrets, urlKey, routes }: TokenExchange): Promise<string> {
  const body: Record<string, string> = {};
  for (const key of exchangeSecrets[service]) body[key.split('.')[1]!] = await requireSecret(secrets, key);
  const request: RequestOptions = routes
    ? {
        ...routes.resolve('authenticate'),
        body: routes.vendorBody('authenticate', body),
        operation: 'authenticate',
      }
    : { method: 'POST', path: '/api/v1/token', body, operation: 'get a token' };
  const route: LoginRoute = {
    service,
    method: request.method,
    url: http.url(request.path, request.query),
    check: {
      credentials: exchangeSecrets[service]
        .map((key) => `${key} (${venueHint(['config', 'set-secret', key])} or ${secretSpecs[key].env})`)
        .join(' and '),
      route: routes
        ? `${urlKey} (now ${http.baseUrl}), inventory.basePath and inventory.routes.authenticate (now "${request.method} ${routes.route('authenticate').path}", ${routes.origin('authenticate')}): ${venueHint(['config', 'routes'])}; ${venueHint(['config', 'import-openapi', placeholder('file|url')])} takes them from the vendor's document`
        : `${urlKey} (now ${http.baseUrl}): the token route is ${request.method} ${request.path} under it`,
    },
  };
  try {
    const response = await http.request<Record<string, unknown>>({ ...request, idempotent: true, tokenRoute: true });
    return tokenFrom(response.data, service);
  } catch (error) {
    throw loginFailure(route, error);
  }
}
