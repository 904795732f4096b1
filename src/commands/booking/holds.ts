import { defineCommand, option } from '../define.js';
import { NotFoundError, UsageError } from '../../lib/errors.js';
import { HoldJournal } from '../../lib/booking/hold-journal.js';
import { placeholder, venueHint } from '../../lib/hint-command.js';
import { unsettledListed } from '../../lib/writes/journal.js';

interface Options {
  forget?: string;
}

export default defineCommand<Options>({
  name: 'holds',
  summary: 'List the holds venue placed and has not seen released, cancelled or paid',
  fields: ['key', 'reservationId', 'slotId', 'quantity', 'placedAt', 'state', 'orderId', 'note'],
  description:
    'venue writes every hold down before it sends the request (the service says nothing of holds ending on their own). ' +
    'The state is "held" (with its reservation id), "pending" (sent, no answer recorded yet) or "unknown" (the answer was lost or ' +
    'could not be read: places may be held with no id venue can release). Release them with `venue booking release --all --yes`; ' +
    'drop a settled unknown request from the record with --forget <key>. ' +
    'Exits 7 when it shows a hold, order or payment whose outcome is unknown: a person must settle it; 0 otherwise (`venue help exit-codes`).',
  examples: [
    'venue booking holds',
    'venue booking holds -o json',
    'venue booking holds --forget 3f2a9c1e   # exits 4 unless a hold on record has that key',
  ],
  options: [
    option(
      '--forget <key>',
      'drop one request from the record (its key or the start of it), once you have checked it holds nothing',
      {
        withheldFromTools: "changes venue's own record of holds from a command that reads",
        kind: 'text',
        notFilter: 'an action: drops one request from the record',
      },
    ),
  ],
  fleet: 'read',
  async run(ctx, options) {
    // A local record: read without reaching the service.
    const journal = new HoldJournal(await ctx.stateDir(), await ctx.profileName(), () => ctx.now());
    const holds = journal.list();
    if (options.forget !== undefined) {
      const prefix = options.forget.trim();
      if (!prefix) throw new UsageError(`--forget needs a key (see ${venueHint(['booking', 'holds'])})`);
      const matches = holds.filter((h) => h.key.startsWith(prefix) || h.reservationId === prefix);
      // An order or payment whose outcome a person has settled is dropped the same way, by the key its warning shows.
      const writes = journal.openWrites().filter((w) => w.id.startsWith(prefix));
      if (!matches.length && writes.length === 1) {
        await journal.journal.remove([writes[0]!.id]);
        ctx.terminal.success(
          `Dropped the record of the ${writes[0]!.kind} ${writes[0]!.id.slice(0, 8)} whose outcome was unknown.`,
        );
        return;
      }
      if (!matches.length)
        throw new NotFoundError(`no recorded hold with key "${prefix}"`, {
          hint: `List them with ${venueHint(['booking', 'holds'])}.`,
        });
      if (matches.length > 1) throw new UsageError(`"${prefix}" matches ${matches.length} holds; give more of the key`);
      await journal.forget(matches[0]!.key);
      ctx.terminal.success(
        `Dropped the record of ${matches[0]!.reservationId ?? `the request ${matches[0]!.key.slice(0, 8)}`} (${matches[0]!.quantity} × ${matches[0]!.slotId}).`,
      );
      return;
    }
    const rows = holds.map((h) => ({
      key: h.key,
      reservationId: h.reservationId,
      experienceId: h.experienceId,
      slotId: h.slotId,
      quantity: h.quantity,
      placedAt: h.placedAt,
      state: h.state,
      orderId: h.orderId,
      expiresAt: h.expiresAt,
      note: h.note,
    }));
    await ctx.output.list(ctx.output.isMachine ? rows : rows.map((r) => ({ ...r, key: r.key.slice(0, 8) })), {
      columns: [
        { key: 'key' },
        { key: 'reservationId', header: 'Reservation' },
        { key: 'slotId', header: 'Slot' },
        { key: 'quantity', header: 'Places', format: 'number' },
        { key: 'placedAt', header: 'Placed at', format: 'datetime' },
        { key: 'state' },
        { key: 'orderId', header: 'Order' },
        { key: 'note' },
      ],
      empty: 'venue has no recorded holds for this profile.',
    });
    const unknown = holds.filter((h) => h.state === 'unknown').length;
    if (unknown && !ctx.output.isMachine) {
      ctx.terminal.warn(
        `${unknown} request${unknown === 1 ? '' : 's'} without a reservation id: the answer was lost, so places may be held that venue cannot release. Check the slot with \`venue booking sessions\`.`,
      );
    }
    // Orders and payments whose outcome is unknown are journalled beside the holds: said, with how to settle each.
    for (const write of journal.openWrites()) {
      if (write.kind === 'payment') {
        ctx.terminal.warn(
          `payment ${write.paymentReference} for order ${write.orderId} (key ${write.id.slice(0, 8)}) has an unknown outcome${write.note ? ` (${write.note})` : ''}: ` +
            `check it with ${venueHint(['booking', 'order', 'show', write.orderId])}; ${venueHint(['booking', 'order', 'pay', write.orderId, '--amount', write.amount.toFixed(2), '--payment-ref', write.paymentReference])} checks the order first and records it at most once.`,
        );
      } else {
        ctx.terminal.warn(
          `the order of ${write.reservationIds.join(', ')}${write.orderId ? ` (answered as ${write.orderId})` : ''} (key ${write.id.slice(0, 8)}) has an unknown outcome${write.note ? ` (${write.note})` : ''}: ` +
            `check it with ${venueHint(['booking', 'order', 'show', write.orderId ?? placeholder('orderId')])}, cancel what was not asked for, then ${venueHint(['booking', 'holds', '--forget', write.id.slice(0, 8)])}.`,
        );
      }
    }
    // The one exit rule of the lists of writes (writes/journal.ts): exit 7 while it shows one a person must settle.
    const error = unsettledListed(
      unknown + journal.openWrites().length,
      ['hold, order or payment', 'holds, orders and payments'],
      'Each is said above with how to check it; `venue booking release --all` releases the holds venue can, and `venue booking holds --forget <key>` drops one a person has settled.',
    );
    if (error) throw error;
  },
});
