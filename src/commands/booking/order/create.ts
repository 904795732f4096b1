import { defineCommand } from '../../define.js';
import { checkFlags, listFlag } from '../shared.js';
import { ValidationError } from '../../../lib/errors.js';
import { orderColumns, orderRow } from './view.js';

interface Options {
  reservation: string[];
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
}

export default defineCommand<Options>({
  name: 'create',
  summary: 'Create an order from held reservations, with the guest details',
  examples: [
    'venue booking order create --reservation res-000002 --first-name Ben --last-name Ortiz --email ben@example.com --phone "+1 555 0100"',
  ],
  configure(cmd) {
    cmd.requiredOption('--reservation <ids>', 'held reservation id(s), comma-separated or repeated', (v: string, prev: string[] = []) => [...prev, v]);
    cmd.requiredOption('--first-name <name>', "guest's first name");
    cmd.requiredOption('--last-name <name>', "guest's last name");
    cmd.requiredOption('--email <address>', "guest's email");
    cmd.option('--phone <number>', "guest's phone");
  },
  async run(ctx, options) {
    const reservationIds = listFlag(options.reservation);
    if (!reservationIds.length) throw new ValidationError([{ field: '--reservation', rule: 'must name at least one reservation' }]);
    await checkFlags(ctx, [
      ...reservationIds.map((id) => ({ kind: 'id' as const, flag: '--reservation', value: id })),
      { kind: 'name', flag: '--first-name', value: options.firstName },
      { kind: 'name', flag: '--last-name', value: options.lastName },
      { kind: 'email', flag: '--email', value: options.email },
      { kind: 'phone', flag: '--phone', value: options.phone },
    ]);
    const client = await ctx.booking();
    const order = await client.createOrder({
      reservationIds,
      guest: { firstName: options.firstName.trim(), lastName: options.lastName.trim(), email: options.email.trim(), ...(options.phone ? { phone: options.phone.trim() } : {}) },
    });
    ctx.terminal.success(`Order ${order.id} created: total $${order.total.toFixed(2)}. Record the payment with \`venue booking order pay ${order.id} --amount ${order.total.toFixed(2)} --payment-ref <ref>\`.`);
    await ctx.output.record(orderRow(order), { columns: orderColumns, afterWrite: true });
  },
});
