// The booking resources as the CLI uses them, and how each is read from
// whatever field names the vendor sends (the seed shows none of them).

export interface Location {
  id: string;
  name: string;
  city?: string;
  currency?: string;
}

export interface Experience {
  id: string;
  locationId?: string;
  name: string;
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
  startTime: string;
  endTime?: string;
  capacity?: number;
  remaining: number;
  price?: number;
}

export interface Reservation {
  id: string;
  status: string;
  experienceId?: string;
  slotId?: string;
  quantity?: number;
  amount?: number;
  startTime?: string;
  expiresAt?: string;
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
}

export interface Order {
  id: string;
  status: string;
  total: number;
  currency?: string;
  reservationIds: string[];
  reservations: Reservation[];
  guest?: Partial<Guest>;
  expiresAt?: string;
  sale?: SaleRecord;
}

export interface ReportRow {
  date: string;
  locationId?: string;
  experienceId: string;
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
}

export type Raw = Record<string, unknown>;

export function pick(raw: Raw, ...keys: string[]): unknown {
  for (const key of keys) if (raw[key] !== undefined && raw[key] !== null) return raw[key];
  return undefined;
}
export function text(raw: Raw, ...keys: string[]): string | undefined {
  const value = pick(raw, ...keys);
  return value === undefined ? undefined : String(value);
}
export function num(raw: Raw, ...keys: string[]): number | undefined {
  const value = pick(raw, ...keys);
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

export function toLocation(raw: Raw): Location {
  return { id: text(raw, 'id', 'locationId') ?? '', name: text(raw, 'name', 'title') ?? '', city: text(raw, 'city'), currency: text(raw, 'currency') };
}

export function toExperience(raw: Raw): Experience {
  return {
    id: text(raw, 'id', 'experienceId') ?? '',
    locationId: text(raw, 'locationId'),
    name: text(raw, 'name', 'title') ?? '',
    description: text(raw, 'description'),
    durationMinutes: num(raw, 'durationMinutes', 'duration'),
    price: num(raw, 'price', 'unitPrice'),
  };
}

export function toAvailabilityDay(raw: Raw): AvailabilityDay {
  return {
    date: (text(raw, 'date', 'day') ?? '').slice(0, 10),
    sessions: num(raw, 'sessions', 'slots', 'sessionCount'),
    capacity: num(raw, 'capacity'),
    remaining: num(raw, 'remaining', 'remainingCapacity', 'available') ?? 0,
  };
}

export function toSlot(raw: Raw): Slot {
  return {
    id: text(raw, 'slotId', 'id', 'sessionId') ?? '',
    experienceId: text(raw, 'experienceId'),
    date: text(raw, 'date'),
    startTime: text(raw, 'startTime', 'start', 'startsAt') ?? '',
    endTime: text(raw, 'endTime', 'end', 'endsAt'),
    capacity: num(raw, 'capacity'),
    remaining: num(raw, 'remaining', 'remainingCapacity', 'available') ?? 0,
    price: num(raw, 'price', 'unitPrice'),
  };
}

export function toReservation(raw: Raw): Reservation {
  return {
    id: text(raw, 'reservationId', 'id') ?? '',
    status: text(raw, 'status') ?? 'held',
    experienceId: text(raw, 'experienceId'),
    slotId: text(raw, 'slotId', 'sessionId'),
    quantity: num(raw, 'quantity'),
    amount: num(raw, 'amount', 'total'),
    startTime: text(raw, 'startTime'),
    expiresAt: text(raw, 'expiresAt', 'holdExpiresAt'),
  };
}

export function toOrder(raw: Raw): Order {
  const reservations = Array.isArray(raw.reservations) ? (raw.reservations as Raw[]).map(toReservation) : [];
  const ids = Array.isArray(raw.reservationIds) ? (raw.reservationIds as unknown[]).map(String) : reservations.map((r) => r.id);
  const saleRaw = raw.sale && typeof raw.sale === 'object' ? (raw.sale as Raw) : undefined;
  return {
    id: text(raw, 'orderId', 'id') ?? '',
    status: text(raw, 'status') ?? 'created',
    total: num(raw, 'total', 'amount', 'totalAmount') ?? 0,
    currency: text(raw, 'currency'),
    reservationIds: ids,
    reservations,
    guest: raw.guest && typeof raw.guest === 'object' ? (raw.guest as Partial<Guest>) : undefined,
    expiresAt: text(raw, 'expiresAt'),
    sale: saleRaw
      ? { id: text(saleRaw, 'saleId', 'id'), amount: num(saleRaw, 'amount'), paymentReference: text(saleRaw, 'paymentReference'), recordedAt: text(saleRaw, 'recordedAt') }
      : undefined,
  };
}
