// In-venue simulation under /_sandbox/inventory: what staff do in the venue's
// own inventory application. Only these changes emit webhook events (seed rule:
// events come from activity in the application, not from interface calls).

import type { FastifyInstance } from 'fastify';
import {
  padId,
  productCreate,
  productUpdate,
  stockAdjustment,
  stockReceipt,
  stockTake as stockTakeRequest,
} from '../rules/inventory.js';
import { badRequest } from '../http-error.js';
import type { SandboxContext } from '../types.js';
import { InVenueActivity, parseActivityPlan } from './activity.js';
import { adjustStock, createProduct, receiveStock, stockTake, updateProduct } from './operations.js';
import { seedProducts, type InventoryState, type StockMovement } from './state.js';
import { parseWith, productView, quantityIn, timestamp } from './views.js';

const ACTIVITY_TYPES = [
  'stock.adjusted',
  'stock.received',
  'stock.counted',
  'product.created',
  'product.updated',
] as const;
type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** The venue's own staff member (user 2), not the integration user. */
const VENUE_USER_ID = 2;
const MAX_SEED = 1_000_000;

function objectBody(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw badRequest('the body must be a JSON object', [{ field: 'body', rule: 'must be a JSON object' }]);
  return body as Record<string, unknown>;
}

function firstStockProductId(state: InventoryState): number {
  const product = state.products.find((p) => p.isActive && p.productType === 2);
  if (!product)
    throw badRequest('there is no active stock product to act on', [{ field: 'productId', rule: 'is required' }]);
  return product.productId;
}

/** Staff type ids as they read them ("SNACKS"); the application pads them. */
function padded(fields: Record<string, unknown>): Record<string, unknown> {
  const out = { ...fields };
  for (const key of ['categoryId', 'classId', 'taxGroup'])
    if (typeof out[key] === 'string') out[key] = padId(out[key] as string);
  return out;
}

const pick = (body: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(keys.filter((k) => body[k] !== undefined).map((k) => [k, body[k]]));

function simulate(
  state: InventoryState,
  type: ActivityType,
  body: Record<string, unknown>,
  at: string,
): Record<string, unknown> {
  const warehouseId = (body.warehouseId as number | undefined) ?? 1;
  const productId = () => (body.productId as number | undefined) ?? firstStockProductId(state);
  switch (type) {
    case 'stock.adjusted': {
      const request = parseWith(
        stockAdjustment,
        {
          warehouseId,
          productId: productId(),
          adjustmentQuantity: body.quantity ?? -1,
          userId: VENUE_USER_ID,
          comment: body.comment ?? 'Sold at the counter',
        },
        'activity',
      );
      return adjustStock(state, request, at, 'venue');
    }
    case 'stock.received': {
      const quantity = (body.quantity as number | undefined) ?? 12;
      const request = parseWith(
        stockReceipt,
        {
          warehouseId,
          userId: VENUE_USER_ID,
          ...pick(body, ['supplierId', 'poNumber', 'invoice', 'comment']),
          items: [{ productId: productId(), quantity, value: body.value ?? quantity * 2 }],
        },
        'activity',
      );
      return receiveStock(state, request, at, 'venue');
    }
    case 'stock.counted': {
      const id = productId();
      const product = state.products.find((p) => p.productId === id);
      const counted =
        (body.countedQuantity as number | undefined) ??
        (body.quantity as number | undefined) ??
        (product ? quantityIn(product, warehouseId) : 0);
      const request = parseWith(
        stockTakeRequest,
        {
          warehouseId,
          userId: VENUE_USER_ID,
          items: [{ productId: id, countedQuantity: counted }],
          ...pick(body, ['comment']),
        },
        'activity',
      );
      return stockTake(state, request, at, 'venue');
    }
    case 'product.created': {
      const fields = padded({
        productName: `Venue product ${state.nextProductId}`,
        productDescription: 'Added in the venue',
        categoryId: 'SNACKS',
        taxGroup: 'GST',
        productType: 2,
        saleType: 2,
        sellPrice: 2.5,
        ...Object.fromEntries(Object.entries(body).filter(([k]) => k !== 'type')),
      });
      const product = createProduct(state, parseWith(productCreate, fields, 'activity'), at);
      return { productId: product.productId, product: productView(product) };
    }
    case 'product.updated': {
      const id = productId();
      const changes = Object.fromEntries(Object.entries(body).filter(([k]) => k !== 'type' && k !== 'productId'));
      if (Object.keys(changes).length === 0) changes.isActive = true;
      const product = updateProduct(state, id, parseWith(productUpdate, changes, 'activity'), at);
      return { productId: id, changes: Object.keys(changes), product: productView(product) };
    }
  }
}

const MOVEMENT_KINDS: Array<StockMovement['kind']> = ['stock-take', 'receipt', 'adjustment', 'sale'];
const MOVEMENT_SOURCES: Array<StockMovement['source']> = ['api', 'venue'];

function filteredMovements(movements: StockMovement[], query: Record<string, unknown>): StockMovement[] {
  const text = (field: string) => (typeof query[field] === 'string' ? (query[field] as string) : undefined);
  const [kind, source, invoice, idempotencyKey] = [
    text('kind'),
    text('source'),
    text('invoice'),
    text('idempotencyKey'),
  ];
  const details = [
    ...(kind !== undefined && !MOVEMENT_KINDS.includes(kind as StockMovement['kind'])
      ? [{ field: 'kind', rule: `must be one of ${MOVEMENT_KINDS.join(', ')}` }]
      : []),
    ...(source !== undefined && !MOVEMENT_SOURCES.includes(source as StockMovement['source'])
      ? [{ field: 'source', rule: `must be one of ${MOVEMENT_SOURCES.join(', ')}` }]
      : []),
  ];
  if (details.length) throw badRequest('invalid movement filter', details);
  if (kind === undefined && source === undefined && invoice === undefined && idempotencyKey === undefined)
    return movements;
  return movements.filter(
    (m) =>
      (kind === undefined || m.kind === kind) &&
      (source === undefined || m.source === source) &&
      (invoice === undefined || m.body.invoice === invoice) &&
      (idempotencyKey === undefined || m.idempotencyKey === idempotencyKey),
  );
}

export function registerInventoryControl(
  app: FastifyInstance,
  sandbox: SandboxContext,
  getState: () => InventoryState,
): void {
  app.post('/activity', async (request, reply) => {
    const body = objectBody(request.body);
    const type = body.type as ActivityType;
    if (!ACTIVITY_TYPES.includes(type)) {
      throw badRequest('unknown activity type', [
        { field: 'type', rule: `must be one of ${ACTIVITY_TYPES.join(', ')}` },
      ]);
    }
    const data = simulate(getState(), type, body, timestamp(sandbox.now()));
    sandbox.changed();
    sandbox.emitInventoryEvent(type, data);
    reply.code(201);
    return { type, data };
  });

  app.post('/seed', async (request, reply) => {
    const body = objectBody(request.body);
    const count = body.products;
    if (!Number.isInteger(count) || (count as number) < 1 || (count as number) > MAX_SEED) {
      throw badRequest('products must be a whole number from 1 to 1,000,000', [
        { field: 'products', rule: `must be a whole number from 1 to ${MAX_SEED}` },
      ]);
    }
    const started = performance.now();
    const { first, last } = seedProducts(getState(), count as number, timestamp(sandbox.now()));
    sandbox.changed();
    reply.code(201);
    return {
      added: count,
      firstProductId: first,
      lastProductId: last,
      totalProducts: getState().products.length,
      ms: Math.round(performance.now() - started),
    };
  });

  // Sales and receipts in the venue on a timer, until stopped or the sandbox closes (./activity.ts).
  const activity = new InVenueActivity({
    getState,
    now: () => timestamp(sandbox.now()),
    changed: () => sandbox.changed(),
    emit: (type, data) => sandbox.emitInventoryEvent(type, data),
  });
  app.addHook('onClose', async () => void activity.stop());
  // One timer, the sandbox's own venue's: fleet venues (docs/sandbox-fleet.md) take one-off /activity only.
  const ownVenueOnly = () => {
    const venue = sandbox.fleetVenue();
    if (venue === undefined) return;
    throw badRequest(
      `the activity timer runs for the sandbox's own venue only, not fleet venue "${venue}" (POST its /activity once per step)`,
      [{ field: 'venue', rule: "must be the sandbox's own venue" }],
    );
  };
  app.post('/activity/timer', async (request, reply) => {
    ownVenueOnly();
    const status = activity.start(parseActivityPlan(objectBody(request.body), getState()));
    reply.code(201);
    return status;
  });
  app.get('/activity/timer', async () => (ownVenueOnly(), activity.status()));
  app.delete('/activity/timer', async () => (ownVenueOnly(), activity.stop()));

  /**
   * Every stock movement, API or in-venue: tests check what was (not) applied.
   * Filters: kind, source (api, venue), invoice, idempotencyKey; a receipt
   * applied twice shows twice (the sandbox never deduplicates).
   */
  app.get('/movements', async (request) => ({
    items: filteredMovements(getState().movements, request.query as Record<string, unknown>),
  }));

  /** The inventory as this emulator holds it, in its own names: what a test checks a client's answers against. */
  app.get('/state', async () => getState());

  app.get('/summary', async () => {
    const state = getState();
    return {
      products: state.products.length,
      suppliers: state.suppliers.length,
      movements: state.movements.length,
      lastProductId: state.nextProductId - 1,
    };
  });
}
