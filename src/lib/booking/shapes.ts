// The booking resources as the CLI uses them (views for tables and logic), each
// read from the service's record through the synonym tables of fields.ts and
// carrying that record (withSource), so machine formats print what the
// service sent. What a command needs and cannot find fails (exit 6); what is
// optional stays undefined: nothing is invented in its place.

import { isRecord, RecordReader, withSource, type RawRecord } from '../reading.js';
import { AVAILABILITY_DAY, EXPERIENCE, GUEST, LOCATION, ORDER, ORDER_STATUS, RESERVATION, RESERVATION_STATUS, SALE, SLOT } from './fields.js';

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
  /** As the service said it (venue's word when it is a known synonym); undefined when it said none. */
  status?: string;
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
  /** The sale's own status ("completed"): never the order's. */
  status?: string;
}

export interface Order {
  id: string;
  status?: string;
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
  /** The ORDER's status; undefined when neither the sale answer nor the order lookup said it. */
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

export function toLocation(r: RecordReader): Location {
  return withSource({ id: r.needText(LOCATION.id, 'id'), name: r.text(LOCATION.name), city: r.text(LOCATION.city), currency: r.text(LOCATION.currency) }, r.raw);
}

export function toExperience(r: RecordReader): Experience {
  return withSource(
    {
      id: r.needText(EXPERIENCE.id, 'id'),
      locationId: r.text(EXPERIENCE.locationId),
      name: r.text(EXPERIENCE.name),
      description: r.text(EXPERIENCE.description),
      durationMinutes: r.number(EXPERIENCE.durationMinutes),
      price: r.number(EXPERIENCE.price),
    },
    r.raw,
  );
}

export function toAvailabilityDay(r: RecordReader): AvailabilityDay {
  return withSource(
    {
      date: dayOf(r.needText(AVAILABILITY_DAY.date, 'date'))!,
      sessions: r.number(AVAILABILITY_DAY.sessions),
      capacity: r.number(AVAILABILITY_DAY.capacity),
      remaining: r.needNumber(AVAILABILITY_DAY.remaining, 'places left'),
    },
    r.raw,
  );
}

export function toSlot(r: RecordReader): Slot {
  return withSource(
    {
      id: r.needText(SLOT.id, 'id'),
      experienceId: r.text(SLOT.experienceId),
      date: dayOf(r.text(SLOT.date)),
      startTime: r.text(SLOT.startTime),
      endTime: r.text(SLOT.endTime),
      capacity: r.number(SLOT.capacity),
      remaining: r.needNumber(SLOT.remaining, 'places left'),
      price: r.number(SLOT.price),
    },
    r.raw,
  );
}

export function toReservation(r: RecordReader): Reservation {
  return withSource(
    {
      id: r.needText(RESERVATION.id, 'id'),
      status: r.enumeration(RESERVATION.status, RESERVATION_STATUS),
      experienceId: r.text(RESERVATION.experienceId),
      slotId: r.text(RESERVATION.slotId),
      quantity: r.number(RESERVATION.quantity),
      amount: r.number(RESERVATION.amount),
      startTime: r.text(RESERVATION.startTime),
      expiresAt: r.text(RESERVATION.expiresAt),
      orderId: r.text(RESERVATION.orderId),
    },
    r.raw,
  );
}

export function toSale(r: RecordReader): SaleRecord {
  return withSource(
    {
      id: r.text(SALE.id),
      amount: r.number(SALE.amount),
      paymentReference: r.text(SALE.paymentReference),
      recordedAt: r.text(SALE.recordedAt),
      status: r.text(['status', 'state', 'saleStatus']),
    },
    r.raw,
  );
}

function toGuest(r: RecordReader | undefined): Partial<Guest> | undefined {
  if (!r) return undefined;
  return { firstName: r.text(GUEST.firstName), lastName: r.text(GUEST.lastName), email: r.text(GUEST.email), phone: r.text(GUEST.phone) };
}

export function toOrder(r: RecordReader): Order {
  const listed = r.list(ORDER.reservations) ?? [];
  const reservations = listed.filter(isRecord).map((raw) => toReservation(new RecordReader(raw as RawRecord, r.source, 'reservation of the order')));
  const idList = r.list(ORDER.reservationIds);
  const reservationIds =
    idList && idList.every((v) => typeof v === 'string' || typeof v === 'number') ? idList.map(String).filter((id) => id !== '') : reservations.map((x) => x.id);
  const saleReader = r.record(ORDER.sale, 'sale');
  return withSource(
    {
      id: r.needText(ORDER.id, 'id'),
      status: r.enumeration(ORDER.status, ORDER_STATUS),
      total: r.number(ORDER.total),
      currency: r.text(ORDER.currency),
      reservationIds,
      reservations,
      guest: toGuest(r.record(ORDER.guest, 'guest')),
      expiresAt: r.text(ORDER.expiresAt),
      sale: saleReader ? toSale(saleReader) : undefined,
    },
    r.raw,
  );
}

/** Whether a record is an order rather than a sale: it lists reservations or a guest. */
export function looksLikeOrder(r: RecordReader): boolean {
  return r.has(ORDER.reservationIds) || r.has(ORDER.reservations) || r.has(ORDER.guest);
}
