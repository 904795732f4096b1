import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  amountSchema,
  check,
  emailSchema,
  hasAtMostTwoDecimals,
  initiateOrderRequestSchema,
  numberFromText,
  quantitySchema,
  reserveRequestSchema,
  saleRequestSchema,
} from '../../../src/lib/booking/schemas.js';

describe('booking rules', () => {
  it('accepts amounts with at most two decimals, whatever binary floating point does to them', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (cents) => amountSchema.safeParse(cents / 100).success),
    );
    expect(amountSchema.safeParse(0.1 + 0.2).success).toBe(true);
    expect(hasAtMostTwoDecimals(10.005)).toBe(false);
    expect(amountSchema.safeParse(0).success).toBe(false);
    expect(amountSchema.safeParse(-1).success).toBe(false);
    expect(amountSchema.safeParse(Number.NaN).success).toBe(false);
  });

  it('reads flag text as numbers without guessing', () => {
    expect(numberFromText('12.50')).toBe(12.5);
    expect(numberFromText('.5')).toBe(0.5);
    expect(numberFromText('')).toBeNaN();
    expect(numberFromText('1e3')).toBeNaN();
    expect(numberFromText('12abc')).toBeNaN();
    expect(numberFromText(undefined)).toBeUndefined();
  });

  it('wants positive whole quantities', () => {
    expect(quantitySchema.safeParse(1).success).toBe(true);
    for (const bad of [0, -1, 1.5, Number.NaN]) expect(quantitySchema.safeParse(bad).success).toBe(false);
  });

  it('checks email shape', () => {
    expect(emailSchema.safeParse('ada@example.com').success).toBe(true);
    for (const bad of ['ada', 'ada@', '@example.com', 'ada@example', 'a da@example.com'])
      expect(emailSchema.safeParse(bad).success).toBe(false);
  });

  it('lists every problem with its field, mapped to the name the user knows', () => {
    const result = check(
      initiateOrderRequestSchema,
      { reservationIds: [], guest: { firstName: '', email: 'x' } },
      { 'guest.email': '--email', 'guest.firstName': '--first-name' },
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toEqual(
      expect.arrayContaining([
        { field: 'reservationIds', rule: 'must list at least one reservation' },
        { field: '--first-name', rule: 'must not be empty' },
        { field: 'guest.lastName', rule: 'is required' },
        { field: '--email', rule: 'must be an email address' },
      ]),
    );
  });

  it('says "is required" only for absent fields, not for wrong types', () => {
    const result = check(reserveRequestSchema, { experienceId: 'e', quantity: 'two' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues).toContainEqual({ field: 'slotId', rule: 'is required' });
    expect(result.issues.find((i) => i.field === 'quantity')?.rule).toBe('must be a number');
  });

  it('validates a sale', () => {
    expect(saleRequestSchema.safeParse({ orderId: 'ord-1', amount: 56, paymentReference: 'PSP-1' }).success).toBe(true);
    expect(saleRequestSchema.safeParse({ orderId: 'ord-1', amount: 56.001, paymentReference: 'PSP-1' }).success).toBe(
      false,
    );
    expect(saleRequestSchema.safeParse({ orderId: 'ord-1', amount: 56, paymentReference: '  ' }).success).toBe(false);
  });
});
