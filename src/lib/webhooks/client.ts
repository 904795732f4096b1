// The inventory service's webhook subscriber operations (seed 002, 18-21) on
// the shared HTTP layer, each through the profile's inventory route map and
// each answer read through the reading layer. Built from the inventory
// ServiceDeps; knows nothing of the terminal. Secrets go out in request
// bodies and are never printed back, even when a server echoes them.

import type { ServiceDeps } from '../service-deps.js';
import { webhookErrors } from './error-codes.js';
import type { HttpResponse } from '../http.js';
import { bodyNameKey, InventoryRouteMap, type InventoryOperation } from '../inventory/routes.js';
import { fieldChanges, JSON_PATCH_MEDIA_TYPE, jsonPatchOf } from '../inventory/json-patch.js';
import { NotFoundError, UnknownOutcomeError } from '../errors.js';
import { venueHint } from '../hint-command.js';
import { classifyFailure } from '../writes/rule.js';
import { checkSubscriberAnswer } from '../writes/echo-checks.js';
import {
  asText,
  findKey,
  isRecord,
  valueOf,
  readRecord,
  readRecords,
  sourceOf,
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

/**
 * A subscriber changed: its record, and how the change is known: its answer; read after an answer with no record;
 * read back after a lost answer; or, for a JSON Patch update, nothing sent because it held every change already.
 */
export interface UpdatedSubscriber {
  subscriber: WebhookSubscriber;
  settled: 'answered' | 'read-after' | 'read-back' | 'unchanged';
}

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
    options: { body?: unknown; idempotent?: boolean; operation: string; vendorNamed?: boolean; mediaType?: string },
  ): Promise<HttpResponse<unknown>> {
    const { method, path, query, headers } = this.routes.resolve(operation, params);
    const response = await this.deps.http.request<unknown>({
      method,
      path,
      // The route's per-venue query values (a business or storefront key) and headers (a hotel id).
      ...(query ? { query } : {}),
      ...(headers ? { headers } : {}),
      // Written in the vendor's names, unless already so (a JSON Patch of them).
      body: options.vendorNamed ? options.body : this.routes.vendorBody(operation, options.body),
      ...(options.mediaType ? { mediaType: options.mediaType } : {}),
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
    return this.written(response.data, operation, true);
  }

  /** A write's answer read as a read: every field of the subscriber by its type (exit 6 naming one of another type). */
  private written(data: unknown, operation: string, accepted: boolean): WebhookSubscriber {
    const reader = readRecord(data, this.source(operation, accepted), 'webhook subscriber', subscriberResourceKeys.one);
    readWriteAnswer(reader, RECORD_SHAPES.subscriber);
    return subscriberView(reader);
  }

  /**
   * Changes the fields given. Where the profile's subscriber update takes a JSON Patch (inventory.jsonPatch names
   * updateWebhook) the subscriber is read first and operations on the changed fields are sent (patch).
   */
  async update(webhookId: string, changes: UpdateSubscriberInput): Promise<UpdatedSubscriber> {
    if (this.routes.jsonPatch?.includes('updateWebhook')) return this.patch(webhookId, changes);
    const operation = 'update the webhook subscriber';
    try {
      // Setting the same fields twice leaves the same subscriber.
      const response = await this.send('updateWebhook', [webhookId], { body: changes, idempotent: true, operation });
      return { subscriber: this.written(response.data, operation, false), settled: 'answered' };
    } catch (error) {
      throw webhookErrors.errorFor(error, 'updateWebhook', { webhookId });
    }
  }

  /** The subscriber as the service lists it (the vendor has no read of one), its record without secrets. */
  private async subscriber(webhookId: string): Promise<WebhookSubscriber> {
    const found = (await this.list()).find((s) => s.id === webhookId);
    if (!found)
      throw new NotFoundError(`webhook subscriber ${webhookId} not found`, {
        hint: `Nothing was sent. ${venueHint(['webhooks', 'list'])} shows the subscribers.`,
      });
    return found;
  }

  /**
   * A JSON Patch update (inventory/json-patch.ts): the subscriber read first, then replace, add and remove operations
   * on the fields that change, in the vendor's names (the same body of fields the partial update sends), as
   * application/json-patch+json. Nothing is sent where it holds every change; a secret is never shown, so a new one
   * always goes (an add). Never resent: a remove applied twice is refused the second time, so a lost answer is
   * settled by reading the subscriber back, applied only where it holds the new URL and event types (a new secret
   * cannot be seen: unknown).
   */
  private async patch(webhookId: string, changes: UpdateSubscriberInput): Promise<UpdatedSubscriber> {
    const read = await this.subscriber(webhookId);
    const raw = sourceOf(read) as RawRecord;
    const fields = this.routes.vendorBody('updateWebhook', changes) as Record<string, unknown>;
    const venueOf = Object.fromEntries(Object.keys(fields).map((field, at) => [field, Object.keys(changes)[at]!]));
    const operations = jsonPatchOf(
      fieldChanges(fields, (field) => {
        const own = Object.keys(raw).find((key) => bodyNameKey(key) === bodyNameKey(field));
        if (own !== undefined) return { value: raw[own] };
        const venue = venueOf[field] as keyof WebhookSubscriber;
        return venue in read && venue !== 'id' ? { value: read[venue] } : undefined;
      }),
    );
    if (!operations.length) return { subscriber: read, settled: 'unchanged' };
    const operation = 'update the webhook subscriber';
    try {
      const response = await this.send('updateWebhook', [webhookId], {
        body: operations,
        vendorNamed: true,
        mediaType: JSON_PATCH_MEDIA_TYPE,
        idempotent: false,
        operation,
      });
      if (response.data === undefined) return { subscriber: await this.subscriber(webhookId), settled: 'read-after' };
      return { subscriber: this.written(response.data, operation, true), settled: 'answered' };
    } catch (error) {
      if (classifyFailure(error).kind !== 'unknown')
        throw webhookErrors.errorFor(error, 'updateWebhook', { webhookId });
      return this.settleByReading(webhookId, changes, error);
    }
  }

  /** A patch whose answer was lost, settled by reading the subscriber back: applied only on proof. */
  private async settleByReading(
    webhookId: string,
    changes: UpdateSubscriberInput,
    lost: unknown,
  ): Promise<UpdatedSubscriber> {
    const said = lost instanceof Error ? lost.message : String(lost);
    const hint = `Check it with ${venueHint(['webhooks', 'list'])}; venue does not send it again by itself.`;
    const unknown = (why: string) =>
      new UnknownOutcomeError(
        `the update of webhook subscriber ${webhookId} was sent and its answer lost (${said}); ${why}: whether it was applied is unknown`,
        { cause: lost, hint },
      );
    if (changes.secret !== undefined) throw unknown('a new secret cannot be read back');
    let subscriber: WebhookSubscriber;
    try {
      subscriber = await this.subscriber(webhookId);
    } catch (error) {
      throw unknown(`reading it back failed too (${error instanceof Error ? error.message : String(error)})`);
    }
    if (checkSubscriberAnswer(changes, subscriber, webhookId).length)
      throw unknown('read back, it does not hold every change');
    return { subscriber, settled: 'read-back' };
  }

  async delete(webhookId: string): Promise<void> {
    try {
      await this.send('deleteWebhook', [webhookId], { operation: 'delete the webhook subscriber' });
    } catch (error) {
      throw webhookErrors.errorFor(error, 'deleteWebhook', { webhookId });
    }
  }
}
