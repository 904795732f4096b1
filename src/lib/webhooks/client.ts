// The inventory service's webhook subscriber operations (seed 002, 18-21) on
// the shared HTTP layer, each through the profile's inventory route map and
// each answer read through the reading layer. Built from the inventory
// ServiceDeps; knows nothing of the terminal. Secrets go out in request
// bodies and are never printed back, even when a server echoes them.

import type { ServiceDeps } from '../service-deps.js';
import { webhookErrors } from './error-codes.js';
import type { HttpResponse } from '../http.js';
import { InventoryRouteMap, type InventoryOperation } from '../inventory/routes.js';
import {
  asText,
  findKey,
  isRecord,
  valueOf,
  readRecord,
  readRecords,
  withSource,
  type AnswerSource,
  type RawRecord,
  type RecordReader,
} from '../reading.js';
import { secretFieldNames, subscriberFields, subscriberResourceKeys } from './fields.js';
import { RECORD_SHAPES, readWriteAnswer } from '../records.js';

export interface WebhookSubscriber {
  id: string;
  url: string;
  /** Absent when the service does not list them. */
  eventTypes?: string[];
  isActive?: boolean;
  createdAt?: string;
  updatedAt?: string;
}

export interface CreateSubscriberInput {
  url: string;
  secret: string;
  eventTypes: string[];
}

export type UpdateSubscriberInput = Partial<CreateSubscriberInput>;

/** The service's record without anything that carries a secret. */
function withoutSecrets(raw: RawRecord): RawRecord {
  const copy: RawRecord = { ...raw };
  for (let key = findKey(copy, secretFieldNames); key !== undefined; key = findKey(copy, secretFieldNames))
    delete copy[key];
  return copy;
}

/** Event types as a list or as one comma-separated text; a candidate of another type (a count `events: 3`) is skipped. */
function eventTypesOf(reader: RecordReader): string[] | undefined {
  const value = reader.get(subscriberFields.eventTypes);
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value.split(/[,\s]+/).filter(Boolean);
  return value.map((item) => {
    // ["stock.received"] or [{type: "stock.received"}]
    const named = isRecord(item) ? asText(valueOf(item, ['type', 'name', 'eventType', 'event'])) : asText(item);
    if (named === undefined) throw reader.missing('event types', subscriberFields.eventTypes, 'has unreadable');
    return named;
  });
}

/** A subscriber view; its source for machine formats is the record as sent, minus secrets. */
export function subscriberView(reader: RecordReader): WebhookSubscriber {
  const f = subscriberFields;
  const view: WebhookSubscriber = { id: reader.need(f.id, 'id'), url: reader.need(f.url, 'url') };
  const eventTypes = eventTypesOf(reader);
  if (eventTypes !== undefined) view.eventTypes = eventTypes;
  const isActive = reader.get(f.isActive);
  if (isActive !== undefined) view.isActive = isActive;
  const createdAt = reader.get(f.createdAt);
  if (createdAt !== undefined) view.createdAt = createdAt;
  const updatedAt = reader.get(f.updatedAt);
  if (updatedAt !== undefined) view.updatedAt = updatedAt;
  return withSource(view, withoutSecrets(reader.raw));
}

export class WebhooksClient {
  private readonly routes: InventoryRouteMap;

  constructor(private readonly deps: ServiceDeps) {
    this.routes = deps.routes ?? InventoryRouteMap.defaults();
  }

  private source(operation: string, accepted = false): AnswerSource {
    return { service: 'inventory', operation, accepted };
  }

  private async send(
    operation: InventoryOperation,
    params: string[],
    options: { body?: unknown; idempotent?: boolean; operation: string },
  ): Promise<HttpResponse<unknown>> {
    const { method, path, query, headers } = this.routes.resolve(operation, params);
    const response = await this.deps.http.request<unknown>({
      method,
      path,
      // The route's per-venue query values (a business or storefront key) and headers (a hotel id).
      ...(query ? { query } : {}),
      ...(headers ? { headers } : {}),
      body: this.routes.vendorBody(operation, options.body),
      idempotent: options.idempotent,
      auth: this.deps.token,
      operation: options.operation,
    });
    // Read in venue's names where the vendor's document uses its own words (inventory.answerNames).
    return { ...response, data: this.routes.venueAnswer(operation, response.data) };
  }

  async list(): Promise<WebhookSubscriber[]> {
    const operation = 'list the webhook subscribers';
    const response = await this.send('listWebhooks', [], { operation });
    return readRecords(response.data, this.source(operation), 'webhook subscriber', subscriberResourceKeys.list).map(
      subscriberView,
    );
  }

  async create(input: CreateSubscriberInput): Promise<WebhookSubscriber> {
    const operation = 'create the webhook subscriber';
    const response = await this.send('createWebhook', [], { body: input, operation });
    const reader = readRecord(
      response.data,
      this.source(operation, true),
      'webhook subscriber',
      subscriberResourceKeys.one,
    );
    // Read as a read: every field of the subscriber by its type (exit 6 naming one of another type).
    readWriteAnswer(reader, RECORD_SHAPES.subscriber);
    return subscriberView(reader);
  }

  async update(webhookId: string, changes: UpdateSubscriberInput): Promise<WebhookSubscriber> {
    const operation = 'update the webhook subscriber';
    try {
      // Setting the same fields twice leaves the same subscriber.
      const response = await this.send('updateWebhook', [webhookId], { body: changes, idempotent: true, operation });
      const reader = readRecord(
        response.data,
        this.source(operation),
        'webhook subscriber',
        subscriberResourceKeys.one,
      );
      readWriteAnswer(reader, RECORD_SHAPES.subscriber);
      return subscriberView(reader);
    } catch (error) {
      throw webhookErrors.errorFor(error, 'updateWebhook', { webhookId });
    }
  }

  async delete(webhookId: string): Promise<void> {
    try {
      await this.send('deleteWebhook', [webhookId], { operation: 'delete the webhook subscriber' });
    } catch (error) {
      throw webhookErrors.errorFor(error, 'deleteWebhook', { webhookId });
    }
  }
}
