// One output for a run across venues. Each venue's Output hands its rows here
// with its profile's name; this writes them as one result: a table with a
// leading PROFILE column, or the service's records with a leading `profile`
// field (the one addition to the service's data). ndjson and csv rows go out
// as they come (rows of different venues interleave, each row whole); a
// table, json and --query need every venue's rows, so they are written at
// the end.

import { ROW_TIME_ZONE, type Column, type Row } from '../output/row-shape.js';

/** The key of the profile column in merged table rows (no service field is named so). */
export const PROFILE_COLUMN = '\u0000profile';

/** What a venue's Output hands over for one render. */
export interface MergedRows {
  profile: string;
  /** The venue's time zone (its profile's `timezone`), for the times in its table rows. */
  timeZone?: string;
  /** Table: the rows as the command renders them, with the columns it chose. */
  rows: Row[];
  columns: Column[];
  /** Machine formats: the service's records (--fields applied). */
  records: unknown[];
}

/** The parts of the real Output the merge writes through. */
export interface MergeTarget {
  readonly format: 'table' | 'json' | 'ndjson' | 'csv';
  write(chunk: string): Promise<void> | void;
  warn(message: string): void;
  info(message: string): void;
  table(columns: Column[], rows: Row[]): Promise<string>;
  csv(columns: string[], records: unknown[], header: boolean): Promise<string>;
  query(data: unknown[]): Promise<void>;
  /** Whether a table keeps columns no row provides (--fields given). */
  readonly fieldsGiven: boolean;
  providedColumns(columns: Column[], rows: Row[]): Column[];
}

export interface MergeSink {
  add(part: MergedRows): Promise<void>;
  /** --query: the venue's records, kept for one query over all venues. */
  addForQuery(profile: string, records: unknown[]): void;
}

/** The service's record with `profile` first (a non-object record becomes { profile, value }). */
export function withProfile(profile: string, record: unknown): Record<string, unknown> {
  if (record !== null && typeof record === 'object' && !Array.isArray(record)) {
    const out: Record<string, unknown> = { profile };
    for (const [key, value] of Object.entries(record)) {
      if (key === 'profile') continue;
      // A service may send a field named "__proto__" (JSON.parse makes it an own key): kept as a field, never set as the prototype.
      if (key === '__proto__')
        Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
      else out[key] = value;
    }
    // A service field named "profile" would be shadowed: keep it under its own name, said once by the caller.
    if ('profile' in (record as Record<string, unknown>))
      out.serviceProfile = (record as Record<string, unknown>).profile;
    return out;
  }
  return { profile, value: record };
}

/**
 * JSON.stringify(withProfile(profile, record)), without copying the record
 * when it has no "profile" of its own (nor a key that is a number): its JSON
 * with the profile put first (the one copy a row cost the ndjson of a run
 * across venues). head is
 * `{"profile":<profile as JSON>`.
 */
export function profiledJson(head: string, profile: string, record: unknown): string {
  if (record !== null && typeof record === 'object' && !Array.isArray(record) && !('profile' in record)) {
    const json = JSON.stringify(record);
    if (json === '{}') return `${head}}`;
    // Keys that are array indexes come first in any object, before "profile" too: those records are copied.
    const third = json.charCodeAt(2);
    if (json.charCodeAt(0) === 123 /* { */ && !(third >= 48 && third <= 57)) return `${head},${json.slice(1)}`;
  }
  return JSON.stringify(withProfile(profile, record));
}

interface TableSection {
  columns: Column[];
  rows: Row[];
}

export class MergedOutput implements MergeSink {
  private readonly sections = new Map<string, TableSection>();
  private readonly json: unknown[] = [];
  private readonly queried: unknown[] = [];
  private queryUsed = false;
  private csvColumns?: string[];
  private csvWarned = false;
  /** csv and ndjson writes, in order: one venue's batch never splits another's. */
  private writing: Promise<void> = Promise.resolve();

  /** Tables and json list the venues in the order they were selected, whichever answered first. */
  constructor(
    private readonly target: MergeTarget,
    private readonly order: string[] = [],
  ) {}

  private rank(profile: unknown): number {
    const at = this.order.indexOf(String(profile));
    return at === -1 ? this.order.length : at;
  }

  /** Whether any venue rendered data at all (a command that only says what it did renders none). */
  private rendered = false;

  async add(part: MergedRows): Promise<void> {
    this.rendered = true;
    switch (this.target.format) {
      case 'table': {
        if (part.rows.length === 0) return;
        const key = part.columns.map((c) => `${c.key}\u0001${c.header ?? ''}`).join('\u0002');
        let section = this.sections.get(key);
        if (!section) {
          section = { columns: part.columns, rows: [] };
          this.sections.set(key, section);
        }
        for (const row of part.rows)
          section.rows.push({ ...row, [PROFILE_COLUMN]: part.profile, [ROW_TIME_ZONE]: part.timeZone });
        return;
      }
      case 'json':
        for (const record of part.records) this.json.push(withProfile(part.profile, record));
        return;
      case 'ndjson': {
        const head = `{"profile":${JSON.stringify(part.profile)}`;
        let text = '';
        for (const record of part.records) text += `${profiledJson(head, part.profile, record)}\n`;
        return this.queue(text);
      }
      case 'csv': {
        const records = part.records.map((r) => withProfile(part.profile, r));
        if (!records.length) return;
        let header = false;
        if (!this.csvColumns) {
          header = true;
          const keys: string[] = [];
          for (const record of records.slice(0, 200))
            for (const key of Object.keys(record)) if (!keys.includes(key)) keys.push(key);
          this.csvColumns = keys;
        } else if (!this.csvWarned) {
          const extra = new Set<string>();
          for (const record of records.slice(0, 200))
            for (const key of Object.keys(record)) if (!this.csvColumns.includes(key)) extra.add(key);
          if (extra.size) {
            this.csvWarned = true;
            this.target.warn(
              `csv: ${part.profile} sent field${extra.size === 1 ? '' : 's'} ${[...extra].join(', ')} that the first venue's records did not have; the header is fixed by the first rows, so ${extra.size === 1 ? 'it is' : 'they are'} left out (use -o ndjson or -o json to keep every field)`,
            );
          }
        }
        const columns = this.csvColumns;
        return this.queue(await this.target.csv(columns, records, header));
      }
    }
  }

  addForQuery(profile: string, records: unknown[]): void {
    this.queryUsed = true;
    for (const record of records) this.queried.push(withProfile(profile, record));
  }

  private queue(text: string): Promise<void> {
    if (!text) return this.writing;
    this.writing = this.writing.then(() => this.target.write(text));
    return this.writing;
  }

  /** Writes what had to wait for every venue (tables, json, --query). */
  async finish(): Promise<void> {
    await this.writing;
    const byVenue = (a: unknown, b: unknown) =>
      this.rank((a as Record<string, unknown>).profile) - this.rank((b as Record<string, unknown>).profile);
    if (this.queryUsed) {
      await this.target.query(this.queried.sort(byVenue));
      return;
    }
    if (this.target.format === 'json') {
      this.json.sort(byVenue);
      await this.target.write(`${JSON.stringify(this.json, null, 2)}\n`);
      return;
    }
    if (this.target.format !== 'table') return;
    if (this.sections.size === 0) {
      if (this.rendered) this.target.info('Nothing to show.');
      return;
    }
    const profileColumn: Column = { key: PROFILE_COLUMN, header: 'profile', always: true };
    let first = true;
    for (const section of this.sections.values()) {
      section.rows.sort((a, b) => this.rank(a[PROFILE_COLUMN]) - this.rank(b[PROFILE_COLUMN]));
      const columns = this.target.fieldsGiven
        ? section.columns
        : this.target.providedColumns(section.columns, section.rows);
      if (!first) await this.target.write('\n');
      first = false;
      await this.target.write(await this.target.table([profileColumn, ...columns], section.rows));
    }
  }
}
