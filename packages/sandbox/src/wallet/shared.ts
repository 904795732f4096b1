// Helpers the wallet routes share: body checks against the sandbox's rules,
// the guest's own cards, and the JSON views the contract documents.

import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest, notFound } from '../http-error.js';
import { detailsFrom } from '../rules/issues.js';
import type { SandboxContext } from '../types.js';
import type { WalletActivity, WalletCard, WalletLocation, WalletState } from './state.js';

export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body ?? {});
  if (!result.success) {
    const details = detailsFrom(result.error, body ?? {});
    throw badRequest(
      `the request body is not valid: ${details.map((d) => `${d.field} ${d.rule}`).join('; ')}`,
      details,
    );
  }
  return result.data;
}

export const round2 = (n: number) => Math.round(n * 100) / 100;

export function locationOf(state: WalletState, card: WalletCard): WalletLocation {
  return state.locations.find((l) => l.locationId === card.locationId) ?? state.locations[0]!;
}

/** The card, if it is one of the guest's; 404 otherwise (never reveal others' cards). */
export function ownCard(state: WalletState, guest: string, cardNumber: string): WalletCard {
  if (!/^\d{19}$/.test(cardNumber))
    throw badRequest('cardNumber must be 19 digits', [{ field: 'cardNumber', rule: 'must be 19 digits' }]);
  const card = state.cards.find((c) => c.cardNumber === cardNumber && c.owner === guest);
  if (!card) throw notFound(`no card ${cardNumber} on this account`);
  return card;
}

export async function guestOf(request: FastifyRequest, sandbox: SandboxContext, state: WalletState): Promise<string> {
  const claims = await sandbox.tokens.require(request, ['wallet-guest']);
  const guest = claims.sub ?? '';
  if (!state.guests.some((g) => g.username === guest)) throw notFound('no such guest account');
  return guest;
}

export function cardView(state: WalletState, card: WalletCard) {
  const location = locationOf(state, card);
  return {
    cardNumber: card.cardNumber,
    cardType: card.cardType,
    nickname: card.nickname ?? null,
    status: card.activated ? 'activated' : 'not-activated',
    locationId: location.locationId,
    locationName: location.name,
    playUnit: location.playUnit,
  };
}

export function balanceView(state: WalletState, card: WalletCard) {
  const unit = locationOf(state, card).playUnit;
  return {
    cardNumber: card.cardNumber,
    playBalance: { amount: round2(card.playBalance), unit },
    bonusBalance: { amount: round2(card.bonusBalance), unit },
    ticketBalance: card.ticketBalance,
    lastSyncedAt: card.lastSyncedAt,
  };
}

export function activityView(state: WalletState, entry: WalletActivity) {
  const card = state.cards.find((c) => c.cardNumber === entry.cardNumber);
  return {
    activityId: entry.activityId,
    kind: entry.kind,
    occurredAt: entry.occurredAt,
    description: entry.description,
    playAmount: round2(entry.playAmount),
    bonusAmount: round2(entry.bonusAmount),
    tickets: entry.tickets,
    unit: card ? locationOf(state, card).playUnit : 'dollars',
    ...(entry.paymentReference ? { paymentReference: entry.paymentReference } : {}),
  };
}
