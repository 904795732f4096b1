// What one document operation says about itself, read once before any of
// venue's operations is weighed against it: its kind (list, read, create,
// update, upsert, delete, action), the subject its path names (the head of
// the last literal segments: "stock location", "line item", "taxon"), the
// subjects its operationId, summary and tags name, the words that make it a
// job venue must never run (import, bulk, maintenance…), and the field names
// of its request and response.

import type { DocumentOperation, SchemaField } from './operations.js';
import {
  actionWords,
  dangerWords,
  fillerWords,
  findTerms,
  foldMarks,
  identifierWords,
  kindWords,
  singular as singularOf,
  splitWords,
  namespaceWords,
  outputSegmentWords,
  prepositionWords,
  selfSegments,
  wordsOf,
  type Concept,
  type Kind,
  type TermHit,
} from './vocabulary.js';

export interface Head {
  concept: Concept | undefined;
  weight: number;
  /** The words that named it: "stock location"; or the unknown word in that place ("tree"). */
  text: string;
  /** A word before it that makes it something narrower ("build" of "build item", "company" of "company part"). */
  qualifier?: string;
  /** A subject named before it ("stock" of "/stock/products"). */
  context?: { concept: Concept; text: string };
}

export interface FieldSet {
  /** Normalised names (lower case, letters and digits only) of the fields a few levels deep. */
  names: Set<string>;
  /** Their words ("product", "id"). */
  words: Set<string>;
  /**
   * What could hold an amount: the names and words of fields that are neither a yes or no (onlyNegativeProductStocks)
   * nor a reference (stock_id). A quantity is read from these alone.
   */
  amounts: { names: Set<string>; words: Set<string>; lineNames: Set<string> };
  /** Normalised names of arrays of objects at the top ("items", "lines"). */
  lines: Set<string>;
  /** Normalised names of the fields inside those arrays. */
  lineNames: Set<string>;
  list: boolean;
  schemaNames: string[];
  count: number;
  /** The values at the top (no object or list) that the schema says every call must carry, as written. */
  required: string[];
  /**
   * The record keeps its values in an object whose members the schema does not name (properties: a map of any keys;
   * a generic item with no properties), and the document gives no example of them: its fields are unknown, not absent.
   */
  open?: string;
  /** The record itself is written as a $ref that could not be read (load.ts): its fields are unknown, not absent. */
  unread?: string;
  /**
   * What the record refers to by id, in words, and the field that does: "outlet" → "outlet_id", "supply channel" →
   * "supplyChannel" (an object holding an id). Only the record's own fields (a list's records, not its envelope).
   */
  refs: Map<string, string>;
  /**
   * The records' quantities broken down by another record, in words and the field that names it: "room" →
   * "roomQuantities[].roomId" (an array of the record's whose items count something and refer to one record each).
   */
  breakdown: Map<string, string>;
}

export interface Reading {
  operation: DocumentOperation;
  /** The path venue calls it by: the document's, after whatever part of its server path the other documents lack. */
  path: string;
  kind: Kind;
  /** The path parameters venue fills (the record's id), path variables aside. */
  params: string[];
  /** The path variables in it: parameters with one value per venue (a tenant or project key), path-vars.ts. */
  vars: string[];
  /** The per-venue query values it requires (a business or storefront key), path-vars.ts: venue sends them. */
  queryVars: string[];
  /** The per-venue headers it requires (a hotel or site id), path-vars.ts: venue sends them. */
  headerVars: string[];
  /** The path ends in a parameter that is no path variable: it names one record. */
  trailingParam: boolean;
  /**
   * An RPC-style route's record id, taken in the query where the path has none (GET /product.info.json?id=…):
   * the required query parameter that names the record (queryIdOf). It stands in for a path id: it is in params.
   */
  queryId?: string;
  /** A sandbox (or playground) segment among routes that are not in one (match.ts, markTrials): where the API is tried out. */
  trial?: string;
  pathWords: string[];
  head: Head;
  operationIdHead?: Head;
  summaryConcepts: Map<Concept, TermHit>;
  /** A subject the summary names right after another one that narrows it: "expense claim receipts" → receive: "claim". */
  summaryNarrowed: Map<Concept, string>;
  tagConcepts: Map<Concept, TermHit>;
  /** Words that make it a job of its own: "import" (path), "bulk" (summary)… */
  danger: string[];
  /** A path segment that makes it the signed-in user's own view: "me" of /me/categories. */
  self?: string;
  /**
   * It needs no credential where its document's other routes do, and another route reads the same records with one:
   * a view anyone may read (a storefront's, a marketplace's), not the records the caller manages. Why, in words. Set
   * in match.ts (markPublicViews).
   */
  publicView?: string;
  /** Its own view (self) is of records whose plain list is such a public view: the caller's own among everyone's. */
  ownOfPublic?: string;
  /**
   * The word before its subject was a segment that only groups collections (static of /crm/v1/static/products), so it
   * narrows nothing: why, in words. Set once every route is read (match.ts, markNamespaceSegments).
   */
  namespace?: string;
  /** Kind words found in the path's last segments, the operationId and the summary. */
  kindsSaid: Set<Kind>;
  request?: FieldSet;
  response?: FieldSet;
  /** Every subject its path, operationId, summary or tags name. */
  concepts: Set<Concept>;
  /**
   * The same route under the venue's path variable ("GET /shops/{shop_id}/listings/active" for "GET
   * /listings/active"): that one is the venue's, this one everyone's. Set once every route is read (import.ts).
   */
  scopedTwin?: string;
  /**
   * The stock records name this collection as where they are kept ("outlet_id of GET /inventory"), and name no
   * warehouse: its records are the warehouses. Set once every route is read (match.ts).
   */
  stockPlace?: string;
  /**
   * The products' records refer to this collection by a field named for a grouping ("commodityGroup", "productFolder",
   * "shop_section_id"): its records are what the products are filed under, venue's categories (why, in words). Set
   * once every route is read (match.ts).
   */
  productGrouping?: string;
  /**
   * The document has no health check its paths name (health, ping, status): this route, which says the service's
   * version, is the nearest it has (why, in words). Set once every route is read (match.ts).
   */
  onlyVersion?: string;
  /** Another method writes records to its path: it lists a collection, no health check (why). Set in match.ts. */
  writtenCollection?: string;
  /** Its document describes the request bodies of (most of) its writes. Set in match.ts. */
  bodiesDescribed?: boolean;
  /** Named for stock, its records are the items kept in stock (why, in words): it names products. Set in match.ts. */
  stockedProducts?: string;
  /** Named for stock, its records are the places the stock is kept (why, in words): warehouses. Set in match.ts. */
  stockedPlaces?: string;
  /** The party that sells to the buyer in a document split by who calls it, listed in the buyer's part: suppliers. */
  sellingParty?: string;
  /** Its collection is made with a URL to call and the events to send there: webhook subscriptions, by its records. */
  deliveredSubscription?: string;
  /**
   * A create whose own path is deleted without an id and no route addresses one of its records: the account's one
   * switch (subscribed or not), no record of many (why, in words). Set in match.ts.
   */
  accountSwitch?: string;
  /** Categories named for another collection the document lists (why, in words). Set in match.ts. */
  otherCategories?: string;
  /**
   * Its collection's records are keyed by another collection's record key and more (A_SupplierCompany(Supplier,
   * CompanyCode) beside A_Supplier(Supplier)): that record's data per something else, no record of its own (why, in
   * words). Set in match.ts (markKeyedByAnother).
   */
  keyedByAnother?: string;
  /**
   * It stands in a section of the API (a leading segment of many collections) that holds a subject of venue's beside
   * a section named for the service itself that holds the same subject: another system's part (why, in words). Set in
   * match.ts (markOtherSections).
   */
  otherSection?: string;
  /**
   * Named for no subject of venue's, its records pair a product and a place with the quantity kept there (why, in
   * words): the stock levels, by their shape. Set in match.ts (markStockRecords).
   */
  stockRecords?: string;
  /**
   * Its lines set the stock to a figure, what a count does (why, in words): an adjustment whose lines take the new
   * quantity outright (newQuantity), a stock take as well, or a write of the stock whose body lists products and their
   * quantities and no change. Set in match.ts (markCountingAdjustments, markStockSetWrites).
   */
  setsCount?: string;
  /** Its body is a list of the products and quantities it sets: its lines, though no field names them. */
  linesAtTop?: boolean;
  /** The stock records name another collection as where they are kept (its route): this one is not. Set with stockPlace. */
  otherPlace?: string;
  /**
   * Named for places by a word that is as often any address ("location"), its records are referred to by nothing of
   * the document (why, in words): addresses, not where stock is kept. Set in match.ts.
   */
  unreferencedPlace?: string;
  /**
   * It lists or reads the values a path variable takes (GET /catalogs, GET /catalogs/{catalogId} where catalogId is
   * the venue's): the venue's scope itself, none of its records. Set once every route is read (import.ts).
   */
  scopeOf?: string;
  /**
   * A stock write keyed in its path by the product it writes (PUT /products/{id}/stock), and by the warehouse where
   * the path names one: venue fills them from each line. Set once every route is read (match.ts markKeyedStockWrites).
   */
  keyedStock?: KeyedStockWrite;
}

/**
 * A stock write keyed by one product: named (with its warehouse) in the path, with a flat body; or, `inBody`, a flat
 * record that holds the product itself, its route naming none (match.ts).
 */
export interface KeyedStockWrite {
  /** The path parameter venue fills with the product of each line (stored as {productId}); inBody, the body's field. */
  product: string;
  /** The same of the write's warehouse, where the write names one: a path parameter ({warehouseId}) or, inBody, a field. */
  warehouse?: string;
  /** The product (and the warehouse) are fields of the body: one call per line, the product in the body (inventory.perLine). */
  inBody?: true;
  /** Which of venue's stock writes it can be, by its words and its body: a count, a signed change, a receipt. */
  as: Array<'count' | 'adjust' | 'receive'>;
  /** The body field that holds the quantity the write sets (an absolute figure), as written. */
  absolute?: string;
  /** The body field that holds a signed change, as written. */
  change?: string;
}

/** Units of time: the last word of a field that says how long, not how many. */
const timeUnitWords = new Set([
  'second',
  'seconds',
  'minute',
  'minutes',
  'hour',
  'hours',
  'day',
  'days',
  'week',
  'weeks',
]);

export const normaliseName = (name: string): string =>
  foldMarks(name)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

function fieldSet(
  fields: SchemaField[],
  list: boolean,
  schemaNames: string[],
  direction: 'request' | 'response',
  recordsAt?: string,
  unreadParts: Array<{ at: string; ref: string }> = [],
): FieldSet {
  const names = new Set<string>();
  const words = new Set<string>();
  const amounts = { names: new Set<string>(), words: new Set<string>(), lineNames: new Set<string>() };
  const mayHoldAmount = (field: SchemaField) => {
    const own = wordsOf(field.name);
    const last = own[own.length - 1] ?? '';
    // A figure named for a unit of time (onStockInHours, leadTimeDays) is a duration, not an amount of anything.
    return field.type !== 'boolean' && !referenceWords.has(last) && !timeUnitWords.has(last);
  };
  const lines = new Set<string>();
  const lineNames = new Set<string>();
  // A list's records are what it says: an envelope's count, limit and offset, its links, are not fields of them.
  const inRecords = (field: SchemaField) =>
    recordsAt === undefined ? field.inArray : field.path.startsWith(`${recordsAt}[].`);
  for (const field of fields) {
    if (field.depth > 2 || (direction === 'response' && list && !inRecords(field))) continue;
    const name = normaliseName(field.name);
    names.add(name);
    const own = wordsOf(field.name);
    for (const word of own) words.add(word);
    if (!mayHoldAmount(field)) continue;
    amounts.names.add(name);
    for (const word of own) amounts.words.add(word);
  }
  for (const field of fields) {
    if (field.inArray && field.depth <= 2) {
      lineNames.add(normaliseName(field.name));
      if (mayHoldAmount(field)) amounts.lineNames.add(normaliseName(field.name));
    }
    if (field.depth === 0 && fields.some((f) => f.inArray && f.path.startsWith(`${field.path}[].`)))
      lines.add(normaliseName(field.name));
  }
  // The record's own fields: a list's records' (JSON:API's attributes too), or the answer's top.
  const recordPrefix = direction === 'response' && list ? `${recordsAt ?? ''}[].` : '';
  const own = (field: SchemaField) => {
    if (!field.path.startsWith(recordPrefix)) return false;
    const rest = field.path.slice(recordPrefix.length);
    return !rest.includes('.') || /^attributes\.[^.]+$/.test(rest);
  };
  const refs = new Map<string, string>();
  const paths = new Set(fields.map((f) => f.path));
  for (const field of fields) {
    if (!own(field)) continue;
    const fieldWords = wordsOf(field.name).filter((w) => !fillerWords.has(w) || w === 'id');
    const last = fieldWords[fieldWords.length - 1];
    if (last !== undefined && referenceWords.has(last) && fieldWords.length > 1)
      refs.set(fieldWords.slice(0, -1).join(' '), field.name);
    else if (['id', 'typeId', 'key'].some((k) => paths.has(`${field.path}.${k}`)) && fieldWords.length)
      refs.set(fieldWords.join(' '), field.name);
  }
  // A record's quantities broken down by another record (roomQuantities: [{roomId, quantityAvailable}]): an array of
  // its own whose items count something and name that record.
  const breakdown = new Map<string, string>();
  for (const array of fields) {
    if (!own(array) || array.type !== 'array') continue;
    const prefix = `${array.path}[].`;
    const inner = fields.filter((f) => f.path.startsWith(prefix) && !f.path.slice(prefix.length).includes('.'));
    const counts = inner.some((f) => mayHoldAmount(f) && wordsOf(f.name).some((w) => countingWords.has(w)));
    if (!counts) continue;
    for (const field of inner) {
      const fieldWords = wordsOf(field.name).filter((w) => !fillerWords.has(w) || w === 'id');
      const last = fieldWords[fieldWords.length - 1];
      if (last !== undefined && referenceWords.has(last) && fieldWords.length > 1)
        breakdown.set(fieldWords.slice(0, -1).join(' '), `${array.name}[].${field.name}`);
    }
  }
  // Values, not envelopes: a required `data` or `product` object holds the record; it is no field of it. A body that is
  // one such object and nothing else requires what the record inside it requires. A field of one possible value (a
  // JSON:API `type` that is always "product") is sent alike on every call: no value a person changes.
  const top = fields.filter((f) => f.depth === 0);
  const wrapper = top.length === 1 && top[0]!.type === 'object' ? `${top[0]!.path}.` : undefined;
  const required = [
    ...new Set(
      fields
        .filter((f) =>
          wrapper === undefined
            ? f.depth === 0
            : f.depth === 1 && f.path.startsWith(wrapper) && !f.path.slice(wrapper.length).includes('.'),
        )
        .filter((f) => f.required && !f.fixed && f.type !== 'object' && f.type !== 'array')
        .filter(
          (f) => !fields.some((inner) => inner.path.startsWith(`${f.path}.`) || inner.path.startsWith(`${f.path}[]`)),
        )
        .map((f) => f.name),
    ),
  ];
  // Metadata and custom fields are what a client attaches to a record, keys of its own choosing: the record's own
  // values are the ones it names beside them, and a map of them says nothing of what those are.
  const open = fields.find(
    (f) =>
      f.open &&
      own(f) &&
      !fields.some((inner) => inner.path.startsWith(`${f.path}.`)) &&
      !wordsOf(f.name).some((w) => attachedWords.has(w)),
  )?.name;
  // The record's place: a list's records, the one object a body wraps it in, or the top (an unread top is no body).
  const recordAt =
    direction === 'response' && list
      ? `${recordsAt ?? ''}[]`
      : (wrapper?.slice(0, -1) ?? (top.length === 1 ? top[0]!.path : undefined));
  const unread = unreadParts.find((part) => part.at === recordAt)?.ref;
  return {
    names,
    words,
    amounts,
    lines,
    lineNames,
    list,
    schemaNames,
    count: names.size,
    required,
    refs,
    breakdown,
    ...(open ? { open } : {}),
    ...(unread !== undefined ? { unread } : {}),
  };
}

/** Words of a field that counts what is held (quantityAvailable, qty, on_hand); not a count of anything else. */
const countingWords = new Set(['quantity', 'qty', 'available', 'hand', 'stock']);

/** Words of an object a client attaches to a record (its metadata, its custom fields), none of the record's values. */
const attachedWords = new Set(['metadata', 'meta', 'custom']);

/** The last word of a field that refers to another record by its id. */
const referenceWords = new Set(['id', 'ids', 'uuid', 'guid']);

/** The subject a run of words names: the term over its last meaningful word, and an unknown word before it that narrows it. */
export function headOf(words: string[], lastIsNoun = false): Head {
  const meaningful = words.filter((w) => !fillerWords.has(w));
  const hits = findTerms(meaningful);
  let end = meaningful.length - 1;
  for (;;) {
    if (end < 0) return { concept: undefined, weight: 0, text: '' };
    const hit = hits.find((h) => h.at <= end && h.at + h.term.words.length - 1 >= end);
    if (hit) {
      const before = meaningful.slice(0, hit.at).filter(
        (w, i) =>
          // A single letter (/g/{slug}/…, short for a group) is an abbreviation that names nothing narrower.
          w.length > 1 &&
          !kindWords.get(w) &&
          !namespaceWords.has(w) &&
          !hits.some((h) => h.at <= i && i < h.at + h.term.words.length),
      );
      const otherBefore = hits.find((h) => h.at < hit.at && h.term.concept === 'other');
      const previous = [...hits].reverse().find((h) => h.at < hit.at && h.term.concept !== 'other');
      return {
        concept: hit.term.concept,
        weight: hit.term.weight,
        text: hit.text,
        qualifier: before.length ? before[before.length - 1] : otherBefore?.text,
        context: previous ? { concept: previous.term.concept, text: previous.text } : undefined,
      };
    }
    const word = meaningful[end]!;
    // A verb, or a part-of-service word after a subject (webhook config, products all), names no subject of its own.
    if (
      (kindWords.get(word) && !(lastIsNoun && end === meaningful.length - 1)) ||
      (namespaceWords.has(word) && end > 0)
    ) {
      end--;
      continue;
    }
    return { concept: undefined, weight: 0, text: word };
  }
}

/**
 * Two subjects one after the other, no record between (/categorias/produtos, /categories/products), are read in the
 * order the route's summary says them: English puts the one it is about last ("product categories"), Portuguese,
 * Spanish, French and Italian first ("categorias de produtos"). Where the summary's own subject is the first one and
 * it names the second after a preposition, the collection is the first one's, the second its context.
 */
function headAsSaid(head: Head, segments: string[], summaryWords: string[]): Head {
  if (!head.concept || head.concept === 'other' || !head.context || head.context.concept === 'other') return head;
  // A record's id after them picks one record of the segment it follows (/inventory/sku/{sku}: one SKU's), in any
  // language: the order is read for collections alone.
  const literal = segments.slice(-2);
  if (literal.length < 2 || literal.some((segment) => segment.includes('{'))) return head;
  const said = subjectHits(summaryWords).filter((h) => h.term.concept !== 'other');
  if (said[0]?.term.concept !== head.context.concept || said.some((h) => h.term.concept === head.concept)) return head;
  if (!findTerms(summaryWords).some((h) => h.term.concept === head.concept)) return head;
  const first = findTerms(head.context.text.split(' '))[0];
  return {
    concept: head.context.concept,
    weight: first?.term.weight ?? 1,
    text: head.context.text,
    context: { concept: head.concept, text: head.text },
  };
}

function conceptsOf(words: string[], subjectsOnly = false): Map<Concept, TermHit> {
  const found = new Map<Concept, TermHit>();
  for (const hit of subjectsOnly ? subjectHits(words) : findTerms(words)) {
    const known = found.get(hit.term.concept);
    if (!known || known.term.weight < hit.term.weight) found.set(hit.term.concept, hit);
  }
  return found;
}

/**
 * The subjects a sentence is about: a subject named after a preposition that
 * follows a subject of venue's is that one's argument, not the sentence's own
 * ("stock balances for a SKU" is about stock; "a page of products" about
 * products, a page being no subject of venue's).
 */
/** Nouns that say a list ("a listing of …", "a list of …"). */
const listNouns = new Set(['listing', 'list']);

function subjectHits(words: string[]): TermHit[] {
  const hits = findTerms(words);
  const inHit = (i: number) => hits.some((h) => h.at <= i && i < h.at + h.term.words.length);
  const out: TermHit[] = [];
  let subject: TermHit | undefined;
  for (const hit of hits) {
    // "A listing of the product categories" is a list of them: the noun that says "list" before "of" names no record
    // (a marketplace's listing) of its own.
    if (hit.term.words.length === 1 && listNouns.has(hit.text) && prepositionWords.has(words[hit.at + 1] ?? ''))
      continue;
    if (
      subject &&
      hit.term.concept !== subject.term.concept &&
      words
        .slice(subject.at + subject.term.words.length, hit.at)
        .some((w, k) => prepositionWords.has(w) && !inHit(subject!.at + subject!.term.words.length + k))
    )
      continue;
    out.push(hit);
    if (!subject && hit.term.concept !== 'other') subject = hit;
  }
  return out;
}

/** Subjects named right after a subject venue has no operation for ("claim receipt", "order adjustment"). */
function narrowed(words: string[]): Map<Concept, string> {
  const out = new Map<Concept, string>();
  const hits = findTerms(words);
  hits.forEach((hit, i) => {
    const before = hits[i - 1];
    // A subject-less word that is also a verb ("Returns stock on hand") says what is done, not what is narrowed.
    if (
      before &&
      before.term.concept === 'other' &&
      !before.term.words.every((w) => kindWords.get(w)) &&
      hit.term.concept !== 'other' &&
      before.at + before.term.words.length === hit.at
    )
      out.set(hit.term.concept, `${before.text} ${hit.text}`);
  });
  return out;
}

/**
 * A summary that names its records by a type's name, written run together (`List of ReleaseProduct`), names them as
 * the document's schema does: a word before the subject inside that name that no term of venue's or part-of-service
 * word is (`release`) makes them a narrower kind, as it would in the path (`/release-products`). Words a summary writes
 * apart ("List all store products") are read as before: only a type's own name is read whole.
 */
function typeNamesNarrowed(summary: string): Map<Concept, string> {
  const out = new Map<Concept, string>();
  for (const token of summary.split(/[^\p{L}\p{N}]+/u)) {
    if (!/\p{Ll}\p{Lu}/u.test(token)) continue;
    const head = headOf(wordsOf(token));
    if (head.concept && head.concept !== 'other' && head.qualifier && !head.context)
      out.set(head.concept, `${head.qualifier} ${head.text}`);
  }
  return out;
}

/**
 * A collection and a record's key written in one segment, as OData does (`items({item_id})`,
 * `INVENTRY(ID='{ProductId}')`, `vendorPurchases({a},'{b}')`): the segment is a name, then in parentheses only the
 * record's key parts, each a parameter, quoted or not, named (`ID=`) or not. It is read as the REST path it stands for,
 * the collection then its key (`items/{item_id}`), so a record of it is a record route like any other. A name with a
 * dot is a function or an action bound to the path (`Service.GetRecent(days={days})`, `Microsoft.NAV.post`), and
 * parentheses holding anything but parameters (a literal, nothing) are no key: both are read as written. Only the
 * reading changes: the route is stored, and called, as the document writes it.
 */
export function keyedSegmentsRead(path: string): string {
  return path
    .split('/')
    .map((segment) => {
      const found = /^([A-Za-z_][\w-]*)\((.+)\)$/.exec(segment);
      if (!found) return segment;
      const parts = found[2]!.split(',').map((part) => /^\s*(?:[A-Za-z_]\w*\s*=\s*)?'?(\{[^{}]+\})'?\s*$/.exec(part));
      if (parts.some((part) => !part)) return segment;
      return [found[1]!, ...parts.map((part) => part![1]!)].join('/');
    })
    .join('/');
}

/**
 * Literal leading segments most paths share ("/api/v2/platform" of every
 * Spree route) say nothing about any one operation: they are left out.
 */
export function sharedPrefixLength(paths: string[]): number {
  if (paths.length < 4) return 0;
  const split = paths.map((p) => p.split('/').filter(Boolean));
  let depth = 0;
  for (;;) {
    const counts = new Map<string, number>();
    for (const segments of split) {
      const segment = segments[depth];
      if (segment && !segment.startsWith('{') && segments.length > depth + 1)
        counts.set(segment.toLowerCase(), (counts.get(segment.toLowerCase()) ?? 0) + 1);
    }
    const [best] = [...counts.values()].sort((a, b) => b - a);
    if (!best || best < paths.length * 0.75) return depth;
    depth++;
  }
}

/** How many collections of different names a leading segment holds before it is a section of the API. */
export const SECTION_COLLECTIONS = 8;

/**
 * The leading segment (after the shared prefix) under which a document puts many collections of different names
 * (/finance/products, /finance/contacts, /finance/stockAdjustments, …) is a part of the API, as a shared prefix is:
 * it says nothing of any one route, and narrows none of them. A segment that names something of venue's (/stock/…,
 * /products/…) is read as it is.
 */
/** Where a path's section would be: its first segment after the shared prefix and a key that begins it. */
export function sectionDepth(segments: string[], skip: number): number {
  return segments[skip]?.startsWith('{') ? skip + 1 : skip;
}

export function sectionSegments(paths: string[], skip: number): Set<string> {
  const children = new Map<string, Set<string>>();
  for (const p of paths) {
    const segments = p.split('/').filter(Boolean);
    const at = sectionDepth(segments, skip);
    const first = segments[at];
    const next = segments[at + 1];
    if (!first || !next || first.includes('{') || next.includes('{')) continue;
    const key = first.toLowerCase();
    if (!children.has(key)) children.set(key, new Set());
    children.get(key)!.add(wordsOf(next).join(' '));
  }
  return new Set(
    [...children]
      .filter(([segment, next]) => next.size >= SECTION_COLLECTIONS && !findTerms(wordsOf(segment)).length)
      .map(([segment]) => segment),
  );
}

function kindOf(operation: DocumentOperation, trailingParam: boolean, said: Set<Kind>, lastSegment: string): Kind {
  const { method } = operation;
  if (method === 'DELETE') return 'delete';
  // A route whose last segment says it removes (POST /webhooks/unsubscribe) creates or changes nothing, whatever else
  // its operationId says.
  if (wordsOf(lastSegment).some((word) => kindWords.get(word) === 'delete')) return 'action';
  // An RPC-style last segment that begins with a verb that reads (getProducts, findItems) says the route's job
  // whatever its method: a write method there carries a search's filters in the body, and creates or changes nothing.
  const verb = kindWords.get(wordsOf(lastSegment)[0] ?? '');
  if (method !== 'GET' && wordsOf(lastSegment).length > 1 && (verb === 'read' || verb === 'list'))
    return trailingParam ? 'read' : 'list';
  if (method === 'GET') return trailingParam ? 'read' : 'list';
  if (said.has('upsert') || (said.has('create') && said.has('update'))) return 'upsert';
  if (trailingParam) return said.has('create') && method === 'POST' ? 'action' : 'update';
  if (said.has('update') && !said.has('create')) return 'update';
  if (said.has('list') && method === 'POST' && !said.has('create')) return 'list';
  if (method === 'PATCH') return 'update';
  if (method === 'PUT') return said.has('create') ? 'create' : 'update';
  return 'create';
}

/** Words that name a record's id alone: "id", "uuid", "guid". */
export const bareIdWords: ReadonlySet<string> = new Set(['id', 'uuid', 'guid']);

/**
 * The record id an RPC-style route takes in the query, where its path names no record (GET /product.info.json?id=…,
 * GET /GetInventoryItemById?stockItemId=…, DELETE /webhook?id=…): the one required query parameter, no per-venue
 * value and no list, whose name is an id alone (id, uuid) or the id of what the route itself names (productId of
 * /product.info.json, stockItemId of GetInventoryItemById: its last word before the id is a word of the route's path or
 * operationId). A required id of anything else (categoryId of /products) is a filter venue does not send; two such
 * parameters name no one record. Paging and dates never end in an id. Where the document gives the route's records a
 * path of their own (GET /items/{id} beside GET /items?id=), that path is where one is read: the query's ids filter
 * the list.
 */
export function queryIdOf(
  operation: DocumentOperation,
  pathParams: string[],
  routeWords: string[],
  queryVariables: ReadonlySet<string>,
  recordPathBeside = false,
): string | undefined {
  if (pathParams.length || recordPathBeside) return undefined;
  const idOfRoute = (name: string) => {
    if (queryVariables.has(name) || operation.queryParameters?.[name]?.list) return false;
    const words = wordsOf(name);
    const last = words[words.length - 1];
    if (last === undefined || !bareIdWords.has(last)) return false;
    if (words.length === 1) return true;
    const subject = words[words.length - 2]!;
    return routeWords.some((word) => word === subject || singular(word) === singular(subject));
  };
  const candidates = (operation.requiredQuery ?? []).filter(idOfRoute);
  if (candidates.length) return candidates.length === 1 ? candidates[0] : undefined;
  // A route its own path names as reading by the id (GetInventoryItemById, /product/get-by-id) takes the record's id in
  // the query whether or not the document marks it required: the name says the id picks the record.
  const pathWords = wordsOf(operation.path.split('/').filter(Boolean).pop() ?? '');
  const byId =
    pathWords.length >= 2 &&
    pathWords[pathWords.length - 2] === 'by' &&
    bareIdWords.has(pathWords[pathWords.length - 1]!);
  if (!byId) return undefined;
  const optional = operation.query.filter(idOfRoute);
  return optional.length === 1 ? optional[0] : undefined;
}

const singular = (word: string): string => word.replace(/(?<=[^s])s$/, '');

export function readOperation(
  operation: DocumentOperation,
  skip: number,
  path = operation.path,
  variables: ReadonlySet<string> = new Set(),
  /** The document's per-venue query values (path-vars.ts findQueryVariables). */
  queryVariables: ReadonlySet<string> = new Set(),
  /** The document's per-venue headers (path-vars.ts findHeaderVariables). */
  headerVariables: ReadonlySet<string> = new Set(),
  /** The document has a path for one record under this one (/items/{id} of /items): queryIdOf. */
  recordPathBeside = false,
): Reading {
  const segments = keyedSegmentsRead(operation.path).split('/').filter(Boolean);
  // A segment may hold a parameter and a path variable written together ("{id}{format}", "products{format}"): the
  // variables are filled per venue, so what is left is what the segment says.
  const withoutVariables = (segment: string) =>
    segment.replace(/\{([^{}]+)\}/g, (whole, name: string) => (variables.has(name) ? '' : whole));
  const last = withoutVariables(segments[segments.length - 1] ?? '');
  // A format written after the record's id ("{id}.json") names the answer's form, not something under the record.
  const pathParams = operation.params.filter((p) => !variables.has(p));
  // An RPC-style route's id in the query stands where a path's last parameter would (queryIdOf).
  const queryId = queryIdOf(
    operation,
    pathParams,
    [
      ...segments.flatMap((segment) => wordsOf(segment.replace(/\{[^{}]+\}/g, ''))),
      ...wordsOf(operation.operationId ?? ''),
    ],
    queryVariables,
    recordPathBeside,
  );
  const trailingParam = queryId !== undefined || /^\{[^{}]+\}(\.(json|xml|yaml|yml))?$/i.test(last);
  // The collection a path variable picks from, named for it (sites of /sites/{site_id}/products): the venue's own
  // scope, written before every route under it. It narrows nothing after it: site products are the venue's products.
  // A scope that is a subject of its own (accounts: a customer's) does.
  const scope = (segment: string, i: number) => {
    const name = /^\{([^{}]+)\}$/.exec(segments[i + 1] ?? '')?.[1];
    if (name === undefined || !variables.has(name)) return false;
    const own = wordsOf(name).filter((w) => !identifierWords.has(w));
    return own.length > 0 && own.join(' ') === wordsOf(segment).join(' ') && !findTerms(own).length;
  };
  const named = segments.map((segment, i) => (scope(segment, i) ? '' : segment));
  // Segments that are only a version or a date (v1, 2021-08-01) say nothing: the last two that say something are read.
  const literalOf = (from: string[]) =>
    from.map((s) => s.replace(/\{[^{}]+\}/g, '')).filter((s) => s && wordsOf(s).length > 0);
  const literal = literalOf(named.slice(skip));
  const pathWords = literal.flatMap(wordsOf);
  const lastTwo = literal.slice(-2).flatMap(wordsOf);
  const idWords = wordsOf(operation.operationId ?? '');
  const summaryWords = wordsOf(operation.summary ?? '');

  // A verb is never written in the plural: a path's last word that is one of venue's verbs in the plural (/item_sets,
  // /categories/details, /stock/changes) is a noun, what the collection's records are (sets of items), and says no
  // verb of the route's own. ("lists" is read so by every reading: wordsOf keeps it plural.)
  const lastWritten = splitWords(literal.slice(-1).join(' ')).pop() ?? '';
  const pluralNoun = lastWritten !== singularOf(lastWritten) && kindWords.get(singularOf(lastWritten)) !== undefined;
  const kindsSaid = new Set<Kind>();
  // An operationId spelled from the method and the path (PostProductsId, get-/products) says the method and nothing
  // more: its first word is no verb of the route's own (a POST to a record's path is its update, unless it says more).
  const idVerbs = idWords[0] === operation.method.toLowerCase() ? idWords.slice(1) : idWords;
  // "Set up" a thing makes it (set up a webhook): the phrase is a create, where "set" alone changes a value.
  const summaryVerbs = summaryWords
    .slice(0, 4)
    .join(' ')
    .replace(/^set up\b/, 'create')
    .split(' ');
  for (const word of [
    ...wordsOf(literal.slice(-1).join(' ')).slice(0, pluralNoun ? -1 : undefined),
    ...idVerbs,
    ...summaryVerbs,
  ]) {
    const kind = kindWords.get(word);
    if (kind) kindsSaid.add(kind);
  }
  if (
    /\b(create|add)s?\b.*\bor\b.*\bupdates?\b|\bupdates?\b.*\bor\b.*\b(create|add)s?\b/i.test(operation.summary ?? '')
  )
    kindsSaid.add('upsert');

  const danger = new Set<string>();
  for (const word of [...pathWords, ...idWords, ...summaryWords]) if (dangerWords.has(word)) danger.add(word);
  // An action word is a job only where it says what the route itself does: its last path segment, or its operationId's
  // verb or object. Elsewhere it names the part of the service the route sits in (/configuration/warehouses).
  const ownIdWords = idWords.filter((w) => !fillerWords.has(w));
  const idObject = [...ownIdWords].reverse().find((w) => !kindWords.get(w));
  for (const word of [...literal.slice(-1).flatMap(wordsOf), ownIdWords[0], idObject])
    if (word !== undefined && actionWords.has(word)) danger.add(word);
  // A segment naming files, statistics or reports, anywhere in the path, makes the route serve those: no record route.
  // Every segment counts, a section's too (/files/… of a document with many files routes is read past as a section).
  for (const segment of literalOf(segments))
    for (const word of wordsOf(segment)) if (outputSegmentWords.has(word)) danger.add(word);
  // A segment that names a utility (/utilities/…, /inventorypurchaseutility/items: a word run together ending in one)
  // is a tool of the service, run in sessions: the records under it are that tool's working set and its lookups (the
  // items of a purchase session, the vendors it offers to choose from), never records kept, whatever they are called.
  for (const segment of literalOf(segments))
    if (/utilit(y|ies)$/i.test(segment) || wordsOf(segment).includes('utility')) danger.add('utility');
  // A segment that names records' ids and nothing else (itemId, ids, product_ids), followed by what they are looked up
  // by (/items/itemId/bySkus) or ending the path in the plural (/products/ids), answers those ids: a lookup of keys
  // (the ids of the SKUs asked for), never the records themselves. A segment of the id before the record's own
  // parameter (/products/id/{id}) or a read by the id (/products/byId) is no such lookup.
  segments.forEach((segment, i) => {
    const next = segments[i + 1];
    if (!/^(?:[a-z]+(?:Ids?|IDs?|[-_]ids?)|ids?)$/.test(segment)) return;
    if (next === undefined ? /s$/i.test(segment) : /^by(?:[A-Z]|[-_][a-z])/.test(next)) danger.add('lookup');
  });
  const self = segments.find((segment) => selfSegments.has(segment.toLowerCase()));

  const idHead = idWords.length ? headOf(idWords) : undefined;
  // The prefix most paths share says nothing of one route, except where a term spans it and the route's own segment:
  // /inventory/items of a document whose every path is under /inventory is inventory items, not items.
  const own = headOf(lastTwo, pluralNoun);
  const whole = literal.length < 2 ? headOf(literalOf(named).slice(-2).flatMap(wordsOf), pluralNoun) : own;
  // A route that is the shared prefix itself (GET /inventories of a document whose every path is under it) is named by it.
  const pathHead =
    whole.concept &&
    whole.text !== own.text &&
    (!own.text || (whole.text.endsWith(` ${own.text}`) && whole.text.split(' ').length > 1))
      ? whole
      : own;
  const head = headAsSaid(pathHead, segments, summaryWords);
  const summaryConcepts = conceptsOf(summaryWords, true);
  const tagConcepts = conceptsOf(operation.tags.flatMap(wordsOf));
  const concepts = new Set<Concept>([...summaryConcepts.keys(), ...tagConcepts.keys()]);
  if (head.concept) concepts.add(head.concept);
  if (idHead?.concept) concepts.add(idHead.concept);
  // Fields are read only for routes some operation of venue's gets as far as weighing: most never do.
  let request: FieldSet | undefined | null = null;
  let response: FieldSet | undefined | null = null;
  return {
    operation,
    path,
    concepts,
    kind: kindOf(operation, trailingParam, kindsSaid, literal[literal.length - 1] ?? ''),
    params: queryId === undefined ? pathParams : [queryId],
    ...(queryId === undefined ? {} : { queryId }),
    vars: operation.params.filter((p) => variables.has(p)),
    // Every route that takes it sends it: the venue's one value, required there or not.
    queryVars: operation.query.filter((q) => queryVariables.has(q)),
    // A header by its variable's name, however this route writes it (header names are case-insensitive).
    headerVars: [...headerVariables].filter((v) => operation.headers.some((h) => h.toLowerCase() === v.toLowerCase())),
    trailingParam,
    pathWords,
    head,
    operationIdHead: idHead && (idHead.concept !== undefined || idHead.text) ? idHead : undefined,
    summaryConcepts,
    summaryNarrowed: new Map([...typeNamesNarrowed(operation.summary ?? ''), ...narrowed(summaryWords)]),
    tagConcepts,
    danger: [...danger],
    ...(self ? { self } : {}),
    kindsSaid,
    get request() {
      if (request === null)
        request = operation.request
          ? fieldSet(
              operation.request.fields,
              operation.request.list,
              operation.request.schemaNames,
              'request',
              undefined,
              operation.request.unread,
            )
          : undefined;
      return request;
    },
    get response() {
      if (response === null)
        response = operation.response
          ? fieldSet(
              operation.response.fields,
              operation.response.list,
              operation.response.schemaNames,
              'response',
              operation.response.listShape?.records?.at,
              operation.response.unread,
            )
          : undefined;
      return response;
    },
  };
}
