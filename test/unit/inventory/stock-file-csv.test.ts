// The stock file's CSV reader is one scanner of our own. csv-parse, a
// well-kept reader written by others, is its witness here (a dev dependency
// only): whatever the text, the records the reader checks (cells and line
// numbers) are those csv-parse gives for the whole text at once, and the text
// it refuses is the text csv-parse refuses, on the line csv-parse names (an
// unclosed quote: on the line the cell opened, at or before csv-parse's,
// which names the end). Random texts of delimiters, quotes, line endings and
// blanks, in chunks of any size.

import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src/lib/errors.js';
import { CsvScanner, CsvSyntaxError, readCsv } from '../../../src/lib/inventory/stock-file/csv.js';
import type { RecordChecker } from '../../../src/lib/inventory/stock-file/check.js';

const header = 'productId,countedQuantity,barcode,productCode,value';
const columns = ['productId', 'countedQuantity', 'barcode', 'productCode', 'value'];

/** What readCsv hands the checker: each record's line and the cells it can see; or the error it throws. */
async function viaReader(text: string, chunkSize: number) {
  const seen: Array<{ line: number; cells: unknown[] }> = [];
  const checker = {
    kind: 'take',
    items: { length: 1 },
    log: { problems: 0 },
    check: (record: { line: number; get(column: string): unknown }) =>
      seen.push({ line: record.line, cells: columns.map((c) => record.get(c)) }),
  } as unknown as RecordChecker;
  const bytes = Buffer.from(text);
  const chunks = async function* () {
    for (let at = 0; at < bytes.length; at += chunkSize) yield bytes.subarray(at, at + chunkSize);
  };
  try {
    await readCsv(chunks(), text.slice(0, 1000), checker, 'the file');
    return { seen };
  } catch (error) {
    return { seen, error: error instanceof ValidationError ? error.issues : (error as Error).message };
  }
}

/** The same, from csv-parse reading the whole text (line numbers counted as the reader counts them). */
function viaCsvParse(text: string) {
  let records: string[][];
  try {
    records = parse(text, { relax_column_count: true, bom: true });
  } catch (error) {
    const e = error as { code: string; lines: number };
    return { error: { code: e.code, line: e.lines } };
  }
  const seen: Array<{ line: number; cells: unknown[] }> = [];
  let line = 1;
  let first = true;
  for (const record of records) {
    const at = line;
    line += 1 + record.join('').split('\n').length - 1;
    if (record.every((c) => c.trim() === '')) continue;
    if (first) {
      first = false;
      continue;
    }
    seen.push({ line: at, cells: columns.map((_c, i) => record[i]) });
  }
  return { seen };
}

/** The records a scanner gives for lines (with their first lines), or the syntax error it throws. */
function scan(lines: string[], delimiter = ',') {
  const records: Array<[number, string[]]> = [];
  const scanner = new CsvScanner(delimiter, (cells, line) => records.push([line, cells]));
  try {
    for (const line of lines) scanner.line(line);
    scanner.end();
    return records;
  } catch (error) {
    if (error instanceof CsvSyntaxError) return { line: error.line, why: error.message };
    throw error;
  }
}

describe('the stock file CSV reader', () => {
  it('splits cells, reads quoted ones (delimiters, doubled quotes, line endings in them) and counts lines', () => {
    expect(scan(['1,"a, ""b""",3', '1,,', '"",x'])).toEqual([
      [1, ['1', 'a, "b"', '3']],
      [2, ['1', '', '']],
      [3, ['', 'x']],
    ]);
    expect(scan(['1;"a;b";2'], ';')).toEqual([[1, ['1', 'a;b', '2']]]);
    expect(scan(['1,"two', '', 'lines""', '",4', '5,6'])).toEqual([
      [1, ['1', 'two\n\nlines"\n', '4']],
      [5, ['5', '6']],
    ]);
  });

  it('names the line where the text stops being CSV, and what is wrong', () => {
    expect(scan(['h,x', '1,a"b'])).toEqual({ line: 2, why: expect.stringContaining('a quote inside column 2') });
    expect(scan(['h,x', '"a', 'b"c,1'])).toEqual({
      line: 3,
      why: expect.stringContaining('after the closing quote of column 1'),
    });
    expect(scan(['h,x', '"a" ,b'])).toEqual({ line: 2, why: expect.stringContaining('after the closing quote') });
    expect(scan(['h,x', '1,2', '2,"3', '', '4,5'])).toEqual({ line: 3, why: expect.stringContaining('never closed') });
  });

  it('gives the records and line numbers csv-parse gives, and refuses what it refuses, for any text in any chunks', async () => {
    const cell = fc.stringMatching(/^[a1 ,"\n\r]{0,6}$/);
    const body = fc.array(fc.oneof(cell, fc.constantFrom('"a\nb"', '"x""y"', '', '\r\n', '"', '1,"2\n3",4', '  ')), {
      maxLength: 12,
    });
    await fc.assert(
      fc.asyncProperty(
        body,
        fc.constantFrom('\n', ',', '\r\n'),
        fc.integer({ min: 1, max: 7 }),
        async (parts, joiner, chunkSize) => {
          const text = `${header}\n${parts.join(joiner)}\n`;
          // The reader makes every line ending one '\n' first; csv-parse is given the same text.
          const expected = viaCsvParse(text.replace(/\r\n?/g, '\n'));
          const actual = await viaReader(text, chunkSize);
          if (expected.error === undefined) {
            expect(actual.error).toBeUndefined();
            expect(actual.seen).toEqual(expected.seen);
            return;
          }
          expect(actual.error).toEqual([
            { line: expect.any(Number), field: 'file', rule: expect.stringMatching(/^is not valid CSV: /) },
          ]);
          const [issue] = actual.error as Array<{ line: number; rule: string }>;
          if (expected.error.code === 'CSV_QUOTE_NOT_CLOSED') {
            expect(issue!.line).toBeLessThanOrEqual(expected.error.line);
            expect(issue!.rule).toContain('never closed');
          } else expect(issue!.line).toBe(expected.error.line);
        },
      ),
      { numRuns: 1500 },
    );
  });
});

describe('repeated products, in files in order and out of it', () => {
  it('finds a repeat of an id from the increasing run and from after it, naming the first line', async () => {
    const { parseStockText } = await import('../../../src/lib/inventory/stock-file/read.js');
    const text = [
      'productId,countedQuantity',
      '10,1',
      '20,1',
      '30,1',
      '30,2',
      '5,1',
      '20,3',
      '5,4',
      '40,1',
      '40,1',
    ].join('\n');
    const error = await parseStockText(text, 'take').then(
      () => undefined,
      (e: unknown) => e as ValidationError,
    );
    expect(error?.issues).toEqual([
      { line: 5, field: 'productId', rule: 'repeats product 30 of line 4' },
      { line: 7, field: 'productId', rule: 'repeats product 20 of line 3' },
      { line: 8, field: 'productId', rule: 'repeats product 5 of line 6' },
      { line: 10, field: 'productId', rule: 'repeats product 40 of line 9' },
    ]);
    const good = await parseStockText(['productId,countedQuantity', '3,1', '1,1', '2,1', '9,1'].join('\n'), 'take');
    expect(good.items.map((i) => i.ref)).toEqual(
      [1, 2, 3, 4].map((n) => ({ kind: 'productId', value: [3, 1, 2, 9][n - 1] })),
    );
  });
});

describe('one CSV reader', () => {
  // The stock file's CSV is read by CsvScanner alone: csv-parse is the witness of the test above, never a
  // second reader beside it (a fast path in front of it, or a fallback behind it).
  it('nothing under src/ imports csv-parse, and the package does not depend on it (a dev dependency only)', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const { repoRoot } = await import('../../support/venue.js');
    const files = (dir: string): string[] =>
      fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((e) =>
          e.isDirectory() ? files(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
        );
    const importers = files(path.join(repoRoot, 'src')).filter((file) =>
      /['"]csv-parse(\/[^'"]*)?['"]/.test(fs.readFileSync(file, 'utf8')),
    );
    expect(importers.map((file) => path.relative(repoRoot, file))).toEqual([]);
    const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    expect(manifest.dependencies['csv-parse']).toBeUndefined();
    expect(manifest.devDependencies['csv-parse']).toBeDefined();
  });
});
