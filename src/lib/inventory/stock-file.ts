// Stock-take counts and stock receipts from a file (CSV or JSON, or `-` for
// standard input). The whole file is checked before anything is sent and every
// bad line is reported, with line numbers as a spreadsheet shows them
// (header = line 1), so a clerk can fix them all in one pass.

import fs from 'node:fs';
import { ValidationError, UsageError, type ValidationIssue } from '../errors.js';

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

/** The same product twice in one file is almost always a copy-paste slip: refuse it. */
function checkDuplicates(items: StockFileItem[], issues: ValidationIssue[]): void {
  const firstLine = new Map<string, number>();
  for (const item of items) {
    const key = refKey(item.ref);
    const seen = firstLine.get(key);
    if (seen === undefined) firstLine.set(key, item.line);
    else issues.push({ line: item.line, field: item.ref.kind, rule: `repeats ${refLabel(item.ref)} of line ${seen}` });
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

async function parseCsv(text: string, kind: StockFileKind): Promise<{ items: StockFileItem[]; issues: ValidationIssue[] }> {
  const { parse } = await import('csv-parse/sync');
  // One line ending everywhere, so a line is exactly one '\n' (csv-parse counts a
  // quoted CRLF as two lines); line numbers are then counted here, which is also
  // much cheaper than csv-parse's info and trim options on big files.
  const body = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).replace(/\r\n?/g, '\n');
  const firstLine = body.slice(0, body.search(/\n|$/));
  let records: string[][];
  try {
    records = parse(body, { delimiter: detectDelimiter(firstLine), relax_column_count: true }) as string[][];
  } catch (error) {
    const e = error as { message?: string; lines?: number };
    throw new ValidationError([{ line: e.lines, field: 'file', rule: `is not valid CSV (${e.message ?? 'parse error'})` }]);
  }
  const issues: ValidationIssue[] = [];
  let line = 1;
  let index = 0;
  const linesOf = (record: string[]) => {
    let count = 1;
    for (const cell of record) for (let at = cell.indexOf('\n'); at !== -1; at = cell.indexOf('\n', at + 1)) count++;
    return count;
  };
  // Blank lines before the header are skipped, as a spreadsheet would.
  while (index < records.length && isBlankRecord(records[index]!)) line += linesOf(records[index++]!);
  if (index === records.length) throw new ValidationError([{ line: 1, field: 'file', rule: 'is empty: expected a header row and at least one line' }]);

  const headerLine = line;
  const header = records[index]!.map((h) => h.trim());
  line += linesOf(records[index++]!);
  // Header names are matched without regard to case: exports differ.
  const indexOf = new Map<string, number>();
  header.forEach((name, i) => {
    const lower = name.toLowerCase();
    if (!indexOf.has(lower)) indexOf.set(lower, i);
  });
  const wanted = quantityColumn[kind];
  if (!refColumns.some((c) => indexOf.has(c.toLowerCase()))) {
    issues.push({ line: headerLine, field: 'header', rule: 'has no product column: add productId, barcode or productCode' });
  }
  if (!indexOf.has(wanted.toLowerCase())) issues.push({ line: headerLine, field: 'header', rule: `has no ${wanted} column` });
  if (issues.length) throw new ValidationError(issues, 'the file');

  const columns = new Map<string, number | undefined>([...refColumns, wanted, 'value'].map((c) => [c, indexOf.get(c.toLowerCase())] as const));
  const items: StockFileItem[] = [];
  let current: string[] = [];
  const get = (column: string) => {
    const at = columns.get(column);
    return at === undefined ? undefined : current[at];
  };
  for (; index < records.length; index++) {
    current = records[index]!;
    const recordLine = line;
    line += linesOf(current);
    if (isBlankRecord(current)) continue;
    const item = checkRecord({ line: recordLine, get }, kind, issues);
    if (item) items.push(item);
  }
  if (items.length === 0 && issues.length === 0) {
    throw new ValidationError([{ line: headerLine, field: 'file', rule: 'has a header but no lines' }]);
  }
  return { items, issues };
}

/**
 * The line on which each element of the items array starts: found by a scan of
 * the raw text, since JSON.parse forgets positions.
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

function parseJson(text: string, kind: StockFileKind): { items: StockFileItem[]; issues: ValidationIssue[] } {
  let data: unknown;
  try {
    data = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    throw new ValidationError([{ field: 'file', rule: `is not valid JSON (${(error as Error).message})` }]);
  }
  const list = Array.isArray(data)
    ? data
    : data && typeof data === 'object' && Array.isArray((data as { items?: unknown }).items)
      ? ((data as { items: unknown[] }).items)
      : undefined;
  if (!list) throw new ValidationError([{ field: 'file', rule: 'must be a JSON array of items or an object with an "items" array' }]);
  if (list.length === 0) throw new ValidationError([{ field: 'items', rule: 'must list at least one item' }]);
  const lines = jsonItemLines(text);
  const issues: ValidationIssue[] = [];
  const items: StockFileItem[] = [];
  list.forEach((element, index) => {
    const line = lines[index] ?? index + 1;
    if (!element || typeof element !== 'object' || Array.isArray(element)) {
      issues.push({ line, field: `items[${index}]`, rule: 'must be an object' });
      return;
    }
    const record = element as Record<string, unknown>;
    const item = checkRecord({ line, get: (column) => record[column] }, kind, issues);
    if (item) items.push(item);
  });
  return { items, issues };
}

/** Parses and checks file contents; throws ValidationError listing every bad line. */
export async function parseStockText(text: string, kind: StockFileKind, format?: 'csv' | 'json', source = 'the file'): Promise<StockFile> {
  await loadFieldRules();
  const detected = format ?? (/^\s*[[{]/.test(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) ? 'json' : 'csv');
  if (text.trim() === '') throw new ValidationError([{ line: 1, field: 'file', rule: 'is empty' }], source);
  let parsed: { items: StockFileItem[]; issues: ValidationIssue[] };
  try {
    parsed = detected === 'csv' ? await parseCsv(text, kind) : parseJson(text, kind);
  } catch (error) {
    // Whole-file faults (not CSV, not JSON, no lines) name the file too.
    if (error instanceof ValidationError) throw new ValidationError(error.issues, source);
    throw error;
  }
  const { items, issues } = parsed;
  checkDuplicates(items, issues);
  if (issues.length) {
    issues.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
    throw new ValidationError(issues, source);
  }
  return { kind, format: detected, items, source };
}

/** Reads `--file` (a path, or `-` for standard input) and checks it. */
export async function readStockFile(file: string, kind: StockFileKind, stdin: NodeJS.ReadableStream): Promise<StockFile> {
  let text: string;
  let format: 'csv' | 'json' | undefined;
  if (file === '-') {
    const { readAllStdin } = await import('../secret-input.js');
    text = await readAllStdin(stdin);
  } else {
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new UsageError(`cannot read --file ${file}: ${code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
    }
    if (/\.json$/i.test(file)) format = 'json';
    else if (/\.(csv|txt|tsv)$/i.test(file)) format = 'csv';
  }
  return parseStockText(text, kind, format, file === '-' ? 'standard input' : file);
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
  const issues: ValidationIssue[] = [];
  const resolved: ResolvedStockItem[] = [];
  const lineOfProduct = new Map<number, number>();
  for (const item of file.items) {
    let productId: number | undefined;
    if (item.ref.kind === 'productId') productId = item.ref.value;
    else {
      const hit = found.get(refKey(item.ref));
      productId = hit?.productId;
      if (productId === undefined) {
        issues.push({ line: item.line, field: item.ref.kind, rule: hit?.problem ? `"${item.ref.value}": ${hit.problem}` : `"${item.ref.value}" matches no product` });
        continue;
      }
    }
    const seen = lineOfProduct.get(productId);
    if (seen !== undefined) {
      issues.push({ line: item.line, field: item.ref.kind, rule: `names product ${productId} again (line ${seen})` });
      continue;
    }
    lineOfProduct.set(productId, item.line);
    const entry: ResolvedStockItem = { line: item.line, productId, quantity: item.quantity };
    if (item.value !== undefined) entry.value = item.value;
    if (item.ref.kind !== 'productId') entry.ref = item.ref;
    resolved.push(entry);
  }
  if (issues.length) throw new ValidationError(issues, file.source);
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
  const issues: ValidationIssue[] = [];
  unseen.forEach((item, index) => {
    if (answers[index]?.productId === undefined) {
      issues.push({ line: item.line, field: item.ref?.kind ?? 'productId', rule: `${item.ref ? `"${item.ref.value}"` : item.productId} matches no product` });
    }
  });
  if (issues.length) throw new ValidationError(issues, source);
}

export { refKey as productRefKey };
