// The answer half of "the vendor's own shape": each mapped operation's
// success response schema read against venue's field table for the record
// that operation answers, so that a field the vendor calls by its own word
// (`sku_code`, `on_hand_qty`) is read as venue's (productCode, quantity).
//
// Conservative by design: a name the reading layer already finds (any casing
// or separator of a name in the table) needs nothing stored; another is
// matched only when its words are a name of exactly one field of the table,
// every word of it is that field's, and the document's type agrees with the
// field's. Two candidates, a disagreeing type, a field already present under
// venue's names, or two vendor names for one field: nothing is matched, and
// the review says why. What is matched is stored as inventory.answerNames.

import { fieldKey, type FieldSpec, type FieldTable } from '../reading.js';
import { INVENTORY_TABLES as T } from '../inventory/fields.js';
import type { InventoryOperation } from '../inventory/routes.js';
import { subscriberFields } from '../webhooks/fields.js';
import type { BodyShape, SchemaField } from './operations.js';
import { foldMarks } from './vocabulary.js';

/** The record each operation answers, in venue's field table, and the tables of the lists inside it. */
export interface RecordTable {
  table: FieldTable;
  list: boolean;
  inner?: Record<string, FieldTable>;
}

const product = { table: T.product, inner: { stockLevels: T.productStock, suppliers: T.productSupplier } };
export const answerTables: Partial<Record<InventoryOperation, RecordTable>> = {
  listProducts: { ...product, list: true },
  getProduct: { ...product, list: false },
  createProduct: { ...product, list: false },
  updateProduct: { ...product, list: false },
  listCategories: { table: T.category, list: true },
  listClasses: { table: T.class, list: true },
  listWarehouses: { table: T.warehouse, list: true },
  listTaxGroups: { table: T.taxGroup, list: true },
  listContainers: { table: T.container, list: true },
  listSuppliers: { table: T.supplier, list: true },
  createSupplier: { table: T.supplier, list: false },
  stockLevels: { table: T.stockLevel, list: true },
  stockTake: { table: T.stockTake, list: false, inner: { items: T.stockTakeLine } },
  receiveStock: { table: T.receipt, list: false, inner: { items: T.receiptLine } },
  adjustStock: { table: T.adjustment, list: false },
  listWebhooks: { table: subscriberFields, list: true },
  createWebhook: { table: subscriberFields, list: false },
  updateWebhook: { table: subscriberFields, list: false },
};

export interface AnswerFieldMatch {
  /** The document's name. */
  vendor: string;
  /** venue's name of the field. */
  venue: string;
  /** Where it sits in the record: "sku_code", "stockLevels[].on_hand_qty". */
  path: string;
}

export interface AnswerFieldLeft {
  vendor: string;
  path: string;
  why: string;
}

export interface AnswerMatching {
  /** vendor name → venue name, only names the reading layer would not find itself. */
  names: Record<string, string>;
  matched: AnswerFieldMatch[];
  unmatched: AnswerFieldLeft[];
}

const FILLERS = new Set(['a', 'an', 'the', 'of']);

/** A name's words, lower case: "qty_on_hand", "QtyOnHand", "qtyOnHand" → qty, on, hand. */
export function nameWords(name: string): string[] {
  return foldMarks(name)
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, '$1 $2')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

/** Whether a schema type can hold a value of venue's field type (no type said: no agreement). */
export function typeAgrees(spec: FieldSpec, type: string | undefined): boolean {
  if (!type) return false;
  switch (spec.type) {
    case 'any':
      return true;
    case 'text':
    case 'date':
    case 'datetime':
      return type === 'string';
    case 'id':
    case 'ref':
    case 'enum':
      return type === 'string' || type === 'integer' || type === 'number';
    case 'integer':
      return type === 'integer';
    case 'number':
      return type === 'number' || type === 'integer';
    case 'money':
      return type === 'number' || type === 'integer' || type === 'string';
    case 'boolean':
      return type === 'boolean';
    case 'record':
      return type === 'object';
    case 'list':
      return type === 'array';
    case 'texts':
      return type === 'array' || type === 'string';
  }
}

/** The table's field a name is already read as by the reading layer (any casing or separator), if any. */
function knownAs(table: FieldTable, name: string): string | undefined {
  const key = fieldKey(name);
  return Object.entries(table).find(([, spec]) => spec.names.some((n) => fieldKey(n) === key))?.[0];
}

/** The fields whose words say this name: a name of the field wholly in it, and every word of it the field's. */
function byWords(table: FieldTable, name: string): string[] {
  const words = nameWords(name).filter((w) => !FILLERS.has(w));
  if (!words.length) return [];
  return Object.entries(table)
    .filter(([, spec]) => {
      const own = new Set(spec.names.flatMap(nameWords));
      return spec.names.some((n) => nameWords(n).every((w) => words.includes(w))) && words.every((w) => own.has(w));
    })
    .map(([venue]) => venue);
}

/** The fields of one record (those directly under prefix) matched against a table. */
function matchRecord(
  fields: SchemaField[],
  prefix: string,
  table: FieldTable,
  out: AnswerMatching,
  inner: Record<string, FieldTable> | undefined,
  shape: BodyShape,
): void {
  const own = fields.filter((f) => parentOf(f.path) === prefix);
  const known = new Map<string, string>();
  const proposed = new Map<string, SchemaField[]>();
  const venueOf = new Map<SchemaField, string>();
  for (const field of own) {
    const already = knownAs(table, field.name);
    if (already) {
      known.set(already, field.name);
      venueOf.set(field, already);
      continue;
    }
    const words = byWords(table, field.name);
    const typed = words.filter((venue) => typeAgrees(table[venue]!, field.type));
    if (typed.length === 1) {
      proposed.set(typed[0]!, [...(proposed.get(typed[0]!) ?? []), field]);
      continue;
    }
    let why: string;
    if (typed.length > 1) why = `its words fit ${typed.join(' and ')}: venue does not choose between them`;
    else if (words.length)
      why = `its words say ${words.join(' or ')}, but the document types it ${field.type ?? '(no type)'} where venue reads ${words.map((v) => table[v]!.type).join(' or ')}`;
    else why = 'no field venue reads has its words';
    out.unmatched.push({ vendor: field.name, path: field.path, why });
  }
  for (const [venue, claimants] of proposed) {
    const there = known.get(venue);
    for (const field of claimants) {
      let why: string | undefined;
      if (there) why = `its words say ${venue}, but the record already has ${venue} as ${there}`;
      else if (claimants.length > 1)
        why = `${claimants.map((c) => c.name).join(' and ')} both say ${venue}: venue does not choose between them`;
      if (why) {
        out.unmatched.push({ vendor: field.name, path: field.path, why });
        continue;
      }
      venueOf.set(field, venue);
      out.matched.push({ vendor: field.name, venue, path: field.path });
    }
  }
  // The lists inside the record (a product's stock per warehouse, a receipt's lines), against their own tables.
  for (const [field, venue] of venueOf) {
    const table = inner?.[venue];
    if (table && shape.fields.some((f) => parentOf(f.path) === `${field.path}[]`))
      matchRecord(fields, `${field.path}[]`, table, out, undefined, shape);
  }
}

const parentOf = (path: string) => {
  const at = path.lastIndexOf('.');
  return at < 0 ? '' : path.slice(0, at);
};

/**
 * Where the record sits in the answer: for a list, the array's items (bare, or
 * in an envelope's items/data/results…: the one holding most fields); for one
 * record, the top, or the one object an envelope wraps it in ({data: {…}}).
 */
export function recordPrefix(shape: BodyShape, list: boolean): string | undefined {
  const counts = new Map<string, number>();
  for (const field of shape.fields) counts.set(parentOf(field.path), (counts.get(parentOf(field.path)) ?? 0) + 1);
  const fits = [...counts].filter(([parent]) =>
    list ? /^([^.[\]]+)?\[\]$/.test(parent) : !parent.includes('[') && !parent.includes('.'),
  );
  if (!fits.length) return undefined;
  if (!list) {
    const top = counts.get('') ?? 0;
    const wrapped = fits.filter(([parent]) => parent !== '').sort((a, b) => b[1] - a[1])[0];
    return wrapped && top <= 3 && wrapped[1] > top ? wrapped[0] : top ? '' : wrapped?.[0];
  }
  return fits.sort((a, b) => b[1] - a[1])[0]![0];
}

/** The operation's answer fields matched to venue's, by the table of the record it answers. */
export function matchAnswer(operation: InventoryOperation, shape: BodyShape | undefined): AnswerMatching {
  return matchRecordTable(answerTables[operation], shape);
}

/** A response shape's record matched against one record table. */
export function matchRecordTable(record: RecordTable | undefined, shape: BodyShape | undefined): AnswerMatching {
  const out: AnswerMatching = { names: {}, matched: [], unmatched: [] };
  if (!record || !shape?.fields.length) return out;
  // A list's records where its schema puts them (list-shape.ts: HAL's _embedded.<name>, OData's value…), else by count.
  const at = record.list ? shape.listShape?.records?.at : undefined;
  const prefix = at !== undefined ? `${at}[]` : recordPrefix(shape, record.list);
  if (prefix === undefined) return out;
  matchRecord(shape.fields, prefix, record.table, out, record.inner, shape);
  // One name means one field, at every depth: a name matched two ways is stored for neither.
  const seen = new Map<string, string>();
  const clash = new Set<string>();
  for (const m of out.matched) {
    if (seen.has(m.vendor) && seen.get(m.vendor) !== m.venue) clash.add(m.vendor);
    seen.set(m.vendor, m.venue);
  }
  for (const m of out.matched.filter((m) => clash.has(m.vendor)))
    out.unmatched.push({
      vendor: m.vendor,
      path: m.path,
      why: `${m.vendor} names different fields at different depths`,
    });
  out.matched = out.matched.filter((m) => !clash.has(m.vendor));
  for (const m of out.matched) out.names[m.vendor] = m.venue;
  return out;
}
