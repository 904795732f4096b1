// Interactive `config init`: Enter at "Set <secret> now?" means Yes only for
// a secret the profile needs, one of a service it has an address for; for a
// service without one the default is No (and the question says why).

import { describe, expect, it } from 'vitest';
import { runVenue, tempDir } from '../../support/in-process.js';

describe('config init on a terminal: the secrets', () => {
  it('Enter skips the secrets of services with no URL and asks for those of the one that has one', async () => {
    const env = { VENUE_CONFIG_DIR: tempDir() };
    const answers = [
      '\r', // wallet URL: skipped
      '\r', // wallet UAT URL: skipped
      '\r', // wallet environment: production
      '\r', // booking URL: skipped
      'https://inventory.south.example\r',
      '7\r', // user
      '1\r', // warehouse
      '\r', // Set wallet.clientSecret now? (no wallet URL): No
      '\r', // Set booking.clientSecret now? (no booking URL): No
      '\r', // Set inventory.apiKey now?: Yes
      'the-api-key\r',
      '\r', // Set inventory.apiSecret now?: Yes
      'the-api-secret\r',
      'n\r', // Use "south" from now on?
    ];
    const r = await runVenue(['config', 'init', 'south'], { env, tty: true, answers });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/Set wallet\.clientSecret now\? \(no wallet URL in this profile\).*\(y\/N\)/);
    expect(r.stderr).toMatch(/Set booking\.clientSecret now\? \(no booking URL in this profile\).*\(y\/N\)/);
    expect(r.stderr).toMatch(/Set inventory\.apiKey now\?.*\(Y\/n\)/);
    expect(r.stderr).not.toContain('wallet.clientSecret (hidden)');
    expect(r.stderr).not.toContain('booking.clientSecret (hidden)');
    const list = await runVenue(['--profile', 'south', 'config', 'list', '-o', 'json'], { env });
    const rows = JSON.parse(list.stdout) as Array<{ key: string; value: unknown; source?: string }>;
    const secret = (key: string) => rows.find((row) => row.key === key);
    expect(secret('inventory.apiKey')).toMatchObject({ value: 'set', source: 'profile' });
    expect(secret('inventory.apiSecret')).toMatchObject({ value: 'set', source: 'profile' });
    expect(secret('wallet.clientSecret')).toMatchObject({ value: 'unset' });
    expect(secret('booking.clientSecret')).toMatchObject({ value: 'unset' });
  });
});
