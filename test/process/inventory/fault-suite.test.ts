// FAULT SUITE: 200 cron receipts, 4 at a time (three in the test's process,
// one through the built binary: the journal is shared within a process and
// across processes), against a sandbox that fails a fifth of the receipt POSTs
// (503, or 429 with Retry-After), drops about one answer in twenty after
// applying it, gates one in fifty with a 502 before processing, and trades in
// the venue (counter sales, in-venue receipts) on the same products and sizes
// all along, so stock levels prove nothing. Night 1 runs every receipt,
// night 2 reruns every one, then the test plays the person: each receipt
// `receipts list` shows unknown is looked up in the sandbox's movement log
// (the oracle: every receipt it applied, with invoice and Idempotency-Key) and
// settled with `receipts resolve`; night 3 (no faults) reruns what the first
// two nights left unfinished. At the end every invoice is applied exactly
// once: 0 doubled, 0 lost. Failures are soft: one run reports every property
// that broke, with the invoices concerned.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runVenue as runProcess } from '../../support/venue.js';
import { stockSuite } from '../../support/stock-suite.js';

const RECEIPTS = 200;
const AT_A_TIME = 4;
const PRODUCTS = [1001, 1002, 1005, 1009, 1012];
const SIZES = [1, 2, 3, 6, 12];
const DROP_SHARE = 0.05;
const GATEWAY_502_SHARE = 0.02;
const RECEIPTS_ROUTE = 'POST /inventory/stock-receipts';

const suite = stockSuite('venue-fault-suite-');

/** The test's own choices repeat from run to run; the sandbox's 503/429 rolls do not. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seeded(20261123);
const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;

interface Receipt {
  invoice: string;
  file: string;
  items: Array<{ productId: number; quantity: number }>;
}

interface Run {
  night: string;
  invoice: string;
  code: number;
  stderr: string;
}

interface Movement {
  kind: string;
  source: string;
  idempotencyKey?: string | null;
  changes?: Array<{ productId: number; delta: number }>;
  body: { invoice?: string | null; items?: Array<{ productId: number; quantity: number }> };
}

interface JournalRow {
  id: string;
  status: string;
  invoice: string | null;
}

let receipts: Receipt[] = [];
const runs: Run[] = [];

/** The oracle: how many times the sandbox applied each invoice's receipt through the API. */
async function appliedByInvoice(): Promise<Map<string, Movement[]>> {
  const { items } = await suite.sb.control<{ items: Movement[] }>(
    'GET',
    '/inventory/movements?kind=receipt&source=api',
  );
  const byInvoice = new Map<string, Movement[]>();
  for (const m of items) byInvoice.set(m.body.invoice ?? '', [...(byInvoice.get(m.body.invoice ?? '') ?? []), m]);
  return byInvoice;
}

async function journal(): Promise<JournalRow[]> {
  const list = await suite.sb.run(['inventory', 'receipts', 'list', '-o', 'json']);
  const rows = JSON.parse(list.stdout) as JournalRow[];
  // The lists of writes exit 7 while they show one whose outcome is unknown, 0 otherwise.
  expect(list.code, list.stderr).toBe(rows.some((r) => r.status === 'unknown') ? 7 : 0);
  return rows;
}

/** Before processing: a tenth 503, a tenth 429 (the CLI retries both, then gives up: not applied). */
const faults = {
  errorRate: 0.1,
  errorStatus: 503,
  errorMatch: RECEIPTS_ROUTE,
  rateLimitRate: 0.1,
  retryAfterSeconds: 0,
  rateLimitMatch: RECEIPTS_ROUTE,
};

interface Night {
  runs: Run[];
  /** Receipt POSTs whose answer was dropped after processing, or that got a 502: each leaves its run unknown. */
  lostAnswers: number;
}

/**
 * Each receipt once, AT_A_TIME at a time; before each, maybe one answer to
 * drop or one 502 to give (to whichever receipt POST comes next). Faults
 * are cleared at the end, and the lost answers counted from what was used.
 */
async function night(name: string, faulty: boolean, which = receipts): Promise<Night> {
  const queue = [...which];
  const done: Run[] = [];
  let lostAnswersSet = 0;
  if (faulty) await suite.sb.control('POST', '/faults', faults);
  // The first of the workers runs the built binary, the others run in this process.
  const worker = async (index: number) => {
    for (let receipt = queue.shift(); receipt; receipt = queue.shift()) {
      if (faulty && random() < DROP_SHARE) {
        lostAnswersSet++;
        await suite.sb.control('POST', '/faults', { dropAfterProcessing: [{ match: RECEIPTS_ROUTE }] });
      }
      if (faulty && random() < GATEWAY_502_SHARE) {
        lostAnswersSet++;
        await suite.sb.control('POST', '/faults', { failNext: [{ match: RECEIPTS_ROUTE, status: 502 }] });
      }
      const args = [
        'inventory',
        'stock',
        'receive',
        '--file',
        receipt.file,
        '--invoice',
        receipt.invoice,
        '--warehouse',
        '1',
      ];
      const result = await (index === 0
        ? runProcess(args, { env: suite.sb.env, timeoutMs: 60_000 })
        : suite.sb.run(args, { timeoutMs: 60_000 }));
      done.push({ night: name, invoice: receipt.invoice, code: result.code, stderr: result.stderr });
    }
  };
  await Promise.all(Array.from({ length: AT_A_TIME }, (_, index) => worker(index)));
  const left = await suite.sb.control<{
    failNext: Array<{ remaining: number }>;
    dropAfterProcessing: Array<{ remaining: number }>;
  }>('GET', '/faults');
  await suite.sb.control('DELETE', '/faults');
  runs.push(...done);
  const unused = [...left.failNext, ...left.dropAfterProcessing].reduce((n, rule) => n + rule.remaining, 0);
  return { runs: done, lostAnswers: lostAnswersSet - unused };
}

/** A 6 is acceptable only for a receipt the service refused (429/503 after the retries): not applied, sent by a rerun. */
const explainedSix = (run: Run) => run.code === 6 && /\b(429|503)\b|was not applied/.test(run.stderr);
const codesOf = (list: Run[]) =>
  list.reduce<Record<number, number>>((n, r) => ((n[r.code] = (n[r.code] ?? 0) + 1), n), {});

beforeAll(() => {
  receipts = Array.from({ length: RECEIPTS }, (_, i) => {
    const invoice = `INV-FS-${String(i + 1).padStart(3, '0')}`;
    const products = [...PRODUCTS].sort(() => random() - 0.5).slice(0, 1 + Math.floor(random() * 3));
    const items = products.map((productId) => ({ productId, quantity: pick(SIZES) }));
    const file = suite.file(
      `${invoice}.csv`,
      `productId,quantity\n${items.map((l) => `${l.productId},${l.quantity}`).join('\n')}\n`,
    );
    return { invoice, file, items };
  });
});

afterAll(async () => {
  await suite.sb?.control('DELETE', '/inventory/activity/timer').catch(() => undefined);
});

describe(
  'fault suite: 200 cron receipts, 4 at a time, under 5xx/429, dropped answers and in-venue trading',
  { timeout: 480_000 },
  () => {
    it('after two nights and the settle: every receipt applied exactly once, every unknown listed and settled', async () => {
      const started = Date.now();
      const sb = suite.sb;
      await sb.control('POST', '/inventory/activity/timer', {
        productIds: PRODUCTS,
        quantities: SIZES,
        intervalMs: 100,
        kinds: ['sale', 'receipt'],
      });

      // ---- night 1 and night 2, under faults
      const { runs: night1, lostAnswers: lost1 } = await night('night 1', true);
      const timeNight1 = Date.now();
      const afterNight1 = await appliedByInvoice();

      const { runs: night2, lostAnswers: lost2 } = await night('night 2', true);
      const timeNight2 = Date.now();
      const afterNight2 = await appliedByInvoice();
      const count = (oracle: Map<string, Movement[]>, invoice: string) => oracle.get(invoice)?.length ?? 0;

      // A recorded receipt rerun is a no-op; an unknown one is refused: neither is applied again on night 2.
      const code1 = new Map(night1.map((r) => [r.invoice, r.code]));
      const code2 = new Map(night2.map((r) => [r.invoice, r.code]));
      const resentAfterDone = receipts.filter(
        (r) => code1.get(r.invoice) === 0 && count(afterNight2, r.invoice) !== count(afterNight1, r.invoice),
      );
      const unknownNotRefused = receipts.filter((r) => code1.get(r.invoice) === 7 && code2.get(r.invoice) !== 7);
      // Every lost answer, and nothing else, leaves its receipt unknown: stock levels are never proof either way.
      const newUnknown1 = night1.filter((r) => r.code === 7).length;
      const newUnknown2 = night2.filter((r) => r.code === 7 && code1.get(r.invoice) !== 7).length;
      // A refusal (exit 6) was not applied.
      const refusedButApplied = [
        ...night1.filter((r) => r.code === 6 && count(afterNight1, r.invoice) > 0),
        ...night2.filter((r) => r.code === 6 && count(afterNight2, r.invoice) > count(afterNight1, r.invoice)),
      ].map((r) => `${r.night} ${r.invoice}`);
      const unknownResent = receipts.filter(
        (r) => code1.get(r.invoice) === 7 && count(afterNight2, r.invoice) !== count(afterNight1, r.invoice),
      );

      // ---- the settle: every receipt left unknown is listed, and a person settles it from the venue's own records
      const beforeSettle = await journal();
      const listedUnknown = beforeSettle.filter((row) => row.status === 'unknown');
      const lastCode = (invoice: string) => code2.get(invoice) ?? code1.get(invoice);
      const exitedSeven = new Set(receipts.filter((r) => lastCode(r.invoice) === 7).map((r) => r.invoice));
      const unknownInvoices = new Set(listedUnknown.map((row) => row.invoice ?? ''));
      const settleFailures: string[] = [];
      const settled = { applied: 0, notApplied: 0 };
      const oracle = await appliedByInvoice();
      for (const row of listedUnknown) {
        const applied = count(oracle, row.invoice ?? '') > 0;
        const resolved = await sb.run([
          'inventory',
          'receipts',
          'resolve',
          row.id,
          applied ? '--applied' : '--not-applied',
        ]);
        if (resolved.code !== 0)
          settleFailures.push(`${row.invoice} (${row.id}): exit ${resolved.code}: ${resolved.stderr.trim()}`);
        settled[applied ? 'applied' : 'notApplied']++;
      }

      const stillUnknown = (await journal()).filter((row) => row.status === 'unknown').map((row) => row.invoice);

      // ---- night 3: no faults, and (for time) only what nights 1 and 2 did not finish: every receipt that
      // was unknown (settled --applied: a no-op; --not-applied: sent) or refused, and whatever the journal has not settled.
      const unsettled = new Set(
        beforeSettle.filter((row) => row.status !== 'recorded' && row.status !== 'applied').map((row) => row.invoice),
      );
      const unfinished = receipts.filter(
        (r) => code1.get(r.invoice) !== 0 || code2.get(r.invoice) !== 0 || unsettled.has(r.invoice),
      );
      const { runs: night3 } = await night('night 3', false, unfinished);
      const timeNight3 = Date.now();
      const final = await appliedByInvoice();
      const activity = await sb.control<{
        applied: { sale: number; receipt: number };
        refused: { sale: number; receipt: number };
      }>('DELETE', '/inventory/activity/timer');
      const journalAtEnd = await journal();
      const settledApplied = new Set(
        listedUnknown.filter((row) => count(oracle, row.invoice ?? '') > 0).map((row) => row.invoice),
      );

      const doubled = receipts
        .filter((r) => count(final, r.invoice) > 1)
        .map((r) => `${r.invoice} ×${count(final, r.invoice)}`);
      const lost = receipts.filter((r) => count(final, r.invoice) === 0).map((r) => r.invoice);
      const wrongItems = receipts
        .filter((r) => count(final, r.invoice) === 1)
        .filter(
          (r) =>
            JSON.stringify(final.get(r.invoice)![0]!.changes) !==
            JSON.stringify(r.items.map((i) => ({ productId: i.productId, delta: i.quantity }))),
        )
        .map((r) => r.invoice);
      const unexplained = runs
        .filter((r) => r.code !== 0 && r.code !== 7 && !explainedSix(r))
        .map((r) => `${r.night} ${r.invoice}: exit ${r.code}: ${r.stderr.trim().split('\n').slice(0, 3).join(' | ')}`);
      const keys = [...final.values()].flat().map((m) => m.idempotencyKey);

      const figures = {
        ms: { night1: timeNight1 - started, night2: timeNight2 - timeNight1, settleAndNight3: timeNight3 - timeNight2 },
        exits: { night1: codesOf(night1), night2: codesOf(night2), night3: codesOf(night3) },
        lostAnswers: { night1: lost1, night2: lost2 },
        unknownListed: listedUnknown.length,
        settled,
        inVenue: { applied: activity.applied, refused: activity.refused },
        doubled: doubled.length,
        lost: lost.length,
      };
      console.info(`fault suite: ${JSON.stringify(figures)}`);

      // The timer trades every 100 ms: the venue traded meanwhile when it did so at least half as often, throughout
      // the run. A fixed count (100) failed once the nights got faster than 10 s, with the venue trading as asked.
      const tradesAsked = (timeNight3 - started) / 100;
      expect
        .soft(
          activity.applied.sale + activity.applied.receipt,
          `the venue traded meanwhile (about ${Math.round(tradesAsked)} trades asked)`,
        )
        .toBeGreaterThan(Math.max(20, tradesAsked / 2));
      expect.soft(unexplained, 'exit codes other than 0, 7 and an explained 6').toEqual([]);
      expect.soft(refusedButApplied, 'exit 6 (refused) but applied').toEqual([]);
      expect
        .soft(
          resentAfterDone.map((r) => r.invoice),
          'a receipt done on night 1 applied again on night 2',
        )
        .toEqual([]);
      expect
        .soft({ night1: newUnknown1, night2: newUnknown2 }, 'receipts left unknown (exit 7) vs answers lost')
        .toEqual({ night1: lost1, night2: lost2 });
      expect
        .soft(
          journalAtEnd
            .filter((row) => row.status === 'applied' && !settledApplied.has(row.invoice))
            .map((row) => row.invoice),
          'applied without a person saying so',
        )
        .toEqual([]);
      expect
        .soft(
          unknownNotRefused.map((r) => `${r.invoice}: ${code2.get(r.invoice)}`),
          'an unknown receipt not refused (exit 7) on night 2',
        )
        .toEqual([]);
      expect
        .soft(
          unknownResent.map((r) => r.invoice),
          'an unknown receipt sent again before it was settled',
        )
        .toEqual([]);
      expect
        .soft(
          [...exitedSeven].filter((i) => !unknownInvoices.has(i)),
          'exit 7 but not listed as unknown',
        )
        .toEqual([]);
      expect
        .soft(
          [...unknownInvoices].filter((i) => !exitedSeven.has(i)),
          'listed as unknown without an exit 7',
        )
        .toEqual([]);
      expect.soft(settleFailures, 'receipts resolve failed').toEqual([]);
      expect.soft(stillUnknown, 'unknown after the settle').toEqual([]);
      expect
        .soft(
          night3
            .filter((r) => r.code !== 0)
            .map((r) => `${r.invoice}: exit ${r.code}: ${r.stderr.trim().split('\n')[0]}`),
          'night 3 (no faults) not all exit 0',
        )
        .toEqual([]);
      expect
        .soft(
          journalAtEnd
            .filter((row) => row.status !== 'recorded' && row.status !== 'applied')
            .map((row) => `${row.invoice}: ${row.status}`),
          'journal not settled',
        )
        .toEqual([]);
      expect
        .soft(
          keys.filter((k) => !k),
          'a receipt sent without an Idempotency-Key',
        )
        .toEqual([]);
      expect.soft(new Set(keys).size, 'two receipts with one Idempotency-Key').toBe(keys.length);
      expect.soft(wrongItems, 'an invoice applied with other items').toEqual([]);
      expect.soft(doubled, 'receipts applied twice').toEqual([]);
      expect.soft(lost, 'receipts never applied').toEqual([]);
    });
  },
);
