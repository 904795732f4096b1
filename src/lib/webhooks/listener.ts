// The engine behind `venue webhooks listen`: a local HTTP(S) receiver that
// verifies each delivery's signature over the raw bytes, answers the sender,
// stores and relays the good ones, and reports everything as typed events.
// It knows nothing of the terminal: the command only renders the events.

import { writeFileDurablyAsync } from '../durable-file.js';
import { EventEmitter } from 'node:events';
import fs from 'node:fs/promises';
import type { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Dispatcher } from 'undici';
import { deliveryHeaders, deliveryId, deliveryType } from './events.js';
import { standardHeaders, verifyDetailed, verifyStandard, type SignatureScheme } from './signature.js';
import { Agent, request } from '../undici.js';
import * as http from 'node:http';
import { httpsModule } from '../lazy-modules.js';

export interface ListenerOptions {
  host?: string;
  /** 0 picks a free port; the real one is in url once started. */
  port?: number;
  /** The one path deliveries are accepted on: "/webhooks". */
  path?: string;
  /** Any of these verifies a delivery (more than one while a secret is rotated). */
  secrets: string[];
  /** How deliveries are signed; by default told from each delivery's headers (webhook-signature: standard). */
  scheme?: SignatureScheme;
  /**
   * Only these types are relayed and saved; others are acknowledged and marked
   * ignored. A delivery whose type cannot be found is relayed, saved and shown
   * as of unknown type: the filter cannot say it is unwanted.
   */
  events?: string[];
  forwardTo?: string;
  tls?: { cert: Buffer | string; key: Buffer | string };
  saveDir?: string;
  maxBodyBytes?: number;
  forwardTimeoutMs?: number;
  now?: () => Date;
}

interface EventBase {
  /** Request number since start: ties a forward result to its delivery. */
  seq: number;
  at: string;
  deliveryId?: string;
  type?: string;
}

export type ListenerEvent =
  | (EventBase & {
      kind: 'delivery';
      verdict: 'accepted' | 'ignored';
      status: number;
      bytes: number;
      scheme: SignatureScheme;
      /** Where the type was found ("header x-event-type", "body eventType"). */
      typeFrom?: string;
      /** No header or body field named the type. */
      typeUnknown?: true;
      savedTo?: string;
      forwarding: boolean;
    })
  | (EventBase & { kind: 'rejected'; reason: string; status: 401; bytes: number; scheme: SignatureScheme })
  | (EventBase & { kind: 'malformed'; reason: string; status: number; method?: string; path?: string })
  | (EventBase & { kind: 'forwarded'; target: string; status: number; ms: number })
  | (EventBase & { kind: 'forward-failed'; target: string; error: string; ms: number });

/** Headers that describe one connection, not the message (RFC 9110 §7.6.1), plus those undici recomputes. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
  'expect',
]);

/** Header names real senders use for the same HMAC signature. */
export const SIGNATURE_HEADERS = [
  deliveryHeaders.signature,
  'x-signature',
  'x-hub-signature-256',
  'x-webhook-signature',
];

export function relayHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  const named = String(headers.connection ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || named.includes(name)) continue;
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

function safeFilePart(value: string): string {
  return value.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 80) || 'unknown';
}

export function describeError(error: unknown): string {
  const e = error as { name?: string; code?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError' || e?.code === 'UND_ERR_HEADERS_TIMEOUT') return 'no answer within the timeout';
  const code = e?.code ?? e?.cause?.code;
  const message = e?.cause?.message || e?.message || String(error);
  return code && !message.includes(code) ? `${code} ${message}` : message;
}

/** What `--save` writes and `replay` reads. */
export interface SavedEvent {
  receivedAt: string;
  deliveryId?: string;
  type?: string;
  headers: Record<string, string>;
  body: string;
  bodyEncoding: 'utf8' | 'base64';
}

export function savedBodyBytes(saved: SavedEvent): Buffer {
  return Buffer.from(saved.body, saved.bodyEncoding === 'base64' ? 'base64' : 'utf8');
}

export class WebhookListener extends EventEmitter {
  private server?: Server;
  private agent?: Dispatcher;
  private seq = 0;
  private address?: string;
  private readonly pending = new Set<Promise<unknown>>();
  private readonly queue: ListenerEvent[] = [];
  private readonly waiting: Array<(result: IteratorResult<ListenerEvent>) => void> = [];
  private ended = false;
  private iterating = false;
  private readonly path: string;
  private readonly now: () => Date;

  constructor(private readonly options: ListenerOptions) {
    super();
    this.path = options.path ?? '/';
    this.now = options.now ?? (() => new Date());
  }

  /** The URL deliveries must be sent to, once started. */
  get url(): string {
    if (!this.address) throw new Error('the listener is not started');
    return this.address;
  }

  async start(): Promise<string> {
    if (this.options.forwardTo) {
      this.agent = new Agent({ keepAliveTimeout: 10_000 });
    }
    const handler = (req: IncomingMessage, res: ServerResponse) => {
      const work = this.handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) this.answer(res, 500, { error: 'listener failure' });
        this.publish({
          kind: 'malformed',
          seq: ++this.seq,
          at: this.stamp(),
          reason: describeError(error),
          status: 500,
        });
      });
      this.track(work);
    };
    if (this.options.tls) {
      const https = await httpsModule();
      this.server = https.createServer(
        { cert: this.options.tls.cert, key: this.options.tls.key },
        handler,
      ) as unknown as Server;
    } else {
      this.server = http.createServer(handler);
    }
    const server = this.server;
    // Slow senders must not hold sockets forever; deliveries are small.
    server.requestTimeout = 30_000;
    server.keepAliveTimeout = 5_000;
    const host = this.options.host ?? '127.0.0.1';
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port ?? 0, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const bound = server.address();
    const port = typeof bound === 'object' && bound ? bound.port : this.options.port;
    const shownHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
    this.address = `${this.options.tls ? 'https' : 'http'}://${shownHost}:${port}${this.path}`;
    return this.address;
  }

  /** Stops accepting, lets relays in flight finish (briefly), ends the event stream. */
  async close(graceMs = 3_000): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections?.();
      await Promise.race([Promise.allSettled([...this.pending]), delay(graceMs)]);
      server.closeAllConnections?.();
      await closed;
    }
    await this.agent?.close().catch(() => undefined);
    this.agent = undefined;
    this.ended = true;
    for (const resolve of this.waiting.splice(0)) resolve({ value: undefined, done: true });
  }

  /** Every event from now until close. */
  events(): AsyncIterableIterator<ListenerEvent> {
    const self = this;
    this.iterating = true;
    return {
      [Symbol.asyncIterator]() {
        return this;
      },
      next(): Promise<IteratorResult<ListenerEvent>> {
        const value = self.queue.shift();
        if (value) return Promise.resolve({ value, done: false });
        if (self.ended) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => self.waiting.push(resolve));
      },
      return(): Promise<IteratorResult<ListenerEvent>> {
        return Promise.resolve({ value: undefined, done: true });
      },
    };
  }

  private publish(event: ListenerEvent): void {
    this.emit('event', event);
    this.emit(event.kind, event);
    const waiter = this.waiting.shift();
    if (waiter) waiter({ value: event, done: false });
    // Held only for a reader of events(); a plain 'event' listener needs no buffer.
    else if (this.iterating) this.queue.push(event);
  }

  private track(work: Promise<unknown>): void {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }

  private stamp(): string {
    return this.now().toISOString();
  }

  private answer(
    res: ServerResponse,
    status: number,
    body: Record<string, unknown>,
    headers: Record<string, string> = {},
  ): void {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      ...headers,
    });
    res.end(text);
  }

  private readBody(req: IncomingMessage): Promise<{ body: Buffer; tooLarge: boolean }> {
    const limit = this.options.maxBodyBytes ?? 10 * 1024 * 1024;
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let tooLarge = false;
      req.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit) tooLarge = true;
        else chunks.push(chunk);
      });
      req.on('end', () => resolve({ body: Buffer.concat(chunks), tooLarge }));
      req.on('error', reject);
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const seq = ++this.seq;
    const at = this.stamp();
    const requestPath = new URL(req.url ?? '/', 'http://listener').pathname;
    const base = {
      seq,
      at,
      deliveryId: deliveryId(req.headers, undefined),
      type: deliveryType(req.headers, undefined)?.value,
    };
    if (requestPath !== this.path) {
      req.resume();
      this.answer(res, 404, { error: `deliveries are accepted on ${this.path}` });
      this.publish({
        ...base,
        kind: 'malformed',
        reason: `unknown path ${requestPath}`,
        status: 404,
        method: req.method,
        path: requestPath,
      });
      return;
    }
    if (req.method !== 'POST') {
      req.resume();
      this.answer(res, 405, { error: 'deliveries are POSTed' }, { allow: 'POST' });
      this.publish({
        ...base,
        kind: 'malformed',
        reason: `method ${req.method} not allowed`,
        status: 405,
        method: req.method,
        path: requestPath,
      });
      return;
    }
    const { body, tooLarge } = await this.readBody(req);
    if (tooLarge) {
      this.answer(res, 413, { error: 'body too large' });
      this.publish({
        ...base,
        kind: 'malformed',
        reason: 'body too large',
        status: 413,
        method: req.method,
        path: requestPath,
      });
      return;
    }
    const scheme =
      this.options.scheme ?? (headerValue(req.headers, standardHeaders.signature) !== undefined ? 'standard' : 'hmac');
    const verdict =
      scheme === 'standard'
        ? await verifyStandard(
            body,
            {
              id: headerValue(req.headers, standardHeaders.id),
              timestamp: headerValue(req.headers, standardHeaders.timestamp),
              signature: headerValue(req.headers, standardHeaders.signature),
            },
            this.options.secrets,
          )
        : verifyDetailed(
            body,
            SIGNATURE_HEADERS.map((name) => headerValue(req.headers, name)).find((v) => v !== undefined),
            this.options.secrets,
          );
    if (!verdict.valid) {
      this.answer(res, 401, { error: verdict.reason });
      this.publish({ ...base, kind: 'rejected', reason: verdict.reason, status: 401, bytes: body.length, scheme });
      return;
    }
    let parsed: Record<string, unknown>;
    try {
      const value: unknown = JSON.parse(body.toString('utf8'));
      if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
      parsed = value as Record<string, unknown>;
    } catch {
      this.answer(res, 400, { error: 'the body is not a JSON object' });
      this.publish({
        ...base,
        kind: 'malformed',
        reason: 'signed body is not a JSON object',
        status: 400,
        method: req.method,
        path: requestPath,
      });
      return;
    }
    const found = deliveryType(req.headers, parsed);
    const type = found?.value;
    // A type that cannot be found is not known to be unwanted: it goes through, marked.
    const wanted =
      !this.options.events?.length ||
      type === undefined ||
      this.options.events.some((wantedType) => wantedType.toLowerCase() === type.toLowerCase());
    const event = { seq, at, deliveryId: deliveryId(req.headers, parsed), type };
    let savedTo: string | undefined;
    if (wanted && this.options.saveDir) savedTo = await this.save(req.headers, body, event);
    this.answer(res, 200, { received: true, ...(wanted ? {} : { ignored: true }) });
    const forwarding = wanted && Boolean(this.options.forwardTo);
    const typeInfo = found ? { typeFrom: found.from } : { typeUnknown: true as const };
    this.publish({
      ...event,
      kind: 'delivery',
      verdict: wanted ? 'accepted' : 'ignored',
      status: 200,
      bytes: body.length,
      scheme,
      ...typeInfo,
      savedTo,
      forwarding,
    });
    if (forwarding) await this.forward(req.headers, body, event);
  }

  private async save(headers: IncomingHttpHeaders, body: Buffer, event: EventBase): Promise<string> {
    const dir = this.options.saveDir!;
    await fs.mkdir(dir, { recursive: true });
    const text = body.toString('utf8');
    const isText = Buffer.from(text, 'utf8').equals(body);
    const saved: SavedEvent = {
      receivedAt: event.at,
      deliveryId: event.deliveryId,
      type: event.type,
      headers: relayHeaders(headers),
      body: isText ? text : body.toString('base64'),
      bodyEncoding: isText ? 'utf8' : 'base64',
    };
    const stem = `${event.at.replace(/:/g, '-')}-${safeFilePart(event.deliveryId ?? `request-${event.seq}`)}`;
    for (let n = 1; ; n++) {
      const file = path.join(dir, `${stem}${n === 1 ? '' : `-${n}`}.json`);
      try {
        await writeFileDurablyAsync(file, `${JSON.stringify(saved, null, 2)}\n`, { exclusive: true });
        return file;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
  }

  private async forward(headers: IncomingHttpHeaders, body: Buffer, event: EventBase): Promise<void> {
    const target = this.options.forwardTo!;
    const started = Date.now();
    try {
      const timeoutMs = this.options.forwardTimeoutMs ?? 10_000;
      // The pool goes when the listener stops: a delivery still arriving then is not forwarded.
      const dispatcher = this.agent;
      if (!dispatcher) throw new Error('the listener has stopped');
      const response = await request(target, {
        method: 'POST',
        headers: relayHeaders(headers),
        body,
        dispatcher,
        signal: AbortSignal.timeout(timeoutMs),
      });
      await response.body.dump();
      this.publish({ ...event, kind: 'forwarded', target, status: response.statusCode, ms: Date.now() - started });
    } catch (error) {
      this.publish({ ...event, kind: 'forward-failed', target, error: describeError(error), ms: Date.now() - started });
    }
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
