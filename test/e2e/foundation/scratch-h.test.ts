import { expect, it } from 'vitest';
import { runVenue, tempDir } from '../../support/in-process.js';
it('probe', async () => {
  const env = { VENUE_CONFIG_DIR: tempDir() };
  expect((await runVenue(['config', 'init', 'north', '--inventory-url', 'https://inv.north.example'], { env })).code).toBe(0);
  const r = await runVenue(['config', 'delete', 'north'], { env, tty: true, answers: ['n\r'] });
  console.log(r.code, JSON.stringify(r.stderr.slice(-200)));
  const r2 = await runVenue(['config', 'init', 'south'], { env, tty: true, answers: ['\r', '\r', '\r', 'https://b.example\r', '\r','\r','\r', 'n\r','n\r','n\r','n\r','n\r','n\r','n\r','n\r','n\r','n\r','n\r'] });
  console.log(r2.code, JSON.stringify(r2.stderr.slice(-1500)));
  console.log((await runVenue(['config', 'list', '--profile', 'south'], { env })).stdout);
});
