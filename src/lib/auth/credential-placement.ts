// Where each credential goes, and the credential of a static scheme. A token
// (a login route's, an OAuth2 one) goes as "Authorization: Bearer <token>"
// unless inventory.auth names a header of its own; a static key goes in the
// header or query parameter the vendor declared, after its exact prefix;
// basic goes as "Authorization: Basic base64(user:password)". A static key
// may have a second credential beside it (inventory.apiSecret, bare in the
// scheme's second header), which travels with the key. The HTTP layer is told
// the places (httpAuthOptions) and asks the token manager for the credential
// on every call (a static one is read once: staticCredentialOf).

import type { HttpClientOptions } from '../http.js';
import { UsageError } from '../errors.js';
import {
  authSecrets,
  describeAuthScheme,
  formatAuthScheme,
  isStaticScheme,
  type AuthScheme,
} from '../inventory/routes.js';
import { requireSecret, type SecretReader } from './secrets.js';
import type { DirectCredential } from '../tokens.js';
import { venueHint } from '../hint-command.js';

/**
 * Where the HTTP layer puts the credential of each call: undefined for
 * "Authorization: Bearer <token>" (the login route's token, an OAuth2 token);
 * a named header with its exact prefix; a query parameter; or basic.
 */
export function credentialPlacement(
  scheme: AuthScheme,
): { in: 'header' | 'query'; name: string; prefix: string } | undefined {
  switch (scheme.type) {
    case 'header':
      return { in: 'header', name: scheme.name, prefix: '' };
    case 'api-key':
      return { in: scheme.in, name: scheme.name, prefix: scheme.prefix };
    case 'basic':
      return { in: 'header', name: 'authorization', prefix: 'Basic ' };
    default:
      return undefined;
  }
}

/**
 * What a static scheme sends after its prefix: the key itself, or for basic
 * base64("user:password") (RFC 7617: the user cannot hold a colon).
 */
export function staticCredential(
  scheme: Extract<AuthScheme, { type: 'api-key' | 'basic' }>,
  apiKey: string,
  apiSecret: string | undefined,
): string {
  if (scheme.type === 'api-key') return apiKey;
  if (apiKey.includes(':'))
    throw new UsageError(
      'inventory.apiKey is the HTTP basic user name here, and a user name cannot hold a colon (RFC 7617)',
    );
  return Buffer.from(`${apiKey}:${apiSecret ?? ''}`, 'utf8').toString('base64');
}

type AuthOptions = Pick<HttpClientOptions, 'authHeader' | 'authQuery' | 'secondHeader' | 'staticCredential'>;

/** In words, what a static scheme sends that a 401 refused. */
function refusedWhat(scheme: Extract<AuthScheme, { type: 'api-key' | 'basic' }>): string {
  if (scheme.type === 'basic') return 'the user name and password (HTTP basic)';
  return scheme.secondHeader ? `the API key or the second credential (${scheme.secondHeader})` : 'the API key';
}

/** The HTTP client's options for the scheme: where the credential goes and, for a static one, what a 401 means. */
export function httpAuthOptions(scheme: AuthScheme): AuthOptions {
  const placement = credentialPlacement(scheme);
  if (!placement) return {};
  const where = { name: placement.name, prefix: placement.prefix };
  const options: AuthOptions = placement.in === 'query' ? { authQuery: where } : { authHeader: where };
  if (scheme.type === 'api-key' && scheme.secondHeader) options.secondHeader = scheme.secondHeader;
  if (isStaticScheme(scheme)) {
    // Every secret the scheme sends is named, each with the command that sets it.
    const keys = authSecrets(scheme).map(({ key }) => key);
    options.staticCredential = {
      what: refusedWhat(scheme),
      hint:
        `inventory.auth is ${formatAuthScheme(scheme)} (${describeAuthScheme(scheme)}). Check ${keys.join(' and ')} ` +
        `(${keys.map((key) => venueHint(['config', 'set-secret', key])).join(', ')}) and that the scheme is the one the vendor's document declares (${venueHint(['config', 'routes'])}). The refused credential was not sent again.`,
    };
  }
  return options;
}

/**
 * The inventory credential sent as it is on every call (a static key,
 * basic), with a static key's second credential (inventory.apiSecret, for its
 * second header), or undefined for a scheme with a token. A secret the scheme
 * needs and the profile lacks is an AuthError naming it; nothing is sent.
 */
export async function staticCredentialOf(
  scheme: AuthScheme,
  secrets: SecretReader,
): Promise<DirectCredential | undefined> {
  if (!isStaticScheme(scheme)) return undefined;
  const values: Partial<Record<'inventory.apiKey' | 'inventory.apiSecret', string>> = {};
  for (const { key, role } of authSecrets(scheme)) values[key] = await requireSecret(secrets, key, role);
  const credential = staticCredential(scheme, values['inventory.apiKey']!, values['inventory.apiSecret']);
  secrets.registry?.remember(credential);
  if (scheme.type === 'api-key' && scheme.secondHeader)
    return { token: credential, second: values['inventory.apiSecret']! };
  return { token: credential };
}
