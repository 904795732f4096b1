// One renderer for every command. Data goes to stdout in the chosen format;
// nothing decorative (spinners, banners, colour) ever reaches a machine format.
// Its parts are in output/: columns (which columns, a cell's value), people
// (values for tables, fitting to the width), machine (the service's records,
// --fields, CSV), batches (streamed rows, --limit).

import type { Screen } from './screen.js';
import { UsageError } from './errors.js';
import { batches, limited } from './output/batches.js';
import {
  cellValue,
  columnNamed,
  getPath,
  headerOf,
  isScalar,
  normaliseColumns,
  providedColumns,
} from './output/columns.js';
import { csvLines, machineColumns, pickFields } from './output/machine.js';
import { formatForPeople } from './output/values-for-people.js';
import { fieldKey, isRecord, sourceOf } from './reading.js';
import { shapedRecordIn, shapedRecordOf, shapeRecord, type RecordShape } from './records.js';

export {
  outputFormats,
  ROW_TIME_ZONE,
  type Column,
  type ColumnFormat,
  type OutputFormat,
  type Row,
} from './output/row-shape.js';
import {
  outputFormats,
  ROW_TIME_ZONE,
  type Column,
  type ColumnFormat,
  type OutputFormat,
  type Row,
} from './output/row-shape.js';
import { queryResult, rawLines, rawText } from './output/query-result.js';
import type { TableWriter } from './table-layout.js';
import { didYouMean } from './suggest.js';
import { jmespathModule, peopleTableModule, tableLayoutModule } from './lazy-modules.js';
import type { MergeSink, MergeTarget } from './fleet/merged-output.js';

export interface RenderOptions {
  /** Columns for table and csv; chosen from the data when absent. */
  columns?: Array<string | Column>;
  /** A message for the table view when the list is empty. */
  empty?: string;
  /**
   * The render follows a change the service accepted: a --fields name that
   * cannot be found is then said on stderr, never turned into exit 2 after
   * the fact (the change was made either way).
   */
  afterWrite?: boolean;
  /**
   * A table of a few rows a person reads whole (checks, settings, a write's
   * outcome; afterWrite implies it): every cell whole, wrapped to the width
   * (output/people-table.ts). Left out for a listing of a service's records,
   * which is written as it streams, cut to the widths of its first page.
   */
  bounded?: boolean;
}

export function parseOutputFormat(value: string): OutputFormat {
  if ((outputFormats as readonly string[]).includes(value)) return value as OutputFormat;
  throw new UsageError(`--output must be one of ${outputFormats.join(', ')} (got "${value}")`);
}

export interface OutputOptions {
  format: OutputFormat;
  /** The venue's time zone for tables (the profile's `timezone`); this machine's when it gives none. */
  timeZone?: () => Promise<string | undefined>;
  /** Tables are fitted to this many columns (the terminal's width, or COLUMNS). */
  width?: number;
  fields?: string[];
  /** --query: a JMESPath expression applied to the service's records; its result is shown in the format. */
  query?: string;
  /** No format was asked for (-o, --json): --query's result is printed as JSON, what a script piping it reads. */
  queryAsJson?: boolean;
  /** --limit: at most this many records of a list. */
  limit?: number;
  /** Ctrl-C: checked between pages and rows, so a listing or a table being written stops within a page. */
  interruption?: OutputInterruption;
  /** --raw: machine formats, --fields and --query take the service's records as it sent them, not in venue's names. */
  raw?: boolean;
  /** In a run across venues (--each-profile): rows go to the merged output, marked with this profile. */
  merge?: { sink: MergeSink; profile: string };
}

/** What the renderer needs of Ctrl-C: the signal, the check, and whether the run has sent a write. */
export interface OutputInterruption {
  readonly signal: AbortSignal;
  throwIfInterrupted(): void;
  readonly writesSent?: number;
}

export class Output {
  readonly format: OutputFormat;
  private readonly fields?: string[];
  private readonly query?: string;
  /** The format --query's result is shown in: JSON when none was asked for. */
  private readonly queryFormat: OutputFormat;
  readonly limit?: number;
  private readonly timeZone?: () => Promise<string | undefined>;
  /** The width people's views are fitted to (COLUMNS, else the terminal's; undefined piped without COLUMNS). */
  readonly width?: number;
  private warnedNested = false;

  constructor(
    private readonly screen: Screen,
    options: OutputOptions,
  ) {
    this.format = options.format;
    this.fields = options.fields?.length ? options.fields : undefined;
    this.query = options.query;
    this.queryFormat = options.queryAsJson ? 'json' : options.format;
    this.limit = options.limit;
    this.timeZone = options.timeZone;
    this.width = options.width;
    this.merge = options.merge;
    this.raw = options.raw ?? false;
    this.interruption = options.interruption;
  }

  private readonly interruption?: OutputInterruption;
  /**
   * A listing stops between parts at a Ctrl-C. A run that has sent a write is
   * rendering that write's outcome, which a person must see whole: stopping it
   * would also end the run with "nothing more was sent" after it was applied.
   */
  private stopIfInterrupted(): void {
    if (this.interruption?.writesSent) return;
    this.interruption?.throwIfInterrupted();
  }

  private readonly raw: boolean;
  private shape?: RecordShape;

  /**
   * A row as machine formats, --fields and --query take it: the service's
   * record read into venue's names through the command's record shape
   * (records.ts), the service's record untouched with --raw or when the
   * command declares no shape, the row itself when it was read from none.
   */
  machine(row: unknown): unknown {
    const source = sourceOf(row);
    if (source === undefined) return row;
    if (this.raw) return source;
    // A row the client already shaped (shapedRow: a listing's record, a write's outcome) is not read again.
    const shaped = this.shape ? shapedRecordOf(row, this.shape) : undefined;
    if (shaped !== undefined) return shaped;
    const made = shapedRecordIn(row);
    if (made !== undefined) return made;
    return this.shape ? shapeRecord(source, this.shape) : source;
  }
  private readonly machineOf = (row: unknown): unknown => this.machine(row);

  private readonly merge?: { sink: MergeSink; profile: string };

  /** A venue's rows, handed to the merged output of a run across venues. */
  private async toMerge(rows: Row[], options: RenderOptions, checked = false): Promise<void> {
    const merge = this.merge!;
    if (this.query) {
      merge.sink.addForQuery(merge.profile, rows.map(this.machineOf));
      return;
    }
    if (!checked) await this.checkFields(rows, options);
    if (this.format === 'table') {
      await merge.sink.add({
        profile: merge.profile,
        timeZone: await this.zone(),
        rows,
        columns: rows.length ? this.columnsFor(rows, options) : [],
        records: [],
      });
      return;
    }
    await merge.sink.add({
      profile: merge.profile,
      rows: [],
      columns: [],
      records: rows.map((r) => this.picked(r, options)),
    });
  }

  /** What the merged output of a run across venues writes through: this Output's own stdout and formats. */
  mergeTarget(): MergeTarget {
    return {
      // -o raw prints records as ndjson does (it differs only for --query's values, which the merge hands back to printQuery).
      format: this.format === 'raw' ? 'ndjson' : this.format,
      fieldsGiven: this.fields !== undefined,
      write: (chunk) => this.writeWithBackpressure(chunk),
      warn: (message) => this.screen.warn(message),
      info: (message) => this.screen.info(message),
      table: async (columns, rows) => this.table(columns, rows, await this.zone()),
      csv: (columns, records, header) =>
        csvLines(
          columns.map((key) => ({ key })),
          records as Row[],
          header,
        ),
      query: (data) => this.printQuery(data),
      providedColumns: (columns, rows) => providedColumns(columns, rows, this.machineOf),
    };
  }

  /**
   * --query: the expression over the service's records (a list, or one
   * record), its result shown in the output format, JSON when none was asked
   * for (-o, --json). json and ndjson print it as JSON; raw prints strings unquoted, one item a line; table and csv show
   * one value, a list of values (one a line), one record (a detail view, a
   * one-row CSV), a list of records (a table, a CSV with a header) or rows of
   * values (a multiselect list: no header). A result of another shape has no
   * table or CSV form: exit 2 saying so (after a write, a warning and JSON:
   * the change was made either way).
   */
  private async printQuery(data: unknown, afterWrite = false): Promise<void> {
    const { search } = await jmespathModule();
    let result: unknown;
    try {
      result = search(data as never, this.query!);
    } catch (error) {
      throw new UsageError(`--query is not a valid JMESPath expression: ${(error as Error).message}`, {
        hint: 'See `venue help formatting`.',
      });
    }
    const json = (indent?: number) => this.screen.write(`${JSON.stringify(result ?? null, null, indent)}\n`);
    if (this.queryFormat === 'json') return json(2);
    if (this.queryFormat === 'ndjson') {
      if (Array.isArray(result)) for (const item of result) this.screen.write(`${JSON.stringify(item)}\n`);
      else json();
      return;
    }
    const shown = queryResult(result);
    if (shown.kind === 'nothing') return this.saidNothing();
    if (this.queryFormat === 'raw') return void this.screen.write(rawLines(result));
    if (shown.kind === 'other') {
      const why = `--query's result has no ${this.queryFormat === 'csv' ? 'CSV' : 'table'} form: ${shown.why}`;
      if (afterWrite) {
        this.screen.warn(`${why}; shown as JSON.`);
        return json(2);
      }
      throw new UsageError(why, {
        hint: 'Use -o json, ndjson or raw for any result, or a query that gives one value, a list of values, one record, a list of records or rows of values (venue help formatting).',
      });
    }
    const csv = this.queryFormat === 'csv';
    const cell = (value: unknown) => (csv ? value : formatForPeople(value));
    switch (shown.kind) {
      case 'value':
        this.screen.write(
          csv ? await csvLines([{ key: 'v' }], [{ v: shown.value }], false) : `${rawText(shown.value)}\n`,
        );
        return;
      case 'values':
        this.screen.write(
          csv
            ? await csvLines(
                [{ key: 'v' }],
                shown.values.map((v) => ({ v })),
                false,
              )
            : shown.values.map((v) => `${rawText(v)}\n`).join(''),
        );
        return;
      case 'rows': {
        const count = Math.max(0, ...shown.rows.map((r) => r.length));
        const keys = Array.from({ length: count }, (_v, i) => String(i));
        if (csv) {
          const records = shown.rows.map((r) => Object.fromEntries(keys.map((k, i) => [k, r[i]])));
          this.screen.write(
            await csvLines(
              keys.map((key) => ({ key })),
              records,
              false,
            ),
          );
          return;
        }
        const { TableWriter } = await tableLayoutModule();
        const writer = new TableWriter(
          keys.map(() => ''),
          { width: this.width, plain: this.screen.stdoutIsTTY === false, noHeader: true },
        );
        await this.writeWithBackpressure(writer.first(shown.rows.map((r) => keys.map((_k, i) => rawText(r[i])))));
        return;
      }
      case 'record': {
        const keys = Object.keys(shown.record);
        if (csv) {
          this.warnNested([shown.record]);
          this.screen.write(await csvLines(machineColumns([shown.record]), [shown.record], true));
          return;
        }
        const { peopleTable } = await peopleTableModule();
        this.screen.write(
          peopleTable(
            ['', ''],
            keys.map((k) => [k, cell(shown.record[k]) as string]),
            { width: this.width, noHeader: true, paintColumn: [this.screen.stdoutColours.bold] },
          ),
        );
        return;
      }
      case 'records': {
        const columns = machineColumns(shown.records);
        if (csv) {
          this.warnNested(shown.records);
          await this.writeWithBackpressure(await csvLines(columns, shown.records, true));
          return;
        }
        // The keys as the query names them: what a script asked for is what it reads back (as under --fields).
        const paint = this.screen.stdoutColours;
        const { TableWriter } = await tableLayoutModule();
        const writer = new TableWriter(
          columns.map((c) => c.key),
          { width: this.width, plain: this.screen.stdoutIsTTY === false, paintHeader: (h) => paint.bold(h) },
        );
        const body = shown.records.map((r) => columns.map((c) => (cell(r[c.key]) as string).trimEnd()));
        await this.writeWithBackpressure(writer.first(body));
        this.saidLeftOut(writer);
      }
    }
  }

  /** A --query that matched nothing (null): said on stderr, nothing on stdout but for -o json and ndjson (null). */
  private saidNothing(): void {
    this.screen.info('--query matched nothing (its result is null).');
  }

  /** CSV writes nested values as JSON text: say so once, never drop them silently. */
  private warnNested(records: Row[]): void {
    if (this.warnedNested) return;
    const nested = new Set<string>();
    for (const record of records.slice(0, 200)) {
      if (!isRecord(record)) continue;
      for (const [key, value] of Object.entries(record))
        if (value !== null && typeof value === 'object' && !(Array.isArray(value) && value.every(isScalar)))
          nested.add(key);
    }
    if (nested.size) {
      this.warnedNested = true;
      this.screen.warn(
        `csv: nested field${nested.size === 1 ? '' : 's'} ${[...nested].join(', ')} written as JSON text in ${nested.size === 1 ? 'its column' : 'their columns'} (use -o json or --fields to pick inner values)`,
      );
    }
  }

  /** True for json, ndjson and csv: callers skip decorative text then. */
  get isMachine(): boolean {
    return this.format !== 'table';
  }

  /**
   * Whether what a command prints goes out as records: a machine format, or --query over them (which a table run
   * takes too). A write then prints its outcome record, never the person's view of it.
   */
  get takesRecords(): boolean {
    return this.isMachine || this.query !== undefined;
  }

  private declared: string[] = [];

  /** The service fields the command declares (its module's `fields`): --fields is checked against them too, and alone with the columns when a list is empty. */
  declareFields(fields: readonly string[] | undefined, shape?: RecordShape): void {
    this.declared = [...(fields ?? [])];
    this.shape = shape;
  }

  /**
   * `--fields help`: prints the command's fields (one a line, or a JSON list
   * for machine formats) and says so by returning true; the command is then
   * not run.
   */
  fieldsHelp(fields: readonly string[] | undefined): boolean {
    if (!this.fields || this.fields.length !== 1 || this.fields[0]!.toLowerCase() !== 'help') return false;
    const names = [...(fields ?? [])];
    if (this.isMachine) this.screen.write(`${JSON.stringify(names)}\n`);
    else if (names.length) this.screen.write(`${names.join('\n')}\n`);
    else this.screen.info('This command declares no fields: --fields takes the names its records carry.');
    if (!this.isMachine && names.length)
      this.screen.info('Any other field the service sends works too, under its own name.');
    return true;
  }

  /**
   * --fields is checked: each name is a column of the command (key or
   * header, any case), a field of a service record rendered, or a field the
   * command declares; else exit 2 listing the valid names. An empty list has
   * no records to look at: then the columns and the declared fields decide,
   * and a command that declares none is not checked. After a write the
   * problem is only said on stderr.
   */
  /**
   * Before a write: --fields checked against the fields the command declares
   * (the same rule as after a render), so an unknown name is exit 2 with
   * nothing sent. A command that declares none is not checked.
   */
  checkFieldsBeforeSending(): Promise<void> {
    return this.checkFields([], {}, ' Nothing was sent.');
  }

  private async checkFields(rows: unknown[], options: RenderOptions, hintEnd = ''): Promise<void> {
    if (!this.fields || this.query) return;
    const columns = normaliseColumns(options.columns, rows.filter(isRecord) as Row[]);
    const names: string[] = [];
    const seen = new Set<string>();
    const add = (name: string) => {
      if (!seen.has(fieldKey(name))) {
        seen.add(fieldKey(name));
        names.push(name);
      }
    };
    for (const column of columns) add(column.key);
    let records = 0;
    for (const row of rows.slice(0, 200)) {
      const record = this.machine(row);
      if (!isRecord(record)) continue;
      records++;
      for (const key of Object.keys(record)) add(key);
    }
    for (const name of this.declared) add(name);
    if (records === 0 && this.declared.length === 0) return;
    const unknown = this.fields.filter((field) => {
      if (columnNamed(columns, field) || seen.has(fieldKey(field))) return false;
      return !(field.includes('.') && seen.has(fieldKey(field.split('.')[0]!)));
    });
    if (!unknown.length) return;
    const message = `--fields: no field named ${unknown.map((f) => `"${f}"`).join(', ')}`;
    // A suggestion (suggest.ts, the one place words are suggested) for each name it has a near one for.
    const near = unknown.map((f) => didYouMean(f, names)).filter(Boolean);
    const valid = `${near.length ? `${near.join(' ')} ` : ''}Valid fields: ${names.join(', ')}`;
    if (options.afterWrite) {
      this.screen.warn(`${message} (shown blank; the change was made). ${valid}`);
      return;
    }
    throw new UsageError(message, { hint: `${valid}.${hintEnd}` });
  }

  private columnsFor(rows: Row[], options: RenderOptions): Column[] {
    if (this.fields) {
      // Under --fields the headers are the names as given: what a script asked for is what it reads back.
      const known = normaliseColumns(options.columns, rows);
      return this.fields.map((f) => {
        const column = columnNamed(known, f);
        return column ? { ...column, header: f } : { key: f, header: f, fromSource: true };
      });
    }
    return normaliseColumns(options.columns, rows);
  }

  /** Machine rows under --fields also answer to the command's column names. */
  private picked(row: unknown, options: RenderOptions): unknown {
    return pickFields(row, this.fields, this.fields ? normaliseColumns(options.columns, []) : [], this.machine(row));
  }

  /** A list of records. */
  async list(all: Row[], options: RenderOptions = {}): Promise<void> {
    const rows = this.limit !== undefined ? all.slice(0, this.limit) : all;
    if (this.merge) return this.toMerge(rows, options);
    if (this.query) return this.printQuery(rows.map(this.machineOf), options.afterWrite);
    await this.checkFields(rows, options);
    switch (this.format) {
      case 'json':
        this.screen.write(
          `${JSON.stringify(
            rows.map((r) => this.picked(r, options)),
            null,
            2,
          )}\n`,
        );
        return;
      case 'ndjson':
      case 'raw':
        for (const row of rows) this.screen.write(`${JSON.stringify(this.picked(row, options))}\n`);
        return;
      case 'csv': {
        const records = rows.map((r) => this.picked(r, options) as Row);
        this.warnNested(records);
        this.screen.write(await csvLines(machineColumns(records), records, true));
        return;
      }
      case 'table': {
        if (rows.length === 0) {
          this.screen.info(options.empty ?? 'Nothing to show.');
          return;
        }
        const columns = this.columnsFor(rows, options);
        const zone = await this.zone();
        const shown = this.fields ? columns : providedColumns(columns, rows, this.machineOf);
        if (options.bounded || options.afterWrite) {
          await this.writeWithBackpressure(await this.peopleTable(shown, rows, zone));
          return;
        }
        const writer = await this.tableWriter(shown);
        // A long list is written a few hundred rows at a time: Ctrl-C is seen between them.
        for (let at = 0; at < rows.length; at += 500) {
          // A long list stops between parts at a Ctrl-C (stopIfInterrupted: never a write's outcome, which is rendered whole).
          if (at > 0) this.stopIfInterrupted();
          const part = this.cellsOf(rows.slice(at, at + 500), shown, zone);
          await this.writeWithBackpressure(at === 0 ? writer.first(part) : writer.more(part));
        }
        this.saidLeftOut(writer);
      }
    }
  }

  /** One record: a key/value table for people, the object itself for machines. */
  async record(data: Row, options: RenderOptions = {}): Promise<void> {
    if (this.merge) return this.toMerge([data], options);
    if (this.query) return this.printQuery(this.machine(data), options.afterWrite);
    await this.checkFields([data], options);
    switch (this.format) {
      case 'json':
        this.screen.write(`${JSON.stringify(this.picked(data, options), null, 2)}\n`);
        return;
      case 'ndjson':
      case 'raw':
        this.screen.write(`${JSON.stringify(this.picked(data, options))}\n`);
        return;
      case 'csv':
        const record = this.picked(data, options) as Row;
        this.warnNested([record]);
        this.screen.write(await csvLines(machineColumns([record]), [record], true));
        return;
      case 'table': {
        const columns = this.fields
          ? this.columnsFor([data], options)
          : providedColumns(this.columnsFor([data], options), [data], this.machineOf);
        const zone = await this.zone();
        // Labels and values: a value that does not fit wraps beside its label, whole.
        const lines = columns.map((c) => [headerOf(c), this.cell(data, c, zone)]);
        const { peopleTable } = await peopleTableModule();
        this.screen.write(
          peopleTable(['', ''], lines, {
            width: this.width,
            noHeader: true,
            paintColumn: [this.screen.stdoutColours.bold],
          }),
        );
      }
    }
  }

  /**
   * Rows arriving over time (paged fetches, big files). ndjson and csv write
   * each row as it comes, so memory stays bounded; table and json must hold
   * the whole list to lay it out. Returns the number of rows.
   */
  async stream(source: AsyncIterable<Row> | AsyncIterable<Row[]>, options: RenderOptions = {}): Promise<number> {
    let count = 0;
    // --limit stops the source too: a paged fetch asks for no page past it.
    const rows = this.limit !== undefined ? limited(source, this.limit) : source;
    if (this.merge) {
      // Across venues each batch goes to the merged output as it comes (streamed where the format allows).
      for await (const batch of batches(rows)) {
        if (batch.length === 0) continue;
        await this.toMerge(batch, options, count > 0);
        count += batch.length;
      }
      if (count === 0) await this.checkFields([], options);
      return count;
    }
    if (this.query) {
      const all: unknown[] = [];
      for await (const batch of batches(rows)) for (const row of batch) all.push(this.machine(row));
      await this.printQuery(all);
      return all.length;
    }
    if (this.format === 'ndjson' || this.format === 'raw') {
      // Lines go out in chunks of ~16 KB: one write per row costs a syscall
      // each (synchronous when stdout is a file), which dominated --all runs.
      let pending = '';
      for await (const batch of batches(rows)) {
        if (count === 0 && batch.length) await this.checkFields(batch, options);
        for (const row of batch) pending += `${JSON.stringify(this.picked(row, options))}\n`;
        count += batch.length;
        if (pending.length >= 16_384) {
          await this.writeWithBackpressure(pending);
          pending = '';
        }
      }
      if (count === 0) await this.checkFields([], options);
      if (pending) await this.writeWithBackpressure(pending);
      return count;
    }
    if (this.format === 'csv') {
      // The columns are the fields of the first page's records (or --fields), fixed for the whole stream.
      let columns: Column[] | undefined;
      for await (const batch of batches(rows)) {
        if (batch.length === 0) continue;
        if (columns === undefined) await this.checkFields(batch, options);
        const records = batch.map((r) => this.picked(r, options) as Row);
        this.warnNested(records);
        const header = columns === undefined;
        columns ??= machineColumns(records);
        await this.writeWithBackpressure(await csvLines(columns, records, header));
        count += batch.length;
      }
      if (!columns) await this.checkFields([], options);
      if (!columns && this.fields)
        this.screen.write(
          await csvLines(
            this.fields.map((key) => ({ key })),
            [],
            true,
          ),
        );
      return count;
    }
    if (this.format === 'json') {
      // One JSON document: the whole list is held, as json must be.
      const all: Row[] = [];
      for await (const batch of batches(rows)) {
        if (all.length > 0) this.stopIfInterrupted();
        for (const row of batch) all.push(row);
      }
      await this.list(all, options);
      return all.length;
    }
    return this.streamTable(rows, options);
  }

  /**
   * A table as the rows come: the columns and their widths are set from the
   * first page, each later page is cut to them and written at once (never a
   * re-layout); one page is held at a time. Ctrl-C is seen between pages.
   */
  private async streamTable(rows: AsyncIterable<Row> | AsyncIterable<Row[]>, options: RenderOptions): Promise<number> {
    let count = 0;
    let writer: TableWriter | undefined;
    let columns: Column[] = [];
    const zone = await this.zone();
    for await (const batch of batches(rows)) {
      if (count > 0) this.stopIfInterrupted();
      if (batch.length === 0) continue;
      if (!writer) {
        await this.checkFields(batch, options);
        const all = this.columnsFor(batch, options);
        columns = this.fields ? all : providedColumns(all, batch, this.machineOf);
        writer = await this.tableWriter(columns);
      }
      for (let at = 0; at < batch.length; at += 500) {
        const part = this.cellsOf(at === 0 && batch.length <= 500 ? batch : batch.slice(at, at + 500), columns, zone);
        await this.writeWithBackpressure(count === 0 && at === 0 ? writer.first(part) : writer.more(part));
        if (at + 500 < batch.length) this.stopIfInterrupted();
      }
      count += batch.length;
    }
    if (count === 0) {
      await this.checkFields([], options);
      this.screen.info(options.empty ?? 'Nothing to show.');
    } else this.saidLeftOut(writer!);
    return count;
  }

  /** A table writer for these columns: fitted to the width on a terminal, tab-separated lines elsewhere. */
  private async tableWriter(columns: Column[]): Promise<TableWriter> {
    const { TableWriter } = await tableLayoutModule();
    const paint = this.screen.stdoutColours;
    const keep = columns.map((c) => c.format !== undefined && cutLast.has(c.format));
    const headers = columns.map((c) => (this.fields ? headerOf(c) : headerOf(c).toUpperCase()));
    return new TableWriter(headers, {
      width: this.width,
      keep,
      identifies: columns.map((c) => c.identifies === true),
      plain: this.screen.stdoutIsTTY === false,
      paintHeader: (h) => paint.bold(h),
    });
  }

  /** A bounded table (output/people-table.ts): every cell whole, wrapped to the width on a terminal, tab-separated lines elsewhere. */
  private async peopleTable(columns: Column[], rows: Row[], zone: string | undefined): Promise<string> {
    const { peopleTable } = await peopleTableModule();
    const paint = this.screen.stdoutColours;
    return peopleTable(
      columns.map((c) => (this.fields ? headerOf(c) : headerOf(c).toUpperCase())),
      this.cellsOf(rows, columns, zone),
      {
        width: this.width,
        plain: this.screen.stdoutIsTTY === false,
        paintHeader: (h) => paint.bold(h),
        keep: columns.map((c) => c.format !== undefined && cutLast.has(c.format)),
      },
    );
  }

  /** Columns that did not fit the width are said once, on stderr, with the way to see them (a column with one value on every row, with that value). */
  private saidLeftOut(writer: TableWriter): void {
    if (writer.leftOut === 0) return;
    const names = writer
      .leftOutColumns()
      .map((c) => (c.sameOnEveryRow === undefined ? c.header : `${c.header} ("${c.sameOnEveryRow}" on every row)`));
    this.screen.info(
      `${writer.leftOut} column${writer.leftOut === 1 ? '' : 's'} left out to fit ${this.width} columns: ${names.join(', ')}. --fields picks the columns, -o csv or json shows every field.`,
    );
  }

  /** The cells of rows as people read them (a padded id's spaces only take room in a table). */
  private cellsOf(rows: readonly Row[], columns: readonly Column[], zone: string | undefined): string[][] {
    const out: string[][] = new Array(rows.length);
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r]!;
      const cells: string[] = new Array(columns.length);
      for (let c = 0; c < columns.length; c++) cells[c] = this.cell(row, columns[c]!, zone).trimEnd();
      out[r] = cells;
    }
    return out;
  }

  private writeWithBackpressure(chunk: string): Promise<void> | void {
    const stdout = this.screen.stdout;
    if (stdout.write(chunk)) return;
    const signal = this.interruption?.signal;
    // A reader that stopped reading does not hold a Ctrl-C: the wait for it to drain ends with the interruption.
    return new Promise((resolve, reject) => {
      const done = () => {
        signal?.removeEventListener('abort', stop);
        resolve();
      };
      const stop = () => {
        stdout.off('drain', done);
        try {
          this.stopIfInterrupted();
          resolve();
        } catch (error) {
          reject(error);
        }
      };
      stdout.once('drain', done);
      signal?.addEventListener('abort', stop, { once: true });
    });
  }

  /** How a cell of column reads for people in this row (in the venue's zone). */
  private cell(row: unknown, column: Column, zone: string | undefined): string {
    // A merged row of a run across venues carries its venue's zone.
    const timeZone = ((row as Record<symbol, unknown>)[ROW_TIME_ZONE] as string | undefined) ?? zone;
    const currency = column.currencyKey ? getPath(row, column.currencyKey) : undefined;
    return formatForPeople(cellValue(row, column, this.machineOf), column.format, {
      timeZone,
      labels: column.labels,
      currency: typeof currency === 'string' ? currency : undefined,
    });
  }

  /** The time zone times are shown in for people (the profile's, else this machine's): views a command writes itself use it with formatTime. */
  peopleZone(): Promise<string | undefined> {
    return this.zone();
  }

  private zoneName?: Promise<string | undefined>;
  private zone(): Promise<string | undefined> {
    this.zoneName ??= (this.timeZone?.() ?? Promise.resolve(undefined))
      .catch(() => undefined)
      .then((z) => z ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
    return this.zoneName;
  }

  /** A whole table at once (the merged table of a run across venues). */
  private async table(columns: Column[], rows: Row[], zone: string | undefined): Promise<string> {
    const writer = await this.tableWriter(columns);
    const text = writer.first(this.cellsOf(rows, columns, zone));
    this.saidLeftOut(writer);
    return text;
  }
}

/** Formats whose cells are cut last when a table is fitted to the width. */
const cutLast = new Set<ColumnFormat>(['enum', 'flags', 'money', 'bool', 'number', 'date', 'datetime']);
