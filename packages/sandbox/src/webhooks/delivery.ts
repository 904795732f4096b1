// The sandbox's signed delivery engine: one POST per subscriber and event,
// retried with backoff (1 s, 2 s, 4 s, 8 s, 16 s; 6 attempts) until a 2xx, as
// docs/api-conventions.md promises. Timers are unref'd so they never keep the
// process alive, and close() clears them and aborts what is in flight.

import { randomUUID } from 'node:crypto';
import type { Dispatcher } from 'undici';
import { DELIVERY_HEADERS, isEventType, isLoopbackHost, signature } from '../rules/webhooks.js';
import type { SandboxContext } from '../types.js';
import { decryptSecret, pruneDeliveries, type DeliveryRecord, type WebhooksState } from './state.js';

export interface SendResult {
  status: number;
}

/** Sends one POST; throws when there is no answer. Replaceable in tests. */
export type DeliverySender = (
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
) => Promise<SendResult>;

export interface DeliveryEngineOptions {
  /** Waits after failed attempts 1..n; their count + 1 is the number of attempts. */
  backoffMs?: number[];
  timeoutMs?: number;
  sender?: DeliverySender;
}

export const DEFAULT_BACKOFF_MS = [1_000, 2_000, 4_000, 8_000, 16_000];

let strictAgent: Dispatcher | undefined;
let loopbackAgent: Dispatcher | undefined;

async function agentFor(url: URL): Promise<Dispatcher> {
  const { Agent } = await import('./undici.js');
  // A listener on this machine serving HTTPS (`webhooks listen --cert`) uses a
  // self-signed certificate; only loopback targets are spared the CA check.
  if (url.protocol === 'https:' && isLoopbackHost(url.hostname)) {
    loopbackAgent ??= new Agent({ connect: { rejectUnauthorized: false }, keepAliveTimeout: 4_000 });
    return loopbackAgent;
  }
  strictAgent ??= new Agent({ keepAliveTimeout: 4_000 });
  return strictAgent;
}

export const undiciSender: DeliverySender = async (url, body, headers, timeoutMs) => {
  const { request } = await import('./undici.js');
  const target = new URL(url);
  const response = await request(target, {
    method: 'POST',
    body,
    headers,
    dispatcher: await agentFor(target),
    signal: AbortSignal.timeout(timeoutMs),
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  await response.body.dump();
  return { status: response.statusCode };
};

function describeFailure(error: unknown): string {
  const e = error as { name?: string; code?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError' || e?.code === 'UND_ERR_HEADERS_TIMEOUT')
    return 'no answer within the timeout';
  const code = e?.code ?? e?.cause?.code;
  const message = e?.cause?.message ?? e?.message ?? String(error);
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}

export class DeliveryEngine {
  private readonly backoffMs: number[];
  private readonly timeoutMs: number;
  private readonly sender: DeliverySender;
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly inFlight = new Map<string, Promise<void>>();
  /**
   * The state each delivery belongs to, captured when it was made: a fleet
   * venue's deliveries (docs/sandbox-fleet.md) keep to that venue's state
   * whatever request or timer runs their next attempt.
   */
  private readonly owners = new Map<string, () => WebhooksState>();
  private sandbox?: SandboxContext;
  private getState?: () => WebhooksState;
  private closed = false;

  constructor(options: DeliveryEngineOptions = {}) {
    this.backoffMs = options.backoffMs ?? DEFAULT_BACKOFF_MS;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.sender = options.sender ?? undiciSender;
  }

  get maxAttempts(): number {
    return this.backoffMs.length + 1;
  }

  /** The live sandbox and state (reset swaps the state object). */
  bind(sandbox: SandboxContext, getState: () => WebhooksState): void {
    this.sandbox = sandbox;
    this.getState = getState;
    this.closed = false;
  }

  /** After a restart, pending deliveries carry on where they stopped (of the bound state, or of the one given). */
  resumePending(getState = this.getState): void {
    const state = getState?.();
    if (!state || !this.sandbox) return;
    const now = this.sandbox.now().getTime();
    for (const delivery of state.deliveries) {
      if (delivery.status !== 'pending') continue;
      const due = delivery.nextAttemptAt ? Date.parse(delivery.nextAttemptAt) - now : 0;
      this.own(delivery.id, getState!);
      this.schedule(delivery.id, Math.max(0, due));
    }
  }

  /**
   * One delivery per active subscriber that wants the type; created at once,
   * sent in the background. getState (the bound state by default) must be a
   * stable accessor: it is kept for the retries.
   */
  emit(type: string, data: Record<string, unknown>, getState = this.getState): DeliveryRecord[] {
    if (!this.sandbox || !getState || !isEventType(type)) return [];
    const state = getState();
    const wanting = state.subscribers.filter((s) => s.isActive && s.eventTypes.includes(type));
    if (wanting.length === 0) return [];
    const createdAt = this.sandbox
      .now()
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z');
    const eventId = randomUUID();
    const body = JSON.stringify({ id: eventId, type, createdAt, data });
    const created = wanting.map<DeliveryRecord>((subscriber) => ({
      id: randomUUID(),
      eventId,
      subscriberId: subscriber.id,
      url: subscriber.url,
      type,
      body,
      attempts: 0,
      status: 'pending',
      lastStatus: null,
      lastError: null,
      nextAttemptAt: createdAt,
      createdAt,
      deliveredAt: null,
    }));
    state.deliveries.push(...created);
    pruneDeliveries(state);
    this.sandbox.changed();
    for (const delivery of created) {
      this.own(delivery.id, getState);
      this.schedule(delivery.id, 0);
    }
    return created;
  }

  /** Starts the attempts again from the first, and waits for the first one. */
  async redeliver(deliveryId: string, getState = this.getState): Promise<DeliveryRecord | undefined> {
    if (getState) this.own(deliveryId, getState);
    const delivery = this.find(deliveryId);
    if (!delivery) return undefined;
    await this.inFlight.get(deliveryId);
    this.clearTimer(deliveryId);
    Object.assign(delivery, { status: 'pending', attempts: 0, nextAttemptAt: null, lastError: null });
    await this.attempt(deliveryId);
    return this.find(deliveryId) ?? delivery;
  }

  /** Resolves when nothing is in flight (tests and shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight.values()]);
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.owners.clear();
  }

  private own(deliveryId: string, getState: () => WebhooksState): void {
    if (getState === this.getState) this.owners.delete(deliveryId);
    else this.owners.set(deliveryId, getState);
  }

  private stateOf(deliveryId: string): WebhooksState | undefined {
    return (this.owners.get(deliveryId) ?? this.getState)?.();
  }

  private find(deliveryId: string): DeliveryRecord | undefined {
    return this.stateOf(deliveryId)?.deliveries.find((d) => d.id === deliveryId);
  }

  private clearTimer(deliveryId: string): void {
    const timer = this.timers.get(deliveryId);
    if (timer) clearTimeout(timer);
    this.timers.delete(deliveryId);
  }

  private schedule(deliveryId: string, delayMs: number): void {
    if (this.closed) return;
    this.clearTimer(deliveryId);
    const timer = setTimeout(() => {
      this.timers.delete(deliveryId);
      void this.attempt(deliveryId);
    }, delayMs);
    timer.unref();
    this.timers.set(deliveryId, timer);
  }

  private attempt(deliveryId: string): Promise<void> {
    const running = this.inFlight.get(deliveryId);
    if (running) return running;
    const promise = this.runAttempt(deliveryId).finally(() => {
      this.inFlight.delete(deliveryId);
      // A delivery no longer pending needs no owner (a redelivery sets it again).
      if (!this.timers.has(deliveryId) && this.find(deliveryId)?.status !== 'pending') this.owners.delete(deliveryId);
    });
    this.inFlight.set(deliveryId, promise);
    return promise;
  }

  private async runAttempt(deliveryId: string): Promise<void> {
    const sandbox = this.sandbox;
    const state = this.stateOf(deliveryId);
    const delivery = this.find(deliveryId);
    if (!sandbox || !state || !delivery || delivery.status !== 'pending' || this.closed) return;
    const subscriber = state.subscribers.find((s) => s.id === delivery.subscriberId);
    if (!subscriber?.isActive) {
      Object.assign(delivery, { status: 'failed', nextAttemptAt: null, lastError: 'the subscriber was deleted' });
      sandbox.changed();
      return;
    }
    delivery.attempts++;
    const sentAt = sandbox
      .now()
      .toISOString()
      .replace(/\.\d{3}Z$/, 'Z');
    let ok = false;
    try {
      const secret = decryptSecret(state, subscriber.id, subscriber.secretEncrypted);
      const result = await this.sender(
        subscriber.url,
        delivery.body,
        {
          'content-type': 'application/json',
          'user-agent': 'venue-sandbox-webhooks/1',
          [DELIVERY_HEADERS.signature]: signature(delivery.body, secret),
          [DELIVERY_HEADERS.event]: delivery.type,
          [DELIVERY_HEADERS.delivery]: delivery.id,
          [DELIVERY_HEADERS.timestamp]: sentAt,
        },
        this.timeoutMs,
      );
      ok = result.status >= 200 && result.status < 300;
      delivery.lastStatus = result.status;
      delivery.lastError = ok ? null : `the receiver answered ${result.status}`;
    } catch (error) {
      delivery.lastStatus = null;
      delivery.lastError = describeFailure(error);
    }
    if (this.closed) return;
    if (ok) {
      Object.assign(delivery, { status: 'delivered', deliveredAt: sandbox.now().toISOString(), nextAttemptAt: null });
    } else if (delivery.attempts >= this.maxAttempts) {
      Object.assign(delivery, { status: 'failed', nextAttemptAt: null });
    } else {
      const wait = this.backoffMs[delivery.attempts - 1]!;
      delivery.nextAttemptAt = new Date(sandbox.now().getTime() + wait).toISOString();
      this.schedule(delivery.id, wait);
    }
    sandbox.changed();
  }
}
