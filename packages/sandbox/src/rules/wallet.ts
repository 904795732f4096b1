// The guest wallet's input rules as the sandbox enforces them (seed 000:
// "Guest account", "Game card", "Limits", "Errors"; openapi/wallet.json).
// Shape problems answer 400; a password that breaks the rules answers 422
// password_rules (seed 000, Errors), so the shapes here only ask for one.

import { z } from 'zod';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Seed 000: 8 to 20 characters, at least 1 digit, 1 lowercase and 1 uppercase letter. */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < 8 || password.length > 20) problems.push('must be 8 to 20 characters');
  if (!/\d/.test(password)) problems.push('must contain a digit');
  if (!/[a-z]/.test(password)) problems.push('must contain a lowercase letter');
  if (!/[A-Z]/.test(password)) problems.push('must contain an uppercase letter');
  return problems;
}

export const isEmail = (value: string) => EMAIL.test(value);

const digits = (n: number) => z.string().regex(new RegExp(`^\\d{${n}}$`), `must be ${n} digits`);
export const cardNumber = digits(19);
const email = z.string().regex(EMAIL, 'must be an email address (name@domain.tld)');
const barcode = digits(10);
const required = z.string().min(1, 'is required');
const personName = z.string().trim().min(1, 'must not be empty').max(50, 'must be at most 50 characters');

export const tokenExchange = z.object({ clientSecret: required });
export const refresh = z.object({ refreshToken: required });
export const login = z.object({ username: email, password: required });

export const signup = z.object({
  username: email,
  password: required,
  firstName: personName,
  lastName: personName,
  cardBarcode: barcode,
  cardCvv: digits(3),
  cardNickname: z.string().trim().max(30, 'must be at most 30 characters').optional(),
});

export const confirmReset = z.object({
  // The seed gives the code no format; the sandbox mails 6 digits.
  confirmationCode: z.string().trim().min(1, 'is required').max(64, 'must be at most 64 characters'),
  newPassword: required,
});

export const sale = z.object({
  cardNumber,
  productId: z.string().trim().min(1, 'is required'),
  paymentReference: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(64, 'must be at most 64 characters')
    .regex(/^[A-Za-z0-9._:-]+$/, 'may hold only letters, digits and . _ : -'),
  amount: z.number().positive('must be more than 0').optional(),
});

// In-venue simulation (/_sandbox/wallet), not part of the vendor interface.
export const activate = z.object({ barcode });
export const play = z.object({
  cardNumber,
  kind: z.enum(['reload', 'game-play', 'ticket-win', 'redemption']),
  amount: z.number().positive('must be more than 0').optional(),
  tickets: z.number().int('must be a whole number').positive('must be more than 0').optional(),
});
