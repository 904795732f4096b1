// A replacing update: many vendors offer no partial update of a product. Their
// update is a PUT (or a POST to the record's own path) that replaces the
// record and requires its other values on every call (a name, a SKU, the
// record's current revision number). venue's changes are partial (a price
// alone), so on such a profile (inventory.updateReplaces: the fields the
// update takes, in the vendor's words) the client reads the product first and
// sends it whole: each field the update takes, as the service read it, with
// the changes set on it. This module builds that body and judges a read-back;
// the client (client.ts) does the calls.

import { UnreadableAnswerError, type AnswerSource, type RawRecord, type RecordReader } from '../reading.js';
import { UsageError } from '../errors.js';
import { productFields } from './fields.js';
import { bodyNameKey, bodyNamePair, type InventoryRouteMap, type ReplacingField } from './routes.js';
import type { Product } from './types.js';

/** How the profile names the update's fields: inventory.bodyNames and inventory.answerNames of the product's calls. */
export interface ReplacingNames {
  /** inventory.bodyNames.updateProduct: "SellPrice" (venue's sellPrice so spelt) or "productCode=sku". */
  bodyNames?: readonly string[];
  /** inventory.answerNames of getProduct and updateProduct: the vendor's word → venue's name. */
  answerNames?: Readonly<Record<string, string>>;
}

/** The profile's names of the product's fields in its update and its answers. */
export const replacingNamesOf = (routes: InventoryRouteMap): ReplacingNames => ({
  bodyNames: routes.bodyNames.updateProduct,
  answerNames: { ...routes.answerNames.getProduct, ...routes.answerNames.updateProduct },
});

type ProductField = keyof typeof productFields;
const isProductField = (name: string): name is ProductField => Object.hasOwn(productFields, name);

/**
 * venue's name for a field of the update, where it has one: the profile's body or answer names first, then a field of
 * venue's product by the same word or one of its other words (the reading layer's: name, sku, price). A field venue
 * has no name for (a revision number) is the vendor's own: sent as read.
 */
export function venueNameOf(field: string, names: ReplacingNames = {}): ProductField | undefined {
  const key = bodyNameKey(field);
  for (const entry of names.bodyNames ?? []) {
    const [venue, vendor] = bodyNamePair(entry);
    if (bodyNameKey(vendor) === key) {
      const own = Object.keys(productFields).find((name) => bodyNameKey(name) === bodyNameKey(venue));
      if (own !== undefined && isProductField(own)) return own;
    }
  }
  for (const [vendor, venue] of Object.entries(names.answerNames ?? {}))
    if (bodyNameKey(vendor) === key && isProductField(venue)) return venue;
  const named = Object.keys(productFields).find((name) => bodyNameKey(name) === key);
  if (named !== undefined && isProductField(named)) return named;
  const worded = (Object.keys(productFields) as ProductField[]).find((name) =>
    productFields[name].names.some((word) => bodyNameKey(word) === key),
  );
  return worded;
}

/** A change and the field of the update it is set on. */
interface Placed {
  field: string;
  venue: string;
  value: unknown;
}

/**
 * The changes placed on the update's fields, checked before anything is read or sent (exit 2): a change the
 * update takes no field for cannot be made by replacing the record, and a supplier change is an action on a link
 * (add, update, remove), not a value the record holds.
 */
export function placeChanges(
  fields: readonly ReplacingField[],
  patch: Readonly<Record<string, unknown>>,
  names: ReplacingNames = {},
): Placed[] {
  const placed: Placed[] = [];
  for (const [venue, value] of Object.entries(patch)) {
    if (venue === 'suppliers')
      throw new UsageError(
        "supplier links cannot be changed on this profile: its product update replaces the whole record (inventory.updateReplaces), and a link's add, update or remove is no value of the record",
        { hint: 'Nothing was sent. Change the links in the vendor’s own system, or change the other fields alone.' },
      );
    const field = fields.find((f) => venueNameOf(f.name, names) === venue);
    if (field === undefined)
      throw new UsageError(
        `${venue} cannot be changed on this profile: its product update replaces the whole record and takes ${fields.map((f) => f.name).join(', ')} (inventory.updateReplaces), none of them ${venue}`,
        { hint: 'Nothing was sent.' },
      );
    placed.push({ field: field.name, venue, value });
  }
  return placed;
}

/** A field of the record as read: its own key by the same word (a null kept), else venue's field by its other words. */
export function readField(
  record: RecordReader,
  field: string,
  venue: ProductField | undefined,
): { value: unknown; key: string } | undefined {
  const raw = record.raw;
  const own = Object.keys(raw).find((key) => bodyNameKey(key) === bodyNameKey(field));
  if (own !== undefined) return { value: raw[own], key: own };
  if (venue === undefined) return undefined;
  const key = record.keyOf(productFields[venue]);
  if (key !== undefined) return { value: raw[key], key };
  // Present but null under one of its words: the record holds no value there, which is what it holds.
  const nullKey = Object.keys(raw).find(
    (k) => raw[k] === null && productFields[venue].names.some((word) => bodyNameKey(word) === bodyNameKey(k)),
  );
  return nullKey === undefined ? undefined : { value: null, key: nullKey };
}

/**
 * The whole body of a replacing update: every field the update takes, as the product was read (in the vendor's
 * names and values), with the changes set on it. Barcodes are added to those the product has (venue never removes
 * one). Fields the update does not take (read-only ones, links, the id where its request has none) are not sent,
 * and neither is one it takes but does not require that the read does not show (a write-only switch): the record
 * holds no value of it to keep. A field it requires that the read does not show is exit 6 before anything is sent.
 */
export function replacingBody(
  fields: readonly ReplacingField[],
  placed: readonly Placed[],
  read: RecordReader,
  readSource: AnswerSource,
  names: ReplacingNames = {},
): RawRecord {
  const body: RawRecord = {};
  for (const { name: field, required } of fields) {
    const change = placed.find((p) => p.field === field);
    const venue = venueNameOf(field, names);
    const found = readField(read, field, venue);
    if (change && change.venue !== 'barcodes') {
      body[field] = change.value;
      continue;
    }
    if (!found && !change && !required) continue;
    if (!found && required)
      throw new UnreadableAnswerError(
        readSource,
        `has no ${field}${venue && venue !== field ? ` (${venue})` : ''}, which the product's update requires on every call: venue sends the record whole, and cannot without it`,
        read.raw,
      );
    if (change) {
      const value = found?.value;
      const had = Array.isArray(value) ? value : value === null || value === undefined ? [] : [value];
      body[field] = [...new Set([...had, ...(change.value as unknown[])])];
    } else body[field] = found!.value;
  }
  return body;
}

/**
 * The changes a product read back does not hold, by venue's names: each changed field must be stated with its new
 * value (a barcode added must be among its barcodes). An empty list is proof the update was applied.
 */
export function unheldChanges(patch: Readonly<Record<string, unknown>>, product: Product): string[] {
  const got = product as unknown as Record<string, unknown>;
  const unheld: string[] = [];
  for (const [field, wanted] of Object.entries(patch)) {
    const value = got[field];
    if (field === 'barcodes') {
      const have = new Set(Array.isArray(value) ? value.map(String) : []);
      if (!(wanted as unknown[]).every((b) => have.has(String(b)))) unheld.push(field);
    } else if (typeof wanted === 'number') {
      if (typeof value !== 'number' || Math.abs(value - wanted) > 1e-9) unheld.push(field);
    } else if (typeof wanted === 'string') {
      if (typeof value !== 'string' || value.trim() !== wanted.trim()) unheld.push(field);
    } else if (value !== wanted) unheld.push(field);
  }
  return unheld;
}
