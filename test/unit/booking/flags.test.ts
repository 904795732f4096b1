// The flag checks every booking command runs before sending anything.

import { describe, expect, it } from 'vitest';
import { checkFlags, listFlag } from '../../../src/commands/booking/shared.js';
import { ValidationError } from '../../../src/lib/errors.js';

const ctx = { now: () => new Date(2026, 10, 22, 12).getTime() };

describe('checkFlags', () => {
  it('resolves dates and parses numbers of the flags given, skipping absent ones', async () => {
    const checked = await checkFlags(ctx, [
      { kind: 'date', flag: '--from', value: '+2d' },
      { kind: 'date', flag: '--to', value: undefined },
      { kind: 'quantity', flag: '--quantity', value: '3' },
      { kind: 'amount', flag: '--amount', value: '12.50' },
      { kind: 'email', flag: '--email', value: 'ada@example.com' },
    ]);
    expect(checked).toEqual({ dates: { '--from': '2026-11-24' }, numbers: { '--quantity': 3, '--amount': 12.5 } });
  });

  it('reports every broken rule with its flag', async () => {
    const error = await checkFlags(ctx, [
      { kind: 'date', flag: '--date', value: 'soon' },
      { kind: 'quantity', flag: '--quantity', value: 'two' },
      { kind: 'amount', flag: '--amount', value: '0' },
      { kind: 'email', flag: '--email', value: 'ada' },
      { kind: 'phone', flag: '--phone', value: 'call me' },
      { kind: 'name', flag: '--first-name', value: ' ' },
      { kind: 'paymentReference', flag: '--payment-ref', value: 'x'.repeat(65) },
      { kind: 'days', flag: '--days', value: '32' },
    ]).catch((e) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.issues).toEqual([
      { field: '--date', rule: 'must be YYYY-MM-DD, today, tomorrow or +Nd (got "soon")' },
      { field: '--quantity', rule: 'must be a number' },
      { field: '--amount', rule: 'must be a positive amount' },
      { field: '--email', rule: 'must be an email address' },
      { field: '--phone', rule: 'must be a phone number (digits, spaces, +, -, parentheses)' },
      { field: '--first-name', rule: 'must not be empty' },
      { field: '--payment-ref', rule: 'must be at most 64 characters' },
      { field: '--days', rule: 'must be at most 31' },
    ]);
  });
});

describe('small helpers', () => {
  it('reads comma-separated and repeated flags', () => {
    expect(listFlag(['a,b', ' c ', ''])).toEqual(['a', 'b', 'c']);
    expect(listFlag(undefined)).toEqual([]);
  });
});
