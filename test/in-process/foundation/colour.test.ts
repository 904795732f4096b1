// Colour through chalk, decided by venue: a terminal gets it, NO_COLOR and
// --no-color take it away, FORCE_COLOR gives it where there is no terminal
// (and --no-color still wins), TERM=dumb gets none. What is painted is the
// same words as without colour.

import { describe, expect, it } from 'vitest';
import { runVenue } from '../../support/in-process.js';

const RED_ERROR = '\u001b[31merror:\u001b[39m';
const ESC = '\u001b[';
const mistyped = ['inventory', 'prodcts'];

describe('colour', () => {
  it('a terminal gets colour; NO_COLOR and TERM=dumb take it away', async () => {
    const painted = await runVenue(mistyped, { tty: true, env: { NO_COLOR: '' } });
    expect(painted.code).toBe(2);
    expect(painted.stderr).toContain(RED_ERROR);
    // The same words, wrapped the same at the terminal's width.
    expect(painted.stderr.replaceAll(/\u001b\[[0-9;]*m/g, '')).toBe(
      (await runVenue(mistyped, { tty: true, env: { NO_COLOR: '1' } })).stderr,
    );
    for (const env of [{ NO_COLOR: '1' }, { NO_COLOR: '', TERM: 'dumb' }]) {
      const r = await runVenue(mistyped, { tty: true, env });
      expect(r.stderr, JSON.stringify(env)).not.toContain(ESC);
    }
  });

  it('FORCE_COLOR paints without a terminal; --no-color wins over it', async () => {
    const forced = await runVenue(mistyped, { env: { FORCE_COLOR: '1', NO_COLOR: '1' } });
    expect(forced.stderr).toContain(RED_ERROR);
    const off = await runVenue(['--no-color', ...mistyped], { env: { FORCE_COLOR: '1' } });
    expect(off.stderr).not.toContain(ESC);
    const zero = await runVenue(mistyped, { tty: true, env: { FORCE_COLOR: '0', NO_COLOR: '' } });
    expect(zero.stderr).not.toContain(ESC);
  });
});
