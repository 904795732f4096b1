// The booking resources as the CLI uses them (views for tables and logic), each
// read from the service's record through the synonym tables of fields.ts and
// carrying that record (withSource), so machine formats print what the
// service sent. What a command needs and cannot find fails (exit 6); what is
// optional stays undefined: nothing is invented in its place.

import { asText, isRecord, RecordReader, withSource, type RawRecord, type Word } from '../reading.js';
import { AVAILABILITY_DAY, EXPERIENCE, GUEST, LOCATION, ORDER, RESERVATION, SALE, SLOT } from './fields.js';

export interface Location {
  id: string;
  name?: string;
  city?: string;
  currency?: string;
}

export interface Experience {
  id: string;
  locationId?: string;
  name?: string;
  description?: string;
  durationMinutes?: number;
  price?: number;
}

export interface AvailabilityDay {
  date: string;
  /** The experience the day says it is of, when it says. */
  experienceId?: string;
  sessions?: number;
  capacity?: number;
  remaining: number;
}

export interface Slot {
  id: string;
  experienceId?: string;
  date?: string;
  startTime?: string;
  endTime?: string;
  capacity?: number;
  remaining: number;
  price?: number;
}

export interface Reservation {
  id: string;
  /** For logic: venue's word when the service's is a known one (RESERVATION_STATUS), else as sent; undefined when it said none. */
  status?: string;
  /** For people: the service's own word, present only when it is another word than venue's ("booked" for held…). */
  statusSaid?: string;
  experienceId?: string;
  slotId?: string;
  quantity?: number;
  amount?: number;
  startTime?: string;
  expiresAt?: string;
  orderId?: string;
}

export interface Guest {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
}

export interface SaleRecord {
  id?: string;
  amount?: number;
  paymentReference?: string;
  recordedAt?: string;
  /** The sale's own status ("completed"), as the service said it: never the order's. */
  status?: string;
}

export interface Order {
  id: string;
  /** For logic: venue's word (ORDER_STATUS) when the service's is a known one, else as sent. */
  status?: string;
  /** For people: the service's own word, present only when it is another word than venue's ("paid" for confirmed). */
  statusSaid?: string;
  total?: number;
  currency?: string;
  reservationIds: string[];
  reservations: Reservation[];
  guest?: Partial<Guest>;
  expiresAt?: string;
  sale?: SaleRecord;
}

/** What recording a sale tells: the sale, and the order's status read from the order. */
export interface SaleOutcome {
  orderId: string;
  /** The ORDER's status (for logic); undefined when neither the sale answer nor the order lookup said it. */
  orderStatus?: string;
  order?: Order;
  sale: SaleRecord;
}

export interface ReportRow {
  date?: string;
  locationId?: string;
  experienceId?: string;
  experienceName?: string;
  orders?: number;
  quantity: number;
  revenue: number;
}

export interface SalesReport {
  fromDate?: string;
  toDate?: string;
  rows: ReportRow[];
  totals: { orders?: number; quantity: number; revenue: number };
  /** Rows of the service's answer left out of the totals because their status is not a sale, by status. */
  leftOut: { rows: number; statuses: Record<string, number> };
}

/** The day of a date or timestamp as sent: "2026-11-22" from "2026-11-22T10:00:00Z". */
export function dayOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(value.trim());
  return match ? match[1] : value;
}

/** The service's own word beside venue's, only when they differ (a view equals venue's when the service speaks venue's words). */
export function saidIfOther(word: Word | undefined): { statusSaid?: string } {
  return word !== undefined && word.said !== word.value ? { statusSaid: word.said } : {};
}

export function toLocation(r: RecordReader): Location {
  return withSource(
    {
      id: r.need(LOCATION.id, 'id'),
      name: r.get(LOCATION.name),
      city: r.get(LOCATION.city),
      currency: r.get(LOCATION.currency),
    },
    r.raw,
  );
}

export function toExperience(r: RecordReader): Experience {
  return withSource(
    {
      id: r.need(EXPERIENCE.id, 'id'),
      locationId: r.get(EXPERIENCE.locationId),
      name: r.get(EXPERIENCE.name),
      description: r.get(EXPERIENCE.description),
      durationMinutes: r.get(EXPERIENCE.durationMinutes),
      price: r.get(EXPERIENCE.price),
    },
    r.raw,
  );
}

export function toAvailabilityDay(r: RecordReader): AvailabilityDay {
  return withSource(
    {
      date: dayOf(r.need(AVAILABILITY_DAY.date, 'date'))!,
      experienceId: r.get(AVAILABILITY_DAY.experienceId),
      sessions: r.get(AVAILABILITY_DAY.sessions),
      capacity: r.get(AVAILABILITY_DAY.capacity),
      remaining: r.need(AVAILABILITY_DAY.remaining, 'places left'),
    },
    r.raw,
  );
}

export function toSlot(r: RecordReader): Slot {
  return withSource(
    {
      id: r.need(SLOT.id, 'id'),
      experienceId: r.get(SLOT.experienceId),
      date: dayOf(r.get(SLOT.date)),
      startTime: r.get(SLOT.startTime),
      endTime: r.get(SLOT.endTime),
      capacity: r.get(SLOT.capacity),
      remaining: r.need(SLOT.remaining, 'places left'),
      price: r.get(SLOT.price),
    },
    r.raw,
  );
}

export function toReservation(r: RecordReader): Reservation {
  const status = r.word(RESERVATION.status);
  return withSource(
    {
      id: r.need(RESERVATION.id, 'id'),
      status: status?.value,
      ...saidIfOther(status),
      experienceId: r.get(RESERVATION.experienceId),
      slotId: r.get(RESERVATION.slotId),
      quantity: r.get(RESERVATION.quantity),
      amount: r.get(RESERVATION.amount),
      startTime: r.get(RESERVATION.startTime),
      expiresAt: r.get(RESERVATION.expiresAt),
      orderId: r.get(RESERVATION.orderId),
    },
    r.raw,
  );
}

export function toSale(r: RecordReader): SaleRecord {
  return withSource(
    {
      id: r.get(SALE.id),
      amount: r.get(SALE.amount),
      paymentReference: r.get(SALE.paymentReference),
      recordedAt: r.get(SALE.recordedAt),
      status: r.get(SALE.status),
    },
    r.raw,
  );
}

function toGuest(r: RecordReader | undefined): Partial<Guest> | undefined {
  if (!r) return undefined;
  return {
    firstName: r.get(GUEST.firstName),
    lastName: r.get(GUEST.lastName),
    email: r.get(GUEST.email),
    phone: r.get(GUEST.phone),
  };
}

/** The reservations of an order, or of a sale answer that lists them: records read as reservations, ids as ids. */
export function reservationsOf(
  r: RecordReader,
  listed: unknown[] | undefined,
  ids: unknown[] | undefined,
): { reservations: Reservation[]; reservationIds: string[] } {
  const reservations = (listed ?? [])
    .filter(isRecord)
    .map((raw) => toReservation(new RecordReader(raw as RawRecord, r.source, 'reservation of the order')));
  const idList = ids ?? listed;
  const reservationIds =
    idList && idList.length && idList.every((v) => typeof v === 'string' || typeof v === 'number')
      ? idList.map((v) => asText(v) ?? '').filter((id) => id.trim() !== '')
      : reservations.map((x) => x.id);
  return { reservations, reservationIds };
}

export function toOrder(r: RecordReader): Order {
  const { reservations, reservationIds } = reservationsOf(r, r.get(ORDER.reservations), r.get(ORDER.reservationIds));
  const saleReader = r.get(ORDER.sale);
  const status = r.word(ORDER.status);
  return withSource(
    {
      id: r.need(ORDER.id, 'id'),
      status: status?.value,
      ...saidIfOther(status),
      total: r.get(ORDER.total),
      currency: r.get(ORDER.currency),
      reservationIds,
      reservations,
      guest: toGuest(r.get(ORDER.guest)),
      expiresAt: r.get(ORDER.expiresAt),
      sale: saleReader ? toSale(saleReader) : undefined,
    },
    r.raw,
  );
}

/** Whether a record is an order rather than a sale: it lists reservations or a guest. */
export function looksLikeOrder(r: RecordReader): boolean {
  return (
    r.get(ORDER.reservationIds) !== undefined ||
    r.get(ORDER.reservations) !== undefined ||
    r.get(ORDER.guest) !== undefined
  );
}

// ---------------------------------------------------------------- impossible values

/** Places that cannot be: negative, or more left than the capacity. */
function placesProblems(what: string, record: { capacity?: number; remaining: number; sessions?: number }): string[] {
  const problems: string[] = [];
  if (record.remaining < 0) problems.push(`${what} has ${record.remaining} places left (below zero)`);
  if (record.capacity !== undefined && record.capacity < 0)
    problems.push(`${what} has a capacity of ${record.capacity} (below zero)`);
  if (record.capacity !== undefined && record.capacity >= 0 && record.remaining > record.capacity) {
    problems.push(`${what} has ${record.remaining} places left of a capacity of ${record.capacity}`);
  }
  if (record.sessions !== undefined && record.sessions < 0)
    problems.push(`${what} has ${record.sessions} sessions (below zero)`);
  return problems;
}

/** What cannot be true of an availability day, in words (empty when nothing). */
export function dayProblems(day: AvailabilityDay): string[] {
  return placesProblems(`day ${day.date}`, day);
}

/** What cannot be true of a session slot, in words: places below zero or beyond capacity, an end before its start. */
export function slotProblems(slot: Slot): string[] {
  const problems = placesProblems(`session ${slot.id}`, slot);
  const start = slot.startTime === undefined ? NaN : Date.parse(slot.startTime);
  const end = slot.endTime === undefined ? NaN : Date.parse(slot.endTime);
  if (Number.isFinite(start) && Number.isFinite(end) && end < start)
    problems.push(`session ${slot.id} ends (${slot.endTime}) before it starts (${slot.startTime})`);
  return problems;
}
