// The booking service's fields, in one place: per resource, each field venue
// reads with its type and its names, venue's name first and then the other
// words real services use for it. The seed shows no response body, so a field
// is looked up by name AND type: a candidate of the wrong type (a boolean
// `available` where the count of places left is due) is skipped, never taken
// or refused while a right one exists. Case and separators are already
// ignored by the reading layer (reservationId = ReservationId =
// reservation_id), so only different WORDS are listed here.

import { field, fieldTables, wordField, type FieldTable } from '../reading.js';

/** Enumerations: venue's word first, then the words services use for it. They are for logic; people see the service's own word. */
export const RESERVATION_STATUS = {
  held: ['hold', 'onHold', 'reserved', 'active'],
  ordered: ['inOrder', 'pendingPayment', 'awaitingPayment'],
  confirmed: ['paid', 'booked', 'completed', 'complete'],
  released: ['freed', 'cancelledByIntegrator'],
  expired: ['lapsed', 'timedOut'],
  cancelled: ['canceled', 'void', 'voided'],
} as const;

export const ORDER_STATUS = {
  created: ['new', 'open', 'initiated', 'pending', 'pendingPayment', 'awaitingPayment', 'unpaid'],
  confirmed: ['paid', 'completed', 'complete', 'booked', 'settled'],
  cancelled: ['canceled', 'void', 'voided', 'refunded'],
  expired: ['lapsed', 'timedOut'],
} as const;

/** Report rows whose status is one of these count as sales; any other status is left out. */
export const SOLD_STATUS = {
  confirmed: ['paid', 'completed', 'complete', 'booked', 'settled', 'sold'],
} as const;

export const LOCATION = {
  id: field('id', 'locationId', 'id', 'siteId', 'venueId', 'code'),
  name: field('text', 'name', 'title', 'displayName', 'locationName', 'siteName'),
  city: field('text', 'city', 'town', 'locality'),
  currency: field('text', 'currency', 'currencyCode'),
} as const satisfies FieldTable;

export const EXPERIENCE = {
  id: field('id', 'experienceId', 'id', 'activityId', 'productId'),
  locationId: field('id', 'locationId', 'siteId', 'venueId'),
  name: field('text', 'name', 'title', 'displayName', 'experienceName'),
  description: field('text', 'description', 'summary', 'details'),
  durationMinutes: field('number', 'durationMinutes', 'duration', 'lengthMinutes', 'minutes'),
  price: field('money', 'price', 'unitPrice', 'pricePerPerson', 'cost'),
} as const satisfies FieldTable;

const places = {
  capacity: field('integer', 'capacity', 'totalCapacity', 'maxCapacity'),
  remaining: field(
    'integer',
    'remaining',
    'available',
    'remainingCapacity',
    'availableCapacity',
    'placesLeft',
    'spacesLeft',
    'availablePlaces',
    'free',
  ),
};

export const AVAILABILITY_DAY = {
  date: field('date', 'date', 'day', 'sessionDate', 'forDate'),
  experienceId: field('id', 'experienceId', 'activityId'),
  sessions: field('integer', 'sessions', 'sessionCount', 'slots', 'slotCount'),
  ...places,
} as const satisfies FieldTable;

export const SLOT = {
  id: field('id', 'slotId', 'sessionId', 'id', 'timeslotId'),
  experienceId: field('id', 'experienceId', 'activityId'),
  date: field('date', 'date', 'day', 'sessionDate'),
  startTime: field('datetime', 'startTime', 'start', 'startsAt', 'startDateTime', 'from', 'begins'),
  endTime: field('datetime', 'endTime', 'end', 'endsAt', 'endDateTime', 'to', 'finish'),
  ...places,
  price: EXPERIENCE.price,
} as const satisfies FieldTable;

/** A list answer's own fields beside its items (availability, sessions): what it says it is about. */
export const LIST_CONTEXT = {
  experienceId: SLOT.experienceId,
  date: field('date', 'date', 'forDate', 'day', 'sessionDate'),
  fromDate: field('date', 'fromDate', 'from', 'startDate'),
} as const satisfies FieldTable;

export const RESERVATION = {
  id: field('id', 'reservationId', 'id', 'holdId', 'bookingId'),
  status: wordField(RESERVATION_STATUS, 'status', 'state', 'reservationStatus'),
  experienceId: SLOT.experienceId,
  slotId: field('id', 'slotId', 'sessionId', 'timeslotId'),
  quantity: field('integer', 'quantity', 'places', 'qty', 'count', 'guests', 'tickets'),
  amount: field('money', 'amount', 'total', 'totalAmount', 'price', 'totalPrice'),
  startTime: SLOT.startTime,
  expiresAt: field('datetime', 'expiresAt', 'holdExpiresAt', 'expires', 'holdUntil', 'expiry', 'validUntil'),
  orderId: field('id', 'orderId'),
  // What else a reservation answer carries, so that it reads in venue's names at every venue.
  date: field('date', 'date', 'day', 'sessionDate'),
  endTime: SLOT.endTime,
  unitPrice: field('money', 'unitPrice', 'pricePerPerson'),
  currency: field('text', 'currency', 'currencyCode'),
  createdAt: field('datetime', 'createdAt', 'created', 'createdOn'),
  releasedAt: field('datetime', 'releasedAt', 'released'),
} as const satisfies FieldTable;

export const GUEST = {
  firstName: field('text', 'firstName', 'givenName', 'forename'),
  lastName: field('text', 'lastName', 'familyName', 'surname'),
  email: field('text', 'email', 'emailAddress', 'mail'),
  phone: field('text', 'phone', 'phoneNumber', 'mobile', 'telephone'),
} as const satisfies FieldTable;

export const SALE = {
  id: field('id', 'saleId', 'id', 'transactionId', 'paymentId'),
  amount: field('money', 'amount', 'value', 'paidAmount', 'total'),
  paymentReference: field('text', 'paymentReference', 'paymentRef', 'reference', 'gatewayReference'),
  recordedAt: field('datetime', 'recordedAt', 'paidAt', 'createdAt', 'created', 'timestamp'),
  /** The sale's own status ("completed"), a word kept as sent: never the order's. */
  status: field('enum', 'saleStatus', 'paymentStatus', 'status', 'state'),
  orderId: field('id', 'orderId'),
  /** The order's status when a sale answer states it beside its own. */
  orderStatus: wordField(ORDER_STATUS, 'orderStatus', 'bookingStatus'),
  /** The order's reservations when a sale answer lists them beside the sale. */
  reservations: field('list', 'reservations', 'reservationList'),
  reservationIds: field('list', 'reservationIds'),
} as const satisfies FieldTable;

export const ORDER = {
  id: field('id', 'orderId', 'id', 'orderNumber', 'bookingReference'),
  status: wordField(ORDER_STATUS, 'status', 'state', 'orderStatus'),
  total: field('money', 'total', 'totalAmount', 'amount', 'orderTotal', 'grandTotal', 'totalPrice'),
  currency: LOCATION.currency,
  reservationIds: field('list', 'reservationIds', 'reservations'),
  reservations: field('list', 'reservations', 'items', 'lines', 'reservationList'),
  guest: field('record', 'guest', 'customer', 'contact'),
  expiresAt: field('datetime', 'expiresAt', 'paymentDueBy', 'dueBy', 'payBy', 'expires'),
  sale: field('record', 'sale', 'payment'),
  // What else an order answer carries, so that it reads in venue's names at every venue.
  locationId: field('id', 'locationId', 'siteId', 'venueId'),
  createdAt: field('datetime', 'createdAt', 'created', 'createdOn'),
  confirmedAt: field('datetime', 'confirmedAt', 'confirmed', 'paidAt'),
  cancelledAt: field('datetime', 'cancelledAt', 'canceledAt', 'cancelled'),
} as const satisfies FieldTable;

export const REPORT = {
  rows: ['rows', 'items', 'lines', 'sales', 'data'],
  totals: field('record', 'totals', 'total', 'summary'),
  fromDate: field('date', 'fromDate', 'from', 'startDate'),
  toDate: field('date', 'toDate', 'to', 'endDate'),
} as const;

export const REPORT_ROW = {
  date: field('date', 'date', 'day', 'saleDate', 'recordedAt', 'paidAt', 'confirmedAt', 'soldAt'),
  locationId: EXPERIENCE.locationId,
  experienceId: field('id', 'experienceId', 'activityId'),
  experienceName: field('text', 'experienceName', 'experience', 'name', 'title', 'activityName'),
  orders: field('integer', 'orders', 'orderCount', 'numberOfOrders'),
  orderId: field('id', 'orderId'),
  reservationId: field('id', 'reservationId'),
  saleId: field('id', 'saleId'),
  quantity: field('integer', 'quantity', 'places', 'qty', 'tickets', 'guests', 'count'),
  revenue: field('money', 'revenue', 'amount', 'total', 'sales', 'gross', 'totalAmount', 'netAmount'),
  status: wordField(SOLD_STATUS, 'status', 'state', 'orderStatus', 'saleStatus'),
} as const satisfies FieldTable;

/** Every resource's table, for tests and tools that walk them all. */
export const BOOKING_TABLES = {
  location: LOCATION,
  experience: EXPERIENCE,
  availabilityDay: AVAILABILITY_DAY,
  slot: SLOT,
  reservation: RESERVATION,
  guest: GUEST,
  sale: SALE,
  order: ORDER,
  reportRow: REPORT_ROW,
} as const satisfies Record<string, FieldTable>;

// Each field knows the fields that share its table (reading.ts: a value one of them reads is no other's unreadable value).
fieldTables({
  ...BOOKING_TABLES,
  listContext: LIST_CONTEXT,
  report: { totals: REPORT.totals, fromDate: REPORT.fromDate, toDate: REPORT.toDate },
});

/** Resource keys a record may be wrapped in: {reservation: {...}}. */
export const WRAPPERS = {
  location: ['locations'],
  experience: ['experiences'],
  availability: ['days', 'availability', 'dates', 'calendar'],
  slot: ['sessions', 'slots', 'timeslots'],
  reservation: ['reservation', 'hold'],
  order: ['order', 'booking'],
  sale: ['sale', 'payment'],
  report: ['report'],
} as const;
