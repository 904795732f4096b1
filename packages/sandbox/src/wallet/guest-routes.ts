// The guest-token calls: cards, balance, activity, quick-reload products,
// the online reload sale and the two phone wallet passes.

import type { FastifyInstance } from 'fastify';
import { conflict, notFound, unprocessable } from '../http-error.js';
import { sale as saleRequest } from '../rules/wallet.js';
import type { SandboxContext } from '../types.js';
import { nextId, timestamp, type WalletState } from './state.js';
import { activityView, balanceView, cardView, guestOf, locationOf, ownCard, parseBody, round2 } from './shared.js';

const ACTIVITY_WINDOW = 50;

/** A small zip-shaped blob: "PK\x03\x04" then a JSON manifest, enough to be a file a phone would open. */
function passBytes(cardNumber: string, nickname: string | undefined, issuedAt: string): Buffer {
  const manifest = JSON.stringify({
    formatVersion: 1,
    serialNumber: cardNumber,
    description: nickname ?? 'Game card',
    barcode: { format: 'PKBarcodeFormatQR', message: cardNumber },
    issuedAt,
  });
  return Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from(manifest, 'utf8')]);
}

export function registerGuestRoutes(app: FastifyInstance, sandbox: SandboxContext, getState: () => WalletState): void {
  app.get('/api/v1/card', async (request) => {
    const state = getState();
    const guest = await guestOf(request, sandbox, state);
    return { items: state.cards.filter((c) => c.owner === guest).map((c) => cardView(state, c)) };
  });

  app.get<{ Params: { cardNumber: string } }>('/api/v1/card/:cardNumber/balance', async (request) => {
    const state = getState();
    const guest = await guestOf(request, sandbox, state);
    return balanceView(state, ownCard(state, guest, request.params.cardNumber));
  });

  app.get<{ Params: { cardNumber: string } }>('/api/v1/card/:cardNumber/activity', async (request) => {
    const state = getState();
    const guest = await guestOf(request, sandbox, state);
    const card = ownCard(state, guest, request.params.cardNumber);
    const entries = state.activity
      .filter((a) => a.cardNumber === card.cardNumber && !a.pending)
      .sort((a, b) => b.occurredAt.localeCompare(a.occurredAt) || b.activityId.localeCompare(a.activityId))
      .slice(0, ACTIVITY_WINDOW);
    return { items: entries.map((a) => activityView(state, a)) };
  });

  app.get('/api/v1/quickreload', async (request) => {
    const state = getState();
    await guestOf(request, sandbox, state);
    const products = state.products
      .filter((p) => p.onlineSale)
      .sort((a, b) => a.displayOrder - b.displayOrder)
      .map(({ onlineSale: _online, ...product }) => product);
    return { items: products };
  });

  app.post('/api/v1/sale', async (request, reply) => {
    const state = getState();
    const guest = await guestOf(request, sandbox, state);
    const body = parseBody(saleRequest, request.body);
    const card = ownCard(state, guest, body.cardNumber);
    const product = state.products.find((p) => p.productId === body.productId);
    if (!product) throw notFound(`no reload product ${body.productId}`);
    if (!product.onlineSale)
      throw unprocessable(`${product.productId} is sold in store only`, 'product_not_online', [
        { field: 'productId', rule: 'must be a quick-reload product' },
      ]);
    if (body.amount !== undefined && round2(body.amount) !== product.price) {
      throw unprocessable(
        `amount ${body.amount} does not match the product price ${product.price}`,
        'amount_mismatch',
        [{ field: 'amount', rule: `must equal the product price ${product.price}` }],
      );
    }
    // A gateway reference is unique: a second sale with it is a resend, refused so nothing is charged twice.
    const existing = state.sales.find((s) => s.paymentReference === body.paymentReference);
    if (existing)
      throw conflict(
        `payment reference ${body.paymentReference} was already recorded as sale ${existing.saleId}`,
        'duplicate_payment_reference',
      );
    const location = locationOf(state, card);
    const play = round2(product.playValue * location.tokensPerDollar);
    const bonus = round2(product.bonusValue * location.tokensPerDollar);
    const now = timestamp(sandbox.now());
    const sale = {
      saleId: nextId(state, 'SALE'),
      cardNumber: card.cardNumber,
      productId: product.productId,
      paymentReference: body.paymentReference,
      amount: product.price,
      createdAt: now,
      guest,
    };
    state.sales.push(sale);
    card.playBalance = round2(card.playBalance + play);
    card.bonusBalance = round2(card.bonusBalance + bonus);
    state.activity.push({
      activityId: nextId(state, 'ACT'),
      cardNumber: card.cardNumber,
      kind: 'reload',
      occurredAt: now,
      description: `Online reload: ${product.name}`,
      playAmount: play,
      bonusAmount: bonus,
      tickets: 0,
      paymentReference: body.paymentReference,
      pending: card.syncPaused || undefined,
    });
    if (!card.syncPaused) card.lastSyncedAt = now;
    sandbox.changed();
    reply.code(201);
    const { guest: _guest, ...record } = sale;
    return {
      ...record,
      productName: product.name,
      credited: { play: { amount: play, unit: location.playUnit }, bonus: { amount: bonus, unit: location.playUnit } },
    };
  });

  app.put<{ Params: { cardNumber: string } }>('/api/v1/pass/walletA/:cardNumber', async (request, reply) => {
    const state = getState();
    const guest = await guestOf(request, sandbox, state);
    const card = ownCard(state, guest, request.params.cardNumber);
    reply
      .code(200)
      .header('content-type', 'application/vnd.apple.pkpass')
      .header('content-disposition', `attachment; filename="${card.cardNumber}.pkpass"`);
    return reply.send(passBytes(card.cardNumber, card.nickname, timestamp(sandbox.now())));
  });

  app.put<{ Params: { cardNumber: string } }>('/api/v1/pass/walletB/:cardNumber', async (request) => {
    const state = getState();
    const guest = await guestOf(request, sandbox, state);
    const card = ownCard(state, guest, request.params.cardNumber);
    const expiresAt = timestamp(new Date(sandbox.now().getTime() + 24 * 3_600_000));
    const passId = Buffer.from(`${card.cardNumber}:${expiresAt}`).toString('base64url');
    return {
      platform: 'walletB',
      cardNumber: card.cardNumber,
      saveUrl: `https://pay.example/save/${passId}`,
      expiresAt,
    };
  });
}
