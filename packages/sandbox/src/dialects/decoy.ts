// The decoy dialect: venue's contract (lists, errors, tokens, enumeration
// values unchanged), with records that carry, next to a real field, a field of
// the wrong type under a name a reader may try first, as real servers do: a
// boolean `available` beside `remainingCapacity`, a string `productId: "P-1001"`
// beside the numeric `id`, a numeric `status` code beside the text `state`, an
// object `cardNumber: { masked, last4 }` beside `cardNo`, a unit word
// `units: "each"` beside `defaultQuantity`. The real field is moved under
// another of its names (the sandbox's own choice of words a faithful server
// uses); the decoy takes the name a reader looks at first. A client that takes
// the first name present, or refuses it for its type while the right one is
// there, fails here.

import { walk, type Dialect, type Json, type JsonObject, type RecordRewrite } from './core.js';
import type { ResourceKind } from './resources.js';
import { venueDialect } from './venue.js';

interface Decoys {
  /** venue's field name → the name the real value goes under. */
  move?: Readonly<Record<string, string>>;
  /** Fields of the wrong type to add, from the record in venue's names. */
  add(record: JsonObject): JsonObject;
}

const last4 = (value: Json | undefined) => String(value ?? '').slice(-4);
/** A money figure as display text ("$56.00", "120 tokens"): text where a number is due. */
const display = (amount: Json | undefined, unit?: Json) =>
  unit === 'tokens' ? `${String(amount)} tokens` : `$${Number(amount ?? 0).toFixed(2)}`;

/** Per resource kind: where the real fields go and which decoys stand next to them. */
export const DECOYS: Partial<Record<ResourceKind, Decoys>> = {
  // wallet
  walletCard: {
    move: { cardNumber: 'cardNo', status: 'cardStatus' },
    add: (r) => ({
      cardNumber: { masked: `•••• ${last4(r.cardNumber)}`, last4: last4(r.cardNumber) },
      status: r.status === 'activated' ? 1 : 0,
    }),
  },
  walletBalance: {
    move: { cardNumber: 'cardNo', playBalance: 'gameBalance', ticketBalance: 'ticketCount' },
    add: (r) => ({
      cardNumber: { masked: `•••• ${last4(r.cardNumber)}`, last4: last4(r.cardNumber) },
      play: true,
      tickets: [],
    }),
  },
  walletAmount: {
    move: { amount: 'value' },
    add: (r) => ({ amount: display(r.amount, r.unit) }),
  },
  walletActivity: {
    move: { kind: 'transactionType', tickets: 'ticketCount' },
    add: (r) => ({
      kind: ['reload', 'game-play', 'ticket-win', 'redemption'].indexOf(String(r.kind)) + 1,
      tickets: { kind: 'e-ticket' },
    }),
  },
  reloadProduct: {
    move: { productId: 'sku', price: 'salePrice' },
    add: (r) => ({ productId: { code: r.productId ?? null, type: 'quickreload' }, price: `${display(r.price)} USD` }),
  },
  walletSale: {
    move: { saleId: 'transactionId' },
    add: (r) => ({ saleId: { value: r.saleId ?? null, system: 'pos' }, status: 201 }),
  },
  // booking
  location: {
    move: { currency: 'currencyCode' },
    add: (r) => ({ currency: { code: r.currency ?? null, symbol: '$' } }),
  },
  experience: {
    move: { durationMinutes: 'lengthMinutes', price: 'pricePerPerson' },
    add: (r) => ({ duration: `PT${String(r.durationMinutes)}M`, price: { currency: r.currency ?? 'USD' } }),
  },
  availabilityDay: {
    move: { remaining: 'remainingCapacity', sessions: 'sessionCount' },
    add: (r) => ({ available: Number(r.remaining) > 0, sessions: [] }),
  },
  slot: {
    move: { remaining: 'remainingCapacity', startTime: 'startsAt' },
    add: (r) => ({ available: Number(r.remaining) > 0, start: { date: r.date ?? null } }),
  },
  reservation: {
    move: { status: 'state', quantity: 'places' },
    add: (r) => ({ status: 1, quantity: { adults: r.quantity ?? null } }),
  },
  order: {
    move: { status: 'orderStatus', total: 'totalAmount' },
    add: (r) => ({ status: 200, total: display(r.total) }),
  },
  bookingSale: {
    move: { amount: 'paidAmount' },
    add: (r) => ({ amount: display(r.amount) }),
  },
  reportRow: {
    move: { orders: 'orderCount', revenue: 'gross' },
    add: (r) => ({ orders: [], revenue: display(r.revenue) }),
  },
  // inventory
  product: {
    move: { productId: 'id', isActive: 'enabled', productType: 'productTypeId' },
    add: (r) => ({
      productId: `P-${String(r.productId)}`,
      active: { since: r.createdAt ?? null },
      productType: { id: r.productType ?? null, name: 'Stock Product' },
    }),
  },
  productStock: {
    move: { quantity: 'onHand' },
    add: () => ({ quantity: { unit: 'each' } }),
  },
  stockLevel: {
    move: { quantity: 'currentStock' },
    add: (r) => ({ stockLevel: Number(r.quantity) > 0 ? 'OK' : 'OUT', inStock: Number(r.quantity) > 0 }),
  },
  supplier: {
    move: { isActive: 'enabled' },
    add: (r) => ({ active: { since: r.createdAt ?? null } }),
  },
  category: {
    move: { name: 'categoryName' },
    add: (r) => ({ name: { en: r.name ?? null } }),
  },
  productClass: {
    move: { name: 'className' },
    add: (r) => ({ name: { en: r.name ?? null } }),
  },
  warehouse: {
    move: { warehouseId: 'id' },
    add: (r) => ({ warehouseId: `WH-${String(r.warehouseId)}` }),
  },
  taxGroup: {
    move: { rate: 'taxRate' },
    add: (r) => ({ rate: `${String(r.rate)}%` }),
  },
  containerType: {
    move: { units: 'defaultQuantity' },
    add: () => ({ units: 'each' }),
  },
  stockTakeItem: {
    move: { variance: 'difference' },
    add: (r) => ({ variance: Number(r.variance) > 0 ? 'over' : Number(r.variance) < 0 ? 'under' : 'none' }),
  },
  stockReceiptItem: {
    move: { newQuantity: 'stockAfter' },
    add: () => ({ onHand: true }),
  },
  stockAdjustment: {
    move: { adjustmentQuantity: 'delta' },
    add: () => ({ adjustment: 'manual' }),
  },
  webhookSubscriber: {
    move: { eventTypes: 'topics', isActive: 'enabled' },
    add: (r) => ({
      events: Array.isArray(r.eventTypes) ? r.eventTypes.length : 0,
      active: { since: r.createdAt ?? null },
    }),
  },
};

/** The record with its real fields moved and each decoy placed just before the field it stands next to. */
export function withDecoys(record: JsonObject, kind: ResourceKind | undefined): JsonObject {
  const decoys = kind && DECOYS[kind];
  if (!decoys) return record;
  const added = decoys.add(record);
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(record)) {
    const moved = decoys.move?.[key];
    if (moved !== undefined && Object.hasOwn(added, key)) out[key] = added[key]!;
    out[moved ?? key] = value;
  }
  for (const [key, value] of Object.entries(added)) if (!Object.hasOwn(out, key)) out[key] = value;
  return out;
}

const rewrite: RecordRewrite = { after: withDecoys };

export const decoyDialect: Dialect = {
  name: 'decoy',
  summary:
    "venue's contract with real fields under other names and, next to them, decoy fields of the wrong type under the names a reader tries first",
  success: (body) => ({ body: walk(body, rewrite) }),
  // Errors, lists, paging and tokens are venue's: only records carry decoys.
  error: (error, exchange) => venueDialect.error(error, exchange),
};
