import { AuthError } from './errors.js';
import { isRecord, valueOf } from './reading.js';

/** The token in an exchange's answer, whatever the service calls it. */
export function tokenFrom(body: unknown, service: string): string {
  if (typeof body === 'string' && body.split('.').length === 3) return body.trim();
  const record = isRecord(body) ? body : {};
  const inner = isRecord(valueOf(record, ['data', 'result'])) ? (valueOf(record, ['data', 'result']) as Record<string, unknown>) : {};
  for (const source of [record, inner]) {
    // Any casing or separator: accessToken, AccessToken, access_token.
    const value = valueOf(source, ['accessToken', 'token', 'jwt', 'idToken']);
    if (typeof value === 'string' && value) return value;
  }
  throw new AuthError(`the ${service} service answered the token request without a token`);
}
