// One record shape per resource, the same at every venue (issue 21). A
// service's record is read through its resource's field table (the typed
// tables of src/lib/<service>/fields.ts) into venue's documented names, each
// field's venue name being the first of its names: whatever the server's
// casing, words or envelope, `--fields slotId`, a JMESPath query and a CSV
// header read the same at every venue. Nothing is dropped: a field the table
// does not know passes through under the service's own name; a service field
// venue could not read as the type its name says (a decoy `productId: "P-1"`
// beside the numeric `id`) whose name venue uses for another value goes under
// `_service` with its own name, never over venue's value.
//
// shapeRecord(raw, shape) is a plain function of the table and the record:
// any caller (the renderer, `venue mcp`) shapes the same way. It has one
// mechanism for every server, whatever its names, casing or key order: a
// plan compiled once per key list (the first page's keys; a record whose keys
// differ gets its own plan) from the declared field table, applied to every
// record of those keys. What a listing checks a record for (a shape's needs:
// a product's id and name, its stock entries' warehouse and quantity) is read
// by the same plan (shapeChecked), and the inventory views are made from the
// shaped record, so a table, a machine format and a check can never read a
// record two ways.

import {
  accepts,
  field,
  wordField,
  asBoolean,
  asEnum,
  asNumber,
  fieldKey,
  hasExactlyKeys,
  isRecord,
  RecordReader,
  hasTexts,
  withSource,
  type AnswerSource,
  type FieldNames,
  type FieldSpec,
  type FieldTable,
  type RawRecord,
} from './reading.js';
import { BOOKING_TABLES } from './booking/fields.js';
import { INVENTORY_TABLES, healthFields } from './inventory/fields.js';
import { WALLET_TABLES, creditFields, locationFields } from './wallet/fields.js';
import { subscriberFields } from './webhooks/fields.js';

/**
 * What a record of a shape must hold to be read at all (checked by
 * shapeChecked, in the order given): a field that must be there and usable;
 * the texts of a `texts` field, each readable; the records of a field holding
 * records of a nested shape, each a record with its own shape's needs.
 */
export type Need =
  | { readonly kind: 'value'; readonly label: string }
  | { readonly kind: 'texts'; readonly inside: FieldNames }
  | { readonly kind: 'records'; readonly what: string };

/** A field that must be there and usable; `label` names it in the message ("has no product id"). */
export const required = (label: string): Need => ({ kind: 'value', label });
/** Texts that must each be readable: text, or a record holding one under `inside`. */
export const readableTexts = (...inside: string[]): Need => ({ kind: 'texts', inside });
/** Records of the field's nested shape, each a record (`what` it is: "stock level") meeting that shape's needs. */
export const recordsOf = (what: string): Need => ({ kind: 'records', what });

/** A resource's record shape: its field table, and the shapes of the records nested in its fields (by venue name). */
export interface RecordShape {
  /** The resource, in words: "product", "slot". */
  readonly name: string;
  /** The service and what it is, for the documentation. */
  readonly service: string;
  readonly table: FieldTable;
  /** A field holding a record, or a list of records, of another shape. */
  readonly nested?: Readonly<Record<string, RecordShape>>;
  /** What a record must hold to be read at all, by venue name (see Need). */
  readonly needs?: Readonly<Record<string, Need>>;
}

/** Where the service's own fields go when venue uses their names for other values. */
export const SERVICE_FIELDS = '_service';

/** venue's name of a field: the first of its names. */
export function venueName(spec: FieldSpec): string {
  return spec.names[0]!;
}

/** The names a shape's records carry, in the table's order (for --fields help, the help and the docs). */
export function shapeFieldNames(shape: RecordShape): string[] {
  return Object.values(shape.table).filter(isSpecLike).map(venueName);
}

function isSpecLike(value: unknown): value is FieldSpec {
  return isRecord(value) && typeof value.type === 'string' && Array.isArray(value.names);
}

// ---------------------------------------------------------------- the shapes

const shape = (
  service: string,
  name: string,
  table: FieldTable,
  nested?: Record<string, RecordShape>,
  needs?: Record<string, Need>,
): RecordShape => ({ service, name, table, nested, needs });

const amount = shape('wallet', 'amount', WALLET_TABLES.amount);
const walletLocation = shape('wallet', 'card location', locationFields);
const reservation = shape('booking', 'reservation', BOOKING_TABLES.reservation);
const productStock = shape('inventory', 'product stock entry', INVENTORY_TABLES.productStock, undefined, {
  warehouseId: required('warehouse id'),
  quantity: required('quantity'),
});
const productSupplier = shape('inventory', 'product supplier link', INVENTORY_TABLES.productSupplier, undefined, {
  supplierId: required('supplier id'),
});

export const RECORD_SHAPES = {
  // guest wallet
  card: shape('wallet', 'card', WALLET_TABLES.card, { location: walletLocation }),
  balance: shape('wallet', 'balance', WALLET_TABLES.balance, {
    playBalance: amount,
    bonusBalance: amount,
    ticketBalance: amount,
  }),
  activity: shape('wallet', 'activity entry', WALLET_TABLES.activity, {
    playAmount: amount,
    bonusAmount: amount,
    tickets: amount,
  }),
  reloadProduct: shape('wallet', 'reload product', WALLET_TABLES.product, {
    price: amount,
    playValue: amount,
    bonusValue: amount,
  }),
  // booking
  location: shape('booking', 'location', BOOKING_TABLES.location),
  experience: shape('booking', 'experience', BOOKING_TABLES.experience),
  availabilityDay: shape('booking', 'availability day', BOOKING_TABLES.availabilityDay),
  slot: shape('booking', 'slot', BOOKING_TABLES.slot),
  reservation,
  order: shape('booking', 'order', BOOKING_TABLES.order, {
    reservations: reservation,
    guest: shape('booking', 'guest', BOOKING_TABLES.guest),
    sale: shape('booking', 'sale', BOOKING_TABLES.sale),
  }),
  reportRow: shape('booking', 'report row', BOOKING_TABLES.reportRow),
  // inventory
  product: shape(
    'inventory',
    'product',
    INVENTORY_TABLES.product,
    { stockLevels: productStock, suppliers: productSupplier },
    {
      productId: required('id'),
      productName: required('name'),
      barcodes: readableTexts('barcode', 'code', 'value'),
      stockLevels: recordsOf('stock level'),
      suppliers: recordsOf('supplier link'),
    },
  ),
  category: shape('inventory', 'category', INVENTORY_TABLES.category),
  class: shape('inventory', 'class', INVENTORY_TABLES.class),
  warehouse: shape('inventory', 'warehouse', INVENTORY_TABLES.warehouse),
  taxGroup: shape('inventory', 'tax group', INVENTORY_TABLES.taxGroup),
  container: shape('inventory', 'container type', INVENTORY_TABLES.container),
  supplier: shape('inventory', 'supplier', INVENTORY_TABLES.supplier),
  stockLevel: shape('inventory', 'stock level', INVENTORY_TABLES.stockLevel, undefined, {
    productId: required('product id'),
    quantity: required('quantity'),
  }),
  health: shape('inventory', 'health', healthFields),
  // the answers of writes (read checked, field by field, as a read's: readWriteAnswer)
  walletSale: shape('wallet', 'sale', WALLET_TABLES.sale, {
    credited: shape('wallet', 'credit', creditFields, { play: amount, bonus: amount }),
    creditedPlay: amount,
    creditedBonus: amount,
    amount,
  }),
  bookingSale: shape('booking', 'sale', BOOKING_TABLES.sale),
  stockTake: shape('inventory', 'stock take', INVENTORY_TABLES.stockTake, {
    items: shape('inventory', 'stock take line', INVENTORY_TABLES.stockTakeLine),
  }),
  receipt: shape('inventory', 'stock receipt', INVENTORY_TABLES.receipt, {
    items: shape('inventory', 'stock receipt line', INVENTORY_TABLES.receiptLine),
  }),
  adjustment: shape('inventory', 'stock adjustment', INVENTORY_TABLES.adjustment),
  // webhooks
  subscriber: shape('webhooks', 'webhook subscriber', subscriberFields),
} as const satisfies Record<string, RecordShape>;

// ---------------------------------------------------------------- write outcomes

/**
 * What venue knows of a write, in its words (the verdicts of writes/rule.ts,
 * and a person's word for a settled one): recorded (the service accepted it
 * and said so, or a read-back proved it), already-recorded (it was applied
 * before: nothing was sent or credited again), applied or not-applied (a
 * person settled it; not-applied also when the service refused it or it
 * never left), unknown (nothing says whether it was applied).
 */
export const WRITE_STATUSES = {
  recorded: [],
  'already-recorded': [],
  applied: [],
  'not-applied': [],
  unknown: [],
} as const satisfies Record<string, readonly string[]>;
export type WriteOutcomeStatus = keyof typeof WRITE_STATUSES;

/**
 * The one record shape of every write's outcome (-o json, ndjson, csv,
 * --fields, --query), the same at every venue and in every dialect: the
 * outcome fields beside the service's record in venue's names. A write's
 * own figures (what was sent, levels read before it, a secret venue made)
 * are venue's, never the service's: under `venue`, never mixed into
 * `record`. docs/records.md lists it.
 */
export const writeOutcomeFields = {
  status: wordField(WRITE_STATUSES, 'status'),
  reference: field('text', 'reference'),
  journalId: field('id', 'journalId'),
  resource: field('text', 'resource'),
  record: field('record', 'record'),
  related: field('record', 'related'),
  venue: field('record', 'venue'),
} as const satisfies FieldTable;

/** What each outcome field holds, in docs/records.md. */
const OUTCOME_FIELD_WORDS: Record<keyof typeof writeOutcomeFields, string> = {
  status: `what venue knows of the write: ${Object.keys(WRITE_STATUSES).join(', ')}`,
  reference:
    "what the write was asked for by: the payment reference, the id of the reservation, order, product or subscriber acted on, the receipt's invoice or PO number; null when a new thing was made with none",
  journalId:
    "the write's entry in venue's journal (`receipts list`, `stock changes`, `wallet reloads`, `booking holds`); null for writes venue does not journal",
  resource: 'what `record` is: its shape in this page',
  record:
    "the service's answer in venue's names (the resource's shape); null when there is none (a deletion, a write settled without one)",
  related: "other records the service gave for the outcome, each in venue's names (wallet reload: balanceAfter)",
  venue:
    "venue's own figures, never the service's: what was sent, levels read before the write, a secret venue made (shown once); absent when there are none",
};

const outcomeShapes = new WeakMap<RecordShape, RecordShape>();

/** The outcome shape of writes of a resource: the outcome fields, `record` of the resource's shape. */
export function writeOutcomeShape(resource: RecordShape): RecordShape {
  let outcome = outcomeShapes.get(resource);
  if (!outcome) {
    outcome = shape(resource.service, `${resource.name} write outcome`, writeOutcomeFields, { record: resource });
    outcomeShapes.set(resource, outcome);
  }
  return outcome;
}

/** A write's outcome, before it is put in the one shape. */
export interface WriteOutcome {
  status: WriteOutcomeStatus;
  reference?: string | null;
  journalId?: string | null;
  /** The service's answer as it sent it (sourceOf a view), or null. */
  record?: unknown;
  /** Other records of the service, each with its shape: { balanceAfter: [raw, RECORD_SHAPES.balance] }. */
  related?: Readonly<Record<string, readonly [unknown, RecordShape]>>;
  /** venue's own figures (see writeOutcomeFields.venue). */
  venue?: Readonly<Record<string, unknown>>;
}

/**
 * A write's outcome as a row the output prints: in machine formats the one
 * outcome shape (records in venue's names through their shapes), with
 * --raw the service's answer as it sent it.
 */
export function writeOutcomeRow(resource: RecordShape, outcome: WriteOutcome): Record<string, unknown> {
  const record = outcome.record === undefined || outcome.record === null ? null : shapeRecord(outcome.record, resource);
  const built: RawRecord = {
    status: outcome.status,
    reference: outcome.reference ?? null,
    journalId: outcome.journalId ?? null,
    resource: resource.name,
    record,
  };
  if (outcome.related && Object.keys(outcome.related).length)
    built.related = Object.fromEntries(
      Object.entries(outcome.related).map(([name, [raw, inner]]) => [
        name,
        raw === undefined || raw === null ? null : shapeRecord(raw, inner),
      ]),
    );
  if (outcome.venue && Object.keys(outcome.venue).length) built.venue = { ...outcome.venue };
  const raw = isRecord(outcome.record) ? outcome.record : {};
  return shapedRow(raw, writeOutcomeShape(resource), built) as Record<string, unknown>;
}

/**
 * A write's answer read as a read's (c): every field of the resource's
 * table through its type, its nested records' too, so a value of another
 * type anywhere in it is exit 6 naming the field and the value (the
 * reader's source says the service accepted the write). Its shaped record.
 */
export function readWriteAnswer(reader: RecordReader, resource: RecordShape): RawRecord {
  return shapeChecked(reader.raw, resource, new Checking(reader.source, reader.what));
}

// ---------------------------------------------------------------- shaping

/**
 * What a listing's checks need beside the record: where it came from and what
 * it is, for the message ("the inventory service's answer to "list products"
 * has no product id (looked for productId, id, …)"). Made once per listing
 * (or per read), and the records nested in it have their own, made once.
 */
export class Checking {
  /** The checkings of nested records, by the number of what they are (whatNumber): made once a listing. */
  private readonly subs: Array<Checking | undefined> = [];
  constructor(
    readonly source: AnswerSource,
    /** What the record is, in words: "product", "stock level". */
    readonly what: string,
  ) {}

  /** The checking of the records nested in this one's field ("stock level" inside "product"), by whatNumber(what). */
  sub(what: string, number = whatNumber(what)): Checking {
    return (this.subs[number] ??= new Checking(this.source, what));
  }

  /** The error a record fails with (RecordReader.missing: the very words a view's read gives). */
  missing(raw: RawRecord, label: string, spec: FieldSpec, why?: string): never {
    throw new RecordReader(raw, this.source, this.what).missing(label, spec, why);
  }

  /** A field whose names hold only a value of another type, which no other field read (RecordReader.unreadable's words). */
  unreadable(raw: RawRecord, spec: FieldSpec, key: string): never {
    throw new RecordReader(raw, this.source, this.what).unreadable(spec, key, raw[key]);
  }
}

/** A number for each word a nested record is called by ("stock level"): its checking is found by it. */
const whats = new Map<string, number>();
function whatNumber(what: string): number {
  let number = whats.get(what);
  if (number === undefined) whats.set(what, (number = whats.size));
  return number;
}

/** A shape's field as a plan reads it. */
interface PlannedField {
  readonly name: string;
  readonly spec: FieldSpec;
  /** Its place in the table: shaped records list their fields in the table's order. */
  readonly position: number;
  /** Indexes of the record's keys that may hold it, best first: each name's exact spelling, then its other casings. */
  readonly candidates: readonly number[];
  /** The plans of the nested shape, when the field holds records of one. */
  readonly nested?: Shaper;
  /** What a checked record must hold in this field. */
  readonly need?: Need;
  /** The number of what its nested records are, when the shape needs them (whatNumber). */
  readonly what?: number;
}

/** How records of one key list are shaped: compiled once (see compilePlan), applied to each. */
interface Plan {
  readonly keys: readonly string[];
  readonly run: (raw: RawRecord, check: Checking | undefined) => RawRecord;
}

/**
 * The plans of one shape, by key list, and the last one used: rows of a
 * listing come one after another with the same keys, so the last plan is
 * compared key by key (no list or text built) before any other is looked up.
 */
class Shaper {
  private last?: Plan;
  private readonly plans = new Map<string, Plan>();
  constructor(readonly shape: RecordShape) {}

  run(raw: RawRecord, check: Checking | undefined): RawRecord {
    const last = this.last;
    if (last !== undefined && hasExactlyKeys(raw, last.keys)) return last.run(raw, check);
    return this.planFor(raw).run(raw, check);
  }

  private planFor(raw: RawRecord): Plan {
    const keys = Object.keys(raw);
    const signature = keys.join('\u0000');
    let plan = this.plans.get(signature);
    if (!plan) {
      plan = compilePlan(this.shape, keys);
      if (this.plans.size >= MAX_PLANS) this.plans.clear();
      this.plans.set(signature, plan);
    }
    this.last = plan;
    return plan;
  }
}

/** Key lists remembered per shape: a listing has a few; a service that varies them per record is shaped all the same. */
const MAX_PLANS = 1_000;
/** Layouts remembered per plan (which fields were found, which keys were read for them): a listing's rows have a few. */
const MAX_LAYOUTS = 256;

const shapers = new WeakMap<RecordShape, Shaper>();
function shaperOf(shape: RecordShape): Shaper {
  let shaper = shapers.get(shape);
  if (!shaper) shapers.set(shape, (shaper = new Shaper(shape)));
  return shaper;
}

/** A record in venue's names (see the top of this file). A value that is not a record is returned as it is. */
export function shapeRecord(raw: unknown, shape: RecordShape): unknown {
  if (!isRecord(raw)) return raw;
  return shaperOf(shape).run(raw, undefined);
}

/**
 * A record in venue's names, checked for what it must hold (the shape's
 * needs, its nested records' too): a record that lacks one is an
 * UnreadableAnswerError (exit 6) naming the field and the names looked for,
 * in the words a read through RecordReader gives. The views of inventory
 * listings are made from it, and machine formats print it: one reading.
 */
export function shapeChecked(raw: RawRecord, shape: RecordShape, check: Checking): RawRecord {
  return shaperOf(shape).run(raw, check);
}

/**
 * The fields of a shape as the plan for `keys` reads them: each field's
 * candidate keys (exact spelling first, then other casings, name by name),
 * in the order they are read. A field whose own venue name is among the keys
 * is read before those found by a synonym: a key is read for the field it
 * names before another field takes it as a synonym ({reservations,
 * reservationIds} gives each its own).
 */
function plannedFields(shape: RecordShape, keys: readonly string[]): PlannedField[] {
  const byFolded = new Map<string, number[]>();
  keys.forEach((key, i) => {
    const folded = fieldKey(key);
    const list = byFolded.get(folded);
    if (list) list.push(i);
    else byFolded.set(folded, [i]);
  });
  const own: PlannedField[] = [];
  const bySynonym: PlannedField[] = [];
  let position = 0;
  for (const spec of Object.values(shape.table)) {
    if (!isSpecLike(spec)) continue;
    const name = venueName(spec);
    const candidates: number[] = [];
    for (const candidate of spec.names) {
      const at = byFolded.get(fieldKey(candidate)) ?? [];
      for (const i of [...at].sort((a, b) => Number(keys[b] === candidate) - Number(keys[a] === candidate)))
        if (!candidates.includes(i)) candidates.push(i);
    }
    const nestedShape = shape.nested?.[name];
    const planned: PlannedField = {
      name,
      spec,
      position: position++,
      candidates,
      nested: nestedShape && shaperOf(nestedShape),
      need: shape.needs?.[name],
      what:
        shape.needs?.[name]?.kind === 'records' ? whatNumber((shape.needs[name] as { what: string }).what) : undefined,
    };
    if (byFolded.has(fieldKey(name))) own.push(planned);
    else bySynonym.push(planned);
  }
  return [...own, ...bySynonym];
}

/** JSON text of a string: a literal in generated code that is text, never code. */
const literal = (text: string): string => JSON.stringify(text);
/** A property of a generated object literal: a key "__proto__" is defined as a field, never taken for the prototype. */
const property = (key: string, value: string): string =>
  key === '__proto__' ? `[${literal(key)}]: ${value}` : `${literal(key)}: ${value}`;

/**
 * A value's type test, as code testing `v` (neither undefined nor null):
 * what accepts() says, the usual JSON value decided in place, anything else
 * asked of accepts(). A field holding records of a nested shape takes only
 * what can hold them: a record or a list (an amount: a number or a record).
 */
function testOf(field: PlannedField, at: string): string {
  const ask = `accepts(F[${at}].spec, v)`;
  switch (field.spec.type) {
    case 'text':
      return `(typeof v === "string" || (typeof v === "number" ? Number.isFinite(v) : typeof v === "bigint"))`;
    case 'id':
      return `(typeof v === "string" || (typeof v === "number" ? Number.isInteger(v) : typeof v === "bigint" || ${ask}))`;
    case 'integer':
    case 'ref':
      return `(typeof v === "number" ? Number.isInteger(v) : ${ask})`;
    case 'number':
    case 'money':
      return `(typeof v === "number" ? Number.isFinite(v) : ${ask})`;
    case 'boolean':
      return `(typeof v === "boolean" || ${ask})`;
    case 'date':
      return `(typeof v === "string" && DIGIT.test(v))`;
    case 'datetime':
      return `(typeof v === "string" ? DIGIT.test(v) : typeof v === "number" && Math.abs(v) <= ${MAX_EPOCH_MS})`;
    case 'enum':
      return `(typeof v === "string" || ${ask})`;
    case 'record':
      return `isRecord(v)`;
    case 'list':
      return `Array.isArray(v)`;
    case 'texts':
      return `(typeof v === "string" || Array.isArray(v))`;
    case 'any':
      return field.nested ? `(Array.isArray(v) || isRecord(v))` : `true`;
  }
}

/** The largest epoch milliseconds a JavaScript date holds (either side of 1970). */
const MAX_EPOCH_MS = 8.64e15;
const DIGIT = /\d/;

/**
 * A value as machine formats carry it, as code of `v` (accepted by its test):
 * numbers as numbers, yes/no as booleans, venue's word for an enumeration,
 * epoch milliseconds as ISO 8601; anything else as sent. Nested records are
 * shaped apart (nestedValue).
 */
function conversionOf(field: PlannedField, at: string): string {
  switch (field.spec.type) {
    case 'integer':
    case 'number':
      return `(typeof v === "number" ? v : (asNumber(v) ?? v))`;
    case 'money':
      return `(typeof v === "number" || isRecord(v) ? v : (asNumber(v) ?? v))`;
    case 'ref':
      return `(typeof v === "number" || isRecord(v) ? v : (asNumber(v) ?? v))`;
    case 'boolean':
      return `(typeof v === "boolean" ? v : (asBoolean(v) ?? v))`;
    case 'enum':
      return field.spec.words ? `F[${at}].word(v)` : `v`;
    case 'datetime':
      return `(typeof v === "number" ? new Date(v).toISOString() : v)`;
    default:
      return `v`;
  }
}

/** An enumeration value as machine formats carry it: venue's word; a numeric code stays a number (productType 2). */
function wordReader(spec: FieldSpec): (value: unknown) => unknown {
  const known = new Map<unknown, unknown>();
  return (value) => {
    let word = known.get(value);
    if (word === undefined) {
      // A value no word reads (empty text) stays as sent.
      const found = asEnum(value, spec.words!) ?? value;
      word = typeof found === 'string' && /^\d+$/.test(found) ? Number(found) : found;
      if (known.size < 256) known.set(value, word);
    }
    return word;
  };
}

/**
 * A nested field's value shaped: a record by its nested shape, each record of
 * a list (or one record where a list is usual), an amount's record; anything
 * else as it was. With checking (a field the shape needs records in), an item
 * of a list that is not a record fails, naming the list, and each record is
 * checked for its own needs.
 */
function nestedValue(field: PlannedField, value: unknown, raw: RawRecord, check: Checking | undefined): unknown {
  const nested = field.nested!;
  const sub = check && field.need?.kind === 'records' ? check.sub(field.need.what, field.what) : undefined;
  if (field.spec.type === 'money') return isRecord(value) ? nested.run(value, undefined) : (asNumber(value) ?? value);
  if (Array.isArray(value)) {
    // Pushed, not set into new Array(length): JSON.stringify writes a list made with holes more slowly.
    const out: unknown[] = [];
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (isRecord(item)) out.push(nested.run(item, sub));
      else if (sub)
        check!.missing(raw, `${(field.need as { what: string }).what} list`, field.spec, 'has an unreadable');
      else out.push(item);
    }
    return out;
  }
  return isRecord(value) ? nested.run(value, sub) : value;
}

/** Whether a value a field needs is there and usable (text that is not only spaces). */
function usableNeed(field: PlannedField, value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value !== 'string') return true;
  const type = field.spec.type;
  return (
    !(type === 'id' || type === 'text' || type === 'enum' || type === 'date' || type === 'datetime') ||
    value.trim() !== ''
  );
}

/** Checks a needed field's value; fails as a view's read of it would. */
function checkNeed(field: PlannedField, value: unknown, raw: RawRecord, check: Checking): void {
  const need = field.need!;
  if (need.kind === 'value') {
    if (!usableNeed(field, value)) check.missing(raw, need.label, field.spec);
  } else if (need.kind === 'texts') {
    if (value !== undefined && value !== null && !hasTexts(value, need.inside))
      check.missing(raw, venueName(field.spec), field.spec, 'has an unreadable');
  }
}

/**
 * The plan for records of one key list, compiled into one function: each
 * field's candidate keys read under their names, typed and converted in
 * place, the needs checked, then the shaped record made by one object
 * literal compiled per layout (which fields were found, which keys were read
 * for them, so which pass through under their own names or under _service).
 *
 * Why compiled (the only way records are shaped, for every server): a loop
 * over a field list reads `raw[key]` and writes `out[name]` at one load and
 * one store site that see every name, which V8 handles as megamorphic
 * lookups. 100,000 products of 25 fields read and rebuilt that way took 100 to
 * 170 ms on their own; read and rebuilt by code written out per key list,
 * where each site sees one name and one layout, 5 to 30 ms. The keys and
 * names go into the source only as JSON string literals, never as code; the
 * tests that are more than a type check (enumeration words, nested records,
 * the needs) are functions the code calls.
 */
function compilePlan(shape: RecordShape, keys: readonly string[]): Plan {
  const fields = plannedFields(shape, keys);
  const byPosition = [...fields].sort((a, b) => a.position - b.position);
  const venueNames = new Set(byPosition.map((f) => fieldKey(f.name)));
  const taken = keys.map((key) => venueNames.has(fieldKey(key)));
  const candidateKeys = [...new Set(fields.flatMap((f) => f.candidates))].sort((a, b) => a - b);
  // A field whose one candidate key no other field may read (most fields, at any server) needs no note of
  // whether that key was read: nothing else reads it, and it was read exactly when the field was found
  // (taken or null). Only the keys several fields may read, or read for a field of several, are noted (u<k>):
  // less code to run before it is optimised, and less to optimise.
  const readers = new Map<number, number>();
  for (const f of fields) for (const k of f.candidates) readers.set(k, (readers.get(k) ?? 0) + 1);
  const alone = (f: PlannedField) => f.candidates.length === 1 && readers.get(f.candidates[0]!) === 1;
  const keyOfAlone = new Map(fields.filter(alone).map((f) => [f.candidates[0]!, f]));
  const notedKeys = candidateKeys.filter((k) => !keyOfAlone.has(k));
  // F[position]: the field's metadata, with the word reader of an enumeration.
  const meta = byPosition.map((f) => ({
    ...f,
    word: f.spec.type === 'enum' && f.spec.words ? wordReader(f.spec) : undefined,
  }));

  const lines: string[] = [];
  const fieldVar = (f: PlannedField) => `f${f.position}`;
  const rawVar = (f: PlannedField) => `g${f.position}`;
  lines.push(`let v;`);
  if (notedKeys.length) lines.push(`let ${notedKeys.map((k) => `u${k} = false`).join(', ')};`);
  if (byPosition.length) lines.push(`let ${byPosition.map(fieldVar).join(', ')};`);
  const nestedFields = byPosition.filter((f) => f.nested);
  if (nestedFields.length) lines.push(`let ${nestedFields.map(rawVar).join(', ')};`);
  // Reading: each field's candidates in order (the lookup's rule, reading.ts above FieldType); a key read for
  // one field is not read for another. A null candidate decides: the service says the field is empty, kept as
  // null under venue's name, and no later name is tried. A candidate of another type is skipped; the first is
  // remembered (wrongVar) for the check that a field whose names hold only such values is unreadable.
  const wrongVar = (f: PlannedField) => `w${f.position}`;
  const typed = fields.filter((f) => f.candidates.length > 0 && f.spec.type !== 'any');
  if (typed.length) lines.push(`let ${typed.map((f) => `${wrongVar(f)} = -1`).join(', ')};`);
  for (const field of fields) {
    if (field.candidates.length === 0) continue;
    const at = String(field.position);
    const take = field.nested ? `${rawVar(field)} = v;` : `${fieldVar(field)} = ${conversionOf(field, at)};`;
    if (alone(field)) {
      const k = field.candidates[0]!;
      const remember = field.spec.type === 'any' ? '' : ` else ${wrongVar(field)} = ${k};`;
      lines.push(
        `v = r[${literal(keys[k]!)}]; if (v !== undefined) { if (v === null) ${fieldVar(field)} = null; else if (${testOf(field, at)}) { ${take} }${remember} }`,
      );
      continue;
    }
    lines.push(`b${at}: {`);
    for (const k of field.candidates) {
      const remember = field.spec.type === 'any' ? '' : ` if (${wrongVar(field)} < 0) ${wrongVar(field)} = ${k};`;
      lines.push(
        `  if (!u${k}) { v = r[${literal(keys[k]!)}]; if (v !== undefined) { if (v === null) { u${k} = true; ${fieldVar(field)} = null; break b${at}; } if (${testOf(field, at)}) { u${k} = true; ${take} break b${at}; }${remember} } }`,
      );
    }
    lines.push(`}`);
  }
  // A field not found whose names hold a value of another type that no field read is unreadable (exit 6 naming
  // it): checked with the needs, field by field in the order a view's reads would meet them (the needs first).
  // (A key noted as read was read by another field; the one key of a field alone was not read when it is noted wrong.)
  const readByAnother = (f: PlannedField) =>
    alone(f) ? '' : ` && !${f.candidates.map((k) => `(${wrongVar(f)} === ${k} && u${k})`).join(' && !')}`;
  const unreadableCheck = (f: PlannedField) =>
    f.candidates.length > 0 && f.spec.type !== 'any'
      ? `if (${fieldVar(f)} === undefined && ${wrongVar(f)} >= 0${readByAnother(f)}) c.unreadable(r, F[${f.position}].spec, KEYS[${wrongVar(f)}]);`
      : undefined;
  // Checking: field by field in the table's order (as a view reads them), each field's type first (a value of
  // another type alone is unreadable), then its need; nested records are shaped (and checked) in that order too.
  // A need of records is of a field that holds records of a nested shape (the shapes say so: checked by their test).
  const needed = Object.keys(shape.needs ?? {})
    .map((name) => meta.find((f) => f.name === name))
    .filter(
      (f): f is (typeof meta)[number] => f !== undefined && (f.need?.kind !== 'records' || f.nested !== undefined),
    );
  const shapeNested = (f: PlannedField, check: string) =>
    `if (${rawVar(f)} !== undefined) ${fieldVar(f)} = nestedValue(F[${f.position}], ${rawVar(f)}, r, ${check});`;
  const checks = byPosition.map(unreadableCheck).filter((line) => line !== undefined);
  if (needed.length || checks.length) {
    lines.push(`if (c !== undefined) {`);
    for (const f of byPosition) {
      const unreadable = unreadableCheck(f);
      if (unreadable) lines.push(`  ${unreadable}`);
      if (!needed.some((n) => n.position === f.position)) continue;
      if (f.need?.kind === 'records') lines.push(`  ${shapeNested(f, 'c')}`);
      else lines.push(`  checkNeed(F[${f.position}], ${fieldVar(f)}, r, c);`);
    }
    lines.push(`} else {`);
    for (const f of needed) if (f.need?.kind === 'records') lines.push(`  ${shapeNested(f, 'undefined')}`);
    lines.push(`}`);
  }
  const shapedWithNeeds = new Set(needed.filter((f) => f.need?.kind === 'records').map((f) => f.position));
  for (const f of nestedFields) if (!shapedWithNeeds.has(f.position)) lines.push(shapeNested(f, 'undefined'));
  // The layout: which fields were found, which noted keys were read; one number while it fits in 52 bits.
  const bits = [...byPosition.map((f) => `${fieldVar(f)} !== undefined`), ...notedKeys.map((k) => `u${k}`)];
  const chunks: string[] = [];
  for (let i = 0; i < bits.length; i += 52)
    chunks.push(
      bits
        .slice(i, i + 52)
        .map((bit, j) => `(${bit} ? ${2 ** j} : 0)`)
        .join(' + ') || '0',
    );
  const signature = chunks.length <= 1 ? (chunks[0] ?? '0') : chunks.map((c) => `(${c})`).join(` + "," + `);
  lines.push(`const s = ${signature};`);
  const args = ['r', ...byPosition.map(fieldVar)].join(', ');
  lines.push(`return (s === P.signature ? P.make : P.layout(s))(${args});`);

  const layouts = new Map<number | string, Layout>();
  const holder = {
    signature: undefined as number | string | undefined,
    make: undefined as Layout | undefined,
    layout(signature: number | string): Layout {
      let make = layouts.get(signature);
      if (!make) {
        make = compileLayout(signature);
        if (layouts.size >= MAX_LAYOUTS) layouts.clear();
        layouts.set(signature, make);
      }
      holder.signature = signature;
      holder.make = make;
      return make;
    },
  };

  /** The object literal of one layout: the fields found in the table's order, then the keys no field read. */
  function compileLayout(signature: number | string): Layout {
    const values = typeof signature === 'number' ? [signature] : signature.split(',').map(Number);
    const bit = (i: number) => Math.floor(values[Math.floor(i / 52)]! / 2 ** (i % 52)) % 2 === 1;
    const found = byPosition.filter((_f, i) => bit(i));
    // The key of a field alone was read when its field was found (a nested field's value is never undefined once read).
    const used = new Set([
      ...notedKeys.filter((_k, j) => bit(byPosition.length + j)),
      ...[...keyOfAlone].filter(([, f]) => found.includes(f)).map(([k]) => k),
    ]);
    const properties = found.map((f) => property(f.name, fieldVar(f)));
    const others: string[] = [];
    keys.forEach((key, i) => {
      if (used.has(i)) return;
      // A key no field read passes through under its own name; one venue gives to a field goes under _service.
      if (taken[i]) others.push(property(key, `r[${literal(key)}]`));
      else properties.push(property(key, `r[${literal(key)}]`));
    });
    if (others.length) properties.push(property(SERVICE_FIELDS, `{ ${others.join(', ')} }`));
    return new Function(args, `"use strict"; return { ${properties.join(', ')} };`) as Layout;
  }

  const run = new Function(
    'KEYS',
    'F',
    'P',
    'accepts',
    'asNumber',
    'asBoolean',
    'isRecord',
    'DIGIT',
    'nestedValue',
    'checkNeed',
    `"use strict"; return function plan(r, c) {\n${lines.join('\n')}\n};`,
  )(keys, meta, holder, accepts, asNumber, asBoolean, isRecord, DIGIT, nestedValue, checkNeed) as Plan['run'];
  return { keys: [...keys], run };
}

/** A layout's maker: the record, then each field's value by its place in the table. */
type Layout = (raw: RawRecord, ...values: unknown[]) => RawRecord;

const SHAPED = Symbol.for('venue.shapedRecord');
const SHAPE = Symbol.for('venue.shapedAs');

/**
 * A listing's row already read into venue's shape (shapeRecord): a small
 * holder of the shaped record, its shape and the service's own record
 * (withSource, for --raw), which the output prints as it is rather than
 * shaping the record again. The shaped record itself carries nothing else:
 * JSON.stringify writes a plain object fastest. `shaped` is
 * shapeRecord(raw, shape), when the caller has it already.
 */
export function shapedRow(raw: RawRecord, shape: RecordShape, shaped: unknown = shapeRecord(raw, shape)): object {
  return withSource({ [SHAPED]: shaped, [SHAPE]: shape }, raw);
}

/** The record a row made by shapedRow holds, in whatever shape it was made (a write's outcome row): undefined for any other row. */
export function shapedRecordIn(row: unknown): unknown {
  if (row === null || typeof row !== 'object') return undefined;
  const held = row as Record<symbol, unknown>;
  return held[SHAPE] === undefined ? undefined : held[SHAPED];
}

/** The record a row made by shapedRow holds in shape, if it was made in that one. */
export function shapedRecordOf(row: unknown, shape: RecordShape): unknown {
  if (row === null || typeof row !== 'object') return undefined;
  const held = row as Record<symbol, unknown>;
  return held[SHAPE] === shape ? held[SHAPED] : undefined;
}

// ---------------------------------------------------------------- the documentation

/** docs/records.md: every record shape, generated from the field tables (`npm run docs:commands` writes it). */
export function recordsMarkdown(): string {
  const lines = [
    '# Record shapes',
    '',
    '<!-- Generated from src/lib/records.ts and the field tables of src/lib/<service>/fields.ts by `npm run docs:commands`; test/unit/lib/records.test.ts fails when it is stale. -->',
    '',
    'Machine formats (`-o json`, `ndjson`, `csv`), `--fields` and `--query` carry each resource in one',
    "shape, the same at every venue: venue's field names below, whatever the service calls them (any",
    'casing, the other words listed, inside any envelope), values read through their type (numbers as',
    "numbers, yes/no as booleans, enumerations as venue's words, epoch times as ISO 8601).",
    '',
    '- A field the service does not send is absent; one it sends as `null` is `null`, and no later name is tried in its place.',
    '- A field whose names hold only values of another type (`"fifty"` where a number is due) is unreadable: exit 6 naming it, never absent (docs/tolerant-reading.md).',
    "- Fields venue does not know pass through under the service's own names: nothing is dropped.",
    `- A service field whose name venue uses for another value (a text \`productId: "P-1"\` beside the numeric id venue reads) is kept under \`${SERVICE_FIELDS}\`, with its own name.`,
    `- A field holding records of another shape (a product's \`stockLevels\`) takes a record or a list of them; a value of another kind (\`"n/a"\`) is the service's, kept under \`${SERVICE_FIELDS}\` when venue uses its name.`,
    "- `--raw` gives the service's records as it sent them instead (its own names and values).",
    "- `venue <command> --fields help` lists a command's fields.",
    '',
  ];
  lines.push(
    '## Write outcomes',
    '',
    "Every command that writes prints its outcome in one shape, the same at every venue and in every dialect: the outcome fields beside the service's record in venue's names (below, each resource's shape). `--raw` prints the service's answer as it sent it instead.",
    '',
    '| field | holds |',
    '|---|---|',
    ...Object.entries(OUTCOME_FIELD_WORDS).map(([name, words]) => `| \`${name}\` | ${words} |`),
    '',
    'A list of writes (`booking release --all`, `inventory receipts run`) prints one such record per write.',
    '',
  );
  const seen = new Set<RecordShape>();
  const all: Array<[string, RecordShape]> = [];
  const visit = (key: string, shape: RecordShape) => {
    if (seen.has(shape)) return;
    seen.add(shape);
    all.push([key, shape]);
    for (const [name, inner] of Object.entries(shape.nested ?? {})) visit(`${key}.${name}`, inner);
  };
  for (const [key, shape] of Object.entries(RECORD_SHAPES)) visit(key, shape);
  for (const [, shape] of all) {
    lines.push(
      `## ${shape.service}: ${shape.name}`,
      '',
      '| field | type | also read from | holds |',
      '|---|---|---|---|',
    );
    for (const spec of Object.values(shape.table)) {
      if (!isSpecLike(spec)) continue;
      const name = venueName(spec);
      const inner = shape.nested?.[name];
      const words = spec.words ? ` (${Object.keys(spec.words).join(', ')})` : '';
      lines.push(
        `| \`${name}\` | ${spec.type}${words} | ${spec.names.slice(1).join(', ') || '—'} | ${inner ? `${inner.service}: ${inner.name}` : ''} |`,
      );
    }
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
