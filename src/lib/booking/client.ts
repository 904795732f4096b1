// The booking service client: every booking call the commands make, on the shared
// HTTP layer. Knows nothing of the terminal. Answers are read through the one
// reading layer (src/lib/reading.ts) with the synonym tables of fields.ts, so
// any faithful server's shapes are understood and what cannot be read fails
// with exit 6 instead of being guessed. Every hold placed is written down in
// the hold journal before its request is sent.

import { createHash } from 'node:crypto';
import type { ServiceDeps } from '../service-deps.js';
import type { HttpResponse } from '../http.js';
import { UnknownOutcomeError } from '../errors.js';
import {
  AnswerMismatchError,
  checkSame,
  hasNextPage,
  isRecord,
  readPageInfo,
  readRecord,
  readRecords,
  RecordReader,
  UnreadableAnswerError,
  field,
  sourceOf,
  withSource,
  type AnswerSource,
  type Word,
} from '../reading.js';
import { EXPERIENCE, LIST_CONTEXT, ORDER, ORDER_STATUS, SALE, WRAPPERS } from './fields.js';
import { HoldJournal, type OrderJournalEntry } from './hold-journal.js';
import { stampOf } from '../writes/journal.js';
import { AnswerCheck, DisagreeingAnswerError, describeDisagreements, type Disagreement } from '../writes/agreement.js';
import { sendJournalled } from '../writes/send.js';
import { readSalesReport } from './report.js';
import { RECORD_SHAPES, readWriteAnswer, type RecordShape } from '../records.js';
import {
  dayOf,
  looksLikeOrder,
  reservationsOf,
  saidIfOther,
  toAvailabilityDay,
  toExperience,
  toLocation,
  toOrder,
  toReservation,
  toSale,
  toSlot,
  type AvailabilityDay,
  type Experience,
  type Guest,
  type Location,
  type Order,
  type Reservation,
  type SaleOutcome,
  type SaleRecord,
  type SalesReport,
  type Slot,
} from './shapes.js';
import { bookingErrors } from './error-codes.js';
import { venueHint } from '../hint-command.js';

export * from './shapes.js';
export { SlotUnavailableError } from './error-codes.js';

/** How many pages of a list are followed at most (a service that never stops paging is cut off). */
const MAX_PAGES = 100;

/** A page's path and query as a URL on a placeholder origin: what a relative next link is resolved against. */
function askedAt(path: string, query: Query): string {
  const url = new URL(path.startsWith('/') ? path : `/${path}`, 'http://service.invalid/');
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  return url.href;
}

type Query = Record<string, string | number | undefined>;

export class BookingClient {
  private journal?: HoldJournal;

  constructor(protected readonly deps: ServiceDeps) {}

  /** The profile's hold journal (every hold venue placed and has not seen released or paid). */
  get holds(): HoldJournal {
    this.journal ??= new HoldJournal(this.deps.stateDir, this.deps.profile, this.deps.now, this.deps.secrets);
    return this.journal;
  }

  /** accepted: the answer is a 2xx to a write (a hold, an order, a sale). */
  private source(operation: string, accepted = false): AnswerSource {
    return { service: 'booking', operation, accepted };
  }

  private async call(options: {
    method: 'GET' | 'POST';
    path: string;
    operation: string;
    query?: Query;
    body?: unknown;
    idempotent?: boolean;
    idempotencyKey?: string;
    beforeSend?: () => Promise<void>;
  }): Promise<HttpResponse> {
    return this.deps.http.request({ ...options, auth: this.deps.token });
  }

  /**
   * Every record of a list, following the service's paging (next links, or
   * page numbers when it says more follow). onPage sees each page's body (to
   * check what the list says it is about).
   */
  private async listAll(
    path: string,
    query: Query,
    operation: string,
    what: string,
    resourceKeys: readonly string[],
    onError?: (error: unknown) => never,
    onPage?: (body: unknown) => void,
  ): Promise<RecordReader[]> {
    const all: RecordReader[] = [];
    let pageQuery: Query = { ...query };
    for (let page = 1; page <= MAX_PAGES; page++) {
      let response: HttpResponse;
      try {
        response = await this.call({ method: 'GET', path, query: pageQuery, operation });
      } catch (error) {
        if (onError) onError(error);
        throw error;
      }
      const records = readRecords(response.data, this.source(operation), what, resourceKeys);
      onPage?.(response.data);
      all.push(...records);
      // A relative next link ("?page=2", "sessions?cursor=x") is resolved against the path and query this page was
      // asked at; only its query is followed (below), so the service's own origin is not needed for it.
      const info = readPageInfo(response.data, response.headers, records.length, askedAt(path, pageQuery));
      const pageSize = info.pageSize ?? records.length;
      // The page is the one asked for (the first when none was): a service's own count of it may start at 0.
      const asked = Number(pageQuery.page ?? page);
      if (
        !hasNextPage(info, asked, pageSize, records.length) ||
        (info.next === undefined &&
          info.hasMore === undefined &&
          info.totalPages === undefined &&
          info.totalItems === undefined)
      )
        break;
      if (info.next !== undefined) {
        // The next link's parameters (a page, a cursor) on the same route: a token goes to no other address.
        const next = new URL(info.next, 'http://service.invalid/');
        pageQuery = { ...query, ...Object.fromEntries(next.searchParams) };
      } else pageQuery = { ...query, page: asked + 1, ...(info.pageSize ? { pageSize: info.pageSize } : {}) };
    }
    return all;
  }

  async locations(): Promise<Location[]> {
    return (await this.listAll('/api/v1/locations', {}, 'list locations', 'location', WRAPPERS.location)).map(
      toLocation,
    );
  }

  async experiences(locationId: string): Promise<Experience[]> {
    const operation = 'list experiences';
    const notFound = (error: unknown): never => {
      throw bookingErrors.errorFor(error, 'experiences', { locationId });
    };
    const readers = await this.listAll(
      '/api/v1/experiences',
      { locationId },
      operation,
      'experience',
      WRAPPERS.experience,
      notFound,
    );
    // An experience of another location is not one of this location's.
    for (const r of readers)
      checkSame(this.source(operation), 'locationId', locationId, r.get(EXPERIENCE.locationId), r.raw);
    return readers.map(toExperience);
  }

  /** The days of an experience from fromDate; each day that names its experience or date is checked against what was asked. */
  async availability(experienceId: string, fromDate: string, days?: number): Promise<AvailabilityDay[]> {
    const operation = 'check availability';
    const source = this.source(operation);
    const rows = (
      await this.experienceList(
        'availability',
        experienceId,
        '/sessions/availability',
        { fromDate, days },
        operation,
        'availability day',
        WRAPPERS.availability,
        (body) => checkListContext(source, body, { experienceId }),
      )
    ).map(toAvailabilityDay);
    for (const day of rows) {
      checkSame(source, 'experienceId', experienceId, day.experienceId);
      if (day.date < fromDate) throw new AnswerMismatchError(source, 'date', `${fromDate} or later`, day.date);
    }
    return days === undefined ? rows : rows.slice(0, days);
  }

  /** The slots of an experience on a day; a slot that names another experience or another day is an answer about something else. */
  async sessions(experienceId: string, forDate: string): Promise<Slot[]> {
    const operation = 'list sessions';
    const source = this.source(operation);
    const slots = (
      await this.experienceList(
        'sessions',
        experienceId,
        '/sessions',
        { forDate },
        operation,
        'session slot',
        WRAPPERS.slot,
        (body) => checkListContext(source, body, { experienceId, date: forDate }),
      )
    ).map(toSlot);
    for (const slot of slots) {
      checkSame(source, 'experienceId', experienceId, slot.experienceId);
      checkSame(source, 'date', forDate, slot.date);
    }
    return slots;
  }

  private experienceList(
    call: 'availability' | 'sessions',
    experienceId: string,
    suffix: string,
    query: Query,
    operation: string,
    what: string,
    keys: readonly string[],
    onPage?: (body: unknown) => void,
  ) {
    return this.listAll(
      `/api/v1/experiences/${encodeURIComponent(experienceId)}${suffix}`,
      query,
      operation,
      what,
      keys,
      (error) => {
        throw bookingErrors.errorFor(error, call, { experienceId });
      },
      onPage,
    );
  }

  /**
   * Holds places in a slot. Not idempotent: a lost answer may have left a
   * hold. The hold is written in the journal as the request is about to
   * leave, so `venue booking holds` can always say what venue may be holding;
   * an answer that disagrees with the request (another slot, another number
   * of places) leaves it unknown, exit 6.
   */
  async reserve(request: { experienceId: string; slotId: string; quantity: number }): Promise<Reservation> {
    const operation = 'hold the slot';
    this.holds.journal.check();
    const key = HoldJournal.newKey();
    return sendJournalled<Reservation, Reservation>({
      interruption: this.deps.interruption ?? { maySend: () => true },
      what: `the hold request for slot ${request.slotId}`,
      request,
      mark: () => this.holds.pending(request, key),
      send: async ({ beforeSend }) => {
        // The journal entry's key is the Idempotency-Key: a service that honours it holds once per entry.
        const response = await this.call({
          method: 'POST',
          path: '/api/v1/orders/reservations/reserve',
          body: request,
          operation,
          idempotencyKey: `venue-hold-${key}`,
          beforeSend,
        });
        const reader = readRecord(response.data, this.source(operation, true), 'reservation', WRAPPERS.reservation);
        // Read as a read: every field of the reservation by its type (exit 6 naming one of another type).
        readWriteAnswer(reader, RECORD_SHAPES.reservation);
        return toReservation(reader);
      },
      notSent: (error) => {
        throw error;
      },
      record: async (sent) => {
        switch (sent.kind) {
          case 'answered': {
            const reservation = sent.result;
            const disagreements = checkReservation(request, reservation);
            if (disagreements.length) {
              await this.holds.unknown(
                key,
                `the answer disagrees with the request: ${describeDisagreements(disagreements).join('; ')}`,
                { reservationId: reservation.id },
              );
              throw new DisagreeingAnswerError(`the hold request for slot ${request.slotId}`, disagreements, {
                details: [`reservation ${reservation.id}: venue recorded it as unknown, and claims no hold.`],
                hint: `Check the places left with ${venueHint(['booking', 'sessions', request.experienceId])}, then release it with ${venueHint(['booking', 'release', reservation.id])} if it is not wanted (${venueHint(['booking', 'holds'])} lists it).`,
              });
            }
            await this.holds.held(key, reservation.id, reservation.expiresAt);
            return reservation;
          }
          case 'unknown': {
            const cause = sent.error;
            await this.holds.unknown(
              key,
              `the answer to the hold request was lost or could not say (${cause.message})`,
            );
            throw new UnknownOutcomeError(
              `the hold request for slot ${request.slotId} got no answer that says what was held (${cause.message}): places may or may not be held`,
              {
                cause,
                hint: `Nothing was ordered or paid. venue recorded the request: ${venueHint(['booking', 'holds'])} lists it; check the places left with ${venueHint(['booking', 'sessions', request.experienceId])}.`,
              },
            );
          }
          case 'accepted-unreadable': {
            // The service said yes (2xx) but venue cannot tell what it holds: the hold is kept on record.
            await this.holds.unknown(key, 'the service accepted the hold but its answer could not be read');
            sent.error.details.push(
              `places may be held in slot ${request.slotId} with no reservation id venue can release; ${venueHint(['booking', 'holds'])} lists the request`,
            );
            throw sent.error;
          }
          default: {
            // Refused, or a retry that never left: nothing is held.
            await this.holds.forget(key);
            if (sent.kind !== 'refused') throw sent.error;
            throw (
              bookingErrors.explain(sent.error, 'reserve', { slotId: request.slotId, quantity: request.quantity }) ??
              sent.raised ??
              sent.error
            );
          }
        }
      },
    });
  }

  /**
   * Releasing twice does no harm, so a lost answer may be retried. An empty
   * 2xx answer is taken as done: the command needs nothing from the body.
   */
  async releaseReservation(reservationId: string): Promise<Reservation> {
    const operation = 'release the hold';
    try {
      const response = await this.call({
        method: 'POST',
        path: '/api/v1/orders/reservations/cancel',
        body: { reservationId },
        idempotent: true,
        operation,
      });
      const reservation = emptyBody(response.data)
        ? { id: reservationId }
        : toReservation(
            checkedAnswer(
              readRecord(response.data, this.source(operation), 'reservation', WRAPPERS.reservation),
              RECORD_SHAPES.reservation,
            ),
          );
      const disagreements = new AnswerCheck().id('reservation id', reservationId, reservation.id).found;
      if (disagreements.length) {
        throw new DisagreeingAnswerError(`the release of reservation ${reservationId}`, disagreements, {
          hint: `Nothing is claimed: reservation ${reservationId} stays on record (${venueHint(['booking', 'holds'])}). Running the release again is harmless.`,
        });
      }
      await this.holds.settled({ reservationIds: [reservationId, reservation.id] });
      return reservation;
    } catch (error) {
      // A paid reservation is no hold; one the service does not know holds nothing.
      const meaning = bookingErrors.meaning(error, 'release');
      if (meaning === 'reservation-unknown' || meaning === 'already-paid')
        await this.holds.settled({ reservationIds: [reservationId] });
      throw error;
    }
  }

  async createOrder(
    request: { reservationIds: string[]; guest: Guest },
    options: { idempotencyKey?: string } = {},
  ): Promise<Order & { total: number }> {
    const operation = 'create the order';
    this.holds.journal.check();
    const id = HoldJournal.orderEntryId(request.reservationIds);
    // The same reservations make the same order: their ids give the key, so a rerun carries the same one.
    const idempotencyKey = options.idempotencyKey ?? `venue-order-${id}`;
    const journal = this.holds.journal;
    return sendJournalled<Order & { total: number }, Order & { total: number }>({
      interruption: this.deps.interruption ?? { maySend: () => true },
      what: `the order of ${request.reservationIds.join(', ')}`,
      request,
      mark: () =>
        journal.markSending(
          id,
          () =>
            ({
              id,
              kind: 'order',
              profile: this.deps.profile,
              reservationIds: request.reservationIds,
              guestEmail: request.guest.email,
            }) as Omit<OrderJournalEntry, 'status' | 'createdAt' | 'updatedAt' | 'attempts' | 'history'>,
        ),
      send: async ({ beforeSend }) => {
        const response = await this.call({
          method: 'POST',
          path: '/api/v1/orders/initiate',
          body: request,
          operation,
          idempotencyKey,
          beforeSend,
        });
        const reader = checkedAnswer(
          readRecord(response.data, this.source(operation, true), 'order', WRAPPERS.order),
          RECORD_SHAPES.order,
        );
        const order = toOrder(reader);
        return Object.assign(order, { total: reader.needNumber(ORDER.total, 'total') });
      },
      notSent: (error) => {
        throw error;
      },
      record: async (sent) => {
        if (sent.kind === 'answered') {
          const order = sent.result;
          const disagreements = checkOrder(request, order);
          if (disagreements.length) {
            await journal.setStatus(
              id,
              'unknown',
              { orderId: order.id, disagreement: describeDisagreements(disagreements) } as Partial<OrderJournalEntry>,
              'the answer disagrees with the request: unknown',
            );
            throw new DisagreeingAnswerError(`the order of ${request.reservationIds.join(', ')}`, disagreements, {
              details: [
                `order ${order.id}: venue recorded it as unknown; nothing is claimed, and no payment should be taken against it until it is checked.`,
              ],
              hint: `Check it with ${venueHint(['booking', 'order', 'show', order.id])}; cancel it with ${venueHint(['booking', 'order', 'cancel', order.id])} if it is not what was asked. ${venueHint(['booking', 'holds'])} lists its holds.`,
            });
          }
          await journal.setStatus(id, 'recorded', {
            orderId: order.id,
            recordedAt: stampOf(this.deps.now()),
          } as Partial<OrderJournalEntry>);
          await this.holds.ordered(request.reservationIds, order.id);
          return order;
        }
        if (sent.kind === 'unknown' || sent.kind === 'accepted-unreadable') {
          await journal.setStatus(id, 'unknown', {}, `outcome unknown: ${sent.error.message}`);
          throw sent.error;
        }
        await journal.setStatus(id, 'not-applied', {}, `not applied: ${sent.error.message}`);
        throw sent.kind === 'refused' ? (sent.raised ?? sent.error) : sent.error;
      },
    });
  }

  /**
   * Records the payment taken elsewhere. Never retried: a second sale would
   * record the money twice. The order's status is read from the ORDER: the
   * order in the answer (nested, beside the sale, or the answer itself), an
   * order status beside the sale, venue's own order word in the answer's
   * status (venue's contract gives the order's status there), or the order
   * read back; the sale's own status ("completed") never stands in for it.
   */
  async recordSale(
    request: { orderId: string; amount: number; paymentReference: string },
    options: { idempotencyKey?: string; beforeSend?: () => Promise<void> } = {},
  ): Promise<SaleOutcome> {
    const operation = 'record the sale';
    const response = await this.call({
      method: 'POST',
      path: '/api/v1/sale',
      body: request,
      operation,
      idempotencyKey: options.idempotencyKey,
      beforeSend: options.beforeSend,
    });
    await this.holds.settled({ orderId: request.orderId });
    const reader = emptyBody(response.data)
      ? undefined
      : readRecord(response.data, this.source(operation, true), 'sale', WRAPPERS.sale);
    let order: Order | undefined;
    let sale: SaleOutcome['sale'] = {};
    if (reader) ({ order, sale } = orderAndSale(reader, request.orderId));
    if (order?.status === undefined) {
      // The answer does not say the order's status: the order read back does, where the service offers it.
      const found = await this.findOrder(request.orderId).catch(() => undefined);
      if (found) order = found;
    }
    if (order?.sale) sale = { ...order.sale, ...definedOf(sale) };
    await this.holds.settled({ orderId: request.orderId, reservationIds: order?.reservationIds });
    return { orderId: order?.id ?? request.orderId, orderStatus: order?.status, order, sale };
  }

  /** An empty 2xx answer is taken as done; the view then holds only the id. */
  async cancelOrder(orderId: string): Promise<Order> {
    const operation = 'cancel the order';
    const response = await this.call({
      method: 'POST',
      path: `/api/v1/orders/${encodeURIComponent(orderId)}/cancel`,
      operation,
    });
    const order = emptyBody(response.data)
      ? { id: orderId, reservationIds: [], reservations: [] }
      : toOrder(
          checkedAnswer(
            readRecord(response.data, this.source(operation), 'order', WRAPPERS.order),
            RECORD_SHAPES.order,
          ),
        );
    const disagreements = new AnswerCheck().id('order id', orderId, order.id).found;
    if (disagreements.length) {
      throw new DisagreeingAnswerError(`the cancellation of order ${orderId}`, disagreements, {
        hint: `Nothing is claimed. Check both orders with ${venueHint(['booking', 'order', 'show', orderId])} (and the one named above); running the cancellation again is harmless.`,
      });
    }
    await this.holds.settled({ orderId, reservationIds: order.reservationIds });
    return order;
  }

  /**
   * The order as the platform has it, or undefined when the service cannot
   * say: GET /api/v1/orders/{id} is a venue sandbox extension the vendor's
   * seed does not list, so a real service may answer 404 or 405 to it.
   */
  async findOrder(orderId: string): Promise<Order | undefined> {
    const operation = 'look up the order';
    let response: HttpResponse;
    try {
      response = await this.call({ method: 'GET', path: `/api/v1/orders/${encodeURIComponent(orderId)}`, operation });
    } catch (error) {
      if (bookingErrors.meaning(error, 'find-order') === 'lookup-not-offered') return undefined;
      throw bookingErrors.errorFor(error, 'find-order', { orderId });
    }
    const order = toOrder(readRecord(response.data, this.source(operation), 'order', WRAPPERS.order));
    checkSame(this.source(operation), 'orderId', orderId, order.id, sourceOf(order));
    return order;
  }

  async report(query: { fromDate?: string; toDate?: string; locationId?: string }): Promise<SalesReport> {
    const operation = 'fetch the sales report';
    const response = await this.call({ method: 'GET', path: '/api/v1/reports', query, operation });
    return readSalesReport(response.data, this.source(operation));
  }
}

/** What a hold's answer states against the request: the slot, the experience, the number of places (never none or fewer than none). */
export function checkReservation(
  request: { experienceId: string; slotId: string; quantity: number },
  reservation: Reservation,
): Disagreement[] {
  const check = new AnswerCheck()
    .id('slotId', request.slotId, reservation.slotId)
    .id('experienceId', request.experienceId, reservation.experienceId)
    .number('quantity', request.quantity, reservation.quantity);
  return check.found;
}

/** What an order's answer states against the request: its reservations, the guest's email, a total that is not below 0. */
export function checkOrder(
  request: { reservationIds: string[]; guest: Guest },
  order: Order & { total: number },
): Disagreement[] {
  const check = new AnswerCheck()
    .set('reservations', request.reservationIds, order.reservationIds.length ? order.reservationIds : undefined)
    .text('guest email', request.guest.email, order.guest?.email);
  if (order.total < 0) check.impossible('total', 'never below 0', order.total);
  return check.found;
}

/** Venue's own order words: in a sale answer's own status they are the order's (venue's contract); any other word is the sale's. */
const ORDER_WORDS = new Set(Object.keys(ORDER_STATUS));

/**
 * The order and the sale in a sale answer, whatever its shape: the sale with
 * the order nested ({order: {...}}), the sale and the order side by side
 * ({sale: {...}, order: {...}}), the order with its sale inside (the answer
 * is the order), or the sale alone with the order's status and reservations
 * beside it ({saleId, orderStatus, reservations}).
 */
export function orderAndSale(reader: RecordReader, orderId: string): { order?: Order; sale: SaleRecord } {
  const nestedOrder = reader.get(ORDER_NESTED);
  const nestedSale = reader.get(ORDER.sale);
  if (nestedOrder) {
    const order = toOrder(nestedOrder);
    return { order, sale: toSale(nestedSale ?? reader) };
  }
  if (looksLikeOrder(reader) && reader.get(ORDER.id) !== undefined && !reader.has(SALE_ONLY)) {
    // The answer is the order, its sale inside.
    const order = toOrder(reader);
    return { order, sale: nestedSale ? toSale(nestedSale) : {} };
  }
  const sale = toSale(nestedSale ?? reader);
  // The sale alone: what it says of its order beside it.
  const said = reader.word(SALE.orderStatus) ?? ownOrderWord(reader);
  const { reservations, reservationIds } = reservationsOf(
    reader,
    reader.get(SALE.reservations),
    reader.get(SALE.reservationIds),
  );
  if (said === undefined && reservationIds.length === 0) return { sale };
  const order: Order = withSource(
    {
      id: reader.get(SALE.orderId) ?? orderId,
      status: said?.value,
      ...saidIfOther(said),
      reservationIds,
      reservations,
    },
    reader.raw,
  );
  return { order, sale };
}

/** An order nested in a sale answer. */
const ORDER_NESTED = field('record', ...WRAPPERS.order);
/** Fields only a sale has: a record with them is a sale, not an order. */
const SALE_ONLY = ['saleId', 'paymentReference', 'paymentRef'];

/** The answer's own status when it is one of venue's order words (venue's contract: the sale answer's status is the order's). */
function ownOrderWord(reader: RecordReader): Word | undefined {
  const word = reader.word(ORDER.status);
  return word && ORDER_WORDS.has(word.said) ? word : undefined;
}

/** A write's answer first read as a read's: every field of its shape by its type (records.ts, readWriteAnswer). */
function checkedAnswer(reader: RecordReader, shape: RecordShape): RecordReader {
  readWriteAnswer(reader, shape);
  return reader;
}

function emptyBody(data: unknown): boolean {
  return data === undefined || data === null || (typeof data === 'string' && data.trim() === '');
}

function definedOf<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * What a list answer says it is about, beside its items (top level or meta):
 * another experience or another day than asked is an answer about something else.
 */
function checkListContext(source: AnswerSource, body: unknown, asked: { experienceId: string; date?: string }): void {
  if (!isRecord(body)) return;
  const top = new RecordReader(body, source, 'list');
  for (const place of [top, top.get(LIST_META)].filter((p): p is RecordReader => p !== undefined)) {
    checkSame(source, 'experienceId', asked.experienceId, place.get(LIST_CONTEXT.experienceId), body);
    if (asked.date !== undefined) checkSame(source, 'date', asked.date, dayOf(place.get(LIST_CONTEXT.date)), body);
  }
}
const LIST_META = field('record', 'meta', 'metadata', '_meta');
