// The webhook subscriber's fields: each with its type and its names, the
// canonical one (venue's contract) first, then other words real inventory
// servers use. Looked up by name AND type (a count `events: 3` is not the list
// of event types). Case and separators are already ignored by the reading
// layer; only different WORDS are listed.

import { field, fieldTables, type FieldNames, type FieldTable } from '../reading.js';

export const subscriberFields = {
  id: field('id', 'id', 'webhookId', 'subscriberId', 'subscriptionId', 'uuid', 'guid'),
  url: field(
    'text',
    'url',
    'targetUrl',
    'endpoint',
    'endpointUrl',
    'callbackUrl',
    'uri',
    'address',
    'webhookUrl',
    'destination',
  ),
  /** A list of event types (["stock.received"] or [{type}]), or one comma-separated text. */
  eventTypes: field(
    'texts',
    'eventTypes',
    'events',
    'types',
    'topics',
    'subscribedEvents',
    'eventType',
    'eventFilter',
    'filters',
  ),
  isActive: field('boolean', 'isActive', 'active', 'enabled', 'isEnabled'),
  createdAt: field('datetime', 'createdAt', 'created', 'createdOn', 'dateCreated'),
  updatedAt: field('datetime', 'updatedAt', 'modified', 'updated', 'modifiedAt', 'lastModified', 'updatedOn'),
} as const satisfies FieldTable;

/** Every resource's table, for tests and tools that walk them all. */
export const WEBHOOK_TABLES = { subscriber: subscriberFields } as const satisfies Record<string, FieldTable>;
fieldTables(WEBHOOK_TABLES);

/** Fields that would carry the signing secret: never printed, whatever the server sends back. */
export const secretFieldNames: FieldNames = [
  'secret',
  'signingSecret',
  'webhookSecret',
  'sharedSecret',
  'hmacSecret',
  'secretKey',
];

/** Keys around lists and records named after the resource. */
export const subscriberResourceKeys = {
  list: ['webhooks', 'subscribers', 'subscriptions'],
  one: ['webhook', 'subscriber', 'subscription'],
} as const;
