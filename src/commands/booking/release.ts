import { defineCommand } from '../define.js';
import { checkFlags } from './shared.js';

export default defineCommand({
  name: 'release',
  args: '<reservationId>',
  summary: 'Release a held slot before payment (gives the places back)',
  examples: ['venue booking release res-000042'],
  async run(ctx, _options, reservationId) {
    await checkFlags(ctx, [{ kind: 'id', flag: 'reservationId', value: reservationId }]);
    const client = await ctx.booking();
    const reservation = await client.releaseReservation(reservationId!.trim());
    if (reservation.status === 'released') ctx.terminal.success(`Released reservation ${reservation.id}: its places are free again.`);
    else ctx.terminal.info(`Reservation ${reservation.id} holds nothing any more (${reservation.status}).`);
    await ctx.output.record(reservation as unknown as Record<string, unknown>, { columns: ['id', 'status', 'slotId', 'quantity'] });
  },
});
