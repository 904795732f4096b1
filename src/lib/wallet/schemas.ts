// The one source of the wallet's input rules (seed 000, "Limits" and the
// guest account table). The CLI checks them before sending anything; the
// sandbox checks the same schemas and answers 400 / 422 from them.
// Imported lazily by the commands that need it, so zod stays off start-up.

import { z } from 'zod';
import type { ValidationIssue } from '../errors.js';
import { ValidationError } from '../errors.js';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Every password rule the value breaks, in words; empty when it is good. */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX)
    problems.push(`must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters`);
  if (!/\d/.test(password)) problems.push('must contain a digit');
  if (!/[a-z]/.test(password)) problems.push('must contain a lowercase letter');
  if (!/[A-Z]/.test(password)) problems.push('must contain an uppercase letter');
  return problems;
}

export const emailSchema = z.string().regex(EMAIL_SHAPE, 'must be an email address (name@domain.tld)');
export const barcodeSchema = z.string().regex(/^\d{10}$/, 'must be 10 digits');
export const cvvSchema = z.string().regex(/^\d{3}$/, 'must be 3 digits');
export const cardNumberSchema = z.string().regex(/^\d{19}$/, 'must be 19 digits');
export const passwordSchema = z.string().superRefine((value, ctx) => {
  for (const message of passwordProblems(value)) ctx.addIssue({ code: 'custom', message });
});
/** Shape only: the sandbox answers 422 password_rules, not 400, for a weak password. */
const passwordPresent = z.string().min(1, 'is required');
const name = z.string().trim().min(1, 'must not be empty').max(50, 'must be at most 50 characters');

export const signupShape = z.object({
  username: emailSchema,
  password: passwordPresent,
  firstName: name,
  lastName: name,
  cardBarcode: barcodeSchema,
  cardCvv: cvvSchema,
  cardNickname: z.string().trim().max(30, 'must be at most 30 characters').optional(),
});
export type SignupBody = z.infer<typeof signupShape>;
/** The CLI's full check: shape and password rules at once. */
export const signupSchema = signupShape.extend({ password: passwordSchema });

export const loginSchema = z.object({ username: emailSchema, password: passwordPresent });
export const refreshSchema = z.object({ refreshToken: z.string().min(1, 'is required') });
export const tokenExchangeSchema = z.object({ clientSecret: z.string().min(1, 'is required') });

export const confirmResetShape = z.object({
  // The seed gives the code no format; the sandbox mails 6 digits but a real service may not.
  confirmationCode: z.string().trim().min(1, 'is required').max(64, 'must be at most 64 characters'),
  newPassword: passwordPresent,
});
export const confirmResetSchema = confirmResetShape.extend({ newPassword: passwordSchema });

export const activityKinds = ['reload', 'game-play', 'ticket-win', 'redemption'] as const;
export type ActivityKind = (typeof activityKinds)[number];

export const saleSchema = z.object({
  cardNumber: cardNumberSchema,
  productId: z.string().trim().min(1, 'is required'),
  paymentReference: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(64, 'must be at most 64 characters')
    .regex(/^[A-Za-z0-9._:-]+$/, 'may hold only letters, digits and . _ : -'),
  amount: z.number().positive('must be more than 0').optional(),
});
export type SaleBody = z.infer<typeof saleSchema>;

export const playSchema = z.object({
  cardNumber: cardNumberSchema,
  kind: z.enum(['reload', 'game-play', 'ticket-win', 'redemption']),
  amount: z.number().positive('must be more than 0').optional(),
  tickets: z.number().int('must be a whole number').positive('must be more than 0').optional(),
});
export const activateSchema = z.object({ barcode: barcodeSchema });

/**
 * zod issues as ValidationIssues; fieldNames maps body fields to what the
 * user typed (a flag), so `cardBarcode` is reported as `--barcode`.
 */
export function issuesFrom(error: z.ZodError, fieldNames: Record<string, string> = {}): ValidationIssue[] {
  return error.issues.map((issue) => {
    const key = issue.path.map(String).join('.') || 'body';
    const rule = issue.code === 'invalid_type' && /undefined/.test(issue.message) ? 'is required' : issue.message;
    return { field: fieldNames[key] ?? key, rule };
  });
}

/** Parses or throws ValidationError (exit 2, nothing sent). */
export async function checkInput<T>(
  schema: z.ZodType<T>,
  value: unknown,
  fieldNames: Record<string, string> = {},
): Promise<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ValidationError(issuesFrom(result.error, fieldNames));
}
