// Auth in the library (src/lib/auth/): the token exchange of each service's
// login route, OAuth2 client credentials, where each credential goes, the
// static credential, and what a cached token is bound to. The HTTP layer is a
// fake that records what would be sent.

import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthError, ApiError, LoginError, UsageError } from '../../../src/lib/errors.js';
import type { HttpClient, HttpResponse, RequestOptions } from '../../../src/lib/http.js';
import { InventoryRouteMap } from '../../../src/lib/inventory/routes.js';
import { SecretRegistry } from '../../../src/lib/redact.js';
import type { SecretKey } from '../../../src/lib/config.js';
import { exchangeToken } from '../../../src/lib/auth/token-exchange.js';
import { exchangeOAuth2Token, oauth2TokenUrl } from '../../../src/lib/auth/oauth2.js';
import { httpAuthOptions, staticCredentialOf } from '../../../src/lib/auth/credential-placement.js';
import { serviceTokens } from '../../../src/lib/auth/service-auth.js';
import { tempDir } from '../../support/venue.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** An HTTP client that answers from answer() and records what it was asked, with the origin it stands for. */
function fakeHttp(baseUrl: string, answer: (request: RequestOptions) => unknown) {
  const sent: RequestOptions[] = [];
  const http = {
    service: 'inventory',
    baseUrl,
    origin: new URL(baseUrl).origin,
    url: (path: string) => `${baseUrl}${path}`,
    request: async (request: RequestOptions): Promise<HttpResponse> => {
      sent.push(request);
      const data = answer(request);
      if (data instanceof Error) throw data;
      return { status: 200, headers: {}, data };
    },
  };
  return { http: http as unknown as HttpClient, sent };
}

function secretsOf(values: Partial<Record<SecretKey, string>>, registry = new SecretRegistry()) {
  return { profile: 'north', secret: async (key: SecretKey) => values[key], registry };
}

const routesOf = (settings: Record<string, string>) =>
  InventoryRouteMap.fromSettings((key) => ({ value: settings[key] }));

function refused(status: number) {
  return new ApiError('auth', `inventory service answered ${status}`, {
    status,
    method: 'POST',
    url: 'https://inv.example/auth',
    details: [],
    body: undefined,
    headers: {},
  });
}

describe('the token exchange of a login route', () => {
  it("sends the service's secrets under their names, as a token route (rounds when busy), and reads the token", async () => {
    const { http, sent } = fakeHttp('https://wallet.example', () => ({ data: { accessToken: 'w-token' } }));
    const token = await exchangeToken({
      service: 'wallet',
      http,
      secrets: secretsOf({ 'wallet.clientSecret': 's3' }),
      urlKey: 'wallet.url',
    });
    expect(token).toBe('w-token');
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/v1/token',
        body: { clientSecret: 's3' },
        operation: 'get a token',
        idempotent: true,
        tokenRoute: true,
      },
    ]);
  });

  it("inventory: the profile's authenticate route under its base path, the body in the vendor's names", async () => {
    const { http, sent } = fakeHttp('https://inv.example', () => ({ token: 'i-token' }));
    const routes = routesOf({
      'inventory.basePath': '/api/v2',
      'inventory.routes.authenticate': 'POST /session',
      'inventory.bodyNames': '{"authenticate": ["api_key", "api_secret"]}',
    });
    await exchangeToken({
      service: 'inventory',
      http,
      secrets: secretsOf({ 'inventory.apiKey': 'k', 'inventory.apiSecret': 's' }),
      urlKey: 'inventory.url',
      routes,
    });
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/api/v2/session',
      operation: 'authenticate',
      tokenRoute: true,
    });
    expect(sent[0]!.body).toEqual(routes.vendorBody('authenticate', { apiKey: 'k', apiSecret: 's' }));
  });

  it('a missing secret is an AuthError naming it, and nothing is sent; a refusal is a LoginError naming the route', async () => {
    const { http, sent } = fakeHttp('https://booking.example', () => refused(401));
    const missing = await exchangeToken({
      service: 'booking',
      http,
      secrets: secretsOf({}),
      urlKey: 'booking.url',
    }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(AuthError);
    expect((missing as AuthError).message).toBe('no booking.clientSecret for profile "north"');
    expect((missing as AuthError).hint).toContain('VENUE_BOOKING_CLIENT_SECRET');
    expect(sent).toEqual([]);
    const login = await exchangeToken({
      service: 'booking',
      http,
      secrets: secretsOf({ 'booking.clientSecret': 'x' }),
      urlKey: 'booking.url',
    }).catch((e: unknown) => e);
    expect(login).toBeInstanceOf(LoginError);
    expect((login as LoginError).message).toContain('POST /api/v1/token answered 401');
  });
});

describe('OAuth2 client credentials', () => {
  it('a token URL that is a path is under the service URL and its base path; any other is its own', () => {
    const scheme = (tokenUrl: string) => ({ type: 'oauth2' as const, tokenUrl, scopes: [] });
    expect(oauth2TokenUrl(scheme('/oauth/token'), 'https://inv.example/api/v2/').href).toBe(
      'https://inv.example/api/v2/oauth/token',
    );
    expect(oauth2TokenUrl(scheme('https://id.example/token?aud=x'), 'https://inv.example').href).toBe(
      'https://id.example/token?aud=x',
    );
  });

  it("asks the token URL's origin, by HTTP basic, for the scopes with their path variables filled; remembers the header", async () => {
    const routes = routesOf({
      'inventory.auth': 'oauth2 token-url=https://id.example/tenants/t1/token scopes="read"',
      'inventory.pathVars': 'projectKey=north-shore',
      'inventory.oauth.scopes': 'view_products:{projectKey} view_stock:{projectKey}',
    });
    const origins: string[] = [];
    const { http, sent } = fakeHttp('https://id.example', () => ({
      access_token: 'o-token',
      token_type: 'bearer',
      expires_in: 60,
    }));
    const registry = new SecretRegistry();
    const auth = routes.auth as Extract<typeof routes.auth, { type: 'oauth2' }>;
    const token = await exchangeOAuth2Token({
      auth,
      secrets: secretsOf({ 'inventory.apiKey': 'client 1', 'inventory.apiSecret': 'p@ss' }, registry),
      serviceUrl: 'https://inv.example',
      httpAt: (origin) => (origins.push(origin), http),
    });
    expect(token).toEqual({ token: 'o-token', expiresInMs: 60_000 });
    expect(origins).toEqual(['https://id.example']);
    const basic = `Basic ${Buffer.from('client+1:p%40ss').toString('base64')}`;
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/tenants/t1/token',
      form: { grant_type: 'client_credentials', scope: 'view_products:north-shore view_stock:north-shore' },
      headers: { authorization: basic },
      tokenRoute: true,
      replayOn401: false,
    });
    expect(registry.isSecret(basic)).toBe(true);
  });

  it('a scope filled with a value holding a space is a usage error, never sent as two scopes', async () => {
    // A header's value may hold a space (inventory.pathVars 'site="North Shore"'); a scope naming it may not.
    const routes = routesOf({
      'inventory.auth': 'oauth2 token-url=/token scopes="read"',
      'inventory.pathVars': 'site="North Shore"',
      'inventory.oauth.scopes': 'view_products:{site}',
    });
    const { http, sent } = fakeHttp('https://inv.example', () => ({}));
    const error = await exchangeOAuth2Token({
      auth: routes.auth as Extract<typeof routes.auth, { type: 'oauth2' }>,
      secrets: secretsOf({ 'inventory.apiKey': 'id', 'inventory.apiSecret': 'secret' }),
      serviceUrl: 'https://inv.example',
      httpAt: () => http,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).message).toContain('the OAuth2 scope "view_products:North Shore" holds a space');
    expect(sent).toEqual([]);
  });

  it('a missing client secret is an AuthError naming its role; nothing is sent', async () => {
    const { http, sent } = fakeHttp('https://id.example', () => ({}));
    const error = await exchangeOAuth2Token({
      auth: { type: 'oauth2', tokenUrl: '/token', scopes: [] },
      secrets: secretsOf({ 'inventory.apiKey': 'id' }),
      serviceUrl: 'https://inv.example',
      httpAt: () => http,
    }).catch((e: unknown) => e);
    expect((error as AuthError).message).toBe('no inventory.apiSecret (the OAuth2 client secret) for profile "north"');
    expect(sent).toEqual([]);
  });
});

describe('where each credential goes', () => {
  it('a static key in its header or query parameter, basic in Authorization; a token scheme says nothing (Bearer)', () => {
    const scheme = (text: string) => routesOf({ 'inventory.auth': text }).auth;
    expect(httpAuthOptions(scheme('api-key in=query name=api_key'))).toMatchObject({
      authQuery: { name: 'api_key', prefix: '' },
      staticCredential: { what: 'the API key' },
    });
    expect(httpAuthOptions(scheme('basic'))).toMatchObject({
      authHeader: { name: 'authorization', prefix: 'Basic ' },
      staticCredential: { what: 'the user name and password (HTTP basic)' },
    });
    expect(httpAuthOptions(scheme('header:X-Api-Token'))).toEqual({ authHeader: { name: 'X-Api-Token', prefix: '' } });
    // A second header goes beside the key; a 401 names both secrets, each with the command that sets it.
    const two = httpAuthOptions(scheme('api-key in=header name=X-Api-Key second-header=X-Connection-Token'));
    expect(two).toMatchObject({
      authHeader: { name: 'X-Api-Key', prefix: '' },
      secondHeader: 'X-Connection-Token',
      staticCredential: { what: 'the API key or the second credential (X-Connection-Token)' },
    });
    expect(two.staticCredential!.hint).toContain(
      'Check inventory.apiKey and inventory.apiSecret (`venue config set-secret inventory.apiKey`, `venue config set-secret inventory.apiSecret`)',
    );
    expect(httpAuthOptions(scheme('api-key in=header name=X-Api-Key')).secondHeader).toBeUndefined();
    expect(httpAuthOptions(scheme('bearer'))).toEqual({});
    expect(httpAuthOptions(scheme('oauth2 token-url=/t'))).toEqual({});
  });

  it('the static credential: the key, or base64 of user:password (remembered); none for a token scheme', async () => {
    const registry = new SecretRegistry();
    const secrets = secretsOf({ 'inventory.apiKey': 'ava', 'inventory.apiSecret': 'pw' }, registry);
    const scheme = (text: string) => routesOf({ 'inventory.auth': text }).auth;
    expect(await staticCredentialOf(scheme('api-key in=header name=X-Key'), secrets)).toEqual({ token: 'ava' });
    const basic = Buffer.from('ava:pw').toString('base64');
    expect(await staticCredentialOf(scheme('basic'), secrets)).toEqual({ token: basic });
    expect(registry.isSecret(basic)).toBe(true);
    expect(await staticCredentialOf(scheme('bearer'), secrets)).toBeUndefined();
    const error = await staticCredentialOf(scheme('basic'), secretsOf({})).catch((e: unknown) => e);
    expect((error as AuthError).message).toBe('no inventory.apiKey (the user name) for profile "north"');
    expect((error as AuthError).hint).toContain('Nothing was sent.');
  });

  it("a static key's second credential is inventory.apiSecret, read with the key; missing, it is an AuthError as a missing key is", async () => {
    const two = routesOf({
      'inventory.auth': 'api-key in=header name=X-Api-Key second-header=X-Connection-Token',
    }).auth;
    const secrets = secretsOf({ 'inventory.apiKey': 'the-key', 'inventory.apiSecret': 'the-connection' });
    expect(await staticCredentialOf(two, secrets)).toEqual({ token: 'the-key', second: 'the-connection' });
    const error = await staticCredentialOf(two, secretsOf({ 'inventory.apiKey': 'the-key' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).message).toBe(
      'no inventory.apiSecret (the second credential, sent bare in X-Connection-Token beside the key) for profile "north"',
    );
    expect((error as AuthError).hint).toContain('venue config set-secret inventory.apiSecret');
    expect((error as AuthError).hint).toContain('Nothing was sent.');
  });
});

describe('the token manager of a run', () => {
  function sources(settings: Record<string, string>, stateDir: string) {
    const { http, sent } = fakeHttp('https://inv.example', () => ({ token: `t${sent.length}` }));
    let routes = routesOf(settings);
    return {
      sent,
      setRoutes: (next: Record<string, string>) => (routes = routesOf(next)),
      sources: {
        ...secretsOf({ 'inventory.apiKey': 'k', 'inventory.apiSecret': 's', 'wallet.clientSecret': 'w' }),
        stateDir,
        baseUrl: async (service: 'wallet' | 'booking' | 'inventory') => ({
          url: `https://${service === 'inventory' ? 'inv' : service}.example`,
          key: `${service}.url` as const,
        }),
        inventoryRoutes: async () => routes,
        http: async () => http,
        httpAt: () => http,
      },
    };
  }

  it('binds a token to the base URL with its base path and to the credentials; an OAuth2 one to its scheme too', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const oauth = { 'inventory.auth': 'oauth2 token-url=/token scopes="a"', 'inventory.basePath': '/api' };
    const run = sources(oauth, dir);
    const first = await serviceTokens(run.sources).status('inventory');
    expect(first.binding?.baseUrl).toBe('https://inv.example/api');
    const other = sources({ ...oauth, 'inventory.auth': 'oauth2 token-url=/token scopes="a b"' }, dir);
    const second = await serviceTokens(other.sources).status('inventory');
    expect(second.binding?.credentials).not.toBe(first.binding?.credentials);
    const wallet = await serviceTokens(run.sources).status('wallet');
    expect(wallet.binding).toEqual({ baseUrl: 'https://wallet.example', credentials: expect.any(String) });
  });

  it('a static scheme is sent as it is, never fetched or cached; a token scheme is fetched once and cached', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const keyed = sources({ 'inventory.auth': 'api-key in=header name=X-Key' }, dir);
    const tokens = serviceTokens(keyed.sources);
    expect(await tokens.get('inventory')).toEqual({ token: 'k', fromCache: false, expiresAt: Infinity });
    expect(keyed.sent).toEqual([]);
    // The second credential comes with the key, from the same read: one path to the HTTP layer.
    const two = sources({ 'inventory.auth': 'api-key in=header name=X-Key second-header=X-Account' }, dir);
    expect(await serviceTokens(two.sources).get('inventory')).toEqual({
      token: 'k',
      second: 's',
      fromCache: false,
      expiresAt: Infinity,
    });
    expect(two.sent).toEqual([]);
    expect((await tokens.status('inventory')).state).toBe('static credential');
    const bearer = sources({}, dir);
    const again = serviceTokens(bearer.sources);
    expect((await again.get('inventory')).token).toBe('t1');
    expect((await serviceTokens(bearer.sources).get('inventory')).fromCache).toBe(true);
    expect(bearer.sent).toHaveLength(1);
  });
});
