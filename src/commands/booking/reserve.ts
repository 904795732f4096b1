import { defineCommand } from '../define.js';
import { checkFlags } from './shared.js';

interface Options {
  session: string;
  quantity: string;
}

export default defineCommand<Options>({
  name: 'reserve',
  args: '<experienceId>',
  summary: 'Hold places in a session slot (held until released, ordered or paid)',
  description:
    'Holds places in a session slot. The platform checks capacity: when the slot is full the command says so and exits 5. ' +
    'venue writes every hold down before sending it (`venue booking holds` lists them); nothing says a hold ends on its own, ' +
    'so release one you no longer need with `venue booking release <reservationId>` (or every one with `--all`).',
  examples: [
    'venue booking reserve exp-laser-tag --session "$(venue booking sessions exp-laser-tag --date tomorrow --limit 1 --fields slotId -o csv | tail -1)" --quantity 4',
    'venue booking reserve exp-escape-room --session "$(venue booking sessions exp-escape-room --date +2d --limit 1 --fields slotId -o csv | tail -1)" --quantity 2',
    'venue booking reserve exp-bowling-lane --session "$(venue booking sessions exp-bowling-lane --date +2d --limit 1 --fields slotId -o csv | tail -1)" --quantity 1 -o json',
  ],
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
    const places = reservation.quantity ?? numbers['--quantity']!;
    ctx.terminal.success(
      `Held ${places} place${places === 1 ? '' : 's'} in ${options.session} as reservation ${reservation.id}${reservation.expiresAt ? ` (the service gives ${reservation.expiresAt} as its end)` : ''}. ` +
        `Release it with \`venue booking release ${reservation.id}\` if it is not ordered.`,
    );
    await ctx.output.record(reservation as unknown as Record<string, unknown>, {
      columns: [
        'id', 'status', 'experienceId', 'slotId', { key: 'startTime', format: 'datetime' }, { key: 'quantity', format: 'number' }, { key: 'amount', format: 'money' },
        { key: 'expiresAt', format: 'datetime' },
      ],
      afterWrite: true,
    });
  },
});
