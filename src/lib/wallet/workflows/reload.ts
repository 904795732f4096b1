// Recording a reload sale as a workflow with typed outcomes; the command only
// parses flags and renders. The outcome rule is the one of every write
// (writes/rule.ts). An unknown reload is settled only by conclusive
// evidence: rerun with the same payment reference, and the service either
// records it now (2xx: it was not applied before) or recognises the
// reference (409 duplicate_payment_reference: it was). Every send is marked
// in the reload journal as it is about to leave, with the entry's
// Idempotency-Key, the same on every rerun of the entry; an answer that
// disagrees with the sale (another card, product, amount or reference) is
// journalled unknown.

import { createHash } from 'node:crypto';
import { UsageError, VenueError } from '../../errors.js';
import type { UnreadableAnswerError } from '../../reading.js';
import { sourceOf } from '../../reading.js';
import type { TokenSource } from '../../http.js';
import type { WalletSale } from '../client.js';
import { walletErrors } from '../error-codes.js';
import type { SaleBody } from '../schemas.js';
import { saleFields } from '../fields.js';
import { reloadEntryId, type ReloadJournal, type ReloadRecord } from '../reload-journal.js';
import { isSettled } from '../../writes/journal.js';
import { AnswerCheck, describeDisagreements, stated, type Disagreement } from '../../writes/agreement.js';
import { sendJournalled, type WriteInterruption } from '../../writes/send.js';
import { venueCommand } from '../../hint-command.js';

export interface ReloadApi {
  sale(
    guest: TokenSource,
    body: SaleBody,
    options?: { idempotencyKey?: string; beforeSend?: () => Promise<void> },
  ): Promise<WalletSale>;
}

export type ReloadInterruption = WriteInterruption;

export interface ReloadDeps {
  api: ReloadApi;
  journal: ReloadJournal;
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
  | {
      kind: 'recorded';
      saleId?: string;
      sale?: WalletSale;
      evidence: 'answer' | 'accepted';
      settledUnknown: boolean;
      problem?: string;
    }
  /** Applied before, by this journal entry: not credited again. */
  | { kind: 'already-recorded'; saleId?: string; evidence: 'duplicate-reference' | 'journal' }
  /** The service refused it: not applied. */
  | { kind: 'refused'; error: VenueError }
  /** No conclusive answer: the commands to check and to settle. */
  | { kind: 'unknown'; reason: string; check: string; rerun: string; cause?: unknown }
  /** Answered, but the answer disagrees with the sale sent: journalled unknown. */
  | { kind: 'disagrees'; disagreements: Disagreement[]; check: string; rerun: string }
  /** Ctrl-C came before the sale was sent: nothing was sent. */
  | { kind: 'interrupted-before-send' };

/** The Idempotency-Key of a reload: the same profile, card, product and reference give the same key on every rerun. */
export function reloadIdempotencyKey(
  request: Pick<ReloadRequest, 'profile' | 'cardNumber' | 'productId' | 'paymentReference'>,
): string {
  const material = [request.profile, request.cardNumber, request.productId, request.paymentReference].join('\n');
  return `venue-reload-${createHash('sha256').update(material).digest('hex').slice(0, 32)}`;
}

export function reloadCommands(request: Pick<ReloadRequest, 'cardNumber' | 'productId' | 'paymentReference'>): {
  check: string;
  rerun: string;
} {
  return {
    check: venueCommand(['wallet', 'activity', request.cardNumber, '--kind', 'reload']),
    rerun: venueCommand([
      'wallet',
      'reload',
      request.cardNumber,
      '--product',
      request.productId,
      '--payment-ref',
      request.paymentReference,
      '--yes',
    ]),
  };
}

const unsettled = (entry: ReloadRecord | undefined) =>
  entry !== undefined && (entry.outcome === 'sent' || entry.outcome === 'unknown');

export async function recordReload(deps: ReloadDeps, request: ReloadRequest): Promise<ReloadWorkflowOutcome> {
  const { api, journal, interruption } = deps;
  const { profile, paymentReference } = request;
  const commands = reloadCommands(request);
  const id = reloadEntryId(profile, paymentReference);

  // Read and probe first: a damaged or unwritable journal stops here (exit 1), nothing sent.
  journal.check();
  const previous = journal.find(profile, paymentReference);
  if (
    previous &&
    (previous.cardNumber !== request.cardNumber || previous.productId !== request.productId) &&
    previous.outcome !== 'refused'
  ) {
    // Sending it for another card would make the service's "already recorded" ambiguous.
    return {
      kind: 'refused',
      error: new UsageError(
        `payment ref ${paymentReference} is already recorded here for card ${previous.cardNumber}, product ${previous.productId} (${previous.outcome}); nothing was sent`,
        {
          hint: unsettled(previous)
            ? `Settle that reload first: ${reloadCommands(previous).rerun}`
            : 'Each payment is one reload: use the reference the payment gateway gave for this one.',
        },
      ),
    };
  }
  if (previous?.outcome === 'recorded') {
    // The service answered this entry with a sale before: conclusive, nothing to send.
    return { kind: 'already-recorded', saleId: previous.saleId, evidence: 'journal' };
  }
  if (!interruption.maySend()) return { kind: 'interrupted-before-send' };

  const release = journal.lock(id);
  try {
    const entry = journal.get(id);
    if (entry && isSettled(entry.status))
      return { kind: 'already-recorded', saleId: entry.saleId, evidence: 'journal' };
    // Unknown, or "sending" left by a run that died (this run holds the lock): the send settles it.
    const settling = entry !== undefined && (entry.status === 'unknown' || entry.status === 'sending');
    const idempotencyKey = entry?.idempotencyKey ?? reloadIdempotencyKey(request);
    const body = {
      cardNumber: request.cardNumber,
      productId: request.productId,
      paymentReference,
      amount: request.price,
    };
    const still = async (note: string): Promise<void> => void (await journal.setStatus(id, 'unknown', { note }, note));
    return await sendJournalled<WalletSale, ReloadWorkflowOutcome>({
      interruption,
      what: `the reload sale for payment ref ${paymentReference}`,
      request: body,
      mark: () =>
        journal.markSending(
          id,
          () => ({
            id,
            kind: 'reload',
            profile,
            email: request.email,
            cardNumber: request.cardNumber,
            productId: request.productId,
            paymentReference,
            idempotencyKey,
            sentAt: deps.now(),
          }),
          { amount: request.price, amountCents: Math.round(request.price * 100) },
          settling ? { note: 'sent again with the same reference, to settle it' } : {},
        ),
      send: ({ beforeSend }) => api.sale(request.token, body, { idempotencyKey, beforeSend }),
      // Never left (a Ctrl-C, the guest token could not be had): the journal is as it was.
      notSent: (error) =>
        interruption.maySend()
          ? {
              kind: 'refused',
              error: error instanceof VenueError ? error : new VenueError('server', error.message, { cause: error }),
            }
          : { kind: 'interrupted-before-send' },
      record: async (sent) => {
        switch (sent.kind) {
          case 'answered': {
            const disagreements = checkSaleAnswer(body, sent.result);
            if (disagreements.length) {
              await journal.setStatus(
                id,
                'unknown',
                { disagreement: describeDisagreements(disagreements), note: 'the answer disagrees with the sale sent' },
                'the answer disagrees with the sale sent: unknown',
              );
              return { kind: 'disagrees', disagreements, ...commands };
            }
            await journal.setStatus(id, 'recorded', { saleId: sent.result.saleId, note: undefined });
            return {
              kind: 'recorded',
              saleId: sent.result.saleId,
              sale: sent.result,
              evidence: 'answer',
              settledUnknown: settling,
            };
          }
          case 'accepted-unreadable':
            await journal.setStatus(id, 'recorded', { note: 'the service accepted it; its answer could not be read' });
            return {
              kind: 'recorded',
              evidence: 'accepted',
              settledUnknown: settling,
              problem: (sent.error as UnreadableAnswerError).message,
            };
          case 'refused': {
            const said = sent.raised ?? sent.error;
            if (walletErrors.meaning(said, 'sale') === 'duplicate-payment-reference') {
              if (settling) {
                await journal.setStatus(
                  id,
                  'recorded',
                  { note: 'settled: the service recognised the payment reference' },
                  'settled: the service recognised the payment reference',
                );
                return { kind: 'already-recorded', evidence: 'duplicate-reference' };
              }
              // Not sent from this journal entry: recorded elsewhere, and not credited again now.
              await journal.setStatus(id, 'not-applied', {
                note: 'the service had already recorded this payment reference',
              });
              return { kind: 'refused', error: said as VenueError };
            }
            if (settling) {
              // This send was not applied, but the earlier send of this entry is still unsettled.
              await still(`the resend was refused: ${said.message}`);
              return {
                kind: 'unknown',
                reason: `the resend to settle it was refused (${said.message}); the first send's outcome is still unknown`,
                cause: said,
                ...commands,
              };
            }
            await journal.setStatus(id, 'not-applied', { note: said.message });
            return { kind: 'refused', error: said as VenueError };
          }
          case 'not-sent':
          case 'interrupted-before-send': {
            // A retry after a refusal that never left: this send was not applied.
            if (settling) {
              await still(`not sent again: ${sent.error.message}`);
              return {
                kind: 'unknown',
                reason: `${sent.error.message}; the first send's outcome is still unknown`,
                cause: sent.error,
                ...commands,
              };
            }
            await journal.setStatus(id, 'not-applied', { note: sent.error.message });
            return sent.kind === 'interrupted-before-send'
              ? { kind: 'interrupted-before-send' }
              : { kind: 'refused', error: sent.error as VenueError };
          }
          case 'unknown': {
            // No answer, or one that cannot say (writes/rule.ts): unknown until a rerun settles it.
            const reason = sent.error.message;
            await still(reason);
            return { kind: 'unknown', reason, cause: sent.error, ...commands };
          }
        }
      },
    });
  } finally {
    release();
  }
}

/** What a sale's answer states against the sale sent: card, product, amount, reference (a field it does not state is no disagreement). */
export function checkSaleAnswer(
  body: { cardNumber: string; productId: string; paymentReference: string; amount: number },
  sale: WalletSale,
): Disagreement[] {
  const raw = sourceOf(sale);
  return new AnswerCheck()
    .id('cardNumber', body.cardNumber, stated(raw, saleFields.cardNumber) as string | undefined)
    .id('productId', body.productId, stated(raw, saleFields.productId) as string | undefined)
    .text('paymentReference', body.paymentReference, stated(raw, saleFields.paymentReference))
    .amount('amount', body.amount, stated(raw, saleFields.amount)).found;
}
