// Shapes a faithful server may answer in, generated from venue's canonical
// answer and a service's field tables: every key in another casing (Pascal,
// snake, UPPER), the record or list in an envelope, and records whose real
// fields sit under a later synonym with decoys of the wrong type under the
// names a reader tries first. A reader that takes the first name present, or
// refuses it for its type while the right one is there, reads these wrong.

import { accepts, fieldKey, type FieldSpec, type FieldTable } from '../../src/lib/reading.js';
import { pascalCase, screamingSnakeCase, snakeCase } from '../../packages/sandbox/src/dialects/core.js';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonRecord = { [key: string]: Json };

const isRecord = (value: unknown): value is JsonRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// ---------------------------------------------------------------- casing

export const CASINGS = {
  camel: (name: string) => name,
  Pascal: pascalCase,
  snake: snakeCase,
  UPPER: screamingSnakeCase,
} as const;
export type Casing = keyof typeof CASINGS;

/** Every key at every depth renamed. */
export function recase(value: Json, casing: Casing): Json {
  const rename = CASINGS[casing];
  if (Array.isArray(value)) return value.map((item) => recase(item, casing));
  if (!isRecord(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [rename(key), recase(child, casing)]));
}

// ---------------------------------------------------------------- envelopes

/** A single record bare or wrapped as servers wrap it. */
export function recordEnvelopes(record: Json, resourceKey?: string): Record<string, Json> {
  const out: Record<string, Json> = {
    bare: record,
    data: { data: record },
    'data+meta': { data: record, meta: { requestId: 'r-1' } },
    result: { result: record, success: true },
    'nested data.result': { data: { result: record } },
    Pascal: { Data: record },
  };
  if (resourceKey) out[resourceKey] = { [resourceKey]: record };
  return out;
}

/** A list bare or wrapped as servers wrap it. */
export function listEnvelopes(items: Json[], resourceKey?: string): Record<string, Json> {
  const out: Record<string, Json> = {
    bare: items,
    items: { items },
    'data+meta': { data: items, meta: { page: 1, pageSize: 50, total: items.length } },
    Items: { Items: items, TotalCount: items.length },
    results: { results: items, count: items.length },
    'data.items': { data: { items } },
  };
  if (resourceKey) out[resourceKey] = { [resourceKey]: items, total: items.length };
  return out;
}

// ---------------------------------------------------------------- decoys

/** Values of the wrong type for some field: a decoy is one no field listing its name accepts. */
const DECOY_VALUES: Json[] = [true, { note: 'decoy' }, 'P-1', 3.5, ['decoy'], false, -7];

/** Envelope words: a record or a list under them could read as an envelope, so decoys there are scalars. */
const ENVELOPE_WORDS = new Set(
  [
    'data',
    'result',
    'value',
    'payload',
    'response',
    'item',
    'body',
    'items',
    'results',
    'records',
    'content',
    'rows',
    'list',
    'entries',
    'elements',
  ].map(fieldKey),
);

/** Where a table's nested records are, by venue's key in the canonical record. */
export type Nested = Readonly<Record<string, FieldTable>>;

function specsNaming(table: FieldTable, name: string): FieldSpec[] {
  const key = fieldKey(name);
  return Object.values(table).filter((spec) => spec.names.some((n) => fieldKey(n) === key));
}

function decoyFor(table: FieldTable, name: string, turn: number): Json | undefined {
  const specs = specsNaming(table, name);
  const envelope = ENVELOPE_WORDS.has(fieldKey(name));
  for (let i = 0; i < DECOY_VALUES.length; i++) {
    const value = DECOY_VALUES[(i + turn) % DECOY_VALUES.length]!;
    if (envelope && typeof value === 'object' && value !== null) continue;
    if (specs.every((spec) => !accepts(spec, value))) return value;
  }
  return undefined;
}

/**
 * The record with each field of the table moved to its last synonym no other
 * field lists, and a decoy of the wrong type under every other name of each
 * field the record holds (names already in the record are left alone):
 * decoys sit beside the real field. A field the record does not hold gets
 * none: a value of the wrong type under its names alone is that field,
 * unreadable (reading.ts, the lookup's rule 3). Nested records are done
 * first, with their own tables.
 */
export function withDecoys(record: JsonRecord, table: FieldTable, nested: Nested = {}): JsonRecord {
  let out: JsonRecord = { ...record };
  for (const [key, inner] of Object.entries(nested)) {
    const value = out[key];
    if (Array.isArray(value)) out[key] = value.map((item) => (isRecord(item) ? withDecoys(item, inner) : item));
    else if (isRecord(value)) out[key] = withDecoys(value, inner);
  }
  const present = () => new Set(Object.keys(out).map(fieldKey));
  const held = new Set(Object.values(table).filter((spec) => spec.names.some((n) => present().has(fieldKey(n)))));
  // Move each field found under its canonical name to its last name that is its own.
  for (const spec of Object.values(table)) {
    const canonical = spec.names[0]!;
    if (!Object.hasOwn(out, canonical)) continue;
    const own = spec.names.filter((n) => specsNaming(table, n).length === 1 && !present().has(fieldKey(n)));
    const target = own[own.length - 1];
    if (target === undefined) continue;
    const moved: JsonRecord = {};
    for (const [k, v] of Object.entries(out)) moved[k === canonical ? target : k] = v;
    out = moved;
  }
  // A decoy under every name of every field the record holds that is not in the record.
  let turn = 0;
  for (const spec of Object.values(table)) {
    if (!held.has(spec)) continue;
    for (const name of spec.names) {
      if (present().has(fieldKey(name))) continue;
      const decoy = decoyFor(table, name, turn++);
      if (decoy !== undefined) out[name] = decoy;
    }
  }
  return out;
}

/** Enumeration values of the table's word fields in UPPER_SNAKE, as some servers spell them. */
export function upperWords(record: JsonRecord, table: FieldTable): JsonRecord {
  const out: JsonRecord = { ...record };
  for (const spec of Object.values(table)) {
    if (spec.type !== 'enum' || !spec.words) continue;
    for (const name of spec.names) if (typeof out[name] === 'string') out[name] = CASINGS.UPPER(out[name] as string);
  }
  return out;
}

/** Every variant of one record: casings, decoys (in every casing too), UPPER enumeration words. */
export function recordVariants(record: JsonRecord, table: FieldTable, nested: Nested = {}): Record<string, JsonRecord> {
  const decoyed = withDecoys(record, table, nested);
  const out: Record<string, JsonRecord> = {
    canonical: record,
    decoys: decoyed,
    'UPPER words': upperWords(record, table),
  };
  for (const casing of Object.keys(CASINGS) as Casing[]) {
    if (casing === 'camel') continue;
    out[casing] = recase(record, casing) as JsonRecord;
    out[`decoys ${casing}`] = recase(decoyed, casing) as JsonRecord;
  }
  return out;
}
