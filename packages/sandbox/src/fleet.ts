// Fleet venues (docs/sandbox-fleet.md): one sandbox also emulates the
// on-premise inventory service (and its webhooks) of many venues of a chain,
// each under /fleet/<venue>/inventory with its own state. Wallet and booking
// stay shared. The URL is rewritten to the canonical /inventory/... before
// routing; an AsyncLocalStorage entered for the request makes the services'
// getState closures answer the venue's slice. Work that outlives the request
// (delivery retries) captures the slice through SandboxContext.stateOf.

import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, notFound } from './http-error.js';
import { DEMO_TIME, demoInventoryState, seedProducts, touched, type InventoryState } from './inventory/state.js';
import type { SandboxState } from './state-store.js';
import { demoWebhooksState, type WebhooksState } from './webhooks/state.js';

/** Venue names: the same rule as profile names, so a venue can be named after its profile. */
export const VENUE_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,39}$/;
export const DEFAULT_FLEET_PRODUCTS = 40;
const MAX_VENUES = 1000;
const MAX_PRODUCTS_PER_VENUE = 100_000;
const MAX_FLEET_PRODUCTS = 2_000_000;

export interface FleetSeed {
  /** The venue's number: what makes its stock differ from other venues' (the name's trailing number, else a hash of it). */
  number: number;
  /** Generated products on top of the demo catalogue. */
  products: number;
}

/** What state.json holds for a venue: its seed, and its state once anything changed it. */
export interface StoredFleetVenue {
  seed: FleetSeed;
  inventory?: InventoryState;
  webhooks?: WebhooksState;
}

/** A venue's number: "fleet-7" is 7; a name without a trailing number gets a stable hash. */
export function venueNumber(name: string): number {
  const trailing = /(\d{1,9})$/.exec(name);
  if (trailing) return Number(trailing[1]);
  let hash = 2166136261;
  for (const char of name) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  return hash % 100_000;
}

/**
 * The venue's catalogue: the demo catalogue (SKU-1001 … everywhere) and
 * `products` generated ones (the generator of `/_sandbox/inventory/seed`),
 * with stock levels of its own. Odd-numbered venues hold SKU-1001 below its
 * reorder level (10) in the main store room, even-numbered ones above it.
 */
export function fleetInventoryState(seed: FleetSeed): InventoryState {
  const state = demoInventoryState();
  const demoCount = state.products.length;
  if (seed.products > 0) seedProducts(state, seed.products, DEMO_TIME);
  const n = seed.number;
  state.products.forEach((product, index) => {
    for (const warehouse of Object.keys(product.stock)) {
      const base = product.stock[warehouse]!;
      if (index === 0 && warehouse === '1') product.stock[warehouse] = n % 2 === 1 ? 2 + (n % 7) : 20 + ((n * 7) % 60);
      else if (index < demoCount) product.stock[warehouse] = (base + n * 29) % 150;
      else product.stock[warehouse] = (product.productId * 7 + n * 13) % 60;
    }
  });
  touched(state);
  return state;
}

/** One venue: its inventory is built from the seed when first used, and persisted only once changed. */
export class FleetVenue {
  private built?: InventoryState;
  webhooks: WebhooksState;
  /** Changed since seeded: persisted in full. */
  dirty: boolean;

  constructor(
    readonly name: string,
    public seed: FleetSeed,
    stored?: Omit<StoredFleetVenue, 'seed'>,
  ) {
    this.built = stored?.inventory;
    this.webhooks = stored?.webhooks ?? demoWebhooksState();
    this.dirty = stored?.inventory !== undefined || stored?.webhooks !== undefined;
  }

  get inventory(): InventoryState {
    this.built ??= fleetInventoryState(this.seed);
    return this.built;
  }

  /** The state of a per-venue service (undefined for the shared ones). */
  slice(service: string): unknown {
    if (service === 'inventory') return this.inventory;
    if (service === 'webhooks') return this.webhooks;
    return undefined;
  }

  /** Back to the seed's state, in place: accessors captured earlier see the fresh state. */
  reseed(seed = this.seed): void {
    this.seed = seed;
    this.built = undefined;
    this.webhooks = demoWebhooksState();
    this.dirty = false;
  }

  get productCount(): number {
    return this.built ? this.built.products.length : demoInventoryState().products.length + this.seed.products;
  }

  view() {
    return { name: this.name, products: this.productCount, inventoryPath: `/fleet/${this.name}/inventory` };
  }

  toJSON(): StoredFleetVenue {
    return this.dirty ? { seed: this.seed, inventory: this.inventory, webhooks: this.webhooks } : { seed: this.seed };
  }
}

const FLEET_URL = /^\/fleet\/([^/?#]*)(\/inventory(?:[/?].*)?)$/;
const FLEET_CONTROL_URL = /^\/_sandbox\/fleet\/([^/?#]*)(\/(?:inventory|webhooks)(?:[/?].*)?)$/;

export class Fleet {
  private readonly scope = new AsyncLocalStorage<FleetVenue>();
  private readonly requested = new WeakMap<IncomingMessage, string>();
  private readonly resources = new WeakMap<FastifyRequest, AsyncResource>();
  private demoCount?: number;

  constructor(private readonly state: () => SandboxState) {}

  /** Turns what state.json held into venues (call once the state is loaded). */
  static adopt(state: SandboxState): void {
    const stored = (state.fleet ?? {}) as Record<string, StoredFleetVenue | FleetVenue>;
    const venues: Record<string, FleetVenue> = Object.create(null);
    for (const [name, venue] of Object.entries(stored)) {
      if (!VENUE_NAME.test(name) || !venue?.seed) continue;
      venues[name] = venue instanceof FleetVenue ? venue : new FleetVenue(name, venue.seed, venue);
    }
    state.fleet = venues;
  }

  venues(): Record<string, FleetVenue> {
    return this.state().fleet as Record<string, FleetVenue>;
  }

  /** The venue the running request (or the work it started) is for. */
  current(): FleetVenue | undefined {
    return this.scope.getStore();
  }

  /**
   * The URL to route: /fleet/<venue>/inventory/… becomes /inventory/… and
   * /_sandbox/fleet/<venue>/{inventory,webhooks}/… becomes /_sandbox/…, the
   * venue recorded for the request; undefined when the URL is not a fleet one.
   */
  rewrite(request: IncomingMessage): string | undefined {
    const url = request.url ?? '/';
    const match = FLEET_URL.exec(url) ?? FLEET_CONTROL_URL.exec(url);
    if (!match || !VENUE_NAME.test(match[1]!)) return undefined;
    this.requested.set(request, match[1]!);
    return url.startsWith('/_sandbox/') ? `/_sandbox${match[2]}` : match[2]!;
  }

  /** Enters the venue's scope for the whole request (body parsing loses it; preValidation restores it). */
  install(app: FastifyInstance): void {
    app.addHook('onRequest', (request, _reply, done) => {
      const name = this.requested.get(request.raw);
      if (name === undefined) return done();
      const venue = this.venues()[name];
      if (!venue) return done(notFound(`no fleet venue "${name}" in this sandbox (GET /_sandbox/fleet lists them)`));
      this.scope.run(venue, () => {
        const resource = new AsyncResource('venue-sandbox-fleet');
        this.resources.set(request, resource);
        resource.runInAsyncScope(done);
      });
    });
    app.addHook('preValidation', (request, _reply, done) => {
      const resource = this.resources.get(request);
      if (!resource) return done();
      resource.runInAsyncScope(done);
    });
  }

  /** sandbox reset: every venue back to its seed, kept. */
  reseedAll(): number {
    const venues = this.venues();
    for (const venue of Object.values(venues)) venue.reseed();
    return Object.keys(venues).length;
  }

  private demoProducts(): number {
    return (this.demoCount ??= demoInventoryState().products.length);
  }

  /** POST/GET/DELETE /_sandbox/fleet, DELETE /_sandbox/fleet/:venue. */
  registerControl(app: FastifyInstance, changed: () => void): void {
    const list = () => ({ items: Object.values(this.venues()).map((venue) => venue.view()) });

    app.get('/', async () => list());

    app.post('/', async (request, reply) => {
      const { names, products, reseed } = this.parseCreate(request.body);
      const venues = this.venues();
      const started = performance.now();
      const items = names.map((name) => {
        const seed: FleetSeed = { number: venueNumber(name), products };
        const existing = venues[name];
        let status: 'created' | 'reseeded' | 'kept';
        if (!existing) {
          venues[name] = new FleetVenue(name, seed);
          status = 'created';
        } else if (reseed || existing.seed.products !== products || existing.seed.number !== seed.number) {
          existing.reseed(seed);
          status = 'reseeded';
        } else {
          status = 'kept';
        }
        return { ...venues[name]!.view(), status };
      });
      // Built now, not on first use, so the first request to each venue is as fast as the next.
      for (const name of names) void venues[name]!.inventory;
      changed();
      reply.code(201);
      return { items, ms: Math.round(performance.now() - started) };
    });

    app.delete('/', async () => {
      const removed = Object.keys(this.venues());
      this.state().fleet = Object.create(null);
      changed();
      return { removed };
    });

    app.delete('/:venue', async (request) => {
      const { venue } = request.params as { venue: string };
      const venues = this.venues();
      if (!Object.hasOwn(venues, venue)) throw notFound(`no fleet venue "${venue}" in this sandbox`);
      delete venues[venue];
      changed();
      return { removed: [venue] };
    });
  }

  private parseCreate(body: unknown): { names: string[]; products: number; reseed: boolean } {
    const input = (body ?? {}) as Record<string, unknown>;
    if (typeof input !== 'object' || Array.isArray(input))
      throw badRequest('the body must be a JSON object', [{ field: 'body', rule: 'must be a JSON object' }]);
    const { venues, products = DEFAULT_FLEET_PRODUCTS, reseed = false } = input;
    const details: Array<{ field: string; rule: string }> = [];
    if (!Array.isArray(venues) || venues.length < 1 || venues.length > MAX_VENUES) {
      details.push({ field: 'venues', rule: `must be a list of 1 to ${MAX_VENUES} venue names` });
    } else {
      venues.forEach((name, i) => {
        if (typeof name !== 'string' || !VENUE_NAME.test(name))
          details.push({
            field: `venues[${i}]`,
            rule: 'must be 1–40 letters, digits, "-" or "_", starting with a letter or digit',
          });
      });
    }
    if (!Number.isInteger(products) || (products as number) < 0 || (products as number) > MAX_PRODUCTS_PER_VENUE) {
      details.push({ field: 'products', rule: `must be a whole number from 0 to ${MAX_PRODUCTS_PER_VENUE}` });
    }
    if (typeof reseed !== 'boolean') details.push({ field: 'reseed', rule: 'must be true or false' });
    if (details.length) throw badRequest('invalid fleet', details);
    const names = [...new Set(venues as string[])];
    const total = Object.values(this.venues())
      .filter((venue) => !names.includes(venue.name))
      .reduce((sum, venue) => sum + venue.seed.products, names.length * (products as number));
    if (total + this.demoProducts() * names.length > MAX_FLEET_PRODUCTS) {
      throw badRequest(`the fleet would hold more than ${MAX_FLEET_PRODUCTS} products`, [
        { field: 'products', rule: `the fleet's venues hold at most ${MAX_FLEET_PRODUCTS} products together` },
      ]);
    }
    return { names, products: products as number, reseed: reseed as boolean };
  }
}
