// Recording a payment against an order (`order pay`, and the payment step of
// `book`) as a workflow with typed outcomes. What an answer means is the one
// rule of every write (writes/rule.ts); an unknown is settled only by
// conclusive evidence — here the order read back: confirmed with this payment
// reference is recorded; still awaiting payment is not recorded (the same
// reference may be sent again); no answer to the lookup leaves it unknown,
// with the commands to check and finish it. An answer that disagrees with the
// payment (another order, amount or reference) is unknown too (exit 6). Each
// send is journalled (the booking journal), marked as it is about to leave.
// Knows nothing of the terminal: the commands render the outcome.

import { createHash } from 'node:crypto';
import { RejectedError, type VenueError } from '../../errors.js';
import type { Order, SaleOutcome, SaleRecord } from '../shapes.js';
import { isRefusal } from '../../writes/rule.js';
import { AnswerCheck, describeDisagreements, type Disagreement } from '../../writes/agreement.js';
import { sendJournalled } from '../../writes/send.js';
import { bookingErrors } from '../error-codes.js';
import { venueCommand, venueHint } from '../../hint-command.js';
import { isRecord, sourceOf, type UnreadableAnswerError } from '../../reading.js';
import type { WriteOutcome } from '../../records.js';
import { HoldJournal } from '../hold-journal.js';

export interface PaymentApi {
  recordSale(
    request: PaymentRequest,
    options?: { idempotencyKey?: string; beforeSend?: () => Promise<void> },
  ): Promise<SaleOutcome>;
  findOrder(orderId: string): Promise<Order | undefined>;
}

/** What the workflow needs of the program's interruption. */
export interface PaymentInterruption {
  /** False once Ctrl-C was pressed: nothing new is sent. */
  maySend(): boolean;
  /** Work allowed to send after a Ctrl-C: reading the order back to learn the real outcome. */
  cleanup<T>(work: () => Promise<T>): Promise<T>;
  /** Keeps the process open after a Ctrl-C until the payment's outcome is recorded. */
  holdOpen?(what: string): () => void;
}

/** Where each send of a payment is journalled (the booking journal). */
export interface PaymentRecorder {
  /** The payment is about to leave. */
  sending(request: PaymentRequest): Promise<void>;
  /** What is known of it now. */
  outcome(
    request: PaymentRequest,
    status: 'recorded' | 'not-applied' | 'unknown',
    note: string,
    fields?: { saleId?: string; disagreement?: string[] },
  ): Promise<void>;
}

export interface PaymentDeps {
  api: PaymentApi;
  interruption: PaymentInterruption;
  /** The hold journal: a payment known recorded takes its order's holds off the record; payments are journalled in it. */
  journal?: {
    settled(match: { reservationIds?: string[]; orderId?: string }): Promise<void>;
    payments?: PaymentRecorder;
  };
}

export interface PaymentRequest {
  orderId: string;
  amount: number;
  paymentReference: string;
}

/** How a recorded payment is known: its answer, the order read back after a lost answer, or already on the order before sending. */
export type PaymentEvidence = 'answer' | 'order-read-back' | 'already-on-order';

export type PaymentOutcome =
  | {
      kind: 'recorded';
      orderId: string;
      evidence: PaymentEvidence;
      orderStatus?: string;
      order?: Order;
      sale: SaleRecord;
      /** The service accepted it (2xx) but its answer could not be read: settled by the order read back, and still exit 6. */
      unreadable?: UnreadableAnswerError;
    }
  /** The service refused it (or the order cannot take it): not applied. orderPaid: the order is paid by another payment (never cancel it). */
  | { kind: 'refused'; orderId: string; error: VenueError; orderPaid?: boolean }
  /** The answer was lost, and the order read back shows no payment: not applied; the same reference may be sent again. */
  | { kind: 'not-recorded'; orderId: string; reason: string; order: Order }
  /** Nothing settles it: the commands to check and to finish. */
  | { kind: 'unknown'; orderId: string; reason: string; check: string; finish: string; cause?: unknown }
  /** Answered, but the answer disagrees with the payment sent: journalled unknown (exit 6). */
  | { kind: 'disagrees'; orderId: string; disagreements: Disagreement[]; check: string; finish: string }
  /** Ctrl-C came before the sale was sent: nothing was sent. */
  | { kind: 'interrupted-before-send'; orderId: string };

/** The Idempotency-Key of a payment: the same order and reference give the same key on every rerun. */
export function paymentIdempotencyKey(request: PaymentRequest): string {
  return `venue-sale-${createHash('sha256').update(`${request.orderId}\n${request.paymentReference}`).digest('hex').slice(0, 32)}`;
}

export function sameCents(a: number, b: number): boolean {
  return Math.round(a * 100) === Math.round(b * 100);
}

export function settleCommands(request: PaymentRequest): { check: string; finish: string } {
  return {
    check: venueCommand(['booking', 'order', 'show', request.orderId]),
    finish: venueCommand([
      'booking',
      'order',
      'pay',
      request.orderId,
      '--amount',
      request.amount.toFixed(2),
      '--payment-ref',
      request.paymentReference,
    ]),
  };
}

/**
 * Records the payment. With checkFirst (`order pay`, which may be a rerun)
 * the order is read before anything is sent: a payment already on it with
 * this reference is reported as recorded, and nothing is sent again.
 */
export async function recordPayment(
  deps: PaymentDeps,
  request: PaymentRequest,
  options: { checkFirst?: boolean } = {},
): Promise<PaymentOutcome> {
  const outcome = await decidePayment(deps, request, options);
  if (outcome.kind === 'recorded' || (outcome.kind === 'refused' && outcome.orderPaid)) {
    // Paid: its places are no hold any more. The record is venue's own file, written even after a Ctrl-C.
    const order = outcome.kind === 'recorded' ? outcome.order : undefined;
    await deps.journal?.settled({ orderId: request.orderId, reservationIds: order?.reservationIds });
  }
  return outcome;
}

async function decidePayment(
  deps: PaymentDeps,
  request: PaymentRequest,
  options: { checkFirst?: boolean },
): Promise<PaymentOutcome> {
  const { api, interruption } = deps;
  const { orderId } = request;
  const recorder = deps.journal?.payments;

  if (options.checkFirst) {
    const current = await api.findOrder(orderId);
    const before = current && judgeOrderBefore(current, request);
    if (before) {
      if (before.kind === 'recorded')
        await recorder?.outcome(request, 'recorded', 'already on the order, read before sending');
      return before;
    }
  }

  if (!interruption.maySend()) return { kind: 'interrupted-before-send', orderId };
  const settle = async (outcome: PaymentOutcome): Promise<PaymentOutcome> => {
    if (!recorder) return outcome;
    switch (outcome.kind) {
      case 'recorded':
        await recorder.outcome(
          request,
          'recorded',
          outcome.evidence === 'answer' ? 'the service recorded it' : 'the order read back carries it',
          outcome.sale.id ? { saleId: outcome.sale.id } : {},
        );
        break;
      case 'refused':
      case 'not-recorded':
        await recorder.outcome(
          request,
          'not-applied',
          outcome.kind === 'refused' ? `refused: ${outcome.error.message}` : outcome.reason,
        );
        break;
      case 'unknown':
        await recorder.outcome(request, 'unknown', outcome.reason);
        break;
      case 'disagrees':
        await recorder.outcome(request, 'unknown', 'the answer disagrees with the payment sent', {
          disagreement: describeDisagreements(outcome.disagreements),
        });
        break;
      case 'interrupted-before-send':
        await recorder.outcome(request, 'not-applied', 'interrupted before it was sent again');
        break;
    }
    return outcome;
  };
  return sendJournalled<SaleOutcome, PaymentOutcome>({
    interruption,
    what: `the payment for order ${orderId}`,
    request,
    mark: async () => recorder?.sending(request),
    send: ({ beforeSend }) => api.recordSale(request, { idempotencyKey: paymentIdempotencyKey(request), beforeSend }),
    // Nothing left (a Ctrl-C before it, a login that failed): nothing to record.
    notSent: (error) => {
      if (!interruption.maySend()) return { kind: 'interrupted-before-send', orderId };
      throw error;
    },
    record: async (sent) => {
      switch (sent.kind) {
        case 'answered': {
          const paid = sent.result;
          const disagreements = checkPayment(request, paid);
          if (disagreements.length)
            return settle({ kind: 'disagrees', orderId, disagreements, ...settleCommands(request) });
          return settle({
            kind: 'recorded',
            orderId,
            evidence: 'answer',
            orderStatus: paid.orderStatus,
            order: paid.order,
            sale: paid.sale,
          });
        }
        case 'interrupted-before-send':
          return settle({ kind: 'interrupted-before-send', orderId });
        case 'refused': {
          const error = sent.error;
          if (bookingErrors.meaning(error, 'record-sale') === 'already-paid') {
            // Paid already: by this payment (a resend of a lost one) or by another.
            const settled = await settleByReadingBack(deps, request, error);
            if (settled.kind !== 'unknown') return settle(settled);
            return settle({
              kind: 'refused',
              orderId,
              orderPaid: true,
              error: new RejectedError(`order ${orderId} is already paid; nothing recorded`, {
                cause: error,
                hint: `See it with ${venueHint(['booking', 'order', 'show', orderId])}.`,
              }),
            });
          }
          return settle({ kind: 'refused', orderId, error: (sent.raised as VenueError | undefined) ?? error });
        }
        case 'not-sent':
          // A retry after a refusal that never left: not applied.
          return settle({ kind: 'refused', orderId, error: sent.error as VenueError });
        default: {
          // No answer, one that cannot say, or one that cannot be read: the order read back decides.
          const settled = await settleByReadingBack(deps, request, sent.error);
          // An answer that could not be read is said (exit 6) even when the order read back settles the payment.
          if (sent.kind === 'accepted-unreadable' && settled.kind === 'recorded')
            return settle({ ...settled, unreadable: sent.error });
          return settle(settled);
        }
      }
    },
  });
}

/** What a payment's answer states against the payment sent: the order, the amount, the reference. */
export function checkPayment(request: PaymentRequest, paid: SaleOutcome): Disagreement[] {
  return new AnswerCheck()
    .id('orderId', request.orderId, paid.order?.id)
    .amount('amount', request.amount, paid.sale.amount)
    .text('paymentReference', request.paymentReference, paid.sale.paymentReference).found;
}

/** Before sending: an order already paid, closed, or for another amount decides without a send. */
export function judgeOrderBefore(current: Order, request: PaymentRequest): PaymentOutcome | undefined {
  const { orderId, amount, paymentReference } = request;
  if (current.status === 'confirmed') {
    const sale = current.sale;
    if (sale?.paymentReference === paymentReference && (sale.amount === undefined || sameCents(sale.amount, amount))) {
      return {
        kind: 'recorded',
        orderId,
        evidence: 'already-on-order',
        orderStatus: current.status,
        order: current,
        sale: sale ?? {},
      };
    }
    return {
      kind: 'refused',
      orderId,
      orderPaid: true,
      error: new RejectedError(
        `order ${orderId} is already paid${sale?.paymentReference ? ` (reference ${sale.paymentReference})` : ''}; nothing recorded`,
        {
          hint: `See it with ${venueHint(['booking', 'order', 'show', orderId])}.`,
        },
      ),
    };
  }
  // Only states known to refuse payment stop here; a word venue does not know is left to the service to judge.
  if (current.status === 'cancelled' || current.status === 'expired') {
    return {
      kind: 'refused',
      orderId,
      error: new RejectedError(`order ${orderId} is ${current.status}; it cannot be paid`),
    };
  }
  if (current.total !== undefined && !sameCents(current.total, amount)) {
    return {
      kind: 'refused',
      orderId,
      error: new RejectedError(
        `--amount ${amount.toFixed(2)} does not match the order total ${current.total.toFixed(2)}; nothing recorded`,
      ),
    };
  }
  return undefined;
}

/**
 * The answer could not say whether the payment was applied: read the order
 * back (allowed after a Ctrl-C, since it only settles what was sent).
 */
async function settleByReadingBack(
  deps: PaymentDeps,
  request: PaymentRequest,
  cause: unknown,
): Promise<PaymentOutcome> {
  const { orderId, paymentReference } = request;
  const why = (cause as Error)?.message ?? String(cause);
  const unknown = (reason: string): PaymentOutcome => ({
    kind: 'unknown',
    orderId,
    reason,
    cause,
    ...settleCommands(request),
  });
  let order: Order | undefined;
  try {
    order = await deps.interruption.cleanup(() => deps.api.findOrder(orderId));
  } catch (error) {
    return unknown(`${why}; reading the order back failed too (${(error as Error)?.message ?? String(error)})`);
  }
  if (!order) return unknown(`${why}; this booking service does not offer order lookups to check it`);
  if (order.status === 'confirmed') {
    const reference = order.sale?.paymentReference;
    if (reference === undefined || reference === paymentReference) {
      return {
        kind: 'recorded',
        orderId,
        evidence: 'order-read-back',
        orderStatus: order.status,
        order,
        sale: order.sale ?? {},
      };
    }
    return {
      kind: 'refused',
      orderId,
      orderPaid: true,
      error: new RejectedError(
        `order ${orderId} is paid with another payment (reference ${reference}); this one was not recorded`,
        { cause },
      ),
    };
  }
  if (order.status === 'created' || order.status === 'cancelled' || order.status === 'expired') {
    return {
      kind: 'not-recorded',
      orderId,
      order,
      reason: `${why}; the order read back is ${order.status}, with no payment`,
    };
  }
  return unknown(`${why}; the order read back is "${order.status ?? 'without a status'}", which does not say`);
}

/**
 * The paid order as the service gave it, in one record whatever its layout:
 * the order (from the answer or read back) with its sale inside; a sale the
 * answer gave beside the order, not inside it, is put inside it (without the
 * order it carried). Every value is the service's. Null with no order.
 */
function paidOrder(order: Order | undefined, sale: object): unknown {
  const orderRaw = sourceOf(order);
  if (!isRecord(orderRaw)) return null;
  if (Object.keys(orderRaw).some((k) => ['sale', 'payment'].includes(k.toLowerCase()))) return orderRaw;
  const saleRaw = sourceOf(sale);
  if (!isRecord(saleRaw) || saleRaw === orderRaw) return orderRaw;
  const saleOnly = Object.fromEntries(
    Object.entries(saleRaw).filter(([k]) => !['order', 'booking'].includes(k.toLowerCase())),
  );
  return { ...orderRaw, sale: saleOnly };
}

/**
 * A recorded payment as the one write outcome (records.ts): already-recorded
 * when the order already held it (nothing sent, nothing journalled),
 * recorded otherwise with its journal entry; the paid order as the service
 * gave it; `venue`, what venue chose and sent on the way.
 */
export function paymentWriteOutcome(
  payment: Pick<Extract<PaymentOutcome, { kind: 'recorded' }>, 'order' | 'sale' | 'evidence'>,
  request: { orderId: string; paymentReference: string },
  venue: Readonly<Record<string, unknown>>,
): WriteOutcome {
  const already = payment.evidence === 'already-on-order';
  return {
    status: already ? 'already-recorded' : 'recorded',
    reference: request.paymentReference,
    journalId: already ? null : HoldJournal.paymentEntryId(request.orderId, request.paymentReference),
    record: paidOrder(payment.order, payment.sale),
    venue: { ...venue, evidence: payment.evidence },
  };
}
