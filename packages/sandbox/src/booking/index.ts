// The experience booking emulator, mounted at {origin}/booking with the seed's
// paths. Catalogue reads and the token exchange live here; holds, orders,
// sales and the report in orders.ts.

import type { FastifyInstance } from 'fastify';
import { sandboxDemoSecrets } from '../rules/demo-secrets.js';
import {
  availabilityQuery,
  cancelReservationRequest,
  initiateOrderRequest,
  reportQuery,
  reserveRequest,
  saleRequest,
  sessionsQuery,
  tokenRequest,
} from '../rules/booking.js';
import { checkRequestsAgainstContract } from '../contract.js';
import { badRequest, notFound, SandboxHttpError } from '../http-error.js';
import type { SandboxContext, SandboxService } from '../types.js';
import { BOOKING_WINDOW_DAYS, CURRENCY, addDays, sandboxToday, slotsOn } from './catalogue.js';
import { experienceOr404, parseOr400, secretMatches } from './common.js';
import { registerOrderRoutes } from './orders.js';
import { demoBookingState, remainingIn, slotView, takenBySlot, timestamp, type BookingState } from './state.js';

function registerCatalogueRoutes(app: FastifyInstance, sandbox: SandboxContext, getState: () => BookingState): void {
  const auth = (request: Parameters<SandboxContext['tokens']['require']>[0]) =>
    sandbox.tokens.require(request, ['booking']);

  app.post('/api/v1/token', async (request) => {
    const { clientSecret } = parseOr400(tokenRequest, request.body, 'token request');
    if (!secretMatches(clientSecret, sandboxDemoSecrets['booking.clientSecret'])) {
      throw new SandboxHttpError(401, 'unauthorized', 'client secret not recognised');
    }
    const accessToken = await sandbox.tokens.issue('booking');
    return { accessToken, tokenType: 'Bearer', expiresIn: Math.round(6 * 3600 * sandbox.settings.tokenScale) };
  });

  app.get('/api/v1/locations', async (request) => {
    await auth(request);
    return { items: getState().locations.map((l) => ({ ...l, currency: CURRENCY, timeZone: 'UTC' })) };
  });

  app.get('/api/v1/experiences', async (request) => {
    await auth(request);
    const { locationId } = request.query as { locationId?: string };
    const state = getState();
    if (!locationId) throw badRequest('invalid query', [{ field: 'locationId', rule: 'is required' }]);
    if (!state.locations.some((l) => l.id === locationId)) throw notFound(`location ${locationId} not found`);
    return {
      items: state.experiences
        .filter((e) => e.locationId === locationId)
        .map(({ startTimes: _times, capacity: _capacity, ...e }) => ({ ...e, currency: CURRENCY })),
    };
  });

  app.get<{ Params: { id: string } }>('/api/v1/experiences/:id/sessions/availability', async (request) => {
    await auth(request);
    const query = parseOr400(availabilityQuery, request.query, 'query');
    const state = getState();
    const experience = experienceOr404(state, request.params.id);
    const now = sandbox.now();
    const fromDate = query.fromDate ?? sandboxToday(now);
    const days = query.days ?? 14;
    const taken = takenBySlot(state, now);
    const items = Array.from({ length: days }, (_, i) => addDays(fromDate, i)).map((date) => {
      const slots = slotsOn(experience, date, now);
      return {
        date,
        sessions: slots.length,
        capacity: slots.reduce((sum, s) => sum + s.capacity, 0),
        remaining: slots.reduce((sum, s) => sum + remainingIn(state, s, now, taken), 0),
      };
    });
    return { experienceId: experience.id, fromDate, days, items };
  });

  app.get<{ Params: { id: string } }>('/api/v1/experiences/:id/sessions', async (request) => {
    await auth(request);
    const query = parseOr400(sessionsQuery, request.query, 'query');
    const state = getState();
    const experience = experienceOr404(state, request.params.id);
    const now = sandbox.now();
    const date = query.forDate ?? sandboxToday(now);
    const taken = takenBySlot(state, now);
    return {
      experienceId: experience.id,
      date,
      items: slotsOn(experience, date, now).map((slot) => slotView(state, slot, now, taken)),
    };
  });
}

export const bookingService: SandboxService<BookingState> = {
  name: 'booking',
  prefix: '/booking',
  demoState: demoBookingState,
  register(app, sandbox, getState) {
    checkRequestsAgainstContract(app, sandbox, {
      service: 'booking',
      prefix: '/booking',
      security: { bearer: ['booking'] },
      ownChecks: {
        'POST /api/v1/token': (request) => parseOr400(tokenRequest, request.body, 'token request'),
        'GET /api/v1/experiences/{id}/sessions/availability': (request) =>
          parseOr400(availabilityQuery, request.query, 'query'),
        'GET /api/v1/experiences/{id}/sessions': (request) => parseOr400(sessionsQuery, request.query, 'query'),
        'POST /api/v1/orders/reservations/reserve': (request) =>
          parseOr400(reserveRequest, request.body, 'reservation request'),
        'POST /api/v1/orders/reservations/cancel': (request) =>
          parseOr400(cancelReservationRequest, request.body, 'cancel request'),
        'POST /api/v1/orders/initiate': (request) => parseOr400(initiateOrderRequest, request.body, 'order request'),
        'POST /api/v1/sale': (request) => parseOr400(saleRequest, request.body, 'sale'),
        'GET /api/v1/reports': (request) => parseOr400(reportQuery, request.query, 'query'),
      },
    });
    registerCatalogueRoutes(app, sandbox, getState);
    registerOrderRoutes(app, sandbox, getState);
  },
  registerControl(app, sandbox, getState) {
    // Lets tests and demos lapse every hold at once instead of waiting holdSeconds.
    app.post('/expire-holds', async () => {
      const state = getState();
      const past = timestamp(new Date(sandbox.now().getTime() - 1000));
      let expired = 0;
      for (const reservation of Object.values(state.reservations)) {
        if (reservation.status === 'held' || reservation.status === 'ordered') {
          reservation.expiresAt = past;
          expired++;
        }
      }
      for (const order of Object.values(state.orders)) if (order.status === 'created') order.expiresAt = past;
      sandbox.changed();
      return { expired };
    });
    // The catalogue, reservations and orders as this emulator holds them: what a test checks a client's answers against.
    app.get('/state', async () => getState());
    app.get('/summary', async () => {
      const state = getState();
      return {
        windowDays: BOOKING_WINDOW_DAYS,
        reservations: Object.keys(state.reservations).length,
        orders: Object.keys(state.orders).length,
      };
    });
  },
};

export default bookingService;
