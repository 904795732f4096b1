// Where a list's records are in its answer, and how it pages, read from the
// response schema and headers the document declares, by the shapes faithful
// servers use, never by a list of vendors: a bare array; an envelope holding
// the records in items, results, records, data, entries, content, rows,
// hits, or any one array of records, or such an envelope in the one object
// of an answer of a status and a result; HAL's _embedded.<name>; JSON:API's
// data (records with type, id and attributes); OData's value. Paging comes from
// the body (next, cursor, page, total, offset, has_more, _links.next,
// @odata.nextLink…), from headers declared on the answer (Link, RFC 8288;
// X-Total-Count) and from the query parameters the operation takes (page,
// limit, cursor…). The import's review says what it found, and warns when it
// cannot tell where a list's records are.

import { deref, isObject } from './pointer.js';
import { foldMarks, singular } from './vocabulary.js';

/** A schema's own properties through $ref and allOf/oneOf/anyOf, and whether it is an array. */
export function flatten(
  document: unknown,
  schema: unknown,
  depth = 0,
): { array: boolean; items?: unknown; properties: Record<string, unknown> } {
  const resolved = deref(document, schema);
  if (!isObject(resolved) || depth > 6) return { array: false, properties: {} };
  if (resolved.type === 'array' || resolved.items !== undefined)
    return { array: true, items: resolved.items, properties: {} };
  const properties: Record<string, unknown> = isObject(resolved.properties) ? { ...resolved.properties } : {};
  let array = false;
  let items: unknown;
  for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
    const parts = resolved[key];
    if (!Array.isArray(parts)) continue;
    for (const part of parts) {
      const inner = flatten(document, part, depth + 1);
      Object.assign(properties, inner.properties);
      if (inner.array && key !== 'allOf') {
        array = true;
        items ??= inner.items;
      }
    }
  }
  return { array, items, properties };
}

export type RecordsForm = 'bare array' | 'envelope' | 'HAL' | 'JSON:API' | 'OData';

export interface ListRecords {
  /** Where the records are: "" for the answer itself, "items", "_embedded.products", "data", "value". */
  at: string;
  form: RecordsForm;
}

export interface ListShape {
  /** Where the records are; undefined when the schema does not say (no array of records in it). */
  records?: ListRecords;
  /** How the list pages: fields of the body ("links.next", "meta.total"), headers ("Link", "X-Total-Count"), query parameters. */
  paging: Paging;
}

export interface Paging {
  body: string[];
  headers: string[];
  query: string[];
}

/** The paging in words: "body links.next, meta.total; headers Link, X-Total-Count; query page, per_page", or "". */
export function pagingWords(paging: Paging): string {
  return [
    paging.body.length ? `body ${paging.body.join(', ')}` : '',
    paging.headers.length ? `headers ${paging.headers.join(', ')}` : '',
    paging.query.length ? `query ${paging.query.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
}

/** Arrays an envelope holds beside its records that are no records: what went wrong. */
const NOT_RECORDS = new Set(['errors', 'error', 'warnings', 'messages', 'issues', 'problems', 'faults']);

/** Envelope properties that hold the records, the commonest first. */
const RECORD_NAMES = ['items', 'results', 'records', 'data', 'entries', 'elements', 'content', 'rows', 'hits', 'list'];

/** An array whose items are records (objects, described or not). */
function recordsArray(document: unknown, schema: unknown): boolean {
  const inner = flatten(document, schema);
  if (!inner.array) return false;
  const items = deref(document, inner.items);
  // Items written as a $ref that could not be read (load.ts) are a schema of their own, unknown: records, as a
  // named schema's items are, whose fields are not known.
  if (items === undefined && isObject(inner.items) && typeof inner.items.$ref === 'string') return true;
  return (
    Object.keys(flatten(document, inner.items).properties).length > 0 || (isObject(items) && items.type === 'object')
  );
}

/** JSON:API's resource objects: type and id beside attributes. */
function jsonApiRecords(document: unknown, schema: unknown): boolean {
  const inner = flatten(document, schema);
  const item = flatten(document, inner.items).properties;
  return 'attributes' in item || ('type' in item && 'id' in item && 'relationships' in item);
}

/** Where the records of a list answer are, by its schema. */
export function findRecords(document: unknown, schema: unknown): ListRecords | undefined {
  const top = flatten(document, schema);
  if (top.array)
    return recordsArray(document, schema) || top.items !== undefined ? { at: '', form: 'bare array' } : undefined;
  const properties = top.properties;
  // HAL: the records under _embedded, by their relation's name.
  const embedded = flatten(document, properties._embedded).properties;
  const relation = Object.keys(embedded).find((name) => recordsArray(document, embedded[name]));
  if (relation) return { at: `_embedded.${relation}`, form: 'HAL' };
  // OData: the records in value, beside @odata.* annotations.
  if (properties.value !== undefined && recordsArray(document, properties.value)) return { at: 'value', form: 'OData' };
  if (properties.data !== undefined && recordsArray(document, properties.data))
    return { at: 'data', form: jsonApiRecords(document, properties.data) ? 'JSON:API' : 'envelope' };
  for (const name of RECORD_NAMES) {
    const found = Object.keys(properties).find((key) => key.toLowerCase() === name);
    if (found && recordsArray(document, properties[found])) return { at: found, form: 'envelope' };
  }
  // An envelope of a few properties with one array of records ({products: [...], total}).
  const arrays = Object.keys(properties).filter(
    (name) => !NOT_RECORDS.has(name.toLowerCase()) && recordsArray(document, properties[name]),
  );
  if (arrays.length === 1 && Object.keys(properties).length <= 8) return { at: arrays[0]!, form: 'envelope' };
  return nestedEnvelope(document, properties);
}

/**
 * An answer of a status and a result (return_code, return_message, result): the records are in the one object it
 * holds, when that object is itself an envelope of one array of records beside nothing a record has (its count,
 * its paging, objects of extra fields), and the answer holds no records of its own. A single record's answer holds
 * values of its own: it is no list.
 */
function nestedEnvelope(document: unknown, properties: Record<string, unknown>): ListRecords | undefined {
  // Arrays of records of its own (a balance's available and pending amounts) make it a record, not a status; what went
  // wrong (errors beside the result) is none.
  if (
    Object.entries(properties).some(
      ([name, schema]) => !NOT_RECORDS.has(name.toLowerCase()) && recordsArray(document, schema),
    )
  )
    return undefined;
  const objects = Object.keys(properties).filter((name) => {
    const inner = flatten(document, properties[name]);
    return !inner.array && Object.keys(inner.properties).length > 0;
  });
  const holders = objects.filter((name) => {
    const inner = flatten(document, properties[name]).properties;
    const arrays = Object.keys(inner).filter((k) => recordsArray(document, inner[k]));
    if (arrays.length !== 1) return false;
    // The id of one of the records (defaultStockId beside stocks) says which of them, no value of a record's own.
    const whichOne = `${singular(key(arrays[0]!))}id`;
    return Object.keys(inner).every((k) => {
      if (k === arrays[0]) return true;
      const own = flatten(document, inner[k]);
      const scalar = !own.array && Object.keys(own.properties).length === 0;
      return (
        !scalar ||
        BODY_PAGING.has(key(k)) ||
        /(count|total)$/.test(key(k)) ||
        isMap(document, inner[k]) ||
        (key(k) !== whichOne && key(k).endsWith(whichOne))
      );
    });
  });
  if (holders.length !== 1) return undefined;
  const inner = flatten(document, properties[holders[0]!]).properties;
  const at = Object.keys(inner).find((k) => recordsArray(document, inner[k]))!;
  return { at: `${holders[0]}.${at}`, form: 'envelope' };
}

/** An object of any keys (extra fields), not a value. */
function isMap(document: unknown, schema: unknown): boolean {
  const resolved = deref(document, schema);
  if (!isObject(resolved)) return false;
  const type = Array.isArray(resolved.type) ? resolved.type : [resolved.type];
  return type.includes('object');
}

const key = (name: string) =>
  foldMarks(name)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}@]/gu, '');
/** Body fields that say the list pages, and how: a link or cursor to the next page, or a page, offset or total. */
const BODY_PAGING = new Set([
  'next',
  'nextpage',
  'nextlink',
  'nexturl',
  'nextcursor',
  'cursor',
  'continuationtoken',
  'pagetoken',
  'nextpagetoken',
  'hasmore',
  'hasnext',
  'hasnextpage',
  'page',
  'pagenumber',
  'pagecount',
  'totalpages',
  'pagesize',
  'perpage',
  'offset',
  'limit',
  'total',
  'totalcount',
  'totalitems',
  'totalelements',
  'count',
  '@odatanextlink',
  '@odatacount',
]);
/** Where a body's paging fields sit: at the top, or in one of these objects. */
const PAGING_HOLDERS = [
  '',
  'meta',
  'pagination',
  'paging',
  'page',
  'links',
  '_links',
  'metadata',
  'pageinfo',
  'cursor',
];
const QUERY_PAGING = new Set([
  'page',
  'pagenumber',
  'pagesize',
  'perpage',
  'limit',
  'offset',
  'skip',
  'top',
  '$top',
  '$skip',
  'cursor',
  'after',
  'before',
  'pagetoken',
  'starting_after',
  'startingafter',
  'continuationtoken',
  'size',
  // The page asked for by its other plain names, and in the vocabulary's other languages (pagina, limite).
  'currentpage',
  'pageindex',
  'pageno',
  'pagenum',
  'pagina',
  'limite',
  'seite',
]);

/** A query parameter that pages a list (page, limit, cursor…): venue sends its paging, not other filters. */
export function isPagingQuery(name: string): boolean {
  return QUERY_PAGING.has(name.toLowerCase().replace(/[_-]/g, '')) || QUERY_PAGING.has(name);
}

/** How a list pages: fields of its answer's body, headers it declares, query parameters it takes. */
export function findPaging(
  document: unknown,
  schema: unknown,
  headers: string[],
  query: string[],
  records: ListRecords | undefined,
): Paging {
  const out: Paging = { body: [], headers: [], query: [] };
  const found = new Set<string>();
  const top = flatten(document, schema).properties;
  for (const holder of PAGING_HOLDERS) {
    const name = holder ? Object.keys(top).find((k) => key(k) === holder) : '';
    if (name === undefined) continue;
    const fields = holder ? flatten(document, top[name]).properties : top;
    for (const field of Object.keys(fields)) {
      if (records && field === records.at.split('.')[0]) continue;
      // An object holding paging fields (page: {number, size}) is read as a holder, not as a field of its own.
      if (
        !holder &&
        PAGING_HOLDERS.includes(key(field)) &&
        Object.keys(flatten(document, fields[field]).properties).length
      )
        continue;
      if (BODY_PAGING.has(key(field)) && !found.has(`${holder}.${field}`)) {
        found.add(`${holder}.${field}`);
        out.body.push(`${name ? `${name}.` : ''}${field}`);
      }
    }
  }
  for (const header of headers)
    if (/^link$/i.test(header) || /^x-(total|next|page|per-page)/i.test(header)) out.headers.push(header);
  out.query = query.filter(isPagingQuery);
  return out;
}

/** The answer's list shape, by its schema, the headers it declares and the query the operation takes. */
export function listShapeOf(document: unknown, schema: unknown, headers: string[], query: string[]): ListShape {
  const records = findRecords(document, schema);
  return { ...(records ? { records } : {}), paging: findPaging(document, schema, headers, query, records) };
}
