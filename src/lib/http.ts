// The one HTTP layer. Every service client goes through HttpClient.request,
// which owns connection reuse, timeouts bounded by the command's deadline,
// retries of what may be retried, the 401 replay, typed errors (any error body
// shape, read by the reading layer), bounded answer sizes and the redacted
// --verbose trace. Reading a 2xx body is the clients' part, in reading.ts.

import type { Dispatcher } from 'undici';
import {
  ApiError,
  InterruptedError,
  RequestNotSentError,
  ServerError,
  UnknownOutcomeError,
  UsageError,
  categoryForStatus,
  type ErrorCategory,
} from './errors.js';
import { redactErrorBody, redactHeaders, redactJson, redactUrl, traceBody, type SecretRegistry } from './redact.js';
import { readErrorBody } from './reading.js';
import { parseJsonExact, stringifyJsonExact } from './json-exact.js';
import type { Interruption } from './interruption.js';
import type { Deadline } from './deadline.js';
import { envCount } from './env-count.js';
import { venueVersion } from './version.js';
import { verdictOfStatus } from './writes/rule.js';
import {
  DEFAULT_RETRIES,
  TOKEN_ROUTE_ROUNDS,
  isGatewayStatus,
  retryAfterAnswer,
  retryAfterFailure,
  waitFitsDeadline,
  type RetryPlan,
} from './retry-policy.js';
import { placeholder, venueHint } from './hint-command.js';
import { randomUUID } from 'node:crypto';
import { undiciModule } from './lazy-modules.js';
import { closeHttpConnections, defaultDispatcher } from './connection-pool.js';
import type { Readable } from 'node:stream';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';

/** Supplies bearer tokens and forgets one the server refused. */
export interface TokenSource {
  /** expiresAt (epoch ms), when known, lets a 401 to a token that has just lapsed be told from a refusal. */
  get(): Promise<{ token: string; fromCache: boolean; expiresAt?: number; second?: string }>;
  invalidate(token: string): Promise<void>;
}

/** A 401 with a token that may be spent is replayed with a new one at most this many times per call. */
const MAX_401_REPLAYS = 3;
/**
 * A 401 to a token our own clock shows expired by the time the answer came
 * is explained: the token lapsed on its way (one-second tokens behind a slow
 * service, about one request in seven). Those replays are counted apart,
 * with a higher bound, so a run of such lapses on one call cannot fail a long
 * listing; the deadline still bounds them all.
 */
const MAX_LAPSED_REPLAYS = 8;

export interface RequestOptions {
  method: HttpMethod;
  /** Path under the service's base URL: "/api/v1/card". */
  path: string;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Sent as JSON. */
  body?: unknown;
  /** The JSON body's media type where it is a JSON of another kind (application/json-patch+json); application/json by default. */
  mediaType?: string;
  /** Sent as application/x-www-form-urlencoded instead of a JSON body (an OAuth2 token request). */
  form?: Record<string, string>;
  headers?: Record<string, string>;
  auth?: TokenSource;
  /** Defaults to true for GET, HEAD, PUT and DELETE; token exchanges pass true. */
  idempotent?: boolean;
  responseType?: 'json' | 'buffer' | 'text';
  /** In words, for messages: "record the reload sale". */
  operation?: string;
  timeoutMs?: number;
  /** Retries after the first attempt, instead of the client's (a health probe takes none: its 503 is its report). */
  retries?: number;
  /** A token exchange: a busy answer gets the token route's rounds of retries (retry-policy.ts). */
  tokenRoute?: boolean;
  /**
   * false: a 401 is this call's own answer and is never replayed with a new
   * token (a guest login, whose body carries the guest's password: a refused
   * credential is never sent twice). Default true.
   */
  replayOn401?: boolean;
  /**
   * Sent as the Idempotency-Key header on a non-idempotent request. A journal
   * entry passes its own, so a rerun of the same entry carries the same key;
   * without one, a key is made per call (the same on each retry of it).
   */
  idempotencyKey?: string;
  /**
   * Awaited once, just before a write's first attempt leaves (after the token
   * and the last Ctrl-C check): where a journal marks the write as sending.
   * If it throws, nothing is sent.
   */
  beforeSend?: () => Promise<void> | void;
}

export interface HttpResponse<T = unknown> {
  status: number;
  headers: Record<string, string>;
  data: T;
  /** The bytes as received, for binary answers (phone wallet passes). */
  raw?: Buffer;
}

export interface HttpClientOptions {
  /** "wallet", "booking", "inventory": used in messages. */
  service: string;
  baseUrl: string;
  timeoutMs?: number;
  /** Retries after the first attempt, for requests that may be retried. */
  retries?: number;
  /** Receives --verbose trace lines, already redacted. */
  trace?: (line: string) => void;
  dispatcher?: Dispatcher;
  /**
   * How the token goes out: "Authorization: Bearer <jwt>" unless the service
   * names a header of its own that carries the bare token (inventory's
   * `X-Api-Token`, from the vendor's OpenAPI securitySchemes).
   */
  authHeader?: { name: string; prefix: string };
  /**
   * Where the credential goes instead of a header: a query parameter (a
   * vendor's static key, `?api_key=<key>`), after its prefix.
   */
  authQuery?: { name: string; prefix: string };
  /**
   * The header a second credential goes in, bare, beside the token on every
   * call (inventory.auth's second-header=): its value comes with the token.
   */
  secondHeader?: string;
  /**
   * What a 401 means when the credential is the same on every call (a
   * static key, basic): said instead of a token refusal, never replayed.
   */
  staticCredential?: { what: string; hint: string };
  /** The run's secrets: tokens and secret fields sent or received are remembered, so they are masked wherever they turn up. */
  secrets?: SecretRegistry;
  /** The whole command's deadline: no request or wait runs past it. */
  deadline?: Deadline;
  /**
   * Ctrl-C: nothing is sent after it; reads in flight are aborted; a write in
   * flight is awaited (inFlight) so its real outcome can be reported.
   */
  interruption?: Interruption;
  /** Answers larger than this are refused (exit 6); default 64 MiB. */
  maxBodyBytes?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

export const DEFAULT_MAX_BODY_BYTES = 64 * 1024 * 1024;

/** VENUE_MAX_RESPONSE_MB (1 to 4096) in bytes, else the default 64 MiB. */
export function maxBodyBytesFromEnv(env: NodeJS.ProcessEnv): number {
  const megabytes = envCount(env, 'VENUE_MAX_RESPONSE_MB', 1, 4096);
  return megabytes === undefined ? DEFAULT_MAX_BODY_BYTES : megabytes * 1024 * 1024;
}

/** JWT times are whole seconds: a token whose exp is within this of now may already be spent at the service. */
const EXPIRY_GRAIN_MS = 1_000;
/** The connection was never made: nothing reached the server, any request may be retried. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** undici's parts, loaded once (lazy-modules.ts): a dynamic import of a loaded module still costs a lookup on every request. */
const undici = undiciModule;

export { closeHttpConnections };

/**
 * The server's own words, whatever the body shape (see readErrorBody in the
 * reading layer): message, title/detail (RFC 7807), {error:{…}}, field
 * details, or plain text; an HTML page says nothing.
 */
export function serverMessageOf(body: unknown): string | undefined {
  const info = readErrorBody(body);
  const parts = [info.message, ...info.details].filter((p, i, all): p is string => Boolean(p) && all.indexOf(p) === i);
  return parts.length ? parts.join('; ') : undefined;
}

function errorCode(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code ?? e?.cause?.code;
}

function headerRecord(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers))
    if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

export class HttpClient {
  readonly service: string;
  readonly baseUrl: string;
  /** The only origin a token is ever sent to. */
  readonly origin: string;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly trace?: (line: string) => void;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;
  private dispatcher?: Dispatcher;
  private readonly authHeader: { name: string; prefix: string };
  private readonly authQuery?: { name: string; prefix: string };
  private readonly secondHeader?: string;
  private readonly staticCredential?: { what: string; hint: string };
  private readonly deadline?: Deadline;
  private readonly interruption?: Interruption;
  private readonly secrets?: SecretRegistry;
  private readonly maxBodyBytes: number;
  private readonly now: () => number;

  constructor(options: HttpClientOptions & { now?: () => number }) {
    this.deadline = options.deadline;
    this.interruption = options.interruption;
    this.secrets = options.secrets;
    this.maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    this.now = options.now ?? Date.now;
    this.authHeader = options.authHeader ?? { name: 'authorization', prefix: 'Bearer ' };
    this.authQuery = options.authQuery;
    this.secondHeader = options.secondHeader;
    this.staticCredential = options.staticCredential;
    this.service = options.service;
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.origin = new URL(this.baseUrl).origin;
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.retries = options.retries ?? DEFAULT_RETRIES;
    this.trace = options.trace;
    this.dispatcher = options.dispatcher;
    this.sleep = options.sleep ?? defaultSleep;
    this.random = options.random ?? Math.random;
  }

  url(path: string, query?: RequestOptions['query']): string {
    return this.target(path, query).href;
  }

  /**
   * The URL of a path (and query, and a credential sent as a query
   * parameter) under the service's base URL, with the origin and path undici
   * is handed: always parsed and written by URL, the query by URLSearchParams
   * (set on a copy and written once: each set on url.searchParams writes it
   * again). Empty values are left out; with nothing set, the base URL's own
   * query stays as written. About 2 µs a URL, a millisecond over a 500-page
   * listing.
   */
  private target(path: string, query?: RequestOptions['query'], credential?: { name: string; value: string }): Target {
    const url = new URL(this.baseUrl + (path.startsWith('/') ? path : `/${path}`));
    if (query || credential) {
      const params = new URLSearchParams(url.search);
      let set = false;
      for (const key in query) {
        const value = query[key];
        if (value === undefined || value === null || value === '' || !Object.hasOwn(query, key)) continue;
        params.set(key, String(value));
        set = true;
      }
      if (credential) {
        params.set(credential.name, credential.value);
        set = true;
      }
      if (set) url.search = params.toString();
    }
    return { href: url.href, origin: url.origin, path: `${url.pathname}${url.search}` };
  }

  /** Milliseconds left before the command's deadline (Infinity without one). */
  private remainingMs(): number {
    return this.deadline ? this.deadline.at - this.now() : Number.POSITIVE_INFINITY;
  }

  private deadlineError(operation: string, why: string): ServerError {
    return new RequestNotSentError(`${why}: "${operation}" was not sent to the ${this.service} service`, {
      hint: `The command's deadline (${this.deadline?.describe ?? 'default'}) bounds every wait; raise it for long work.`,
    });
  }

  /** Waits before a retry, or fails at once when the wait would outlast the deadline. */
  private async waitToRetry({ waitMs: ms, asked }: NonNullable<RetryPlan>, operation: string): Promise<void> {
    if (!waitFitsDeadline(ms, this.remainingMs())) {
      const when = new Date(this.now() + ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
      throw new RequestNotSentError(
        asked
          ? `the ${this.service} service asked to be called back in ${Math.ceil(ms / 1000)} s (at ${when}) for "${operation}", after this command's deadline`
          : `no time left to retry "${operation}" before this command's deadline`,
        {
          hint: `Nothing more was sent. Run it again later, or raise the deadline (${this.deadline?.describe ?? '--deadline'}).`,
        },
      );
    }
    this.trace?.(`! retrying in ${ms} ms`);
    await this.sleep(ms);
    if (this.interruption && !this.interruption.maySend())
      throw new InterruptedError(`interrupted: "${operation}" was not sent again`);
  }

  async request<T = unknown>(options: RequestOptions): Promise<HttpResponse<T>> {
    const method = options.method;
    const idempotent = options.idempotent ?? ['GET', 'HEAD', 'PUT', 'DELETE'].includes(method);
    const target = this.target(options.path, options.query);
    const url = target.href;
    const operation = options.operation ?? `${method} ${options.path}`;
    // A token goes only to the origin it belongs to, whatever path was asked for.
    if (options.auth && target.origin !== this.origin) {
      throw new UsageError(
        `refusing to send the ${this.service} token to ${target.origin}: it belongs to ${this.origin}`,
        { hint: 'Nothing was sent.' },
      );
    }
    // One key for every attempt of this call: a service that honours it applies the write once.
    const idempotencyKey = idempotent ? undefined : (options.idempotencyKey ?? randomUUID());
    const retries = options.retries ?? this.retries;
    const rounds = options.tokenRoute ? TOKEN_ROUTE_ROUNDS : 1;
    let round = 1;
    let replays401 = 0;
    let lapsedReplays = 0;
    let announced = false;

    for (let attempt = 0; ; attempt++) {
      if (this.remainingMs() <= 0) throw this.deadlineError(operation, "this command's deadline has passed");
      if (this.interruption && !this.interruption.maySend())
        throw new InterruptedError(`interrupted: "${operation}" was not sent`);
      const token = options.auth ? await options.auth.get() : undefined;
      if (!announced && options.beforeSend) {
        // The last Ctrl-C check before a write leaves: past it, the journal says "sending" and the request goes.
        if (this.interruption && !this.interruption.maySend())
          throw new InterruptedError(`interrupted: "${operation}" was not sent`);
        await options.beforeSend();
        announced = true;
      }
      let response: HttpResponse<unknown>;
      const sent = { started: false };
      // Reads give up on Ctrl-C; cleanup after it (already interrupted) must not be cut short.
      const abortOn =
        idempotent && this.interruption && !this.interruption.interrupted ? this.interruption.signal : undefined;
      try {
        const send = () => this.send(method, target, options, token, idempotencyKey, sent, abortOn);
        // A write in flight is seen through to its answer even after a Ctrl-C, so its outcome is known.
        response = await (!idempotent && this.interruption
          ? this.interruption.inFlight(`"${operation}"`, send)
          : send());
      } catch (error) {
        if (error instanceof ServerError) throw error; // over the size limit: already said
        if (abortOn?.aborted) throw new InterruptedError(`interrupted: "${operation}" was abandoned`);
        const code = errorCode(error);
        // A write whose body never began to leave (refused connection, or a
        // keep-alive connection the server had closed) was not received.
        const notSent =
          (code !== undefined && NOT_SENT_CODES.has(code)) ||
          (!idempotent && !sent.started && options.body !== undefined);
        const timedOut = code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT';
        const retry = retryAfterFailure(idempotent, notSent, { attempt, retries, round, rounds }, this.random);
        if (retry) {
          this.trace?.(`! ${code ?? 'network error'}${notSent ? ' (the request never left)' : ''}`);
          await this.waitToRetry(retry, operation);
          continue;
        }
        if (!idempotent && !notSent) {
          throw new UnknownOutcomeError(
            `the ${this.service} service did not answer to "${operation}"${timedOut ? ' in time' : ''}: it may or may not have been applied`,
            { cause: error, hint: 'Do not simply run it again: check first.' },
          );
        }
        throw new (notSent ? RequestNotSentError : ServerError)(
          `cannot reach the ${this.service} service at ${this.baseUrl}: ${describeNetworkError(error)}`,
          {
            cause: error,
            hint: notSent
              ? `Check the address (${venueHint(['config', 'get', `${this.service}.url`])}) and that the service is running; ${venueHint(['doctor'])} helps.`
              : undefined,
          },
        );
      }

      const { status } = response;
      if (status >= 200 && status < 300) return response as HttpResponse<T>;

      if (status >= 300 && status < 400) {
        // Following a redirect would resend (or silently turn a write into a GET): say where it points instead.
        const location = response.headers.location;
        throw new (idempotent ? ServerError : UnknownOutcomeError)(
          `the ${this.service} service answered ${status} to "${operation}", redirecting to ${location ?? '(no Location given)'}`,
          {
            hint: `venue does not follow redirects${idempotent ? '' : '; the request was sent, so check whether it was applied'}. If the service moved, update its URL (${venueHint(['config', 'set', `${this.service}.url`, placeholder('url')])}).`,
          },
        );
      }

      if (status === 401 && token && options.auth && options.replayOn401 !== false) {
        // A 401 means the request was not processed: a token that may be spent
        // (cached, or past its expiry by now: a one-second token can lapse on
        // its way) is renewed and the call replayed. A token just issued and
        // still within its lifetime was refused: that is the answer.
        const lapsed = token.expiresAt !== undefined && token.expiresAt <= this.now();
        if (
          lapsed
            ? lapsedReplays < MAX_LAPSED_REPLAYS
            : replays401 < MAX_401_REPLAYS && this.maySpend401(token, replays401)
        ) {
          if (lapsed) lapsedReplays++;
          else replays401++;
          this.trace?.(
            `! 401 with a ${lapsed || !token.fromCache ? 'lapsed' : 'cached'} token; fetching a new token and replaying`,
          );
          await options.auth.invalidate(token.token);
          attempt--;
          continue;
        }
      }

      // What is sent again, and after how long, is the retry policy's (retry-policy.ts).
      const retryAfter = response.headers['retry-after'];
      const retry = retryAfterAnswer(
        status,
        idempotent,
        { attempt, retries, round, rounds },
        retryAfter,
        this.now(),
        this.random,
      );
      if (retry) {
        this.trace?.(`! ${status}${retry.asked ? ` (Retry-After ${retryAfter})` : ''}`);
        await this.waitToRetry(retry, operation);
        if (retry.newRound) {
          round++;
          attempt = -1;
        }
        continue;
      }

      const failure = this.apiError(status, method, url, response.data, response.headers);
      if (!idempotent && verdictOfStatus(status) === 'unknown') {
        // The one rule (writes/rule.ts): 408, a gateway's 502/504 or another 5xx cannot say whether it was applied.
        const said = failure.info.serverMessage ? ` (${failure.info.serverMessage})` : '';
        throw new UnknownOutcomeError(
          `the ${this.service} service${isGatewayStatus(status) ? "'s gateway" : ''} answered ${status}${said} to "${operation}": it may or may not have been applied`,
          {
            cause: failure,
            hint: 'Do not simply run it again: check first.',
          },
        );
      }
      throw failure;
    }
  }

  /** Whether a 401 to this token can be a spent token rather than a refusal: the first time for a cached one, or once it has lapsed. */
  private maySpend401(token: { fromCache: boolean; expiresAt?: number }, replays: number): boolean {
    if (token.fromCache && replays === 0) return true;
    return token.expiresAt !== undefined && token.expiresAt <= this.now() + EXPIRY_GRAIN_MS;
  }

  private apiError(
    status: number,
    method: string,
    url: string,
    body: unknown,
    headers: Record<string, string>,
  ): ApiError {
    const category: ErrorCategory = categoryForStatus(status);
    // Quoted in messages: credential fields and what concerns them masked, whatever the secret's length.
    const said = readErrorBody(redactErrorBody(body, this.secrets));
    const serverMessage = said.message ?? said.details[0];
    const refusedCredential =
      status === 401 && this.staticCredential ? `: ${this.staticCredential.what} was refused` : '';
    const base = `${this.service} service answered ${status}${serverMessage ? `: ${serverMessage}` : ''}${refusedCredential}`;
    const hints: Record<number, string> = {
      401: `The service refused the token. ${venueHint(['auth', 'status'])} shows the cached tokens and the host each belongs to; ${venueHint(['doctor'])} checks the login.`,
      403: 'This token may not make that call.',
      429: 'The service is limiting requests; try again later.',
    };
    if (this.staticCredential) hints[401] = this.staticCredential.hint;
    const hint =
      hints[status] ??
      (status >= 500 ? 'The service failed; try again, and contact its support if it persists.' : undefined);
    const details = said.details.filter((line) => line !== serverMessage);
    return new ApiError(
      category,
      base,
      { status, method, url, serverMessage, code: said.code, details, body, headers },
      { hint, details },
    );
  }

  private async send(
    method: HttpMethod,
    target: Target,
    options: RequestOptions,
    credential: { token: string; second?: string } | undefined,
    idempotencyKey: string | undefined,
    sent: { started: boolean },
    signal?: AbortSignal,
  ): Promise<HttpResponse> {
    const { request } = await undici();
    this.dispatcher ??= await defaultDispatcher();
    const headers: Record<string, string> = {
      'user-agent': `venue/${venueVersion()}`,
      accept: options.responseType === 'buffer' ? '*/*' : 'application/json',
      ...options.headers,
    };
    let payload: Buffer | undefined;
    if (options.form !== undefined) {
      payload = Buffer.from(new URLSearchParams(options.form).toString(), 'utf8');
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers['content-length'] = String(payload.length);
    } else if (options.body !== undefined) {
      payload = Buffer.from(stringifyJsonExact(options.body), 'utf8');
      headers['content-type'] = options.mediaType ?? 'application/json';
      headers['content-length'] = String(payload.length);
    }
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    const token = credential?.token;
    this.secrets?.remember(token);
    this.secrets?.remember(credential?.second);
    this.secrets?.rememberIn(options.body);
    this.secrets?.rememberIn(options.form);
    let url = target;
    if (token && this.authQuery)
      url = this.target(options.path, options.query, {
        name: this.authQuery.name,
        value: `${this.authQuery.prefix}${token}`,
      });
    else if (token) headers[this.authHeader.name.toLowerCase()] = `${this.authHeader.prefix}${token}`;
    // The second credential goes with the token, wherever the token goes: a call with no token sends neither.
    if (token && credential?.second !== undefined && this.secondHeader)
      headers[this.secondHeader.toLowerCase()] = credential.second;

    const started = performance.now();
    if (this.trace) {
      this.trace(`> ${method} ${redactUrl(url.href)}`);
      for (const [k, v] of Object.entries(redactHeaders(headers))) this.trace(`> ${k}: ${v}`);
      if (options.form !== undefined)
        this.trace(`> ${new URLSearchParams(redactJson(options.form) as Record<string, string>).toString()}`);
      else if (options.body !== undefined) this.trace(`> ${stringifyJsonExact(redactJson(options.body))}`);
    }
    // --timeout bounds each request; the deadline bounds them all.
    const timeout = Math.max(1, Math.min(options.timeoutMs ?? this.timeoutMs, this.remainingMs()));
    // The body goes out as an iterable so we know whether it began to leave:
    // a write that failed before that point was never received and may be resent.
    const body = payload
      ? (async function* () {
          sent.started = true;
          yield payload;
        })()
      : undefined;
    const res = await request(url, {
      method,
      headers,
      // undici takes any async iterable as a body; its types list only streams.
      body: body as unknown as Readable | undefined,
      dispatcher: this.dispatcher,
      headersTimeout: timeout,
      bodyTimeout: timeout,
      signal,
    });
    const responseHeaders = headerRecord(res.headers);
    const raw = await readLimited(
      res.body,
      this.maxBodyBytes,
      Number(responseHeaders['content-length']),
      () =>
        new ServerError(
          `the ${this.service} service's answer to "${options.operation ?? `${method} ${options.path}`}" is over ${formatBytes(this.maxBodyBytes)}: refused`,
          {
            hint: 'Ask for less (a smaller --page-size, a filter), or raise VENUE_MAX_RESPONSE_MB.',
          },
        ),
    );
    const contentType = responseHeaders['content-type'] ?? '';
    let data: unknown = undefined;
    if (options.responseType === 'buffer' && res.statusCode < 300) data = raw;
    else if (raw.length === 0) data = undefined;
    else if (contentType.includes('json') || (options.responseType ?? 'json') === 'json') {
      try {
        data = parseJsonExact(raw.toString('utf8'));
      } catch {
        data = raw.toString('utf8');
      }
    } else data = raw.toString('utf8');

    // Tokens come back under any key (jwt, AccessToken) or as a bare text body: remember them before anything is printed.
    this.secrets?.rememberAnswer(data, {
      path: options.path,
      body: options.body,
      authenticated: token !== undefined,
      status: res.statusCode,
    });
    if (this.trace) {
      this.trace(`< ${res.statusCode} (${Math.round(performance.now() - started)} ms)`);
      for (const [k, v] of Object.entries(redactHeaders(responseHeaders))) this.trace(`< ${k}: ${v}`);
      if (Buffer.isBuffer(data)) this.trace(`< [${raw.length} bytes]`);
      else if (data !== undefined) this.trace(`< ${traceBody(data, this.secrets, res.statusCode)}`);
    }
    return { status: res.statusCode, headers: responseHeaders, data, raw };
  }
}

/** A request's URL as text, with the origin and path undici is handed. */
interface Target {
  href: string;
  origin: string;
  path: string;
}

/** The whole body, refused past the limit without holding more than it. */
async function readLimited(
  stream: AsyncIterable<Buffer | Uint8Array> & { destroy?: (e?: Error) => void },
  limit: number,
  declared: number,
  tooBig: () => Error,
): Promise<Buffer> {
  if (Number.isFinite(declared) && declared > limit) {
    stream.destroy?.();
    throw tooBig();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > limit) {
      stream.destroy?.();
      throw tooBig();
    }
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MiB` : `${bytes} bytes`;
}

function describeNetworkError(error: unknown): string {
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  return code && !message.includes(code) ? `${message} (${code})` : message;
}
