// Holds, orders, sales, cancellations and the sales report. Every
// check-then-change below runs without an await between the check and the
// change, so concurrent requests cannot overbook a slot.

import type { FastifyInstance } from 'fastify';
import {
  cancelReservationRequest,
  initiateOrderRequest,
  reportQuery,
  reserveRequest,
  saleRequest,
} from '../rules/booking.js';
import { badRequest, conflict, notFound, SandboxHttpError, unprocessable } from '../http-error.js';
import type { SandboxContext } from '../types.js';
import { addDays, findSlot, sandboxToday } from './catalogue.js';
import { experienceOr404, parseOr400 } from './common.js';
import {
  nextId,
  orderStatus,
  orderView,
  remainingIn,
  reservationStatus,
  reservationView,
  roundMoney,
  salesReport,
  timestamp,
  type BookingState,
  type StoredOrder,
} from './state.js';

export function registerOrderRoutes(app: FastifyInstance, sandbox: SandboxContext, getState: () => BookingState): void {
  const auth = (request: Parameters<SandboxContext['tokens']['require']>[0]) =>
    sandbox.tokens.require(request, ['booking']);
  const holdUntil = (now: Date) => timestamp(new Date(now.getTime() + sandbox.settings.holdSeconds * 1000));

  const orderOr404 = (state: BookingState, orderId: string): StoredOrder => {
    const order = state.orders[orderId];
    if (!order) throw new SandboxHttpError(404, 'order_not_found', `order ${orderId} not found`);
    return order;
  };

  app.post('/api/v1/orders/reservations/reserve', async (request, reply) => {
    await auth(request);
    // From here to the end: no await, so the capacity check and the hold are one step.
    const body = parseOr400(reserveRequest, request.body, 'reservation request');
    const state = getState();
    const now = sandbox.now();
    experienceOr404(state, body.experienceId);
    const slot = findSlot(state, body.slotId, now);
    if (!slot || slot.experienceId !== body.experienceId)
      throw notFound(`slot ${body.slotId} of experience ${body.experienceId} not found`);
    if (Date.parse(slot.startTime) <= now.getTime())
      throw conflict(`slot ${slot.slotId} has already started`, 'slot_closed');
    const remaining = remainingIn(state, slot, now);
    if (remaining < body.quantity) {
      const error = new SandboxHttpError(
        409,
        'capacity_exceeded',
        remaining === 0
          ? `slot ${slot.slotId} is full`
          : `slot ${slot.slotId} has only ${remaining} place${remaining === 1 ? '' : 's'} left (asked for ${body.quantity})`,
        [{ field: 'quantity', rule: `must be at most ${remaining} for slot ${slot.slotId}` }],
      );
      throw error;
    }
    const reservationId = nextId(state, 'reservation', 'res');
    state.reservations[reservationId] = {
      reservationId,
      status: 'held',
      experienceId: slot.experienceId,
      slotId: slot.slotId,
      date: slot.date,
      startTime: slot.startTime,
      endTime: slot.endTime,
      quantity: body.quantity,
      unitPrice: slot.price,
      createdAt: timestamp(now),
      expiresAt: holdUntil(now),
    };
    sandbox.changed();
    reply.code(201);
    return reservationView(state.reservations[reservationId]!, now);
  });

  app.post('/api/v1/orders/reservations/cancel', async (request) => {
    await auth(request);
    const { reservationId } = parseOr400(cancelReservationRequest, request.body, 'cancel request');
    const state = getState();
    const now = sandbox.now();
    const reservation = state.reservations[reservationId];
    if (!reservation)
      throw new SandboxHttpError(404, 'reservation_not_found', `reservation ${reservationId} not found`);
    const status = reservationStatus(reservation, now);
    if (status === 'confirmed')
      throw conflict(
        `reservation ${reservationId} is paid for; cancel its order ${reservation.orderId} instead`,
        'already_paid',
      );
    if (status === 'held' || status === 'ordered') {
      // Releasing a reservation of an unpaid order takes it out of that order.
      if (reservation.orderId) {
        const order = state.orders[reservation.orderId];
        if (order) {
          order.reservationIds = order.reservationIds.filter((id) => id !== reservationId);
          order.total = roundMoney(order.total - reservation.unitPrice * reservation.quantity);
          if (order.reservationIds.length === 0) {
            order.status = 'cancelled';
            order.cancelledAt = timestamp(now);
          }
        }
      }
      reservation.status = 'released';
      reservation.releasedAt = timestamp(now);
      sandbox.changed();
    }
    // Released, expired or cancelled already: nothing held, the answer says which.
    return reservationView(reservation, now);
  });

  app.post('/api/v1/orders/initiate', async (request, reply) => {
    await auth(request);
    const body = parseOr400(initiateOrderRequest, request.body, 'order request');
    const state = getState();
    const now = sandbox.now();
    const ids = [...new Set(body.reservationIds)];
    const reservations = ids.map((id) => {
      const reservation = state.reservations[id];
      if (!reservation) throw new SandboxHttpError(404, 'reservation_not_found', `reservation ${id} not found`);
      const status = reservationStatus(reservation, now);
      if (status === 'expired') throw conflict(`the hold ${id} has lapsed; reserve the slot again`, 'hold_expired');
      if (status !== 'held')
        throw conflict(
          `reservation ${id} is ${status}${reservation.orderId ? ` (order ${reservation.orderId})` : ''}, not held`,
          'reservation_not_held',
        );
      return reservation;
    });
    const locations = new Set(
      reservations.map((r) => state.experiences.find((e) => e.id === r.experienceId)?.locationId),
    );
    if (locations.size > 1)
      throw unprocessable('all reservations of an order must be at one location', 'mixed_locations', [
        { field: 'reservationIds', rule: 'must be at one location' },
      ]);
    const orderId = nextId(state, 'order', 'ord');
    const expiresAt = holdUntil(now);
    const order: StoredOrder = {
      orderId,
      status: 'created',
      locationId: [...locations][0] ?? '',
      reservationIds: ids,
      guest: body.guest,
      total: roundMoney(reservations.reduce((sum, r) => sum + r.unitPrice * r.quantity, 0)),
      createdAt: timestamp(now),
      // The order gives the guest a fresh payment window; its holds last as long.
      expiresAt,
    };
    for (const reservation of reservations) {
      reservation.status = 'ordered';
      reservation.orderId = orderId;
      reservation.expiresAt = expiresAt;
    }
    state.orders[orderId] = order;
    sandbox.changed();
    reply.code(201);
    return orderView(state, order, now);
  });

  app.post('/api/v1/sale', async (request, reply) => {
    await auth(request);
    const body = parseOr400(saleRequest, request.body, 'sale');
    const state = getState();
    const now = sandbox.now();
    const order = orderOr404(state, body.orderId);
    const status = orderStatus(order, now);
    if (status === 'confirmed')
      throw conflict(
        `order ${order.orderId} is already paid (sale ${order.sale?.saleId}, reference ${order.sale?.paymentReference})`,
        'already_paid',
      );
    if (status === 'cancelled') throw conflict(`order ${order.orderId} is cancelled`, 'order_cancelled');
    if (status === 'expired')
      throw conflict(`order ${order.orderId} has lapsed; its holds were released`, 'order_expired');
    if (Math.round(body.amount * 100) !== Math.round(order.total * 100)) {
      throw unprocessable(
        `amount ${body.amount.toFixed(2)} does not match the order total ${order.total.toFixed(2)}`,
        'amount_mismatch',
        [{ field: 'amount', rule: `must equal the order total ${order.total.toFixed(2)}` }],
      );
    }
    const recordedAt = timestamp(now);
    order.sale = {
      saleId: nextId(state, 'sale', 'sale'),
      amount: body.amount,
      paymentReference: body.paymentReference,
      recordedAt,
    };
    order.status = 'confirmed';
    order.confirmedAt = recordedAt;
    for (const id of order.reservationIds) {
      const reservation = state.reservations[id];
      if (reservation) reservation.status = 'confirmed';
    }
    sandbox.changed();
    reply.code(201);
    return { ...order.sale, orderId: order.orderId, status: 'confirmed', order: orderView(state, order, now) };
  });

  app.post<{ Params: { orderId: string } }>('/api/v1/orders/:orderId/cancel', async (request) => {
    await auth(request);
    const state = getState();
    const now = sandbox.now();
    const order = orderOr404(state, request.params.orderId);
    if (order.status === 'cancelled')
      throw conflict(`order ${order.orderId} is already cancelled`, 'already_cancelled');
    order.status = 'cancelled';
    order.cancelledAt = timestamp(now);
    for (const id of order.reservationIds) {
      const reservation = state.reservations[id];
      if (reservation) reservation.status = 'cancelled';
    }
    sandbox.changed();
    return orderView(state, order, now);
  });

  // venue extension (not in the vendor's seed): lets the CLI settle a payment whose answer was lost.
  app.get<{ Params: { orderId: string } }>('/api/v1/orders/:orderId', async (request) => {
    await auth(request);
    const state = getState();
    return orderView(state, orderOr404(state, request.params.orderId), sandbox.now());
  });

  app.get('/api/v1/reports', async (request) => {
    await auth(request);
    const query = parseOr400(reportQuery, request.query, 'query');
    const state = getState();
    const toDate = query.toDate ?? sandboxToday(sandbox.now());
    const fromDate = query.fromDate ?? addDays(toDate, -30);
    if (fromDate > toDate) throw badRequest('invalid query', [{ field: 'fromDate', rule: 'must not be after toDate' }]);
    if (query.locationId && !state.locations.some((l) => l.id === query.locationId))
      throw notFound(`location ${query.locationId} not found`);
    // The pascal and plain dialects' vendors answer a row per reservation, not venue's rows per day and experience.
    const rows = sandbox.dialect === 'pascal' || sandbox.dialect === 'plain' ? 'per-reservation' : 'per-day';
    return salesReport(state, fromDate, toDate, query.locationId, rows);
  });
}
