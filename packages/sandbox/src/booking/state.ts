// The booking emulator's state (holds and orders) and the views the routes
// answer with. Holds lapse by time, not by a timer: a reservation counts
// against its slot while it is held and unexpired, ordered and unexpired, or
// confirmed, so nothing has to run in the background.

import { CURRENCY, demoCatalogue, type Catalogue, type SlotDefinition } from './catalogue.js';

export type ReservationStatus = 'held' | 'ordered' | 'confirmed' | 'released' | 'expired' | 'cancelled';
export type OrderStatus = 'created' | 'confirmed' | 'cancelled' | 'expired';

export interface StoredReservation {
  reservationId: string;
  status: Exclude<ReservationStatus, 'expired'>;
  experienceId: string;
  slotId: string;
  date: string;
  startTime: string;
  endTime: string;
  quantity: number;
  unitPrice: number;
  createdAt: string;
  expiresAt: string;
  orderId?: string;
  releasedAt?: string;
}

export interface StoredSale {
  saleId: string;
  amount: number;
  paymentReference: string;
  recordedAt: string;
}

export interface StoredOrder {
  orderId: string;
  status: Exclude<OrderStatus, 'expired'>;
  locationId: string;
  reservationIds: string[];
  guest: { firstName: string; lastName: string; email: string; phone?: string };
  total: number;
  createdAt: string;
  expiresAt: string;
  confirmedAt?: string;
  cancelledAt?: string;
  sale?: StoredSale;
}

export interface BookingState extends Catalogue {
  counters: { reservation: number; order: number; sale: number };
  reservations: Record<string, StoredReservation>;
  orders: Record<string, StoredOrder>;
}

export function demoBookingState(): BookingState {
  return { ...demoCatalogue(), counters: { reservation: 0, order: 0, sale: 0 }, reservations: {}, orders: {} };
}

export function timestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function roundMoney(value: number): number {
  return Math.round(value * 100) / 100;
}

export function nextId(state: BookingState, kind: keyof BookingState['counters'], prefix: string): string {
  state.counters[kind] += 1;
  return `${prefix}-${String(state.counters[kind]).padStart(6, '0')}`;
}

export function reservationStatus(reservation: StoredReservation, now: Date): ReservationStatus {
  if (
    (reservation.status === 'held' || reservation.status === 'ordered') &&
    Date.parse(reservation.expiresAt) <= now.getTime()
  )
    return 'expired';
  return reservation.status;
}

export function orderStatus(order: StoredOrder, now: Date): OrderStatus {
  if (order.status === 'created' && Date.parse(order.expiresAt) <= now.getTime()) return 'expired';
  return order.status;
}

function holdsCapacity(reservation: StoredReservation, now: Date): boolean {
  const status = reservationStatus(reservation, now);
  return status === 'held' || status === 'ordered' || status === 'confirmed';
}

/** Places taken in each slot right now. */
export function takenBySlot(state: BookingState, now: Date): Map<string, number> {
  const taken = new Map<string, number>();
  for (const reservation of Object.values(state.reservations)) {
    if (holdsCapacity(reservation, now))
      taken.set(reservation.slotId, (taken.get(reservation.slotId) ?? 0) + reservation.quantity);
  }
  return taken;
}

export function remainingIn(
  state: BookingState,
  slot: SlotDefinition,
  now: Date,
  taken = takenBySlot(state, now),
): number {
  // A slot that has started cannot be booked any more.
  if (Date.parse(slot.startTime) <= now.getTime()) return 0;
  return Math.max(0, slot.capacity - (taken.get(slot.slotId) ?? 0));
}

export function slotView(state: BookingState, slot: SlotDefinition, now: Date, taken?: Map<string, number>) {
  return { ...slot, remaining: remainingIn(state, slot, now, taken), currency: CURRENCY };
}

export function reservationView(reservation: StoredReservation, now: Date) {
  return {
    reservationId: reservation.reservationId,
    status: reservationStatus(reservation, now),
    experienceId: reservation.experienceId,
    slotId: reservation.slotId,
    date: reservation.date,
    startTime: reservation.startTime,
    endTime: reservation.endTime,
    quantity: reservation.quantity,
    unitPrice: reservation.unitPrice,
    amount: roundMoney(reservation.unitPrice * reservation.quantity),
    currency: CURRENCY,
    createdAt: reservation.createdAt,
    expiresAt: reservation.expiresAt,
    ...(reservation.orderId ? { orderId: reservation.orderId } : {}),
    ...(reservation.releasedAt ? { releasedAt: reservation.releasedAt } : {}),
  };
}

export function orderView(state: BookingState, order: StoredOrder, now: Date) {
  return {
    orderId: order.orderId,
    status: orderStatus(order, now),
    locationId: order.locationId,
    reservationIds: order.reservationIds,
    reservations: order.reservationIds
      .map((id) => state.reservations[id])
      .filter((r) => r !== undefined)
      .map((r) => reservationView(r, now)),
    guest: order.guest,
    total: order.total,
    currency: CURRENCY,
    createdAt: order.createdAt,
    expiresAt: order.expiresAt,
    ...(order.confirmedAt ? { confirmedAt: order.confirmedAt } : {}),
    ...(order.cancelledAt ? { cancelledAt: order.cancelledAt } : {}),
    ...(order.sale ? { sale: order.sale } : {}),
  };
}

export interface ReportRow {
  date: string;
  locationId: string;
  experienceId: string;
  experienceName: string;
  orders: number;
  quantity: number;
  revenue: number;
}

/**
 * Confirmed sales grouped by the day the sale was recorded and the experience
 * (venue's report), or one row per reservation of every paid order (see reservationReport).
 */
export function salesReport(
  state: BookingState,
  fromDate: string,
  toDate: string,
  locationId?: string,
  shape: 'per-day' | 'per-reservation' = 'per-day',
) {
  if (shape === 'per-reservation') return reservationReport(state, fromDate, toDate, locationId);
  const rows = new Map<string, ReportRow & { orderIds: Set<string> }>();
  for (const order of Object.values(state.orders)) {
    if (order.status !== 'confirmed' || !order.confirmedAt) continue;
    const day = order.confirmedAt.slice(0, 10);
    if (day < fromDate || day > toDate) continue;
    for (const id of order.reservationIds) {
      const reservation = state.reservations[id];
      if (!reservation) continue;
      const experience = state.experiences.find((e) => e.id === reservation.experienceId);
      if (!experience || (locationId && experience.locationId !== locationId)) continue;
      const key = `${day}|${experience.id}`;
      const row = rows.get(key) ?? {
        date: day,
        locationId: experience.locationId,
        experienceId: experience.id,
        experienceName: experience.name,
        orders: 0,
        quantity: 0,
        revenue: 0,
        orderIds: new Set<string>(),
      };
      row.orderIds.add(order.orderId);
      row.orders = row.orderIds.size;
      row.quantity += reservation.quantity;
      row.revenue = roundMoney(row.revenue + reservation.unitPrice * reservation.quantity);
      rows.set(key, row);
    }
  }
  const items = [...rows.values()]
    .sort((a, b) => a.date.localeCompare(b.date) || a.experienceId.localeCompare(b.experienceId))
    .map(({ orderIds: _ids, ...row }) => row);
  const orderCount = new Set([...rows.values()].flatMap((r) => [...r.orderIds])).size;
  return {
    fromDate,
    toDate,
    ...(locationId ? { locationId } : {}),
    currency: CURRENCY,
    items,
    totals: {
      orders: orderCount,
      quantity: items.reduce((sum, r) => sum + r.quantity, 0),
      revenue: roundMoney(items.reduce((sum, r) => sum + r.revenue, 0)),
    },
  };
}

export interface ReservationReportRow {
  orderId: string;
  reservationId: string;
  experienceId: string;
  experienceName: string;
  /** The day the sale was recorded (the report's period is over these days). */
  date: string;
  quantity: number;
  amount: number;
  /** The reservation's status now: confirmed, or cancelled when its order was cancelled after payment. */
  status: string;
}

/**
 * One row per reservation of every order paid in the period (by the day its
 * sale was recorded), cancelled ones included with their status: the shape
 * of vendors whose report is not pre-aggregated, so a reader that sums rows
 * without looking at their status counts cancelled revenue.
 */
export function reservationReport(state: BookingState, fromDate: string, toDate: string, locationId?: string) {
  const items: ReservationReportRow[] = [];
  for (const order of Object.values(state.orders)) {
    if (!order.sale) continue;
    const day = order.sale.recordedAt.slice(0, 10);
    if (day < fromDate || day > toDate) continue;
    for (const id of order.reservationIds) {
      const reservation = state.reservations[id];
      const experience = reservation && state.experiences.find((e) => e.id === reservation.experienceId);
      if (!reservation || !experience || (locationId && experience.locationId !== locationId)) continue;
      items.push({
        orderId: order.orderId,
        reservationId: reservation.reservationId,
        experienceId: experience.id,
        experienceName: experience.name,
        date: day,
        quantity: reservation.quantity,
        amount: roundMoney(reservation.unitPrice * reservation.quantity),
        status: reservation.status,
      });
    }
  }
  items.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      a.orderId.localeCompare(b.orderId) ||
      a.reservationId.localeCompare(b.reservationId),
  );
  return { fromDate, toDate, ...(locationId ? { locationId } : {}), currency: CURRENCY, items };
}
