// The one source of the booking rules, used by the CLI before sending and by
// the sandbox when a request arrives. Loaded only by the commands that check
// input (zod is not needed to print help or list locations).

import { z } from 'zod';
import type { ValidationIssue } from '../errors.js';
import { EMAIL_PATTERN, PHONE_PATTERN } from './text.js';

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is refused). */
export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** Money in the location's currency: positive, at most two decimals. */
export function hasAtMostTwoDecimals(value: number): boolean {
  const cents = value * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

// Shared with the CLI's prompt validators, so a typed answer meets the same rule.
export { EMAIL_PATTERN, PHONE_PATTERN };

export const dateSchema = z.string().refine(isCalendarDate, 'must be a date written YYYY-MM-DD');
export const idSchema = z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters');
export const quantitySchema = z
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .positive('must be a positive whole number')
  .max(1000, 'must be at most 1000');
export const amountSchema = z
  .number({ error: 'must be a number' })
  .positive('must be a positive amount')
  .refine(hasAtMostTwoDecimals, 'must have at most two decimals');
export const emailSchema = z.string().trim().max(254, 'must be at most 254 characters').regex(EMAIL_PATTERN, 'must be an email address');
export const nameSchema = z.string().trim().min(1, 'must not be empty').max(50, 'must be at most 50 characters');
export const phoneSchema = z.string().trim().regex(PHONE_PATTERN, 'must be a phone number (digits, spaces, +, -, parentheses)');
export const paymentReferenceSchema = z.string().trim().min(1, 'must not be empty').max(64, 'must be at most 64 characters');

export const tokenRequestSchema = z.object({ clientSecret: z.string({ error: 'is required' }).min(1, 'must not be empty') });

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
  reservationIds: z.array(idSchema).min(1, 'must list at least one reservation').max(20, 'must list at most 20 reservations'),
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
  days: z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(31, 'must be at most 31').optional(),
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
export function issuesFrom(error: z.ZodError, input: unknown, fieldNames: Record<string, string> = {}): ValidationIssue[] {
  const valueAt = (path: PropertyKey[]) =>
    path.reduce<unknown>((node, key) => (node !== null && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : undefined), input);
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

/** A flag's text as a number for the schemas: "" and "abc" become NaN, so the rule names the problem. */
export function numberFromText(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const trimmed = text.trim();
  if (trimmed === '' || !/^[+-]?(\d+\.?\d*|\.\d+)$/.test(trimmed)) return Number.NaN;
  return Number(trimmed);
}
