// Columns of a rendering: those given, or found in the data; a column's
// header, its value in a row (the view's, else the service's own field), and
// which columns the service provided at all.

import { findKey, fieldKey, isRecord, sourceOf } from '../reading.js';
import type { Column, Row } from './row-shape.js';

export function getPath(row: unknown, path: string): unknown {
  // Every cell of a table is read this way: a plain key is read as it is, and a dotted path is split once.
  if (!path.includes('.'))
    return row === null || typeof row !== 'object' ? undefined : (row as Record<string, unknown>)[path];
  // A key that is itself dotted (a --fields pick such as "record.id", kept under that name) is read as it is.
  if (row !== null && typeof row === 'object' && Object.hasOwn(row, path))
    return (row as Record<string, unknown>)[path];
  let current: unknown = row;
  for (const part of partsOf(path)) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

const pathParts = new Map<string, readonly string[]>();
function partsOf(path: string): readonly string[] {
  let parts = pathParts.get(path);
  if (parts === undefined) {
    parts = path.split('.');
    if (pathParts.size < 1_000) pathParts.set(path, parts);
  }
  return parts;
}

export function isScalar(value: unknown): boolean {
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

export function normaliseColumns(columns: Array<string | Column> | undefined, rows: Row[]): Column[] {
  if (!columns) return inferColumns(rows);
  return columns.map((c) => (typeof c === 'string' ? { key: c } : c));
}

export function headerOf(column: Column): string {
  if (column.header) return column.header;
  const last = column.key.split('.').pop() ?? column.key;
  return last.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());
}

/**
 * What a machine format prints for a row: the service's own record when the
 * row was read from one (unwrapped, nothing renamed or dropped), else the row.
 */
export function machineRecord(row: unknown): unknown {
  return sourceOf(row) ?? row;
}

/** A column by its key or its header, in any case. */
export function columnNamed(columns: Column[], name: string): Column | undefined {
  const want = fieldKey(name);
  return columns.find((c) => fieldKey(c.key) === want || fieldKey(headerOf(c)) === want);
}

/** A value for a table cell: the view's column, else the service's field of that name (in the record as machine formats give it). */
export function cellValue(row: unknown, column: Column, machine: (row: unknown) => unknown = machineRecord): unknown {
  const value = getPath(row, column.key);
  if (value !== undefined || !column.fromSource) return value;
  const record = machine(row);
  if (!isRecord(record)) return undefined;
  const key = findKey(record, [column.key]);
  return key === undefined ? (column.key.includes('.') ? getPath(record, column.key) : undefined) : record[key];
}

export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/**
 * A column the service did not provide for any row is left out rather than
 * printed blank (a service that has no nickname field shows no NICKNAME).
 */
export function providedColumns(columns: Column[], rows: Row[], machine?: (row: unknown) => unknown): Column[] {
  if (rows.length === 0) return columns;
  const kept = columns.filter(
    (column) => column.always || rows.some((row) => !isBlank(cellValue(row, column, machine))),
  );
  return kept.length ? kept : columns;
}
