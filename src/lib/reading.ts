// The reading layer: how venue reads the answers of any faithful vendor
// server. The seeds leave response bodies "not shown", so a real service may
// name fields in any casing (cardNumber, CardNumber, card_number), use other
// words for them (synonym tables kept per service in <service>/fields.ts),
// wrap records and lists in envelopes, page in many ways and spell
// enumerations as it likes. Everything is read tolerantly here, once, for the
// three clients, and what cannot be read is said out loud: a field the command
// needs that is missing, or a 2xx body that is not a record, is an
// UnreadableAnswerError (exit 6) naming the service, the operation and what
// was missing. Nothing is invented in its place.

import { ServerError } from './errors.js';

export type RawRecord = Record<string, unknown>;

/** Where an answer came from, for messages: the wallet service, "read the card balance". */
export interface AnswerSource {
  service: string;
  operation: string;
  /**
   * The answer is a 2xx to a write: the service accepted it, so an answer that
   * cannot be read must not read as "nothing happened" (a rerun would double it).
   */
  accepted?: boolean;
}

/** A field's names: the canonical one first, then the synonyms services use. */
export type FieldNames = readonly string[];

/** A 2xx answer that does not hold what the command needs (exit 6). */
export class UnreadableAnswerError extends ServerError {
  constructor(
    readonly source: AnswerSource,
    problem: string,
    readonly body?: unknown,
  ) {
    super(`the ${source.service} service's answer to "${source.operation}" ${problem}`, {
      details: source.accepted
        ? ['The service answered with success, so it accepted this change: it was most likely applied.']
        : [],
      hint: source.accepted
        ? 'Do not run it again before checking that it was applied. Run with --verbose to see the answer; if the service names this field otherwise, report it.'
        : 'Nothing was assumed in its place. Run again with --verbose to see the answer; if the service names this field otherwise, report it.',
    });
    this.name = 'UnreadableAnswerError';
  }
}

/**
 * A 2xx answer about another thing than the one asked for (exit 6): a balance
 * of another card, a product with another id, sessions of another day.
 * Nothing of it is shown as if it were the thing asked for.
 */
export class AnswerMismatchError extends ServerError {
  constructor(
    readonly source: AnswerSource,
    /** venue's name of the field compared: cardNumber, productId, date. */
    readonly field: string,
    readonly asked: string,
    readonly answered: string,
    readonly body?: unknown,
  ) {
    super(
      `the ${source.service} service's answer to "${source.operation}" gives ${field} ${answered} where ${field} ${asked} was asked for`,
      {
        details: [`asked:    ${field} ${asked}`, `answered: ${field} ${answered}`],
        hint: source.accepted
          ? 'The service accepted the request (2xx) but answered about something else: check what it applied before running it again. Run with --verbose to see the answer.'
          : "Nothing of the answer was shown: it is not about what was asked. Run again with --verbose to see it; if it repeats, report it to the service's operator.",
      },
    );
    this.name = 'AnswerMismatchError';
  }
}

/**
 * Records with values that cannot be true (a session that ends before it
 * starts, places below zero). The command shows the data as the service
 * sent it, then fails with this (exit 6) naming each record.
 */
export class ImpossibleValuesError extends ServerError {
  constructor(
    readonly source: AnswerSource,
    readonly problems: readonly string[],
  ) {
    super(
      `the ${source.service} service's answer to "${source.operation}" has ${problems.length === 1 ? 'a record' : `${problems.length} records`} with values that cannot be true`,
      {
        details: problems.slice(0, 50).concat(problems.length > 50 ? [`… and ${problems.length - 50} more`] : []),
        hint: "The data above is as the service sent it; do not rely on the records named. Run with --verbose to see the answer, and report it to the service's operator.",
      },
    );
    this.name = 'ImpossibleValuesError';
  }
}

/** Undefined when nothing is impossible, else the error to throw once the data is shown. */
export function impossibleValues(source: AnswerSource, problems: readonly string[]): ImpossibleValuesError | undefined {
  return problems.length ? new ImpossibleValuesError(source, problems) : undefined;
}

/** Characters services mask card numbers with: "•••• 0001", "************0001", "XXXX-0001". */
const MASKED = /[*•xX#]{3,}/;

/**
 * Whether an id in an answer is the one asked for: the same text (spaces
 * around it ignored), the same digits when both are numbers ("0042" = 42),
 * or, for a masked card number, the same visible last digits.
 */
export function sameId(asked: string | number, answered: string | number): boolean {
  const a = String(asked).trim();
  const b = String(answered).trim();
  if (a === b) return true;
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) return BigInt(a) === BigInt(b);
  if (MASKED.test(b)) {
    const visible = b.replace(/\D/g, '');
    return visible.length >= 2 && a.replace(/\D/g, '').endsWith(visible.slice(-4));
  }
  return false;
}

/** Throws an AnswerMismatchError when a record names another id than the one asked for; an answer that names none is not checked. */
export function checkSame(
  source: AnswerSource,
  field: string,
  asked: string | number,
  answered: string | number | undefined,
  body?: unknown,
): void {
  if (answered === undefined) return;
  if (!sameId(asked, answered)) throw new AnswerMismatchError(source, field, String(asked), String(answered), body);
}

/** Field names compared without regard to case or separators: cardNumber = CardNumber = card_number. */
export function fieldKey(name: string): string {
  // The same few dozen field names come back on every row of every page: remember them.
  let key = fieldKeys.get(name);
  if (key === undefined) {
    key = name.toLowerCase().replace(/[^a-z0-9]/g, '');
    if (fieldKeys.size < 10_000) fieldKeys.set(name, key);
  }
  return key;
}
const fieldKeys = new Map<string, string>();

/** Error codes and enumeration values compare the same way: card_not_activated = CardNotActivated = CARD-NOT-ACTIVATED. */
export function sameWord(a: unknown, b: string): boolean {
  return typeof a === 'string' && fieldKey(a) === fieldKey(b);
}

/** A JSON object: not null, a list, or bytes (a Buffer or any other view of an ArrayBuffer; isView costs a fraction of Buffer.isBuffer's instanceof, and this runs for every record and nested record read). */
export function isRecord(value: unknown): value is RawRecord {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !ArrayBuffer.isView(value);
}

// ---------------------------------------------------------------- field types

/**
 * What a field holds, as the command uses it. The lookup takes a candidate
 * only when its JSON value can be that: a boolean `available` is no count of
 * places, a string "P-1" is no numeric id, an object is no text. The rule of
 * a field's lookup, for every read and every write's answer (RecordReader,
 * and records.ts's plans, which follow it):
 *
 * 1. Its names are tried in order (each name's exact spelling, then its
 *    other casings). A candidate of the wrong type is skipped (a decoy
 *    beside the real field, or another thing under a synonym), and the next
 *    name is tried.
 * 2. A candidate that is null decides: the service says the field is empty.
 *    The field is null (absent from a view), and no later name is tried: a
 *    value under a later synonym is another field's, never put in its place.
 * 3. When no name holds a value of its type, but one holds a value of
 *    another type that no other field of the record's table reads, the field
 *    is unreadable (an UnreadableAnswerError, exit 6, naming the field and
 *    the value): numbers written as words ("fifty"), an id of the wrong kind
 *    ("abc" where a numeric product id is due). Nothing is read as absent
 *    that the service sent.
 *
 * Names that mean another thing are not in a field's list (a product's
 * supplier link has no `supplierCode`: that is the supplier's own code).
 *
 * - text: words as sent (strings; numbers as their digits)
 * - id: an identifier kept as text (strings, whole numbers), or a reference record holding one as its id ({type: "categories", id: "SNACKS"})
 * - integer: a whole number (numbers, digit strings): counts, places, numeric ids
 * - number: any number (numbers, numeric strings)
 * - money: an amount: a number, or a record holding one ({amount, currency})
 * - boolean: true/false, 1/0, yes/no
 * - date, datetime: a string with digits (a datetime also as epoch milliseconds a date can hold)
 * - enum: a word of a table (strings; numbers only where the table has numeric words)
 * - ref: a numeric id, or a record holding one ({warehouse: {id: 1}})
 * - record, list: a nested record, a list
 * - texts: a list of words, or one text ("a, b"): barcodes, event types
 * - any: whatever is there (fields whose shapes vary too much to type)
 */
export type FieldType =
  | 'text'
  | 'id'
  | 'integer'
  | 'number'
  | 'money'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'enum'
  | 'ref'
  | 'record'
  | 'list'
  | 'texts'
  | 'any';

/** An enumeration: venue's word → the other words services use for it. */
export type EnumTable = Readonly<Record<string, readonly string[]>>;

/** One field venue reads: its type and its names (venue's first, then the synonyms services use). */
export interface FieldSpec<T extends FieldType = FieldType> {
  readonly type: T;
  readonly names: FieldNames;
  /** The words of an enum field. */
  readonly words?: EnumTable;
}

/** A resource's fields by venue's name. */
export type FieldTable = Readonly<Record<string, FieldSpec>>;

/** Where a field is looked up: a typed spec, or bare names (read as the method asks). */
export type FieldRef = FieldNames | FieldSpec;

function isSpec(ref: FieldRef): ref is FieldSpec {
  return !Array.isArray(ref);
}
function namesOf(ref: FieldRef): FieldNames {
  return isSpec(ref) ? ref.names : ref;
}

/** Declares a field: `field('integer', 'remaining', 'available', 'remainingCapacity')`. */
export function field<T extends FieldType>(type: T, ...names: string[]): FieldSpec<T> {
  return { type, names };
}
/** Declares an enum field with its words. */
export function wordField(words: EnumTable, ...names: string[]): FieldSpec<'enum'> {
  return { type: 'enum', names, words };
}

/**
 * The fields that share a table with each spec (a spec shared by several
 * tables, createdAt, has the fields of all of them): what rule 3 of the
 * lookup asks before calling a field unreadable, since a value of another
 * type under one of its names may be what another field of the record reads
 * (a card's `location` record beside the text locationName).
 */
const siblingsOf = new WeakMap<FieldSpec, Set<FieldSpec>>();

/** Registers a service's field tables (each fields.ts calls it for its own): see siblingsOf. */
export function fieldTables(tables: Readonly<Record<string, FieldTable>>): void {
  for (const table of Object.values(tables)) {
    const specs = Object.values(table).filter((spec): spec is FieldSpec => isRecord(spec) && Array.isArray(spec.names));
    for (const spec of specs) {
      let siblings = siblingsOf.get(spec);
      if (!siblings) siblingsOf.set(spec, (siblings = new Set()));
      for (const other of specs) if (other !== spec) siblings.add(other);
    }
  }
}

/** Whether another field of the spec's tables reads this key's value (it is one of its names, of its type). */
export function readByAnother(spec: FieldSpec, key: string, value: unknown): boolean {
  const siblings = siblingsOf.get(spec);
  if (!siblings) return false;
  const folded = fieldKey(key);
  for (const other of siblings) if (foldedNames(other.names).includes(folded) && accepts(other, value)) return true;
  return false;
}

/** What a value of a type is, in words: "which is not a whole number". */
const TYPE_WORDS: Record<FieldType, string> = {
  text: 'text',
  id: 'an id (text or a whole number)',
  integer: 'a whole number',
  number: 'a number',
  money: 'an amount',
  boolean: 'yes or no',
  date: 'a date',
  datetime: 'a date and time',
  enum: 'one of its words',
  ref: 'a numeric id',
  record: 'a record',
  list: 'a list',
  texts: 'text or a list of texts',
  any: 'a value',
};

/** The words of a value in a message: JSON, cut short. */
function shown(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

const INTEGER_TEXT = /^\s*[+-]?\d+(\.0*)?\s*$/;
const ID_INSIDE: FieldNames = ['id', 'value', 'code'];
const AMOUNT_INSIDE: FieldNames = ['amount', 'value', 'total', 'sum', 'balance', 'quantity', 'count'];

function isWholeNumber(value: unknown): boolean {
  if (typeof value === 'number') return Number.isInteger(value);
  if (typeof value === 'bigint') return true;
  return typeof value === 'string' && INTEGER_TEXT.test(value);
}

const numericTables = new WeakMap<object, boolean>();
function hasNumericWords(words: EnumTable | undefined): boolean {
  if (!words) return false;
  let numeric = numericTables.get(words);
  if (numeric === undefined) {
    numeric = Object.entries(words).some(([word, others]) => NUMERIC.test(word) || others.some((o) => NUMERIC.test(o)));
    numericTables.set(words, numeric);
  }
  return numeric;
}

/** The number inside an amount record ({amount: 12.5, currency: "USD"}), if it holds one. */
export function amountInside(record: RawRecord): number | undefined {
  return asNumber(valueOf(record, AMOUNT_INSIDE, (v) => asNumber(v) !== undefined));
}

/** The whole number inside a reference record ({id: 1, name: "Main"}), if it holds one; first the field's own names. */
function idInside(record: RawRecord, names: FieldNames): number | undefined {
  return asNumber(valueOf(record, [...names, ...ID_INSIDE], isWholeNumber));
}

/** An id as text: a string, or a whole number's digits. */
function isIdValue(value: unknown): boolean {
  return (
    typeof value === 'string' || (typeof value === 'number' && Number.isInteger(value)) || typeof value === 'bigint'
  );
}

/** The id inside a reference record (JSON:API's {type, id}), as text; first the field's own names. */
function textIdInside(record: RawRecord, names: FieldNames): string | undefined {
  return asText(valueOf(record, [...names, 'id'], isIdValue));
}

/** The largest epoch milliseconds a JavaScript date holds (either side of 1970). */
const MAX_EPOCH_MS = 8.64e15;

/** Whether a value can be what the spec says. */
export function accepts(spec: FieldSpec, value: unknown): boolean {
  switch (spec.type) {
    case 'text':
      return (
        typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)) || typeof value === 'bigint'
      );
    case 'id':
      return isIdValue(value) || (isRecord(value) && textIdInside(value, spec.names) !== undefined);
    case 'integer':
      return isWholeNumber(value);
    case 'number':
      return asNumber(value) !== undefined;
    case 'money':
      return asNumber(value) !== undefined || (isRecord(value) && amountInside(value) !== undefined);
    case 'boolean':
      return asBoolean(value) !== undefined;
    case 'date':
      return typeof value === 'string' && /\d/.test(value);
    case 'datetime':
      // Epoch milliseconds only where a date can be made of them (new Date(1e21) is no date: toISOString throws).
      return (
        (typeof value === 'string' && /\d/.test(value)) ||
        (typeof value === 'number' && Math.abs(value) <= MAX_EPOCH_MS)
      );
    case 'enum':
      return (
        typeof value === 'string' ||
        (typeof value === 'number' && Number.isFinite(value) && hasNumericWords(spec.words))
      );
    case 'ref':
      return isWholeNumber(value) || (isRecord(value) && idInside(value, spec.names) !== undefined);
    case 'record':
      return isRecord(value);
    case 'list':
      return Array.isArray(value);
    case 'texts':
      return typeof value === 'string' || Array.isArray(value);
    case 'any':
      return true;
  }
}

/** The value of a field read through its type (undefined when no candidate is of that type). */
export type ValueOf<T extends FieldType> = T extends 'integer' | 'number' | 'money' | 'ref'
  ? number
  : T extends 'boolean'
    ? boolean
    : T extends 'record'
      ? RecordReader
      : T extends 'list'
        ? unknown[]
        : T extends 'any'
          ? unknown
          : T extends 'texts'
            ? string | unknown[]
            : string;

// ---------------------------------------------------------------- the lookup

/**
 * A record's keys by folded name (cardnumber → [cardNumber, card_number]),
 * shared by every record of the same key list; and, per list of names looked
 * up, the record's keys that may hold it in the order they are tried (each
 * name's exact spelling, then its other casings). Both follow from the key
 * list alone, so 100,000 rows fold their keys and match each field's synonyms
 * once, and a lookup only looks at the keys the record has.
 */
interface KeyIndex {
  readonly byFolded: Map<string, string[]>;
  readonly candidates: Map<FieldNames, readonly string[]>;
}
const indexByShape = new Map<string, KeyIndex>();
/** Name lists remembered per key list: the field tables' few hundred; lists made for one lookup are not kept past this. */
const MAX_CANDIDATE_LISTS = 2_000;

/**
 * The key index of a record. Records of one shape (the same keys in the same
 * order: every row of a listing) share one index.
 */
function keyIndex(record: RawRecord): KeyIndex {
  // Rows of a listing come one after another with the same keys (a product, its stock entries, its supplier
  // links, the next product): the last few shapes are compared key by key, no list or text built.
  for (const recent of lastShapes) if (hasExactlyKeys(record, recent.keys)) return recent.index;
  const keys = Object.keys(record);
  const shape = keys.join('\u0000');
  let index = indexByShape.get(shape);
  if (!index) {
    const byFolded = new Map<string, string[]>();
    for (const key of keys) {
      const folded = fieldKey(key);
      const list = byFolded.get(folded);
      if (list) list.push(key);
      else byFolded.set(folded, [key]);
    }
    index = { byFolded, candidates: new Map() };
    if (indexByShape.size >= 5_000) indexByShape.clear();
    indexByShape.set(shape, index);
  }
  lastShapes.unshift({ keys, index });
  if (lastShapes.length > 4) lastShapes.pop();
  return index;
}
const lastShapes: Array<{ keys: readonly string[]; index: KeyIndex }> = [];

/** The keys of an index's records that may hold one of the names, in the order findKey tries them. */
function candidatesOf(index: KeyIndex, names: FieldNames): readonly string[] {
  const known = index.candidates.get(names);
  if (known) return known;
  const folded = foldedNames(names);
  const out: string[] = [];
  for (let i = 0; i < names.length; i++) {
    const keys = index.byFolded.get(folded[i]!);
    if (keys === undefined) continue;
    // The exact spelling first, then any casing; a key already tried for an earlier name gives the same answer again.
    if (keys.includes(names[i]!) && !out.includes(names[i]!)) out.push(names[i]!);
    for (const key of keys) if (!out.includes(key)) out.push(key);
  }
  if (index.candidates.size < MAX_CANDIDATE_LISTS) index.candidates.set(names, out);
  return out;
}

/**
 * Whether a record's own keys are exactly these, in this order (Object.keys
 * would give the same list), found in one walk without listing them. An
 * inherited enumerable key, which for-in finds and Object.keys does not,
 * only makes the answer no.
 */
export function hasExactlyKeys(record: RawRecord, keys: readonly string[]): boolean {
  let i = 0;
  for (const key in record) if (key !== keys[i++]) return false;
  return i === keys.length;
}

/** The folded form of a list of names, kept for the lists of the field tables (the same few on every row). */
const foldedLists = new WeakMap<FieldNames, readonly string[]>();
function foldedNames(names: FieldNames): readonly string[] {
  let folded = foldedLists.get(names);
  if (!folded) {
    folded = names.map(fieldKey);
    foldedLists.set(names, folded);
  }
  return folded;
}

/** The acceptance test of a spec, made once per spec. */
const acceptors = new WeakMap<FieldSpec, (value: unknown) => boolean>();
function acceptorOf(spec: FieldSpec): (value: unknown) => boolean {
  let accept = acceptors.get(spec);
  if (!accept) {
    accept = (value) => accepts(spec, value);
    acceptors.set(spec, accept);
  }
  return accept;
}

/** The test of a spec and a method's type both (a list field read as a list), made once per pair. */
const bothAcceptors = new WeakMap<FieldSpec, Map<FieldSpec, (value: unknown) => boolean>>();
function bothAcceptorOf(spec: FieldSpec, as: FieldSpec): (value: unknown) => boolean {
  let byAs = bothAcceptors.get(spec);
  if (!byAs) bothAcceptors.set(spec, (byAs = new Map()));
  let accept = byAs.get(as);
  if (!accept) {
    accept = (value) => accepts(spec, value) && accepts(as, value);
    byAs.set(as, accept);
  }
  return accept;
}

/**
 * The record's own key for one of the names, tried in order: for each name the
 * exact spelling first, then any casing. A later synonym never beats an
 * earlier name in another casing ({card_number, id} gives card_number for
 * [cardNumber, id]). With `accept`, a candidate it refuses (a value of the
 * wrong type) is skipped as if absent.
 */
export function findKey(
  record: RawRecord,
  names: FieldNames,
  accept?: (value: unknown) => boolean,
  index: KeyIndex = keyIndex(record),
): string | undefined {
  const candidates = candidatesOf(index, names);
  for (let i = 0; i < candidates.length; i++) {
    const key = candidates[i]!;
    const value = record[key];
    if (value !== undefined && value !== null && (!accept || accept(value))) return key;
  }
  return undefined;
}

/**
 * A field's lookup (the rule above FieldType): the key of the first
 * candidate that is null or accepted, in order; a candidate accept refuses
 * is skipped. `key` is undefined when none is; `empty` when the one found is
 * null (the service says the field is empty: no later name is tried).
 */
function lookUp(
  record: RawRecord,
  names: FieldNames,
  accept: ((value: unknown) => boolean) | undefined,
  index: KeyIndex,
): { key: string | undefined; empty: boolean } {
  const candidates = candidatesOf(index, names);
  for (let i = 0; i < candidates.length; i++) {
    const key = candidates[i]!;
    const value = record[key];
    if (value === undefined) continue;
    if (value === null) return { key, empty: true };
    if (!accept || accept(value)) return { key, empty: false };
  }
  return { key: undefined, empty: false };
}

/** The first of the names present (not null), read tolerantly; with `accept`, the first it takes. */
export function valueOf(record: RawRecord, names: FieldNames, accept?: (value: unknown) => boolean): unknown {
  const key = findKey(record, names, accept);
  return key === undefined ? undefined : record[key];
}

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** A number, or a string that is one ("12.50"); anything else is undefined. */
export function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && NUMERIC.test(value.trim())) return Number(value.trim());
  if (typeof value === 'bigint') return Number(value);
  return undefined;
}

/** Text as sent; numbers become their digits. Empty text counts as absent. */
export function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value === '' ? undefined : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'bigint') return value.toString();
  return undefined;
}

export function asBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : undefined;
  if (typeof value === 'string') {
    const word = value.trim().toLowerCase();
    if (['true', 'yes', 'y', '1'].includes(word)) return true;
    if (['false', 'no', 'n', '0'].includes(word)) return false;
  }
  return undefined;
}

/** Folded words of a table, built once per table: folded word → venue's word. */
const foldedTables = new WeakMap<object, Map<string, string>>();
function foldedWords(table: EnumTable): Map<string, string> {
  let folded = foldedTables.get(table);
  if (!folded) {
    folded = new Map();
    for (const [canonical, synonyms] of Object.entries(table)) {
      for (const word of [canonical, ...synonyms])
        if (!folded.has(fieldKey(word))) folded.set(fieldKey(word), canonical);
    }
    foldedTables.set(table, folded);
  }
  return folded;
}

/**
 * An enumeration read tolerantly: the value matched against each canonical
 * word and its synonyms ignoring case and separators (TOKENS = tokens =
 * Tokens; GAME_PLAY = GamePlay = game-play). A value that matches none is
 * returned as sent, never replaced by a default.
 */
export function asEnum<T extends string>(
  value: unknown,
  table: Readonly<Record<T, readonly string[]>>,
): T | string | undefined {
  const text = asText(value);
  if (text === undefined) return undefined;
  return (foldedWords(table).get(fieldKey(text)) as T | undefined) ?? text;
}

/** An enumeration value two ways: `value` for logic (venue's word when known), `said` for people. */
export interface Word {
  /** venue's word when the service's is one of the table's; otherwise as sent. */
  value: string;
  /**
   * The service's own word, to show: venue's spelling when it is venue's word
   * in another casing (ACTIVATED, Activated → activated), the service's word
   * as sent when it is another word ("active" stays "active").
   */
  said: string;
}

export function asWord(value: unknown, table: EnumTable): Word | undefined {
  const text = asText(value);
  if (text === undefined || text.trim() === '') return undefined;
  const canonical = foldedWords(table).get(fieldKey(text));
  if (canonical === undefined) return { value: text, said: text };
  return { value: canonical, said: fieldKey(canonical) === fieldKey(text) ? canonical : text };
}

/** A value read through its spec's type. */
function convert(spec: FieldSpec, value: unknown, reader: RecordReader, key: string): unknown {
  if (spec.type === 'record')
    return isRecord(value) ? new RecordReader(value, reader.source, `${reader.what} ${key}`) : undefined;
  return converted(spec, value);
}

/** A value read through its spec's type: a number for integer, number, money and ref, a boolean, venue's word, text. */
function converted(spec: FieldSpec, value: unknown): unknown {
  switch (spec.type) {
    case 'integer':
    case 'number':
      return asNumber(value);
    case 'money':
      return isRecord(value) ? amountInside(value) : asNumber(value);
    case 'ref':
      return isRecord(value) ? idInside(value, spec.names) : asNumber(value);
    case 'id':
      return isRecord(value) ? textIdInside(value, spec.names) : asText(value);
    case 'boolean':
      return asBoolean(value);
    case 'enum':
      return spec.words ? asEnum(value, spec.words) : asText(value);
    case 'record':
      return isRecord(value) ? value : undefined;
    case 'list':
      return Array.isArray(value) ? value : undefined;
    case 'texts':
    case 'any':
      return value;
    default:
      return asText(value);
  }
}

/**
 * A field's value, as the service sent it or as records.ts shaped it, read
 * as RecordReader.get reads it through its spec's type (a nested record
 * stays a record): undefined when it is absent, null, or not usable.
 */
export function readValue<T extends FieldType>(
  spec: FieldSpec<T>,
  value: unknown,
): (T extends 'record' ? RawRecord : ValueOf<T>) | undefined {
  if (value === undefined || value === null) return undefined;
  const read = converted(spec, value);
  return (usable(spec, read) ? read : undefined) as (T extends 'record' ? RawRecord : ValueOf<T>) | undefined;
}

/**
 * The texts of a `texts` field's value (barcodes): each item text, or a
 * record holding one under `inside`; one text stands for a list of one.
 * Undefined when an item holds none (the caller says it is unreadable).
 */
export function textsIn(value: unknown, inside: FieldNames): string[] | undefined {
  if (!hasTexts(value, inside)) return undefined;
  const items = Array.isArray(value) ? value : [value];
  const out: string[] = new Array(items.length);
  for (let i = 0; i < items.length; i++) {
    const item: unknown = items[i];
    out[i] = asText(isRecord(item) ? valueOf(item, inside) : item)!;
  }
  return out;
}

/** Whether each item of a `texts` field's value is text or a record holding one (textsIn would read them all), with nothing made. */
export function hasTexts(value: unknown, inside: FieldNames): boolean {
  if (!Array.isArray(value)) return asText(isRecord(value) ? valueOf(value, inside) : value) !== undefined;
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i];
    if (typeof item === 'string' ? item === '' : asText(isRecord(item) ? valueOf(item, inside) : item) === undefined)
      return false;
  }
  return true;
}

/** Whether a value read is usable: text that is not only spaces, an id that is not blank. */
function usable(spec: FieldSpec, value: unknown): boolean {
  if (value === undefined) return false;
  if (
    typeof value === 'string' &&
    (spec.type === 'id' ||
      spec.type === 'text' ||
      spec.type === 'enum' ||
      spec.type === 'date' ||
      spec.type === 'datetime')
  )
    return value.trim() !== '';
  return true;
}

const TEXTUAL: FieldSpec = { type: 'text', names: [] };
const NUMERICAL: FieldSpec = { type: 'number', names: [] };
const BOOLEAN: FieldSpec = { type: 'boolean', names: [] };
const RECORD: FieldSpec = { type: 'record', names: [] };
const LIST: FieldSpec = { type: 'list', names: [] };

/**
 * One record of an answer, read through the field tables. Each lookup takes
 * only a candidate of the type asked for (a spec's type, or the method's:
 * `number` skips a boolean `available`, `text` skips an object). Optional
 * reads return undefined; required reads (need*) throw an
 * UnreadableAnswerError naming the record and the names looked for.
 */
export class RecordReader {
  constructor(
    readonly raw: RawRecord,
    readonly source: AnswerSource,
    /** What the record is, in words: "reservation", "card". */
    readonly what: string,
  ) {}

  private index?: KeyIndex;

  /**
   * The key holding the field, of the spec's type (bare names: any value),
   * by the lookup's rule (above FieldType): undefined when the field is
   * absent or null; an UnreadableAnswerError when its names hold only values
   * of another type that no other field of its table reads.
   */
  keyOf(ref: FieldRef, as?: FieldSpec): string | undefined {
    this.index ??= keyIndex(this.raw);
    const spec = isSpec(ref) ? ref : undefined;
    const accept = spec && as ? bothAcceptorOf(spec, as) : spec ? acceptorOf(spec) : as ? acceptorOf(as) : undefined;
    const found = lookUp(this.raw, namesOf(ref), accept, this.index);
    if (found.key !== undefined) return found.empty ? undefined : found.key;
    if (spec) this.checkReadable(spec);
    return undefined;
  }

  /** Rule 3 of the lookup: a field whose names hold only values of another type (that no other field reads) is unreadable. */
  private checkReadable(spec: FieldSpec): void {
    if (spec.type === 'any') return;
    const candidates = candidatesOf(this.index!, spec.names);
    for (let i = 0; i < candidates.length; i++) {
      const key = candidates[i]!;
      const value = this.raw[key];
      if (value === undefined || value === null || accepts(spec, value) || readByAnother(spec, key, value)) continue;
      throw this.unreadable(spec, key, value);
    }
  }

  /** "has adjustment productId "abc", which is not a numeric id (looked for productId, product, itemId)". */
  unreadable(spec: FieldSpec, key: string, value: unknown): UnreadableAnswerError {
    const name = spec.names[0]!;
    const under = key === name ? '' : ` (as ${key})`;
    return new UnreadableAnswerError(
      this.source,
      `has ${this.what} ${name}${under} ${shown(value)}, which is not ${TYPE_WORDS[spec.type]} (looked for ${spec.names.join(', ')})`,
      this.raw,
    );
  }

  /** Whether any of the names is present, of whatever type. */
  has(ref: FieldRef): boolean {
    this.index ??= keyIndex(this.raw);
    return findKey(this.raw, namesOf(ref), undefined, this.index) !== undefined;
  }
  /** The raw value: of the spec's type when given a spec; with bare names, whatever is there. */
  value(ref: FieldRef): unknown {
    const key = this.keyOf(ref);
    return key === undefined ? undefined : this.raw[key];
  }

  /** A field read through its spec's type: a number for integer/number/money/ref, a reader for a record, text for the rest. */
  get<T extends FieldType>(spec: FieldSpec<T>): ValueOf<T> | undefined {
    const key = this.keyOf(spec);
    if (key === undefined) return undefined;
    const value = convert(spec, this.raw[key], this, key);
    return (usable(spec, value) ? value : undefined) as ValueOf<T> | undefined;
  }
  /** The same, required: missing or unusable is an UnreadableAnswerError naming it. */
  need<T extends FieldType>(spec: FieldSpec<T>, label = spec.names[0]!): ValueOf<T> {
    const value = this.get(spec);
    if (value === undefined) throw this.missing(label, spec);
    return value;
  }
  /** An enum field two ways (for logic and for people); see Word. */
  word(spec: FieldSpec<'enum'>): Word | undefined {
    const key = this.keyOf(spec);
    return key === undefined ? undefined : asWord(this.raw[key], spec.words ?? {});
  }

  text(ref: FieldRef): string | undefined {
    return asText(this.valueAs(ref, TEXTUAL));
  }
  number(ref: FieldRef): number | undefined {
    if (isSpec(ref) && (ref.type === 'money' || ref.type === 'ref')) return this.get(ref) as number | undefined;
    return asNumber(this.valueAs(ref, NUMERICAL));
  }
  boolean(ref: FieldRef): boolean | undefined {
    return asBoolean(this.valueAs(ref, BOOLEAN));
  }
  enumeration<T extends string>(ref: FieldRef, table: Readonly<Record<T, readonly string[]>>): T | string | undefined {
    return asEnum(this.valueAs(ref, isSpec(ref) ? undefined : TEXTUAL), table);
  }
  /** A nested record, read with the same source. */
  record(ref: FieldRef, what = namesOf(ref)[0]!): RecordReader | undefined {
    const value = this.valueAs(ref, RECORD);
    return isRecord(value) ? new RecordReader(value, this.source, what) : undefined;
  }
  list(ref: FieldRef): unknown[] | undefined {
    const value = this.valueAs(ref, LIST);
    return Array.isArray(value) ? value : undefined;
  }

  private valueAs(ref: FieldRef, as: FieldSpec | undefined): unknown {
    const key = this.keyOf(ref, as);
    return key === undefined ? undefined : this.raw[key];
  }

  /** Fails naming what is missing: "has no reservation id (looked for reservationId, id)". */
  missing(label: string, ref: FieldRef, why = 'has no'): UnreadableAnswerError {
    const names = namesOf(ref);
    const present = this.has(names) ? ` (${JSON.stringify(this.value(names))} is not usable)` : '';
    return new UnreadableAnswerError(
      this.source,
      `${why} ${this.what} ${label}${present} (looked for ${names.join(', ')})`,
      this.raw,
    );
  }
  needText(ref: FieldRef, label = namesOf(ref)[0]!): string {
    const value = this.text(ref);
    if (value === undefined || value.trim() === '') throw this.missing(label, ref);
    return value;
  }
  needNumber(ref: FieldRef, label = namesOf(ref)[0]!): number {
    const value = this.number(ref);
    if (value === undefined) throw this.missing(label, ref);
    return value;
  }
  needEnum<T extends string>(
    ref: FieldRef,
    table: Readonly<Record<T, readonly string[]>>,
    label = namesOf(ref)[0]!,
  ): T | string {
    const value = this.enumeration(ref, table);
    if (value === undefined) throw this.missing(label, ref);
    return value;
  }
}

/**
 * A record in venue's own names: every field of the table the record holds,
 * read through its type (a nested record stays the service's record). The
 * step towards one record shape per resource at every venue (issue 21).
 */
export function readShape(reader: RecordReader, table: FieldTable): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(table)) {
    const value = reader.get(spec);
    if (value !== undefined) out[name] = value instanceof RecordReader ? value.raw : value;
  }
  return out;
}

// Envelopes seen around single records and around lists.
const RECORD_ENVELOPES = ['data', 'result', 'value', 'payload', 'response', 'item', 'body'];
const LIST_ENVELOPES = [
  'items',
  'data',
  'results',
  'result',
  'records',
  'content',
  'value',
  'rows',
  'list',
  'entries',
  'elements',
  // HAL (RFC draft-kelly-json-hal): the list under _embedded.<the resource's name>.
  '_embedded',
];

/**
 * A resource's own keys, then the envelopes: one list per resource and
 * envelope kind, so the key index remembers its lookups (candidatesOf keys
 * them by list). A list spread afresh for every page missed that memory and
 * folded every name again.
 */
function withEnvelopes(resourceKeys: readonly string[], envelopes: readonly string[]): readonly string[] {
  if (resourceKeys.length === 0) return envelopes;
  let byEnvelopes = namesWithEnvelopes.get(resourceKeys);
  if (!byEnvelopes) namesWithEnvelopes.set(resourceKeys, (byEnvelopes = new Map()));
  let names = byEnvelopes.get(envelopes);
  if (!names) byEnvelopes.set(envelopes, (names = [...resourceKeys, ...envelopes]));
  return names;
}
const namesWithEnvelopes = new WeakMap<readonly string[], Map<readonly string[], readonly string[]>>();
/** Keys that sit beside an envelope and say nothing of the resource. */
const ENVELOPE_COMPANIONS = new Set(
  [
    'meta',
    'metadata',
    'links',
    'link',
    '_links',
    'status',
    'success',
    'ok',
    'message',
    'code',
    'errors',
    'error',
    'timestamp',
    'traceid',
    'requestid',
    'version',
    'apiversion',
    'pagination',
    'paging',
    // JSON:API documents: the resources a record's relationships name, and the document's version.
    'included',
    'jsonapi',
    // OData: the metadata URL of the answer.
    '@odata.context',
  ].map(fieldKey),
);

function describeBody(body: unknown): string {
  if (body === undefined || body === null || body === '') return 'an empty body';
  if (typeof body === 'string') {
    const text = body.trim();
    if (/^<(!doctype|html|\?xml)/i.test(text)) return 'an HTML or XML page (not JSON)';
    return `text that is not JSON (${JSON.stringify(text.slice(0, 40))}${text.length > 40 ? '…' : ''})`;
  }
  if (Array.isArray(body)) return `a list of ${body.length}`;
  if (Buffer.isBuffer(body)) return `${body.length} bytes of binary data`;
  if (isRecord(body)) {
    const keys = Object.keys(body);
    return keys.length
      ? `a record (fields: ${keys.slice(0, 6).join(', ')}${keys.length > 6 ? ', …' : ''})`
      : 'an empty record';
  }
  return `a ${typeof body}`;
}

/** An envelope key of record whose value is taken for the content, if the rest is only companions. */
function envelopeContent(record: RawRecord, names: readonly string[], accept: (value: unknown) => boolean): unknown {
  const key = findKey(record, names, accept);
  if (key === undefined) return undefined;
  const others = Object.keys(record).filter(
    (k) => k !== key && !ENVELOPE_COMPANIONS.has(fieldKey(k)) && record[k] !== null && record[k] !== undefined,
  );
  return others.length === 0 ? record[key] : undefined;
}

/**
 * The single record in an answer: bare, or inside {data}, {result}, {value}…
 * or a resource-named key ({reservation: {...}}). A list, text, HTML or an
 * empty body where a record is due is an UnreadableAnswerError.
 */
export function readRecord(
  body: unknown,
  source: AnswerSource,
  what: string,
  resourceKeys: readonly string[] = [],
): RecordReader {
  let current = body;
  for (let depth = 0; depth < 3 && isRecord(current); depth++) {
    const inner = envelopeContent(current, withEnvelopes(resourceKeys, RECORD_ENVELOPES), isRecord);
    if (inner === undefined) break;
    current = inner;
  }
  // {data: [...]} where a record is due is a list in an envelope, not a record with a data field.
  const wrappedList = isRecord(current)
    ? envelopeContent(current, withEnvelopes(resourceKeys, RECORD_ENVELOPES), Array.isArray)
    : undefined;
  if (wrappedList !== undefined) current = wrappedList;
  if (!isRecord(current)) {
    throw new UnreadableAnswerError(
      source,
      `is ${describeBody(current)} where ${/^[aeiou]/i.test(what) ? 'an' : 'a'} ${what} was due`,
      body,
    );
  }
  return new RecordReader(isJsonApiResource(current) ? jsonApiRecord(current) : current, source, what);
}

/**
 * The list in an answer, found by where faithful servers put one:
 * - a bare array;
 * - under the resource's own name or an envelope word ({items}, {Items},
 *   {data}, {results}, {records}, {content}, OData's {value}…), also one or
 *   two levels deeper ({data: {items: [...]}});
 * - HAL's {_embedded: {<resource>: [...]}}: the array named for the resource,
 *   or the one array inside _embedded;
 * - the only array field of the body.
 * A HAL collection that embeds nothing and whose paging says it holds
 * nothing (servers leave _embedded out of an empty page) is an empty list.
 * Several arrays and none named for the resource or an envelope is no list:
 * which one holds the records would be a guess.
 */
export function readList(
  body: unknown,
  source: AnswerSource,
  what: string,
  resourceKeys: readonly string[] = [],
): unknown[] {
  const found = listIn(body, resourceKeys, 0);
  if (found) return found;
  throw new UnreadableAnswerError(source, `is ${describeBody(body)} where a list of ${what} was due`, body);
}

function listIn(body: unknown, resourceKeys: readonly string[], depth: number): unknown[] | undefined {
  if (Array.isArray(body)) return body;
  if (!isRecord(body) || depth > 2) return undefined;
  // Each key that may hold the list, the resource's names first: one holding no list ({data: "see cards"}) is passed over.
  const candidates = candidatesOf(keyIndex(body), withEnvelopes(resourceKeys, LIST_ENVELOPES));
  for (let i = 0; i < candidates.length; i++) {
    const inner = listIn(body[candidates[i]!], resourceKeys, depth + 1);
    if (inner) return inner;
  }
  let only: unknown[] | undefined;
  for (const key in body) {
    const value = body[key];
    if (!Array.isArray(value)) continue;
    if (only) return undefined;
    only = value;
  }
  if (only) return only;
  return isEmptyHalCollection(body) ? [] : undefined;
}

/** A HAL answer ({_links}) with nothing under _embedded, whose page says there are no items. */
function isEmptyHalCollection(body: RawRecord): boolean {
  if (!isRecord(body._links) || body._embedded !== undefined) return false;
  const info = readPageInfo(body);
  return info.totalItems === 0 || info.totalPages === 0;
}

/** Each item of a list as a record; an item that is not one is an error. */
export function readRecords(
  body: unknown,
  source: AnswerSource,
  what: string,
  resourceKeys: readonly string[] = [],
): RecordReader[] {
  return readRecordList(body, source, what, resourceKeys).map((item) => new RecordReader(item, source, what));
}

/**
 * The list in an answer, each item checked to be a record (an item that is
 * not one is an error), as the service sent them: for a caller that reads
 * most records without a RecordReader (a listing in a machine format).
 * JSON:API resources ({id, type, attributes, relationships}) are read as the
 * records they stand for (jsonApiRecord).
 */
export function readRecordList(
  body: unknown,
  source: AnswerSource,
  what: string,
  resourceKeys: readonly string[] = [],
): RawRecord[] {
  const list = readList(body, source, what, resourceKeys);
  let records: RawRecord[] | undefined;
  for (let index = 0; index < list.length; index++) {
    const item = list[index];
    if (isRecord(item)) {
      if (isJsonApiResource(item)) (records ??= list.slice(0, index) as RawRecord[])[index] = jsonApiRecord(item);
      else if (records) records[index] = item;
      continue;
    }
    // The item is inside parsed JSON: a string there is text, not "text that is not JSON".
    const said =
      typeof item === 'string'
        ? `text (${JSON.stringify(item.slice(0, 40))})`
        : item === null
          ? 'null'
          : describeBody(item);
    throw new UnreadableAnswerError(source, `has ${said} as item ${index + 1} of the ${what} list`, body);
  }
  return records ?? (list as RawRecord[]);
}

/** The members a JSON:API resource object may have (JSON:API 1.1, section 7.2). */
const JSON_API_MEMBERS = new Set(['id', 'lid', 'type', 'attributes', 'relationships', 'links', 'meta']);

/** A JSON:API resource object: a `type` word, its fields under `attributes`, and no member JSON:API does not name. */
export function isJsonApiResource(record: RawRecord): boolean {
  if (typeof record.type !== 'string' || !isRecord(record.attributes)) return false;
  for (const key in record) if (!JSON_API_MEMBERS.has(key)) return false;
  return true;
}

/**
 * The record a JSON:API resource stands for: its `id`, then its attributes,
 * then each relationship's `data` under the relationship's name (a
 * reference {type, id}, a list of them, or null: a `ref` field reads the id
 * inside), then the resource's `links` and `meta` under their own names. An
 * attribute wins over a relationship or member of the same name. Its `type`
 * is the resource's kind (the command knows it): left out, as an envelope's
 * word is, so that no field reads "cards" as a card's type.
 */
export function jsonApiRecord(resource: RawRecord): RawRecord {
  const out: RawRecord = {};
  const put = (key: string, value: unknown) => {
    if (value === undefined || Object.hasOwn(out, key)) return;
    // A key "__proto__" is a field like any other: defined, never assigned (which would set the prototype).
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  };
  put('id', resource.id);
  for (const [key, value] of Object.entries(resource.attributes as RawRecord)) put(key, value);
  if (isRecord(resource.relationships))
    for (const [key, relationship] of Object.entries(resource.relationships))
      if (isRecord(relationship) && relationship.data !== undefined) put(key, relationship.data);
  put('links', resource.links);
  put('meta', resource.meta);
  return out;
}

/** What an answer says of paging, in any of the common shapes. */
export interface PageInfo {
  page?: number;
  pageSize?: number;
  totalItems?: number;
  totalPages?: number;
  hasMore?: boolean;
  /** A next-page link, when the service gives one (resolved against the request's URL when it is given). */
  next?: string;
}

/** Objects paging is found in, beside the body's top level: {meta}, {pagination}, HAL's {page}, JSON:API's {meta: {page}}… */
const PAGE_PLACES = ['meta', 'pagination', 'paging', 'page', 'pageInfo', '_meta', 'metadata'].map((name) => [name]);
/** The names paging goes by, as constant lists: the key index remembers its lookups per list (candidatesOf). */
const PAGING_NAMES = {
  page: ['page', 'pageNumber', 'currentPage', 'pageIndex', 'number'],
  pageSize: ['pageSize', 'perPage', 'per_page', 'limit', 'size'],
  totalItems: ['totalItems', 'totalCount', 'total', 'totalElements', 'totalRecords', 'totalResults', '@odata.count'],
  count: ['count'],
  totalPages: ['totalPages', 'pageCount', 'pages', 'lastPage'],
  hasMore: ['hasMore', 'hasNext', 'hasNextPage', 'more', 'moreAvailable'],
  next: ['next', 'nextPage', 'nextLink', '@odata.nextLink', 'nextPageUrl'],
  links: ['links', '_links'],
  linkNext: ['next'],
  href: ['href'],
} as const satisfies Record<string, FieldNames>;

/**
 * Paging from the body (its top level, a meta object, and one inside it:
 * {meta: {page: {...}}}) and the headers (X-Total-Count, X-Total-Pages,
 * X-Page, X-Per-Page, and the Link header's rel="next", RFC 8288). The body
 * wins where both say. A relative next link is resolved against
 * `requestUrl`, the URL the page was asked at, when it is given.
 */
export function readPageInfo(
  body: unknown,
  headers: Record<string, string> = {},
  itemsOnPage?: number,
  requestUrl?: string,
): PageInfo {
  const info: PageInfo = {};
  const places: RawRecord[] = [];
  if (isRecord(body)) {
    places.push(body);
    // The body's paging objects, and theirs (JSON:API's {meta: {page: {...}}}).
    for (let depth = 0, from = 0; depth < 2; depth++) {
      const to = places.length;
      for (let i = from; i < to; i++)
        for (const names of PAGE_PLACES) {
          const inner = valueOf(places[i]!, names);
          if (isRecord(inner) && !places.includes(inner)) places.push(inner);
        }
      from = to;
    }
  }
  const first = (names: FieldNames, read: (v: unknown) => unknown = asNumber): unknown => {
    for (const place of places) {
      const value = read(valueOf(place, names));
      if (value !== undefined) return value;
    }
    return undefined;
  };
  info.page = first(PAGING_NAMES.page) as number | undefined;
  info.pageSize = first(PAGING_NAMES.pageSize) as number | undefined;
  info.totalItems = first(PAGING_NAMES.totalItems) as number | undefined;
  if (info.totalItems === undefined) {
    // "count" is the total in some services and the page's length in others: only a count larger than the page can be the total.
    const count = first(PAGING_NAMES.count) as number | undefined;
    if (count !== undefined && itemsOnPage !== undefined && count > itemsOnPage) info.totalItems = count;
  }
  info.totalPages = first(PAGING_NAMES.totalPages) as number | undefined;
  info.hasMore = first(PAGING_NAMES.hasMore, asBoolean) as boolean | undefined;
  const next = first(PAGING_NAMES.next, (v) => (typeof v === 'string' && v ? v : undefined));
  if (typeof next === 'string') info.next = next;
  else {
    for (const place of places) {
      const links = valueOf(place, PAGING_NAMES.links);
      const href = isRecord(links) ? valueOf(links, PAGING_NAMES.linkNext) : undefined;
      const url =
        typeof href === 'string' ? href : isRecord(href) ? asText(valueOf(href, PAGING_NAMES.href)) : undefined;
      if (url) {
        info.next = url;
        break;
      }
    }
  }
  const header = (name: string) => headers[name] ?? headers[name.toLowerCase()] ?? headerAnyCase(headers, name);
  info.totalItems ??= asNumber(header('x-total-count') ?? header('x-total'));
  info.totalPages ??= asNumber(header('x-total-pages'));
  info.page ??= asNumber(header('x-page'));
  info.pageSize ??= asNumber(header('x-per-page') ?? header('x-page-size'));
  const link = header('link');
  if (link && info.next === undefined) info.next = parseLinkHeader(link).find((l) => l.rels.includes('next'))?.href;
  if (info.next === undefined) delete info.next;
  else if (requestUrl !== undefined) info.next = resolvedUrl(info.next, requestUrl);
  return info;
}

/** A header by its name in any casing (the HTTP layer gives them in lower case; a test or a proxy may not). */
function headerAnyCase(headers: Record<string, string>, name: string): string | undefined {
  for (const key in headers) if (key.toLowerCase() === name) return headers[key];
  return undefined;
}

/** href resolved against base; as given when either is no URL. */
function resolvedUrl(href: string, base: string): string {
  try {
    return new URL(href, base).href;
  } catch {
    return href;
  }
}

/** One link of a Link header: its target, and its relation types in lower case. */
export interface HeaderLink {
  href: string;
  rels: string[];
  /** Its other parameters by lower-case name (title, type, hreflang…), the first of each. */
  params: Record<string, string>;
}

/**
 * The links of a Link header (RFC 8288, section 3): `<uri>; rel="next"`,
 * several of them separated by commas, a rel quoted or not, with several
 * relation types (`rel="next last"`), parameters in any order and case,
 * quoted strings with commas, semicolons and escapes inside. A target
 * relative to the answer's URL is resolved against `base` when it is given.
 * Text that is not a link is passed over to the next comma.
 */
export function parseLinkHeader(header: string, base?: string): HeaderLink[] {
  const links: HeaderLink[] = [];
  let at = 0;
  const n = header.length;
  const skipSpace = () => {
    while (at < n && (header[at] === ' ' || header[at] === '\t')) at++;
  };
  const skipToNextLink = () => {
    // Past the next comma that is not inside a quoted string or a <uri>.
    let quoted = false;
    for (; at < n; at++) {
      const c = header[at];
      if (quoted) {
        if (c === '\\') at++;
        else if (c === '"') quoted = false;
      } else if (c === '"') quoted = true;
      else if (c === ',') {
        at++;
        return;
      }
    }
  };
  while (at < n) {
    skipSpace();
    if (header[at] === ',') {
      at++;
      continue;
    }
    if (header[at] !== '<') {
      skipToNextLink();
      continue;
    }
    const close = header.indexOf('>', at + 1);
    if (close < 0) break;
    const target = header.slice(at + 1, close).trim();
    at = close + 1;
    const params: Record<string, string> = {};
    for (;;) {
      skipSpace();
      if (header[at] !== ';') break;
      at++;
      skipSpace();
      const nameStart = at;
      while (at < n && !'=;, \t'.includes(header[at]!)) at++;
      const name = header.slice(nameStart, at).toLowerCase();
      skipSpace();
      let value = '';
      if (header[at] === '=') {
        at++;
        skipSpace();
        if (header[at] === '"') {
          at++;
          while (at < n && header[at] !== '"') {
            if (header[at] === '\\' && at + 1 < n) at++;
            value += header[at++];
          }
          at++;
        } else {
          const valueStart = at;
          while (at < n && !';, \t'.includes(header[at]!)) at++;
          value = header.slice(valueStart, at);
        }
      }
      // A parameter given twice counts once: its first occurrence (RFC 8288, 3.3 for rel).
      if (name && !Object.hasOwn(params, name)) params[name] = value;
    }
    skipSpace();
    if (at < n && header[at] !== ',') skipToNextLink();
    const rels = (params.rel ?? '')
      .split(/[\s]+/)
      .filter(Boolean)
      .map((rel) => rel.toLowerCase());
    delete params.rel;
    links.push({ href: base === undefined ? target : resolvedUrl(target, base), rels, params });
  }
  return links;
}

/**
 * Whether another page follows page `page` (1-based) of `pageSize` that held
 * `itemsOnPage` items. The service's own word wins; with none, a full page
 * may have a successor and a short one has not.
 */
export function hasNextPage(info: PageInfo, page: number, pageSize: number, itemsOnPage: number): boolean {
  if (itemsOnPage === 0) return false;
  if (info.hasMore !== undefined) return info.hasMore;
  if (info.totalPages !== undefined) return page < info.totalPages;
  if (info.totalItems !== undefined) return page * pageSize < info.totalItems;
  if (info.next !== undefined) return true;
  return itemsOnPage >= pageSize;
}

/** What an error answer says, in any of the common shapes. */
export interface ServiceErrorInfo {
  code?: string;
  message?: string;
  /** One line per field problem or detail: "cardBarcode: must be 10 digits". */
  details: string[];
  /** The request fields the details name, as sent ("cardBarcode", "$.CardBarcode"): what a table may decide by when there is no code. */
  fields: string[];
}

function clip(text: string, max = 300): string {
  const clean = text.trim();
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

const DETAIL_FIELD: FieldNames = [
  'field',
  'path',
  'property',
  'propertyName',
  'name',
  'param',
  'pointer',
  'target',
  'loc',
];

function detailLine(item: unknown): string | undefined {
  if (typeof item === 'string') return clip(item);
  if (!isRecord(item)) return item === undefined || item === null ? undefined : String(item);
  const field = asText(valueOf(item, DETAIL_FIELD));
  const said = asText(
    valueOf(item, ['message', 'rule', 'detail', 'description', 'reason', 'msg', 'errorMessage', 'title', 'error']),
  );
  const code = asText(valueOf(item, ['code']));
  const text = said ?? code;
  if (!text) return clip(JSON.stringify(item));
  return clip(field ? `${field}: ${text}` : text);
}

/**
 * Reads an error body: {error: {code, message, details}}, {error: "…",
 * error_description}, problem+json ({type, title, status, detail, errors:
 * {Field: ["…"]}}), {code, message, errors: [...]}, {errors: [{code,
 * message}]}, vnd.error ({message, _embedded: {errors: [{message, path}]}}),
 * {message}, plain text. An HTML page says nothing.
 */
export function readErrorBody(body: unknown): ServiceErrorInfo {
  const info: ServiceErrorInfo = { details: [], fields: [] };
  if (body === undefined || body === null) return info;
  if (Buffer.isBuffer(body)) return readErrorBody(tryJson(body.toString('utf8')));
  if (typeof body === 'string') {
    const text = body.trim();
    if (text && !/^<(!doctype|html|\?xml)/i.test(text)) {
      const parsed = tryJson(text);
      if (parsed !== text) return readErrorBody(parsed);
      info.message = clip(text);
    }
    return info;
  }
  if (Array.isArray(body)) {
    for (const item of body.slice(0, 20)) {
      const line = detailLine(item);
      if (line) info.details.push(line);
    }
    info.message = info.details.shift();
    return info;
  }
  if (!isRecord(body)) return { message: String(body), details: [], fields: [] };
  const nested = valueOf(body, ['error', 'fault']);
  // vnd.error (HAL's error shape) lists the problems under _embedded.errors.
  const embedded = valueOf(body, ['_embedded']);
  const layers: RawRecord[] = [...(isRecord(nested) ? [nested] : []), body, ...(isRecord(embedded) ? [embedded] : [])];
  const firstText = (names: FieldNames) => {
    for (const layer of layers) {
      const value = asText(valueOf(layer, names));
      if (value) return value;
    }
    return undefined;
  };
  info.code = firstText(['code', 'errorCode', 'error_code', 'type_code', 'errorType']);
  // {error: "invalid_grant", error_description: "…"} (OAuth) names its code in "error".
  if (info.code === undefined && typeof nested === 'string' && /^[A-Za-z0-9_.-]+$/.test(nested)) info.code = nested;
  const title = firstText(['title']);
  const message =
    firstText(['message', 'detail', 'errorMessage', 'error_description', 'description', 'reason', 'msg']) ??
    (typeof nested === 'string' ? nested : undefined);
  const words = [message, title].filter((t, i, all): t is string => Boolean(t) && all.indexOf(t) === i);
  if (title && message && !message.includes(title)) info.message = clip(`${title}: ${message}`);
  else info.message = words[0] ? clip(words[0]) : undefined;
  // problem+json puts the code in "type" as a URI at times: keep its last word when nothing else names it.
  if (info.code === undefined) {
    const type = asText(valueOf(body, ['type']));
    if (type && type !== 'about:blank') info.code = type.split(/[/#]/).filter(Boolean).pop();
  }
  for (const layer of layers) {
    const details = valueOf(layer, [
      'details',
      'errors',
      'validationErrors',
      'fieldErrors',
      'violations',
      'invalidParams',
      'invalid-params',
    ]);
    if (Array.isArray(details)) {
      // {errors: [{code, message}]}: with no code beside them, the first problem's code is the answer's.
      if (info.code === undefined && isRecord(details[0]))
        info.code = asText(valueOf(details[0], ['code', 'errorCode']));
      for (const item of details.slice(0, 20)) {
        const line = detailLine(item);
        if (line && !info.details.includes(line)) info.details.push(line);
        const field = isRecord(item) ? asText(valueOf(item, DETAIL_FIELD)) : undefined;
        if (field && !info.fields.includes(field)) info.fields.push(field);
      }
    } else if (isRecord(details)) {
      for (const [field, said] of Object.entries(details).slice(0, 20)) {
        if (!info.fields.includes(field)) info.fields.push(field);
        const text = Array.isArray(said)
          ? said.map((s) => (isRecord(s) ? detailLine(s) : String(s))).join(', ')
          : isRecord(said)
            ? detailLine(said)
            : String(said);
        const line = clip(`${field}: ${text}`);
        if (!info.details.includes(line)) info.details.push(line);
      }
    }
    if (info.details.length) break;
  }
  if (!info.message && info.details.length) info.message = info.details[0];
  return info;
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

// Machine formats carry the service's own record. A view built for tables
// keeps a reference to the record it was read from, under a symbol: spreads
// keep it, JSON never shows it.
const SOURCE = Symbol.for('venue.serviceRecord');

/** Marks view as read from raw: -o json|ndjson|csv print raw, tables print the view. */
export function withSource<T extends object>(view: T, raw: unknown): T {
  // An assignment makes the same own, enumerable, writable property as defineProperty did, at a fraction of the cost per row.
  (view as Record<symbol, unknown>)[SOURCE] = raw;
  return view;
}

/** The service's own record behind a view, if it has one. */
export function sourceOf(view: unknown): unknown {
  return view !== null && typeof view === 'object' ? (view as Record<symbol, unknown>)[SOURCE] : undefined;
}
