import { defineCommand } from '../define.js';
import { checkFlags } from './shared.js';

interface Options {
  session: string;
  quantity: string;
}

export default defineCommand<Options>({
  name: 'reserve',
  args: '<experienceId>',
  summary: 'Hold places in a session slot (the hold lapses unless an order is created)',
  description:
    'Holds places in a session slot. The platform checks capacity: when the slot is full the command says so and exits 5. ' +
    'Release a hold you no longer need with `venue booking release <reservationId>`.',
  examples: ['venue booking reserve exp-laser-tag --session exp-laser-tag.20261128.1400 --quantity 4'],
  configure(cmd) {
    cmd.requiredOption('--session <slotId>', 'session slot id (see `venue booking sessions`)');
    cmd.requiredOption('--quantity <n>', 'number of places, a positive whole number');
  },
  async run(ctx, options, experienceId) {
    const { numbers } = await checkFlags(ctx, [
      { kind: 'id', flag: 'experienceId', value: experienceId },
      { kind: 'id', flag: '--session', value: options.session },
      { kind: 'quantity', flag: '--quantity', value: options.quantity },
    ]);
    const client = await ctx.booking();
    const reservation = await client.reserve({ experienceId: experienceId!.trim(), slotId: options.session.trim(), quantity: numbers['--quantity']! });
    ctx.terminal.success(`Held ${reservation.quantity ?? numbers['--quantity']} place(s) in ${options.session} as reservation ${reservation.id}${reservation.expiresAt ? ` until ${reservation.expiresAt}` : ''}.`);
    await ctx.output.record(reservation as unknown as Record<string, unknown>, {
      columns: ['id', 'status', 'experienceId', 'slotId', 'startTime', 'quantity', { key: 'amount', format: 'money' }, 'expiresAt'],
    });
  },
});
