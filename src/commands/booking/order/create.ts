import { defineCommand, option, yesOption } from '../../define.js';
import { confirmWrite } from '../../../cli/confirm-write.js';
import { checkFlags, listFlag } from '../shared.js';
import { ValidationError } from '../../../lib/errors.js';
import { withSource, sourceOf } from '../../../lib/reading.js';
import { orderColumns, orderRow } from './view.js';
import { placeholder, venueHint } from '../../../lib/hint-command.js';
import { RECORD_SHAPES, writeOutcomeRow, writeOutcomeShape } from '../../../lib/records.js';
import { HoldJournal } from '../../../lib/booking/hold-journal.js';

interface Options {
  yes?: boolean;
  reservation: string[];
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  dryRun?: boolean;
}

export default defineCommand<Options>({
  name: 'create',
  summary: 'Create an order from held reservations, with the guest details',
  description:
    'Creates an order from held reservations, with the guest details. --dry-run checks the flags and shows the request that would be sent; nothing is sent.',
  examples: [
    'venue booking order create --reservation res-000002 --first-name Ben --last-name Ortiz --email ben@example.com --dry-run',
    'venue booking order create --reservation res-000002 --first-name Ben --last-name Ortiz --email ben@example.com --phone "+1 555 0100" --yes',
  ],
  options: [
    option('--reservation <ids>', 'held reservation id(s), comma-separated or repeated', {
      kind: 'reservation',
      list: true,
      required: true,
      parse: (v: string, prev: string[] = []) => [...prev, v],
    }),
    option('--first-name <name>', "guest's first name", { kind: 'text', required: true }),
    option('--last-name <name>', "guest's last name", { kind: 'text', required: true }),
    option('--email <address>', "guest's email", { kind: 'email', required: true }),
    option('--phone <number>', "guest's phone", { kind: 'text' }),
    option('--dry-run', 'check the details and show the request; send nothing'),
    yesOption,
  ],
  record: writeOutcomeShape(RECORD_SHAPES.order),
  fleet: 'write',
  confirmation: 'always',
  async run(ctx, options) {
    const reservationIds = listFlag(options.reservation);
    if (!reservationIds.length)
      throw new ValidationError([{ field: '--reservation', rule: 'must name at least one reservation' }]);
    await checkFlags(ctx, [
      ...reservationIds.map((id) => ({ kind: 'id' as const, flag: '--reservation', value: id })),
      { kind: 'name', flag: '--first-name', value: options.firstName },
      { kind: 'name', flag: '--last-name', value: options.lastName },
      { kind: 'email', flag: '--email', value: options.email },
      { kind: 'phone', flag: '--phone', value: options.phone },
    ]);
    const request = {
      reservationIds,
      guest: {
        firstName: options.firstName.trim(),
        lastName: options.lastName.trim(),
        email: options.email.trim(),
        ...(options.phone ? { phone: options.phone.trim() } : {}),
      },
    };
    if (options.dryRun) {
      // The table shows the request flat; the machine formats print it as it would be sent.
      const view = {
        reservations: reservationIds,
        guest: `${request.guest.firstName} ${request.guest.lastName}`,
        email: request.guest.email,
        phone: request.guest.phone,
      };
      await ctx.output.record(withSource(view, request), {
        columns: [{ key: 'reservations', format: 'list' }, 'guest', 'email', 'phone'],
      });
      ctx.terminal.info('Dry run: the order above passed the checks. Nothing was sent.');
      return;
    }
    await confirmWrite(
      ctx,
      options,
      `Create an order for ${reservationIds.join(', ')} (${request.guest.firstName} ${request.guest.lastName})?`,
      'No order created: nothing was sent.',
    );
    const client = await ctx.booking();
    const order = await client.createOrder(request);
    ctx.terminal.success(
      `Order ${order.id} created: total $${order.total.toFixed(2)}. Record the payment with ${venueHint(['booking', 'order', 'pay', order.id, '--amount', order.total.toFixed(2), '--payment-ref', placeholder('ref')])}.`,
    );
    if (ctx.output.takesRecords) {
      await ctx.output.record(
        writeOutcomeRow(RECORD_SHAPES.order, {
          status: 'recorded',
          journalId: HoldJournal.orderEntryId(reservationIds),
          record: sourceOf(order),
        }),
        { afterWrite: true },
      );
      return;
    }
    await ctx.output.record(orderRow(order), { columns: orderColumns, afterWrite: true });
  },
});
