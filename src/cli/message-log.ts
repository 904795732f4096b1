// Cron-friendly messages: each stderr line stamped with its time
// (VENUE_LOG_TIMESTAMPS=1) and appended to a log file (--log-file), and
// variables read from an env file (--env-file) with Node's own parser.

import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import type { Writable } from 'node:stream';
import { UsageError } from '../lib/errors.js';

const stampNow = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * A line that carries its own time (a nightly run stamps each file's line with
 * the run's clock), after a venue's "<profile>: " mark or not: it is not
 * stamped twice, and its time goes first, as on every other line.
 */
const OWN_STAMP = /^([^\s:]+: )?(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z) /;

function stamped(line: string): string {
  const own = OWN_STAMP.exec(line);
  if (!own) return `${stampNow()} ${line}`;
  return own[1] ? `${own[2]} ${own[1]}${line.slice(own[0].length)}` : line;
}

/**
 * What a log file holds of a line on stderr: a log is read by people, so the
 * JSON objects that -o json and ndjson put on stderr for machines are written
 * as the lines a person reads there without -o json: an error (with its
 * venue's mark in a run across venues) as "error: …", its details and hint;
 * the summary of a run across venues not at all (its table is written just
 * before it, unless -q and every venue succeeded).
 */
export function forLog(line: string): string {
  if (!line.startsWith('{') || !line.endsWith('\n')) return line;
  let data: unknown;
  try {
    data = JSON.parse(line);
  } catch {
    return line;
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return line;
  const record = data as Record<string, unknown>;
  const keys = Object.keys(record).sort().join(',');
  if (keys === 'exitCode,summary') return '';
  if (keys !== 'error' && keys !== 'error,profile') return line;
  const error = record.error as { message?: unknown; details?: unknown; hint?: unknown } | null;
  if (!error || typeof error.message !== 'string') return line;
  const mark = typeof record.profile === 'string' ? `${record.profile}: ` : '';
  const details = Array.isArray(error.details) ? error.details.map(String) : [];
  const lines = [
    `error: ${error.message}`,
    ...details.map((d) => `  ${d}`),
    ...(typeof error.hint === 'string' ? [error.hint] : []),
  ];
  return lines
    .flatMap((l) => l.split('\n'))
    .map((l) => `${mark}${l}\n`)
    .join('');
}

/**
 * A stderr that stamps each line when asked, and appends every line (always
 * stamped) to logFile. What reaches it has already been masked of secrets
 * (main wraps it in the scrubbing stream), so the file holds no secret either.
 */
export function timestampedMessages<S extends Writable & { isTTY?: boolean; columns?: number }>(
  stderr: S,
  options: { logFile?: string; stamp: boolean },
): S {
  let fd: number | undefined;
  if (options.logFile !== undefined) {
    try {
      fd = fs.openSync(options.logFile, 'a', 0o600);
    } catch (error) {
      throw new UsageError(`--log-file ${options.logFile} cannot be opened: ${whyNotOpened(options.logFile, error)}`, {
        hint: 'Name a file in a folder that exists and that you may write to (venue creates the file, not its folder).',
      });
    }
  }
  let atLineStart = true;
  let fileAtLineStart = true;
  const stampLines = (text: string, start: boolean): [string, boolean] => {
    let out = '';
    let lineStart = start;
    for (const part of text.split(/(?<=\n)/)) {
      if (part === '') continue;
      out += lineStart && part !== '\n' ? stamped(part) : part;
      lineStart = part.endsWith('\n');
    }
    return [out, lineStart];
  };
  const write = stderr.write.bind(stderr) as (...args: unknown[]) => boolean;
  return new Proxy(stderr, {
    get(target, property, receiver) {
      if (property === 'write') {
        return (chunk: unknown, ...rest: unknown[]) => {
          const text = typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : undefined;
          if (text === undefined) return write(chunk, ...rest);
          if (fd !== undefined) {
            // Progress redraws (\r) are for a terminal, not a log.
            const [logged, next] = stampLines(
              text
                .replace(/\r\u001b\[2K/g, '')
                .replace(/\u001b\[[0-9;]*m/g, '')
                .split(/(?<=\n)/)
                .map((line, i) => (i === 0 && !fileAtLineStart ? line : forLog(line)))
                .join(''),
              fileAtLineStart,
            );
            fileAtLineStart = next;
            if (logged) fs.writeSync(fd, logged);
          }
          if (!options.stamp) return write(text, ...rest);
          const [shown, next] = stampLines(text, atLineStart);
          atLineStart = next;
          return write(shown, ...rest);
        };
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Why a file could not be opened for appending, in words (its folder named when that is what is missing). */
function whyNotOpened(file: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  const folder = path.dirname(path.resolve(file));
  switch (code) {
    case 'ENOENT':
      return `the folder ${folder} does not exist`;
    case 'ENOTDIR':
      return `a part of ${folder} is not a folder`;
    case 'EISDIR':
      return 'it is a folder';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    default:
      return (error as Error).message;
  }
}

const ASSIGNMENT = /^(export\s+)?([^=]*?)\s*=\s*(.*)$/;
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The lines of an env file that Node's parser (util.parseEnv) does not read
 * as VAR=value, each with what is wrong, never with its text (it may hold a
 * secret). Node skips such a line without a word. What it does with the
 * lines after one differs between Node versions (Node 20 takes the next
 * line's name with a line without = or an indented comment, and stops at a
 * line starting with =; Node 24 does neither), so a well-written variable is
 * said to be missing only when this Node's parse, handed in as `parsed`,
 * does not have it: the rule holds for any parser.
 */
export function envFileProblems(
  text: string,
  parsed: Record<string, string>,
): Array<{ line: number; problem: string }> {
  const problems: Array<{ line: number; problem: string }> = [];
  const lines = text.split(/\r?\n/);
  let openQuote: string | undefined;
  // The last line that is not VAR=value, named when a variable after it was not read.
  let lastBadLine: number | undefined;
  for (const [i, raw] of lines.entries()) {
    const line = i + 1;
    if (openQuote !== undefined) {
      // Inside a quoted value that spans lines: it ends at the line holding its closing quote.
      if (raw.includes(openQuote)) openQuote = undefined;
      continue;
    }
    if (raw.trim() === '' || raw.startsWith('#')) continue;
    if (raw.trimStart().startsWith('#')) {
      // A comment after spaces: some Node versions read it as part of the next line, some skip it.
      lastBadLine = line;
      continue;
    }
    const assignment = ASSIGNMENT.exec(raw.trim());
    if (!assignment) {
      problems.push({ line, problem: 'not VAR=value (no =): skipped' });
      lastBadLine = line;
      continue;
    }
    const name = assignment[2]!;
    const value = assignment[3]!;
    if (!VARIABLE_NAME.test(name)) {
      problems.push({ line, problem: name === '' ? 'no variable name before =' : 'not a variable name before =' });
      lastBadLine = line;
      continue;
    }
    const quote = /^["'`]/.exec(value)?.[0];
    if (quote !== undefined && !value.slice(1).includes(quote)) openQuote = quote;
    if (!(name in parsed))
      problems.push({
        line,
        problem:
          lastBadLine === undefined
            ? `${name} was not read`
            : `${name} was not read (line ${lastBadLine} before it is not VAR=value)`,
      });
  }
  return problems;
}

/**
 * The environment with the file's variables added; variables already set win
 * (as with Node's --env-file). Lines it cannot read are said through warn,
 * by file and line.
 */
export function loadEnvFile(file: string, env: NodeJS.ProcessEnv, warn?: (message: string) => void): NodeJS.ProcessEnv {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'no such file'
        : code === 'EACCES' || code === 'EPERM'
          ? 'permission denied'
          : code === 'EISDIR'
            ? 'it is a folder'
            : (error as Error).message;
    throw new UsageError(`--env-file ${file} cannot be read: ${why}`, {
      hint: 'Name a file of VAR=value lines (`venue help environment` lists the variables venue reads).',
    });
  }
  const parsed = parseEnv(text) as Record<string, string>;
  for (const { line, problem } of envFileProblems(text, parsed)) warn?.(`--env-file ${file} line ${line}: ${problem}`);
  const merged: NodeJS.ProcessEnv = { ...parsed, ...env };
  // The launcher's own process sees them too, for anything that reads process.env.
  if (env === process.env)
    for (const [key, value] of Object.entries(parsed)) if (process.env[key] === undefined) process.env[key] = value;
  return env === process.env ? process.env : merged;
}
