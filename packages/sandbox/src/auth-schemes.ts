// The inventory auth schemes a route layout may declare besides the login
// route's JWT (docs/sandbox-routes.md): a static API key in a header or query
// parameter after its exact prefix (and, where the layout says so, the API
// secret bare in a second header beside it), HTTP basic, and OAuth2 client credentials
// (the token route below; its tokens are then sent as Bearer). The sandbox's
// own checks, written from the RFCs, never from the CLI's code.

import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SandboxHttpError } from './http-error.js';
import { OAUTH_TOKEN_ROUTE, type AuthScheme } from './routes.js';
import { sandboxDemoSecrets } from './rules/demo-secrets.js';
import type { SandboxTokens } from './types.js';

const demoKey = () => sandboxDemoSecrets['inventory.apiKey'];
const demoSecret = () => sandboxDemoSecrets['inventory.apiSecret'];

/** Equal texts, compared in constant time (hashes of equal length). */
function same(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

const refused = (message: string, challenge: string) =>
  new SandboxHttpError(401, 'unauthorized', message, [], { 'WWW-Authenticate': challenge });

function headerValue(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** The query parameter as the client sent it (the layout's rewrite keeps the query). */
function queryValue(request: FastifyRequest, name: string): string | undefined {
  const url = request.raw.url ?? '';
  const at = url.indexOf('?');
  return at === -1 ? undefined : (new URLSearchParams(url.slice(at + 1)).get(name) ?? undefined);
}

/** "user:password" of an "Authorization: Basic …" header, or undefined when there is none or it is not basic. */
export function basicCredentials(header: string | undefined): { user: string; password: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  if (!match) return undefined;
  const text = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (colon === -1) return undefined;
  return { user: text.slice(0, colon), password: text.slice(colon + 1) };
}

/**
 * Checks a static credential (api-key or basic) on a request: a 401 naming
 * what is wrong (missing, wrong prefix, not valid) when it does not pass.
 */
export function checkStaticCredential(
  request: FastifyRequest,
  scheme: Extract<AuthScheme, { type: 'api-key' | 'basic' }>,
): void {
  if (scheme.type === 'basic') {
    const challenge = 'Basic realm="inventory"';
    const header = headerValue(request, 'authorization');
    if (!header) throw refused('missing Authorization header (HTTP basic)', challenge);
    const credentials = basicCredentials(header);
    if (!credentials) throw refused('the Authorization header must be "Basic <base64 of user:password>"', challenge);
    if (!same(credentials.user, demoKey()) || !same(credentials.password, demoSecret()))
      throw refused('the user name or password is not valid', challenge);
    return;
  }
  const where = scheme.in === 'header' ? `${scheme.name} header` : `${scheme.name} query parameter`;
  const challenge = `ApiKey ${scheme.in}="${scheme.name}"`;
  const value = scheme.in === 'header' ? headerValue(request, scheme.name) : queryValue(request, scheme.name);
  if (value === undefined || value === '') throw refused(`missing ${where}`, challenge);
  if (!value.startsWith(scheme.prefix)) throw refused(`the ${where} must be "${scheme.prefix}<key>"`, challenge);
  if (!same(value.slice(scheme.prefix.length), demoKey())) throw refused('the API key is not valid', challenge);
  if (scheme.secondHeader === undefined) return;
  // The second credential (the API secret) goes bare in its own header on every call, beside the key.
  const second = headerValue(request, scheme.secondHeader);
  if (second === undefined || second === '')
    throw refused(`missing ${scheme.secondHeader} header (it goes beside the API key)`, challenge);
  if (!same(second, demoSecret())) throw refused(`the ${scheme.secondHeader} header is not valid`, challenge);
}

/** An OAuth2 error answer (RFC 6749 §5.2). */
function oauthError(status: number, error: string, description: string, headers: Record<string, string> = {}) {
  return {
    status,
    headers: { 'cache-control': 'no-store', ...headers },
    body: { error, error_description: description },
  };
}

/**
 * The client-credentials token route of an oauth2 layout (RFC 6749 §4.4):
 * form-encoded grant_type=client_credentials, the client authenticated by
 * HTTP basic (preferred, §2.3.1) or client_id/client_secret in the body (not
 * both), scopes a subset of the layout's.
 */
export function registerOAuthTokenRoute(
  app: FastifyInstance,
  scheme: Extract<AuthScheme, { type: 'oauth2' }>,
  tokens: SandboxTokens & { expiryOf(kind: 'inventory'): number },
  now: () => Date,
): void {
  app.post(OAUTH_TOKEN_ROUTE, async (request, reply) => {
    const answer = await (async () => {
      const type = String(request.headers['content-type'] ?? '');
      if (!/^application\/x-www-form-urlencoded\b/i.test(type)) {
        return oauthError(400, 'invalid_request', 'the token request must be application/x-www-form-urlencoded');
      }
      const form = (request.body ?? {}) as Record<string, string>;
      if (form.grant_type !== 'client_credentials')
        return oauthError(400, 'unsupported_grant_type', 'only grant_type=client_credentials is served');
      const basic = basicCredentials(headerValue(request, 'authorization'));
      const inBody = form.client_id !== undefined || form.client_secret !== undefined;
      if (basic && inBody)
        return oauthError(400, 'invalid_request', 'the client is authenticated twice (HTTP basic and the body)');
      // RFC 6749 §2.3.1: the id and secret are form-encoded before they are joined for basic.
      const decode = (text: string) => {
        try {
          return decodeURIComponent(text.replace(/\+/g, ' '));
        } catch {
          return text;
        }
      };
      const client = basic
        ? { id: decode(basic.user), secret: decode(basic.password) }
        : { id: form.client_id ?? '', secret: form.client_secret ?? '' };
      if (!client.id)
        return oauthError(401, 'invalid_client', 'no client credentials', {
          'WWW-Authenticate': 'Basic realm="inventory"',
        });
      if (!same(client.id, demoKey()) || !same(client.secret, demoSecret())) {
        return oauthError(401, 'invalid_client', 'the client id or secret is not valid', {
          'WWW-Authenticate': 'Basic realm="inventory"',
        });
      }
      const asked = (form.scope ?? '').split(' ').filter(Boolean);
      // The layout's scopes with its path variables filled ("view_products:north"): "view_products:{tenant}" is unknown.
      const grantable = scheme.grantable ?? scheme.scopes;
      const unknown = asked.filter((scope) => !grantable.includes(scope));
      if (unknown.length) return oauthError(400, 'invalid_scope', `unknown scope(s): ${unknown.join(' ')}`);
      const token = await tokens.issue('inventory');
      const expiresIn = tokens.expiryOf('inventory') - Math.floor(now().getTime() / 1000);
      return {
        status: 200,
        headers: { 'cache-control': 'no-store' },
        body: {
          access_token: token,
          token_type: 'Bearer',
          expires_in: expiresIn,
          scope: (asked.length ? asked : grantable).join(' '),
        },
      };
    })();
    return reply.status(answer.status).headers(answer.headers).send(answer.body);
  });
}

/** application/x-www-form-urlencoded bodies, for the token route: the fields as an object (a repeated field keeps its first value). */
export function installFormParser(
  app: FastifyInstance,
  remember: (request: FastifyRequest, body: unknown) => void,
): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
    // Only the token route reads forms; anywhere else it is the 415 of any other type.
    if (request.routeOptions.url !== OAUTH_TOKEN_ROUTE) {
      done(new SandboxHttpError(415, 'unsupported_media_type', 'the body must be application/json'), undefined);
      return;
    }
    const form: Record<string, string> = {};
    for (const [key, value] of new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8')))
      if (!(key in form)) form[key] = value;
    remember(request, form);
    done(null, form);
  });
}
