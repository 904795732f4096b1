import { argument, defineCommand, option, yesOption } from '../define.js';
import { confirmWrite } from '../../cli/confirm-write.js';
import { checkFlags } from './shared.js';
import { NotFoundError, UsageError } from '../../lib/errors.js';
import { localDate } from '../../lib/booking/dates.js';
import { venueHint } from '../../lib/hint-command.js';
import { RECORD_SHAPES, writeOutcomeRow, writeOutcomeShape } from '../../lib/records.js';
import { SlotUnavailableError } from '../../lib/booking/client.js';
import { sourceOf } from '../../lib/reading.js';
import { HoldJournal } from '../../lib/booking/hold-journal.js';

interface Options {
  yes?: boolean;
  session: string;
  quantity: string;
  date?: string;
  dryRun?: boolean;
}

/** "exp-laser-tag.20261122.1400" → "2026-11-22": the day a session id names, when it names one. */
function dayInSessionId(slotId: string): string | undefined {
  const match = /(?:^|[^0-9])(\d{4})-?(\d{2})-?(\d{2})(?:[^0-9]|$)/.exec(slotId);
  return match ? `${match[1]}-${match[2]}-${match[3]}` : undefined;
}

export default defineCommand<Options>({
  name: 'reserve',
  args: [argument('<experienceId>', { kind: 'experience' })],
  summary: 'Hold places in a session slot (held until released, ordered or paid)',
  description:
    'Holds places in a session slot. The platform checks capacity: when the slot is full the command says so and exits 5. ' +
    'venue writes every hold down before sending it (`venue booking holds` lists them); nothing says a hold ends on its own, ' +
    'so release one you no longer need with `venue booking release <reservationId>` (or every one with `--all`). ' +
    "--dry-run reads the session's places left (on --date, or the day in its id, or today) and shows what would be held; nothing is held.",
  examples: [
    'venue booking reserve exp-laser-tag --session "$(venue booking sessions exp-laser-tag --date tomorrow --limit 1 --fields slotId -o csv | tail -1)" --quantity 4 --dry-run',
    'venue booking reserve exp-laser-tag --session "$(venue booking sessions exp-laser-tag --date tomorrow --limit 1 --fields slotId -o csv | tail -1)" --quantity 4 --yes',
    'venue booking reserve exp-escape-room --session "$(venue booking sessions exp-escape-room --date +2d --limit 1 --fields slotId -o csv | tail -1)" --quantity 2 --yes',
    'venue booking reserve exp-bowling-lane --session "$(venue booking sessions exp-bowling-lane --date +2d --limit 1 --fields slotId -o csv | tail -1)" --quantity 1 -o json --yes',
  ],
  options: [
    option('--session <slotId>', 'session slot id (see `venue booking sessions`)', { kind: 'slot', required: true }),
    option('--quantity <n>', 'number of places, a positive whole number', { kind: 'unsigned', required: true }),
    option(
      '--date <date>',
      "with --dry-run: the session's day, YYYY-MM-DD, today, tomorrow or +Nd (default: the day in the session id, else today)",
      { kind: 'date' },
    ),
    option('--dry-run', 'check the places left in the session and show what would be held; hold nothing'),
    yesOption,
  ],
  record: writeOutcomeShape(RECORD_SHAPES.reservation),
  fleet: 'write',
  confirmation: 'always',
  async run(ctx, options, experienceId) {
    const { dates, numbers } = await checkFlags(ctx, [
      { kind: 'id', flag: 'experienceId', value: experienceId },
      { kind: 'id', flag: '--session', value: options.session },
      { kind: 'quantity', flag: '--quantity', value: options.quantity },
      { kind: 'date', flag: '--date', value: options.date },
    ]);
    if (options.date !== undefined && !options.dryRun)
      throw new UsageError('--date only finds the session for --dry-run', {
        hint: 'Nothing was sent. The session id alone says which slot to hold.',
      });
    const client = await ctx.booking();
    if (options.dryRun) {
      const slotId = options.session.trim();
      const quantity = numbers['--quantity']!;
      const date = dates['--date'] ?? dayInSessionId(slotId) ?? localDate(ctx.now());
      const slot = (await client.sessions(experienceId!.trim(), date)).find((s) => s.id === slotId);
      if (!slot) {
        throw new NotFoundError(`no session "${slotId}" of ${experienceId} on ${date}`, {
          hint: `Nothing was held. List the sessions with ${venueHint(['booking', 'sessions', experienceId!, '--date', date])}, or pass --date with the session's day.`,
        });
      }
      if (slot.remaining < quantity) {
        throw new SlotUnavailableError(
          slotId,
          slot.remaining === 0
            ? `slot ${slotId} is full`
            : `slot ${slotId} has only ${slot.remaining} place${slot.remaining === 1 ? '' : 's'} left (asked for ${quantity})`,
          slot.remaining,
        );
      }
      await ctx.output.record(
        {
          experienceId: experienceId!.trim(),
          slotId,
          date: slot.date ?? date,
          startTime: slot.startTime,
          quantity,
          remaining: slot.remaining,
          remainingAfter: slot.remaining - quantity,
          amount: slot.price === undefined ? undefined : slot.price * quantity,
        },
        {
          columns: [
            'experienceId',
            'slotId',
            { key: 'startTime', format: 'datetime' },
            { key: 'quantity', format: 'number' },
            { key: 'remaining', header: 'Left now', format: 'number' },
            { key: 'remainingAfter', header: 'Left after', format: 'number' },
            { key: 'amount', format: 'money' },
          ],
        },
      );
      ctx.terminal.info(`Dry run: ${slotId} has room for ${quantity}. Nothing was held.`);
      return;
    }
    await confirmWrite(
      ctx,
      options,
      `Hold ${numbers['--quantity']} place${numbers['--quantity'] === 1 ? '' : 's'} in ${options.session.trim()}?`,
      'Nothing was held: nothing was sent.',
    );
    const reservation = await client.reserve({
      experienceId: experienceId!.trim(),
      slotId: options.session.trim(),
      quantity: numbers['--quantity']!,
    });
    // The places the service states it holds; where its answer says none, the places asked for, said to be so.
    const places = reservation.quantity ?? numbers['--quantity']!;
    const said = reservation.quantity !== undefined ? '' : ' (as asked: the answer does not say how many)';
    ctx.terminal.success(
      `Held ${places} place${places === 1 ? '' : 's'}${said} in ${options.session} as reservation ${reservation.id}${reservation.expiresAt ? ` (the service gives ${reservation.expiresAt} as its end)` : ''}. ` +
        `Release it with ${venueHint(['booking', 'release', reservation.id])} if it is not ordered.`,
    );
    if (ctx.output.takesRecords) {
      const journal = new HoldJournal(await ctx.stateDir(), await ctx.profileName(), () => ctx.now());
      await ctx.output.record(
        writeOutcomeRow(RECORD_SHAPES.reservation, {
          status: 'recorded',
          journalId: journal.list().find((h) => h.reservationId === reservation.id)?.key ?? null,
          record: sourceOf(reservation),
        }),
        { afterWrite: true },
      );
      return;
    }
    await ctx.output.record(
      { ...reservation, status: reservation.statusSaid ?? reservation.status } as unknown as Record<string, unknown>,
      {
        columns: [
          'id',
          'status',
          'experienceId',
          'slotId',
          { key: 'startTime', format: 'datetime' },
          { key: 'quantity', format: 'number' },
          { key: 'amount', format: 'money' },
          { key: 'expiresAt', format: 'datetime' },
        ],
        afterWrite: true,
      },
    );
  },
});
