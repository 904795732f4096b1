// The booking service client: every booking call the commands make, on the shared
// HTTP layer. Knows nothing of the terminal. Answers are read tolerantly (the
// vendor's shapes are "not shown"): each resource is normalised from whatever
// field names it arrives with.

import type { ServiceDeps } from '../context.js';
import { ApiError, NotFoundError, RejectedError, UnknownOutcomeError } from '../errors.js';
import { listFrom, recordFrom } from '../http.js';
import { num, text, toExperience, toAvailabilityDay, toLocation, toOrder, toReservation, toSlot, type AvailabilityDay, type Experience, type Guest, type Location, type Order, type Raw, type Reservation, type SalesReport, type Slot } from './shapes.js';

export * from './shapes.js';

/** The platform refused a hold because the slot has too few places left. */
export class SlotUnavailableError extends RejectedError {
  constructor(
    readonly slotId: string,
    message: string,
    readonly remaining?: number,
  ) {
    super(message, { hint: 'Pick another session: `venue booking sessions <experienceId> --date <date>` lists what is left.' });
    this.name = 'SlotUnavailableError';
  }
}

/** The error code in a vendor error body ({error: {code}} or {code}). */
export function errorCodeOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const body = error.info.body as Raw | undefined;
  if (!body || typeof body !== 'object') return undefined;
  const inner = body.error && typeof body.error === 'object' ? (body.error as Raw) : body;
  return typeof inner.code === 'string' ? inner.code : undefined;
}

export class BookingClient {
  constructor(protected readonly deps: ServiceDeps) {}

  private async call(options: {
    method: 'GET' | 'POST';
    path: string;
    operation: string;
    query?: Record<string, string | number | undefined>;
    body?: unknown;
    idempotent?: boolean;
  }): Promise<unknown> {
    const response = await this.deps.http.request({ ...options, auth: this.deps.token });
    return response.data;
  }

  async locations(): Promise<Location[]> {
    const body = await this.call({ method: 'GET', path: '/api/v1/locations', operation: 'list locations' });
    return listFrom<Raw>(body, 'locations').map(toLocation);
  }

  async experiences(locationId: string): Promise<Experience[]> {
    try {
      const body = await this.call({ method: 'GET', path: '/api/v1/experiences', query: { locationId }, operation: 'list experiences' });
      return listFrom<Raw>(body, 'experiences').map(toExperience);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) throw new NotFoundError(`no location "${locationId}"`, { hint: 'List them with `venue booking locations`.' });
      throw error;
    }
  }

  async availability(experienceId: string, fromDate: string, days?: number): Promise<AvailabilityDay[]> {
    const body = await this.experienceCall(experienceId, '/sessions/availability', { fromDate, days }, 'check availability');
    const rows = listFrom<Raw>(body, 'days', 'availability').map(toAvailabilityDay);
    return days === undefined ? rows : rows.slice(0, days);
  }

  async sessions(experienceId: string, forDate: string): Promise<Slot[]> {
    const body = await this.experienceCall(experienceId, '/sessions', { forDate }, 'list sessions');
    return listFrom<Raw>(body, 'sessions', 'slots').map(toSlot);
  }

  private async experienceCall(experienceId: string, suffix: string, query: Record<string, string | number | undefined>, operation: string) {
    try {
      return await this.call({ method: 'GET', path: `/api/v1/experiences/${encodeURIComponent(experienceId)}${suffix}`, query, operation });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        throw new NotFoundError(`no experience "${experienceId}"`, { hint: 'List them with `venue booking experiences --location <id>`.' });
      }
      throw error;
    }
  }

  /** Holds places in a slot. Not idempotent: a lost answer may have left a hold (it lapses on its own). */
  async reserve(request: { experienceId: string; slotId: string; quantity: number }): Promise<Reservation> {
    try {
      const body = await this.call({ method: 'POST', path: '/api/v1/orders/reservations/reserve', body: request, operation: 'hold the slot' });
      return toReservation(recordFrom(body, 'reservation'));
    } catch (error) {
      if (error instanceof UnknownOutcomeError) {
        throw new UnknownOutcomeError(`the hold request for slot ${request.slotId} got no answer: places may or may not be held`, {
          cause: error,
          hint: 'A hold nobody orders lapses on its own after the hold time; nothing was ordered or paid. Check with `venue booking sessions`.',
        });
      }
      if (error instanceof ApiError && error.status === 409 && errorCodeOf(error) !== 'slot_closed') {
        const serverBody = (error.info.body as { error?: { remaining?: number } } | undefined)?.error;
        throw new SlotUnavailableError(
          request.slotId,
          error.info.serverMessage?.includes(request.slotId)
            ? error.info.serverMessage
            : `slot ${request.slotId} cannot take ${request.quantity} more place${request.quantity === 1 ? '' : 's'}${error.info.serverMessage ? `: ${error.info.serverMessage}` : ''}`,
          typeof serverBody?.remaining === 'number' ? serverBody.remaining : undefined,
        );
      }
      throw error;
    }
  }

  /** Releasing twice does no harm, so a lost answer may be retried. */
  async releaseReservation(reservationId: string): Promise<Reservation> {
    const body = await this.call({
      method: 'POST',
      path: '/api/v1/orders/reservations/cancel',
      body: { reservationId },
      idempotent: true,
      operation: 'release the hold',
    });
    return toReservation(recordFrom(body, 'reservation'));
  }

  async createOrder(request: { reservationIds: string[]; guest: Guest }): Promise<Order> {
    const body = await this.call({ method: 'POST', path: '/api/v1/orders/initiate', body: request, operation: 'create the order' });
    return toOrder(recordFrom(body, 'order'));
  }

  /** Records the payment taken elsewhere. Never retried: a second sale would record the money twice. */
  async recordSale(request: { orderId: string; amount: number; paymentReference: string }): Promise<Order> {
    const body = (await this.call({ method: 'POST', path: '/api/v1/sale', body: request, operation: 'record the sale' })) as Raw | undefined;
    const record = recordFrom<Raw>(body, 'sale');
    const order = record.order && typeof record.order === 'object' ? toOrder(record.order as Raw) : toOrder({ ...record, orderId: record.orderId ?? request.orderId });
    order.status = text(record, 'status') ?? order.status ?? 'confirmed';
    order.sale ??= { id: text(record, 'saleId', 'id'), amount: num(record, 'amount') ?? request.amount, paymentReference: text(record, 'paymentReference') ?? request.paymentReference, recordedAt: text(record, 'recordedAt') };
    return order;
  }

  async cancelOrder(orderId: string): Promise<Order> {
    const body = await this.call({ method: 'POST', path: `/api/v1/orders/${encodeURIComponent(orderId)}/cancel`, operation: 'cancel the order' });
    return toOrder(recordFrom(body, 'order'));
  }

  /**
   * The order as the platform has it, or undefined when the service cannot
   * say: GET /api/v1/orders/{id} is a venue sandbox extension the vendor's
   * seed does not list, so a real service may answer 404 or 405 to it.
   */
  async findOrder(orderId: string): Promise<Order | undefined> {
    try {
      const body = await this.call({ method: 'GET', path: `/api/v1/orders/${encodeURIComponent(orderId)}`, operation: 'look up the order' });
      const order = toOrder(recordFrom(body, 'order'));
      return order.id ? order : undefined;
    } catch (error) {
      if (error instanceof ApiError && [404, 405, 501].includes(error.status)) {
        if (error.status === 404 && errorCodeOf(error) === 'order_not_found') {
          throw new NotFoundError(`no order "${orderId}"`);
        }
        return undefined;
      }
      throw error;
    }
  }

  async report(query: { fromDate?: string; toDate?: string; locationId?: string }): Promise<SalesReport> {
    const body = (await this.call({ method: 'GET', path: '/api/v1/reports', query, operation: 'fetch the sales report' })) as Raw | undefined;
    const rows = listFrom<Raw>(body, 'rows').map((raw) => ({
      date: (text(raw, 'date', 'day') ?? '').slice(0, 10),
      locationId: text(raw, 'locationId'),
      experienceId: text(raw, 'experienceId', 'id') ?? '',
      experienceName: text(raw, 'experienceName', 'name'),
      orders: num(raw, 'orders'),
      quantity: num(raw, 'quantity', 'count') ?? 0,
      revenue: num(raw, 'revenue', 'amount', 'total') ?? 0,
    }));
    const totalsRaw = (body && typeof body === 'object' && body.totals && typeof body.totals === 'object' ? body.totals : {}) as Raw;
    const cents = (n: number) => Math.round(n * 100) / 100;
    const totals = {
      orders: num(totalsRaw, 'orders') ?? (rows.some((r) => r.orders !== undefined) ? rows.reduce((s, r) => s + (r.orders ?? 0), 0) : undefined),
      quantity: num(totalsRaw, 'quantity') ?? rows.reduce((s, r) => s + r.quantity, 0),
      revenue: num(totalsRaw, 'revenue') ?? cents(rows.reduce((s, r) => s + r.revenue, 0)),
    };
    return { fromDate: text(body ?? {}, 'fromDate'), toDate: text(body ?? {}, 'toDate'), rows, totals };
  }
}
