// Reading a CSV stock file as a stream (csv-parse): the delimiter detected,
// line endings made one, line numbers counted, the header's columns found
// without regard to case; each record handed to the checker.

import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
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
 * Parses CSV record by record with csv-parse's streaming API and checks each
 * record as it comes: what is kept is the good items and the first bad lines'
 * problems, never the text.
 */
export async function readCsv(chunks: AsyncIterable<Buffer>, head: string, checker: RecordChecker, source: string): Promise<void> {
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
  const wanted = quantityColumnFor(checker.kind);

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
