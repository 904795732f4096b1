// Stock-take counts and stock receipts from a file (CSV or JSON; a path, a
// named pipe, or `-` for standard input). The whole file is checked before
// anything is sent and every bad line is reported, with line numbers as a
// spreadsheet shows them (header = line 1), so a clerk can fix them all in one
// pass. The file is read as a stream and checked record by record: memory
// holds the good items and the first 100 bad lines (the rest are counted), so
// a 50 MB file fits in well under 300 MB (bench/stock-file-50mb.js).

import fs from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { InterruptedError, ValidationError, UsageError, VenueError, type ValidationIssue } from '../errors.js';

export type StockFileKind = 'take' | 'receipt';

/** How a line names its product: exactly one of these is used. */
export type ProductRef =
  | { kind: 'productId'; value: number }
  | { kind: 'barcode'; value: string }
  | { kind: 'productCode'; value: string };

export interface StockFileItem {
  /** 1-based line in the file where the item starts. */
  line: number;
  ref: ProductRef;
  /** countedQuantity for a stock take, quantity for a receipt. */
  quantity: number;
  /** Receipts only: the value of the received goods (purchase price). */
  value?: number;
}

export interface StockFile {
  kind: StockFileKind;
  format: 'csv' | 'json';
  items: StockFileItem[];
  /** How messages name it: the path given, or "standard input". */
  source: string;
}

export const refColumns = ['productId', 'barcode', 'productCode'] as const;
const quantityColumn: Record<StockFileKind, string> = { take: 'countedQuantity', receipt: 'quantity' };

type FieldRule = { safeParse(value: unknown): { success: true } | { success: false; error: { issues: Array<{ message: string }> } } };
interface FieldRules {
  countedQuantity: FieldRule;
  quantity: FieldRule;
  value: FieldRule;
  maxBarcode: number;
  maxProductCode: number;
}
// Loaded once per parse (zod is not needed on start-up).
let fieldRules: FieldRules | undefined;
async function loadFieldRules(): Promise<FieldRules> {
  if (!fieldRules) {
    const schemas = await import('./schemas.js');
    fieldRules = {
      countedQuantity: schemas.stockTakeItemSchema.shape.countedQuantity as unknown as FieldRule,
      quantity: schemas.stockReceiptItemSchema.shape.quantity as unknown as FieldRule,
      value: schemas.stockReceiptItemSchema.shape.value as unknown as FieldRule,
      maxBarcode: schemas.LIMITS.barcode,
      maxProductCode: schemas.LIMITS.name,
    };
  }
  return fieldRules;
}

export function quantityColumnFor(kind: StockFileKind): string {
  return quantityColumn[kind];
}

export function refLabel(ref: ProductRef): string {
  return ref.kind === 'productId' ? `product ${ref.value}` : `${ref.kind} "${ref.value}"`;
}

function refKey(ref: ProductRef): string {
  return `${ref.kind}:${ref.value}`;
}

/** A raw cell (CSV string or JSON value) read as a number, or why not. */
function numberCell(raw: unknown): number | 'missing' | 'not-a-number' {
  if (raw === undefined || raw === null) return 'missing';
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : 'not-a-number';
  if (typeof raw !== 'string') return 'not-a-number';
  const text = raw.trim();
  if (text === '') return 'missing';
  // Spreadsheets export plain decimals; anything fancier (1,000 or 1e3) is a typo here.
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text)) return 'not-a-number';
  return Number(text);
}

function textCell(raw: unknown): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  const text = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : undefined;
  return text === '' ? undefined : text;
}

interface RawRecord {
  line: number;
  get(column: string): unknown;
}

/** Checks one record; pushes its issues and returns the item when it is good. */
function checkRecord(record: RawRecord, kind: StockFileKind, issues: ValidationIssue[]): StockFileItem | undefined {
  const line = record.line;
  const before = issues.length;
  let ref: ProductRef | undefined;

  const rawId = record.get('productId');
  const barcode = textCell(record.get('barcode'));
  const productCode = textCell(record.get('productCode'));
  const idCell = numberCell(rawId);
  if (idCell !== 'missing') {
    if (idCell === 'not-a-number' || !Number.isInteger(idCell) || idCell <= 0) {
      issues.push({ line, field: 'productId', rule: 'must be a positive whole number' });
    } else ref = { kind: 'productId', value: idCell };
  } else if (barcode !== undefined) {
    if (barcode.length > fieldRules!.maxBarcode) issues.push({ line, field: 'barcode', rule: `must be at most ${fieldRules!.maxBarcode} characters` });
    else ref = { kind: 'barcode', value: barcode };
  } else if (productCode !== undefined) {
    if (productCode.length > fieldRules!.maxProductCode) issues.push({ line, field: 'productCode', rule: `must be at most ${fieldRules!.maxProductCode} characters` });
    else ref = { kind: 'productCode', value: productCode };
  } else {
    issues.push({ line, field: 'productId', rule: 'is required (or barcode, or productCode)' });
  }

  const column = quantityColumn[kind];
  const rules = fieldRules!;
  const quantityCell = numberCell(record.get(column));
  let quantity: number | undefined;
  if (quantityCell === 'missing') issues.push({ line, field: column, rule: 'is required' });
  else {
    // The seed's rules come from the one schema source the sandbox also uses.
    const result = (kind === 'take' ? rules.countedQuantity : rules.quantity).safeParse(quantityCell === 'not-a-number' ? String(record.get(column)) : quantityCell);
    if (result.success) quantity = quantityCell as number;
    else issues.push({ line, field: column, rule: result.error.issues[0]?.message ?? 'is not valid' });
  }

  let value: number | undefined;
  if (kind === 'receipt') {
    const cell = numberCell(record.get('value'));
    if (cell !== 'missing') {
      const result = rules.value.safeParse(cell === 'not-a-number' ? String(record.get('value')) : cell);
      if (result.success) value = cell as number;
      else issues.push({ line, field: 'value', rule: result.error.issues[0]?.message ?? 'is not valid' });
    }
  }

  if (issues.length !== before || !ref || quantity === undefined) return undefined;
  return value === undefined ? { line, ref, quantity } : { line, ref, quantity, value };
}

/** Bad lines listed in full in a message; the rest are counted. */
export const MAX_LISTED_BAD_LINES = 100;

/**
 * The problems found so far, in line order: those of the first
 * MAX_LISTED_BAD_LINES bad lines are kept, later ones only counted, so a file
 * of millions of bad lines costs no more memory than one of a hundred.
 */
export class IssueLog {
  readonly listed: ValidationIssue[] = [];
  problems = 0;
  badLines = 0;
  private lastLine: number | undefined;

  add(issue: ValidationIssue): void {
    this.problems++;
    if (this.badLines === 0 || issue.line === undefined || issue.line !== this.lastLine) this.badLines++;
    this.lastLine = issue.line;
    if (this.badLines <= MAX_LISTED_BAD_LINES) this.listed.push(issue);
  }

  /** Throws ValidationError (exit 2) when anything was added. */
  throwIfAny(source: string): void {
    if (this.problems === 0) return;
    const error = new ValidationError(this.listed, source);
    const unlisted = this.badLines - MAX_LISTED_BAD_LINES;
    if (unlisted > 0) {
      error.message = `invalid input in ${source}: ${this.problems} problems on ${this.badLines} lines`;
      error.details.push(`… and ${unlisted} more bad line${unlisted === 1 ? '' : 's'} (the first ${MAX_LISTED_BAD_LINES} are listed)`);
    }
    throw error;
  }
}

/**
 * Product ids seen so far, each with the line it was first seen on: open
 * addressing over typed arrays (12 to 24 bytes an id) instead of a Map (about
 * 50), since a file can hold a million of them. Ids are positive, so 0 marks
 * an empty slot.
 */
class IdLines {
  private keys = new Float64Array(1 << 12);
  private lines = new Uint32Array(1 << 12);
  private count = 0;

  private slot(id: number, keys: Float64Array): number {
    const mask = keys.length - 1;
    let h = Math.imul((id >>> 0) ^ Math.imul(Math.floor(id / 4294967296), 0x9e3779b1), 0x85ebca6b);
    h ^= h >>> 15;
    for (let at = h & mask; ; at = (at + 1) & mask) if (keys[at] === 0 || keys[at] === id) return at;
  }

  /** The line id was first seen on, or undefined (and then it is recorded with line). */
  firstOrAdd(id: number, line: number): number | undefined {
    const at = this.slot(id, this.keys);
    if (this.keys[at] === id) return this.lines[at];
    this.keys[at] = id;
    this.lines[at] = line;
    if (++this.count * 4 > this.keys.length * 3) this.grow();
    return undefined;
  }

  private grow(): void {
    const [keys, lines] = [this.keys, this.lines];
    this.keys = new Float64Array(keys.length * 2);
    this.lines = new Uint32Array(keys.length * 2);
    for (let i = 0; i < keys.length; i++) {
      if (keys[i] === 0) continue;
      const at = this.slot(keys[i]!, this.keys);
      this.keys[at] = keys[i]!;
      this.lines[at] = lines[i]!;
    }
  }
}

/**
 * The same product twice in one file is almost always a copy-paste slip:
 * refused, naming the line it first appeared on.
 */
class DuplicateCheck {
  private readonly byId = new IdLines();
  private readonly byText = new Map<string, number>();

  check(item: StockFileItem, log: IssueLog): boolean {
    let seen: number | undefined;
    if (item.ref.kind === 'productId') seen = this.byId.firstOrAdd(item.ref.value, item.line);
    else {
      const key = refKey(item.ref);
      seen = this.byText.get(key);
      if (seen === undefined) this.byText.set(key, item.line);
    }
    if (seen === undefined) return true;
    log.add({ line: item.line, field: item.ref.kind, rule: `repeats ${refLabel(item.ref)} of line ${seen}` });
    return false;
  }
}

const refKinds = ['productId', 'barcode', 'productCode'] as const;

/**
 * The good items, column by column in typed arrays (about 30 bytes an item,
 * against about 100 as objects): a million-line file is held in tens of MB.
 * Objects are made only when the items are asked for (after the whole file
 * proved good).
 */
class CompactItems {
  private size = 0;
  private lines = new Uint32Array(1024);
  private quantities = new Float64Array(1024);
  /** Receipts' values, NaN where a line gave none; made when the first value comes. */
  private values: Float64Array | undefined;
  /** The product id, or for a barcode or product code its index in texts. */
  private refs = new Float64Array(1024);
  private kinds = new Uint8Array(1024);
  private readonly texts: string[] = [];

  get length(): number {
    return this.size;
  }

  push(item: StockFileItem): void {
    if (this.size === this.lines.length) this.grow();
    const at = this.size++;
    this.lines[at] = item.line;
    this.quantities[at] = item.quantity;
    if (item.value !== undefined) {
      this.values ??= new Float64Array(this.lines.length).fill(Number.NaN);
      this.values[at] = item.value;
    }
    this.kinds[at] = refKinds.indexOf(item.ref.kind);
    if (item.ref.kind === 'productId') this.refs[at] = item.ref.value;
    else this.refs[at] = this.texts.push(item.ref.value) - 1;
  }

  toArray(): StockFileItem[] {
    const items = new Array<StockFileItem>(this.size);
    for (let at = 0; at < this.size; at++) {
      const kind = refKinds[this.kinds[at]!]!;
      const ref: ProductRef = kind === 'productId' ? { kind, value: this.refs[at]! } : { kind, value: this.texts[this.refs[at]!]! };
      const value = this.values?.[at] ?? Number.NaN;
      items[at] = Number.isNaN(value) ? { line: this.lines[at]!, ref, quantity: this.quantities[at]! } : { line: this.lines[at]!, ref, quantity: this.quantities[at]!, value };
    }
    return items;
  }

  private grow(): void {
    const bigger = <T extends Uint32Array | Float64Array | Uint8Array>(array: T): T => {
      const next = new (array.constructor as new (length: number) => T)(array.length * 2);
      next.set(array);
      return next;
    };
    this.lines = bigger(this.lines);
    this.quantities = bigger(this.quantities);
    if (this.values) {
      const values = new Float64Array(this.values.length * 2).fill(Number.NaN);
      values.set(this.values);
      this.values = values;
    }
    this.refs = bigger(this.refs);
    this.kinds = bigger(this.kinds);
  }
}

/** Checks records as they arrive: good ones become compact items, bad ones issues. */
class RecordChecker {
  readonly items = new CompactItems();
  private readonly duplicates = new DuplicateCheck();
  private readonly scratch: ValidationIssue[] = [];

  constructor(
    readonly kind: StockFileKind,
    readonly log: IssueLog,
  ) {}

  check(record: RawRecord): void {
    const item = checkRecord(record, this.kind, this.scratch);
    for (const issue of this.scratch) this.log.add(issue);
    this.scratch.length = 0;
    // Once a line is bad the file will be refused: good items are then only checked, not kept.
    if (item && this.duplicates.check(item, this.log) && this.log.problems === 0) this.items.push(item);
  }

  /** For a record that is no item at all (a JSON element that is not an object). */
  reject(issue: ValidationIssue): void {
    this.log.add(issue);
  }
}

function detectDelimiter(headerLine: string): string {
  const count = (ch: string) => headerLine.split(ch).length - 1;
  // Spreadsheets in comma-decimal locales export with ';' (and some with tabs).
  const candidates = [',', ';', '\t'].map((d) => [d, count(d)] as const).sort((a, b) => b[1] - a[1]);
  return candidates[0]![1] > 0 ? candidates[0]![0] : ',';
}

function isBlankRecord(record: string[]): boolean {
  return record.every((cell) => cell.trim() === '');
}

/** The lines a record spans: one, plus one per line ending inside its quoted cells. */
function linesOf(record: string[]): number {
  let count = 1;
  for (const cell of record) for (let at = cell.indexOf('\n'); at !== -1; at = cell.indexOf('\n', at + 1)) count++;
  return count;
}

/**
 * One line ending everywhere, so a line is exactly one '\n' (csv-parse counts a
 * quoted CRLF as two lines); line numbers are then counted here, which is also
 * much cheaper than csv-parse's info and trim options on big files. Done on
 * bytes ('\r' is never part of a UTF-8 sequence); a chunk without '\r' passes
 * as it is, and a '\r' at the end of a chunk waits: it may be half of a CRLF.
 */
async function* oneLineEnding(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let carry = false;
  for await (const chunk of chunks) {
    if (!carry && chunk.indexOf(13) === -1) {
      if (chunk.length) yield chunk;
      continue;
    }
    const out = Buffer.allocUnsafe(chunk.length + 1);
    let length = 0;
    if (carry) out[length++] = 10; // a lone '\r', or the '\r' of a CRLF whose '\n' follows
    let from = carry && chunk[0] === 10 ? 1 : 0;
    carry = false;
    for (let at = chunk.indexOf(13, from); at !== -1; at = chunk.indexOf(13, from)) {
      length += chunk.copy(out, length, from, at);
      if (at === chunk.length - 1) {
        carry = true;
        from = chunk.length;
        break;
      }
      out[length++] = 10;
      from = chunk[at + 1] === 10 ? at + 2 : at + 1;
    }
    length += chunk.copy(out, length, from);
    if (length) yield out.subarray(0, length);
  }
  if (carry) yield Buffer.from('\n');
}

/** csv-parse's own errors (unclosed quote, …) carry a code and the line reached. */
function isCsvError(error: unknown): error is { code: string; message: string; lines?: number } {
  return typeof (error as { code?: unknown })?.code === 'string' && (error as { code: string }).code.startsWith('CSV_');
}

/**
 * Parses CSV record by record with csv-parse's streaming API and checks each
 * record as it comes: what is kept is the good items and the first bad lines'
 * problems, never the text.
 */
async function readCsv(chunks: AsyncIterable<Buffer>, head: string, checker: RecordChecker, source: string): Promise<void> {
  const { parse } = await import('csv-parse');
  const parser = parse({ delimiter: detectDelimiter(head.slice(0, head.search(/[\r\n]|$/))), relax_column_count: true, bom: true });
  let line = 1;
  let headerLine: number | undefined;
  let columns: Map<string, number | undefined> | undefined;
  let current: string[] = [];
  const get = (column: string) => {
    const at = columns!.get(column);
    return at === undefined ? undefined : current[at];
  };
  const wanted = quantityColumn[checker.kind];

  const onRecord = (record: string[]) => {
    const recordLine = line;
    line += linesOf(record);
    // Blank lines are skipped (before the header too), as a spreadsheet would.
    if (isBlankRecord(record)) return;
    if (!columns) {
      headerLine = recordLine;
      // Header names are matched without regard to case: exports differ.
      const indexOf = new Map<string, number>();
      record.forEach((name, i) => {
        const lower = name.trim().toLowerCase();
        if (!indexOf.has(lower)) indexOf.set(lower, i);
      });
      const issues: ValidationIssue[] = [];
      if (!refColumns.some((c) => indexOf.has(c.toLowerCase()))) {
        issues.push({ line: recordLine, field: 'header', rule: 'has no product column: add productId, barcode or productCode' });
      }
      if (!indexOf.has(wanted.toLowerCase())) issues.push({ line: recordLine, field: 'header', rule: `has no ${wanted} column` });
      if (issues.length) throw new ValidationError(issues, source);
      columns = new Map([...refColumns, wanted, 'value'].map((c) => [c, indexOf.get(c.toLowerCase())] as const));
      return;
    }
    current = record;
    checker.check({ line: recordLine, get });
  };

  try {
    // Records are taken by a plain synchronous sink: an async iterator costs a promise per record.
    const sink = new Writable({
      objectMode: true,
      highWaterMark: 256,
      write(record: string[], _encoding, done) {
        try {
          onRecord(record);
          done();
        } catch (error) {
          done(error as Error);
        }
      },
    });
    await pipeline(oneLineEnding(chunks), parser, sink);
  } catch (error) {
    if (isCsvError(error)) throw new ValidationError([{ line: error.lines, field: 'file', rule: `is not valid CSV (${error.message})` }], source);
    throw error;
  }
  if (headerLine === undefined) throw new ValidationError([{ line: 1, field: 'file', rule: 'is empty: expected a header row and at least one line' }], source);
  if (checker.items.length === 0 && checker.log.problems === 0) {
    throw new ValidationError([{ line: headerLine, field: 'file', rule: 'has a header but no lines' }], source);
  }
}

/** The largest single JSON item (or other value) held in memory at once. */
export const MAX_JSON_VALUE_CHARS = 1024 * 1024;

type JsonState =
  | 'top' // before the first value
  | 'elementOrEnd' // just after the items array's '['
  | 'element' // after a ',' in the items array
  | 'keyOrEnd' // just after the top object's '{'
  | 'key' // after a ',' in the top object
  | 'inKey'
  | 'colon'
  | 'value'
  | 'afterItems' // after the items array, inside the top object
  | 'capture' // inside an element or a value, until it ends
  | 'done';

/**
 * Reads a JSON stock file as it streams: a top-level array of items, or an
 * object whose "items" key holds that array. Each item's text is cut out and
 * parsed on its own (so only one item is in memory at a time, and its starting
 * line is known); the structure around the items is checked here. Any syntax
 * error is reported with its line.
 */
class JsonItemScanner {
  private state: JsonState = 'top';
  private line = 1;
  /** Whether the items array is the top-level value or the top object's "items". */
  private itemsAtTop = false;
  private sawItems = false;
  private itemCount = 0;
  private key = '';
  private keyText = '';
  private keyEscape = false;
  // The value being captured: what kind, where it started, its text so far.
  private captureOf: 'element' | 'value' | 'top' = 'element';
  private captureLine = 1;
  private captureText = '';
  private captureOverflow = false;
  private depth = 0;
  private inString = false;
  private escape = false;

  constructor(
    private readonly checker: RecordChecker,
    private readonly source: string,
  ) {}

  private syntax(message: string, line = this.line): never {
    throw new ValidationError([{ line, field: 'file', rule: `is not valid JSON (${message})` }], this.source);
  }

  private notItems(): never {
    throw new ValidationError([{ field: 'file', rule: 'must be a JSON array of items or an object with an "items" array' }], this.source);
  }

  feed(text: string): void {
    let captureFrom = this.state === 'capture' ? 0 : -1;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code === 10) this.line++;
      const state = this.state;
      if (state === 'capture') {
        if (this.inString) {
          if (this.escape) this.escape = false;
          else if (code === 92) this.escape = true; // backslash
          else if (code === 34) this.inString = false;
          continue;
        }
        if (code === 34) this.inString = true;
        else if (code === 91 || code === 123) this.depth++;
        else if (code === 93 || code === 125 || code === 44) {
          // ']' '}' ','
          if (this.depth > 0) {
            if (code !== 44) this.depth--;
            continue;
          }
          const ends = this.captureOf === 'element' ? code === 44 || code === 93 : this.captureOf === 'value' ? code === 44 || code === 125 : false;
          if (!ends) this.syntax(`Unexpected "${text[i]}"`);
          this.append(text, captureFrom, i);
          captureFrom = -1;
          this.endCapture();
          if (this.captureOf === 'element') this.state = code === 44 ? 'element' : this.itemsAtTop ? 'done' : 'afterItems';
          else this.state = code === 44 ? 'key' : 'done';
        }
        continue;
      }
      if (state === 'inKey') {
        if (this.keyEscape) this.keyEscape = false;
        else if (code === 92) this.keyEscape = true;
        else if (code === 34) {
          try {
            this.key = JSON.parse(`"${this.keyText}"`) as string;
          } catch (error) {
            this.syntax(cleanJsonMessage(error));
          }
          this.state = 'colon';
          continue;
        }
        this.keyText += text[i];
        if (this.keyText.length > MAX_JSON_VALUE_CHARS) this.syntax('a key is far too long');
        continue;
      }
      // Whitespace between tokens.
      if (code === 32 || code === 10 || code === 13 || code === 9) continue;
      switch (state) {
        case 'top':
          if (code === 91) {
            this.itemsAtTop = this.sawItems = true;
            this.state = 'elementOrEnd';
          } else if (code === 123) this.state = 'keyOrEnd';
          else {
            // A bare value: parsed whole (and bounded) only to say what is wrong with it.
            this.startCapture('top');
            captureFrom = i;
            i--;
          }
          break;
        case 'elementOrEnd':
        case 'element':
          if (code === 93 && state === 'elementOrEnd') this.state = this.itemsAtTop ? 'done' : 'afterItems';
          else if (code === 93 || code === 44) this.syntax(`Unexpected "${text[i]}" where an item was expected`);
          else {
            this.startCapture('element');
            captureFrom = i;
            i--; // the capture reads this character itself (a '[', '{' or '"' counts)
          }
          break;
        case 'keyOrEnd':
        case 'key':
          if (code === 125 && state === 'keyOrEnd') this.state = 'done';
          else if (code === 34) {
            this.state = 'inKey';
            this.keyText = '';
          } else this.syntax(`Expected a property name, got "${text[i]}"`);
          break;
        case 'colon':
          if (code !== 58) this.syntax(`Expected ":" after a property name, got "${text[i]}"`);
          this.state = 'value';
          break;
        case 'value':
          if (this.key === 'items' && code === 91) {
            this.sawItems = true;
            this.state = 'elementOrEnd';
          } else {
            // Any other value is checked and dropped; "items" that is no array is remembered as such.
            if (this.key === 'items') this.sawItems = false;
            this.startCapture('value');
            captureFrom = i;
            i--;
          }
          break;
        case 'afterItems':
          if (code === 44) this.state = 'key';
          else if (code === 125) this.state = 'done';
          else this.syntax(`Expected "," or "}" after the items, got "${text[i]}"`);
          break;
        case 'done':
          this.syntax(`Unexpected "${text[i]}" after the end of the JSON`);
      }
    }
    if (this.state === 'capture' && captureFrom >= 0) this.append(text, captureFrom, text.length);
  }

  end(): void {
    if (this.state === 'capture' && this.captureOf === 'top') {
      this.endCapture();
      this.notItems();
    }
    if (this.state !== 'done') this.syntax('Unexpected end of JSON input');
    if (!this.sawItems) this.notItems();
    if (this.itemCount === 0) throw new ValidationError([{ field: 'items', rule: 'must list at least one item' }], this.source);
  }

  private startCapture(of: 'element' | 'value' | 'top'): void {
    this.state = 'capture';
    this.captureOf = of;
    this.captureLine = this.line;
    this.captureText = '';
    this.captureOverflow = false;
    this.depth = 0;
    this.inString = false;
    this.escape = false;
  }

  private append(text: string, from: number, to: number): void {
    if (this.captureOverflow) return;
    if (this.captureText.length + (to - from) > MAX_JSON_VALUE_CHARS) {
      if (this.captureOf === 'element') {
        this.syntax(`the item starting here is over ${MAX_JSON_VALUE_CHARS / 1024 / 1024} MiB`, this.captureLine);
      }
      // Another key's huge value: its brackets and strings are still followed, its content is not kept.
      this.captureOverflow = true;
      this.captureText = '';
      return;
    }
    this.captureText += text.slice(from, to);
  }

  private endCapture(): void {
    if (this.captureOverflow) return;
    let value: unknown;
    try {
      value = JSON.parse(this.captureText);
    } catch (error) {
      this.syntax(this.captureText.trim() === '' ? 'an empty value' : cleanJsonMessage(error), this.captureLine);
    }
    this.captureText = '';
    if (this.captureOf !== 'element') return;
    const index = this.itemCount++;
    const line = this.captureLine;
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      this.checker.reject({ line, field: `items[${index}]`, rule: 'must be an object' });
      return;
    }
    const record = value as Record<string, unknown>;
    this.checker.check({ line, get: (column) => record[column] });
  }
}

/** JSON.parse's message without its position in the piece parsed (the line is given instead). */
function cleanJsonMessage(error: unknown): string {
  return String((error as Error)?.message ?? error).replace(/,? (in JSON )?at position \d+.*$/s, '').replace(/ \(line \d+ column \d+\)$/, '');
}

/**
 * The line on which each element of the items array starts: found by a scan of
 * the raw text, since JSON.parse forgets positions. (A small-input helper; the
 * reader itself gets lines from its streaming scan.)
 */
export function jsonItemLines(text: string): number[] {
  const lines: number[] = [];
  // Each open container: is it an array, and is it the items array.
  const stack: Array<{ array: boolean; items: boolean }> = [];
  let line = 1;
  let lastKey: string | undefined;
  let expectingElement = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '\n') {
      line++;
      continue;
    }
    if (ch === '"') {
      let j = i + 1;
      let value = '';
      while (j < text.length && text[j] !== '"') {
        if (text[j] === '\\') j++;
        else value += text[j];
        j++;
      }
      const top = stack[stack.length - 1];
      if (top?.items && expectingElement) lines.push(line);
      expectingElement = false;
      if (top && !top.array) lastKey = value;
      i = j;
      continue;
    }
    if (ch === ' ' || ch === '\t' || ch === '\r' || ch === ':') continue;
    const top = stack[stack.length - 1];
    if (ch === ',') {
      expectingElement = Boolean(top?.items);
      continue;
    }
    if (top?.items && expectingElement) lines.push(line);
    expectingElement = false;
    if (ch === '[' || ch === '{') {
      const isArray = ch === '[';
      const items = isArray && (stack.length === 0 || (stack.length === 1 && !stack[0]!.array && lastKey === 'items'));
      stack.push({ array: isArray, items });
      expectingElement = items;
    } else if (ch === ']' || ch === '}') {
      stack.pop();
    }
  }
  return lines;
}

/** Text from bytes as they come: UTF-8 decoded across chunk edges, a leading BOM dropped. */
async function* textOf(bytes: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let first = true;
  const emit = function* (text: string) {
    if (first && text) {
      first = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (text) yield text;
  };
  for await (const chunk of bytes) yield* emit(decoder.write(chunk));
  yield* emit(decoder.end());
}

/** Up to this much is looked at before the format and the CSV delimiter are decided. */
const HEAD_LIMIT = 64 * 1024;

/**
 * Reads the start of the bytes: enough to see the first non-blank character
 * (JSON or CSV) and the first line (the CSV delimiter). Returns that start as
 * text (without a BOM) and an iterable of all the bytes, the start included.
 */
async function peekHead(chunks: AsyncIterator<Buffer>): Promise<{ head: string; all: AsyncIterable<Buffer> }> {
  const seen: Buffer[] = [];
  let head = '';
  let done = false;
  while (!(/\S/.test(head) && head.includes('\n')) && head.length < HEAD_LIMIT) {
    const next = await chunks.next();
    if (next.done) {
      done = true;
      break;
    }
    seen.push(next.value);
    head = Buffer.concat(seen).toString('utf8');
  }
  if (head.charCodeAt(0) === 0xfeff) head = head.slice(1);
  const all = async function* () {
    yield* seen;
    if (done) return;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  };
  return { head, all: all() };
}

/** Checks a stream of bytes; throws ValidationError listing the bad lines (the first 100, and how many more). */
async function checkStockBytes(
  chunks: AsyncIterable<Buffer>,
  kind: StockFileKind,
  format: 'csv' | 'json' | undefined,
  source: string,
): Promise<StockFile> {
  await loadFieldRules();
  const { head, all } = await peekHead(chunks[Symbol.asyncIterator]());
  if (!/\S/.test(head)) throw new ValidationError([{ line: 1, field: 'file', rule: 'is empty' }], source);
  const detected = format ?? (/^\s*[[{]/.test(head) ? 'json' : 'csv');
  const checker = new RecordChecker(kind, new IssueLog());
  if (detected === 'csv') await readCsv(all, head, checker, source);
  else {
    const scanner = new JsonItemScanner(checker, source);
    for await (const text of textOf(all)) scanner.feed(text);
    scanner.end();
  }
  checker.log.throwIfAny(source);
  return { kind, format: detected, items: checker.items.toArray(), source };
}

/** Parses and checks file contents; throws ValidationError listing every bad line. */
export async function parseStockText(text: string, kind: StockFileKind, format?: 'csv' | 'json', source = 'the file'): Promise<StockFile> {
  const whole = async function* () {
    yield Buffer.from(text);
  };
  return checkStockBytes(whole(), kind, format, source);
}

/**
 * Opens `--file` as a stream without ever blocking: a named pipe (FIFO) is
 * opened non-blocking and read as a pipe (so nobody writing to it is a wait
 * that Ctrl-C ends, not a hung process), a regular file as a file stream.
 */
async function openStockFile(file: string): Promise<Readable> {
  const cannot = (error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
    return new UsageError(`cannot read --file ${file}: ${why}`);
  };
  let fd: number;
  try {
    fd = await new Promise<number>((resolve, reject) =>
      fs.open(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK, (error, opened) => (error ? reject(error) : resolve(opened))),
    );
  } catch (error) {
    throw cannot(error);
  }
  const stat = await new Promise<fs.Stats>((resolve, reject) => fs.fstat(fd, (error, stats) => (error ? reject(error) : resolve(stats)))).catch((error: unknown) => {
    fs.close(fd, () => undefined);
    throw cannot(error);
  });
  if (stat.isDirectory()) {
    fs.close(fd, () => undefined);
    throw cannot(Object.assign(new Error('directory'), { code: 'EISDIR' }));
  }
  if (stat.isFIFO() || stat.isSocket()) {
    const net = await import('node:net');
    return new net.Socket({ fd, readable: true, writable: false });
  }
  if (stat.isFile()) return fs.createReadStream('', { fd, highWaterMark: 256 * 1024 });
  // A terminal or other device: read as an ordinary (blocking) stream.
  fs.close(fd, () => undefined);
  return fs.createReadStream(file);
}

/** The stream's chunks until it ends, or until signal aborts: then the stream is destroyed at once. */
async function* chunksUntilAborted(stream: NodeJS.ReadableStream, signal: AbortSignal | undefined, interrupted: () => InterruptedError): AsyncGenerator<Buffer> {
  if (signal?.aborted) throw interrupted();
  const onAbort = () => (stream as Readable).destroy?.(interrupted());
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for await (const chunk of stream) yield typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * Reads `--file` (a path, a named pipe, or `-` for standard input) as a stream
 * and checks it line by line: memory holds the good items (compact) and the
 * first bad lines, never the text. When signal aborts (Ctrl-C), reading stops
 * at once and InterruptedError is thrown; nothing has been sent.
 */
export async function readStockFile(file: string, kind: StockFileKind, stdin: NodeJS.ReadableStream, signal?: AbortSignal): Promise<StockFile> {
  const source = file === '-' ? 'standard input' : file;
  const interrupted = () => new InterruptedError(`interrupted while reading ${source}: nothing was sent`);
  if (signal?.aborted) throw interrupted();
  let format: 'csv' | 'json' | undefined;
  if (file !== '-') {
    if (/\.json$/i.test(file)) format = 'json';
    else if (/\.(csv|txt|tsv)$/i.test(file)) format = 'csv';
  }
  const stream = file === '-' ? stdin : await openStockFile(file);
  try {
    return await checkStockBytes(chunksUntilAborted(stream, signal, interrupted), kind, format, source);
  } catch (error) {
    if (signal?.aborted) throw interrupted();
    if (error instanceof VenueError || typeof (error as NodeJS.ErrnoException)?.code !== 'string') throw error;
    // A read that failed half-way (EIO, a pipe reset): the file, not venue, is at fault.
    throw new UsageError(`cannot read --file ${file}: ${(error as Error)?.message ?? String(error)}`, { cause: error });
  } finally {
    // Stop reading whatever is left (a bad header ends the check early); standard input is not ours to close.
    if (stream !== stdin) (stream as Readable).destroy();
  }
}

/** Product ids resolved for each item; unknown codes and barcodes reported with their lines. */
export interface ResolvedStockItem {
  line: number;
  productId: number;
  quantity: number;
  value?: number;
  /** How the file named it, when not by id. */
  ref?: ProductRef;
}

/** What a lookup found for one ref: a product id, or why there is none. */
export type RefLookup = Map<string, { productId?: number; problem?: string }>;

/**
 * Looks codes and barcodes up (resolve gets only the non-id refs) and returns
 * items keyed by product id. Throws ValidationError for unknown or ambiguous
 * refs and for two lines that turn out to name the same product.
 */
export async function resolveStockItems(file: StockFile, resolve: (refs: ProductRef[]) => Promise<RefLookup>): Promise<ResolvedStockItem[]> {
  const needLookup = file.items.filter((i) => i.ref.kind !== 'productId').map((i) => i.ref);
  const found: RefLookup = needLookup.length ? await resolve(needLookup) : new Map();
  const issues = new IssueLog();
  const resolved: ResolvedStockItem[] = [];
  const lineOfProduct = new Map<number, number>();
  for (const item of file.items) {
    let productId: number | undefined;
    if (item.ref.kind === 'productId') productId = item.ref.value;
    else {
      const hit = found.get(refKey(item.ref));
      productId = hit?.productId;
      if (productId === undefined) {
        issues.add({ line: item.line, field: item.ref.kind, rule: hit?.problem ? `"${item.ref.value}": ${hit.problem}` : `"${item.ref.value}" matches no product` });
        continue;
      }
    }
    const seen = lineOfProduct.get(productId);
    if (seen !== undefined) {
      issues.add({ line: item.line, field: item.ref.kind, rule: `names product ${productId} again (line ${seen})` });
      continue;
    }
    lineOfProduct.set(productId, item.line);
    const entry: ResolvedStockItem = { line: item.line, productId, quantity: item.quantity };
    if (item.value !== undefined) entry.value = item.value;
    if (item.ref.kind !== 'productId') entry.ref = item.ref;
    resolved.push(entry);
  }
  issues.throwIfAny(file.source);
  return resolved;
}

/** The minimum of InventoryClient that resolution needs (tests hand in fakes). */
export interface ProductRefResolver {
  resolveProductRefs(
    refs: Array<{ productId?: number; barcode?: string; productCode?: string }>,
    options?: { onPage?: (info: { count: number; totalItems?: number }) => void },
  ): Promise<Array<{ productId?: number; problem?: string }>>;
}

/** Adapts the client's lookup (which walks the catalogue once) to resolveStockItems. */
export function lookupWith(client: ProductRefResolver, onPage?: (info: { count: number; totalItems?: number }) => void) {
  return async (refs: ProductRef[]): Promise<RefLookup> => {
    const asked = refs.map((ref) => (ref.kind === 'barcode' ? { barcode: ref.value } : { productCode: String(ref.value) }));
    const answers = await client.resolveProductRefs(asked, onPage ? { onPage } : {});
    const lookup: RefLookup = new Map();
    refs.forEach((ref, i) => {
      const answer = answers[i];
      // The client words its problems as "no product has barcode X": the file line already says which.
      const problem = answer?.problem && !/^no product has /.test(answer.problem) ? answer.problem : undefined;
      lookup.set(refKey(ref), problem ? { productId: answer?.productId, problem } : { productId: answer?.productId });
    });
    return lookup;
  };
}

/**
 * Products the stock levels answer did not mention may simply have no stock
 * record there, or may not exist: only those are looked up, so a file of known
 * ids costs nothing extra. Unknown ids are reported with their lines (exit 2).
 */
export async function checkProductsExist(
  items: ResolvedStockItem[],
  levels: Map<number, number>,
  client: ProductRefResolver,
  source = 'the file',
): Promise<void> {
  const unseen = items.filter((i) => !levels.has(i.productId));
  if (unseen.length === 0) return;
  const answers = await client.resolveProductRefs(unseen.map((i) => ({ productId: i.productId })));
  const issues = new IssueLog();
  unseen.forEach((item, index) => {
    if (answers[index]?.productId === undefined) {
      issues.add({ line: item.line, field: item.ref?.kind ?? 'productId', rule: `${item.ref ? `"${item.ref.value}"` : item.productId} matches no product` });
    }
  });
  issues.throwIfAny(source);
}

export { refKey as productRefKey };
