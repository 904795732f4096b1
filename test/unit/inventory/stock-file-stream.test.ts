// Reading stock files as streams: records checked as they come (CSV and JSON),
// line numbers right across chunk edges, a bounded list of bad lines with the
// exact total, named pipes, and Ctrl-C (an aborted signal) while reading.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { InterruptedError, UsageError, ValidationError } from '../../../src/lib/errors.js';
import { MAX_LISTED_BAD_LINES } from '../../../src/lib/inventory/stock-file/issues.js';
import type { StockFileKind } from '../../../src/lib/inventory/stock-file/items.js';
import { MAX_JSON_VALUE_CHARS } from '../../../src/lib/inventory/stock-file/json.js';
import { readStockFile } from '../../../src/lib/inventory/stock-file/read.js';
import { resolveStockItems } from '../../../src/lib/inventory/stock-file/resolve.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-stock-stream-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Standard input that delivers text in pieces of `size` bytes (so every edge case meets a chunk edge). */
function stdinOf(text: string | Buffer, size = 7): Readable {
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text);
  return Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
    })(),
  );
}

const read = (text: string | Buffer, kind: StockFileKind = 'take', size = 7) =>
  readStockFile('-', kind, stdinOf(text, size));

async function failureOf(promise: Promise<unknown>): Promise<ValidationError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  return error as ValidationError;
}

function writeFile(name: string, text: string): string {
  const at = path.join(dir, name);
  fs.writeFileSync(at, text);
  return at;
}

describe('CSV as a stream', () => {
  it('gives the same items and lines whatever the chunk size (CRLF, BOM, quoted newlines, UTF-8 split)', async () => {
    const text = '\ufeffproductId,note,countedQuantity\r\n1,"two\r\nlines ünï",3\r\n\r\n2,"ça, va",4\r\n,,\r\n3,x,0';
    for (const size of [1, 2, 3, 7, 64, 1 << 16]) {
      const file = await read(text, 'take', size);
      expect(file.items, `chunks of ${size}`).toEqual([
        { line: 2, ref: { kind: 'productId', value: 1 }, quantity: 3 },
        { line: 5, ref: { kind: 'productId', value: 2 }, quantity: 4 },
        { line: 7, ref: { kind: 'productId', value: 3 }, quantity: 0 },
      ]);
      expect(file.source).toBe('standard input');
    }
    // A lone CR (old Mac exports) is a line ending too.
    const mac = await read('productId,countedQuantity\r1,2\r2,-1\r', 'take', 1).then(
      () => [],
      (e: ValidationError) => e.issues,
    );
    expect(mac).toEqual([{ line: 3, field: 'countedQuantity', rule: 'must not be negative' }]);
  });

  it('reports the line numbers of bad lines deep in a big file', async () => {
    const rows = ['productId,productName,countedQuantity'];
    const bad = new Set([2, 50_001, 123_456, 199_999]);
    for (let line = 2; line <= 200_001; line++) rows.push(`${line},"Toy ${line}",${bad.has(line) ? -3 : line % 17}`);
    const file = writeFile('big.csv', `${rows.join('\n')}\n`);
    const error = await failureOf(readStockFile(file, 'take', process.stdin));
    expect(error.issues.map((i) => i.line)).toEqual([...bad]);
    expect(error.message).toBe(`invalid input in ${file}: 4 problems`);
  });

  it('lists the first 100 bad lines in full and counts every one', async () => {
    const rows = ['productId,countedQuantity'];
    // 250 bad lines: every other line, each with two problems on the first 10.
    for (let i = 1; i <= 500; i++) rows.push(i % 2 ? `${i},1` : i <= 20 ? `x${i},-1` : `${i},-1`);
    const error = await failureOf(read(rows.join('\n'), 'take', 4096));
    const lines = new Set(error.issues.map((i) => i.line));
    expect(lines.size).toBe(MAX_LISTED_BAD_LINES);
    expect(Math.max(...(lines as Set<number>))).toBe(201); // the 100th bad line: data line 200 is line 201
    expect(error.message).toBe('invalid input in standard input: 260 problems on 250 lines');
    expect(error.details.at(-1)).toBe('… and 150 more bad lines (the first 100 are listed)');
    expect(error.details).toHaveLength(110 + 1);
  });

  it('caps unknown barcodes the same way when they are looked up', async () => {
    const rows = ['barcode,countedQuantity'];
    for (let i = 1; i <= 150; i++) rows.push(`B${i},1`);
    const file = await read(rows.join('\n'), 'take', 1 << 16);
    const error = await failureOf(
      resolveStockItems(file, async (refs) => new Map(refs.map((r) => [`${r.kind}:${r.value}`, {}] as const))),
    );
    expect(error.issues).toHaveLength(100);
    expect(error.issues[99]).toEqual({ line: 101, field: 'barcode', rule: '"B100" matches no product' });
    expect(error.message).toBe('invalid input in standard input: 150 problems on 150 lines');
    expect(error.details.at(-1)).toBe('… and 50 more bad lines (the first 100 are listed)');
  });

  it('counts a repeated product as a bad line in its place', async () => {
    const error = await failureOf(read('productId,countedQuantity\n1,1\n2,-1\n1,2\n3,3\n'));
    expect(error.issues).toEqual([
      { line: 3, field: 'countedQuantity', rule: 'must not be negative' },
      { line: 4, field: 'productId', rule: 'repeats product 1 of line 2' },
    ]);
  });

  it('reports a CSV error with its line', async () => {
    const error = await failureOf(read('productId,countedQuantity\n1,2\n2,"3\n'));
    expect(error.issues[0]).toMatchObject({ field: 'file', rule: expect.stringMatching(/^is not valid CSV/) });
    expect(error.issues[0]!.line).toBeGreaterThanOrEqual(3);
  });
});

describe('JSON as a stream', () => {
  const text = [
    '{',
    '  "note": "a [tricky], {value} with \\"quotes\\"",',
    '  "items": [',
    '    { "productId": 1, "quantity": 2, "value": 3.5, "name": "a ] b } c, d" },',
    '    {',
    '      "barcode": "X\\"]", "quantity": 0',
    '    },',
    '    7,',
    '    { "productCode": "P", "quantity": "4" }',
    '  ],',
    '  "meta": { "rows": [1, 2, {"x": "]"}] }',
    '}',
  ].join('\n');

  it('finds every item and its line whatever the chunk size, skipping other keys', async () => {
    for (const size of [1, 5, 64, 1 << 16]) {
      const error = await failureOf(read(text, 'receipt', size));
      expect(error.issues, `chunks of ${size}`).toEqual([
        { line: 5, field: 'quantity', rule: 'must be greater than 0' },
        { line: 8, field: 'items[2]', rule: 'must be an object' },
      ]);
    }
    const ok = await read(
      '[{"productId":1,"countedQuantity":0},\n{"productCode":"A","countedQuantity":"4"}]',
      'take',
      3,
    );
    expect(ok.format).toBe('json');
    expect(ok.items.map((i) => [i.line, i.ref.value, i.quantity])).toEqual([
      [1, 1, 0],
      [2, 'A', 4],
    ]);
  });

  it('says where the JSON breaks', async () => {
    const cases: Array<[string, number | undefined, RegExp]> = [
      ['[{"productId":1,"countedQuantity":1},\n{"productId":2,,}]', 2, /not valid JSON/],
      ['[{"productId":1,"countedQuantity":1},\n]', 2, /not valid JSON/],
      ['[{"productId":1,"countedQuantity":1}\n\n{"productId":2}]', 1, /not valid JSON/],
      ['{"items":[{"productId":1,"countedQuantity":1}]\n}\nx', 3, /after the end of the JSON/],
      ['[{"productId":1,', 1, /Unexpected end of JSON input/],
      ['{"items" [] }', 1, /Expected ":"/],
    ];
    for (const [input, line, rule] of cases) {
      const error = await failureOf(read(input, 'take', 5));
      expect(error.issues, input).toHaveLength(1);
      expect(error.issues[0]!.field).toBe('file');
      expect(error.issues[0]!.rule, input).toMatch(rule);
      expect(error.issues[0]!.line, input).toBe(line);
    }
  });

  it('says when there are no items, or no items array', async () => {
    expect((await failureOf(read('[]'))).issues).toEqual([{ field: 'items', rule: 'must list at least one item' }]);
    expect((await failureOf(read('{"items": []}'))).issues[0]!.rule).toBe('must list at least one item');
    for (const input of ['{"rows":[]}', '{"items": 5}', '{}']) {
      expect((await failureOf(read(input))).issues[0]!.rule, input).toBe(
        'must be a JSON array of items or an object with an "items" array',
      );
    }
    const file = writeFile('scalar.json', '"just text"');
    expect((await failureOf(readStockFile(file, 'take', process.stdin))).issues[0]!.rule).toMatch(/"items" array/);
    const broken = writeFile('broken.json', 'nope');
    expect((await failureOf(readStockFile(broken, 'take', process.stdin))).issues[0]!.rule).toMatch(/not valid JSON/);
  });

  it('refuses a single item over the size limit instead of holding it', async () => {
    const huge = `[{"productId":1,"countedQuantity":1,"note":"${'x'.repeat(MAX_JSON_VALUE_CHARS)}"}]`;
    const error = await failureOf(read(huge, 'take', 1 << 16));
    expect(error.issues[0]).toMatchObject({ line: 1, field: 'file', rule: expect.stringContaining('over 1 MiB') });
  });
});

describe('reading files, pipes and Ctrl-C', () => {
  it('names a missing file and a directory (exit 2)', async () => {
    await expect(readStockFile(path.join(dir, 'none.csv'), 'take', process.stdin)).rejects.toThrow(
      new UsageError(`cannot read --file ${path.join(dir, 'none.csv')}: no such file`),
    );
    await expect(readStockFile(dir, 'take', process.stdin)).rejects.toThrow(/it is a directory/);
  });

  it('reads a named pipe once someone writes to it', async () => {
    const fifo = path.join(dir, 'counts.fifo');
    execFileSync('mkfifo', [fifo]);
    const reading = readStockFile(fifo, 'take', process.stdin);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Opening for writing does not block: the reader is already there.
    const fd = fs.openSync(fifo, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK);
    fs.writeSync(fd, 'productId,countedQuantity\n5,1\n');
    fs.writeSync(fd, '6,2\n');
    fs.closeSync(fd);
    const file = await reading;
    expect(file.items.map((i) => [i.line, i.ref.value])).toEqual([
      [2, 5],
      [3, 6],
    ]);
  });

  it('stops at once when aborted while waiting on a pipe nobody writes to', async () => {
    const fifo = path.join(dir, 'silent.fifo');
    execFileSync('mkfifo', [fifo]);
    const controller = new AbortController();
    const reading = readStockFile(fifo, 'take', process.stdin, controller.signal);
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    const error = await reading.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(InterruptedError);
    expect((error as InterruptedError).exitCode).toBe(130);
    expect((error as InterruptedError).message).toBe(`interrupted while reading ${fifo}: nothing was sent`);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('stops when aborted while standard input is half read, and when already aborted', async () => {
    const stdin = new Readable({ read() {} });
    stdin.push('productId,countedQuantity\n1,1\n');
    const controller = new AbortController();
    const reading = readStockFile('-', 'take', stdin, controller.signal);
    setTimeout(() => controller.abort(), 50);
    await expect(reading).rejects.toBeInstanceOf(InterruptedError);
    expect(stdin.destroyed).toBe(true);
    await expect(
      readStockFile(
        writeFile('ok.csv', 'productId,countedQuantity\n1,1\n'),
        'take',
        process.stdin,
        AbortSignal.abort(),
      ),
    ).rejects.toBeInstanceOf(InterruptedError);
  });

  it('stops when aborted in the middle of a big file', async () => {
    const rows = ['productId,countedQuantity'];
    for (let i = 1; i <= 300_000; i++) rows.push(`${i},1`);
    const file = writeFile('abort.csv', rows.join('\n'));
    const controller = new AbortController();
    const reading = readStockFile(file, 'take', process.stdin, controller.signal);
    setTimeout(() => controller.abort(), 20);
    await expect(reading).rejects.toBeInstanceOf(InterruptedError);
  });
});
