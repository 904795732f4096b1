// The inventory service's webhook subscribers (seed 002, operations 18-21) and
// the signed delivery of inventory events to them. Mounted under /inventory
// beside the inventory emulator; the delivery log and redelivery are sandbox
// control routes under /_sandbox/webhooks.

import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { detailsFrom } from '../rules/issues.js';
import { UUID, isEventType, subscriberCreate, subscriberUpdate, urlProblem } from '../rules/webhooks.js';
import { checkRequestsAgainstContract } from '../contract.js';
import { badRequest, notFound } from '../http-error.js';
import type { SandboxContext, SandboxService } from '../types.js';
import { DeliveryEngine, type DeliveryEngineOptions } from './delivery.js';
import {
  demoWebhooksState,
  encryptSecret,
  publicSubscriber,
  type DeliveryRecord,
  type WebhooksState,
} from './state.js';

export type { WebhooksState } from './state.js';

function timestamp(sandbox: SandboxContext): string {
  return sandbox
    .now()
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z');
}

function bodyObject(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw badRequest('the request body must be a JSON object', [{ field: 'body', rule: 'must be a JSON object' }]);
  }
  return body as Record<string, unknown>;
}

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  // Each problem is named by its top-level field (eventTypes, not eventTypes[2]).
  const details = detailsFrom(result.error, body).map(({ field, rule }) => ({ field: field.split(/[.[]/)[0]!, rule }));
  throw badRequest(`invalid webhook subscriber: ${details.map((d) => `${d.field} ${d.rule}`).join('; ')}`, details);
}

function webhookIdOf(request: FastifyRequest): string {
  const { webhookId } = request.params as { webhookId: string };
  if (!UUID.test(webhookId))
    throw badRequest('webhookId must be a UUID', [{ field: 'webhookId', rule: 'must be a UUID' }]);
  return webhookId.toLowerCase();
}

function deliveryView(delivery: DeliveryRecord) {
  return { ...delivery };
}

export function createWebhooksService(
  engineOptions: DeliveryEngineOptions = {},
): SandboxService<WebhooksState> & { engine: DeliveryEngine } {
  const engine = new DeliveryEngine(engineOptions);

  return {
    name: 'webhooks',
    prefix: '/inventory',
    engine,
    demoState: demoWebhooksState,

    register(app: FastifyInstance, sandbox: SandboxContext, getState: () => WebhooksState) {
      engine.bind(sandbox, getState);
      engine.resumePending();
      checkRequestsAgainstContract(app, sandbox, {
        service: 'inventory',
        prefix: '/inventory',
        security: { bearer: ['inventory'] },
        // The contract asks for https://; the sandbox also takes http:// to this machine (a local listener).
        defer: (problem, request) =>
          problem.field === 'url' &&
          problem.keyword === 'pattern' &&
          sandbox.allowLoopbackHttp &&
          urlProblem(String((request.body as { url?: unknown }).url), true) === undefined,
        ownChecks: {
          'POST /webhooks': (request) => parse(subscriberCreate(sandbox.allowLoopbackHttp), bodyObject(request)),
          'PATCH /webhooks/{webhookId}': [
            webhookIdOf,
            (request) => parse(subscriberUpdate(sandbox.allowLoopbackHttp), bodyObject(request)),
          ],
          'DELETE /webhooks/{webhookId}': webhookIdOf,
        },
      });
      const activeSubscriber = (id: string) => {
        const found = getState().subscribers.find((s) => s.id === id && s.isActive);
        if (!found) throw notFound(`no active webhook subscriber ${id}`);
        return found;
      };

      app.get('/webhooks', async (request) => {
        await sandbox.tokens.require(request, ['inventory']);
        return {
          items: getState()
            .subscribers.filter((s) => s.isActive)
            .map(publicSubscriber),
        };
      });

      app.post('/webhooks', async (request, reply) => {
        await sandbox.tokens.require(request, ['inventory']);
        const input = parse(subscriberCreate(sandbox.allowLoopbackHttp), bodyObject(request));
        const state = getState();
        const id = randomUUID();
        const now = timestamp(sandbox);
        const subscriber = {
          id,
          url: input.url,
          eventTypes: input.eventTypes,
          isActive: true,
          createdAt: now,
          updatedAt: now,
          secretEncrypted: encryptSecret(state, id, input.secret),
        };
        state.subscribers.push(subscriber);
        sandbox.changed();
        return reply.code(201).send(publicSubscriber(subscriber));
      });

      app.patch('/webhooks/:webhookId', async (request) => {
        await sandbox.tokens.require(request, ['inventory']);
        const id = webhookIdOf(request);
        const subscriber = activeSubscriber(id);
        const changes = parse(subscriberUpdate(sandbox.allowLoopbackHttp), bodyObject(request));
        if (changes.url !== undefined) subscriber.url = changes.url;
        if (changes.eventTypes !== undefined) subscriber.eventTypes = changes.eventTypes;
        if (changes.secret !== undefined) subscriber.secretEncrypted = encryptSecret(getState(), id, changes.secret);
        subscriber.updatedAt = timestamp(sandbox);
        sandbox.changed();
        return publicSubscriber(subscriber);
      });

      // A soft delete: the record stays for the delivery log, the secret goes.
      app.delete('/webhooks/:webhookId', async (request, reply) => {
        await sandbox.tokens.require(request, ['inventory']);
        const subscriber = activeSubscriber(webhookIdOf(request));
        const now = timestamp(sandbox);
        Object.assign(subscriber, { isActive: false, deletedAt: now, updatedAt: now, secretEncrypted: '' });
        sandbox.changed();
        return reply.code(204).send();
      });
    },

    registerControl(app: FastifyInstance, sandbox: SandboxContext, getState: () => WebhooksState) {
      engine.bind(sandbox, getState);
      const statuses = ['pending', 'delivered', 'failed'];

      // The subscribers as this emulator holds them, never a secret (nor the key): what a test checks answers against.
      app.get('/state', async () => ({
        subscribers: getState().subscribers.map(({ secretEncrypted: _secret, ...subscriber }) => subscriber),
      }));

      app.get('/deliveries', async (request) => {
        const query = request.query as Record<string, string | undefined>;
        const details = [];
        if (query.status && !statuses.includes(query.status))
          details.push({ field: 'status', rule: `must be one of ${statuses.join(', ')}` });
        if (query.type && !isEventType(query.type))
          details.push({ field: 'type', rule: 'must be an inventory event type' });
        const limit = query.limit === undefined ? 100 : Number(query.limit);
        if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
          details.push({ field: 'limit', rule: 'must be a whole number from 1 to 1000' });
        if (details.length) throw badRequest('invalid delivery filter', details);
        const items = getState()
          .deliveries.filter(
            (d) => (!query.status || d.status === query.status) && (!query.type || d.type === query.type),
          )
          .filter((d) => !query.subscriberId || d.subscriberId === query.subscriberId)
          .filter((d) => !query.eventId || d.eventId === query.eventId)
          .reverse()
          .slice(0, limit)
          .map(deliveryView);
        return { items };
      });

      app.get('/deliveries/:deliveryId', async (request) => {
        const { deliveryId } = request.params as { deliveryId: string };
        const delivery = getState().deliveries.find((d) => d.id === deliveryId);
        if (!delivery) throw notFound(`no delivery ${deliveryId}`);
        return deliveryView(delivery);
      });

      app.post('/deliveries/:deliveryId/redeliver', async (request) => {
        const { deliveryId } = request.params as { deliveryId: string };
        // The venue's own state (a fleet venue's, docs/sandbox-fleet.md), kept for the retries.
        const delivery = await engine.redeliver(deliveryId, sandbox.stateOf<WebhooksState>('webhooks'));
        if (!delivery) throw notFound(`no delivery ${deliveryId}`);
        return deliveryView(delivery);
      });
    },

    // getState is the emitting venue's (the core captured it): the deliveries keep to it.
    onInventoryEvent(type, data, _sandbox, getState) {
      engine.emit(type, data, getState);
    },

    close() {
      engine.close();
    },
  };
}

export const webhooksService = createWebhooksService();
