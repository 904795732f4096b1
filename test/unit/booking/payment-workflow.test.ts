// The payment workflow through every branch, with a fake service and a fake interruption.

import { describe, expect, it } from 'vitest';
import {
  paymentIdempotencyKey,
  recordPayment,
  type PaymentApi,
  type PaymentDeps,
} from '../../../src/lib/booking/workflows/payment.js';
import type { Order, SaleOutcome } from '../../../src/lib/booking/shapes.js';
import {
  ApiError,
  InterruptedError,
  RejectedError,
  ServerError,
  UnknownOutcomeError,
} from '../../../src/lib/errors.js';

const request = { orderId: 'ord-1', amount: 40, paymentReference: 'PSP-1' };
const created: Order = { id: 'ord-1', status: 'created', total: 40, reservationIds: ['res-1'], reservations: [] };
const confirmed = (paymentReference = 'PSP-1'): Order => ({
  ...created,
  status: 'confirmed',
  sale: { id: 'sale-1', amount: 40, paymentReference },
});
const apiError = (status: number, code?: string) =>
  new ApiError(status >= 500 ? 'server' : 'rejected', `booking service answered ${status}`, {
    status,
    method: 'POST',
    url: '/api/v1/sale',
    code,
  });

function harness(api: Partial<PaymentApi>) {
  const calls: string[] = [];
  const settled: unknown[] = [];
  let interrupted = false;
  let inCleanup = false;
  const deps: PaymentDeps = {
    api: {
      recordSale: async (r, o) => {
        // As the HTTP layer does: nothing leaves after a Ctrl-C (but cleanup); else beforeSend, then the send.
        if (interrupted && !inCleanup) throw new InterruptedError('interrupted: "record the sale" was not sent');
        await o?.beforeSend?.();
        calls.push(`sale ${r.paymentReference} key=${o?.idempotencyKey}`);
        return api.recordSale
          ? api.recordSale(r, o)
          : { orderId: r.orderId, orderStatus: 'confirmed', order: confirmed(), sale: { id: 'sale-1' } };
      },
      findOrder: async (id) => {
        calls.push(`find ${id}${interrupted ? (inCleanup ? ' (cleanup)' : ' (after Ctrl-C, not as cleanup)') : ''}`);
        return api.findOrder ? api.findOrder(id) : created;
      },
    },
    interruption: {
      maySend: () => !interrupted || inCleanup,
      cleanup: async (work) => {
        inCleanup = true;
        try {
          return await work();
        } finally {
          inCleanup = false;
        }
      },
    },
    journal: { settled: async (m) => void settled.push(m) },
  };
  return { deps, calls, settled, interrupt: () => (interrupted = true) };
}

describe('recordPayment', () => {
  it('recorded by its answer, with a key that is the same on every rerun of the same order and reference', async () => {
    const h = harness({});
    const outcome = await recordPayment(h.deps, request);
    expect(outcome).toMatchObject({ kind: 'recorded', evidence: 'answer', orderStatus: 'confirmed' });
    expect(h.calls).toEqual([`sale PSP-1 key=${paymentIdempotencyKey(request)}`]);
    expect(paymentIdempotencyKey(request)).toBe(paymentIdempotencyKey({ ...request }));
    expect(paymentIdempotencyKey(request)).not.toBe(paymentIdempotencyKey({ ...request, paymentReference: 'PSP-2' }));
    expect(h.settled).toEqual([{ orderId: 'ord-1', reservationIds: ['res-1'] }]);
  });

  it.each([[400], [404], [422], [429], [503]])(
    'a %i answer is a refusal: not applied, nothing read back',
    async (status) => {
      const h = harness({ recordSale: async () => Promise.reject(apiError(status)) });
      const outcome = await recordPayment(h.deps, request);
      expect(outcome.kind).toBe('refused');
      expect(h.calls).toHaveLength(1);
      expect(h.settled).toEqual([]);
    },
  );

  it('lost, then applied: the order read back confirmed with this reference is recorded', async () => {
    const h = harness({
      recordSale: async () => Promise.reject(new UnknownOutcomeError('no answer')),
      findOrder: async () => confirmed(),
    });
    const outcome = await recordPayment(h.deps, request);
    expect(outcome).toMatchObject({ kind: 'recorded', evidence: 'order-read-back', sale: { id: 'sale-1' } });
    expect(h.settled).toHaveLength(1);
  });

  it('lost, then not applied: the order read back still awaiting payment is not recorded', async () => {
    const h = harness({ recordSale: async () => Promise.reject(apiError(500)) });
    const outcome = await recordPayment(h.deps, request);
    expect(outcome).toMatchObject({ kind: 'not-recorded', orderId: 'ord-1' });
    expect(h.settled).toEqual([]);
  });

  it('lost, and the order cannot be read: unknown, with the commands to check and finish', async () => {
    for (const findOrder of [async () => undefined, async () => Promise.reject(new ServerError('down'))]) {
      const h = harness({ recordSale: async () => Promise.reject(new UnknownOutcomeError('no answer')), findOrder });
      const outcome = await recordPayment(h.deps, request);
      expect(outcome).toMatchObject({
        kind: 'unknown',
        check: 'venue booking order show ord-1',
        finish: 'venue booking order pay ord-1 --amount 40.00 --payment-ref PSP-1',
      });
    }
  });

  it('lost, and the order shows another payment: this one was refused, and the order is marked paid', async () => {
    const h = harness({
      recordSale: async () => Promise.reject(new UnknownOutcomeError('no answer')),
      findOrder: async () => confirmed('PSP-OTHER'),
    });
    const outcome = await recordPayment(h.deps, request);
    expect(outcome).toMatchObject({ kind: 'refused', orderPaid: true });
  });

  it('a resend answered "already paid" with this reference on the order is recorded; with another, refused', async () => {
    const same = harness({
      recordSale: async () => Promise.reject(apiError(409, 'already_paid')),
      findOrder: async () => confirmed(),
    });
    expect(await recordPayment(same.deps, request)).toMatchObject({ kind: 'recorded', evidence: 'order-read-back' });
    const other = harness({
      recordSale: async () => Promise.reject(apiError(409, 'already_paid')),
      findOrder: async () => confirmed('PSP-9'),
    });
    const outcome = await recordPayment(other.deps, request);
    expect(outcome).toMatchObject({ kind: 'refused', orderPaid: true });
    expect((outcome as { error: unknown }).error).toBeInstanceOf(RejectedError);
  });

  it('checking first: a payment already on the order is recorded without sending; a closed order or another amount is refused', async () => {
    const paid = harness({ findOrder: async () => confirmed() });
    expect(await recordPayment(paid.deps, request, { checkFirst: true })).toMatchObject({
      kind: 'recorded',
      evidence: 'already-on-order',
    });
    expect(paid.calls).toEqual(['find ord-1']);
    const cancelled = harness({ findOrder: async () => ({ ...created, status: 'cancelled' }) });
    expect(await recordPayment(cancelled.deps, request, { checkFirst: true })).toMatchObject({ kind: 'refused' });
    const other = harness({ findOrder: async () => ({ ...created, total: 40.01 }) });
    expect(await recordPayment(other.deps, request, { checkFirst: true })).toMatchObject({ kind: 'refused' });
    expect(other.calls).toEqual(['find ord-1']);
  });

  it('interrupted before the send: nothing is sent', async () => {
    const h = harness({});
    h.interrupt();
    expect(await recordPayment(h.deps, request)).toEqual({ kind: 'interrupted-before-send', orderId: 'ord-1' });
    expect(h.calls).toEqual([]);
  });

  it('the HTTP layer refusing to send after a Ctrl-C is interrupted-before-send', async () => {
    const h = harness({
      recordSale: async () => Promise.reject(new InterruptedError('interrupted: "record the sale" was not sent')),
    });
    expect(await recordPayment(h.deps, request)).toMatchObject({ kind: 'interrupted-before-send' });
  });

  it('interrupted during the send: the answer that arrives is the outcome', async () => {
    const h = harness({});
    const inner = h.deps.api.recordSale;
    h.deps.api.recordSale = async (r, o) => {
      const answer = inner(r, o); // on its way: past the HTTP layer's Ctrl-C check
      h.interrupt();
      return answer;
    };
    expect(await recordPayment(h.deps, request)).toMatchObject({ kind: 'recorded', evidence: 'answer' });
  });

  it('interrupted during a send whose answer is lost: the order is read back as cleanup (allowed after the Ctrl-C)', async () => {
    const h = harness({ findOrder: async () => confirmed() });
    h.deps.api.recordSale = async (_r, o) => {
      await o?.beforeSend?.();
      h.interrupt();
      throw new UnknownOutcomeError('no answer');
    };
    expect(await recordPayment(h.deps, request)).toMatchObject({ kind: 'recorded', evidence: 'order-read-back' });
    expect(h.calls).toEqual(['find ord-1 (cleanup)']);
  });

  it('interrupted after the send: the recorded outcome stands', async () => {
    const h = harness({});
    const outcome = await recordPayment(h.deps, request);
    h.interrupt();
    expect(outcome.kind).toBe('recorded');
  });
});
