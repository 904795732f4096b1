// The token in a token exchange's answer, whatever the service calls it and
// however it wraps it: accessToken, AccessToken, access_token, token, jwt…
// at the top or in an envelope, or the bare JWT as the whole body.

import { UnreadableAnswerError, asText, isRecord, readRecord } from './reading.js';

/** Names services give the token of an exchange (case and separators are ignored). */
export const tokenFieldNames = [
  'accessToken',
  'token',
  'jwt',
  'idToken',
  'authToken',
  'bearerToken',
  'apiToken',
  'sessionToken',
  'value',
] as const;

export function tokenFrom(body: unknown, service: string, operation = 'get a token'): string {
  if (typeof body === 'string' && /^[\w-]+\.[\w-]+\.[\w-]*$/.test(body.trim())) return body.trim();
  const source = { service, operation };
  const record = readRecord(body, source, 'token answer', ['token', 'auth', 'authentication']);
  const token = asText(record.value(tokenFieldNames));
  if (token && token.trim()) return token.trim();
  // A token nested one level down: {token: {value: "…"}} or {auth: {accessToken: "…"}}.
  for (const inner of Object.values(record.raw)) {
    if (isRecord(inner)) {
      const nested = asText(readRecord(inner, source, 'token answer').value(tokenFieldNames));
      if (nested && nested.trim()) return nested.trim();
    }
  }
  throw new UnreadableAnswerError(source, `has no token (looked for ${tokenFieldNames.join(', ')})`, body);
}
