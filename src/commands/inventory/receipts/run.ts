import path from 'node:path';
import { InvalidValueError, defineCommand, option } from '../../define.js';
import { confirmWrite } from '../../../cli/confirm-write.js';
import { parseDuration } from '../../../lib/duration.js';
import type { Context } from '../../../cli/context.js';
import type { FileResult } from '../../../lib/inventory/workflows/receipt-run.js';
import { venueCommand } from '../../../lib/hint-command.js';
import { RECORD_SHAPES, writeOutcomeRow, writeOutcomeShape, type WriteOutcomeStatus } from '../../../lib/records.js';
import { sourceOf } from '../../../lib/reading.js';
import * as run from '../../../lib/inventory/workflows/receipt-run.js';
import { formatDuration } from '../../../lib/inventory/workflows/receipt-run.js';
import { UsageError, InterruptedError, UnknownOutcomeError, ServerError } from '../../../lib/errors.js';
import { stampOf } from '../../../lib/writes/journal.js';
import { idFlag } from '../stock/take.js';
import { ReceiptJournal, shortId } from '../../../lib/inventory/receipt-journal.js';
import { checkedReceiptHeader, prepareReceipt, sendReceipt } from './receipt-file.js';

interface RunOptions {
  dir: string;
  name?: string;
  done?: string;
  alertAfter?: { ms: number; text: string };
  warehouse?: string;
  user?: string;
  supplier?: string;
  comment?: string;
  yes?: boolean;
}

/** The default of --alert-after: a nightly job alerts on the next night's run, whatever minute each run reaches the file. */
const DEFAULT_ALERT_AFTER = '20h';
const DEFAULT_NAME = '{supplier}_{po}_{invoice}.csv';

const durationOf = (value: string): { ms: number; text: string } => {
  const ms = parseDuration(value);
  if (ms === undefined)
    throw new InvalidValueError('must be a duration such as 24h, 90m, 1h30m or 2d (0: alert at the first failure)');
  return { ms, text: value.trim() };
};

export default defineCommand<RunOptions>({
  name: 'run',
  summary: 'Receive every receipt file of a folder: the nightly job, one line per file, one exit rule',
  description:
    'Sends every file in --dir through the same receipt workflow as `stock receive` (the journal makes a rerun harmless), its ' +
    'supplier, PO and invoice read from its name (--name), and moves each recorded one to --done. It writes one line per file on ' +
    'stderr (and --log-file), stamped with its time: recorded now (with the receipt id), recorded before (with when), not sent ' +
    '(with why; the journal keeps when the file first failed), unknown (with the command that settles it, runnable as printed). ' +
    'Exit: 7 if any outcome is unknown; 6 if any file has not been received for --alert-after or longer since its first failed ' +
    'attempt (refused or failed by the service, or a name or content that cannot be read), or was accepted with an answer venue ' +
    'cannot read; else 0 (a file failing for less is sent by a later run). An empty folder is 0 with one line saying so. The journal cannot be read or written, credentials are ' +
    'not set, or Ctrl-C: the run stops there, with that exit code. With -o json, ndjson or csv, one write-outcome record per file on stdout ' +
    "(docs/records.md: its status, reference, journal id and the service's receipt, the run's own fields under venue). " +
    '--deadline bounds the whole run (default 120 s). Across venues: --dir /srv/erp/{profile}; a venue without its folder has ' +
    'nothing to receive.',
  examples: [
    'venue inventory receipts run --dir receipts --alert-after 24h',
    "venue inventory receipts run --dir supplier-3 --name 'PO-{po}_{invoice}.csv' --supplier 3 --done supplier-3/archive -o ndjson",
  ],
  record: writeOutcomeShape(RECORD_SHAPES.receipt),
  options: [
    option('--dir <folder>', "the folder of receipt files (the ERP's export): each plain file in it, not hidden ones", {
      kind: 'file',
      required: true,
    }),
    option(
      '--name <pattern>',
      `how a file's name gives its receipt's fields: {supplier}, {po}, {invoice}, {warehouse}, * for any text (default '${DEFAULT_NAME}')`,
      { kind: 'text' },
    ),
    option('--done <folder>', 'where each recorded file is moved (default: done/ in --dir)', { kind: 'path' }),
    option(
      '--alert-after <duration>',
      `exit 6 once a file has not been received for this long since its first failed attempt: 24h, 90m, 1h30m, 0 (default ${DEFAULT_ALERT_AFTER})`,
      { kind: 'duration', parse: durationOf },
    ),
    option(
      '--warehouse <id>',
      "warehouse receiving, unless the name gives {warehouse} (default: the profile's inventory.warehouseId)",
      {
        kind: 'warehouse',
      },
    ),
    option('--user <id>', "inventory user id (default: the profile's inventory.userId)", { kind: 'user' }),
    option('--supplier <id>', 'supplier id of every file, when the name gives no {supplier}', { kind: 'supplier' }),
    option('--comment <text>', 'comment stored with each receipt (at most 200 characters)', { kind: 'text' }),
    option('-y, --yes', 'do not ask for confirmation (it asks only on a terminal)'),
  ],
  // A nightly run across venues: a venue whose folder is missing ({profile} in --dir) has nothing to receive.
  fleet: { write: { withoutFile: 'nothing to receive' } },
  confirmation: { never: 'unattended' },
  async run(ctx, options) {
    const pattern = run.namePattern(options.name ?? DEFAULT_NAME);
    for (const [field, flag, value] of [
      ['supplier', '--supplier', options.supplier],
      ['warehouse', '--warehouse', options.warehouse],
    ] as const) {
      if (value !== undefined && pattern.fields.includes(field))
        throw new UsageError(`${flag} and {${field}} in --name both give the ${field}: keep one`);
    }
    const alertAfter = options.alertAfter ?? durationOf(DEFAULT_ALERT_AFTER);
    ctx.output.checkFieldsBeforeSending();
    const dir = path.resolve(options.dir);
    const doneDir = path.resolve(options.done ?? path.join(dir, 'done'));
    const names = run.receiptFilesIn(dir);
    const shown = (file: string) => {
      const relative = path.relative(dir, file);
      return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
    };
    const lines = new RunLines(ctx);

    if (names.length === 0) {
      lines.info(`${stampOf(ctx.now())} nothing to receive: no receipt file in ${dir}`);
      ctx.noteOutcome?.(`nothing to receive: no receipt file in ${dir}`);
      await lines.records([]);
      return;
    }

    // What every file shares, checked before anything is sent: the profile's defaults, the journal, the service's settings.
    const warehouse = pattern.fields.includes('warehouse')
      ? undefined
      : await idFlag(ctx, options.warehouse, 'inventory.warehouseId', '--warehouse');
    const userId = await idFlag(ctx, options.user, 'inventory.userId', '--user');
    const journal = new ReceiptJournal(await ctx.stateDir(), () => ctx.now(), ctx.terminal.secrets);
    journal.check();
    await ctx.inventory();
    const profile = await ctx.profileName();

    if (!options.yes && ctx.prompter.canPrompt) {
      ctx.terminal.info(
        `${names.length} file${names.length === 1 ? '' : 's'} in ${dir}: ${names.slice(0, 5).join(', ')}${names.length > 5 ? ', …' : ''}`,
      );
      await confirmWrite(
        ctx,
        options,
        `Receive ${names.length === 1 ? 'it' : 'them'}?`,
        'No receipt recorded: nothing was sent.',
      );
    }

    const fromName = (field: string) => `{${field}} in the file name`;
    const fieldName = (field: string): string =>
      ({
        warehouseId: pattern.fields.includes('warehouse') ? fromName('warehouse') : '--warehouse',
        userId: '--user',
        supplierId: pattern.fields.includes('supplier') ? fromName('supplier') : '--supplier',
        poNumber: fromName('po'),
        invoice: fromName('invoice'),
        comment: '--comment',
      })[field] ?? field;
    const settle = settleCommandOf(ctx, profile);
    const outcome = await run.runReceiptFiles(dir, names, pattern, {
      journal,
      profile,
      now: () => ctx.now(),
      alertAfterMs: alertAfter.ms,
      interruption: ctx.interruption,
      async receive(file, values) {
        const header = await checkedReceiptHeader(
          {
            warehouseId: values.warehouse !== undefined ? idOf(values.warehouse) : warehouse,
            userId,
            supplier: values.supplier ?? options.supplier,
            po: values.po,
            invoice: values.invoice,
            comment: options.comment,
          },
          fieldName,
        );
        return sendReceipt(ctx, await prepareReceipt(ctx, header, file));
      },
      move: (file) => run.moveInto(file, doneDir),
      async report(result) {
        await lines.file(result, shown, settle, alertAfter.text);
      },
    });

    await lines.records();
    const { results } = outcome;
    if (outcome.untried.length)
      lines.fail(
        `${stampOf(ctx.now())} not tried: ${outcome.untried.length} file${outcome.untried.length === 1 ? '' : 's'} (${outcome.untried.slice(0, 5).join(', ')}${outcome.untried.length > 5 ? ', …' : ''}): the run stopped`,
      );
    if (outcome.stopped !== undefined) throw outcome.stopped;
    if (outcome.untried.length) {
      throw new InterruptedError('interrupted between files: the files not tried are sent by the next run');
    }
    const summary = summaryOf(results, alertAfter.text);
    const code = run.receiptRunExitCode(results);
    if (code === 7) {
      const unknown = results.filter((r) => r.kind === 'unknown');
      throw new UnknownOutcomeError(
        `${unknown.length} receipt file${unknown.length === 1 ? ' has an unknown outcome' : 's have unknown outcomes'} (${summary})`,
        {
          details: unknown.map((r) => `${r.file}: ${settle(r.kind === 'unknown' ? r.id : '')}`),
          hint:
            "Check whether each was applied (the shelf, the supplier's paperwork), then settle it with its command: on a terminal it " +
            'shows the stock levels then and now and asks; in a script add --applied or --not-applied. Until then every run refuses to send it again.',
        },
      );
    }
    if (code === 6) {
      const overdue = results.flatMap((r) => (r.kind === 'not-sent' && r.overdue ? [r] : []));
      const unreadable = results.flatMap((r) => (r.kind === 'recorded' && r.unreadable ? [r] : []));
      throw new ServerError(
        [
          overdue.length &&
            `${overdue.length} receipt file${overdue.length === 1 ? ' has' : 's have'} not been received for --alert-after ${alertAfter.text} or longer`,
          unreadable.length &&
            `${unreadable.length} receipt file${unreadable.length === 1 ? ' was' : 's were'} accepted with an answer venue cannot read`,
        ]
          .filter(Boolean)
          .join('; ') + ` (${summary})`,
        {
          details: [
            ...overdue.map(
              (r) =>
                `${r.file}: failing since ${r.failing.firstFailedAt} (${r.failing.failures} attempts): ${r.reason}`,
            ),
            ...unreadable.map((r) => `${r.file}: recorded, no receipt id: ${r.unreadable}`),
          ],
          hint:
            'Each line says why. Put the cause right (the service, the file or its name): the next run sends what was not ' +
            'received, and the alert ends once it is. A file accepted with an unreadable answer is recorded and never sent again.',
        },
      );
    }
    lines.info(`${stampOf(ctx.now())} ${summary}`);
    ctx.noteOutcome?.(summary);
  },
});

/** A word as a shell reads it: as it is, or quoted. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * The command that settles an unknown receipt, runnable as printed in
 * another shell (a person's, without the cron job's environment): the
 * profile named whenever it was not the config's own choice (--profile,
 * VENUE_PROFILE, a run across venues: the hint helper's rule), the config
 * folder whenever the environment moved it.
 */
function settleCommandOf(ctx: Context, _profile: string): (id: string) => string {
  const configDir = ctx.env.VENUE_CONFIG_DIR ? `VENUE_CONFIG_DIR=${shellWord(ctx.env.VENUE_CONFIG_DIR)} ` : '';
  return (id) =>
    configDir +
    venueCommand(
      id
        ? ['inventory', 'receipts', 'resolve', id.slice(0, 12)]
        : ['inventory', 'receipts', 'list', '--status', 'sending'],
    );
}

function summaryOf(results: readonly FileResult[], alertAfter: string): string {
  const count = (kind: FileResult['kind']) => results.filter((r) => r.kind === kind).length;
  const notSent = results.filter((r) => r.kind === 'not-sent');
  const waiting = notSent.filter((r) => r.kind === 'not-sent' && !r.overdue).length;
  const parts = [
    count('recorded') && `${count('recorded')} recorded now`,
    count('recorded-before') && `${count('recorded-before')} recorded before`,
    notSent.length &&
      `${notSent.length} not sent${waiting ? ` (${waiting} failing for less than ${alertAfter}: a later run sends ${waiting === 1 ? 'it' : 'them'})` : ''}`,
    count('unknown') && `${count('unknown')} unknown`,
  ];
  return `${results.length} file${results.length === 1 ? '' : 's'}: ${parts.filter(Boolean).join(', ')}`;
}

function idOf(value: string): unknown {
  return /^\s*\d+\s*$/.test(value) ? Number(value) : value;
}

/** The run's lines on stderr (stamped; under -q only the failures) and its records on stdout (machine formats). */
class RunLines {
  private readonly kept: Array<Record<string, unknown>> = [];

  constructor(private readonly ctx: Context) {}

  info(line: string): void {
    this.ctx.terminal.info(line);
  }

  fail(line: string): void {
    this.ctx.terminal.stderr.write(`${line}\n`);
  }

  async file(
    result: FileResult,
    shown: (file: string) => string,
    settle: (id: string) => string,
    alertAfter: string,
  ): Promise<void> {
    const moved = (r: { movedTo?: string; notMoved?: string }) =>
      r.movedTo
        ? `moved to ${shown(r.movedTo)}`
        : `not moved (${r.notMoved}): the next run says recorded before and moves it`;
    const entry = 'entry' in result ? result.entry : undefined;
    const receipt = entry ? `receipt ${shortId(entry.id)}` : undefined;
    let line: string;
    let failure = false;
    switch (result.kind) {
      case 'recorded': {
        const products = `${result.entry.items.length} product${result.entry.items.length === 1 ? '' : 's'}`;
        line = result.unreadable
          ? `recorded now: ${result.file}: ${receipt} accepted (${products}), but its answer could not be read, so no receipt id: ${result.unreadable}; ${moved(result)}`
          : `recorded now: ${result.file}: ${result.entry.receiptId ? `receipt id ${result.entry.receiptId} (${receipt}, ${products})` : `${receipt} (${products}; the service gave no receipt id)`}; ${moved(result)}`;
        failure = Boolean(result.unreadable || result.notMoved);
        break;
      }
      case 'recorded-before': {
        const e = result.entry;
        const when = e.recordedAt ?? e.updatedAt;
        line = `recorded before: ${result.file}: at ${when}${e.status === 'applied' ? ', settled as applied by a person' : ''} (${e.receiptId ? `receipt id ${e.receiptId}, ` : ''}${receipt}); nothing sent; ${moved(result)}`;
        failure = Boolean(result.notMoved);
        break;
      }
      case 'not-sent': {
        const since = Date.parse(result.at) - Date.parse(result.failing.firstFailedAt);
        const failing = `failing since ${result.failing.firstFailedAt}${since > 0 ? ` (${formatDuration(since)})` : ''}`;
        line = `not sent: ${result.file}: ${result.reason}; ${failing}; ${
          result.overdue ? `ALERT: not received for --alert-after ${alertAfter} or longer` : 'the next run sends it'
        }`;
        failure = true;
        break;
      }
      case 'unknown':
        line = `unknown: ${result.file}: ${result.reason}; check whether it was applied, then settle it: ${settle(result.id)}`;
        failure = true;
        break;
    }
    const stamped = `${result.at} ${line}`;
    if (failure) this.fail(stamped);
    else this.info(stamped);
    const record = recordOf(result, settle);
    if (this.ctx.output.format === 'ndjson' && !this.ctx.globals.query)
      await this.ctx.output.record(record, { afterWrite: true });
    else this.kept.push(record);
  }

  /** The records kept for a format that prints them whole (json, csv, --query); a table prints none: the lines are its view. */
  async records(none?: []): Promise<void> {
    const { format } = this.ctx.output;
    const rows = none ?? this.kept;
    if (format === 'ndjson' && !this.ctx.globals.query) return;
    if (format === 'table' && !this.ctx.globals.query) return;
    await this.ctx.output.list(rows, { afterWrite: true });
  }
}

/** The status of a file's write in the one outcome shape (records.ts). */
const STATUS_OF: Record<FileResult['kind'], WriteOutcomeStatus> = {
  recorded: 'recorded',
  'recorded-before': 'already-recorded',
  'not-sent': 'not-applied',
  unknown: 'unknown',
};

/**
 * One file's record: the one write-outcome shape (records.ts: status,
 * reference, journal id, the service's receipt in venue's names), and the
 * run's own fields under `venue` (docs/guide/stock.md), the same for every
 * outcome, null where they say nothing.
 */
function recordOf(result: FileResult, settle: (id: string) => string): Record<string, unknown> {
  const entry = 'entry' in result ? result.entry : undefined;
  const poNumber = entry?.poNumber ?? result.values.po ?? null;
  const invoice = entry?.invoice ?? result.values.invoice ?? null;
  return writeOutcomeRow(RECORD_SHAPES.receipt, {
    status: STATUS_OF[result.kind],
    reference: invoice ?? poNumber,
    journalId: entry?.id ?? null,
    record: result.kind === 'recorded' && result.result ? (sourceOf(result.result) ?? null) : null,
    venue: runFieldsOf(result, settle),
  });
}

/** What the run says of a file (docs/guide/stock.md). */
function runFieldsOf(result: FileResult, settle: (id: string) => string): Record<string, unknown> {
  const entry = 'entry' in result ? result.entry : undefined;
  const supplier = entry?.supplierId ?? (result.values.supplier !== undefined ? idOf(result.values.supplier) : null);
  return {
    file: result.file,
    path: result.path,
    outcome: result.kind,
    at: result.at,
    id: entry ? entry.id.slice(0, 12) : null,
    receiptId: entry?.receiptId ?? null,
    recordedAt: result.kind === 'recorded' || result.kind === 'recorded-before' ? (entry?.recordedAt ?? null) : null,
    supplierId: supplier ?? null,
    poNumber: entry?.poNumber ?? result.values.po ?? null,
    invoice: entry?.invoice ?? result.values.invoice ?? null,
    movedTo: 'movedTo' in result ? (result.movedTo ?? null) : null,
    reason:
      result.kind === 'not-sent' || result.kind === 'unknown'
        ? result.reason
        : result.kind === 'recorded'
          ? (result.unreadable ?? result.notMoved ?? null)
          : result.kind === 'recorded-before'
            ? (result.notMoved ?? null)
            : null,
    failingSince: result.kind === 'not-sent' ? result.failing.firstFailedAt : null,
    alert: result.kind === 'not-sent' ? result.overdue : false,
    settleCommand: result.kind === 'unknown' ? settle(result.id) : null,
  };
}
