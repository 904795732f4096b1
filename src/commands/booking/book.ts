import { defineCommand, option } from '../define.js';
import { checkFlags } from './shared.js';
import { formatMoney } from '../../lib/formats.js';
import { venueHint } from '../../lib/hint-command.js';
import { RECORD_SHAPES, writeOutcomeRow, writeOutcomeShape } from '../../lib/records.js';
import { paymentWriteOutcome } from '../../lib/booking/workflows/payment.js';
import { runBookingJourney } from '../../lib/booking/journey.js';

interface Options {
  location?: string;
  experience?: string;
  date?: string;
  session?: string;
  quantity?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  amount?: string;
  paymentRef?: string;
  yes?: boolean;
}

export default defineCommand<Options>({
  name: 'book',
  summary: 'The guided booking journey: pick, hold, order, record the payment',
  description:
    'Walks through location → experience → date → session → quantity → guest → hold → order → payment reference, ' +
    'asking on a terminal with live choices. Every step can be given as a flag; without a terminal every step must be ' +
    '(a missing one exits 2 and names the flag, before anything is sent). A hold is never left behind: if a later step ' +
    'fails or you press Ctrl-C, the hold is released and the command says so (a Ctrl-C while the payment is in flight waits for its answer ' +
    'and reports it). A payment whose answer was lost is settled by reading the order back; when that cannot be read it exits 7 ' +
    'with the order id and the commands to check or finish it.',
  examples: [
    'venue booking book   # needs a terminal',
    'venue booking book --experience exp-laser-tag --session "$(venue booking sessions exp-laser-tag --date tomorrow --limit 1 --fields slotId -o csv | tail -1)" --quantity 2 --first-name Ada --last-name Lovelace --email ada@example.com --payment-ref PSP-8814 --yes',
  ],
  options: [
    option('--location <id>', 'location id (only used to choose the experience)', { kind: 'location' }),
    option('--experience <id>', 'experience id', { kind: 'experience' }),
    option('--date <date>', 'day: YYYY-MM-DD, today, tomorrow or +Nd', { kind: 'date' }),
    option('--session <slotId>', 'session slot id', { kind: 'slot' }),
    option('--quantity <n>', 'number of places', { kind: 'unsigned' }),
    option('--first-name <name>', "guest's first name", { kind: 'text' }),
    option('--last-name <name>', "guest's last name", { kind: 'text' }),
    option('--email <address>', "guest's email", { kind: 'email' }),
    option('--phone <number>', "guest's phone (optional)", { kind: 'text' }),
    option('--amount <n>', 'amount taken (default: the order total; must equal it)', { kind: 'money' }),
    option('--payment-ref <ref>', "your payment gateway's reference", { kind: 'text' }),
    option('-y, --yes', 'record the payment without asking'),
  ],
  record: writeOutcomeShape(RECORD_SHAPES.order),
  fleet: 'write',
  confirmation: 'always',
  async run(ctx, options) {
    const { dates, numbers } = await checkFlags(ctx, [
      { kind: 'id', flag: '--location', value: options.location },
      { kind: 'id', flag: '--experience', value: options.experience },
      { kind: 'date', flag: '--date', value: options.date },
      { kind: 'id', flag: '--session', value: options.session },
      { kind: 'quantity', flag: '--quantity', value: options.quantity },
      { kind: 'name', flag: '--first-name', value: options.firstName },
      { kind: 'name', flag: '--last-name', value: options.lastName },
      { kind: 'email', flag: '--email', value: options.email },
      { kind: 'phone', flag: '--phone', value: options.phone },
      { kind: 'amount', flag: '--amount', value: options.amount },
      { kind: 'paymentReference', flag: '--payment-ref', value: options.paymentRef },
    ]);
    const client = await ctx.booking();
    const outcome = await runBookingJourney(
      client,
      {
        prompter: ctx.prompter,
        now: () => ctx.now(),
        info: (m) => ctx.terminal.info(m),
        success: (m) => ctx.terminal.success(m),
        warn: (m) => ctx.terminal.warn(m),
        onInterrupt: (handler) => ctx.interruption.onInterrupt(handler),
        cleanup: (work) => ctx.interruption.cleanup(work),
        maySend: () => ctx.interruption.maySend(),
        holdOpen: (what) => ctx.interruption.holdOpen?.(what) ?? (() => undefined),
        holdJournal: client.holds,
      },
      {
        location: options.location?.trim(),
        experience: options.experience?.trim(),
        date: dates['--date'],
        session: options.session?.trim(),
        quantity: numbers['--quantity'],
        firstName: options.firstName?.trim(),
        lastName: options.lastName?.trim(),
        email: options.email?.trim(),
        phone: options.phone?.trim(),
        amount: numbers['--amount'],
        paymentRef: options.paymentRef?.trim(),
        yes: options.yes,
      },
    );
    const sale = outcome.saleId ? `, sale ${outcome.saleId}` : '';
    if (outcome.status === 'unknown') {
      ctx.terminal.warn(
        `Payment recorded for order ${outcome.orderId}${sale} (${outcome.quantity} × ${outcome.slotId}, ${formatMoney(outcome.total)}); the service did not say the order's status: check it with ${venueHint(['booking', 'order', 'show', outcome.orderId])}.`,
      );
    } else
      ctx.terminal.success(
        `Booked: order ${outcome.orderId} is ${outcome.status} (${outcome.quantity} × ${outcome.slotId}, ${formatMoney(outcome.total)}${sale}).`,
      );
    if (ctx.output.takesRecords) {
      // The one write outcome: the paid order as the service gave it; beside it only what venue chose and
      // sent on the way (the session, the places, the hold it placed) and what proved the payment.
      await ctx.output.record(
        writeOutcomeRow(
          RECORD_SHAPES.order,
          paymentWriteOutcome(outcome.payment, outcome, {
            experienceId: outcome.experienceId,
            slotId: outcome.slotId,
            quantity: outcome.quantity,
            reservationId: outcome.reservationId,
          }),
        ),
        { afterWrite: true },
      );
      return;
    }
    const { payment: _payment, ...summary } = outcome;
    await ctx.output.record(summary as unknown as Record<string, unknown>, {
      columns: [
        'orderId',
        'status',
        'saleId',
        'experienceId',
        'slotId',
        { key: 'startTime', format: 'datetime' },
        { key: 'quantity', format: 'number' },
        { key: 'total', format: 'money' },
        'paymentReference',
        'guestEmail',
        'reservationId',
      ],
      afterWrite: true,
    });
  },
});
