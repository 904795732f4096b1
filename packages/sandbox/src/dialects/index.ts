// Dialects: the sandbox answers in venue's own shapes or in the shapes other
// faithful vendor servers use (docs/sandbox-dialects.md), chosen at start, so
// a CLI journey can be run against each. The emulators always speak venue's
// contract; two hooks translate at the edge: requests into venue's names
// (preValidation, before any validation sees them) and answers, error bodies
// included, out of them (onSend). The control API under /_sandbox is never
// translated.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DialectName, SandboxLogger } from '../types.js';
import { venueErrorOf, type Dialect, type DialectAnswer, type Exchange, type ServiceName } from './core.js';
import { decoyDialect } from './decoy.js';
import { envelopeDialect } from './envelope.js';
import { halDialect } from './hal.js';
import { pascalDialect } from './pascal.js';
import { plainDialect } from './plain.js';
import { shuffleKeys } from './shuffle.js';
import { venueDialect } from './venue.js';
import { OAUTH_TOKEN_ROUTE } from '../routes.js';

export { DIALECT_NAMES, isDialectName, type DialectName } from '../types.js';
export type { Dialect } from './core.js';

export const DIALECTS: Readonly<Record<DialectName, Dialect>> = {
  venue: venueDialect,
  pascal: pascalDialect,
  envelope: envelopeDialect,
  plain: plainDialect,
  decoy: decoyDialect,
  hal: halDialect,
};

/** The control API, and the OpenAPI documents the sandbox publishes: not vendor answers, never translated. */
const isControl = (url: string) => {
  const path = url.split('?')[0]!;
  // An OAuth2 token route answers in RFC 6749's shape, whatever the dialect.
  return (
    path === '/_sandbox' ||
    path.startsWith('/_sandbox/') ||
    path.endsWith('/openapi.json') ||
    path === OAUTH_TOKEN_ROUTE
  );
};

function serviceOf(url: string): ServiceName | undefined {
  const first = url.split(/[/?]/)[1];
  return first === 'wallet' || first === 'booking' || first === 'inventory' ? first : undefined;
}

function isJson(contentType: unknown): boolean {
  return typeof contentType === 'string' && /^application\/(?:[\w.-]+\+)?json\b/i.test(contentType);
}

function exchangeOf(request: FastifyRequest, status: number, now: Date): Exchange {
  return {
    service: serviceOf(request.url),
    method: request.method,
    url: request.originalUrl ?? request.url,
    origin: `${request.protocol}://${request.headers.host ?? 'localhost'}`,
    status,
    now,
    requestId: String(request.id),
  };
}

/**
 * A venue error in the dialect, for answers sent where no hook runs (fastify's
 * framework errors: a URL that does not decode).
 */
export function dialectError(
  name: DialectName,
  error: { status: number; code: string; message: string; details: Array<{ field: string; rule: string }> },
  request: FastifyRequest,
  now: Date,
): DialectAnswer {
  const venueError = { status: error.status, code: error.code, message: error.message, details: [...error.details] };
  return DIALECTS[name].error(venueError, exchangeOf(request, error.status, now));
}

/**
 * Registers the hooks that make the server speak the dialect. Call it on the
 * root instance before the services register. venue's dialect adds nothing.
 */
export function installDialect(app: FastifyInstance, name: DialectName, now: () => Date, log: SandboxLogger): void {
  const dialect = DIALECTS[name];
  if (name === 'venue') return;

  if (dialect.request) {
    const translate = dialect.request;
    app.addHook('preValidation', (request, _reply, done) => {
      if (isControl(request.url)) return done();
      const translated = translate({ body: request.body, query: request.query });
      request.body = translated.body;
      (request as FastifyRequest & { query: unknown }).query = translated.query;
      done();
    });
  }

  app.addHook('onSend', (request, reply, payload, done) => {
    if (
      isControl(request.url) ||
      typeof payload !== 'string' ||
      payload === '' ||
      !isJson(reply.getHeader('content-type'))
    ) {
      return done(null, payload);
    }
    try {
      const body: unknown = JSON.parse(payload);
      const status = reply.statusCode;
      const exchange = exchangeOf(request, status, now());
      const venueError = status >= 400 ? venueErrorOf(body, status) : undefined;
      if (status >= 400 && !venueError) return done(null, payload);
      const answer = venueError ? dialect.error(venueError, exchange) : dialect.success(body, exchange);
      for (const [header, value] of Object.entries(answer.headers ?? {})) reply.header(header, value);
      done(null, JSON.stringify(answer.body));
    } catch (error) {
      // A translation bug must not cost the client its answer: it gets venue's shape, and the log says why.
      log.error(
        `the ${name} dialect could not translate ${request.method} ${request.url}: ${(error as Error)?.stack ?? String(error)}`,
      );
      done(null, payload);
    }
  });
}

/**
 * Shuffled keys (`--shuffle-keys`), over any dialect: every JSON answer but
 * the control API's and the published documents has each object's keys in
 * another order, fixed per key list (shuffle.ts). Installed after the dialect
 * and the layout's answer names, so it reorders what they made.
 */
export function installKeyShuffle(app: FastifyInstance, log: SandboxLogger): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (
      isControl(request.url) ||
      typeof payload !== 'string' ||
      payload === '' ||
      !isJson(reply.getHeader('content-type'))
    )
      return done(null, payload);
    try {
      done(null, JSON.stringify(shuffleKeys(JSON.parse(payload))));
    } catch (error) {
      log.error(
        `could not shuffle the keys of ${request.method} ${request.url}: ${(error as Error)?.stack ?? String(error)}`,
      );
      done(null, payload);
    }
  });
}
