// The booking service's field names, in one place. The seed shows no response
// body, so each field is looked up under venue's name first and then under the
// other words real services use for it. Case and separators are already
// ignored by the reading layer (reservationId = ReservationId =
// reservation_id), so only different WORDS are listed here.

import type { FieldNames } from '../reading.js';

const money = ['amount', 'value'] as const;

export const LOCATION = {
  id: ['locationId', 'id', 'siteId', 'venueId', 'code'],
  name: ['name', 'title', 'displayName', 'locationName', 'siteName'],
  city: ['city', 'town', 'locality'],
  currency: ['currency', 'currencyCode'],
} as const satisfies Record<string, FieldNames>;

export const EXPERIENCE = {
  id: ['experienceId', 'id', 'activityId', 'productId'],
  locationId: ['locationId', 'siteId', 'venueId'],
  name: ['name', 'title', 'displayName', 'experienceName'],
  description: ['description', 'summary', 'details'],
  durationMinutes: ['durationMinutes', 'duration', 'lengthMinutes', 'minutes'],
  price: ['price', 'unitPrice', 'pricePerPerson', 'cost'],
} as const satisfies Record<string, FieldNames>;

export const AVAILABILITY_DAY = {
  date: ['date', 'day', 'sessionDate', 'forDate'],
  sessions: ['sessions', 'sessionCount', 'slots', 'slotCount'],
  capacity: ['capacity', 'totalCapacity', 'maxCapacity'],
  remaining: ['remaining', 'available', 'remainingCapacity', 'availableCapacity', 'placesLeft', 'spacesLeft', 'availablePlaces', 'free'],
} as const satisfies Record<string, FieldNames>;

export const SLOT = {
  id: ['slotId', 'sessionId', 'id', 'timeslotId'],
  experienceId: ['experienceId', 'activityId'],
  date: ['date', 'day', 'sessionDate'],
  startTime: ['startTime', 'start', 'startsAt', 'startDateTime', 'from', 'begins'],
  endTime: ['endTime', 'end', 'endsAt', 'endDateTime', 'to', 'finish'],
  capacity: AVAILABILITY_DAY.capacity,
  remaining: AVAILABILITY_DAY.remaining,
  price: EXPERIENCE.price,
} as const satisfies Record<string, FieldNames>;

export const RESERVATION = {
  id: ['reservationId', 'id', 'holdId', 'bookingId'],
  status: ['status', 'state', 'reservationStatus'],
  experienceId: SLOT.experienceId,
  slotId: ['slotId', 'sessionId', 'timeslotId'],
  quantity: ['quantity', 'places', 'qty', 'count', 'guests', 'tickets'],
  amount: ['amount', 'total', 'totalAmount', 'price', 'totalPrice'],
  startTime: SLOT.startTime,
  expiresAt: ['expiresAt', 'holdExpiresAt', 'expires', 'holdUntil', 'expiry', 'validUntil'],
  orderId: ['orderId'],
} as const satisfies Record<string, FieldNames>;

export const GUEST = {
  firstName: ['firstName', 'givenName', 'forename'],
  lastName: ['lastName', 'familyName', 'surname'],
  email: ['email', 'emailAddress', 'mail'],
  phone: ['phone', 'phoneNumber', 'mobile', 'telephone'],
} as const satisfies Record<string, FieldNames>;

export const SALE = {
  id: ['saleId', 'id', 'transactionId', 'paymentId'],
  amount: [...money, 'paidAmount', 'total'],
  paymentReference: ['paymentReference', 'paymentRef', 'reference', 'gatewayReference'],
  recordedAt: ['recordedAt', 'paidAt', 'createdAt', 'created', 'timestamp'],
  orderId: ['orderId'],
  /** The order's status when a sale answer states it beside its own. */
  orderStatus: ['orderStatus', 'bookingStatus'],
} as const satisfies Record<string, FieldNames>;

export const ORDER = {
  id: ['orderId', 'id', 'orderNumber', 'bookingReference'],
  status: ['status', 'state', 'orderStatus'],
  total: ['total', 'totalAmount', 'amount', 'orderTotal', 'grandTotal', 'totalPrice'],
  currency: LOCATION.currency,
  reservationIds: ['reservationIds', 'reservations'],
  reservations: ['reservations', 'items', 'lines', 'reservationList'],
  guest: ['guest', 'customer', 'contact'],
  expiresAt: ['expiresAt', 'paymentDueBy', 'dueBy', 'payBy', 'expires'],
  sale: ['sale', 'payment'],
} as const satisfies Record<string, FieldNames>;

export const REPORT = {
  rows: ['rows', 'items', 'lines', 'sales', 'data'],
  totals: ['totals', 'total', 'summary'],
  fromDate: ['fromDate', 'from', 'startDate'],
  toDate: ['toDate', 'to', 'endDate'],
} as const satisfies Record<string, FieldNames>;

export const REPORT_ROW = {
  date: ['date', 'day', 'saleDate', 'recordedAt', 'paidAt', 'confirmedAt', 'soldAt'],
  locationId: EXPERIENCE.locationId,
  experienceId: ['experienceId', 'activityId'],
  experienceName: ['experienceName', 'experience', 'name', 'title', 'activityName'],
  orders: ['orders', 'orderCount', 'numberOfOrders'],
  orderId: ['orderId'],
  reservationId: ['reservationId'],
  saleId: ['saleId'],
  quantity: ['quantity', 'places', 'qty', 'tickets', 'guests', 'count'],
  revenue: ['revenue', 'amount', 'total', 'sales', 'gross', 'totalAmount', 'netAmount'],
  status: ['status', 'state', 'orderStatus', 'saleStatus'],
} as const satisfies Record<string, FieldNames>;

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

/** Enumerations: venue's word first, then the words services use for it. */
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
