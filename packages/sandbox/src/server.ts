// The sandbox server: one fastify app hosting every service emulator under
// its prefix, the core control API under /_sandbox, persistence, tokens and
// faults. Every answer that is not a success carries the error body of
// docs/api-conventions.md, whatever went wrong. Internal: the package's public
// API (index.ts) is what starts it.

import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { registerCoreControl, type SandboxCore } from './control.js';
import { FaultInjector, misanswer, mistype, type AfterProcessing } from './faults.js';
import { installIdleStop } from './idle-stop.js';
import { Fleet, type FleetVenue } from './fleet.js';
import { installAnswerNames } from './answer-names.js';
import { dialectError, installDialect, installKeyShuffle } from './dialects/index.js';
import { PLAIN_SYNONYMS } from './dialects/synonyms.js';
import { SandboxHttpError } from './http-error.js';
import { registerOpenApiPublishing } from './openapi-publish.js';
import { addMail } from './outbox.js';
import { installFormParser, registerOAuthTokenRoute } from './auth-schemes.js';
import { RequestLog } from './request-log.js';
import { relabelError, unflattenBody, unknownFieldsError, type FlatRoute } from './line-keyed.js';
import { productEtag, replacedFields, replacingRequest } from './replacing.js';
import { jsonPatchRequest, productPatchTarget, subscriberPatchTarget } from './json-patch.js';
import { createLayoutRewriter, loadRouteLayout, RouteLayoutError, type RouteLayout } from './routes.js';
import { StateStore, defaultSettings, demoState, type SandboxState } from './state-store.js';
import { SandboxTokenIssuer } from './tokens.js';
import {
  silentLogger,
  type DialectName,
  type SandboxContext,
  type SandboxLogger,
  type SandboxService,
  type SandboxSettings,
} from './types.js';

export const BODY_LIMIT = 1024 * 1024;

/**
 * The four emulators. One that fails to load is left out with a warning
 * rather than taking the whole sandbox down with it.
 */
export async function loadServices(log: SandboxLogger = silentLogger): Promise<SandboxService<any>[]> {
  const loaders: Array<[string, () => Promise<SandboxService<any>>]> = [
    ['wallet', async () => (await import('./wallet/index.js')).walletService],
    ['booking', async () => (await import('./booking/index.js')).bookingService],
    ['inventory', async () => (await import('./inventory/index.js')).inventoryService],
    ['webhooks', async () => (await import('./webhooks/index.js')).webhooksService],
  ];
  const services: SandboxService<any>[] = [];
  for (const [name, load] of loaders) {
    try {
      services.push(await load());
    } catch (error) {
      log.warn(`the ${name} emulator could not be loaded and is left out: ${(error as Error).message}`);
    }
  }
  return services;
}

export interface SandboxServerOptions {
  /** Where state.json is kept; undefined keeps the state in memory only. */
  stateDir: string | undefined;
  /** 0 takes a free port. */
  port?: number;
  host?: string;
  /** Settings given at start; they override the persisted ones and are what reset returns to. */
  settings?: Partial<SandboxSettings>;
  /** Defaults to the four services; tests may pass their own. */
  services?: SandboxService<any>[];
  /** Debounce of state writes, in ms. */
  persistDelayMs?: number;
  /**
   * A route-layout file (docs/sandbox-routes.md): inventory is then served on
   * its paths and auth scheme only. Checked at start; a bad file fails it.
   */
  routes?: string;
  /** The shapes it answers in (docs/sandbox-dialects.md); venue's own by default. */
  dialect?: DialectName;
  /** Every answer's objects with their keys in another order, fixed per key list (docs/sandbox-dialects.md). */
  shuffleKeys?: boolean;
  /** Where it says what went wrong; silent by default. */
  logger?: SandboxLogger;
  /** The time the sandbox clock starts from, in ms since the epoch (Date.now by default); /_sandbox/clock shifts it. */
  clock?: () => number;
  /** Stops by itself after this many ms with no request (idle-stop.ts); 0 or absent: never. */
  idleStopMs?: number;
}

export type { SandboxCore } from './control.js';

export interface SandboxServer extends SandboxCore {
  app: FastifyInstance;
  /** Resolves once the server has stopped, however it was stopped. */
  closed: Promise<void>;
}

/** What a fault does to a request's answer once it has been processed. */
const afterProcessing = new WeakMap<FastifyRequest, AfterProcessing>();
/** The method a client sent, where a route layout changed it (PUT served by the PATCH route). */
const methodSent = new WeakMap<import('node:http').IncomingMessage, string>();

export async function createSandboxServer(options: SandboxServerOptions): Promise<SandboxServer> {
  // A bad layout fails the start before anything else happens.
  const layout: RouteLayout | undefined = options.routes === undefined ? undefined : loadRouteLayout(options.routes);
  // The plain dialect answers in field names of its own (synonyms.ts): the layout's words would not be the ones its document names.
  if (layout?.answerNames && options.dialect === 'plain') {
    throw new RouteLayoutError(
      `the routes file ${options.routes}: answerNames does not combine with the plain dialect, which renames fields itself (use venue, pascal or envelope)`,
    );
  }
  const log = options.logger ?? silentLogger;
  const services = options.services ?? (await loadServices(log));
  const startSettings: SandboxSettings = { ...defaultSettings, ...definedOnly(options.settings ?? {}) };
  const store = new StateStore(options.stateDir, () => state, options.persistDelayMs, log);

  let state: SandboxState = StateStore.load(options.stateDir, log) ?? demoState(services, startSettings);
  for (const service of services) if (state[service.name] === undefined) state[service.name] = service.demoState();
  state.outbox ??= [];
  state.clock ??= { offsetMs: 0 };
  state.settings = { ...defaultSettings, ...state.settings, ...definedOnly(options.settings ?? {}) };
  state.keys ??= { signing: demoState([], startSettings).keys.signing };
  Fleet.adopt(state);
  // Fleet venues (docs/sandbox-fleet.md): a request under /fleet/<venue>/inventory is served on that venue's state.
  const fleet = new Fleet(() => state);
  /** A service's state for a venue (its own, for inventory and webhooks) or the sandbox's. */
  const stateIn = (venue: FleetVenue | undefined, service: string) => venue?.slice(service) ?? state[service];
  // Routes and services may keep a reference to the settings object: it is
  // changed in place from here on, never replaced.
  const settings = state.settings;

  const clock = options.clock ?? Date.now;
  const now = () => new Date(clock() + state.clock.offsetMs);
  const tokens = new SandboxTokenIssuer({
    key: () => state.keys.signing,
    settings: () => settings,
    now,
    // wallet and booking always take Bearer (their seeds say so); inventory takes the layout's scheme
    // (fleet venues are served on canonical routes only, with Bearer).
    authScheme: (service) => (service === 'inventory' && layout && !fleet.current() ? layout.auth : { type: 'bearer' }),
  });
  const faults = new FaultInjector();

  const sandbox: SandboxContext = {
    settings,
    dialect: options.dialect ?? 'venue',
    tokens,
    now,
    changed: () => {
      const venue = fleet.current();
      if (venue) venue.dirty = true;
      store.changed();
    },
    fleetVenue: () => fleet.current()?.name,
    stateOf: <T>(service: string) => {
      // Captured now: whatever later runs it (a timer, a retry) gets this venue's state.
      const venue = fleet.current();
      return () => stateIn(venue, service) as T;
    },
    mail: (message) => {
      const mail = addMail(state.outbox, message, now());
      store.changed();
      return mail;
    },
    emitInventoryEvent: (type, data) => {
      // A venue's events go to that venue's subscribers only.
      const venue = fleet.current();
      for (const service of services) {
        if (!service.onInventoryEvent) continue;
        try {
          service.onInventoryEvent(type, data, sandbox, () => stateIn(venue, service.name));
        } catch (error) {
          log.error(`${service.name} failed on event ${type}: ${(error as Error).stack ?? error}`);
        }
      }
    },
    allowLoopbackHttp: true,
    log,
  };

  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT,
    forceCloseConnections: true,
    return503OnClosing: true,
    // Errors fastify meets before routing (a URL that does not decode) get the error body too.
    frameworkErrors: (error, request, reply) => {
      const answer = toSandboxError(error);
      // Sent before any hook runs, so in the dialect's error shape here.
      const rendered = dialectError(options.dialect ?? 'venue', answer, request, now());
      void (reply as unknown as FastifyReply)
        .status(answer.status)
        .headers(rendered.headers ?? {})
        .send(rendered.body);
    },
    clientErrorHandler: answerClientError,
    // Fleet venues' URLs lose their /fleet/<venue> (served canonically, under any layout). Under a
    // route layout, inventory requests on the layout's paths become venue's canonical ones before
    // routing; anything else there is not served.
    rewriteUrl: fleetRewriteUrl(fleet, layout ? layoutRewriteUrl(layout) : undefined),
  });
  const requests = new RequestLog();
  installJsonParser(app, (request, body) => requests.rememberBody(request, body));
  installFormParser(app, (request, body) => requests.rememberBody(request, body));
  app.addHook('onResponse', (request, reply, done) => {
    if (!request.originalUrl.startsWith('/_sandbox'))
      requests.record(request, methodSent.get(request.raw) ?? request.method, reply.statusCode, now());
    done();
  });
  fleet.install(app);
  app.setErrorHandler((error, request, reply) => {
    // A flat body's errors name its fields as the client sent them, not as the canonical request holds them.
    const keyed = lineKeyed.get(request.raw);
    const canonical = toSandboxError(error);
    const answer = keyed && !flatErrors.has(error as object) ? relabelError(canonical, keyed.route) : canonical;
    if (answer.status >= 500 && !(error instanceof SandboxHttpError)) {
      log.error(`unexpected error: ${(error as Error)?.stack ?? String(error)}`);
    }
    return reply.status(answer.status).headers(answer.headers).send(answer.toBody());
  });
  app.setNotFoundHandler((request, reply) => {
    // A layout's query or header variable missing or another: refused as the vendor would, naming it.
    const refused = refusedQuery.get(request.raw);
    if (refused)
      return reply
        .status(400)
        .send(
          new SandboxHttpError(400, 'validation_failed', refused.message, [
            { field: refused.parameter, rule: "required: this server's value" },
          ]).toBody(),
        );
    // The path the client sent, not a layout rewrite of it.
    const path = request.originalUrl.split('?')[0];
    return reply
      .status(404)
      .send(new SandboxHttpError(404, 'not_found', `no such path: ${request.method} ${path}`).toBody());
  });
  installFaults(app, faults, store);
  installDialect(app, sandbox.dialect, now, log);
  // After the dialect has bound the request's names: a line-keyed route's flat body becomes the canonical request,
  // before the contract and the emulator check it (line-keyed.ts).
  if (layout?.routes.some((route) => route.flat))
    app.addHook('preValidation', async (request) => {
      const keyed = lineKeyed.get(request.raw);
      if (!keyed) return;
      const made = unflattenBody(request.body, keyed.route, keyed.values, sandbox.dialect === 'pascal');
      if ('unknown' in made) {
        // A request that would be refused for its token hears that first, as the contract check does.
        await tokens.require(request, ['inventory']);
        const error = unknownFieldsError(made.unknown);
        flatErrors.add(error);
        throw error;
      }
      request.body = made.body;
    });
  // After the dialect too: a replacing update's body is checked whole, against the record's ETag, and made the
  // contract's update before the contract sees it (replacing.ts); so is a JSON Patch update's, its operations applied
  // to the record's fields (json-patch.ts); reads and updates of a product answer its ETag.
  const patches = layout?.jsonPatch?.includes('updateProduct') ?? false;
  if (layout?.replaces?.includes('updateProduct') || patches) {
    const fields = replacedFields();
    const target = productPatchTarget();
    // The names a product's read shows its fields by, where they are not the contract's: a JSON Patch points at them.
    const productReadNames = {
      ...(sandbox.dialect === 'plain' ? PLAIN_SYNONYMS.product : {}),
      ...layout?.answerNames?.getProduct,
    };
    const storedProduct = (request: FastifyRequest) => {
      const id = Number((request.params as { productId?: string } | undefined)?.productId);
      const inventory = stateIn(undefined, 'inventory') as { products?: Array<Record<string, unknown>> } | undefined;
      return inventory?.products?.find((p) => p.productId === id);
    };
    app.addHook('preValidation', async (request) => {
      if (replacing.get(request.raw) !== 'updateProduct') return;
      // A request that would be refused for its token hears that first, as the contract check does.
      await tokens.require(request, ['inventory']);
      request.body = patches
        ? jsonPatchRequest(
            request.body,
            storedProduct(request),
            {
              id: String((request.params as { productId?: string } | undefined)?.productId ?? ''),
              contentType: request.headers['content-type'],
              ifMatch: request.headers['if-match'],
              pascal: sandbox.dialect === 'pascal',
              readNames: productReadNames,
            },
            target,
          )
        : replacingRequest(request.body, storedProduct(request), request.headers['if-match'], fields);
    });
    app.addHook('onSend', (request, reply, payload, done) => {
      const product = replacing.has(request.raw) && reply.statusCode < 300 ? storedProduct(request) : undefined;
      if (product) void reply.header('etag', productEtag(product));
      done(null, payload);
    });
  }
  // A subscriber's update that takes a JSON Patch: its operations applied to the subscriber's fields, the same way.
  if (layout?.jsonPatch?.includes('updateWebhook')) {
    const target = subscriberPatchTarget();
    app.addHook('preValidation', async (request) => {
      if (!patchedSubscriber.has(request.raw)) return;
      await tokens.require(request, ['inventory']);
      const id = String((request.params as { webhookId?: string } | undefined)?.webhookId ?? '');
      const webhooks = stateIn(undefined, 'webhooks') as { subscribers?: Array<Record<string, unknown>> } | undefined;
      const subscriber = webhooks?.subscribers?.find((s) => s.id === id && s.isActive === true);
      request.body = jsonPatchRequest(
        request.body,
        subscriber,
        {
          id,
          contentType: request.headers['content-type'],
          pascal: sandbox.dialect === 'pascal',
          readNames: sandbox.dialect === 'plain' ? PLAIN_SYNONYMS.webhookSubscriber : undefined,
        },
        target,
      );
    });
  }
  const idle = options.idleStopMs
    ? installIdleStop(app, options.idleStopMs, () => {
        log.warn(
          `stopping: no request for ${options.idleStopMs! / 60_000} minutes (the idle stop); the state is saved`,
        );
        void core.close();
      })
    : undefined;
  // After the dialect: the layout's answer names rename the dialect's answer (docs/sandbox-routes.md).
  if (layout?.answerNames)
    installAnswerNames(
      app,
      layout.answerNames,
      layout.routes.map((r) => r.canonical),
      sandbox.dialect,
    );
  // Last: the keys of what the dialect and the layout made are put in another order.
  if (options.shuffleKeys) installKeyShuffle(app, log);

  let origin = '';
  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
  let closing: Promise<void> | undefined;

  const core: SandboxServer = {
    app,
    closed,
    get origin() {
      return origin;
    },
    stateDir: options.stateDir,
    startedAt: new Date(clock()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    services: services.map((service) => service.name),
    dialect: sandbox.dialect,
    shuffleKeys: options.shuffleKeys ?? false,
    routes: options.routes,
    idleStop: idle && { afterMs: idle.afterMs, at: () => idle.at() },
    sandbox,
    faults,
    store,
    requests,
    state: () => state,
    fleet,
    reset() {
      const fresh = demoState(services, startSettings, state.keys.signing);
      fresh.settings = Object.assign(settings, startSettings);
      // Fleet venues stay, back at their seeds (in place: what holds a venue sees its fresh state).
      fleet.reseedAll();
      fresh.fleet = state.fleet;
      state = fresh;
      store.changed();
    },
    close() {
      closing ??= (async () => {
        idle?.cancel();
        try {
          // Stop taking requests (those in flight finish), then stop the emulators' timers.
          await app.close();
          for (const service of services) {
            try {
              await service.close?.();
            } catch (error) {
              log.warn(`${service.name} did not close cleanly: ${(error as Error).message}`);
            }
          }
        } finally {
          await store.flush();
          resolveClosed();
        }
      })();
      return closing;
    },
  };

  await app.register(async (scope) => registerCoreControl(scope, core), { prefix: '/_sandbox' });
  await app.register(async (scope) => fleet.registerControl(scope, () => store.changed()), {
    prefix: '/_sandbox/fleet',
  });
  registerOpenApiPublishing(app, { services: core.services, layout, origin: () => origin, dialect: sandbox.dialect });
  if (layout?.auth.type === 'oauth2' && core.services.includes('inventory'))
    registerOAuthTokenRoute(app, layout.auth, tokens, now);
  for (const service of services) {
    // The venue of the request, if it is a fleet venue's, else the sandbox's own.
    const getState = () => stateIn(fleet.current(), service.name);
    // An emulator that fails to set up is reported and left out; the others still serve.
    const guarded = (what: string, setup: () => void | Promise<void>) => async () => {
      try {
        await setup();
      } catch (error) {
        log.error(`the ${service.name} ${what} could not be set up: ${(error as Error)?.stack ?? String(error)}`);
      }
    };
    await app.register(async (scope) => guarded('emulator', () => service.register(scope, sandbox, getState))(), {
      prefix: service.prefix,
    });
    if (service.registerControl) {
      await app.register(
        async (scope) => guarded('control routes', () => service.registerControl!(scope, sandbox, getState))(),
        { prefix: `/_sandbox/${service.name}` },
      );
    }
  }

  const host = options.host ?? '127.0.0.1';
  await app.listen({ port: options.port ?? 0, host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  idle?.begin();
  // A state directory that had no state yet gets one at once, so `status` and a restart see it.
  store.changed();
  return core;
}

/** Fleet URLs first (canonical only), then the layout's rewrite if there is one. */
function fleetRewriteUrl(fleet: Fleet, next: ((request: import('node:http').IncomingMessage) => string) | undefined) {
  return (request: import('node:http').IncomingMessage): string =>
    fleet.rewrite(request) ?? (next ? next(request) : (request.url ?? '/'));
}

/** Requests on a line-keyed route, with the values of its path fields (read by the flat-body hook and the error handler). */
const lineKeyed = new WeakMap<import('node:http').IncomingMessage, { route: FlatRoute; values: string[] }>();
/** Requests on a layout's subscriber update that takes a JSON Patch. */
const patchedSubscriber = new WeakSet<import('node:http').IncomingMessage>();
/** Requests on a replacing or JSON Patch layout's product routes (getProduct, updateProduct), by operationId. */
const replacing = new WeakMap<import('node:http').IncomingMessage, string>();
/** Errors already in a flat body's names. */
const flatErrors = new WeakSet<object>();

/** Requests the layout refused for their query or header variables, with why (read by the not-found handler). */
const refusedQuery = new WeakMap<import('node:http').IncomingMessage, { parameter: string; message: string }>();

/** fastify's rewriteUrl for a layout; a method the layout changed (PUT for PATCH) is set back too. */
function layoutRewriteUrl(layout: RouteLayout): (request: import('node:http').IncomingMessage) => string {
  const rewrite = createLayoutRewriter(layout);
  return (request) => {
    const url = request.url ?? '/';
    const answer = rewrite(request.method ?? 'GET', url, request.headers);
    if (answer.kind === 'untouched') return url;
    // No route has this path, so the not-found handler answers (with the path the client sent).
    if (answer.kind === 'not-served') return '/_not-served-under-route-layout';
    // No route has this path either: the not-found handler answers the vendor's 400 naming the parameter.
    if (answer.kind === 'refused') {
      refusedQuery.set(request, answer);
      return '/_refused-under-route-layout';
    }
    if (answer.kind === 'token') return answer.url;
    if (answer.route.flat) lineKeyed.set(request, { route: answer.route.flat, values: answer.fields ?? [] });
    const id = answer.route.operationId;
    const readFirst = layout.replaces?.includes('updateProduct') || layout.jsonPatch?.includes('updateProduct');
    if (readFirst && (id === 'getProduct' || id === 'updateProduct')) replacing.set(request, id);
    if (id === 'updateWebhook' && layout.jsonPatch?.includes('updateWebhook')) patchedSubscriber.add(request);
    if (request.method !== answer.method) {
      methodSent.set(request, request.method ?? 'GET');
      request.method = answer.method;
    }
    return answer.url;
  };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** JSON bodies: an empty body is no body, and a malformed one a 400 with the error body. */
function installJsonParser(app: FastifyInstance, remember: (request: FastifyRequest, body: unknown) => void): void {
  // JSON only: any other body type answers 415 rather than reaching a route as text.
  app.removeAllContentTypeParsers();
  const parse = (request: FastifyRequest, body: string | Buffer, done: (err: Error | null, body?: unknown) => void) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      const parsed = JSON.parse(text);
      // The log keeps its own copy: a dialect renames the route's in place.
      remember(request, JSON.parse(text));
      done(null, parsed);
    } catch (error) {
      done(
        new SandboxHttpError(400, 'malformed_json', `the body is not valid JSON: ${(error as Error).message}`),
        undefined,
      );
    }
  };
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parse);
  app.addContentTypeParser(/^application\/[\w.-]+\+json$/, { parseAs: 'string' }, parse);
}

function installFaults(app: FastifyInstance, faults: FaultInjector, store: StateStore): void {
  // Callback-style hooks: with no faults set they cost one check, not a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!faults.active || request.url.startsWith('/_sandbox')) return done();
    // Faults match what the client sent (a route layout's path, not its rewrite).
    const decision = faults.decide(methodSent.get(request.raw) ?? request.method, request.originalUrl.split('?')[0]!);
    const go = () => {
      if (decision.kind === 'fail') return done(decision.error);
      if (decision.after) afterProcessing.set(request, decision.after);
      done();
    };
    if (decision.latencyMs > 0) setTimeout(go, decision.latencyMs);
    else go();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const after = afterProcessing.get(request);
    if (!after) return done(null, payload);
    afterProcessing.delete(request);
    // Only what was processed and succeeded is answered otherwise; a refusal stays a refusal.
    if (after.kind !== 'drop' && reply.statusCode >= 300) return done(null, payload);
    // The change is on disk before the client gets (or loses) its answer.
    store.flush().then(
      () => {
        if (after.kind === 'drop') {
          request.raw.socket?.destroy();
          reply.raw.destroy();
          return done(null, payload);
        }
        if (after.kind === 'answer') {
          reply.code(after.error.status).header('content-type', 'application/json; charset=utf-8');
          return done(null, JSON.stringify(after.error.toBody()));
        }
        try {
          const answer = JSON.parse(typeof payload === 'string' ? payload : String(payload));
          done(null, JSON.stringify(after.kind === 'mistype' ? mistype(answer) : misanswer(request.body, answer)));
        } catch {
          done(null, payload);
        }
      },
      (error: unknown) => done(error as Error),
    );
  });
}

/**
 * Requests so broken that Node's parser rejects them (a Content-Length that
 * lies, headers too large) never reach fastify: answer on the socket itself,
 * still with the error body, and close it.
 */
function answerClientError(error: Error & { code?: string }, socket: import('node:net').Socket): void {
  if (!socket.writable) return void socket.destroy();
  const [status, reason, code] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'headers_too_large']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'request_timeout']
        : [400, 'Bad Request', 'malformed_request'];
  const body = JSON.stringify(
    new SandboxHttpError(status, code, `the request could not be read (${error.code ?? error.message})`).toBody(),
  );
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

function toSandboxError(error: unknown): SandboxHttpError {
  if (error instanceof SandboxHttpError) return error;
  const e = error as FastifyError & { issues?: Array<{ path: PropertyKey[]; message: string }> };
  if (e?.name === 'ZodError' && Array.isArray(e.issues)) {
    return new SandboxHttpError(
      400,
      'validation_failed',
      'the request breaks the field rules',
      e.issues.map((issue) => ({ field: issue.path.map(String).join('.') || '(body)', rule: issue.message })),
    );
  }
  if (e?.validation) {
    return new SandboxHttpError(
      400,
      'validation_failed',
      e.message,
      e.validation.map((v) => ({
        field: (v.instancePath || '/').slice(1).replace(/\//g, '.') || '(body)',
        rule: v.message ?? 'is invalid',
      })),
    );
  }
  switch (e?.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new SandboxHttpError(413, 'payload_too_large', `the body is over ${BODY_LIMIT} bytes`);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new SandboxHttpError(415, 'unsupported_media_type', 'send the body as application/json');
    case 'FST_ERR_BAD_URL':
      return new SandboxHttpError(400, 'malformed_request', 'the URL does not decode');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new SandboxHttpError(400, 'malformed_json', e.message);
  }
  const status = typeof e?.statusCode === 'number' ? e.statusCode : 500;
  if (status >= 400 && status < 500)
    return new SandboxHttpError(status, status === 404 ? 'not_found' : 'bad_request', e.message);
  return new SandboxHttpError(500, 'internal', 'the sandbox failed on this request (see its log)');
}
