// A JSON Patch update (RFC 6902): some vendors take a record's update as a
// list of operations on its fields, `PATCH /v1/catalogs/products/{id}` with
// Content-Type application/json-patch+json and
// `[{"op": "replace", "path": "/description", "value": "…"}]`, and refuse a
// body of the fields. On such a profile (inventory.jsonPatch) the client reads
// the record first and sends operations on the fields it changes: `replace`
// where the record holds the field, `add` where it holds none, `remove` where a
// field it holds is cleared, nothing for a field that already holds the value.
// The operations are made from the same changes a body of fields is made from
// (the client's routes.vendorBody: the fields in the vendor's names), each
// path a JSON Pointer (RFC 6901) of the field's name. This module builds them;
// the client (client.ts) does the calls.

import { UsageError } from '../errors.js';
import type { RecordReader } from '../reading.js';
import { readField, venueNameOf, type ReplacingNames } from './replacing-update.js';

/** The media type of a JSON Patch body (RFC 6902 §6). */
export const JSON_PATCH_MEDIA_TYPE = 'application/json-patch+json';

/** One operation of a JSON Patch, as venue sends them. */
export interface JsonPatchOperation {
  op: 'add' | 'replace' | 'remove';
  path: string;
  value?: unknown;
}

/**
 * A JSON Pointer (RFC 6901) of a field's name: one segment, or a nested name's segments in order; in each, `~` is
 * written `~0` and `/` is written `~1` (in that order, so `~1` in a name stays itself: `~01`).
 */
export const jsonPointer = (name: string | readonly string[]): string =>
  (typeof name === 'string' ? [name] : name)
    .map((segment) => `/${segment.replace(/~/g, '~0').replace(/\//g, '~1')}`)
    .join('');

/** A change to one field of the record, in the vendor's words. */
export interface FieldChange {
  /** The field's name in the body of fields: one segment, or a nested name's segments. */
  name: string | readonly string[];
  /** The value it is to hold; an empty text or null clears it. */
  value: unknown;
  /** What the record as read holds there, and under which key; undefined where it shows no such field. */
  held: { value: unknown; key?: string } | undefined;
  /** The value's items are added to the list the record holds (barcodes: venue adds, never removes one). */
  append?: boolean;
}

/** No value: a field cleared (an empty text, null), or the record holding none there. */
const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** The same value: numbers to a billionth (a price read back as 3.9500000001), anything else as JSON. */
const same = (a: unknown, b: unknown): boolean =>
  typeof a === 'number' && typeof b === 'number' ? Math.abs(a - b) < 1e-9 : JSON.stringify(a) === JSON.stringify(b);

/**
 * The JSON Patch of the changes against the record as read: `replace` for a field the record holds, `add` for one
 * it holds no value of (RFC 6902's add sets a member whether or not it exists), `remove` for a field it holds that
 * is cleared; a list's new items added at its end (`/barcodes/-`). Nothing for a change the record already holds:
 * an empty list says nothing changes.
 */
export function jsonPatchOf(changes: readonly FieldChange[]): JsonPatchOperation[] {
  const operations: JsonPatchOperation[] = [];
  for (const { name, value, held, append } of changes) {
    // A JSON Patch addresses the record as the service holds it: a field the read found is pointed at by the key it
    // is held under (a record holding `sku` and `description`, whatever the request's names); one it holds none of
    // by the name a body of fields would give it.
    const path = jsonPointer(held?.key ?? name);
    const holds = held !== undefined && !isEmpty(held.value);
    if (append) {
      const had: unknown[] = !holds ? [] : Array.isArray(held.value) ? held.value : [held.value];
      const added = (Array.isArray(value) ? value : [value]).filter(
        (item, at, all) => !had.some((h) => same(h, item)) && all.findIndex((other) => same(other, item)) === at,
      );
      if (!added.length) continue;
      if (holds && Array.isArray(held.value))
        for (const item of added) operations.push({ op: 'add', path: `${path}/-`, value: item });
      else operations.push({ op: holds ? 'replace' : 'add', path, value: [...had, ...added] });
    } else if (isEmpty(value)) {
      if (holds) operations.push({ op: 'remove', path });
    } else if (!holds || !same(held.value, value)) operations.push({ op: holds ? 'replace' : 'add', path, value });
  }
  return operations;
}

/**
 * The changes of a body of fields (in the vendor's names, as the client writes a partial update's body) against the
 * record as read: what it holds of each field (`heldOf`), and whether the field's items are added to its list.
 */
export function fieldChanges(
  body: Readonly<Record<string, unknown>>,
  heldOf: (field: string) => { value: unknown; key?: string } | undefined,
  appends: (field: string) => boolean = () => false,
): FieldChange[] {
  return Object.entries(body).map(([field, value]) => ({
    name: field,
    value,
    held: heldOf(field),
    ...(appends(field) ? { append: true } : {}),
  }));
}

/** A product's changes against the product as read: each field found by its own word, else by venue's name for it (readField); barcodes appended. */
export const productChanges = (
  body: Readonly<Record<string, unknown>>,
  read: RecordReader,
  names: ReplacingNames = {},
): FieldChange[] =>
  fieldChanges(
    body,
    (field) => readField(read, field, venueNameOf(field, names)),
    (field) => venueNameOf(field, names) === 'barcodes',
  );

/**
 * What a JSON Patch of the record's fields cannot carry, refused before anything is read or sent (exit 2): a supplier
 * change is an action on a link (add, update, remove), not a value the record holds.
 */
export function refuseUnpatchable(patch: Readonly<Record<string, unknown>>): void {
  if (Object.hasOwn(patch, 'suppliers'))
    throw new UsageError(
      "supplier links cannot be changed on this profile: its product update takes a JSON Patch of the record's fields (inventory.jsonPatch), and a link's add, update or remove is no value of the record",
      { hint: 'Nothing was sent. Change the links in the vendor’s own system, or change the other fields alone.' },
    );
}
