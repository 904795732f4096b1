// A typed client for the sandbox's control API (/_sandbox/...): what a test or
// a tool calls to reset, seed, fault, set or drive a running sandbox, in this
// process or another. node:http only (no fetch, no dependency): cheap to load,
// so a caller that only asks whether a sandbox answers loads nothing else.

import type { IncomingMessage, RequestOptions } from 'node:http';
import type { FaultConfig, FaultRule } from './faults.js';
import type { ErrorDetail } from './http-error.js';
import type { DialectName, OutboxMessage, SandboxSettings } from './types.js';
import type { DeliveryRecord } from './webhooks/state.js';

/** GET /_sandbox/health. */
export interface SandboxHealth {
  ok: boolean;
  pid: number;
  origin: string;
  /** Absent when the sandbox keeps its state in memory. */
  stateDir?: string;
  startedAt: string;
  /** The emulators it hosts. */
  services?: string[];
  dialect?: DialectName;
  /** Present (true) when it was started with --shuffle-keys. */
  shuffleKeys?: boolean;
  /** The route-layout file it was started with, if any. */
  routes?: string;
  fleetVenues?: number;
  /** Started with an idle stop: after how many seconds without a request it stops, and when it will (real time, ISO) if none comes. */
  idleStop?: { afterSeconds: number; at: string };
}

export interface ClockView {
  now: string;
  offsetSeconds: number;
}

/** What POST /_sandbox/faults takes: any part of the configuration, the rest kept. */
export type FaultChange = Partial<
  Omit<FaultConfig, 'failNext' | 'dropAfterProcessing' | 'answerAfterProcessing' | 'misanswer' | 'mistype'>
> & {
  failNext?: FaultRule[];
  dropAfterProcessing?: FaultRule[];
  answerAfterProcessing?: FaultRule[];
  misanswer?: FaultRule[];
  mistype?: FaultRule[];
};

/** A fleet venue (docs/sandbox-fleet.md). */
export interface FleetVenueView {
  name: string;
  products: number;
  inventoryPath: string;
  /** On creation: created, reseeded or kept. */
  status?: 'created' | 'reseeded' | 'kept';
}

/** In-venue activity that sends an inventory webhook event (POST /_sandbox/inventory/activity). */
export interface InventoryActivity {
  type: string;
  productId?: number;
  warehouseId?: number;
  quantity?: number;
  comment?: string;
}

export interface DeliveryFilter {
  status?: 'pending' | 'delivered' | 'failed' | string;
  type?: string;
  limit?: number;
}

export interface PlayInput {
  cardNumber: string;
  kind: 'reload' | 'game-play' | 'ticket-win' | 'redemption';
  amount?: number;
  tickets?: number;
}

export interface Balance {
  amount: number;
  unit: string;
}

export interface CardAfterPlay {
  cardNumber: string;
  playBalance: Balance;
  bonusBalance: Balance;
  ticketBalance: number;
  [field: string]: unknown;
}

/** Why a control call failed: nothing answered, no answer in time, or the sandbox refused (status, code, message, details). */
export class SandboxControlError extends Error {
  override name = 'SandboxControlError';
  constructor(
    message: string,
    readonly reason: 'unreachable' | 'timeout' | 'refused',
    readonly method: string,
    readonly path: string,
    readonly answer:
      { status: number; statusText: string; code?: string; details: ErrorDetail[] } | undefined = undefined,
    readonly timeoutMs?: number,
  ) {
    super(message);
  }
}

export interface RequestControlOptions {
  /** The whole call's bound; the client's default otherwise (10 s). */
  timeoutMs?: number;
}

export class SandboxControlClient {
  readonly origin: string;

  constructor(
    origin: string,
    private readonly timeoutMs = 10_000,
  ) {
    this.origin = origin.replace(/\/+$/, '');
  }

  /** Any control route: path is under /_sandbox ("/health", "/wallet/sync"). Resolves to the parsed answer. */
  async request<T>(method: string, path: string, body?: unknown, options: RequestControlOptions = {}): Promise<T> {
    const timeoutMs = options.timeoutMs ?? this.timeoutMs;
    const url = new URL(`${this.origin}/_sandbox${path}`);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const { request } = url.protocol === 'https:' ? await import('node:https') : await import('node:http');
    const requestOptions: RequestOptions = {
      method,
      agent: false,
      headers:
        payload === undefined
          ? {}
          : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
    };
    const response = await new Promise<{ message: IncomingMessage; text: string }>((resolve, reject) => {
      const call = request(url, requestOptions, (message) => {
        let text = '';
        message.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        message.on('end', () => resolve({ message, text }));
        message.on('error', (error) => reject(error));
      });
      const timer = setTimeout(() => {
        call.destroy();
        const bound = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`;
        reject(
          new SandboxControlError(
            `the sandbox at ${this.origin} did not answer ${method} ${path} within ${bound}`,
            'timeout',
            method,
            path,
            undefined,
            timeoutMs,
          ),
        );
      }, timeoutMs);
      call.on('close', () => clearTimeout(timer));
      call.on('error', (error) => {
        clearTimeout(timer);
        reject(
          new SandboxControlError(
            `the sandbox at ${this.origin} does not answer (${error.message})`,
            'unreachable',
            method,
            path,
          ),
        );
      });
      call.end(payload);
    });
    const status = response.message.statusCode ?? 0;
    let data: unknown;
    try {
      data = response.text ? JSON.parse(response.text) : undefined;
    } catch {
      data = response.text;
    }
    if (status >= 200 && status < 300) return data as T;
    const error = (data as { error?: { code?: string; message?: string; details?: ErrorDetail[] } } | undefined)?.error;
    const statusText = response.message.statusMessage ?? '';
    throw new SandboxControlError(error?.message ?? `${status} ${statusText}`.trim(), 'refused', method, path, {
      status,
      statusText,
      code: error?.code,
      details: Array.isArray(error?.details) ? error.details : [],
    });
  }

  /** The health record, or undefined when nothing answers (or not within timeoutMs). */
  async health(timeoutMs = 1000): Promise<SandboxHealth | undefined> {
    try {
      return await this.request<SandboxHealth>('GET', '/health', undefined, { timeoutMs });
    } catch {
      return undefined;
    }
  }

  /** Back to the demo data and the start settings; fleet venues back at their seeds. */
  reset(): Promise<{ ok: true; resetAt: string; fleetVenues?: number }> {
    return this.request('POST', '/reset');
  }

  settings(): Promise<SandboxSettings> {
    return this.request('GET', '/settings');
  }

  changeSettings(change: Partial<SandboxSettings>): Promise<SandboxSettings> {
    return this.request('POST', '/settings', change);
  }

  clock(): Promise<ClockView> {
    return this.request('GET', '/clock');
  }

  /** Moves the sandbox clock: by advanceSeconds, or to offsetSeconds from real time. */
  setClock(change: { advanceSeconds: number } | { offsetSeconds: number }): Promise<ClockView> {
    return this.request('POST', '/clock', change);
  }

  faults(): Promise<FaultConfig> {
    return this.request('GET', '/faults');
  }

  setFaults(change: FaultChange): Promise<FaultConfig> {
    return this.request('POST', '/faults', change);
  }

  clearFaults(): Promise<FaultConfig> {
    return this.request('DELETE', '/faults');
  }

  /** Mails the sandbox sent, newest first. */
  async outbox(filter: { to?: string } = {}): Promise<OutboxMessage[]> {
    const query = filter.to ? `?to=${encodeURIComponent(filter.to)}` : '';
    return (await this.request<{ items: OutboxMessage[] }>('GET', `/outbox${query}`)).items;
  }

  /** Asks the sandbox to stop (it answers first, then saves its state and closes). */
  async shutdown(): Promise<void> {
    await this.request('POST', '/shutdown');
  }

  /** Adds generated products (with stock) to the inventory. Big catalogues take a while: give timeoutMs. */
  seedInventory(products: number, options: RequestControlOptions = {}): Promise<Record<string, unknown>> {
    return this.request('POST', '/inventory/seed', { products }, options);
  }

  /** In-venue activity: changes the inventory and sends the event to the subscribers that want it. Answers the event. */
  trigger(activity: InventoryActivity): Promise<Record<string, unknown>> {
    return this.request('POST', '/inventory/activity', activity);
  }

  /** The webhook delivery log, newest first. */
  async deliveries(filter: DeliveryFilter = {}): Promise<DeliveryRecord[]> {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(filter)) if (value !== undefined) query.set(key, String(value));
    const answer = await this.request<{ items?: DeliveryRecord[] }>(
      'GET',
      `/webhooks/deliveries${query.size ? `?${query}` : ''}`,
    );
    return answer?.items ?? [];
  }

  /** Sends one delivery again, its attempts afresh. */
  redeliver(deliveryId: string): Promise<DeliveryRecord> {
    return this.request('POST', `/webhooks/deliveries/${encodeURIComponent(deliveryId)}/redeliver`);
  }

  /** Activates a guest card, as any in-store activity does. */
  activateCard(barcode: string): Promise<Record<string, unknown> & { cardNumber: string; alreadyActivated: boolean }> {
    return this.request('POST', '/wallet/activate-card', { barcode });
  }

  /** A game, a ticket win, a prize redemption or a counter reload on a card. */
  play(input: PlayInput): Promise<CardAfterPlay> {
    return this.request('POST', '/wallet/play', input);
  }

  /**
   * A service's state as the emulator holds it, in its own names (GET
   * /_sandbox/<service>/state): inventory and booking whole, webhooks'
   * subscribers without their secrets. With `venue`, a fleet venue's
   * inventory or webhooks. What tests check a client's answers against.
   */
  state<T = Record<string, unknown>>(service: 'inventory' | 'booking' | 'webhooks', venue?: string): Promise<T> {
    return this.request('GET', `${venue === undefined ? '' : `/fleet/${encodeURIComponent(venue)}`}/${service}/state`);
  }

  /** The fleet venues (docs/sandbox-fleet.md). */
  async fleet(): Promise<FleetVenueView[]> {
    return (await this.request<{ items: FleetVenueView[] }>('GET', '/fleet')).items;
  }

  /** Creates (or keeps, or reseeds) fleet venues, each with `products` generated products. */
  createFleet(
    input: { venues: string[]; products?: number; reseed?: boolean },
    options: RequestControlOptions = {},
  ): Promise<{ items: FleetVenueView[]; ms: number }> {
    return this.request('POST', '/fleet', input, options);
  }

  /** Removes one fleet venue, or all of them. */
  async removeFleet(venue?: string): Promise<string[]> {
    const answer = await this.request<{ removed: string[] }>(
      'DELETE',
      venue === undefined ? '/fleet' : `/fleet/${encodeURIComponent(venue)}`,
    );
    return answer.removed;
  }
}

/** A control client for the sandbox at origin ("http://127.0.0.1:47800"). */
export function sandboxControl(origin: string, options: { timeoutMs?: number } = {}): SandboxControlClient {
  return new SandboxControlClient(origin, options.timeoutMs);
}
