// The reload workflow through every branch: a fake wallet, the real (durable) journal in a temporary directory.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  recordReload,
  reloadIdempotencyKey,
  type ReloadApi,
  type ReloadDeps,
  type ReloadRequest,
} from '../../../src/lib/wallet/workflows/reload.js';
import { ReloadJournal } from '../../../src/lib/wallet/reload-journal.js';
import { walletErrors } from '../../../src/lib/wallet/error-codes.js';
import { ApiError, InterruptedError, UnknownOutcomeError, UsageError } from '../../../src/lib/errors.js';
import { UnreadableAnswerError } from '../../../src/lib/reading.js';
import { DamagedJournalError } from '../../../src/lib/private-file.js';

const token = { get: async () => ({ token: 't', fromCache: true }), invalidate: async () => undefined };
const request: ReloadRequest = {
  profile: 'sandbox',
  email: 'ava@example.com',
  token,
  cardNumber: '6001000000000000001',
  productId: 'RL-25',
  price: 25,
  paymentReference: 'pay-1',
};
const answer = (status: number, code?: string) =>
  walletErrors.errorFor(
    new ApiError(status >= 500 ? 'server' : 'rejected', `wallet service answered ${status}`, {
      status,
      method: 'POST',
      url: '/api/v1/sale',
      code,
    }),
    'sale',
    {},
  );

type SaleStep = (key?: string) => Promise<{ saleId: string }>;

function harness(steps: SaleStep[], options: { dir?: string } = {}) {
  const dir = options.dir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'venue-reloads-'));
  const journal = new ReloadJournal(dir);
  const keys: Array<string | undefined> = [];
  let interrupted = false;
  const api: ReloadApi = {
    sale: async (_t, body, o) => {
      // As the HTTP layer does: nothing leaves after a Ctrl-C; else the journal marks it sending, then it goes.
      if (interrupted) throw new InterruptedError('interrupted: not sent');
      await o?.beforeSend?.();
      keys.push(o?.idempotencyKey);
      expect(body).toMatchObject({
        cardNumber: request.cardNumber,
        productId: 'RL-25',
        paymentReference: 'pay-1',
        amount: 25,
      });
      const step = steps.shift();
      if (!step) throw new Error('an unexpected send');
      return step(o?.idempotencyKey);
    },
  };
  const deps: ReloadDeps = {
    api,
    journal,
    now: () => Date.UTC(2026, 10, 22),
    interruption: { maySend: () => !interrupted },
  };
  return { deps, journal, keys, dir, interrupt: () => (interrupted = true) };
}

const ok: SaleStep = async () => ({ saleId: 'SALE-1' });
const lost: SaleStep = async () => {
  throw new UnknownOutcomeError('the wallet service did not answer');
};

describe('recordReload', () => {
  it('recorded: journalled before the send (amount in cents, with its key), then settled with the sale id', async () => {
    const h = harness([ok]);
    const outcome = await recordReload(h.deps, request);
    expect(outcome).toMatchObject({ kind: 'recorded', saleId: 'SALE-1', evidence: 'answer', settledUnknown: false });
    expect(h.keys).toEqual([reloadIdempotencyKey(request)]);
    expect(h.journal.records()).toMatchObject([
      {
        paymentReference: 'pay-1',
        outcome: 'recorded',
        saleId: 'SALE-1',
        amountCents: 2500,
        idempotencyKey: reloadIdempotencyKey(request),
      },
    ]);
  });

  it.each([[400], [404], [422], [429], [503]])('a %i answer is a refusal: not applied', async (status) => {
    const h = harness([async () => Promise.reject(answer(status))]);
    expect((await recordReload(h.deps, request)).kind).toBe('refused');
    expect(h.journal.records()[0]!.outcome).toBe('refused');
  });

  it.each([
    ['a lost answer', lost],
    ['a 500', async () => Promise.reject(answer(500))],
    ['a 502', async () => Promise.reject(new UnknownOutcomeError('gateway 502'))],
  ])('%s is unknown, journalled so, with the check and settle commands', async (_name, step) => {
    const h = harness([step as SaleStep]);
    const outcome = await recordReload(h.deps, request);
    expect(outcome).toMatchObject({
      kind: 'unknown',
      check: 'venue wallet activity 6001000000000000001 --kind reload',
      rerun: 'venue wallet reload 6001000000000000001 --product RL-25 --payment-ref pay-1 --yes',
    });
    expect(h.journal.records()[0]!.outcome).toBe('unknown');
  });

  it('lost, then applied: the rerun with the same reference and key is recognised (409 duplicate) and settles it as already recorded', async () => {
    const h = harness([lost, async () => Promise.reject(answer(409, 'duplicate_payment_reference'))]);
    expect((await recordReload(h.deps, request)).kind).toBe('unknown');
    expect(await recordReload(h.deps, request)).toEqual({ kind: 'already-recorded', evidence: 'duplicate-reference' });
    expect(h.keys[0]).toBe(h.keys[1]);
    expect(h.journal.records()).toMatchObject([
      { outcome: 'recorded', note: 'settled: the service recognised the payment reference' },
    ]);
  });

  it('lost, then not applied: the rerun is recorded now, once', async () => {
    const h = harness([lost, ok]);
    await recordReload(h.deps, request);
    expect(await recordReload(h.deps, request)).toMatchObject({
      kind: 'recorded',
      saleId: 'SALE-1',
      settledUnknown: true,
    });
    expect(h.journal.records()).toHaveLength(1);
  });

  it('a rerun refused (503) leaves it unknown: the first send is still unsettled', async () => {
    const h = harness([lost, async () => Promise.reject(answer(503))]);
    await recordReload(h.deps, request);
    expect((await recordReload(h.deps, request)).kind).toBe('unknown');
    expect(h.journal.records()[0]!.outcome).toBe('unknown');
  });

  it('a rerun of a recorded reload sends nothing', async () => {
    const h = harness([ok]);
    await recordReload(h.deps, request);
    expect(await recordReload(h.deps, request)).toEqual({
      kind: 'already-recorded',
      saleId: 'SALE-1',
      evidence: 'journal',
    });
    expect(h.keys).toHaveLength(1);
  });

  it('a reference this journal never sent that the service already recorded is refused, not claimed as this reload', async () => {
    const h = harness([async () => Promise.reject(answer(409, 'duplicate_payment_reference'))]);
    expect((await recordReload(h.deps, request)).kind).toBe('refused');
  });

  it('a reference journalled for another card is refused before anything is sent', async () => {
    const h = harness([lost]);
    await recordReload(h.deps, request);
    const outcome = await recordReload(h.deps, { ...request, cardNumber: '6001000000000000002' });
    expect(outcome.kind).toBe('refused');
    expect((outcome as { error: unknown }).error).toBeInstanceOf(UsageError);
    expect(h.keys).toHaveLength(1);
  });

  it('an accepted answer that cannot be read is recorded (the service took it)', async () => {
    const h = harness([
      async () =>
        Promise.reject(
          new UnreadableAnswerError(
            { service: 'wallet', operation: 'record the reload sale', accepted: true },
            'has no sale id',
          ),
        ),
    ]);
    expect(await recordReload(h.deps, request)).toMatchObject({ kind: 'recorded', evidence: 'accepted' });
    expect(h.journal.records()[0]!.outcome).toBe('recorded');
  });

  it('interrupted before the send: nothing sent, nothing journalled', async () => {
    const h = harness([]);
    h.interrupt();
    expect(await recordReload(h.deps, request)).toEqual({ kind: 'interrupted-before-send' });
    expect(h.journal.records()).toEqual([]);
  });

  it('the HTTP layer refusing to send after a Ctrl-C: interrupted, nothing journalled (marked sending only as it leaves)', async () => {
    const h = harness([ok]);
    const sale = h.deps.api.sale;
    h.deps.api.sale = async (t, body, o) => {
      h.interrupt(); // the Ctrl-C lands after the workflow's own check, before the HTTP layer's
      return sale(t, body, o);
    };
    expect(await recordReload(h.deps, request)).toEqual({ kind: 'interrupted-before-send' });
    expect(h.journal.records()).toEqual([]);
    expect(h.keys).toEqual([]);
  });

  it('interrupted during the send: the answer that arrives is the outcome', async () => {
    const h = harness([]);
    h.deps.api.sale = async (_t, _b, o) => {
      await o?.beforeSend?.();
      h.interrupt();
      return { saleId: 'SALE-9' };
    };
    expect(await recordReload(h.deps, request)).toMatchObject({ kind: 'recorded', saleId: 'SALE-9' });
  });

  it('interrupted after the send: the recorded outcome stands in the journal', async () => {
    const h = harness([ok]);
    await recordReload(h.deps, request);
    h.interrupt();
    expect(h.journal.records()[0]!.outcome).toBe('recorded');
  });

  it('a damaged journal stops before anything is sent (exit 1, naming the file and its .bak), never read as empty', async () => {
    const h = harness([ok, ok]);
    await recordReload(h.deps, request);
    fs.writeFileSync(h.journal.file, '[{"paymentReference": "pay-1", tor');
    const error = await recordReload(h.deps, request).catch((e) => e);
    expect(error).toBeInstanceOf(DamagedJournalError);
    expect(error.exitCode).toBe(1);
    expect(error.message).toContain(h.journal.file);
    expect(error.hint).toContain(`${h.journal.file}.bak`);
    expect(h.keys).toHaveLength(1);
  });
});
