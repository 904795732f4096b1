// Renewal under stress, through the built binary against the sandbox: with
// one-second inventory tokens (whole-second JWT times: a token can lapse on
// its way) and 10% of requests answered 503, a long listing completes every
// time; a token lapsed at the service is renewed and the call replayed, and a
// busy token route is asked again, never an auth failure (exit 3).

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type SandboxHandle } from '../../support/in-process.js';

let sb: SandboxHandle;
let total: number;

beforeAll(async () => {
  sb = await startSandbox();
  const seeded = await sb.run(['sandbox', 'seed', '--products', '560', '-o', 'json']);
  expect(seeded.code, seeded.stderr).toBe(0);
  total = (JSON.parse(seeded.stdout) as { totalProducts: number }).totalProducts;
  // 3600 s × 0.0003 ≈ 1 s: every inventory token lasts one second at most.
  await sb.control('POST', '/settings', { tokenScale: 0.0003 });
}, 60_000);
afterAll(async () => sb?.stop());

const listAll = () =>
  sb.run(['-v', 'inventory', 'products', 'list', '--all', '--page-size', '20', '--concurrency', '4', '-o', 'json'], {
    // Pages ride out 10% of 503s with a few more retries than the default; the token route needs none of it.
    env: { VENUE_RETRIES: '6' },
    timeoutMs: 90_000,
  });

describe('short-lived tokens under 503s', () => {
  it('a 29-page listing with 1 s tokens and 10% 503s on every route completes, four times in a row', async () => {
    // 250 ms before each request is processed: a run lasts well over a token's second however fast
    // the machine (in-process runs finished inside one), and a token sent in the last 250 ms of
    // its life (venue renews only in the last tenth, 100 ms) lapses before the service reads it:
    // the 401 the renewal must ride out, on some of each run's ~30 requests.
    await sb.control('POST', '/faults', { errorRate: 0.1, errorStatus: 503, latencyMs: 250 });
    try {
      let renewedAfter401 = 0;
      let served503 = 0;
      for (let run = 1; run <= 4; run++) {
        const r = await listAll();
        expect(
          r.code,
          `run ${run}: ${r.stderr
            .split('\n')
            .filter((l) => !/^[<>]/.test(l))
            .slice(-5)
            .join('\n')}`,
        ).toBe(0);
        expect((JSON.parse(r.stdout) as unknown[]).length).toBe(total);
        renewedAfter401 += (
          r.stderr.match(/401 with a (cached|lapsed) token; fetching a new token and replaying/g) ?? []
        ).length;
        served503 += (r.stderr.match(/^< 503/gm) ?? []).length;
      }
      // 503s were met and ridden out: counted over the four runs, since one run of ~30 requests at 10% meets none
      // about one time in twenty-five (0.9^30), four runs all together about one time in 300,000 (0.9^120).
      expect(served503).toBeGreaterThan(0);
      // Tokens lapsed at the service while in use, and were renewed without failing the command.
      expect(renewedAfter401).toBeGreaterThan(0);
    } finally {
      await sb.control('DELETE', '/faults');
    }
  }, 300_000);

  it('a token route answering 503 four times running (beyond the default 3 retries): the renewal gets through', async () => {
    await sb.run(['auth', 'logout', 'inventory']);
    await sb.control('POST', '/faults', {
      failNext: { match: 'POST /inventory/auth/token', remaining: 4, status: 503 },
    });
    try {
      const r = await sb.run(['-v', 'inventory', 'categories', '-o', 'json']);
      expect(
        r.code,
        r.stderr
          .split('\n')
          .filter((l) => !/^[<>]/.test(l))
          .slice(-5)
          .join('\n'),
      ).toBe(0);
      expect(r.stderr.match(/^< 503/gm)).toHaveLength(4);
    } finally {
      await sb.control('DELETE', '/faults');
    }
  });
});
