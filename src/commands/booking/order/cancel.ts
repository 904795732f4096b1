import { argument, defineCommand, option } from '../../define.js';
import { confirmWrite } from '../../../cli/confirm-write.js';
import { checkFlags, money } from '../shared.js';
import { orderColumns, orderRow } from './view.js';
import { RECORD_SHAPES, writeOutcomeRow, writeOutcomeShape } from '../../../lib/records.js';
import { sourceOf } from '../../../lib/reading.js';
import { bookingErrors } from '../../../lib/booking/error-codes.js';

interface Options {
  yes?: boolean;
  dryRun?: boolean;
}

export default defineCommand<Options>({
  name: 'cancel',
  args: [argument('<orderId>', { kind: 'order' })],
  summary: 'Cancel an order and its reservations (asks first; --yes for scripts)',
  description:
    'Cancels an order and releases its reservations; asks first (--yes for scripts). --dry-run reads the order and shows what would be cancelled; nothing is sent and no --yes is needed.',
  examples: [
    'venue booking order cancel ord-000002 --dry-run',
    'venue booking order cancel ord-000002   # needs a terminal',
    'venue booking order cancel ord-000002 --yes',
  ],
  options: [
    option('-y, --yes', 'cancel without asking (required without a terminal)'),
    option('--dry-run', 'read the order and show what would be cancelled; send nothing'),
  ],
  record: writeOutcomeShape(RECORD_SHAPES.order),
  fleet: 'write',
  confirmation: 'always',
  async run(ctx, options, orderId) {
    await checkFlags(ctx, [{ kind: 'id', flag: 'orderId', value: orderId }]);
    const id = orderId!.trim();
    const client = await ctx.booking();
    const order = await client.findOrder(id);
    if (order?.status === 'cancelled') {
      ctx.terminal.info(`Order ${id} is already cancelled; nothing to do.`);
      return;
    }
    if (options.dryRun) {
      await ctx.output.record(orderRow(order ?? { id, reservationIds: [], reservations: [] }), {
        columns: orderColumns,
      });
      ctx.terminal.info(
        order
          ? `Dry run: order ${id} and its reservations would be cancelled. Nothing was sent.`
          : `Dry run: this booking service does not offer order lookups, so order ${id} was not checked. Nothing was sent.`,
      );
      return;
    }
    if (!options.yes) {
      if (order) {
        ctx.terminal.info(
          `This will cancel order ${order.id} (${[order.statusSaid ?? order.status, order.total !== undefined ? `total ${money(order.total, order.currency)}` : undefined, order.guest?.email ? `guest ${order.guest.email}` : undefined].filter(Boolean).join(', ')}):`,
        );
        for (const r of order.reservations)
          ctx.terminal.info(
            `  ${r.id}: ${r.quantity ?? '?'} place(s) in ${r.slotId ?? '?'}${r.startTime ? ` at ${r.startTime}` : ''}`,
          );
      }
      const places = order?.reservations.reduce((sum, r) => sum + (r.quantity ?? 0), 0);
      await confirmWrite(
        ctx,
        options,
        `Cancel order ${id}${order ? ` (${[order.statusSaid ?? order.status, order.total !== undefined ? money(order.total, order.currency) : undefined, places ? `${places} place${places === 1 ? '' : 's'}` : undefined].filter(Boolean).join(', ')})` : ''} and release its reservations?`,
        `Kept order ${id}: nothing cancelled.`,
      );
    }
    try {
      const cancelled = await client.cancelOrder(id);
      ctx.terminal.success(`Cancelled order ${id}; its reservations are released.`);
      if (ctx.output.takesRecords) {
        await ctx.output.record(
          writeOutcomeRow(RECORD_SHAPES.order, {
            status: 'recorded',
            reference: id,
            // An empty answer (taken as done) is no record of the service's.
            record: sourceOf(cancelled) ?? null,
          }),
          { afterWrite: true },
        );
        return;
      }
      // The table lists the reservations from the order read before when the answer has none, and says so.
      if (!cancelled.reservations.length && order?.reservations.length)
        ctx.terminal.info(
          "The answer lists no reservations: those below are the order's as read before cancelling it.",
        );
      await ctx.output.record(
        orderRow({
          ...cancelled,
          reservations: cancelled.reservations.length ? cancelled.reservations : (order?.reservations ?? []),
        }),
        { columns: orderColumns, afterWrite: true },
      );
    } catch (error) {
      if (bookingErrors.meaning(error, 'cancel-order') === 'already-cancelled') {
        ctx.terminal.info(`Order ${id} is already cancelled; nothing to do.`);
        return;
      }
      throw error;
    }
  },
});
