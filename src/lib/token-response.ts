import { AuthError } from './errors.js';

/** The token in an exchange's answer, whatever the service calls it. */
export function tokenFrom(body: unknown, service: string): string {
  if (typeof body === 'string' && body.split('.').length === 3) return body.trim();
  const record = (body ?? {}) as Record<string, unknown>;
  const inner = (record.data ?? {}) as Record<string, unknown>;
  for (const source of [record, inner]) {
    for (const key of ['accessToken', 'access_token', 'token', 'jwt', 'idToken']) {
      if (typeof source[key] === 'string' && source[key]) return source[key] as string;
    }
  }
  throw new AuthError(`the ${service} service answered the token request without a token`);
}
