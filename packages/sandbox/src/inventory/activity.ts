// Trading in the venue while an integration works: a timer that, every
// intervalMs, makes a counter sale or an in-venue receipt of one of the given
// products and sizes. Fault suites run it on the very products their receipts
// touch, so "stock went up by my quantity" is never proof that a receipt was
// applied. Each step is a movement with source "venue" (kind "sale" or
// "receipt"), beside the API's own.

import { badRequest, SandboxHttpError, type ErrorDetail } from '../http-error.js';
import { receiveStock, sellAtCounter } from './operations.js';
import { indexOf, type InventoryState } from './state.js';

export const ACTIVITY_KINDS = ['sale', 'receipt'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export interface ActivityPlan {
  productIds: number[];
  /** The sizes a step moves stock by; one is picked at random each step. */
  quantities: number[];
  intervalMs: number;
  kinds: ActivityKind[];
  warehouseId: number;
  /** Makes the choices repeatable; without it they are Math.random's. */
  seed?: number;
}

export const MIN_INTERVAL_MS = 5;
export const MAX_INTERVAL_MS = 60_000;
const MAX_PRODUCTS = 1000;
/** The venue's own staff member, as for the single-step activity (control.ts). */
const VENUE_USER_ID = 2;

const isWhole = (v: unknown, min: number, max = Number.MAX_SAFE_INTEGER) =>
  Number.isInteger(v) && (v as number) >= min && (v as number) <= max;

/** Checks a start request against the live state: every product must exist and hold stock (not a modifier). */
export function parseActivityPlan(body: Record<string, unknown>, state: InventoryState): ActivityPlan {
  const details: ErrorDetail[] = [];
  const list = (field: string, ok: (v: unknown) => boolean, rule: string): unknown[] => {
    const value = body[field];
    if (!Array.isArray(value) || value.length === 0 || value.length > MAX_PRODUCTS) {
      details.push({ field, rule: `must be a list of 1 to ${MAX_PRODUCTS} ${rule}` });
      return [];
    }
    value.forEach(
      (v, i) => ok(v) || details.push({ field: `${field}[${i}]`, rule: `must be ${rule.replace(/s$/, '')}` }),
    );
    return value;
  };
  const productIds = list('productIds', (v) => isWhole(v, 1), 'product ids') as number[];
  const quantities = list('quantities', (v) => isWhole(v, 1, 1_000_000), 'whole numbers from 1 to 1000000') as number[];
  const kinds = (
    body.kinds === undefined
      ? [...ACTIVITY_KINDS]
      : list('kinds', (v) => ACTIVITY_KINDS.includes(v as ActivityKind), `of ${ACTIVITY_KINDS.join(', ')}`)
  ) as ActivityKind[];
  if (!isWhole(body.intervalMs, MIN_INTERVAL_MS, MAX_INTERVAL_MS)) {
    details.push({
      field: 'intervalMs',
      rule: `must be a whole number of milliseconds from ${MIN_INTERVAL_MS} to ${MAX_INTERVAL_MS}`,
    });
  }
  const warehouseId = body.warehouseId ?? 1;
  if (!isWhole(warehouseId, 1) || !state.warehouses.some((w) => w.warehouseId === warehouseId)) {
    details.push({ field: 'warehouseId', rule: 'must be a warehouse from GET /warehouses' });
  }
  if (body.seed !== undefined && !isWhole(body.seed, 0, 2 ** 32 - 1))
    details.push({ field: 'seed', rule: 'must be a whole number from 0 to 4294967295' });
  const index = indexOf(state);
  productIds.forEach((id, i) => {
    if (!isWhole(id, 1)) return;
    const product = index.byId.get(id);
    if (!product) details.push({ field: `productIds[${i}]`, rule: `no product ${id}` });
    else if (product.productType !== 2)
      details.push({ field: `productIds[${i}]`, rule: `product ${id} is not a stock product` });
  });
  if (details.length)
    throw badRequest(`invalid in-venue activity: ${details.map((d) => `${d.field} ${d.rule}`).join('; ')}`, details);
  return {
    productIds: [...productIds],
    quantities: [...quantities],
    intervalMs: body.intervalMs as number,
    kinds: [...new Set(kinds)],
    warehouseId: warehouseId as number,
    ...(body.seed !== undefined ? { seed: body.seed as number } : {}),
  };
}

/** A small seeded generator (mulberry32): enough to repeat a run, not for secrets. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type ActivityStep =
  | {
      kind: ActivityKind;
      productId: number;
      quantity: number;
      applied: true;
      movementId: number;
      data: Record<string, unknown>;
    }
  | { kind: ActivityKind; productId: number; quantity: number; applied: false; reason: string };

const pickFrom = <T>(items: readonly T[], random: () => number): T =>
  items[Math.min(items.length - 1, Math.floor(random() * items.length))]!;

/**
 * One sale or receipt, applied to state. A sale of more than is on the shelf
 * is refused (stock never goes below 0), as is anything on a product that has
 * gone since the start (a reset): the step is then counted, not applied.
 */
export function activityStep(
  state: InventoryState,
  plan: ActivityPlan,
  random: () => number,
  at: string,
): ActivityStep {
  const kind = pickFrom(plan.kinds, random);
  const productId = pickFrom(plan.productIds, random);
  const quantity = pickFrom(plan.quantities, random);
  try {
    if (kind === 'sale') {
      const data = sellAtCounter(
        state,
        { warehouseId: plan.warehouseId, productId, quantity, userId: VENUE_USER_ID },
        at,
      );
      return { kind, productId, quantity, applied: true, movementId: data.saleId, data };
    }
    const data = receiveStock(
      state,
      {
        warehouseId: plan.warehouseId,
        userId: VENUE_USER_ID,
        comment: 'Received at the venue',
        items: [{ productId, quantity }],
      },
      at,
      'venue',
    );
    return { kind, productId, quantity, applied: true, movementId: data.receiptId, data };
  } catch (error) {
    if (!(error instanceof SandboxHttpError)) throw error;
    return { kind, productId, quantity, applied: false, reason: error.message };
  }
}

export interface ActivityStatus {
  running: boolean;
  plan: ActivityPlan | null;
  startedAt: string | null;
  applied: Record<ActivityKind, number>;
  /** Steps the venue could not make (a sale with too little on the shelf). */
  refused: Record<ActivityKind, number>;
  last: ActivityStep | null;
}

export interface ActivityHost {
  getState(): InventoryState;
  /** The sandbox clock, as a timestamp. */
  now(): string;
  /** Marks the state changed (persisted a moment later). */
  changed(): void;
  /** Tells webhook subscribers, as any in-venue activity does. */
  emit(type: string, data: Record<string, unknown>): void;
  random?: () => number;
}

/** The running simulation of one sandbox: at most one plan at a time. */
export class InVenueActivity {
  private timer: NodeJS.Timeout | undefined;
  private plan: ActivityPlan | null = null;
  private random: () => number = Math.random;
  private startedAt: string | null = null;
  private applied: Record<ActivityKind, number> = { sale: 0, receipt: 0 };
  private refused: Record<ActivityKind, number> = { sale: 0, receipt: 0 };
  private last: ActivityStep | null = null;

  constructor(private readonly host: ActivityHost) {}

  /** Starts the plan, replacing one already running; the counts start again. */
  start(plan: ActivityPlan): ActivityStatus {
    this.stop();
    this.plan = plan;
    this.random = plan.seed !== undefined ? seededRandom(plan.seed) : (this.host.random ?? Math.random);
    this.startedAt = this.host.now();
    this.applied = { sale: 0, receipt: 0 };
    this.refused = { sale: 0, receipt: 0 };
    this.last = null;
    this.timer = setInterval(() => this.step(), plan.intervalMs);
    // A forgotten simulation must not keep a process alive on its own.
    this.timer.unref();
    return this.status();
  }

  /** Stops the timer; the plan and counts stay readable until the next start. */
  stop(): ActivityStatus {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    return this.status();
  }

  /** One step now (the timer's; tests call it directly). */
  step(): ActivityStep | undefined {
    if (!this.plan) return undefined;
    const outcome = activityStep(this.host.getState(), this.plan, this.random, this.host.now());
    this.last = outcome;
    if (outcome.applied) {
      this.applied[outcome.kind]++;
      this.host.changed();
      try {
        this.host.emit(outcome.kind === 'sale' ? 'stock.adjusted' : 'stock.received', outcome.data);
      } catch {
        // A subscriber's trouble is the webhooks emulator's to report; trading goes on.
      }
    } else {
      this.refused[outcome.kind]++;
    }
    return outcome;
  }

  status(): ActivityStatus {
    return {
      running: this.timer !== undefined,
      plan: this.plan,
      startedAt: this.startedAt,
      applied: { ...this.applied },
      refused: { ...this.refused },
      last: this.last,
    };
  }
}
