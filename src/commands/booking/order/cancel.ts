import { defineCommand } from '../../define.js';
import { checkFlags } from '../shared.js';
import { missingValue } from '../../../lib/prompter.js';
import { InterruptedError } from '../../../lib/errors.js';
import { errorCodeOf } from '../../../lib/booking/client.js';
import { orderColumns, orderRow } from './view.js';

interface Options {
  yes?: boolean;
}

export default defineCommand<Options>({
  name: 'cancel',
  args: '<orderId>',
  summary: 'Cancel an order and its reservations (asks first; --yes for scripts)',
  examples: ['venue booking order cancel ord-000001', 'venue booking order cancel ord-000001 --yes'],
  configure(cmd) {
    cmd.option('-y, --yes', 'cancel without asking (required without a terminal)');
  },
  async run(ctx, options, orderId) {
    await checkFlags(ctx, [{ kind: 'id', flag: 'orderId', value: orderId }]);
    const id = orderId!.trim();
    // Decided before anything is sent: a script that forgot --yes changes nothing.
    if (!options.yes && !ctx.prompter.canPrompt) throw missingValue('--yes', 'confirms the cancellation');
    const client = await ctx.booking();
    const order = await client.findOrder(id);
    if (order?.status === 'cancelled') {
      ctx.terminal.info(`Order ${id} is already cancelled; nothing to do.`);
      return;
    }
    if (!options.yes) {
      if (order) {
        ctx.terminal.info(`This will cancel order ${order.id} (${order.status}, total $${order.total.toFixed(2)}${order.guest?.email ? `, guest ${order.guest.email}` : ''}):`);
        for (const r of order.reservations) ctx.terminal.info(`  ${r.id}: ${r.quantity ?? '?'} place(s) in ${r.slotId ?? '?'}${r.startTime ? ` at ${r.startTime}` : ''}`);
      }
      const places = order?.reservations.reduce((sum, r) => sum + (r.quantity ?? 0), 0);
      const go = await ctx.prompter.confirm(
        `Cancel order ${id}${order ? ` (${order.status}, $${order.total.toFixed(2)}${places ? `, ${places} place${places === 1 ? '' : 's'}` : ''})` : ''} and release its reservations?`,
        { flag: '--yes', default: false },
      );
      if (!go) throw new InterruptedError(`kept order ${id}: nothing cancelled`);
    }
    try {
      const cancelled = await client.cancelOrder(id);
      ctx.terminal.success(`Cancelled order ${id}; its reservations are released.`);
      await ctx.output.record(orderRow({ ...(order ?? cancelled), ...cancelled, reservations: cancelled.reservations.length ? cancelled.reservations : order?.reservations ?? [] }), { columns: orderColumns });
    } catch (error) {
      if (errorCodeOf(error) === 'already_cancelled') {
        ctx.terminal.info(`Order ${id} is already cancelled; nothing to do.`);
        return;
      }
      throw error;
    }
  },
});
