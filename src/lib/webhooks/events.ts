// The inventory event types (seed 002, "Events") and the delivery headers
// venue chose (docs/api-conventions.md, "Webhook deliveries"). No zod here:
// the listener and `webhooks events` load this on every start.

export const inventoryEventTypes = [
  'stock.adjusted',
  'stock.received',
  'stock.counted',
  'product.created',
  'product.updated',
] as const;
export type InventoryEventType = (typeof inventoryEventTypes)[number];

export const eventMeanings: Record<InventoryEventType, string> = {
  'stock.adjusted': 'Stock was adjusted',
  'stock.received': 'Stock was received',
  'stock.counted': 'A stock take was counted',
  'product.created': 'A product was created',
  'product.updated': 'A product was updated',
};

export function isInventoryEventType(value: string): value is InventoryEventType {
  return (inventoryEventTypes as readonly string[]).includes(value);
}

/** Lower-case, as node:http presents incoming header names. */
export const deliveryHeaders = {
  signature: 'x-inventory-signature',
  event: 'x-inventory-event',
  delivery: 'x-inventory-delivery',
  timestamp: 'x-inventory-timestamp',
} as const;

/** The seed's minimum; a generated secret is far longer. */
export const SECRET_MIN_LENGTH = 16;

export const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The delivery body every subscriber receives. */
export interface InventoryEventBody {
  id: string;
  type: InventoryEventType;
  createdAt: string;
  data: Record<string, unknown>;
}
