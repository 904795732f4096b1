// Validating a stock file's records as they arrive: each line's product
// reference, quantity and value against the seeds' rules (the shared zod
// schemas), the same product twice refused, the good items kept compact.

import type { ValidationIssue } from '../../errors.js';
import type { IssueLog } from './issues.js';
import {
  quantityColumnFor,
  refKey,
  refLabel,
  type ProductRef,
  type StockFileItem,
  type StockFileKind,
} from './items.js';
import { inventorySchemasModule } from '../../lazy-modules.js';

type FieldRule = {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: Array<{ message: string }> } };
};
interface FieldRules {
  countedQuantity: FieldRule;
  quantity: FieldRule;
  value: FieldRule;
  maxBarcode: number;
  maxProductCode: number;
}
// Loaded once per parse (zod is not needed on start-up).
let fieldRules: FieldRules | undefined;
export async function loadFieldRules(): Promise<FieldRules> {
  if (!fieldRules) {
    const schemas = await inventorySchemasModule();
    fieldRules = {
      countedQuantity: remembered(schemas.stockTakeItemSchema.shape.countedQuantity as unknown as FieldRule),
      quantity: remembered(schemas.stockReceiptItemSchema.shape.quantity as unknown as FieldRule),
      value: remembered(schemas.stockReceiptItemSchema.shape.value as unknown as FieldRule),
      maxBarcode: schemas.LIMITS.barcode,
      maxProductCode: schemas.LIMITS.name,
    };
  }
  return fieldRules;
}

/**
 * The rule, its verdict on a number kept: a stock file repeats a few
 * quantities a million times (counts are small), and asking the schema costs
 * more than the rest of a line's check. Verdicts on other values are not kept;
 * at most 4,096 numbers are.
 */
function remembered(rule: FieldRule): FieldRule {
  const verdicts = new Map<number, ReturnType<FieldRule['safeParse']>>();
  return {
    safeParse(value: unknown) {
      if (typeof value !== 'number') return rule.safeParse(value);
      let verdict = verdicts.get(value);
      if (verdict === undefined) {
        verdict = rule.safeParse(value);
        if (verdicts.size < 4096) verdicts.set(value, verdict);
      }
      return verdict;
    },
  };
}

/** A raw cell (CSV string or JSON value) read as a number, or why not. */
function numberCell(raw: unknown): number | 'missing' | 'not-a-number' {
  if (raw === undefined || raw === null) return 'missing';
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : 'not-a-number';
  if (typeof raw !== 'string') return 'not-a-number';
  const text = raw.trim();
  if (text === '') return 'missing';
  // Spreadsheets export plain decimals; anything fancier (1,000 or 1e3) is a typo here.
  return isPlainDecimal(text) ? Number(text) : 'not-a-number';
}

/** /^[+-]?(\d+(\.\d*)?|\.\d+)$/, a character at a time (a million lines call it twice each). */
function isPlainDecimal(text: string): boolean {
  let at = 0;
  const first = text.charCodeAt(0);
  if (first === 43 || first === 45) at++; // + -
  let digits = 0;
  let dot = false;
  for (; at < text.length; at++) {
    const c = text.charCodeAt(at);
    if (c >= 48 && c <= 57) digits++;
    else if (c === 46 && !dot) dot = true;
    else return false;
  }
  return digits > 0;
}

/** A spreadsheet's scientific notation (1.23457E+12): what it writes for a long number in a cell not formatted as text. */
const SCIENTIFIC = /^[+-]?\d+(\.\d+)?E[+-]?\d+$/i;

/**
 * Why a cell that is no plain number is not one, in words a clerk can act on:
 * a decimal comma (12,50), or scientific notation (1.2E+3). Empty when neither.
 */
function numberHint(raw: unknown): string {
  if (typeof raw !== 'string') return '';
  const text = raw.trim();
  // 1,000 is a thousands separator to some and a decimal comma to others: both readings are said.
  if (/^[+-]?\d{1,3}(,\d{3}){2,}$/.test(text))
    return ` ("${text}" has thousands separators: write ${text.replace(/,/g, '')})`;
  if (/^[+-]?\d{1,3}(,\d{3})+$/.test(text)) {
    return ` ("${text}" has a comma: write ${text.replace(/,/g, '')} if it separates thousands, ${text.replace(',', '.')} if it is a decimal comma; numbers take a point and no separators)`;
  }
  if (/^[+-]?\d*,\d+$/.test(text)) {
    return ` ("${text}" has a decimal comma: write ${text.replace(',', '.')}, with a point; a spreadsheet set to a comma locale exports numbers this way)`;
  }
  if (SCIENTIFIC.test(text)) return ` ("${text}" is in scientific notation: write the number out in digits)`;
  return '';
}

/** A barcode or product id a spreadsheet rounded into scientific notation: its digits are lost, so it names no product. */
function roundedBySpreadsheet(text: string): string {
  return `is "${text}", a number a spreadsheet rounded into scientific notation: its digits are lost. Format the column as Text in the spreadsheet (or open the file with the column imported as text), put the full codes back and export again`;
}

function textCell(raw: unknown): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  const text = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : undefined;
  return text === '' ? undefined : text;
}

export interface RawRecord {
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
    if (typeof rawId === 'string' && SCIENTIFIC.test(rawId.trim())) {
      issues.push({ line, field: 'productId', rule: roundedBySpreadsheet(rawId.trim()) });
    } else if (idCell === 'not-a-number' || !Number.isInteger(idCell) || idCell <= 0) {
      issues.push({ line, field: 'productId', rule: `must be a positive whole number${numberHint(rawId)}` });
    } else ref = { kind: 'productId', value: idCell };
  } else if (barcode !== undefined) {
    if (SCIENTIFIC.test(barcode)) issues.push({ line, field: 'barcode', rule: roundedBySpreadsheet(barcode) });
    else if (barcode.length > fieldRules!.maxBarcode)
      issues.push({ line, field: 'barcode', rule: `must be at most ${fieldRules!.maxBarcode} characters` });
    else ref = { kind: 'barcode', value: barcode };
  } else if (productCode !== undefined) {
    if (productCode.length > fieldRules!.maxProductCode)
      issues.push({ line, field: 'productCode', rule: `must be at most ${fieldRules!.maxProductCode} characters` });
    else ref = { kind: 'productCode', value: productCode };
  } else {
    issues.push({ line, field: 'productId', rule: 'is required (or barcode, or productCode)' });
  }

  const column = quantityColumnFor(kind);
  const rules = fieldRules!;
  const quantityCell = numberCell(record.get(column));
  let quantity: number | undefined;
  if (quantityCell === 'missing') issues.push({ line, field: column, rule: 'is required' });
  else {
    // The seed's rules come from the one schema source the sandbox also uses.
    const result = (kind === 'take' ? rules.countedQuantity : rules.quantity).safeParse(
      quantityCell === 'not-a-number' ? String(record.get(column)) : quantityCell,
    );
    if (result.success) quantity = quantityCell as number;
    else
      issues.push({
        line,
        field: column,
        rule: `${result.error.issues[0]?.message ?? 'is not valid'}${numberHint(record.get(column))}`,
      });
  }

  let value: number | undefined;
  if (kind === 'receipt') {
    const cell = numberCell(record.get('value'));
    if (cell !== 'missing') {
      const result = rules.value.safeParse(cell === 'not-a-number' ? String(record.get('value')) : cell);
      if (result.success) value = cell as number;
      else
        issues.push({
          line,
          field: 'value',
          rule: `${result.error.issues[0]?.message ?? 'is not valid'}${numberHint(record.get('value'))}`,
        });
    }
  }

  if (issues.length !== before || !ref || quantity === undefined) return undefined;
  return value === undefined ? { line, ref, quantity } : { line, ref, quantity, value };
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
 * Product ids while they come in increasing order, as files exported from a
 * catalogue mostly do: a new id greater than the last cannot repeat one, so
 * nothing is looked up; they are kept in order (12 bytes an id) and go into
 * an IdLines only when an id comes out of order.
 */
class IncreasingIds {
  private ids = new Float64Array(1024);
  private lines = new Uint32Array(1024);
  size = 0;

  /** Whether id follows the ids so far (then it is kept with its line). */
  tryAdd(id: number, line: number): boolean {
    if (this.size > 0 && !(id > this.ids[this.size - 1]!)) return false;
    if (this.size === this.ids.length) {
      const [ids, lines] = [this.ids, this.lines];
      this.ids = new Float64Array(ids.length * 2);
      this.ids.set(ids);
      this.lines = new Uint32Array(lines.length * 2);
      this.lines.set(lines);
    }
    this.ids[this.size] = id;
    this.lines[this.size++] = line;
    return true;
  }

  /** Every id with its line, into table; then this holds none. */
  moveInto(table: IdLines): void {
    for (let i = 0; i < this.size; i++) table.firstOrAdd(this.ids[i]!, this.lines[i]!);
    this.size = 0;
    this.ids = new Float64Array(0);
    this.lines = new Uint32Array(0);
  }
}

/**
 * The same product twice in one file is almost always a copy-paste slip:
 * refused, naming the line it first appeared on.
 */
class DuplicateCheck {
  private increasing: IncreasingIds | undefined = new IncreasingIds();
  private readonly byId = new IdLines();
  private readonly byText = new Map<string, number>();

  check(item: StockFileItem, log: IssueLog): boolean {
    let seen: number | undefined;
    if (item.ref.kind === 'productId') {
      if (this.increasing?.tryAdd(item.ref.value, item.line)) return true;
      if (this.increasing) {
        this.increasing.moveInto(this.byId);
        this.increasing = undefined;
      }
      seen = this.byId.firstOrAdd(item.ref.value, item.line);
    } else {
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
      const ref: ProductRef =
        kind === 'productId' ? { kind, value: this.refs[at]! } : { kind, value: this.texts[this.refs[at]!]! };
      const value = this.values?.[at] ?? Number.NaN;
      items[at] = Number.isNaN(value)
        ? { line: this.lines[at]!, ref, quantity: this.quantities[at]! }
        : { line: this.lines[at]!, ref, quantity: this.quantities[at]!, value };
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
export class RecordChecker {
  readonly items = new CompactItems();
  private readonly duplicates = new DuplicateCheck();
  private readonly scratch: ValidationIssue[] = [];

  constructor(
    readonly kind: StockFileKind,
    readonly log: IssueLog,
  ) {}

  check(record: RawRecord): void {
    const item = checkRecord(record, this.kind, this.scratch);
    if (this.scratch.length) {
      for (const issue of this.scratch) this.log.add(issue);
      this.scratch.length = 0;
    }
    // Once a line is bad the file will be refused: good items are then only checked, not kept.
    if (item && this.duplicates.check(item, this.log) && this.log.problems === 0) this.items.push(item);
  }

  /** For a record that is no item at all (a JSON element that is not an object). */
  reject(issue: ValidationIssue): void {
    this.log.add(issue);
  }
}
