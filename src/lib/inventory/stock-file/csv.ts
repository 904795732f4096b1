// Reading a CSV stock file as a stream, by one reader: our own scanner (RFC
// 4180: cells split by the delimiter, a quoted cell may hold the delimiter, a
// doubled quote and line endings). The delimiter is detected, line endings
// made one, a BOM dropped, line numbers counted as a spreadsheet shows them,
// the header's columns found without regard to case; each record handed to
// the checker as it ends. Memory holds one record, never the text.

import { StringDecoder } from 'node:string_decoder';
import { ValidationError, type ValidationIssue } from '../../errors.js';
import type { RecordChecker } from './check.js';
import { quantityColumnFor, refColumns } from './items.js';

function detectDelimiter(headerLine: string): string {
  const count = (ch: string) => headerLine.split(ch).length - 1;
  // Spreadsheets in comma-decimal locales export with ';' (and some with tabs).
  const candidates = [',', ';', '\t'].map((d) => [d, count(d)] as const).sort((a, b) => b[1] - a[1]);
  return candidates[0]![1] > 0 ? candidates[0]![0] : ',';
}

function isBlankRecord(record: string[]): boolean {
  return record.every((cell) => cell.trim() === '');
}

/**
 * One line ending everywhere, so a line is exactly one '\n', whatever the file
 * used (CRLF, LF, a lone CR), in quoted cells too: lines are then counted by
 * '\n' alone. Done on bytes ('\r' is never part of a UTF-8 sequence); a chunk
 * without '\r' passes as it is, and a '\r' at the end of a chunk waits: it may
 * be half of a CRLF.
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

/** What is wrong with the text as CSV, and the line it is on. */
export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    why: string,
  ) {
    super(why);
    this.name = 'CsvSyntaxError';
  }
}

const QUOTE = 34; // '"'

/**
 * The one CSV reader: fed line by line (without their line endings), it hands
 * each record to onRecord with the line it starts on, as soon as it ends. A
 * line without a quote is split at once; a quoted cell is read to the quote
 * that closes it, two quotes in it standing for one, and runs on to the next
 * line while it is open. A quote inside a cell that does not begin with one,
 * text after a closing quote, or a quoted cell never closed is a
 * CsvSyntaxError naming its line.
 */
export class CsvScanner {
  private cells: string[] = [];
  /** The text so far of a quoted cell that runs on to the next line; undefined when none is open. */
  private open: string | undefined;
  /** The line the record being read starts on, and the line the open quoted cell starts on. */
  private recordLine = 0;
  private openLine = 0;
  private lineNumber = 0;

  constructor(
    private readonly delimiter: string,
    private readonly onRecord: (cells: string[], line: number) => void,
  ) {}

  /** One line of the text, without its line ending. */
  line(text: string): void {
    this.lineNumber++;
    let at = 0;
    if (this.open === undefined) {
      this.recordLine = this.lineNumber;
      if (text.indexOf('"') === -1) {
        this.onRecord(text.split(this.delimiter), this.recordLine);
        return;
      }
      this.cells = [];
    } else {
      // The open quoted cell goes on, after the line ending it holds.
      at = this.quoted(text, 0, `${this.open}\n`);
      if (at === -1 || this.endOfCell(text, at)) return;
      at += this.delimiter.length;
    }
    this.cellsFrom(text, at);
  }

  /** The end of the text: a quoted cell still open was never closed. */
  end(): void {
    if (this.open !== undefined)
      throw new CsvSyntaxError(
        this.openLine,
        'a quoted cell that starts on this line is never closed: a closing quote is missing',
      );
  }

  /** The cells of text from at, the start of a cell, to the end of the line (or into a quoted cell left open). */
  private cellsFrom(text: string, at: number): void {
    const delimiter = this.delimiter;
    let quote = text.indexOf('"', at);
    for (;;) {
      if (at === quote) {
        at = this.quoted(text, at + 1, '');
        if (at === -1 || this.endOfCell(text, at)) return;
        at += delimiter.length;
        quote = text.indexOf('"', at);
        continue;
      }
      const next = text.indexOf(delimiter, at);
      const stop = next === -1 ? text.length : next;
      if (quote !== -1 && quote < stop)
        throw new CsvSyntaxError(
          this.lineNumber,
          `a quote inside column ${this.cells.length + 1}, which does not start with one: quote the whole cell and double the quotes in it ("a ""b""")`,
        );
      this.cells.push(text.slice(at, stop));
      if (next === -1) return this.finish();
      at = next + delimiter.length;
    }
  }

  /**
   * A quoted cell, read from from (past its opening quote, or the start of a
   * line it runs on to) with the text it holds so far: the position after its
   * closing quote, the cell kept; or -1, the cell left open for the next line.
   */
  private quoted(text: string, from: number, sofar: string): number {
    let value = sofar;
    for (;;) {
      const close = text.indexOf('"', from);
      if (close === -1) {
        if (this.open === undefined) this.openLine = this.lineNumber;
        this.open = value + text.slice(from);
        return -1;
      }
      if (text.charCodeAt(close + 1) === QUOTE) {
        value += text.slice(from, close + 1);
        from = close + 2;
        continue;
      }
      this.open = undefined;
      this.cells.push(value + text.slice(from, close));
      return close + 1;
    }
  }

  /** After a closing quote: the end of the line ends the record (true); a delimiter goes on (false); anything else is wrong. */
  private endOfCell(text: string, at: number): boolean {
    if (at === text.length) {
      this.finish();
      return true;
    }
    if (text.startsWith(this.delimiter, at)) return false;
    throw new CsvSyntaxError(
      this.lineNumber,
      `text after the closing quote of column ${this.cells.length}: quote the whole cell and double the quotes in it ("a ""b"" c")`,
    );
  }

  private finish(): void {
    const cells = this.cells;
    this.cells = [];
    this.onRecord(cells, this.recordLine);
  }
}

/**
 * Reads CSV record by record as the bytes come and checks each record as it
 * comes: what is kept is the good items and the first bad lines' problems,
 * never the text. A file that is not CSV is one problem, on the line where
 * it stops being CSV.
 */
export async function readCsv(
  chunks: AsyncIterable<Buffer>,
  head: string,
  checker: RecordChecker,
  source: string,
): Promise<void> {
  const delimiter = detectDelimiter(head.slice(0, head.search(/[\r\n]|$/)));
  let headerLine: number | undefined;
  let columns: Map<string, number | undefined> | undefined;
  let current: string[] = [];
  const get = (column: string) => {
    const at = columns!.get(column);
    return at === undefined ? undefined : current[at];
  };
  const wanted = quantityColumnFor(checker.kind);

  const scanner = new CsvScanner(delimiter, (record, line) => {
    // Blank lines are skipped (before the header too), as a spreadsheet would.
    if (isBlankRecord(record)) return;
    if (!columns) {
      headerLine = line;
      // Header names are matched without regard to case: exports differ.
      const indexOf = new Map<string, number>();
      record.forEach((name, i) => {
        const lower = name.trim().toLowerCase();
        if (!indexOf.has(lower)) indexOf.set(lower, i);
      });
      const issues: ValidationIssue[] = [];
      if (!refColumns.some((c) => indexOf.has(c.toLowerCase()))) {
        issues.push({ line, field: 'header', rule: 'has no product column: add productId, barcode or productCode' });
      }
      if (!indexOf.has(wanted.toLowerCase())) issues.push({ line, field: 'header', rule: `has no ${wanted} column` });
      if (issues.length) throw new ValidationError(issues, source);
      columns = new Map([...refColumns, wanted, 'value'].map((c) => [c, indexOf.get(c.toLowerCase())] as const));
      return;
    }
    current = record;
    checker.check({ line, get });
  });

  try {
    const decoder = new StringDecoder('utf8');
    let rest = '';
    let first = true;
    const lines = (text: string) => {
      if (first && text) {
        first = false;
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      }
      let from = 0;
      for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', from)) {
        scanner.line(from === 0 && rest ? rest + text.slice(0, at) : text.slice(from, at));
        if (from === 0) rest = '';
        from = at + 1;
      }
      rest = from === 0 ? rest + text : text.slice(from);
    };
    for await (const chunk of oneLineEnding(chunks)) lines(decoder.write(chunk));
    lines(decoder.end());
    // The last line, without a line ending.
    if (rest) scanner.line(rest);
    scanner.end();
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      throw new ValidationError(
        [{ line: error.line, field: 'file', rule: `is not valid CSV: ${error.message}` }],
        source,
      );
    throw error;
  }
  if (headerLine === undefined)
    throw new ValidationError(
      [{ line: 1, field: 'file', rule: 'is empty: expected a header row and at least one line' }],
      source,
    );
  if (checker.items.length === 0 && checker.log.problems === 0) {
    throw new ValidationError([{ line: headerLine, field: 'file', rule: 'has a header but no lines' }], source);
  }
}
