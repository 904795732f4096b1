// What a --query result is, for the formats that are not JSON: one value, a
// list of values, one record, a list of records, or rows of values (a
// multiselect list, `[].[id, name]`). -o table and -o csv show each of these;
// anything else (a list mixing records and values, lists of records inside a
// list) has no table or CSV form, and is exit 2 saying so. -o raw prints any
// result: strings unquoted, one item a line.

import { isRecord } from '../reading.js';

type Scalar = string | number | boolean | null;

export type QueryResult =
  | { kind: 'nothing' }
  | { kind: 'value'; value: Scalar }
  | { kind: 'values'; values: Scalar[] }
  | { kind: 'record'; record: Record<string, unknown> }
  | { kind: 'records'; records: Array<Record<string, unknown>> }
  | { kind: 'rows'; rows: Scalar[][] }
  | { kind: 'other'; why: string };

const isScalar = (value: unknown): value is Scalar =>
  value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

function kindOf(value: unknown): string {
  if (isScalar(value)) return 'values';
  if (isRecord(value)) return 'records';
  if (Array.isArray(value)) return value.every(isScalar) ? 'lists of values' : 'lists holding records or lists';
  return 'values';
}

/** Which of the shapes a table or CSV shows the result has, or why it has none. */
export function queryResult(result: unknown): QueryResult {
  if (result === null || result === undefined) return { kind: 'nothing' };
  if (isScalar(result)) return { kind: 'value', value: result };
  if (isRecord(result)) return { kind: 'record', record: result };
  if (!Array.isArray(result)) return { kind: 'value', value: String(result) };
  if (result.every(isScalar)) return { kind: 'values', values: result };
  if (result.every(isRecord)) return { kind: 'records', records: result };
  if (result.every((item) => Array.isArray(item) && item.every(isScalar))) return { kind: 'rows', rows: result };
  const kinds = [...new Set(result.map(kindOf))];
  return { kind: 'other', why: `it is a list of ${kinds.join(' and ')}` };
}

/** A value as a line of text: a string as it is, anything else as JSON (null as nothing). */
export function rawText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** -o raw: a list one item a line, anything else one line; strings unquoted, the rest compact JSON; null as an empty line. */
export function rawLines(result: unknown): string {
  if (result === null || result === undefined) return '';
  if (Array.isArray(result)) return result.map((item) => `${rawText(item)}\n`).join('');
  return `${rawText(result)}\n`;
}
