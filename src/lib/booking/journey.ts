// The guided booking journey as plain logic: location → experience → date →
// slot → quantity → guest → hold → order → payment. Every step takes its value
// from a flag or asks through the injected prompter, so the same code runs
// guided on a terminal and unattended from a script.
//
// The rule this file exists for: once a hold is taken, every way out except a
// recorded (or possibly recorded) payment gives the places back.

import {
  DeclinedError,
  InterruptedError,
  RejectedError,
  ServerError,
  UnknownOutcomeError,
  UsageError,
} from '../errors.js';
import type { Asking, Choice } from '../questions.js';
import { addDays, localDate, resolveDate, validateDateText, DATE_RULE } from './dates.js';
import { SlotUnavailableError, type BookingClient, type Experience, type Guest, type Slot } from './client.js';
import { HoldKeeper } from './hold.js';
import { recordPayment, sameCents, type PaymentOutcome } from './workflows/payment.js';
import { DisagreeingAnswerError } from '../writes/agreement.js';
import { shellQuote } from './text.js';
import {
  validateEmail,
  validateFirstName,
  validateLastName,
  validatePaymentReference,
  validateQuantity,
} from './validate.js';
import { formatMoney } from '../formats.js';
import { venueHint } from '../hint-command.js';
import type { PaymentDeps } from './workflows/payment.js';

export { shellQuote };

export type BookingApi = Pick<
  BookingClient,
  | 'locations'
  | 'experiences'
  | 'availability'
  | 'sessions'
  | 'reserve'
  | 'releaseReservation'
  | 'createOrder'
  | 'recordSale'
  | 'cancelOrder'
  | 'findOrder'
>;

export interface JourneyChoices {
  location?: string;
  experience?: string;
  /** Already resolved to YYYY-MM-DD. */
  date?: string;
  session?: string;
  quantity?: number;
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  amount?: number;
  paymentRef?: string;
  yes?: boolean;
}

export interface JourneyIO {
  prompter: Asking;
  now: () => number;
  info(message: string): void;
  success(message: string): void;
  warn(message: string): void;
  /** Calls handler on an interrupt (SIGINT) until the returned function is called. */
  onInterrupt(handler: () => void | Promise<void>): () => void;
  /** Runs work that gives back what the journey holds; it may still send after a Ctrl-C. */
  cleanup?<T>(work: () => Promise<T>): Promise<T>;
  /** False once Ctrl-C was pressed: the payment is then not sent. */
  maySend?(): boolean;
  /** The hold journal, settled when the payment is known recorded. */
  holdJournal?: PaymentDeps['journal'];
  /** Keeps the process open after a Ctrl-C until the payment's outcome is recorded. */
  holdOpen?(what: string): () => void;
}

export interface BookingOutcome {
  orderId: string;
  /** The order's status as the service gave it, or "unknown" when it did not say. */
  status: string;
  saleId?: string;
  experienceId: string;
  experienceName?: string;
  slotId: string;
  startTime?: string;
  quantity: number;
  total: number;
  currency?: string;
  paymentReference: string;
  guestEmail: string;
  reservationId: string;
  /** The payment as recorded: the service's order and sale, and what proved it (for the write outcome). */
  payment: Pick<Extract<PaymentOutcome, { kind: 'recorded' }>, 'order' | 'sale' | 'evidence'>;
}

const UNATTENDED_FLAGS: Array<[keyof JourneyChoices, string]> = [
  ['experience', '--experience'],
  ['session', '--session'],
  ['quantity', '--quantity'],
  ['firstName', '--first-name'],
  ['lastName', '--last-name'],
  ['email', '--email'],
  ['paymentRef', '--payment-ref'],
  ['yes', '--yes'],
];

/** Without a terminal every step needs its flag: say which are missing before anything is sent. */
export function missingUnattendedFlags(choices: JourneyChoices): string[] {
  return UNATTENDED_FLAGS.filter(([key]) => choices[key] === undefined || choices[key] === false).map(
    ([, flag]) => flag,
  );
}

export async function runBookingJourney(
  api: BookingApi,
  io: JourneyIO,
  choices: JourneyChoices,
): Promise<BookingOutcome> {
  const { prompter } = io;
  if (!prompter.canPrompt) {
    const missing = missingUnattendedFlags(choices);
    if (missing.length) {
      throw new UsageError(`missing ${missing.join(', ')}`, {
        hint: 'There is no terminal to ask on: pass every step as a flag (see `venue booking book --help`).',
      });
    }
  }

  // 1–2. Where and what.
  let experience: Experience | undefined;
  let experienceId = choices.experience;
  if (!experienceId) {
    const locationId = choices.location ?? (await pickLocation(api, prompter));
    const experiences = await api.experiences(locationId);
    if (!experiences.length) throw new RejectedError(`location ${locationId} has no experiences to book`);
    experienceId = await prompter.select(
      'Experience',
      experiences.map((e) => ({
        name: `${e.name ?? e.id}${e.price !== undefined ? `  (${formatMoney(e.price)} each)` : ''}`,
        value: e.id,
        description: e.description,
      })),
      { flag: '--experience' },
    );
    experience = experiences.find((e) => e.id === experienceId);
  }

  // 3–5. When and how many.
  let date = choices.date;
  let slot: Slot | undefined;
  let slotId = choices.session;
  while (!slotId) {
    date ??= await pickDate(api, io, experienceId);
    const slots = await api.sessions(experienceId, date);
    const open = slots.filter((s) => s.remaining > 0);
    if (!open.length) {
      io.warn(`no session of ${experienceId} has places left on ${date}; pick another date`);
      if (choices.date) throw new RejectedError(`no session of ${experienceId} has places left on ${date}`);
      date = undefined;
      continue;
    }
    slotId = await prompter.select('Session', slots.map(slotChoice), { flag: '--session' });
    slot = slots.find((s) => s.id === slotId);
  }
  const quantity =
    choices.quantity ??
    Number(
      await prompter.input('How many places', {
        flag: '--quantity',
        default: '1',
        validate: (v) => {
          const verdict = validateQuantity(v);
          if (verdict !== true) return verdict;
          return slot && Number(v) > slot.remaining ? `only ${slot.remaining} left in this session` : true;
        },
      }),
    );

  // 6. Who.
  // Every answer meets the rule its flag meets (validate.ts): nothing is held for a guest the order would refuse.
  const guest: Guest = {
    firstName:
      choices.firstName ??
      (await prompter.input('Guest first name', { flag: '--first-name', validate: validateFirstName })).trim(),
    lastName:
      choices.lastName ??
      (await prompter.input('Guest last name', { flag: '--last-name', validate: validateLastName })).trim(),
    email: choices.email ?? (await prompter.input('Guest email', { flag: '--email', validate: validateEmail })).trim(),
    ...(choices.phone ? { phone: choices.phone } : {}),
  };

  // 7. The hold, and from here on the duty to give it back.
  const hold = new HoldKeeper(api, io);
  try {
    let reservation = await hold.take(() => api.reserve({ experienceId: experienceId!, slotId: slotId!, quantity }));
    while (!reservation) {
      const alternative = await offerNearestSlots(api, io, experienceId, slotId, date, quantity);
      slotId = alternative.id;
      slot = alternative;
      reservation = await hold.take(() => api.reserve({ experienceId: experienceId!, slotId: slotId!, quantity }));
    }
    io.info(
      `Held ${quantity} place${quantity === 1 ? '' : 's'} in ${slotId} (reservation ${reservation.id}${reservation.expiresAt ? `; the service gives ${reservation.expiresAt} as its end` : ''}).`,
    );

    // 8. The order. Its request is seen through (a Ctrl-C waits for the answer), so an order made is known and cancelled.
    const order = await api.createOrder({ reservationIds: [reservation.id], guest });
    hold.orderId = order.id;
    hold.throwIfInterrupted();
    io.info(`Order ${order.id} created: total ${formatMoney(order.total)}.`);

    // 9. The payment taken elsewhere, recorded against the order (compared in whole cents).
    const amount = choices.amount ?? order.total;
    if (!sameCents(amount, order.total)) {
      throw new RejectedError(`--amount ${amount.toFixed(2)} does not match the order total ${order.total.toFixed(2)}`);
    }
    const paymentReference =
      choices.paymentRef ??
      (
        await hold.step(
          prompter.input('Payment reference from your payment gateway', {
            flag: '--payment-ref',
            validate: validatePaymentReference,
          }),
        )
      ).trim();
    if (!choices.yes) {
      const go = await hold.step(
        prompter.confirm(
          `Record the payment of ${formatMoney(amount)} (reference ${paymentReference}) for order ${order.id}?`,
          { flag: '--yes', default: true },
        ),
      );
      if (!go) throw new DeclinedError('Booking abandoned before payment: no payment was sent.');
    }
    const payment = await recordPayment(
      {
        api,
        journal: io.holdJournal,
        interruption: {
          maySend: () => io.maySend?.() ?? true,
          cleanup: (work) => (io.cleanup ? io.cleanup(work) : work()),
          ...(io.holdOpen ? { holdOpen: (what: string) => io.holdOpen!(what) } : {}),
        },
      },
      { orderId: order.id, amount, paymentReference },
    );
    const paid = settlePayment(hold, payment, order);
    return {
      orderId: order.id,
      // The order's status as the service gave it; never guessed from the sale.
      status: paid.order?.statusSaid ?? paid.orderStatus ?? 'unknown',
      ...(paid.sale.id ? { saleId: paid.sale.id } : {}),
      experienceId,
      experienceName: experience?.name,
      slotId,
      startTime: slot?.startTime ?? reservation.startTime,
      quantity,
      total: order.total,
      currency: order.currency,
      paymentReference,
      guestEmail: guest.email,
      reservationId: reservation.id,
      payment: { order: paid.order, sale: paid.sale, evidence: paid.evidence },
    };
  } catch (error) {
    await hold.giveBack(error);
    throw error;
  } finally {
    hold.dispose();
  }
}

/** The payment's outcome decides the hold: paid keeps it, unknown keeps it (with the commands to settle), anything else gives it back. */
function settlePayment(
  hold: HoldKeeper,
  payment: PaymentOutcome,
  order: { id: string; expiresAt?: string },
): Extract<PaymentOutcome, { kind: 'recorded' }> {
  switch (payment.kind) {
    case 'recorded':
      hold.paid();
      return payment;
    case 'unknown':
      hold.keepForPayment();
      throw new UnknownOutcomeError(
        `the payment for order ${order.id} may or may not have been recorded: ${payment.reason}`,
        {
          cause: payment.cause,
          details: [`order: ${order.id}`, `check:  ${payment.check}`, `finish: ${payment.finish}`],
          hint: `The hold was kept (${venueHint(['booking', 'holds'])} lists it). \`order pay\` checks the order first and never records a payment twice${order.expiresAt ? `; the service gave ${order.expiresAt} as the order's payment deadline` : ''}.`,
        },
      );
    case 'refused':
      // An order paid by another payment is never cancelled here.
      if (payment.orderPaid) hold.keepForPayment();
      throw payment.error;
    case 'not-recorded':
      throw new ServerError(`the payment for order ${order.id} was not recorded: ${payment.reason}`, {
        hint: 'Nothing was paid; the hold is given back. Book again when the service answers.',
      });
    case 'interrupted-before-send':
      throw new InterruptedError(`interrupted: the payment for order ${order.id} was not sent`);
    case 'disagrees':
      // The payment may be recorded, in some other form: the hold is kept, nothing is claimed.
      hold.keepForPayment();
      throw new DisagreeingAnswerError(`the payment for order ${order.id}`, payment.disagreements, {
        details: [
          'venue recorded it as unknown: what the service recorded cannot be told from this answer.',
          `order: ${order.id}`,
          `check:  ${payment.check}`,
          `finish: ${payment.finish}`,
        ],
        hint: `The hold was kept (${venueHint(['booking', 'holds'])} lists it). Check the order; \`order pay\` checks it first and never records a payment twice.`,
      });
  }
}

async function pickLocation(api: BookingApi, prompter: Asking): Promise<string> {
  const locations = await api.locations();
  if (!locations.length) throw new RejectedError('the booking service lists no locations');
  return prompter.select(
    'Location',
    locations.map((l) => ({ name: `${l.name ?? l.id}${l.city ? ` (${l.city})` : ''}`, value: l.id })),
    { flag: '--location' },
  );
}

const OTHER_DATE = '__other__';

async function pickDate(api: BookingApi, io: JourneyIO, experienceId: string): Promise<string> {
  const days = await api.availability(experienceId, localDate(io.now()), 14);
  const choices: Array<Choice<string>> = days.map((d) => ({
    name: `${weekday(d.date)} ${d.date}  ${d.remaining > 0 ? `${d.remaining} places left` : 'full'}`,
    value: d.date,
    disabled: d.remaining > 0 ? false : 'full',
  }));
  choices.push({ name: 'Another date…', value: OTHER_DATE });
  const picked = await io.prompter.select('Date', choices, { flag: '--date' });
  if (picked !== OTHER_DATE) return picked;
  const typed = await io.prompter.input(`Date (${DATE_RULE.replace('must be ', '')})`, {
    flag: '--date',
    validate: (v) => validateDateText(v, io.now()),
  });
  return resolveDate(typed, io.now())!;
}

function weekday(date: string): string {
  return ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][new Date(`${date}T00:00:00Z`).getUTCDay()]!;
}

function hhmm(timestamp: string | undefined): string {
  return /T(\d{2}:\d{2})/.exec(timestamp ?? '')?.[1] ?? timestamp ?? '';
}

function slotChoice(slot: Slot): Choice<string> {
  const price = slot.price !== undefined ? `  ${formatMoney(slot.price)}` : '';
  return {
    name: `${hhmm(slot.startTime)}${slot.endTime ? `–${hhmm(slot.endTime)}` : ''}  ${slot.remaining} left${price}`,
    value: slot.id,
    disabled: slot.remaining > 0 ? false : 'full',
  };
}

/** After a slot was taken by someone else: the open slots nearest in time, on a terminal. */
async function offerNearestSlots(
  api: BookingApi,
  io: JourneyIO,
  experienceId: string,
  goneSlotId: string,
  date: string | undefined,
  quantity: number,
): Promise<Slot> {
  const gone = new SlotUnavailableError(
    goneSlotId,
    `slot ${goneSlotId} is no longer available for ${quantity} place${quantity === 1 ? '' : 's'}`,
  );
  if (!io.prompter.canPrompt || !date) throw gone;
  const all: Slot[] = [];
  for (const day of [date, addDays(date, 1)]) all.push(...(await api.sessions(experienceId, day)));
  const goneStart = all.find((s) => s.id === goneSlotId)?.startTime;
  const reference = goneStart ? Date.parse(goneStart) : Date.parse(`${date}T12:00:00Z`);
  // A slot whose start the service did not give sorts last.
  const distance = (s: Slot) =>
    s.startTime && Number.isFinite(Date.parse(s.startTime))
      ? Math.abs(Date.parse(s.startTime) - reference)
      : Number.MAX_SAFE_INTEGER;
  const candidates = all.filter((s) => s.id !== goneSlotId && s.remaining >= quantity);
  candidates.sort((a, b) => distance(a) - distance(b));
  const nearest = candidates.slice(0, 6);
  if (!nearest.length) throw gone;
  const GIVE_UP = '__give_up__';
  const picked = await io.prompter.select<string>(
    'Nearest sessions with room',
    [
      ...nearest.map((s) => ({ ...slotChoice(s), name: `${s.date ?? ''} ${slotChoice(s).name}`.trim() })),
      { name: 'Give up', value: GIVE_UP },
    ],
    { flag: '--session' },
  );
  if (picked === GIVE_UP) throw gone;
  return nearest.find((s) => s.id === picked)!;
}
