import { defineCommand } from '../../define.js';
import { checkFlags } from '../shared.js';
import { ApiError, RejectedError, UnknownOutcomeError } from '../../../lib/errors.js';
import { sourceOf, withSource } from '../../../lib/reading.js';
import { shellQuote } from '../../../lib/booking/text.js';
import { orderColumns, orderRow } from './view.js';

interface Options {
  amount: string;
  paymentRef: string;
}

const sameCents = (a: number, b: number) => Math.round(a * 100) === Math.round(b * 100);

export default defineCommand<Options>({
  name: 'pay',
  args: '<orderId>',
  summary: 'Record the payment taken elsewhere against an order (confirms the booking)',
  description:
    'Records the sale: the amount must equal the order total. The command checks the order first where the service allows it, ' +
    'so running it again after a lost answer never records the payment twice. A lost answer exits 7 with the commands to settle it.',
  examples: ['venue booking order pay ord-000001 --amount 60.00 --payment-ref PSP-8812'],
  configure(cmd) {
    cmd.requiredOption('--amount <n>', 'amount taken, positive, at most two decimals (must equal the order total)');
    cmd.requiredOption('--payment-ref <ref>', "your payment gateway's reference for the payment");
  },
  async run(ctx, options, orderId) {
    const { numbers } = await checkFlags(ctx, [
      { kind: 'id', flag: 'orderId', value: orderId },
      { kind: 'amount', flag: '--amount', value: options.amount },
      { kind: 'paymentReference', flag: '--payment-ref', value: options.paymentRef },
    ]);
    const id = orderId!.trim();
    const amount = numbers['--amount']!;
    const paymentReference = options.paymentRef.trim();
    const client = await ctx.booking();

    const current = await client.findOrder(id);
    if (current?.status === 'confirmed') {
      const sale = current.sale;
      if (sale?.paymentReference === paymentReference && (sale.amount === undefined || sameCents(sale.amount, amount))) {
        await client.holds.settled({ orderId: id, reservationIds: current.reservationIds });
        ctx.terminal.success(`Order ${id} is already confirmed with payment ${paymentReference}; nothing recorded again.`);
        await ctx.output.record(orderRow(current), { columns: orderColumns });
        return;
      }
      throw new RejectedError(`order ${id} is already paid${sale?.paymentReference ? ` (reference ${sale.paymentReference})` : ''}; nothing recorded`, {
        hint: `See it with \`venue booking order show ${shellQuote(id)}\`.`,
      });
    }
    // Only states known to refuse payment stop here; a word venue does not know is left to the service to judge.
    if (current?.status === 'cancelled' || current?.status === 'expired') throw new RejectedError(`order ${id} is ${current.status}; it cannot be paid`);
    if (current?.total !== undefined && !sameCents(current.total, amount)) {
      throw new RejectedError(`--amount ${amount.toFixed(2)} does not match the order total ${current.total.toFixed(2)}; nothing recorded`);
    }

    try {
      const paid = await client.recordSale({ orderId: id, amount, paymentReference });
      // The order's status comes from the order (in the answer or read back), never from the sale's own status.
      const status = paid.orderStatus ?? 'unknown';
      const sale = paid.sale.id ? ` as sale ${paid.sale.id}` : '';
      if (paid.orderStatus !== undefined) ctx.terminal.success(`Payment ${paymentReference} recorded${sale}: order ${id} is ${paid.orderStatus}.`);
      else ctx.terminal.warn(`Payment ${paymentReference} recorded${sale}; the service did not say the order's status (unknown). Check it with \`venue booking order show ${shellQuote(id)}\`.`);
      if (paid.order) {
        await ctx.output.record(orderRow({ ...paid.order, sale: { ...paid.order.sale, ...paid.sale } }, status), { columns: orderColumns });
      } else {
        // No order in the answer: the table shows the order read before with the new sale; machine formats print the sale answer.
        const row = orderRow({ ...(current ?? { id, reservationIds: [], reservations: [] }), sale: paid.sale }, status);
        await ctx.output.record(withSource(row, sourceOf(paid.sale) ?? Object.fromEntries(Object.entries(row))), { columns: orderColumns });
      }
    } catch (error) {
      if (error instanceof UnknownOutcomeError) {
        const again = `venue booking order pay ${shellQuote(id)} --amount ${amount.toFixed(2)} --payment-ref ${shellQuote(paymentReference)}`;
        throw new UnknownOutcomeError(`the payment for order ${id} may or may not have been recorded: the answer was lost`, {
          cause: error,
          details: [`order: ${id}`, `check:  venue booking order show ${shellQuote(id)}`, `finish: ${again}`],
          hint: 'Running the same `order pay` again checks the order first and never records the payment twice.',
        });
      }
      if (error instanceof ApiError && error.hasCode('already_paid', 'order_paid', 'already_confirmed')) {
        throw new RejectedError(`order ${id} is already paid; nothing recorded`, { cause: error, hint: `See it with \`venue booking order show ${shellQuote(id)}\`.` });
      }
      throw error;
    }
  },
});
