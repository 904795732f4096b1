// The one source of the webhook subscriber rules (seed 002, operations 18-21
// and Events). The CLI checks a body with these before sending; the sandbox
// checks the same schemas and answers 400 from them. Imported lazily: zod is
// not loaded on start-up.

import { z } from 'zod';
import type { ValidationIssue } from '../errors.js';
import { SECRET_MIN_LENGTH, UUID_SHAPE, inventoryEventTypes } from './events.js';
import { subscriberUrlProblem, type UrlRuleOptions } from './rules.js';

export { isLoopbackHostname, subscriberUrlProblem, type UrlRuleOptions } from './rules.js';

function urlSchema(options: UrlRuleOptions) {
  return z.string({ error: 'is required' }).superRefine((value, ctx) => {
    const problem = subscriberUrlProblem(value, options);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
}

const eventTypesSchema = z
  .array(z.enum(inventoryEventTypes, { error: `must be among ${inventoryEventTypes.join(', ')}` }), {
    error: 'must be a list of event types',
  })
  .min(1, 'must name at least one event type')
  // A subscriber that lists a type twice still gets one delivery.
  .transform((types) => [...new Set(types)]);

const secretSchema = z
  .string({ error: 'is required' })
  .min(SECRET_MIN_LENGTH, `must be at least ${SECRET_MIN_LENGTH} characters`);

export function createSubscriberSchema(options: UrlRuleOptions) {
  return z.object({ url: urlSchema(options), secret: secretSchema, eventTypes: eventTypesSchema });
}

export function updateSubscriberSchema(options: UrlRuleOptions) {
  return z
    .object({
      url: urlSchema(options).optional(),
      secret: secretSchema.optional(),
      eventTypes: eventTypesSchema.optional(),
    })
    .refine((body) => body.url !== undefined || body.secret !== undefined || body.eventTypes !== undefined, {
      message: 'must change at least one of url, secret, eventTypes',
      path: [],
    });
}

export type CreateSubscriberBody = z.output<ReturnType<typeof createSubscriberSchema>>;
export type UpdateSubscriberBody = z.output<ReturnType<typeof updateSubscriberSchema>>;

export const webhookIdSchema = z.string().regex(UUID_SHAPE, 'must be a UUID');

/** zod issues as ValidationIssues, body fields renamed to what the user typed. */
export function issuesFrom(error: z.ZodError, fieldNames: Record<string, string> = {}): ValidationIssue[] {
  return error.issues.map((issue) => {
    const key = issue.path.length ? String(issue.path[0]) : 'body';
    const rule = issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : issue.message;
    return { field: fieldNames[key] ?? key, rule };
  });
}
