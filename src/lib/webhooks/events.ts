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

/** Where a delivery's type was found: "header x-event-type", "body eventType". */
export interface FoundValue {
  value: string;
  from: string;
}

/** Body fields that name the event, compared without case or separators (type, eventType, event_type, EVENT). */
const TYPE_FIELDS = ['type', 'eventtype', 'event', 'eventname', 'topic'];
/** Body fields that carry the event's id. */
const ID_FIELDS = ['id', 'eventid', 'deliveryid', 'messageid', 'webhookid'];

/**
 * Headers senders put the type in: ours, X-Event-Type, X-<Sender>-Event
 * (X-GitHub-Event, X-Gitlab-Event) or X-<Sender>-Event-Type, X-<Sender>-Topic
 * (X-Shopify-Topic), and CloudEvents' ce-type.
 */
const TYPE_HEADER =
  /^(?:x-(?:[a-z0-9]+-)*event(?:-type|-name)?|x-(?:[a-z0-9]+-)*topic|ce-type|webhook-event(?:-type)?|event-type)$/;
/** Headers that carry a delivery's id: ours, Standard Webhooks' webhook-id, X-<Sender>-Delivery, ce-id. */
const ID_HEADER = /^(?:webhook-id|x-(?:[a-z0-9]+-)*(?:delivery|delivery-id|event-id|webhook-id|message-id)|ce-id)$/;

const fieldKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

function headerText(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return text !== undefined && text.trim() !== '' ? text.trim() : undefined;
}

/** The first of the body's fields (by name, any casing) that holds a non-empty string: a number or object of the same name is skipped. */
function bodyText(body: Record<string, unknown> | undefined, names: string[]): FoundValue | undefined {
  if (!body) return undefined;
  for (const name of names) {
    for (const [key, value] of Object.entries(body)) {
      if (fieldKey(key) === name && typeof value === 'string' && value.trim() !== '')
        return { value: value.trim(), from: `body ${key}` };
    }
  }
  return undefined;
}

function fromHeaders(
  headers: Record<string, string | string[] | undefined>,
  first: string,
  pattern: RegExp,
): FoundValue | undefined {
  const own = headerText(headers[first]);
  if (own) return { value: own, from: `header ${first}` };
  for (const [name, value] of Object.entries(headers)) {
    const text = headerText(value);
    if (text && pattern.test(name.toLowerCase())) return { value: text, from: `header ${name.toLowerCase()}` };
  }
  return undefined;
}

/**
 * A delivery's event type, wherever its sender put it: the inventory's own
 * header first, then the body (type, eventType, event_type, event, in any
 * casing; strings only), then the other usual headers. Undefined when none
 * says: the listener shows such a delivery as of unknown type, never drops it.
 */
export function deliveryType(
  headers: Record<string, string | string[] | undefined>,
  body: Record<string, unknown> | undefined,
): FoundValue | undefined {
  const own = headerText(headers[deliveryHeaders.event]);
  if (own) return { value: own, from: `header ${deliveryHeaders.event}` };
  return bodyText(body, TYPE_FIELDS) ?? fromHeaders(headers, deliveryHeaders.event, TYPE_HEADER);
}

/** A delivery's id: the inventory's header, then the usual id headers, then the body's id. */
export function deliveryId(
  headers: Record<string, string | string[] | undefined>,
  body: Record<string, unknown> | undefined,
): string | undefined {
  return (fromHeaders(headers, deliveryHeaders.delivery, ID_HEADER) ?? bodyText(body, ID_FIELDS))?.value;
}
