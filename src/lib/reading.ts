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
      details: source.accepted ? ['The service answered with success, so it accepted this change: it was most likely applied.'] : [],
      hint: source.accepted
        ? 'Do not run it again before checking that it was applied. Run with --verbose to see the answer; if the service names this field otherwise, report it.'
        : 'Nothing was assumed in its place. Run again with --verbose to see the answer; if the service names this field otherwise, report it.',
    });
    this.name = 'UnreadableAnswerError';
  }
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

export function isRecord(value: unknown): value is RawRecord {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && !Buffer.isBuffer(value);
}

/**
 * The record's own key for one of the names, tried in order: for each name the
 * exact spelling first, then any casing. A later synonym never beats an
 * earlier name in another casing ({card_number, id} gives card_number for
 * [cardNumber, id]).
 */
export function findKey(record: RawRecord, names: FieldNames): string | undefined {
  const present = (key: string) => record[key] !== undefined && record[key] !== null;
  const keys = Object.keys(record);
  for (const name of names) {
    if (present(name)) return name;
    const want = fieldKey(name);
    const key = keys.find((k) => fieldKey(k) === want && present(k));
    if (key !== undefined) return key;
  }
  return undefined;
}

/** The first of the names present (not null), read tolerantly. */
export function valueOf(record: RawRecord, names: FieldNames): unknown {
  const key = findKey(record, names);
  return key === undefined ? undefined : record[key];
}

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** A number, or a string that is one ("12.50"); anything else is undefined. */
export function asNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && NUMERIC.test(value.trim())) return Number(value.trim());
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

/**
 * An enumeration read tolerantly: the value matched against each canonical
 * word and its synonyms ignoring case and separators (TOKENS = tokens =
 * Tokens; GAME_PLAY = GamePlay = game-play). A value that matches none is
 * returned as sent, never replaced by a default.
 */
export function asEnum<T extends string>(value: unknown, table: Readonly<Record<T, readonly string[]>>): T | string | undefined {
  const text = asText(value);
  if (text === undefined) return undefined;
  const key = fieldKey(text);
  for (const [canonical, synonyms] of Object.entries(table) as Array<[T, readonly string[]]>) {
    if (fieldKey(canonical) === key || synonyms.some((s) => fieldKey(s) === key)) return canonical;
  }
  return text;
}

/**
 * One record of an answer, read through the synonym tables. Optional reads
 * return undefined; required reads (need*) throw an UnreadableAnswerError
 * naming the record and the names looked for.
 */
export class RecordReader {
  constructor(
    readonly raw: RawRecord,
    readonly source: AnswerSource,
    /** What the record is, in words: "reservation", "card". */
    readonly what: string,
  ) {}

  has(names: FieldNames): boolean {
    return findKey(this.raw, names) !== undefined;
  }
  value(names: FieldNames): unknown {
    return valueOf(this.raw, names);
  }
  text(names: FieldNames): string | undefined {
    return asText(this.value(names));
  }
  number(names: FieldNames): number | undefined {
    return asNumber(this.value(names));
  }
  boolean(names: FieldNames): boolean | undefined {
    return asBoolean(this.value(names));
  }
  enumeration<T extends string>(names: FieldNames, table: Readonly<Record<T, readonly string[]>>): T | string | undefined {
    return asEnum(this.value(names), table);
  }
  /** A nested record, read with the same source. */
  record(names: FieldNames, what = names[0]!): RecordReader | undefined {
    const value = this.value(names);
    return isRecord(value) ? new RecordReader(value, this.source, what) : undefined;
  }
  list(names: FieldNames): unknown[] | undefined {
    const value = this.value(names);
    return Array.isArray(value) ? value : undefined;
  }

  /** Fails naming what is missing: "has no reservation id (looked for reservationId, id)". */
  missing(label: string, names: FieldNames, why = 'has no'): UnreadableAnswerError {
    const present = this.has(names) ? ` (${JSON.stringify(this.value(names))} is not usable)` : '';
    return new UnreadableAnswerError(this.source, `${why} ${this.what} ${label}${present} (looked for ${names.join(', ')})`, this.raw);
  }
  needText(names: FieldNames, label = names[0]!): string {
    const value = this.text(names);
    if (value === undefined || value.trim() === '') throw this.missing(label, names);
    return value;
  }
  needNumber(names: FieldNames, label = names[0]!): number {
    const value = this.number(names);
    if (value === undefined) throw this.missing(label, names);
    return value;
  }
  needEnum<T extends string>(names: FieldNames, table: Readonly<Record<T, readonly string[]>>, label = names[0]!): T | string {
    const value = this.enumeration(names, table);
    if (value === undefined) throw this.missing(label, names);
    return value;
  }
}

// Envelopes seen around single records and around lists.
const RECORD_ENVELOPES = ['data', 'result', 'value', 'payload', 'response', 'item', 'body'];
const LIST_ENVELOPES = ['items', 'data', 'results', 'result', 'records', 'content', 'value', 'rows', 'list', 'entries', 'elements'];
/** Keys that sit beside an envelope and say nothing of the resource. */
const ENVELOPE_COMPANIONS = new Set(
  ['meta', 'metadata', 'links', 'link', '_links', 'status', 'success', 'ok', 'message', 'code', 'errors', 'error', 'timestamp', 'traceid', 'requestid', 'version', 'apiversion', 'pagination', 'paging'].map(fieldKey),
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
    return keys.length ? `a record (fields: ${keys.slice(0, 6).join(', ')}${keys.length > 6 ? ', …' : ''})` : 'an empty record';
  }
  return `a ${typeof body}`;
}

/** An envelope key of record whose value is taken for the content, if the rest is only companions. */
function envelopeContent(record: RawRecord, names: readonly string[], accept: (value: unknown) => boolean): unknown {
  const key = findKey(record, names);
  if (key === undefined || !accept(record[key])) return undefined;
  const others = Object.keys(record).filter((k) => k !== key && !ENVELOPE_COMPANIONS.has(fieldKey(k)) && record[k] !== null && record[k] !== undefined);
  return others.length === 0 ? record[key] : undefined;
}

/**
 * The single record in an answer: bare, or inside {data}, {result}, {value}…
 * or a resource-named key ({reservation: {...}}). A list, text, HTML or an
 * empty body where a record is due is an UnreadableAnswerError.
 */
export function readRecord(body: unknown, source: AnswerSource, what: string, resourceKeys: readonly string[] = []): RecordReader {
  let current = body;
  for (let depth = 0; depth < 3 && isRecord(current); depth++) {
    const inner = envelopeContent(current, [...resourceKeys, ...RECORD_ENVELOPES], isRecord);
    if (inner === undefined) break;
    current = inner;
  }
  // {data: [...]} where a record is due is a list in an envelope, not a record with a data field.
  const wrappedList = isRecord(current) ? envelopeContent(current, [...resourceKeys, ...RECORD_ENVELOPES], Array.isArray) : undefined;
  if (wrappedList !== undefined) current = wrappedList;
  if (!isRecord(current)) {
    throw new UnreadableAnswerError(source, `is ${describeBody(current)} where ${/^[aeiou]/i.test(what) ? 'an' : 'a'} ${what} was due`, body);
  }
  return new RecordReader(current, source, what);
}

/**
 * The list in an answer: a bare array, or inside {items}, {Items}, {data},
 * {results}, {records}, {content}, {value}… (also one level deeper, as in
 * {data: {items: [...]}}), or the only array field of the body.
 */
export function readList(body: unknown, source: AnswerSource, what: string, resourceKeys: readonly string[] = []): unknown[] {
  const found = listIn(body, resourceKeys, 0);
  if (found) return found;
  throw new UnreadableAnswerError(source, `is ${describeBody(body)} where a list of ${what} was due`, body);
}

function listIn(body: unknown, resourceKeys: readonly string[], depth: number): unknown[] | undefined {
  if (Array.isArray(body)) return body;
  if (!isRecord(body) || depth > 2) return undefined;
  const key = findKey(body, [...resourceKeys, ...LIST_ENVELOPES]);
  if (key !== undefined) {
    const inner = listIn(body[key], [], depth + 1);
    if (inner) return inner;
  }
  const arrays = Object.values(body).filter(Array.isArray);
  if (arrays.length === 1) return arrays[0];
  return undefined;
}

/** Each item of a list as a record; an item that is not one is an error. */
export function readRecords(body: unknown, source: AnswerSource, what: string, resourceKeys: readonly string[] = []): RecordReader[] {
  return readList(body, source, what, resourceKeys).map((item, index) => {
    if (!isRecord(item)) {
      // The item is inside parsed JSON: a string there is text, not "text that is not JSON".
      const said = typeof item === 'string' ? `text (${JSON.stringify(item.slice(0, 40))})` : item === null ? 'null' : describeBody(item);
      throw new UnreadableAnswerError(source, `has ${said} as item ${index + 1} of the ${what} list`, body);
    }
    return new RecordReader(item, source, what);
  });
}

/** What an answer says of paging, in any of the common shapes. */
export interface PageInfo {
  page?: number;
  pageSize?: number;
  totalItems?: number;
  totalPages?: number;
  hasMore?: boolean;
  /** A next-page link, when the service gives one. */
  next?: string;
}

const PAGE_PLACES = ['meta', 'pagination', 'paging', 'page', 'pageInfo', '_meta', 'metadata'];

/** Paging from the body (top level or a meta object) and the headers (X-Total-Count, Link rel=next). */
export function readPageInfo(body: unknown, headers: Record<string, string> = {}, itemsOnPage?: number): PageInfo {
  const info: PageInfo = {};
  const places: RawRecord[] = [];
  if (isRecord(body)) {
    places.push(body);
    for (const name of PAGE_PLACES) {
      const inner = valueOf(body, [name]);
      if (isRecord(inner)) places.push(inner);
    }
  }
  const first = (names: FieldNames, read: (v: unknown) => unknown = asNumber): unknown => {
    for (const place of places) {
      const value = read(valueOf(place, names));
      if (value !== undefined) return value;
    }
    return undefined;
  };
  info.page = first(['page', 'pageNumber', 'currentPage', 'pageIndex', 'number']) as number | undefined;
  info.pageSize = first(['pageSize', 'perPage', 'per_page', 'limit', 'size']) as number | undefined;
  info.totalItems = first(['totalItems', 'totalCount', 'total', 'totalElements', 'totalRecords', 'totalResults', '@odata.count']) as number | undefined;
  if (info.totalItems === undefined) {
    // "count" is the total in some services and the page's length in others: only a count larger than the page can be the total.
    const count = first(['count']) as number | undefined;
    if (count !== undefined && itemsOnPage !== undefined && count > itemsOnPage) info.totalItems = count;
  }
  info.totalPages = first(['totalPages', 'pageCount', 'pages', 'lastPage']) as number | undefined;
  info.hasMore = first(['hasMore', 'hasNext', 'hasNextPage', 'more', 'moreAvailable'], asBoolean) as boolean | undefined;
  const next = first(['next', 'nextPage', 'nextLink', '@odata.nextLink', 'nextPageUrl'], (v) => (typeof v === 'string' && v ? v : undefined));
  if (typeof next === 'string') info.next = next;
  else {
    for (const place of places) {
      const links = valueOf(place, ['links', '_links']);
      const href = isRecord(links) ? valueOf(links, ['next']) : undefined;
      const url = typeof href === 'string' ? href : isRecord(href) ? asText(valueOf(href, ['href'])) : undefined;
      if (url) info.next = url;
    }
  }
  const header = (name: string) => headers[name] ?? headers[name.toLowerCase()];
  info.totalItems ??= asNumber(header('x-total-count') ?? header('x-total'));
  info.totalPages ??= asNumber(header('x-total-pages'));
  info.page ??= asNumber(header('x-page'));
  info.pageSize ??= asNumber(header('x-per-page') ?? header('x-page-size'));
  const link = header('link');
  if (link && info.next === undefined && /rel="?next"?/i.test(link)) {
    const match = /<([^>]+)>\s*;[^,]*rel="?next"?/i.exec(link);
    if (match) info.next = match[1];
  }
  return info;
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
}

function clip(text: string, max = 300): string {
  const clean = text.trim();
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

function detailLine(item: unknown): string | undefined {
  if (typeof item === 'string') return clip(item);
  if (!isRecord(item)) return item === undefined || item === null ? undefined : String(item);
  const field = asText(valueOf(item, ['field', 'path', 'property', 'propertyName', 'name', 'param', 'pointer', 'target', 'loc']));
  const said = asText(valueOf(item, ['message', 'rule', 'detail', 'description', 'reason', 'msg', 'errorMessage', 'title', 'error']));
  const code = asText(valueOf(item, ['code']));
  const text = said ?? code;
  if (!text) return clip(JSON.stringify(item));
  return clip(field ? `${field}: ${text}` : text);
}

/**
 * Reads an error body: {error: {code, message, details}}, {error: "…",
 * error_description}, problem+json ({type, title, status, detail, errors:
 * {Field: ["…"]}}), {code, message, errors: [...]}, {errors: [{code,
 * message}]}, {message}, plain text. An HTML page says nothing.
 */
export function readErrorBody(body: unknown): ServiceErrorInfo {
  const info: ServiceErrorInfo = { details: [] };
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
  if (!isRecord(body)) return { message: String(body), details: [] };
  const nested = valueOf(body, ['error', 'fault']);
  const layers: RawRecord[] = isRecord(nested) ? [nested, body] : [body];
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
  const message = firstText(['message', 'detail', 'errorMessage', 'error_description', 'description', 'reason', 'msg']) ?? (typeof nested === 'string' ? nested : undefined);
  const words = [message, title].filter((t, i, all): t is string => Boolean(t) && all.indexOf(t) === i);
  if (title && message && !message.includes(title)) info.message = clip(`${title}: ${message}`);
  else info.message = words[0] ? clip(words[0]) : undefined;
  // problem+json puts the code in "type" as a URI at times: keep its last word when nothing else names it.
  if (info.code === undefined) {
    const type = asText(valueOf(body, ['type']));
    if (type && type !== 'about:blank') info.code = type.split(/[/#]/).filter(Boolean).pop();
  }
  for (const layer of layers) {
    const details = valueOf(layer, ['details', 'errors', 'validationErrors', 'fieldErrors', 'violations', 'invalidParams', 'invalid-params']);
    if (Array.isArray(details)) {
      // {errors: [{code, message}]}: with no code beside them, the first problem's code is the answer's.
      if (info.code === undefined && isRecord(details[0])) info.code = asText(valueOf(details[0], ['code', 'errorCode']));
      for (const item of details.slice(0, 20)) {
        const line = detailLine(item);
        if (line && !info.details.includes(line)) info.details.push(line);
      }
    } else if (isRecord(details)) {
      for (const [field, said] of Object.entries(details).slice(0, 20)) {
        const text = Array.isArray(said) ? said.map((s) => (isRecord(s) ? detailLine(s) : String(s))).join(', ') : isRecord(said) ? detailLine(said) : String(said);
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
  Object.defineProperty(view, SOURCE, { value: raw, enumerable: true, configurable: true, writable: true });
  return view;
}

/** The service's own record behind a view, if it has one. */
export function sourceOf(view: unknown): unknown {
  return view !== null && typeof view === 'object' ? (view as Record<symbol, unknown>)[SOURCE] : undefined;
}
