// Values for machines: the service's own records (--fields picked in any
// case or separator), every column of nested records, and CSV lines.

import { findKey, isRecord } from '../reading.js';
import type { Column, Row } from './row-shape.js';
import { columnNamed, getPath, isScalar, machineRecord } from './columns.js';
import { csvStringifyModule } from '../lazy-modules.js';

/** For machines (csv): exact values, objects as JSON. */
export function formatForMachine(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value) && value.every(isScalar)) return value.join(';');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * --fields for machine formats: each field by its name in the machine
 * record (venue's name; matched in any case or separator), or as a table
 * column of the command. `record` is the row as machine formats give it.
 */
export function pickFields(
  row: unknown,
  fields: string[] | undefined,
  columns: Column[] = [],
  record: unknown = machineRecord(row),
): unknown {
  if (!fields || !isRecord(record)) return record;
  const picked: Row = {};
  for (const field of fields) {
    const key = findKey(record, [field]);
    if (key !== undefined) {
      picked[key] = record[key];
      continue;
    }
    const column = columnNamed(columns, field);
    if (column) picked[field] = getPath(row, column.key);
    else if (field.includes('.')) picked[field] = getPath(record, field);
  }
  return picked;
}

/** Every field of the records, nested ones included (written as JSON), in first-seen order. */
export function machineColumns(records: Row[]): Column[] {
  const keys: string[] = [];
  for (const record of records.slice(0, 200)) {
    if (!isRecord(record)) continue;
    for (const key of Object.keys(record)) if (!keys.includes(key)) keys.push(key);
  }
  return keys.map((key) => ({ key }));
}

export async function csvLines(columns: Column[], rows: Row[], withHeader: boolean): Promise<string> {
  const { stringify } = await csvStringifyModule();
  const records = rows.map((row) => columns.map((c) => formatForMachine(getPath(row, c.key))));
  if (withHeader) records.unshift(columns.map((c) => c.key));
  return stringify(records);
}
