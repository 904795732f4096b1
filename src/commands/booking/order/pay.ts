import { argument, defineCommand, option, yesOption } from '../../define.js';
import { confirmWrite } from '../../../cli/confirm-write.js';
import { checkFlags } from '../shared.js';
import { InterruptedError, ServerError, UnknownOutcomeError } from '../../../lib/errors.js';
import { sourceOf, withSource } from '../../../lib/reading.js';
import { orderColumns, orderRow } from './view.js';
import { RECORD_SHAPES, writeOutcomeRow, writeOutcomeShape } from '../../../lib/records.js';
import type { BookingClient } from '../../../lib/booking/client.js';
import type { Context } from '../../../cli/context.js';
import { venueHint } from '../../../lib/hint-command.js';
import { recordPayment, judgeOrderBefore, paymentWriteOutcome } from '../../../lib/booking/workflows/payment.js';
import { DisagreeingAnswerError } from '../../../lib/writes/agreement.js';

interface Options {
  yes?: boolean;
  amount: string;
  paymentRef: string;
  dryRun?: boolean;
}

function definedOf<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export default defineCommand<Options>({
  name: 'pay',
  args: [argument('<orderId>', { kind: 'order' })],
  summary: 'Record the payment taken elsewhere against an order (confirms the booking)',
  description:
    'Records the sale: the amount must equal the order total. The command checks the order first where the service allows it, ' +
    'so running it again after a lost answer never records the payment twice. A lost answer is settled by reading the order back: ' +
    'confirmed with this payment is recorded, still awaiting payment is not (run it again); when the order cannot be read it exits 7 with the commands to settle it. ' +
    '--dry-run makes the same checks (the order read first where the service allows it) and shows the payment that would be recorded; nothing is sent.',
  examples: [
    'venue booking order pay ord-000002 --amount 56.00 --payment-ref PSP-8813 --dry-run',
    'venue booking order pay ord-000002 --amount 56.00 --payment-ref PSP-8813 --yes',
  ],
  options: [
    option('--amount <n>', 'amount taken, positive, at most two decimals (must equal the order total)', {
      kind: 'money',
      required: true,
    }),
    option('--payment-ref <ref>', "your payment gateway's reference for the payment", { kind: 'text', required: true }),
    option('--dry-run', 'check the order and the payment and show what would be recorded; send nothing'),
    yesOption,
  ],
  record: writeOutcomeShape(RECORD_SHAPES.order),
  fleet: 'write',
  confirmation: 'always',
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
    if (options.dryRun) return dryRun(ctx, client, { orderId: id, amount, paymentReference });
    await confirmWrite(
      ctx,
      options,
      `Record payment ${paymentReference} of ${amount.toFixed(2)} against order ${id}?`,
      'No payment recorded: nothing was sent.',
    );
    const outcome = await recordPayment(
      { api: client, interruption: ctx.interruption, journal: client.holds },
      { orderId: id, amount, paymentReference },
      { checkFirst: true },
    );
    switch (outcome.kind) {
      case 'interrupted-before-send':
        throw new InterruptedError(`interrupted: the payment for order ${id} was not sent`);
      case 'refused':
        throw outcome.error;
      case 'not-recorded':
        throw new ServerError(`the payment for order ${id} was not recorded: ${outcome.reason}`, {
          hint: `Nothing was recorded. Run the same command again (same --payment-ref): ${venueHint(['booking', 'order', 'pay', id, '--amount', amount.toFixed(2), '--payment-ref', paymentReference])}.`,
        });
      case 'unknown':
        throw new UnknownOutcomeError(
          `the payment for order ${id} may or may not have been recorded: ${outcome.reason}`,
          {
            cause: outcome.cause,
            details: [`order: ${id}`, `check:  ${outcome.check}`, `finish: ${outcome.finish}`],
            hint: 'Running the same `order pay` again checks the order first and never records the payment twice.',
          },
        );
      case 'disagrees': {
        throw new DisagreeingAnswerError(`the payment for order ${id}`, outcome.disagreements, {
          details: [
            'venue recorded it as unknown: what the service recorded cannot be told from this answer.',
            `check:  ${outcome.check}`,
            `finish: ${outcome.finish}`,
          ],
          hint: 'Check the order first. Running the same `order pay` again checks the order first and never records the payment twice.',
        });
      }
      case 'recorded':
        break;
    }
    await client.holds.settled({ orderId: id, reservationIds: outcome.order?.reservationIds });
    // The order's status in the service's own word, from the answer or the order read back.
    const status = outcome.order?.statusSaid ?? outcome.orderStatus ?? 'unknown';
    const sale = outcome.sale.id ? ` as sale ${outcome.sale.id}` : '';
    if (outcome.evidence === 'already-on-order')
      ctx.terminal.success(
        `Order ${id} is already confirmed with payment ${paymentReference}; nothing recorded again.`,
      );
    else if (outcome.evidence === 'order-read-back')
      ctx.terminal.success(
        `Payment ${paymentReference} recorded${sale}: its answer was ${outcome.unreadable ? 'unreadable' : 'lost'}, and order ${id} read back is ${status} with it.`,
      );
    else if (outcome.orderStatus !== undefined)
      ctx.terminal.success(`Payment ${paymentReference} recorded${sale}: order ${id} is ${status}.`);
    else
      ctx.terminal.warn(
        `Payment ${paymentReference} recorded${sale}; the service did not say the order's status (unknown). Check it with ${venueHint(['booking', 'order', 'show', id])}.`,
      );
    if (outcome.order && !outcome.order.reservations.length && !outcome.order.reservationIds.length) {
      ctx.terminal.info(
        `The service's answer does not list the order's reservations; ${venueHint(['booking', 'order', 'show', id])} reads them where the service offers it.`,
      );
    }
    if (ctx.output.takesRecords) {
      await ctx.output.record(
        writeOutcomeRow(
          RECORD_SHAPES.order,
          paymentWriteOutcome(outcome, { orderId: id, paymentReference }, { orderId: id, amount }),
        ),
        { afterWrite: true },
      );
    } else if (outcome.order) {
      await ctx.output.record(
        orderRow({ ...outcome.order, sale: { ...outcome.order.sale, ...definedOf(outcome.sale) } }, status),
        { columns: orderColumns, afterWrite: true },
      );
    } else {
      // No order in the answer: the table shows the order id with the new sale; machine formats print the sale answer.
      const row = orderRow({ id, reservationIds: [], reservations: [], sale: outcome.sale }, status);
      await ctx.output.record(withSource(row, sourceOf(outcome.sale) ?? Object.fromEntries(Object.entries(row))), {
        columns: orderColumns,
        afterWrite: true,
      });
    }
    if (outcome.unreadable) {
      // Accepted (2xx) and settled by the order read back, but the service's answer could not be read: exit 6 all the same.
      outcome.unreadable.details.push(
        `The order read back shows payment ${paymentReference} recorded: venue recorded it so, and never sends it again.`,
      );
      throw outcome.unreadable;
    }
  },
});

/** The checks the payment makes before its send (the order read first), and the request it would send. */
async function dryRun(
  ctx: Context,
  client: BookingClient,
  request: { orderId: string; amount: number; paymentReference: string },
): Promise<void> {
  const order = await client.findOrder(request.orderId);
  const judged = order ? judgeOrderBefore(order, request) : undefined;
  if (judged?.kind === 'refused') throw judged.error;
  await ctx.output.record(
    { ...request, orderStatus: order?.status, orderTotal: order?.total },
    {
      columns: [
        'orderId',
        { key: 'amount', format: 'money' },
        'paymentReference',
        { key: 'orderStatus', header: 'Order status' },
        { key: 'orderTotal', header: 'Order total', format: 'money' },
      ],
    },
  );
  if (judged?.kind === 'recorded')
    ctx.terminal.info(
      `Dry run: order ${request.orderId} is already confirmed with payment ${request.paymentReference}; running it would record nothing again.`,
    );
  else if (!order)
    ctx.terminal.info(
      `Dry run: the flags passed the checks; this booking service does not offer order lookups, so the order itself was not checked. Nothing was sent.`,
    );
  else
    ctx.terminal.info(
      `Dry run: the payment above passed the checks against order ${request.orderId}. Nothing was sent.`,
    );
}
