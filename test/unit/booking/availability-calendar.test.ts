import { describe, expect, it } from 'vitest';
import { calendarGrid } from '../../../src/commands/booking/availability.js';

const plain = (t: string) => t;
const palette = { bold: plain, dim: plain, red: plain, green: plain, yellow: plain, cyan: plain };

describe('the availability calendar', () => {
  it('lays days out in Monday-first weeks with the places left, "full" when none', () => {
    const grid = calendarGrid(
      [
        { date: '2026-11-21', remaining: 5 },
        { date: '2026-11-22', remaining: 0 },
        { date: '2026-11-23', remaining: 12 },
      ],
      palette,
    );
    expect(grid.split('\n')).toEqual([
      'Mon       Tue       Wed       Thu       Fri       Sat       Sun',
      '                                                  11-21     11-22',
      '                                                  5         full',
      '11-23',
      '12',
      '',
    ]);
  });

  it('is empty without days', () => {
    expect(calendarGrid([], palette)).toBe('');
  });
});
