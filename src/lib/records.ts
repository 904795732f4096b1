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
// any caller (the renderer, `venue mcp`) shapes the same way. Records of one
// key list (every row of a listing) share one compiled plan: each row is read
// once, by the plan's candidate keys, never by scanning every key for each
// synonym, and a shaped row copies the key layout of an earlier row with the
// same fields found (shapedByLayout) rather than adding its keys one by one.
// A record already in venue's shape (a service speaking venue's names and
// types, in the table's order) is its own shaped record: it is checked, not
// copied (Plan.ownFields).

import {
  accepts,
  asBoolean,
  asEnum,
  asNumber,
  fieldKey,
  hasExactlyKeys,
  isRecord,
  sameKeys,
  withSource,
  type FieldSpec,
  type FieldTable,
  type RawRecord,
} from './reading.js';
import { BOOKING_TABLES } from './booking/fields.js';
import { INVENTORY_TABLES, healthFields } from './inventory/fields.js';
import { WALLET_TABLES, locationFields } from './wallet/fields.js';
import { subscriberFields } from './webhooks/fields.js';

/** A resource's record shape: its field table, and the shapes of the records nested in its fields (by venue name). */
export interface RecordShape {
  /** The resource, in words: "product", "slot". */
  readonly name: string;
  /** The service and what it is, for the documentation. */
  readonly service: string;
  readonly table: FieldTable;
  /** A field holding a record, or a list of records, of another shape. */
  readonly nested?: Readonly<Record<string, RecordShape>>;
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
): RecordShape => ({ service, name, table, nested });

const amount = shape('wallet', 'amount', WALLET_TABLES.amount);
const walletLocation = shape('wallet', 'card location', locationFields);
const reservation = shape('booking', 'reservation', BOOKING_TABLES.reservation);
const productStock = shape('inventory', 'product stock entry', INVENTORY_TABLES.productStock);
const productSupplier = shape('inventory', 'product supplier link', INVENTORY_TABLES.productSupplier);

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
  product: shape('inventory', 'product', INVENTORY_TABLES.product, {
    stockLevels: productStock,
    suppliers: productSupplier,
  }),
  category: shape('inventory', 'category', INVENTORY_TABLES.category),
  class: shape('inventory', 'class', INVENTORY_TABLES.class),
  warehouse: shape('inventory', 'warehouse', INVENTORY_TABLES.warehouse),
  taxGroup: shape('inventory', 'tax group', INVENTORY_TABLES.taxGroup),
  container: shape('inventory', 'container type', INVENTORY_TABLES.container),
  supplier: shape('inventory', 'supplier', INVENTORY_TABLES.supplier),
  stockLevel: shape('inventory', 'stock level', INVENTORY_TABLES.stockLevel),
  health: shape('inventory', 'health', healthFields),
  // webhooks
  subscriber: shape('webhooks', 'webhook subscriber', subscriberFields),
} as const satisfies Record<string, RecordShape>;

// ---------------------------------------------------------------- shaping

/** A field of a plan: venue's name, its spec, the record's keys that may hold it (best first). */
interface PlannedField {
  readonly name: string;
  readonly spec: FieldSpec;
  readonly candidates: readonly number[];
  readonly nested?: RecordShape;
  /** Its place in the table: records list their fields in the table's order, whichever was found first. */
  readonly position: number;
  /** A quick test that a value is kept as it is when shaped (see keptAsIsTest). */
  readonly keptAsIs: (value: unknown) => boolean;
}

/** How records of one key list are read into a shape. */
interface Plan {
  readonly keys: readonly string[];
  /** Fields whose own (venue) name is among the keys first, then those found by a synonym. */
  readonly fields: readonly PlannedField[];
  /** Per key: whether its name, folded, is one venue gives to a field of the shape. */
  readonly taken: readonly boolean[];
  /** The fields in the table's order. */
  readonly ordered: readonly PlannedField[];
  /** How many fields the table has. */
  readonly size: number;
  /** The shaped records' key lists met so far, each as an object to copy (see shapeRecord); none when the keys cannot be counted in a mask. */
  readonly layouts?: Map<number, Map<number, RawRecord>>;
  /**
   * Per key, the field it is the own name of, when records of this key list
   * may already be in venue's names: every key a field's own name (and that
   * field's only candidate) or one no field reads nor venue gives to a field.
   * Undefined otherwise. Such a record whose values all read as they are
   * (keptWhole) is its own shaped record when inOrder, else the same values
   * in venue's order (reorder).
   */
  readonly ownFields?: ReadonlyArray<PlannedField | undefined>;
  /** Whether the keys are already in venue's order: the fields in the table's order, then the keys no field reads. */
  readonly inOrder: boolean;
  /** Made at first use: a record of these keys, its values in venue's order (see reorderOf). */
  reorder?: (raw: RawRecord) => RawRecord;
  /** Made at first use: keptWhole for records of these keys (see keptWholeOf). */
  keptWhole?: (raw: RawRecord) => boolean;
}

/** Masks are sums of powers of two, exact up to 2^52: wider records are shaped key by key. */
const MASK_BITS = 52;
const POWERS = Array.from({ length: MASK_BITS }, (_, i) => 2 ** i);
/** Layouts kept per plan: rows of one listing have a few. */
const MAX_LAYOUTS = 256;

const plansByShape = new WeakMap<RecordShape, Map<string, Plan>>();
const lastPlans = new WeakMap<RecordShape, Plan>();

function planFor(shape: RecordShape, keys: readonly string[], signature: string): Plan {
  let plans = plansByShape.get(shape);
  if (!plans) plansByShape.set(shape, (plans = new Map()));
  let plan = plans.get(signature);
  if (plan) return plan;
  const byFolded = new Map<string, number[]>();
  keys.forEach((key, i) => {
    const folded = fieldKey(key);
    const list = byFolded.get(folded);
    if (list) list.push(i);
    else byFolded.set(folded, [i]);
  });
  const own: PlannedField[] = [];
  const bySynonym: PlannedField[] = [];
  const venueNames = new Set<string>();
  let position = 0;
  for (const spec of Object.values(shape.table)) {
    if (!isSpecLike(spec)) continue;
    const name = venueName(spec);
    venueNames.add(fieldKey(name));
    const candidates: number[] = [];
    for (const candidate of spec.names) {
      const at = byFolded.get(fieldKey(candidate)) ?? [];
      // The exact spelling first, then any casing.
      for (const i of [...at].sort((a, b) => Number(keys[b] === candidate) - Number(keys[a] === candidate)))
        if (!candidates.includes(i)) candidates.push(i);
    }
    const nested = shape.nested?.[name];
    const planned: PlannedField = {
      name,
      spec,
      candidates,
      nested,
      position: position++,
      keptAsIs: keptAsIsTest(spec, nested),
    };
    // A key that is the field's own name is read for it before any other field takes it as a synonym.
    if (byFolded.has(fieldKey(name))) own.push(planned);
    else bySynonym.push(planned);
  }
  // A key "__proto__" is assigned, not copied, by the key-by-key way: such records never take a layout.
  const layouts =
    position <= MASK_BITS && keys.length <= MASK_BITS && !keys.includes('__proto__')
      ? new Map<number, Map<number, RawRecord>>()
      : undefined;
  const taken = keys.map((k) => venueNames.has(fieldKey(k)));
  const fields = [...own, ...bySynonym];
  const asOwn = ownFieldsOf(keys, fields, taken);
  plan = {
    keys: [...keys],
    fields,
    taken,
    size: position,
    ordered: [...fields].sort((a, b) => a.position - b.position),
    layouts,
    ownFields: asOwn?.fields,
    inOrder: asOwn?.inOrder ?? false,
  };
  if (plans.size >= 1_000) plans.clear();
  plans.set(signature, plan);
  return plan;
}

/** See Plan.ownFields and Plan.inOrder. */
function ownFieldsOf(
  keys: readonly string[],
  fields: readonly PlannedField[],
  taken: readonly boolean[],
): { fields: Array<PlannedField | undefined>; inOrder: boolean } | undefined {
  if (keys.includes('__proto__')) return undefined;
  const out: Array<PlannedField | undefined> = [];
  let lastPosition = -1;
  let passedThrough = false;
  let inOrder = true;
  for (let i = 0; i < keys.length; i++) {
    const readers = fields.filter((f) => f.candidates.includes(i));
    if (readers.length === 0) {
      // A key no field reads passes through under its own name, after the fields; one venue gives to a field goes under _service.
      if (taken[i]) return undefined;
      passedThrough = true;
      out.push(undefined);
      continue;
    }
    const field = readers[0]!;
    if (readers.length > 1 || field.name !== keys[i] || field.candidates.length !== 1) return undefined;
    if (passedThrough || field.position < lastPosition) inOrder = false;
    lastPosition = field.position;
    out.push(field);
  }
  return { fields: out, inOrder };
}

/**
 * A record of the plan's keys, in venue's order: its fields in the table's
 * order, then the keys no field reads in the record's order, the values as
 * they are. What the full way makes of a record keptWhole finds in another
 * order (a service listing a stock level's product name before its
 * warehouse), made by one object literal compiled for the key list: copying
 * a layout and setting each value cost three times as much. The keys go into
 * the source as JSON string literals, never as code.
 */
function reorderOf(plan: Plan): (raw: RawRecord) => RawRecord {
  if (plan.reorder) return plan.reorder;
  const own = plan.ownFields!;
  const fieldKeys = plan.ordered.filter((field) => own.includes(field)).map((field) => field.name);
  const passedThrough = plan.keys.filter((_key, i) => own[i] === undefined);
  const properties = [...fieldKeys, ...passedThrough].map((key) => `${JSON.stringify(key)}: r[${JSON.stringify(key)}]`);
  plan.reorder = new Function('r', `"use strict"; return { ${properties.join(', ')} };`) as (
    raw: RawRecord,
  ) => RawRecord;
  return plan.reorder;
}

/** A record keptWhole found, as its shaped record: itself, or its values in venue's order. */
function keptShaped(raw: RawRecord, plan: Plan): RawRecord {
  return plan.inOrder ? raw : reorderOf(plan)(raw);
}

/**
 * The quick tests that are a type check, as code testing `v`: compiled into
 * keptWhole (keptWholeOf) and, alone, into keptAsIsTest's test, so the test
 * that holds keptAsIsTest to the full reading holds this code too.
 */
const QUICK_TESTS = {
  text: `typeof v === "string" || Number.isFinite(v)`,
  id: `typeof v === "string" || Number.isInteger(v)`,
  ref: `Number.isInteger(v)`,
  integer: `Number.isInteger(v)`,
  number: `Number.isFinite(v)`,
  money: `Number.isFinite(v)`,
  boolean: `typeof v === "boolean"`,
  date: `typeof v === "string" && digit.test(v)`,
  datetime: `typeof v === "string" && digit.test(v)`,
} satisfies Partial<Record<FieldSpec['type'], string>>;
const HAS_DIGIT = /\d/;

const typeChecks = new Map<keyof typeof QUICK_TESTS, (value: unknown) => boolean>();
function typeCheckOf(type: keyof typeof QUICK_TESTS): (value: unknown) => boolean {
  let check = typeChecks.get(type);
  if (!check)
    typeChecks.set(
      type,
      (check = new Function('digit', `"use strict"; return (v) => ${QUICK_TESTS[type]};`)(HAS_DIGIT) as (
        value: unknown,
      ) => boolean),
    );
  return check;
}

/**
 * A quick test that shaping keeps a value as it is: true only when accepts()
 * takes it and machineValue() gives it back unchanged (nested records their
 * own shaped records). False means "not known this quickly": the full test
 * (keptAsItIs) then decides, so this only ever saves work. It types a JSON
 * value in a comparison or two where the full test goes through the general
 * readers: on a 100,000-row listing in venue's dialect the full test cost
 * three quarters of the shaping. test/unit/lib/records.test.ts holds it to
 * the full way over every type and a spread of values.
 */
export function keptAsIsTest(spec: FieldSpec, nested: RecordShape | undefined): (value: unknown) => boolean {
  switch (spec.type) {
    case 'enum': {
      if (!spec.words) return (value) => typeof value === 'string';
      // An enumeration has few words: the full test's answer for each is remembered. machineValue reads only
      // the field's spec (an enum has no nested shape), so a field made of the spec alone asks it.
      const field: PlannedField = { name: venueName(spec), spec, candidates: [], position: 0, keptAsIs: () => false };
      const known = new Map<unknown, boolean>();
      return (value) => {
        if (typeof value !== 'string' && typeof value !== 'number') return false;
        let kept = known.get(value);
        if (kept === undefined) {
          kept = accepts(spec, value) && machineValue(field, value) === value;
          if (known.size < 256) known.set(value, kept);
        }
        return kept;
      };
    }
    case 'record':
      return nested ? (value) => isRecord(value) && shapeRecord(value, nested) === value : isRecord;
    case 'list':
    case 'any':
      if (nested) return (value) => allKept(value, nested);
      return spec.type === 'list' ? Array.isArray : () => true;
    case 'texts':
      return (value) => typeof value === 'string' || Array.isArray(value);
    default:
      return typeCheckOf(spec.type);
  }
}

/**
 * Whether a record has exactly the plan's keys, in its order, and is its own
 * shaped record (each value keptAsItIs), found in one walk of its keys without
 * listing them first. A key for-in finds that Object.keys would not (one
 * inherited) makes the lists differ: then the caller takes the full way.
 */
function keptWhole(raw: RawRecord, plan: Plan): boolean {
  return (plan.keptWhole ??= keptWholeOf(plan))(raw);
}

/**
 * keptWhole for one plan, compiled: the walk of the keys, then each field's
 * value read under its name and typed by the quick test of its type written
 * out in the code, the full test (keptAsItIs) deciding when the quick one
 * says no. With one test closure a field, called through one call site that
 * saw every type's closure, 100,000 products took 65 ms to shape; compiled,
 * 27 ms. The keys go into the source as JSON string literals,
 * never as code; the tests that are more than a type check (enumerations,
 * nested records) stay closures, handed in.
 */
function keptWholeOf(plan: Plan): (raw: RawRecord) => boolean {
  const own = plan.ownFields!;
  const checks = plan.keys.map((key, i) => {
    const field = own[i];
    if (field === undefined) return '';
    const quick = QUICK_TESTS[field.spec.type as keyof typeof QUICK_TESTS] ?? `fields[${i}].keptAsIs(v)`;
    // A key holding undefined (not from JSON) is never kept (see keptAsItIs); null always is.
    return `v = r[${JSON.stringify(key)}]; if (v === undefined || (v !== null && !(${quick}) && !full(fields[${i}], v))) return false;`;
  });
  const source = `"use strict"; return function keptWhole(r) {
    if (!hasExactlyKeys(r, keys)) return false;
    let v;
    ${checks.filter(Boolean).join('\n    ')}
    return true;
  };`;
  return new Function('keys', 'fields', 'full', 'hasExactlyKeys', 'digit', source)(
    plan.keys,
    own,
    keptAsItIs,
    hasExactlyKeys,
    HAS_DIGIT,
  ) as (raw: RawRecord) => boolean;
}

/** Whether a value is a list whose every item is its own shaped record (a nested list kept as it is). */
function allKept(value: unknown, nested: RecordShape): boolean {
  if (!Array.isArray(value)) return false;
  for (let i = 0; i < value.length; i++) if (shapeRecord(value[i], nested) !== value[i]) return false;
  return true;
}

/** Whether shaping keeps a field's value as it is: read as it is (machineValue gives it back), nested records their own shaped records. */
function keptAsItIs(field: PlannedField, value: unknown): boolean {
  // A key holding undefined (not from JSON) is left out by the full way: never kept.
  if (value === undefined) return false;
  if (value === null || field.keptAsIs(value)) return true;
  if (!accepts(field.spec, value)) return false;
  if (field.nested && Array.isArray(value) && (field.spec.type === 'list' || field.spec.type === 'any'))
    return value.every((item) => shapeRecord(item, field.nested!) === item);
  return machineValue(field, value) === value;
}

/** A record in venue's names (see the top of this file). A value that is not a record is returned as it is. */
export function shapeRecord(raw: unknown, shape: RecordShape): unknown {
  if (!isRecord(raw)) return raw;
  // Most rows of a listing are in the last plan's keys, and in a service speaking venue's names are kept whole.
  const recent = lastPlans.get(shape);
  if (recent?.ownFields && keptWhole(raw, recent)) return keptShaped(raw, recent);
  const keys = Object.keys(raw);
  // Rows of a listing share their keys: the last plan is compared key by key before any text is built.
  const plan = recent && sameKeys(recent.keys, keys) ? recent : planFor(shape, keys, keys.join('\u0000'));
  if (plan !== recent) {
    lastPlans.set(shape, plan);
    // A service that speaks venue's names and types (the venue dialect) needs no copy.
    if (plan.ownFields && keptWhole(raw, plan)) return keptShaped(raw, plan);
  }
  return copied(raw, keys, plan);
}

/**
 * shapeRecord the full way, every record copied field by field: the
 * reference the quick ways (keptWhole) are tested against.
 */
export function shapeRecordByCopy(raw: unknown, shape: RecordShape): unknown {
  if (!isRecord(raw)) return raw;
  const keys = Object.keys(raw);
  return copied(raw, keys, planFor(shape, keys, keys.join('\u0000')));
}

/** A record read field by field into its shape (the full way). */
function copied(raw: RawRecord, keys: readonly string[], plan: Plan): RawRecord {
  const used = new Uint8Array(keys.length);
  const values: unknown[] = new Array(plan.size);
  for (const field of plan.fields) {
    let nullAt = -1;
    let found = -1;
    for (const i of field.candidates) {
      if (used[i]) continue;
      const value = raw[keys[i]!];
      if (value === undefined) continue;
      if (value === null) {
        if (nullAt < 0) nullAt = i;
        continue;
      }
      if (accepts(field.spec, value)) {
        found = i;
        break;
      }
    }
    if (found >= 0) {
      used[found] = 1;
      values[field.position] = machineValue(field, raw[keys[found]!]);
    } else if (nullAt >= 0) {
      // The service says the field is empty: kept as null under venue's name.
      used[nullAt] = 1;
      values[field.position] = null;
    }
  }
  if (plan.layouts) return shapedByLayout(raw, keys, plan, plan.layouts, values, used);
  return shapedKeyByKey(raw, keys, plan, values, used);
}

const SHAPED = Symbol.for('venue.shapedRecord');
const SHAPE = Symbol.for('venue.shapedAs');

/**
 * A listing's row already read into venue's shape (shapeRecord): a small
 * holder of the shaped record, its shape and the service's own record
 * (withSource, for --raw), which the output prints as it is rather than
 * shaping the record again. The shaped record itself carries nothing else:
 * JSON.stringify writes a plain object fastest. A listing in a machine format
 * reads each record once this way (its checks apart, see the client).
 * `shaped` is shapeRecord(raw, shape), when the caller has it already.
 */
export function shapedRow(raw: RawRecord, shape: RecordShape, shaped: unknown = shapeRecord(raw, shape)): object {
  return withSource({ [SHAPED]: shaped, [SHAPE]: shape }, raw);
}

/** The record a row made by shapedRow holds in shape, if it was made in that one. */
export function shapedRecordOf(row: unknown, shape: RecordShape): unknown {
  if (row === null || typeof row !== 'object') return undefined;
  const held = row as Record<symbol, unknown>;
  return held[SHAPE] === shape ? held[SHAPED] : undefined;
}

function shapedKeyByKey(
  raw: RawRecord,
  keys: readonly string[],
  plan: Plan,
  values: readonly unknown[],
  used: Uint8Array,
): RawRecord {
  const out: RawRecord = {};
  for (const field of plan.ordered) if (values[field.position] !== undefined) out[field.name] = values[field.position];
  let others: RawRecord | undefined;
  for (let i = 0; i < keys.length; i++) {
    if (used[i]) continue;
    const key = keys[i]!;
    if (plan.taken[i] || Object.hasOwn(out, key)) (others ??= {})[key] = raw[key];
    else out[key] = raw[key];
  }
  if (others) out[SERVICE_FIELDS] = others;
  return out;
}

/**
 * The same record as shapedKeyByKey makes, made faster. Adding keys one by one
 * to a new object cost more than all the reading of a listing's row (each
 * add changes the object's hidden class through a store that sees every
 * key). Which keys a shaped record has, in which order, follows from which
 * fields were found and which of the record's keys were used (a passed-through
 * key that venue gives to a field goes under _service, see `taken`): the first
 * record of each such layout is made key by key, and later ones copy its keys
 * (values then overwritten), so no key is added one at a time again.
 */
function shapedByLayout(
  raw: RawRecord,
  keys: readonly string[],
  plan: Plan,
  layouts: Map<number, Map<number, RawRecord>>,
  values: readonly unknown[],
  used: Uint8Array,
): RawRecord {
  let found = 0;
  for (const field of plan.ordered) if (values[field.position] !== undefined) found += POWERS[field.position]!;
  let taken = 0;
  for (let i = 0; i < keys.length; i++) if (used[i]) taken += POWERS[i]!;
  let byUsed = layouts.get(found);
  const template = byUsed?.get(taken);
  if (template === undefined) {
    const out = shapedKeyByKey(raw, keys, plan, values, used);
    if (!byUsed) {
      if (layouts.size >= MAX_LAYOUTS) return out;
      layouts.set(found, (byUsed = new Map()));
    }
    if (byUsed.size < MAX_LAYOUTS) byUsed.set(taken, { ...out });
    return out;
  }
  const out: RawRecord = { ...template };
  for (const field of plan.ordered) {
    const value = values[field.position];
    if (value !== undefined) out[field.name] = value;
  }
  let others: RawRecord | undefined;
  for (let i = 0; i < keys.length; i++) {
    if (used[i]) continue;
    const key = keys[i]!;
    // A key venue gives to a field, or that is a found field's own name (then also one venue gives), goes under _service.
    if (plan.taken[i]) (others ??= {})[key] = raw[key];
    else out[key] = raw[key];
  }
  if (others) out[SERVICE_FIELDS] = others;
  return out;
}

/** A value as machine formats carry it: numbers as numbers, yes/no as booleans, venue's word for an enumeration, nested records shaped. */
function machineValue(field: PlannedField, value: unknown): unknown {
  const { spec, nested } = field;
  switch (spec.type) {
    case 'integer':
    case 'number':
      return asNumber(value) ?? value;
    case 'money':
      if (isRecord(value)) return nested ? shapeRecord(value, nested) : value;
      return asNumber(value) ?? value;
    case 'ref':
      return isRecord(value) ? value : (asNumber(value) ?? value);
    case 'boolean':
      return asBoolean(value) ?? value;
    case 'enum': {
      if (!spec.words) return value;
      const word = asEnum(value, spec.words);
      // A numeric code stays a number (productType 2), whatever casing of word a service sent.
      return typeof word === 'string' && /^\d+$/.test(word) ? Number(word) : word;
    }
    case 'datetime':
      // Epoch milliseconds become ISO 8601, as every other time in machine formats.
      return typeof value === 'number' && Number.isFinite(value) ? new Date(value).toISOString() : value;
    case 'record':
      return nested ? shapeRecord(value, nested) : value;
    case 'list':
    case 'any':
      if (nested && Array.isArray(value)) return value.map((item) => shapeRecord(item, nested));
      if (nested && isRecord(value)) return shapeRecord(value, nested);
      return value;
    default:
      return value;
  }
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
    '- A field the service does not send is absent; one it sends as `null` is `null`.',
    "- Fields venue does not know pass through under the service's own names: nothing is dropped.",
    `- A service field whose name venue uses for another value (a text \`productId: "P-1"\` beside the numeric id venue reads) is kept under \`${SERVICE_FIELDS}\`, with its own name.`,
    "- `--raw` gives the service's records as it sent them instead (its own names and values).",
    "- `venue <command> --fields help` lists a command's fields.",
    '',
  ];
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
