// The booking service's input rules as the sandbox enforces them (seed 001
// leaves bodies "not shown"; venue's choices are openapi/booking.json).

import { z } from 'zod';

/** A real calendar day written YYYY-MM-DD (2026-02-30 is refused). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

const centsExact = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

const date = z.string().refine(isCalendarDate, 'must be a date written YYYY-MM-DD');
const id = z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters');
const personName = z.string().trim().min(1, 'must not be empty').max(50, 'must be at most 50 characters');

export const tokenRequest = z.object({ clientSecret: z.string({ error: 'is required' }).min(1, 'must not be empty') });

export const reserveRequest = z.object({
  experienceId: id,
  slotId: id,
  quantity: z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .positive('must be a positive whole number')
    .max(1000, 'must be at most 1000'),
});

export const cancelReservationRequest = z.object({ reservationId: id });

export const initiateOrderRequest = z.object({
  reservationIds: z.array(id).min(1, 'must list at least one reservation').max(20, 'must list at most 20 reservations'),
  guest: z.object({
    firstName: personName,
    lastName: personName,
    email: z
      .string()
      .trim()
      .max(254, 'must be at most 254 characters')
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'must be an email address'),
    phone: z
      .string()
      .trim()
      .regex(/^\+?[0-9][0-9 ()-]{5,19}$/, 'must be a phone number (digits, spaces, +, -, parentheses)')
      .optional(),
  }),
});

export const saleRequest = z.object({
  orderId: id,
  amount: z
    .number({ error: 'must be a number' })
    .positive('must be a positive amount')
    .refine(centsExact, 'must have at most two decimals'),
  paymentReference: z.string().trim().min(1, 'must not be empty').max(64, 'must be at most 64 characters'),
});

export const availabilityQuery = z.object({
  fromDate: date.optional(),
  days: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(31, 'must be at most 31')
    .optional(),
});
export const sessionsQuery = z.object({ forDate: date.optional() });
export const reportQuery = z.object({ fromDate: date.optional(), toDate: date.optional(), locationId: id.optional() });
