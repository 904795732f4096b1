import { describe, expect, it } from 'vitest';
import { formatCount, formatDay, formatMoney, formatTime } from '../../../src/lib/formats.js';
import { formatForPeople } from '../../../src/lib/output/values-for-people.js';
import { formatAmount } from '../../../src/lib/wallet/diagnose.js';

describe('one money format and one time format', () => {
  it('money: its currency, two decimals, thousands grouped, zero as zero', () => {
    expect(formatMoney(3.5)).toBe('$3.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(-5)).toBe('-$5.00');
    expect(formatMoney(1234)).toBe('$1,234.00');
    expect(formatMoney(3.5, 'AUD')).toBe('A$3.50');
    expect(formatMoney(3.5, 'usd')).toBe('$3.50');
    expect(formatCount(40)).toBe('40');
    expect(formatCount(12.5)).toBe('12.50');
  });

  it('money written again is written the same, every amount and currency, -0 apart from 0', () => {
    const amounts = [0, -0, 3.5, -3.5, 1234.5, 0.005, -0.004, 1e9, 12.345];
    for (const currency of [undefined, 'AUD', 'usd', 'XBT']) {
      const first = amounts.map((amount) => formatMoney(amount, currency));
      // Again, in another order: what was remembered is what Intl writes.
      const again = [...amounts]
        .reverse()
        .map((amount) => formatMoney(amount, currency))
        .reverse();
      expect(again, String(currency)).toEqual(first);
    }
    expect(formatMoney(0, 'AUD')).toBe('A$0.00');
    expect(formatMoney(-0, 'AUD')).toBe(
      new Intl.NumberFormat('en-US', { style: 'currency', currency: 'AUD' }).format(-0),
    );
    expect(formatMoney(-0.004)).toBe(formatMoney(0.004).replace('$', '-$'));
  });

  it('tables, wallet amounts and booking prices all say it the same way', () => {
    expect(formatForPeople(1234, 'money')).toBe(formatMoney(1234));
    expect(formatForPeople(0, 'money')).toBe('$0.00');
    expect(formatAmount(1234, 'dollars')).toBe(formatMoney(1234));
    expect(formatAmount(40, 'tokens')).toBe('40 tokens');
  });

  it("times in the venue's zone, days as its local day", () => {
    expect(formatTime('2026-01-05T09:00:00Z', 'Australia/Sydney')).toBe('2026-01-05 20:00 GMT+11');
    expect(formatTime('2026-01-05T09:00:00Z')).toBe('2026-01-05 09:00Z');
    expect(formatTime(0, 'UTC')).toBe('1970-01-01 00:00 UTC');
    expect(formatTime('soon', 'UTC')).toBe('soon');
    expect(formatDay('2026-01-05T20:00:00Z', 'Australia/Sydney')).toBe('2026-01-06');
    expect(formatForPeople('2026-01-05T09:00:00Z', 'datetime', { timeZone: 'UTC' })).toBe('2026-01-05 09:00 UTC');
  });

  it("a reading with no offset is the wall clock it says, never converted (from the machine's own zone) to another", () => {
    expect(formatTime('2026-01-05T09:00:00', 'Australia/Sydney')).toBe('2026-01-05 09:00');
    expect(formatTime('2026-01-05 09:00', 'America/New_York')).toBe('2026-01-05 09:00');
    expect(formatTime('2026-01-05T09:00:00.000')).toBe('2026-01-05 09:00');
    expect(formatTime('2026-01-05T09:00:00+02:00', 'UTC')).toBe('2026-01-05 07:00 UTC');
  });
});
