// The webhook subscriber's field names: the canonical one (venue's contract)
// first, then other words real inventory servers use. Case and separators are
// already ignored by the reading layer; only different WORDS are listed.

import type { FieldNames } from '../reading.js';

export const subscriberFields = {
  id: ['id', 'webhookId', 'subscriberId', 'subscriptionId', 'uuid', 'guid'],
  url: ['url', 'targetUrl', 'endpoint', 'endpointUrl', 'callbackUrl', 'uri', 'address', 'webhookUrl', 'destination'],
  eventTypes: ['eventTypes', 'events', 'types', 'topics', 'subscribedEvents', 'eventType', 'eventFilter', 'filters'],
  isActive: ['isActive', 'active', 'enabled', 'isEnabled'],
  createdAt: ['createdAt', 'created', 'createdOn', 'dateCreated'],
  updatedAt: ['updatedAt', 'modified', 'updated', 'modifiedAt', 'lastModified', 'updatedOn'],
} as const satisfies Record<string, FieldNames>;

/** Fields that would carry the signing secret: never printed, whatever the server sends back. */
export const secretFieldNames: FieldNames = ['secret', 'signingSecret', 'webhookSecret', 'sharedSecret', 'hmacSecret', 'secretKey'];

/** Keys around lists and records named after the resource. */
export const subscriberResourceKeys = {
  list: ['webhooks', 'subscribers', 'subscriptions'],
  one: ['webhook', 'subscriber', 'subscription'],
} as const;
