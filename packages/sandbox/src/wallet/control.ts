// In-venue simulation under /_sandbox/wallet (not part of the vendor API):
// what happens at the physical location and reaches the cloud by sync.

import type { FastifyInstance } from 'fastify';
import { notFound, unprocessable } from '../http-error.js';
import { activate, play } from '../rules/wallet.js';
import type { SandboxContext } from '../types.js';
import { nextId, timestamp, type WalletCard, type WalletState } from './state.js';
import { balanceView, cardView, locationOf, parseBody, round2 } from './shared.js';

function findCard(state: WalletState, cardNumber: string): WalletCard {
  const card = state.cards.find((c) => c.cardNumber === cardNumber);
  if (!card) throw notFound(`no card ${cardNumber}`);
  return card;
}

export function registerWalletControl(
  app: FastifyInstance,
  sandbox: SandboxContext,
  getState: () => WalletState,
): void {
  app.get('/cards', async () => {
    const state = getState();
    // CVVs stay out: they are printed on the physical card only.
    return {
      items: state.cards.map((c) => ({
        ...cardView(state, c),
        barcode: c.barcode,
        owner: c.owner ?? null,
        ...balanceView(state, c),
      })),
    };
  });

  app.post('/activate-card', async (request) => {
    const { barcode } = parseBody(activate, request.body);
    const state = getState();
    const card = state.cards.find((c) => c.barcode === barcode);
    if (!card) throw notFound(`no card with barcode ${barcode}`);
    const was = card.activated;
    card.activated = true;
    card.lastSyncedAt = timestamp(sandbox.now());
    sandbox.changed();
    return { ...cardView(state, card), barcode: card.barcode, alreadyActivated: was };
  });

  app.post('/play', async (request) => {
    const body = parseBody(play, request.body);
    const state = getState();
    const card = findCard(state, body.cardNumber);
    const unit = locationOf(state, card).playUnit;
    const now = timestamp(sandbox.now());
    let playAmount = 0;
    let tickets = 0;
    let description: string;
    switch (body.kind) {
      case 'reload':
        playAmount = body.amount ?? (unit === 'tokens' ? 40 : 10);
        description = 'In-store reload';
        break;
      case 'game-play': {
        const cost = body.amount ?? (unit === 'tokens' ? 4 : 1);
        if (cost > card.playBalance + card.bonusBalance)
          throw unprocessable('not enough play balance for that game', 'insufficient_balance');
        playAmount = -cost;
        description = 'Game play (sandbox)';
        break;
      }
      case 'ticket-win':
        tickets = body.tickets ?? 10;
        description = 'Ticket win (sandbox)';
        break;
      case 'redemption':
        tickets = -(body.tickets ?? 50);
        if (card.ticketBalance + tickets < 0)
          throw unprocessable('not enough tickets for that prize', 'insufficient_tickets');
        description = 'Prize counter (sandbox)';
        break;
    }
    // Play spends the play balance first, then bonus.
    if (playAmount < 0) {
      const fromPlay = Math.min(card.playBalance, -playAmount);
      card.playBalance = round2(card.playBalance - fromPlay);
      card.bonusBalance = round2(card.bonusBalance - (-playAmount - fromPlay));
    } else card.playBalance = round2(card.playBalance + playAmount);
    card.ticketBalance += tickets;
    // Any in-store activity activates a card (seed 000, states table).
    card.activated = true;
    state.activity.push({
      activityId: nextId(state, 'ACT'),
      cardNumber: card.cardNumber,
      kind: body.kind,
      occurredAt: now,
      description,
      playAmount,
      bonusAmount: 0,
      tickets,
      pending: card.syncPaused || undefined,
    });
    if (!card.syncPaused) card.lastSyncedAt = now;
    sandbox.changed();
    return { ...cardView(state, card), ...balanceView(state, card) };
  });

  /** Stops (or resumes) a card's location synchronising: lets support see a missing reload. */
  app.post<{ Body: { cardNumber?: string; paused?: boolean } }>('/sync', async (request) => {
    const body = (request.body ?? {}) as { cardNumber?: unknown; paused?: unknown };
    const state = getState();
    const card = findCard(state, String(body.cardNumber ?? ''));
    card.syncPaused = body.paused !== false;
    if (!card.syncPaused) {
      for (const entry of state.activity) if (entry.cardNumber === card.cardNumber) delete entry.pending;
      card.lastSyncedAt = timestamp(sandbox.now());
    }
    sandbox.changed();
    return { cardNumber: card.cardNumber, syncPaused: card.syncPaused };
  });
}
