// The stock file's CSV reader splits plain lines itself and hands every other
// record to csv-parse: whatever the text, the records it checks (cells and
// line numbers) and the error it reports are those csv-parse gives for the
// whole text at once. Random texts of delimiters, quotes, line endings and
// blanks, against csv-parse itself.

import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../src/lib/errors.js';
import { plainCells, readCsv } from '../../../src/lib/inventory/stock-file/csv.js';
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
    const e = error as { code: string; lines: number; message: string };
    return {
      error: e.code.startsWith('CSV_')
        ? [{ line: e.lines, field: 'file', rule: `is not valid CSV (${e.message})` }]
        : e.message,
    };
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

describe('the stock file CSV reader', () => {
  it('splits plain lines as csv-parse does and leaves the others to it', () => {
    expect(plainCells('1,"a, ""b""",3', ',')).toEqual(['1', 'a, "b"', '3']);
    expect(plainCells('1,,', ',')).toEqual(['1', '', '']);
    expect(plainCells('"",x', ',')).toEqual(['', 'x']);
    expect(plainCells('1;"a;b";2', ';')).toEqual(['1', 'a;b', '2']);
    expect(plainCells('1,"open', ',')).toBeUndefined();
    expect(plainCells('1,a"b,3', ',')).toBeUndefined();
    expect(plainCells('"a" ,b', ',')).toBeUndefined();
  });

  it('gives the records, line numbers and errors csv-parse gives, for any text in any chunks', async () => {
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
          if (expected.error !== undefined) expect(actual.error).toEqual(expected.error);
          else {
            expect(actual.error).toBeUndefined();
            expect(actual.seen).toEqual(expected.seen);
          }
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
