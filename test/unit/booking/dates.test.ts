import { describe, expect, it } from 'vitest';
import { addDays, localDate, parseDateFlag, resolveDate, weekdayIndex } from '../../../src/lib/booking/dates.js';
import { ValidationError } from '../../../src/lib/errors.js';

// Noon local time, so the calendar day is the same in every time zone the tests run in.
const now = new Date(2026, 10, 22, 12, 0, 0).getTime();

describe('dates as people type them', () => {
  it.each([
    ['today', '2026-11-22'],
    ['TODAY', '2026-11-22'],
    ['tomorrow', '2026-11-23'],
    ['yesterday', '2026-11-21'],
    ['+0d', '2026-11-22'],
    ['+9d', '2026-12-01'],
    ['+40d', '2027-01-01'],
    ['-7d', '2026-11-15'],
    ['2024-02-29', '2024-02-29'],
    [' 2026-12-05 ', '2026-12-05'],
  ])('%s → %s', (text, expected) => {
    expect(resolveDate(text, now)).toBe(expected);
  });

  it.each([
    '2026-02-30',
    '2025-02-29',
    '2026-13-01',
    '26-11-22',
    '22/11/2026',
    'next week',
    '+d',
    '+1w',
    '',
    '2026-11-22T10:00',
  ])('refuses %j', (text) => {
    expect(resolveDate(text, now)).toBeUndefined();
  });

  it('names the flag and the rule when a flag is wrong', () => {
    try {
      parseDateFlag('soon', '--date', now);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).issues).toEqual([
        { field: '--date', rule: 'must be YYYY-MM-DD, today, tomorrow or +Nd (got "soon")' },
      ]);
      expect((error as ValidationError).exitCode).toBe(2);
    }
  });

  it('does calendar arithmetic across months, years and leap days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(localDate(now)).toBe('2026-11-22');
    expect(weekdayIndex('2026-11-23')).toBe(0); // a Monday
    expect(weekdayIndex('2026-11-22')).toBe(6); // a Sunday
  });
});
