// OAuth2 client credentials (RFC 6749 §4.4) for inventory.auth "oauth2 …":
// the token request and the reading of its answer. The client authenticates
// with HTTP basic (§2.3.1: every server must accept it; the id and secret in
// the body is only "not recommended" and allowed), each part form-encoded
// before joining, as the RFC says.

import { UsageError } from '../errors.js';
import { UnreadableAnswerError, asText, readRecord } from '../reading.js';
import { formatPathVars, templateNames, type AuthScheme } from './routes.js';

const formEncode = (text: string) => encodeURIComponent(text).replace(/%20/g, '+');

export function oauth2TokenRequest(
  auth: Extract<AuthScheme, { type: 'oauth2' }>,
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
        hint: `Set ${unfilled.length === 1 ? 'it' : 'them'}: \`venue config set inventory.pathVars "${formatPathVars(Object.fromEntries(unfilled.map((n) => [n, '<value>'])))}"\` (inventory.pathVars holds all of the profile's variables, separated by spaces).`,
      },
    );
  }
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
