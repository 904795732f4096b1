// Recording a reload sale as a workflow with typed outcomes; the command only
// parses flags and renders. The one rule for a write: an answer that says the
// request was refused (4xx, 429, 503) means not applied; no answer, or one
// that cannot say (5xx, a lost connection), means unknown. An unknown reload
// is settled only by conclusive evidence: rerun with the same payment
// reference, and the service either records it now (2xx: it was not applied
// before) or recognises the reference (409 duplicate_payment_reference: it
// was). Every send is written to the reload journal first, with the entry's
// Idempotency-Key, the same on every rerun of the entry.

import { createHash } from 'node:crypto';
import { ApiError, InterruptedError, UnknownOutcomeError, UsageError, VenueError } from '../../errors.js';
import { UnreadableAnswerError } from '../../reading.js';
import type { TokenSource } from '../../http.js';
import { isDuplicatePaymentReference, type WalletSale } from '../client.js';
import type { SaleBody } from '../schemas.js';
import type { ReloadJournal, ReloadRecord } from '../reload-journal.js';

export interface ReloadApi {
  sale(guest: TokenSource, body: SaleBody, options?: { idempotencyKey?: string }): Promise<WalletSale>;
}

export interface ReloadInterruption {
  /** False once Ctrl-C was pressed: nothing new is sent. */
  maySend(): boolean;
}

export interface ReloadDeps {
  api: ReloadApi;
  journal: Pick<ReloadJournal, 'find' | 'record' | 'settle'>;
  now: () => number;
  interruption: ReloadInterruption;
}

export interface ReloadRequest {
  profile: string;
  email: string;
  token: TokenSource;
  cardNumber: string;
  productId: string;
  /** The product's price as the service lists it. */
  price: number;
  paymentReference: string;
}

export type ReloadEvidence =
  /** The sale's own answer. */
  | 'answer'
  /** A 2xx whose body could not be read: the service accepted it. */
  | 'accepted'
  /** A rerun: the service recognised the payment reference (409 duplicate). */
  | 'duplicate-reference'
  /** The journal already holds the sale's id for this reference: nothing was sent. */
  | 'journal';

export type ReloadWorkflowOutcome =
  | { kind: 'recorded'; saleId?: string; sale?: WalletSale; evidence: 'answer' | 'accepted'; settledUnknown: boolean; problem?: string }
  /** Applied before, by this journal entry: not credited again. */
  | { kind: 'already-recorded'; saleId?: string; evidence: 'duplicate-reference' | 'journal' }
  /** The service refused it: not applied. */
  | { kind: 'refused'; error: VenueError }
  /** No conclusive answer: the commands to check and to settle. */
  | { kind: 'unknown'; reason: string; check: string; rerun: string; cause?: unknown }
  /** Ctrl-C came before the sale was sent: nothing was sent. */
  | { kind: 'interrupted-before-send' };

/** The Idempotency-Key of a reload: the same profile, card, product and reference give the same key on every rerun. */
export function reloadIdempotencyKey(request: Pick<ReloadRequest, 'profile' | 'cardNumber' | 'productId' | 'paymentReference'>): string {
  const material = [request.profile, request.cardNumber, request.productId, request.paymentReference].join('\n');
  return `venue-reload-${createHash('sha256').update(material).digest('hex').slice(0, 32)}`;
}

export function reloadCommands(request: Pick<ReloadRequest, 'cardNumber' | 'productId' | 'paymentReference'>): { check: string; rerun: string } {
  return {
    check: `venue wallet activity ${request.cardNumber} --kind reload`,
    rerun: `venue wallet reload ${request.cardNumber} --product ${request.productId} --payment-ref ${request.paymentReference} --yes`,
  };
}

/** The HTTP answer behind an error, also when the client explained it in its own words. */
function answerOf(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  const cause = (error as { cause?: unknown } | undefined)?.cause;
  return cause instanceof ApiError ? cause : undefined;
}

/** An answer that says the request was refused before anything was done. */
function isRefusal(answer: ApiError): boolean {
  return (answer.status >= 400 && answer.status < 500 && answer.status !== 408) || answer.status === 503;
}

const unsettled = (entry: ReloadRecord | undefined) => entry !== undefined && (entry.outcome === 'sent' || entry.outcome === 'unknown');

export async function recordReload(deps: ReloadDeps, request: ReloadRequest): Promise<ReloadWorkflowOutcome> {
  const { api, journal, interruption } = deps;
  const { profile, paymentReference } = request;
  const commands = reloadCommands(request);

  const previous = journal.find(profile, paymentReference);
  if (previous && (previous.cardNumber !== request.cardNumber || previous.productId !== request.productId) && previous.outcome !== 'refused') {
    // Sending it for another card would make the service's "already recorded" ambiguous.
    return {
      kind: 'refused',
      error: new UsageError(`payment ref ${paymentReference} is already recorded here for card ${previous.cardNumber}, product ${previous.productId} (${previous.outcome}); nothing was sent`, {
        hint: unsettled(previous)
          ? `Settle that reload first: ${reloadCommands(previous).rerun}`
          : 'Each payment is one reload: use the reference the payment gateway gave for this one.',
      }),
    };
  }
  if (previous?.outcome === 'recorded') {
    // The service answered this entry with a sale before: conclusive, nothing to send.
    return { kind: 'already-recorded', saleId: previous.saleId, evidence: 'journal' };
  }
  const settling = unsettled(previous);
  if (!interruption.maySend()) return { kind: 'interrupted-before-send' };

  const idempotencyKey = previous?.idempotencyKey ?? reloadIdempotencyKey(request);
  await journal.record({
    profile,
    email: request.email,
    cardNumber: request.cardNumber,
    productId: request.productId,
    amount: request.price,
    amountCents: Math.round(request.price * 100),
    paymentReference,
    idempotencyKey,
    sentAt: previous?.sentAt ?? deps.now(),
    outcome: settling ? 'unknown' : 'sent',
  });

  let sale: WalletSale;
  try {
    sale = await api.sale(request.token, { cardNumber: request.cardNumber, productId: request.productId, paymentReference, amount: request.price }, { idempotencyKey });
  } catch (error) {
    if (error instanceof InterruptedError) {
      // The HTTP layer refused to send after the Ctrl-C: the entry stays as it was.
      await journal.settle(profile, paymentReference, settling ? 'unknown' : 'refused', { note: 'interrupted before it was sent' });
      return { kind: 'interrupted-before-send' };
    }
    if (error instanceof UnreadableAnswerError) {
      await journal.settle(profile, paymentReference, 'recorded', { note: 'the service accepted it; its answer could not be read' });
      return { kind: 'recorded', evidence: 'accepted', settledUnknown: settling, problem: error.message };
    }
    if (isDuplicatePaymentReference(error)) {
      if (settling) {
        await journal.settle(profile, paymentReference, 'recorded', { note: 'settled: the service recognised the payment reference' });
        return { kind: 'already-recorded', evidence: 'duplicate-reference' };
      }
      // Not sent from this journal entry: recorded elsewhere, and not credited again now.
      await journal.settle(profile, paymentReference, 'refused', { note: 'the service had already recorded this payment reference' });
      return { kind: 'refused', error: error as VenueError };
    }
    const answer = answerOf(error);
    const notSent = error instanceof VenueError && !answer && !(error instanceof UnknownOutcomeError) && (error.category === 'auth' || error.category === 'usage');
    if ((answer && isRefusal(answer)) || notSent) {
      // Refused (or never sent, the guest token could not be had): this send was not applied.
      if (settling) {
        // …but the earlier send of this entry is still unsettled.
        await journal.settle(profile, paymentReference, 'unknown', { note: `the resend was refused: ${(error as Error).message}` });
        return { kind: 'unknown', reason: `the resend to settle it was refused (${(error as Error).message}); the first send's outcome is still unknown`, cause: error, ...commands };
      }
      await journal.settle(profile, paymentReference, 'refused', { note: (error as Error).message });
      return { kind: 'refused', error: error as VenueError };
    }
    // No answer, or one that cannot say (5xx, a lost connection): unknown until a rerun settles it.
    const reason = (error as Error)?.message ?? String(error);
    await journal.settle(profile, paymentReference, 'unknown', { note: reason });
    return { kind: 'unknown', reason, cause: error, ...commands };
  }
  await journal.settle(profile, paymentReference, 'recorded', { saleId: sale.saleId });
  return { kind: 'recorded', saleId: sale.saleId, sale, evidence: 'answer', settledUnknown: settling };
}
