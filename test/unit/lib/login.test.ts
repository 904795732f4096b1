import { describe, expect, it } from 'vitest';
import {
  ApiError,
  AuthError,
  LoginError,
  RequestNotSentError,
  ServerError,
  categoryForStatus,
} from '../../../src/lib/errors.js';
import { loginFailure } from '../../../src/lib/login.js';
import { UnreadableAnswerError } from '../../../src/lib/reading.js';

const route = {
  service: 'inventory',
  method: 'POST',
  url: 'https://inv.example.com/api/auth/token',
  check: {
    credentials: 'inventory.apiKey and inventory.apiSecret',
    route: 'inventory.url and inventory.routes.authenticate',
  },
};
const answered = (status: number, serverMessage?: string) =>
  new ApiError(categoryForStatus(status), `inventory service answered ${status}`, {
    status,
    method: 'POST',
    url: route.url,
    serverMessage,
  });

describe('loginFailure', () => {
  it('names the route and the reason; exit 3 for refused credentials and a missing route, 6 for a failing or unreadable one', () => {
    const cases: Array<[unknown, string, number]> = [
      [answered(401, 'bad key'), 'refused', 3],
      [answered(403), 'refused', 3],
      [answered(400, 'apiKey is required'), 'refused', 3],
      [answered(404), 'route-missing', 3],
      [answered(405), 'route-missing', 3],
      [answered(500), 'failing', 6],
      [answered(503), 'failing', 6],
      [answered(429), 'failing', 6],
      [answered(408), 'failing', 6],
      [new UnreadableAnswerError({ service: 'inventory', operation: 'authenticate' }, 'has no token'), 'unreadable', 6],
      [new ServerError('the inventory service answered 302, redirecting to https://x'), 'failing', 6],
    ];
    for (const [error, reason, exit] of cases) {
      const failure = loginFailure(route, error) as LoginError;
      expect(failure, reason).toBeInstanceOf(LoginError);
      expect(failure.login).toMatchObject({ service: 'inventory', method: 'POST', path: '/api/auth/token', reason });
      expect(failure.exitCode, reason).toBe(exit);
      expect(failure.message).toContain('could not log in to the inventory service: POST /api/auth/token');
      // Never an ApiError: no client can read it as its own call's 404 or 409; and the call was not sent.
      expect(failure).not.toBeInstanceOf(ApiError);
      expect(failure).toBeInstanceOf(RequestNotSentError);
    }
    expect((loginFailure(route, answered(401, 'bad key')) as LoginError).message).toContain(
      'answered 401 (bad key): the credentials were refused',
    );
  });

  it('an OAuth2 invalid_scope points at the scopes asked for, not the credentials; without a scopes check it stays a refusal', () => {
    const scopes = {
      ...route,
      check: { ...route.check, scopes: 'inventory.oauth.scopes (asked for: view_products:south)' },
    };
    const invalidScope = new ApiError('usage', 'inventory service answered 400', {
      status: 400,
      method: 'POST',
      url: route.url,
      serverMessage: 'unknown scope(s): view_products:south',
      code: 'invalid_scope',
    });
    const failure = loginFailure(scopes, invalidScope) as LoginError;
    expect(failure.login.reason).toBe('refused');
    expect(failure.exitCode).toBe(3);
    expect(failure.message).toContain(
      'answered 400 (unknown scope(s): view_products:south): the scopes asked for were refused',
    );
    expect(failure.hint).toContain('check inventory.oauth.scopes (asked for: view_products:south)');
    expect(failure.hint).not.toContain('inventory.apiKey');
    // Another code, or a route that asked for no scopes: the credentials are what to check, as before.
    const grant = new ApiError('usage', 'x', { ...invalidScope.info, code: 'invalid_client' });
    expect((loginFailure(scopes, grant) as LoginError).hint).toContain('Check inventory.apiKey');
    expect((loginFailure(route, invalidScope) as LoginError).hint).toContain('Check inventory.apiKey');
  });

  it('leaves alone what is already true: unreachable, missing credentials, a bug', () => {
    const unreachable = new RequestNotSentError('cannot reach the inventory service');
    expect(loginFailure(route, unreachable)).toBe(unreachable);
    const missing = new AuthError('no inventory.apiKey for profile "main"');
    expect(loginFailure(route, missing)).toBe(missing);
    const bug = new TypeError('x is undefined');
    expect(loginFailure(route, bug)).toBe(bug);
  });
});
