// OAuth2 client credentials (RFC 6749 §4.4) for inventory.auth "oauth2 …":
// the token request, the reading of its answer, and the exchange itself. The
// client authenticates with HTTP basic (§2.3.1: every server must accept it;
// the id and secret in the body is only "not recommended" and allowed), each
// part form-encoded before joining, as the RFC says. The scopes are those the
// route map sends (inventory.oauth.scopes, else those the import stored, path
// variables filled from inventory.pathVars).

import type { HttpClient } from '../http.js';
import { UsageError } from '../errors.js';
import { UnreadableAnswerError, asText, readRecord } from '../reading.js';
import { authSecrets, formatPathVars, templateNames, type AuthScheme } from '../inventory/routes.js';
import { loginFailure, type LoginRoute } from '../login.js';
import { requireSecret, type SecretReader } from './secrets.js';
import { placeholder, venueHint } from '../hint-command.js';

export type OAuth2Scheme = Extract<AuthScheme, { type: 'oauth2' }>;

const formEncode = (text: string) => encodeURIComponent(text).replace(/%20/g, '+');

export function oauth2TokenRequest(
  auth: OAuth2Scheme,
  clientId: string,
  clientSecret: string,
  path: string,
): { method: 'POST'; path: string; form: Record<string, string>; headers: { authorization: string } } {
  // A scope naming a path variable (manage_products:{projectKey}) is asked for with its value, never as written.
  const unfilled = [...new Set(auth.scopes.flatMap(templateNames))];
  if (unfilled.length) {
    throw new UsageError(
      `the OAuth2 scopes ${auth.scopes.filter((s) => templateNames(s).length).join(' ')} need ${unfilled.map((n) => `{${n}}`).join(', ')}, and the profile has no value for ${unfilled.length === 1 ? 'it' : 'them'}`,
      {
        hint: `Set ${unfilled.length === 1 ? 'it' : 'them'}: ${venueHint(['config', 'set', 'inventory.pathVars', formatPathVars(Object.fromEntries(unfilled.map((n) => [n, '<value>'])))])} (inventory.pathVars holds all of the profile's variables, separated by spaces).`,
      },
    );
  }
  // Scopes are sent separated by spaces: one filled with a value holding a space would be read as two.
  const spaced = auth.scopes.find((scope) => /\s/.test(scope));
  if (spaced !== undefined)
    throw new UsageError(
      `the OAuth2 scope "${spaced}" holds a space once filled from inventory.pathVars, and scopes are sent separated by spaces`,
      { hint: 'A value a scope names stands in it as a path segment does: give it without spaces.' },
    );
  const form: Record<string, string> = { grant_type: 'client_credentials' };
  if (auth.scopes.length) form.scope = auth.scopes.join(' ');
  const basic = Buffer.from(`${formEncode(clientId)}:${formEncode(clientSecret)}`, 'utf8').toString('base64');
  return { method: 'POST', path, form, headers: { authorization: `Basic ${basic}` } };
}

/**
 * The access token and its stated lifetime (expires_in, seconds) from a token
 * answer. token_type must be Bearer (RFC 6750) when given: venue sends no
 * other kind. Anything unreadable is an UnreadableAnswerError naming the field.
 */
export function oauth2TokenFrom(body: unknown): { token: string; expiresInMs?: number } {
  const source = { service: 'inventory', operation: 'get an OAuth2 token' };
  const record = readRecord(body, source, 'token answer');
  const token = asText(record.value(['access_token']));
  if (!token || !token.trim()) throw new UnreadableAnswerError(source, 'has no access_token', body);
  const type = asText(record.value(['token_type']));
  if (type !== undefined && type.toLowerCase() !== 'bearer')
    throw new UnreadableAnswerError(source, `gives a token of type "${type}", not Bearer`, body);
  const expiresIn = record.value(['expires_in']);
  const seconds =
    typeof expiresIn === 'number'
      ? expiresIn
      : typeof expiresIn === 'string' && /^\d+$/.test(expiresIn)
        ? Number(expiresIn)
        : undefined;
  return { token: token.trim(), expiresInMs: seconds !== undefined && seconds > 0 ? seconds * 1000 : undefined };
}

export interface OAuth2Exchange {
  /** The scheme as calls send it (InventoryRouteMap.auth: its scopes filled). */
  auth: OAuth2Scheme;
  secrets: SecretReader;
  /** The inventory service's URL with its base path: a token URL that is a path ("/oauth/token") is under it. */
  serviceUrl: string;
  /** An HTTP client at the token URL's origin (the inventory host, or an identity provider's), with the run's bounds. */
  httpAt(origin: string): HttpClient;
}

/** The token URL: a path is under the inventory service's URL, anything else is its own. */
export function oauth2TokenUrl(auth: OAuth2Scheme, serviceUrl: string): URL {
  return new URL(auth.tokenUrl.startsWith('/') ? `${serviceUrl.replace(/\/+$/, '')}${auth.tokenUrl}` : auth.tokenUrl);
}

/** An OAuth2 client-credentials token, with its lifetime when the server states one. */
export async function exchangeOAuth2Token({
  auth,
  secrets,
  serviceUrl,
  httpAt,
}: OAuth2Exchange): Promise<{ token: string; expiresInMs?: number }> {
  const [id, secret] = authSecrets(auth);
  const clientId = await requireSecret(secrets, id!.key, id!.role);
  const clientSecret = await requireSecret(secrets, secret!.key, secret!.role);
  const tokenUrl = oauth2TokenUrl(auth, serviceUrl);
  const request = oauth2TokenRequest(auth, clientId, clientSecret, `${tokenUrl.pathname}${tokenUrl.search}`);
  secrets.registry?.remember(request.headers.authorization);
  const route: LoginRoute = {
    service: 'inventory',
    method: 'POST',
    url: tokenUrl.toString(),
    what: 'get an OAuth2 token for the inventory service',
    check: {
      credentials: `inventory.apiKey (the client id) and inventory.apiSecret (the client secret): ${venueHint(['config', 'set-secret', 'inventory.apiKey'])}, ${venueHint(['config', 'set-secret', 'inventory.apiSecret'])}`,
      route: `inventory.auth (now oauth2 token-url=${auth.tokenUrl}): ${venueHint(['config', 'routes'])}; ${venueHint(['config', 'import-openapi', placeholder('file|url')])} takes it from the vendor's securitySchemes`,
      scopes: auth.scopes.length
        ? `inventory.oauth.scopes (asked for: ${auth.scopes.join(' ')}), and inventory.pathVars where a scope names a per-venue value (${venueHint(['config', 'routes'])} shows both)`
        : `inventory.oauth.scopes (none were asked for, so the service wants some: set them with ${venueHint(['config', 'set', 'inventory.oauth.scopes', placeholder('scopes')])})`,
    },
  };
  try {
    const response = await httpAt(tokenUrl.origin).request<Record<string, unknown>>({
      ...request,
      idempotent: true,
      tokenRoute: true,
      operation: 'get an OAuth2 token',
      replayOn401: false,
    });
    return oauth2TokenFrom(response.data);
  } catch (error) {
    throw loginFailure(route, error);
  }
}
