// The inventory service's webhook subscriber operations (seed 002, 18-21) on
// the shared HTTP layer. Built from the inventory ServiceDeps; knows nothing of
// the terminal. Secrets go out in request bodies and never come back.

import type { ServiceDeps } from '../context.js';
import { ApiError, NotFoundError } from '../errors.js';
import { listFrom, recordFrom } from '../http.js';

export interface WebhookSubscriber {
  id: string;
  url: string;
  eventTypes: string[];
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

/** Whatever a real server sends, minus anything that looks like a secret. */
function subscriberFrom(raw: unknown): WebhookSubscriber {
  const record = recordFrom<Record<string, unknown>>(raw, 'webhook', 'subscriber');
  const { secret: _secret, ...rest } = record;
  const eventTypes = record.eventTypes ?? record.events ?? [];
  return {
    ...rest,
    id: String(record.id ?? record.webhookId ?? ''),
    url: String(record.url ?? ''),
    eventTypes: Array.isArray(eventTypes) ? eventTypes.map(String) : [],
  } as WebhookSubscriber;
}

export class WebhooksClient {
  constructor(private readonly deps: ServiceDeps) {}

  async list(): Promise<WebhookSubscriber[]> {
    const response = await this.deps.http.request({
      method: 'GET',
      path: '/webhooks',
      auth: this.deps.token,
      operation: 'list the webhook subscribers',
    });
    return listFrom(response.data, 'webhooks', 'subscribers').map(subscriberFrom);
  }

  async create(input: CreateSubscriberInput): Promise<WebhookSubscriber> {
    const response = await this.deps.http.request({
      method: 'POST',
      path: '/webhooks',
      body: input,
      auth: this.deps.token,
      operation: 'create the webhook subscriber',
    });
    return subscriberFrom(response.data);
  }

  async update(webhookId: string, changes: UpdateSubscriberInput): Promise<WebhookSubscriber> {
    try {
      const response = await this.deps.http.request({
        method: 'PATCH',
        path: `/webhooks/${encodeURIComponent(webhookId)}`,
        body: changes,
        auth: this.deps.token,
        // Setting the same fields twice leaves the same subscriber.
        idempotent: true,
        operation: 'update the webhook subscriber',
      });
      return subscriberFrom(response.data);
    } catch (error) {
      throw this.explainNotFound(error, webhookId);
    }
  }

  async delete(webhookId: string): Promise<void> {
    try {
      await this.deps.http.request({
        method: 'DELETE',
        path: `/webhooks/${encodeURIComponent(webhookId)}`,
        auth: this.deps.token,
        operation: 'delete the webhook subscriber',
      });
    } catch (error) {
      throw this.explainNotFound(error, webhookId);
    }
  }

  private explainNotFound(error: unknown, webhookId: string): unknown {
    if (error instanceof ApiError && error.status === 404) {
      return new NotFoundError(`no active webhook subscriber ${webhookId}`, {
        hint: 'List them with `venue webhooks list`.',
        cause: error,
      });
    }
    return error;
  }
}
