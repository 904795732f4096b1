// Reading a CSV stock file as a stream: the delimiter detected, line endings
// made one, plain lines split here and any other record read by csv-parse,
// line numbers counted, the header's columns found without regard to case;
// each record handed to the checker.

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
 * The cells of one line (no line ending in it) when it is plain CSV: unquoted
 * cells without a quote, quoted cells closed right before a delimiter or the
 * line's end, quotes inside them doubled. These are read here, with the
 * results csv-parse gives them, at a fraction of its cost (csv-parse looks at
 * every character; a 50 MB file spent most of its time there). Undefined for
 * anything else (a quoted cell running on to the next line, a stray quote):
 * csv-parse reads those (readCsv).
 */
export function plainCells(line: string, delimiter: string): string[] | undefined {
  let quote = line.indexOf('"');
  if (quote === -1) return line.split(delimiter);
  const cells: string[] = [];
  const end = line.length;
  let at = 0;
  for (;;) {
    if (at === quote) {
      // A quoted cell: up to the quote that is not doubled.
      let value = '';
      let from = at + 1;
      for (;;) {
        const close = line.indexOf('"', from);
        if (close === -1) return undefined; // open at the line's end
        if (line.charCodeAt(close + 1) === 34) {
          value += line.slice(from, close + 1);
          from = close + 2;
          continue;
        }
        value += line.slice(from, close);
        at = close + 1;
        break;
      }
      cells.push(value);
      if (at === end) return cells;
      if (!line.startsWith(delimiter, at)) return undefined; // something after the closing quote
      at += delimiter.length;
      quote = line.indexOf('"', at);
    } else {
      const next = line.indexOf(delimiter, at);
      const stop = next === -1 ? end : next;
      if (quote !== -1 && quote < stop) return undefined; // a quote inside an unquoted cell
      cells.push(line.slice(at, stop));
      if (next === -1) return cells;
      at = next + delimiter.length;
      if (quote !== -1 && quote < at) quote = line.indexOf('"', at);
    }
  }
}

/** How many '"' a line holds: a quoted cell runs on while the count so far is odd. */
function quotesIn(line: string): number {
  let count = 0;
  for (let at = line.indexOf('"'); at !== -1; at = line.indexOf('"', at + 1)) count++;
  return count;
}

/** csv-parse's error about text that starts on line firstLine of the file, its line numbers made the file's. */
function atFileLine(error: unknown, firstLine: number): unknown {
  if (firstLine === 1 || typeof (error as { code?: unknown })?.code !== 'string') return error;
  const shifted = error as { lines?: number; message: string };
  if (typeof shifted.lines === 'number') shifted.lines += firstLine - 1;
  shifted.message = shifted.message.replace(/\bline (\d+)/g, (_all, n: string) => `line ${Number(n) + firstLine - 1}`);
  return error;
}

/**
 * Reads CSV record by record as the bytes come and checks each record as it
 * comes: what is kept is the good items and the first bad lines' problems,
 * never the text. Plain lines are split here (plainCells); a record that is
 * not plain (a quoted cell over several lines, a stray quote) is handed to
 * csv-parse, which reads it, or says what is wrong, as it reads any CSV.
 */
export async function readCsv(
  chunks: AsyncIterable<Buffer>,
  head: string,
  checker: RecordChecker,
  source: string,
): Promise<void> {
  const delimiter = detectDelimiter(head.slice(0, head.search(/[\r\n]|$/)));
  let csvParse: typeof import('csv-parse/sync').parse | undefined;
  const parseRecords = async (text: string, firstLine: number): Promise<string[][]> => {
    csvParse ??= (await import('csv-parse/sync')).parse;
    try {
      return csvParse(text, { delimiter, relax_column_count: true }) as string[][];
    } catch (error) {
      throw atFileLine(error, firstLine);
    }
  };
  let line = 1;
  let headerLine: number | undefined;
  let columns: Map<string, number | undefined> | undefined;
  let current: string[] = [];
  const get = (column: string) => {
    const at = columns!.get(column);
    return at === undefined ? undefined : current[at];
  };
  const wanted = quantityColumnFor(checker.kind);

  /** A record, and whether it is one line (a plain line's cells hold no line ending: nothing to count). */
  const onRecord = (record: string[], oneLine = false) => {
    const recordLine = line;
    line += oneLine ? 1 : linesOf(record);
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
        issues.push({
          line: recordLine,
          field: 'header',
          rule: 'has no product column: add productId, barcode or productCode',
        });
      }
      if (!indexOf.has(wanted.toLowerCase()))
        issues.push({ line: recordLine, field: 'header', rule: `has no ${wanted} column` });
      if (issues.length) throw new ValidationError(issues, source);
      columns = new Map([...refColumns, wanted, 'value'].map((c) => [c, indexOf.get(c.toLowerCase())] as const));
      return;
    }
    current = record;
    checker.check({ line: recordLine, get });
  };

  // A record csv-parse reads: its lines so far, and whether its quotes are still open.
  let pending: string[] = [];
  let pendingQuotes = 0;
  const flushPending = async () => {
    const text = pending.join('');
    pending = [];
    pendingQuotes = 0;
    for (const record of await parseRecords(text, line)) onRecord(record);
  };
  /** A line, and whether a line ending followed it (csv-parse counts lines by them). */
  const onLine = async (text: string, ended: boolean) => {
    if (pending.length === 0) {
      const cells = plainCells(text, delimiter);
      if (cells) return onRecord(cells, true);
    }
    pending.push(ended ? `${text}\n` : text);
    pendingQuotes += quotesIn(text);
    // An even count closes every quoted cell opened: the record ends with this line (or the text is wrong, which csv-parse says).
    if (pendingQuotes % 2 === 0) return flushPending();
    // Odd on its first line: a cell opened for the next line, or a stray quote, which csv-parse refuses at once.
    if (pending.length === 1) {
      try {
        csvParse ??= (await import('csv-parse/sync')).parse;
        csvParse(text, { delimiter, relax_column_count: true });
      } catch (error) {
        if ((error as { code?: unknown }).code !== 'CSV_QUOTE_NOT_CLOSED') throw atFileLine(error, line);
      }
    }
  };

  try {
    const decoder = new StringDecoder('utf8');
    let rest = '';
    let first = true;
    const lines = async (text: string) => {
      if (first && text) {
        first = false;
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      }
      let from = 0;
      for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', from)) {
        const whole = from === 0 && rest ? rest + text.slice(0, at) : text.slice(from, at);
        if (from === 0) rest = '';
        // Plain lines are handled without a promise each: only csv-parse's are awaited.
        const cells = pending.length === 0 ? plainCells(whole, delimiter) : undefined;
        if (cells) onRecord(cells, true);
        else await onLine(whole, true);
        from = at + 1;
      }
      rest = from === 0 ? rest + text : text.slice(from);
    };
    for await (const chunk of oneLineEnding(chunks)) await lines(decoder.write(chunk));
    await lines(decoder.end());
    // The last line, without a line ending.
    if (rest) await onLine(rest, false);
    if (pending.length) await flushPending();
  } catch (error) {
    if (isCsvError(error))
      throw new ValidationError(
        [{ line: error.lines, field: 'file', rule: `is not valid CSV (${error.message})` }],
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
