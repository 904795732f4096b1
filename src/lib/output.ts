// One renderer for every command. Data goes to stdout in the chosen format;
// nothing decorative (spinners, banners, colour) ever reaches a machine format.

import type { Terminal } from './terminal.js';
import { UsageError } from './errors.js';

export const outputFormats = ['table', 'json', 'ndjson', 'csv'] as const;
export type OutputFormat = (typeof outputFormats)[number];

export type ColumnFormat = 'text' | 'money' | 'date' | 'datetime' | 'number' | 'bool' | 'list';

export interface Column {
  /** Dotted path into the row: "balance.play". */
  key: string;
  header?: string;
  format?: ColumnFormat;
}

export interface RenderOptions {
  /** Columns for table and csv; chosen from the data when absent. */
  columns?: Array<string | Column>;
  /** A message for the table view when the list is empty. */
  empty?: string;
}

export type Row = Record<string, unknown>;

export function parseOutputFormat(value: string): OutputFormat {
  if ((outputFormats as readonly string[]).includes(value)) return value as OutputFormat;
  throw new UsageError(`--output must be one of ${outputFormats.join(', ')} (got "${value}")`);
}

export function getPath(row: unknown, path: string): unknown {
  let current: unknown = row;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

function isScalar(value: unknown): boolean {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

/** Columns from the data: scalar fields and short scalar lists, in first-seen order. */
export function inferColumns(rows: Row[]): Column[] {
  const keys: string[] = [];
  for (const row of rows.slice(0, 50)) {
    for (const [key, value] of Object.entries(row)) {
      if (keys.includes(key)) continue;
      if (value === null || value === undefined) continue; // says nothing about the type
      if (isScalar(value) || (Array.isArray(value) && value.every(isScalar))) keys.push(key);
    }
  }
  return keys.map((key) => ({ key }));
}

function normaliseColumns(columns: Array<string | Column> | undefined, rows: Row[]): Column[] {
  if (!columns) return inferColumns(rows);
  return columns.map((c) => (typeof c === 'string' ? { key: c } : c));
}

function headerOf(column: Column): string {
  if (column.header) return column.header;
  const last = column.key.split('.').pop() ?? column.key;
  return last.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
}

// Borderless, aligned columns (as gh does): easy to read and to grep.
const borderlessTable = {
  chars: {
    top: '', 'top-mid': '', 'top-left': '', 'top-right': '',
    bottom: '', 'bottom-mid': '', 'bottom-left': '', 'bottom-right': '',
    left: '', 'left-mid': '', mid: '', 'mid-mid': '',
    right: '', 'right-mid': '', middle: '  ',
  },
  style: { head: [] as string[], border: [] as string[], 'padding-left': 0, 'padding-right': 0 },
};

const moneyFormatter = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** For people: money with two decimals, dates without the noise, lists joined. */
export function formatForPeople(value: unknown, format: ColumnFormat = 'text'): string {
  if (value === undefined || value === null || value === '') return '';
  switch (format) {
    case 'money': {
      const n = typeof value === 'number' ? value : Number(value);
      return Number.isFinite(n) ? `$${moneyFormatter.format(n)}` : String(value);
    }
    case 'date':
      return String(value).slice(0, 10);
    case 'datetime': {
      const d = new Date(String(value));
      if (Number.isNaN(d.getTime())) return String(value);
      return d.toISOString().replace('T', ' ').slice(0, 16) + 'Z';
    }
    case 'bool':
      return value ? 'yes' : 'no';
    case 'list':
      return Array.isArray(value) ? value.join(', ') : String(value);
    default:
      if (Array.isArray(value)) return value.map((v) => (isScalar(v) ? String(v) : JSON.stringify(v))).join(', ');
      if (typeof value === 'object') return JSON.stringify(value);
      return String(value);
  }
}

/** For machines (csv): exact values, objects as JSON. */
function formatForMachine(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value) && value.every(isScalar)) return value.join(';');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function pickFields(row: unknown, fields: string[] | undefined): unknown {
  if (!fields || row === null || typeof row !== 'object' || Array.isArray(row)) return row;
  const picked: Row = {};
  for (const field of fields) picked[field] = getPath(row, field);
  return picked;
}

export interface OutputOptions {
  format: OutputFormat;
  fields?: string[];
}

export class Output {
  readonly format: OutputFormat;
  private readonly fields?: string[];

  constructor(
    private readonly terminal: Terminal,
    options: OutputOptions,
  ) {
    this.format = options.format;
    this.fields = options.fields?.length ? options.fields : undefined;
  }

  /** True for json, ndjson and csv: callers skip decorative text then. */
  get isMachine(): boolean {
    return this.format !== 'table';
  }

  private columnsFor(rows: Row[], options: RenderOptions): Column[] {
    if (this.fields) {
      const known = normaliseColumns(options.columns, rows);
      return this.fields.map((f) => known.find((c) => c.key === f) ?? { key: f });
    }
    return normaliseColumns(options.columns, rows);
  }

  /** A list of records. */
  async list(rows: Row[], options: RenderOptions = {}): Promise<void> {
    switch (this.format) {
      case 'json':
        this.terminal.write(`${JSON.stringify(rows.map((r) => pickFields(r, this.fields)), null, 2)}\n`);
        return;
      case 'ndjson':
        for (const row of rows) this.terminal.write(`${JSON.stringify(pickFields(row, this.fields))}\n`);
        return;
      case 'csv': {
        const columns = this.columnsFor(rows, options);
        this.terminal.write(await csvLines(columns, rows, true));
        return;
      }
      case 'table': {
        if (rows.length === 0) {
          this.terminal.info(options.empty ?? 'Nothing to show.');
          return;
        }
        this.terminal.write(await this.table(this.columnsFor(rows, options), rows));
      }
    }
  }

  /** One record: a key/value table for people, the object itself for machines. */
  async record(data: Row, options: RenderOptions = {}): Promise<void> {
    switch (this.format) {
      case 'json':
        this.terminal.write(`${JSON.stringify(pickFields(data, this.fields), null, 2)}\n`);
        return;
      case 'ndjson':
        this.terminal.write(`${JSON.stringify(pickFields(data, this.fields))}\n`);
        return;
      case 'csv':
        this.terminal.write(await csvLines(this.columnsFor([data], options), [data], true));
        return;
      case 'table': {
        const columns = this.columnsFor([data], options);
        const { default: Table } = await import('cli-table3');
        const table = new Table(borderlessTable);
        const paint = this.terminal.stdoutColours;
        for (const column of columns) {
          table.push({ [paint.bold(headerOf(column))]: formatForPeople(getPath(data, column.key), column.format) });
        }
        this.terminal.write(`${table.toString()}\n`);
      }
    }
  }

  /**
   * Rows arriving over time (paged fetches, big files). ndjson and csv write
   * each row as it comes, so memory stays bounded; table and json must hold
   * the whole list to lay it out. Returns the number of rows.
   */
  async stream(rows: AsyncIterable<Row> | AsyncIterable<Row[]>, options: RenderOptions = {}): Promise<number> {
    let count = 0;
    if (this.format === 'ndjson') {
      // Lines go out in chunks of ~16 KB: one write per row costs a syscall
      // each (synchronous when stdout is a file), which dominated --all runs.
      let pending = '';
      for await (const batch of batches(rows)) {
        for (const row of batch) pending += `${JSON.stringify(pickFields(row, this.fields))}\n`;
        count += batch.length;
        if (pending.length >= 16_384) {
          await this.writeWithBackpressure(pending);
          pending = '';
        }
      }
      if (pending) await this.writeWithBackpressure(pending);
      return count;
    }
    if (this.format === 'csv') {
      let columns: Column[] | undefined = this.fields || options.columns ? this.columnsFor([], options) : undefined;
      let headerWritten = false;
      for await (const batch of batches(rows)) {
        if (batch.length === 0) continue;
        columns ??= this.columnsFor(batch, options);
        await this.writeWithBackpressure(await csvLines(columns, batch, !headerWritten));
        headerWritten = true;
        count += batch.length;
      }
      if (!headerWritten && columns) this.terminal.write(await csvLines(columns, [], true));
      return count;
    }
    const all: Row[] = [];
    for await (const batch of batches(rows)) all.push(...batch);
    await this.list(all, options);
    return all.length;
  }

  private writeWithBackpressure(chunk: string): Promise<void> | void {
    const stdout = this.terminal.stdout;
    if (stdout.write(chunk)) return;
    return new Promise((resolve) => stdout.once('drain', () => resolve()));
  }

  private async table(columns: Column[], rows: Row[]): Promise<string> {
    const { default: Table } = await import('cli-table3');
    const paint = this.terminal.stdoutColours;
    const table = new Table({
      ...borderlessTable,
      head: columns.map((c) => paint.bold(headerOf(c).toUpperCase())),
    });
    for (const row of rows) table.push(columns.map((c) => formatForPeople(getPath(row, c.key), c.format)));
    return `${table.toString()}\n`;
  }
}

/**
 * Rows arrive one at a time or a page at a time (arrays); either way they
 * are handled in batches, so a page costs one turn of the loop, not hundreds.
 */
async function* batches(source: AsyncIterable<Row> | AsyncIterable<Row[]>): AsyncGenerator<Row[]> {
  let single: Row[] = [];
  for await (const item of source as AsyncIterable<Row | Row[]>) {
    if (Array.isArray(item)) {
      if (single.length) yield single.splice(0);
      yield item;
    } else {
      single.push(item);
      if (single.length >= 500) yield single.splice(0);
    }
  }
  if (single.length) yield single;
}

async function csvLines(columns: Column[], rows: Row[], withHeader: boolean): Promise<string> {
  const { stringify } = await import('csv-stringify/sync');
  const records = rows.map((row) => columns.map((c) => formatForMachine(getPath(row, c.key))));
  if (withHeader) records.unshift(columns.map((c) => c.key));
  return stringify(records);
}
