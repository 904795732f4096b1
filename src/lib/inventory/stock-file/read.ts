// Stock-take counts and stock receipts from a file (CSV or JSON; a path, a
// named pipe, or `-` for standard input). The whole file is checked before
// anything is sent and every bad line is reported, with line numbers as a
// spreadsheet shows them (header = line 1), so a clerk can fix them all in one
// pass. The file is read as a stream and checked record by record: memory
// holds the good items and the first 100 bad lines (the rest are counted), so
// a 50 MB file fits in well under 300 MB (bench/stock-file-50mb.js).

import fs from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import type { Readable } from 'node:stream';
import { InterruptedError, ValidationError, UsageError, VenueError } from '../../errors.js';
import { loadFieldRules, RecordChecker } from './check.js';
import { readCsv } from './csv.js';
import { IssueLog } from './issues.js';
import type { StockFile, StockFileKind } from './items.js';
import { JsonItemScanner } from './json.js';
import * as net from 'node:net';

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

/**
 * A file saved as UTF-16 (a spreadsheet's "Unicode text", with its BOM, little- or
 * big-endian) as UTF-8 bytes, decoded across chunk edges; any other file as it is.
 * Everything after this reads UTF-8, so lines and their numbers are the same in both.
 */
async function* utf8Of(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const iterator = chunks[Symbol.asyncIterator]();
  let start: Buffer = Buffer.alloc(0);
  while (start.length < 2) {
    const next = await iterator.next();
    if (next.done) break;
    start = start.length ? Buffer.concat([start, next.value]) : next.value;
  }
  const encoding =
    start[0] === 0xff && start[1] === 0xfe
      ? 'utf-16le'
      : start[0] === 0xfe && start[1] === 0xff
        ? 'utf-16be'
        : undefined;
  const rest = async function* () {
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  };
  if (!encoding) {
    if (start.length) yield start;
    yield* rest();
    return;
  }
  // The BOM is dropped by the decoder (as a UTF-8 BOM is, further on).
  const decoder = new TextDecoder(encoding);
  const text = decoder.decode(start, { stream: true });
  if (text) yield Buffer.from(text, 'utf8');
  for await (const chunk of rest()) {
    const more = decoder.decode(chunk, { stream: true });
    if (more) yield Buffer.from(more, 'utf8');
  }
  const last = decoder.decode();
  if (last) yield Buffer.from(last, 'utf8');
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
  const { head, all } = await peekHead(utf8Of(chunks)[Symbol.asyncIterator]());
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
export async function parseStockText(
  text: string,
  kind: StockFileKind,
  format?: 'csv' | 'json',
  source = 'the file',
): Promise<StockFile> {
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
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EISDIR'
          ? 'it is a directory'
          : code === 'EACCES'
            ? 'permission denied'
            : (error as Error).message;
    return new UsageError(`cannot read --file ${file}: ${why}`);
  };
  let fd: number;
  try {
    fd = await new Promise<number>((resolve, reject) =>
      fs.open(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK, (error, opened) =>
        error ? reject(error) : resolve(opened),
      ),
    );
  } catch (error) {
    throw cannot(error);
  }
  const stat = await new Promise<fs.Stats>((resolve, reject) =>
    fs.fstat(fd, (error, stats) => (error ? reject(error) : resolve(stats))),
  ).catch((error: unknown) => {
    fs.close(fd, () => undefined);
    throw cannot(error);
  });
  if (stat.isDirectory()) {
    fs.close(fd, () => undefined);
    throw cannot(Object.assign(new Error('directory'), { code: 'EISDIR' }));
  }
  if (stat.isFIFO() || stat.isSocket()) {
    return new net.Socket({ fd, readable: true, writable: false });
  }
  if (stat.isFile()) return fs.createReadStream('', { fd, highWaterMark: 256 * 1024 });
  // A terminal or other device: read as an ordinary (blocking) stream.
  fs.close(fd, () => undefined);
  return fs.createReadStream(file);
}

/** The stream's chunks until it ends, or until signal aborts: then the stream is destroyed at once. */
async function* chunksUntilAborted(
  stream: NodeJS.ReadableStream,
  signal: AbortSignal | undefined,
  interrupted: () => InterruptedError,
): AsyncGenerator<Buffer> {
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
export async function readStockFile(
  file: string,
  kind: StockFileKind,
  stdin: NodeJS.ReadableStream,
  signal?: AbortSignal,
): Promise<StockFile> {
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
