// The booking rules as zod schemas, for whole request bodies. Each field's
// rule is the one function in validate.ts that the flag checks and the
// journey's prompts call too. Loaded only by the commands that check input
// (zod is not needed to print help or list locations). The sandbox keeps its
// own rules (packages/sandbox/src/rules), an independent witness.

import { z } from 'zod';
import type { ValidationIssue } from '../errors.js';
import { EMAIL_PATTERN, PHONE_PATTERN } from './text.js';
import {
  amountRule,
  emailRule,
  hasAtMostTwoDecimals,
  idRule,
  nameRule,
  paymentReferenceRule,
  phoneRule,
  quantityRule,
  type Rule,
} from './validate.js';

export { hasAtMostTwoDecimals, numberFromText } from './validate.js';
export { EMAIL_PATTERN, PHONE_PATTERN };

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is refused). */
export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** A zod check that reports the rule's own words. */
function byRule<T>(rule: Rule<T>) {
  return (value: T, ctx: z.RefinementCtx) => {
    const broken = rule(value);
    if (broken !== undefined) ctx.addIssue({ code: 'custom', message: broken });
  };
}

export const dateSchema = z.string().refine(isCalendarDate, 'must be a date written YYYY-MM-DD');
export const idSchema = z.string().trim().superRefine(byRule(idRule));
export const quantitySchema = z.number({ error: 'must be a number' }).superRefine(byRule(quantityRule));
export const amountSchema = z.number({ error: 'must be a number' }).superRefine(byRule(amountRule));
export const emailSchema = z.string().trim().superRefine(byRule(emailRule));
export const nameSchema = z.string().trim().superRefine(byRule(nameRule));
export const phoneSchema = z.string().trim().superRefine(byRule(phoneRule));
export const paymentReferenceSchema = z.string().trim().superRefine(byRule(paymentReferenceRule));

export const tokenRequestSchema = z.object({
  clientSecret: z.string({ error: 'is required' }).min(1, 'must not be empty'),
});

export const reserveRequestSchema = z.object({
  experienceId: idSchema,
  slotId: idSchema,
  quantity: quantitySchema,
});
export type ReserveRequest = z.infer<typeof reserveRequestSchema>;

export const cancelReservationRequestSchema = z.object({ reservationId: idSchema });

export const guestSchema = z.object({
  firstName: nameSchema,
  lastName: nameSchema,
  email: emailSchema,
  phone: phoneSchema.optional(),
});
export type Guest = z.infer<typeof guestSchema>;

export const initiateOrderRequestSchema = z.object({
  reservationIds: z
    .array(idSchema)
    .min(1, 'must list at least one reservation')
    .max(20, 'must list at most 20 reservations'),
  guest: guestSchema,
});
export type InitiateOrderRequest = z.infer<typeof initiateOrderRequestSchema>;

export const saleRequestSchema = z.object({
  orderId: idSchema,
  amount: amountSchema,
  paymentReference: paymentReferenceSchema,
});
export type SaleRequest = z.infer<typeof saleRequestSchema>;

export const availabilityQuerySchema = z.object({
  fromDate: dateSchema.optional(),
  days: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(31, 'must be at most 31')
    .optional(),
});
export const sessionsQuerySchema = z.object({ forDate: dateSchema.optional() });
export const reportQuerySchema = z.object({
  fromDate: dateSchema.optional(),
  toDate: dateSchema.optional(),
  locationId: idSchema.optional(),
});

/**
 * Issues as the user knows the fields: `fieldNames` maps a schema path
 * ("guest.email") to a flag ("--email"); unmapped paths keep their dotted name.
 */
export function issuesFrom(
  error: z.ZodError,
  input: unknown,
  fieldNames: Record<string, string> = {},
): ValidationIssue[] {
  const valueAt = (path: PropertyKey[]) =>
    path.reduce<unknown>(
      (node, key) =>
        node !== null && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : undefined,
      input,
    );
  return error.issues.map((issue) => {
    const dotted = issue.path.map(String).join('.');
    const field = fieldNames[dotted] ?? (dotted || 'body');
    const rule = issue.code === 'invalid_type' && valueAt(issue.path) === undefined ? 'is required' : issue.message;
    return { field, rule };
  });
}

/** Checks value against schema; the issues (empty when valid) and the parsed value. */
export function check<S extends z.ZodType>(
  schema: S,
  value: unknown,
  fieldNames: Record<string, string> = {},
): { ok: true; value: z.infer<S> } | { ok: false; issues: ValidationIssue[] } {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, issues: issuesFrom(result.error, value, fieldNames) };
}
