// Webhook subscriber rules and signed delivery as the sandbox implements them
// (seed 002, operations 18-21 and "Events"; docs/api-conventions.md, "Webhook
// deliveries", for the choices the seed leaves open: headers and signature form).

import { createHmac } from 'node:crypto';
import { z } from 'zod';

export const EVENT_TYPES = [
  'stock.adjusted',
  'stock.received',
  'stock.counted',
  'product.created',
  'product.updated',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const isEventType = (value: string): value is EventType => (EVENT_TYPES as readonly string[]).includes(value);

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The headers of every delivery, lower-case. */
export const DELIVERY_HEADERS = {
  signature: 'x-inventory-signature',
  event: 'x-inventory-event',
  delivery: 'x-inventory-delivery',
  timestamp: 'x-inventory-timestamp',
} as const;

/** HMAC-SHA256 of the exact body bytes with the subscriber's secret, as `sha256=<hex>`. */
export function signature(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** HTTPS (seed 002); plain http only to this machine, and only when the sandbox allows it. */
export function urlProblem(value: string, allowLoopbackHttp: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute https:// URL';
  }
  if (url.username || url.password) return 'must not carry a user name or password';
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && allowLoopbackHttp && isLoopbackHost(url.hostname)) return undefined;
  return allowLoopbackHttp ? 'must use https:// (plain http only for localhost)' : 'must use https://';
}

const url = (allowLoopbackHttp: boolean) =>
  z.string({ error: 'is required' }).superRefine((value, ctx) => {
    const problem = urlProblem(value, allowLoopbackHttp);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
const secret = z.string({ error: 'is required' }).min(16, 'must be at least 16 characters');
const eventTypes = z
  .array(z.enum(EVENT_TYPES, { error: `must be among ${EVENT_TYPES.join(', ')}` }), {
    error: 'must be a list of event types',
  })
  .min(1, 'must name at least one event type')
  // Listing a type twice still means one delivery.
  .transform((types) => [...new Set(types)]);

export const subscriberCreate = (allowLoopbackHttp: boolean) =>
  z.object({ url: url(allowLoopbackHttp), secret, eventTypes });

export const subscriberUpdate = (allowLoopbackHttp: boolean) =>
  z
    .object({ url: url(allowLoopbackHttp).optional(), secret: secret.optional(), eventTypes: eventTypes.optional() })
    .refine((body) => body.url !== undefined || body.secret !== undefined || body.eventTypes !== undefined, {
      message: 'must change at least one of url, secret, eventTypes',
      path: [],
    });
