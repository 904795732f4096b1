import { argument, defineCommand, option, yesOption } from '../define.js';
import { confirmWrite } from '../../cli/confirm-write.js';
import { checkFlags } from './shared.js';
import { UnknownOutcomeError, UsageError } from '../../lib/errors.js';
import type { BookingClient } from '../../lib/booking/client.js';
import type { HoldEntry } from '../../lib/booking/hold-journal.js';
import type { Context } from '../../cli/context.js';
import { placeholder, venueHint } from '../../lib/hint-command.js';
import { RECORD_SHAPES, writeOutcomeRow, writeOutcomeShape, type WriteOutcomeStatus } from '../../lib/records.js';
import { sourceOf } from '../../lib/reading.js';
import { bookingErrors } from '../../lib/booking/error-codes.js';
import { classifyFailure } from '../../lib/writes/rule.js';
import { formatTime } from '../../lib/formats.js';
import type { Column } from '../../lib/output.js';

interface Options {
  yes?: boolean;
  all?: boolean;
  dryRun?: boolean;
}

/** A hold and what became (or would become) of it, as --dry-run and a person's release both show it. */
const holdColumns: Array<string | Column> = [
  { key: 'reservationId', header: 'Reservation' },
  { key: 'slotId', header: 'Slot' },
  { key: 'places', format: 'number' },
  { key: 'placedAt', header: 'Placed at', format: 'datetime' },
  'outcome',
];

export default defineCommand<Options>({
  name: 'release',
  args: [argument('[reservationId]', { kind: 'reservation' })],
  summary: 'Release a held slot before payment (gives the places back); --all releases every hold venue recorded',
  description:
    'Releases one hold by its reservation id, or with --all every hold of this profile that venue recorded and that is not paid ' +
    '(see `venue booking holds`). A hold whose answer was lost has no reservation id to release: --all lists it with what to check, ' +
    "and exits 7 while such holds remain. --dry-run shows what would be released (from venue's record of its holds); nothing is sent.",
  examples: [
    'venue booking release res-000003 --dry-run',
    'venue booking release res-000003 --yes',
    'venue booking release --all --dry-run',
    'venue booking release --all --yes',
  ],
  options: [
    option('--all', 'release every recorded hold of this profile that is not paid', {
      withheldFromTools: 'releases every hold on record: a person runs that',
    }),
    option('--dry-run', "show what would be released (venue's record of its holds); send nothing"),
    yesOption,
  ],
  record: writeOutcomeShape(RECORD_SHAPES.reservation),
  fleet: 'write',
  confirmation: 'always',
  async run(ctx, options, reservationId) {
    if (options.all && reservationId !== undefined) throw new UsageError('give a reservation id or --all, not both');
    if (!options.all && reservationId === undefined)
      throw new UsageError('missing reservationId', {
        hint: `Name the hold (${venueHint(['booking', 'holds'])} lists them) or pass --all.`,
      });
    if (!options.all) await checkFlags(ctx, [{ kind: 'id', flag: 'reservationId', value: reservationId }]);
    const client = await ctx.booking();
    if (options.dryRun) return releaseDryRun(ctx, client, options.all ? undefined : reservationId!.trim());
    await confirmWrite(
      ctx,
      options,
      options.all
        ? 'Release every hold venue recorded for this profile?'
        : `Release reservation ${reservationId!.trim()}?`,
      'Nothing released: nothing was sent.',
    );
    if (options.all) return releaseAll(ctx, client);
    // Its journal entry, looked up before the release takes it off the record.
    const key = client.holds.list().find((h) => h.reservationId === reservationId!.trim())?.key ?? null;
    const reservation = await client.releaseReservation(reservationId!.trim());
    if (reservation.status === 'released')
      ctx.terminal.success(`Released reservation ${reservation.id}: its places are free again.`);
    else if (reservation.status === undefined)
      ctx.terminal.success(
        `The service took the release of reservation ${reservation.id} (it did not say the reservation's state).`,
      );
    else
      ctx.terminal.info(
        `Reservation ${reservation.id} holds nothing any more (${reservation.statusSaid ?? reservation.status}).`,
      );
    if (ctx.output.takesRecords) {
      await ctx.output.record(
        writeOutcomeRow(RECORD_SHAPES.reservation, {
          status: 'recorded',
          reference: reservationId!.trim(),
          journalId: key,
          // An empty answer (taken as done) is no record of the service's.
          record: sourceOf(reservation) ?? null,
        }),
        { afterWrite: true },
      );
      return;
    }
    await ctx.output.record(
      { ...reservation, status: reservation.statusSaid ?? reservation.status } as unknown as Record<string, unknown>,
      { columns: ['id', 'status', 'slotId', { key: 'quantity', format: 'number' }], afterWrite: true },
    );
  },
});

/** The holds a release would touch, as venue recorded them; nothing is sent. */
async function releaseDryRun(ctx: Context, client: BookingClient, reservationId: string | undefined): Promise<void> {
  const holds = client.holds.list().filter((h) => reservationId === undefined || h.reservationId === reservationId);
  const rows: Array<Partial<Outcome> & { outcome: string }> = holds.map((hold) => ({
    reservationId: hold.reservationId,
    slotId: hold.slotId,
    places: hold.quantity,
    placedAt: hold.placedAt,
    outcome: hold.reservationId ? 'would be released' : 'no reservation id: cannot be released',
  }));
  if (reservationId !== undefined && !rows.length) {
    // A hold venue did not record (made elsewhere) is still released by the service: say what would be sent.
    rows.push({ reservationId, outcome: "would be released (not in venue's record: the service decides)" });
  }
  await ctx.output.list(rows as unknown as Record<string, unknown>[], {
    columns: holdColumns,
    empty: 'venue has no recorded holds for this profile: nothing to release.',
    bounded: true,
  });
  ctx.terminal.info('Dry run: nothing was sent.');
}

interface Outcome {
  reservationId?: string;
  slotId: string;
  places: number;
  placedAt: string;
  outcome: string;
  /** The write's outcome in the one shape (machine formats): its status, journal key and the service's answer. */
  status?: WriteOutcomeStatus;
  key?: string;
  answer?: unknown;
}

/** A hold's release as the one write-outcome record: the service's answer; venue's record of the hold under `venue`. */
function outcomeRow(o: Outcome): Record<string, unknown> {
  return writeOutcomeRow(RECORD_SHAPES.reservation, {
    status: o.status ?? 'unknown',
    reference: o.reservationId ?? null,
    journalId: o.key ?? null,
    record: o.answer ?? null,
    venue: { slotId: o.slotId, places: o.places, placedAt: o.placedAt, note: o.outcome },
  });
}

async function releaseAll(ctx: Context, client: BookingClient): Promise<void> {
  const holds = client.holds.list();
  if (!holds.length) {
    ctx.terminal.info('venue has no recorded holds for this profile: nothing to release.');
    if (ctx.output.takesRecords) await ctx.output.list([]);
    return;
  }
  const outcomes: Outcome[] = [];
  const unknown: HoldEntry[] = [];
  let failure: unknown;
  for (const hold of holds) {
    const base = {
      reservationId: hold.reservationId,
      slotId: hold.slotId,
      places: hold.quantity,
      placedAt: hold.placedAt,
      key: hold.key,
    };
    if (!hold.reservationId) {
      unknown.push(hold);
      outcomes.push({
        ...base,
        status: 'unknown',
        outcome:
          hold.state === 'pending'
            ? 'pending: no answer recorded, no id to release'
            : 'unknown: no reservation id to release',
      });
      continue;
    }
    try {
      const reservation = await client.releaseReservation(hold.reservationId);
      const outcome =
        reservation.status === undefined || reservation.status === 'released'
          ? 'released'
          : `holds nothing (${reservation.statusSaid ?? reservation.status})`;
      outcomes.push({ ...base, outcome, status: 'recorded', answer: sourceOf(reservation) ?? null });
      ctx.terminal.success(
        `${hold.reservationId}: ${outcome} (${hold.quantity} place${hold.quantity === 1 ? '' : 's'} in ${hold.slotId}).`,
      );
    } catch (error) {
      const meaning = bookingErrors.meaning(error, 'release');
      if (meaning === 'reservation-unknown') {
        outcomes.push({ ...base, status: 'not-applied', outcome: 'unknown to the service: nothing held' });
        ctx.terminal.info(`${hold.reservationId}: the service does not know it; nothing to release.`);
      } else if (meaning === 'already-paid') {
        outcomes.push({ ...base, status: 'not-applied', outcome: 'paid: not released' });
        ctx.terminal.info(
          `${hold.reservationId}: paid for, so it is a booking now; cancel its order to give the places back.`,
        );
      } else {
        failure ??= error;
        const verdict = classifyFailure(error).kind;
        outcomes.push({
          ...base,
          status: verdict === 'refused' || verdict === 'not-sent' ? 'not-applied' : 'unknown',
          outcome: `not released: ${(error as Error).message}`,
        });
        ctx.terminal.warn(
          `${hold.reservationId}: could not release it (${(error as Error).message}); it stays recorded.`,
        );
      }
    }
  }
  const zone = unknown.length ? await ctx.output.peopleZone() : undefined;
  for (const hold of unknown) {
    ctx.terminal.warn(
      `${hold.quantity} place${hold.quantity === 1 ? '' : 's'} in ${hold.slotId} (${hold.experienceId}), requested ${formatTime(hold.placedAt, zone)}: ` +
        `${hold.note ?? 'no answer was recorded'}. venue has no reservation id to release. ` +
        `Check the places left with ${venueHint(['booking', 'sessions', hold.experienceId, '--date', hold.placedAt.slice(0, 10)])} and ask the operator to release any hold left there.`,
    );
  }
  if (ctx.output.takesRecords) await ctx.output.list(outcomes.map(outcomeRow), { afterWrite: true });
  else
    await ctx.output.list(outcomes as unknown as Record<string, unknown>[], {
      columns: holdColumns,
      bounded: true,
    });
  if (failure) throw failure;
  if (unknown.length) {
    throw new UnknownOutcomeError(
      `${unknown.length} recorded hold${unknown.length === 1 ? '' : 's'} could not be released: venue never learned ${unknown.length === 1 ? 'its' : 'their'} reservation id`,
      {
        hint: `Check the slots named above; once settled, drop a request from the record with ${venueHint(['booking', 'holds', '--forget', placeholder('key')])}.`,
      },
    );
  }
}
