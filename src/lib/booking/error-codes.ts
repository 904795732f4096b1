// The booking service's error answers: what each means, on which call, and
// the error a person reads. The seed's table (shared/seeds/001_…) copies the
// wallet's (400, 401, 403, 404, 409, 422, 500) and says which applies to
// which call is "not shown"; the codes are venue's contract
// (packages/sandbox/openapi/booking.json) and the words faithful servers use. How rows
// are read: src/lib/service-errors.ts.

import { ExitCode, NotFoundError, RejectedError } from '../errors.js';
import { asNumber, isRecord, valueOf } from '../reading.js';
import { ErrorTable, type ErrorRow } from '../service-errors.js';
import { placeholder, venueHint } from '../hint-command.js';

/** The booking calls venue makes. */
export const bookingCalls = [
  'locations',
  'experiences',
  'availability',
  'sessions',
  'reserve',
  'release',
  'create-order',
  'record-sale',
  'cancel-order',
  'find-order',
  'report',
] as const;
export type BookingCall = (typeof bookingCalls)[number];

export type BookingMeaning =
  | 'no-location'
  | 'no-experience'
  | 'slot-closed'
  | 'slot-full'
  | 'reservation-unknown'
  | 'already-paid'
  | 'already-cancelled'
  | 'order-not-found'
  | 'lookup-not-offered';

/** What the messages name. */
export interface BookingErrorContext {
  locationId?: string;
  experienceId?: string;
  slotId?: string;
  quantity?: number;
  orderId?: string;
}

/** The platform refused a hold because the slot has too few places left. */
export class SlotUnavailableError extends RejectedError {
  constructor(
    readonly slotId: string,
    message: string,
    readonly remaining?: number,
  ) {
    super(message, {
      hint: `Pick another session: ${venueHint(['booking', 'sessions', placeholder('experienceId'), '--date', placeholder('date')])} lists what is left.`,
    });
    this.name = 'SlotUnavailableError';
  }
}

const ALREADY_PAID = ['already_paid', 'reservation_paid', 'order_paid', 'already_confirmed'];

const rows: ErrorRow<BookingCall, BookingMeaning, BookingErrorContext>[] = [
  {
    means: 'no-location',
    status: [404],
    codes: 'any',
    calls: ['experiences'],
    exit: ExitCode.notFound,
    error: (_a, c) =>
      new NotFoundError(`no location "${c.locationId}"`, {
        hint: `List them with ${venueHint(['booking', 'locations'])}.`,
      }),
  },
  {
    means: 'no-experience',
    status: [404],
    codes: 'any',
    calls: ['availability', 'sessions'],
    exit: ExitCode.notFound,
    error: (_a, c) =>
      new NotFoundError(`no experience "${c.experienceId}"`, {
        hint: `List them with ${venueHint(['booking', 'experiences', '--location', placeholder('locationId')])}.`,
      }),
  },
  // A slot that has started takes no holds: the service's words stand.
  {
    means: 'slot-closed',
    status: [409],
    codes: ['slot_closed', 'slot_started', 'session_closed'],
    calls: ['reserve'],
    exit: ExitCode.rejected,
  },
  // Status alone: any other 409 to a hold (capacity_exceeded in venue's contract) is a slot without the places asked for.
  {
    means: 'slot-full',
    status: [409],
    codes: 'any',
    calls: ['reserve'],
    exit: ExitCode.rejected,
    error: ({ error, said }, c) => {
      const slotId = c.slotId ?? '?';
      const quantity = c.quantity ?? 0;
      const message = said?.includes(slotId)
        ? said
        : `slot ${slotId} cannot take ${quantity} more place${quantity === 1 ? '' : 's'}${said ? `: ${said}` : ''}`;
      return new SlotUnavailableError(slotId, message, remainingIn(error.info.body));
    },
  },
  {
    means: 'reservation-unknown',
    status: [404],
    codes: 'any',
    calls: ['release'],
    exit: ExitCode.notFound,
    note: 'the hold journal takes it off the record: a reservation the service does not know holds nothing',
  },
  {
    means: 'already-paid',
    status: 'any',
    codes: ALREADY_PAID,
    calls: ['release', 'record-sale'],
    exit: 'by-status',
    note: 'a release: the hold is a booking now, taken off the hold record; a payment: the order is read back to tell this payment from another',
  },
  {
    means: 'already-cancelled',
    status: 'any',
    codes: ['already_cancelled', 'order_cancelled'],
    calls: ['cancel-order'],
    exit: 'by-status',
    note: '`order cancel` reports it done, nothing to do (exit 0)',
  },
  {
    means: 'order-not-found',
    status: [404],
    codes: ['order_not_found', 'not_found_order'],
    calls: ['find-order'],
    exit: ExitCode.notFound,
    error: (_a, c) => new NotFoundError(`no order "${c.orderId}"`),
  },
  // Status alone: the order lookup is venue's sandbox extension, which the seed does not list; a real service may not have it.
  {
    means: 'lookup-not-offered',
    status: [404, 405, 501],
    codes: 'any',
    calls: ['find-order'],
    exit: 'by-status',
    note: 'the client answers "cannot say" (undefined): the commands then say the service offers no lookup',
  },
];

export const bookingErrors = new ErrorTable<BookingCall, BookingMeaning, BookingErrorContext>('booking', rows);

/** The places left, when a refusal says it ({remaining}, {error: {remaining}}, {details: {available}}). */
function remainingIn(body: unknown): number | undefined {
  const names = ['remaining', 'available', 'placesLeft', 'remainingCapacity'];
  const places = [
    body,
    isRecord(body) ? valueOf(body, ['error']) : undefined,
    isRecord(body) ? valueOf(body, ['details', 'extensions']) : undefined,
  ];
  for (const place of places) {
    if (!isRecord(place)) continue;
    const value = asNumber(valueOf(place, names));
    if (value !== undefined) return value;
  }
  return undefined;
}
