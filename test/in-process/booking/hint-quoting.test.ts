// The copy-paste commands booking prints carry the service's ids shell-quoted:
// an id with a space, a quote or a semicolon pastes as one argument, never as
// a second command. A server of others' making chooses its ids.

import { describe, expect, it } from 'vitest';
import { shellQuote } from '../../../src/lib/booking/text.js';
import { runVenue } from '../../support/in-process.js';
import { fakeServiceForFile, type FakeServiceProfile } from '../../support/fake-service.js';

const ODD_ID = "res 7'; touch pwned #";

let fake: FakeServiceProfile;
fakeServiceForFile(
  { tokenPath: '/booking/api/v1/token', urlKey: 'booking.url', basePath: '/booking', runVenue },
  (profile) => (fake = profile),
);

describe('booking hints', () => {
  it('reserve prints the release command with the reservation id quoted, and pasting it runs one venue command with that id', async () => {
    fake.service.script('POST /booking/api/v1/orders/reservations/reserve', {
      status: 201,
      body: { reservationId: ODD_ID, experienceId: 'exp-laser-tag', slotId: 'slot-1', quantity: 2, status: 'held' },
    });
    const result = await fake.venue(
      ['booking', 'reserve', '--yes', 'exp-laser-tag', '--session', 'slot-1', '--quantity', '2'],
      {
        VENUE_BOOKING_CLIENT_SECRET: 'booking-secret-Hint-4410',
      },
    );
    expect(result.code, result.stderr).toBe(0);
    // The run's profile was chosen (--profile venue1): the hint names it.
    const hint = /`(venue --profile venue1 booking release [^`]*)`/.exec(result.stderr)?.[1];
    expect(hint).toBe(`venue --profile venue1 booking release ${shellQuote(ODD_ID)}`);
    expect(hint).toBe(`venue --profile venue1 booking release 'res 7'\\''; touch pwned #'`);
    // What a shell makes of it: the words venue would receive.
    const { execFileSync } = await import('node:child_process');
    const words = execFileSync('bash', ['-c', `set -- ${hint!.slice('venue '.length)}; printf '%s\\n' "$@"`], {
      encoding: 'utf8',
    })
      .trimEnd()
      .split('\n');
    expect(words).toEqual(['--profile', 'venue1', 'booking', 'release', ODD_ID]);
  });
});
