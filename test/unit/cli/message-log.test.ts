// The message log (src/cli/message-log.ts): a line that carries its own time
// is not stamped twice (its time first, before a venue's mark); a JSON error
// that -o json puts on stderr reaches the log as plain lines; --env-file's
// lines that Node's parser skips (or that take another line with them) are
// found, by line, without their text.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { parseEnv } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { envFileProblems, forLog, loadEnvFile, timestampedMessages } from '../../../src/cli/message-log.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
function tmp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-message-log-'));
  dirs.push(dir);
  return dir;
}

class Sink extends Writable {
  text = '';
  override _write(chunk: Buffer, _e: BufferEncoding, done: () => void): void {
    this.text += chunk.toString('utf8');
    done();
  }
}

const STAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ /;

describe('the log file', () => {
  it('stamps every line once: a line with its own time keeps it, first, a venue mark after it', () => {
    const log = path.join(tmp(), 'venue.log');
    const stderr = timestampedMessages(new Sink(), { logFile: log, stamp: false });
    stderr.write('plain message\n');
    stderr.write('2030-05-01T02:30:00Z recorded now: a.csv\n');
    stderr.write('store1: 2030-05-01T02:31:00Z not sent: b.csv\n');
    stderr.write('store1: a message\n');
    const lines = fs.readFileSync(log, 'utf8').trimEnd().split('\n');
    expect(lines.every((l) => STAMP.test(l))).toBe(true);
    expect(lines[0]).toMatch(/^\S+ plain message$/);
    expect(lines[1]).toBe('2030-05-01T02:30:00Z recorded now: a.csv');
    expect(lines[2]).toBe('2030-05-01T02:31:00Z store1: not sent: b.csv');
    expect(lines[3]).toMatch(/^\S+ store1: a message$/);
  });

  it('writes a JSON error as the lines a person reads, and leaves the fleet summary object out', () => {
    expect(
      forLog(
        `${JSON.stringify({ profile: 'store1', error: { message: 'bad', exitCode: 6, hint: 'Do this.\nThen that.', details: ['one', 'two'] } })}\n`,
      ),
    ).toBe('store1: error: bad\nstore1:   one\nstore1:   two\nstore1: Do this.\nstore1: Then that.\n');
    expect(forLog(`${JSON.stringify({ error: { message: 'bad', exitCode: 2 } })}\n`)).toBe('error: bad\n');
    expect(forLog(`${JSON.stringify({ summary: [], exitCode: 0 })}\n`)).toBe('');
    // Anything else is as it was.
    for (const line of [
      '{"error": "a string"}\n',
      '{not json\n',
      'error: plain\n',
      '{"error":{"message":"x"},"more":1}\n',
    ])
      expect(forLog(line)).toBe(line);
    const log = path.join(tmp(), 'venue.log');
    const shown = new Sink();
    const stderr = timestampedMessages(shown, { logFile: log, stamp: false });
    stderr.write(`${JSON.stringify({ error: { message: 'bad', exitCode: 6 } })}\n`);
    // stderr keeps the JSON for machines; the log has the words.
    expect(shown.text).toContain('{"error"');
    expect(fs.readFileSync(log, 'utf8')).toMatch(/^\S+ error: bad\n$/);
  });
});

describe('--env-file lines Node skips', () => {
  const problems = (text: string) => envFileProblems(text, parseEnv(text) as Record<string, string>);

  const text = [
    'A=1', // 1
    'VENUE_INVENTORY_API_SECRET s3cret-value', // 2: no =
    'B=2', // 3: Node 20 takes it with line 2
    '  # an indented comment', // 4
    'C=3', // 5: Node 20 takes it with line 4
    'export D="two', // 6
    'lines"', // 7
    '# a comment', // 8
    '', // 9
    '-E=5', // 10
    '=6', // 11: Node 20 stops reading here
    'F=7', // 12
  ].join('\n');
  const badLines = [
    { line: 2, problem: 'not VAR=value (no =): skipped' },
    { line: 10, problem: 'not a variable name before =' },
    { line: 11, problem: 'no variable name before =' },
  ];

  it('finds each bad line, and each variable after one that this Node did not read', () => {
    // Node versions differ in what a bad line takes with it; the rule is the same for any:
    // a well-written variable is said to be missing exactly when this Node's parse lacks it.
    const parsed = parseEnv(text) as Record<string, string>;
    const missing = [
      { line: 3, name: 'B', after: 2 },
      { line: 5, name: 'C', after: 4 },
      { line: 12, name: 'F', after: 11 },
    ]
      .filter(({ name }) => !(name in parsed))
      .map(({ line, name, after }) => ({
        line,
        problem: `${name} was not read (line ${after} before it is not VAR=value)`,
      }));
    expect(problems(text)).toEqual([...badLines, ...missing].sort((x, y) => x.line - y.line));
  });

  it('names the line before a variable the parser did not read (as Node 20 does)', () => {
    // What Node 20.20's parseEnv returns for the text above, so the rule is shown on any Node.
    const node20 = {
      '# an indented comment\nC': '3',
      '-E': '5',
      A: '1',
      D: 'two\nlines',
      'VENUE_INVENTORY_API_SECRET s3cret-value\nB': '2',
    };
    expect(envFileProblems(text, node20)).toEqual([
      { line: 2, problem: 'not VAR=value (no =): skipped' },
      { line: 3, problem: 'B was not read (line 2 before it is not VAR=value)' },
      { line: 5, problem: 'C was not read (line 4 before it is not VAR=value)' },
      { line: 10, problem: 'not a variable name before =' },
      { line: 11, problem: 'no variable name before =' },
      { line: 12, problem: 'F was not read (line 11 before it is not VAR=value)' },
    ]);
  });

  it('says nothing of a well-written file', () => {
    expect(problems('# venue\nVENUE_PROFILE=store1\nexport X=1\nY="a # b"\nZ=\'multi\nline\'\n\n')).toEqual([]);
  });

  it('warns naming the file and the line, never the line itself', () => {
    const file = path.join(tmp(), 'inventory.env');
    fs.writeFileSync(file, 'VENUE_PROFILE=store1\nVENUE_INVENTORY_API_SECRET s3cret-value\n');
    const warnings: string[] = [];
    const env = loadEnvFile(file, {}, (w) => warnings.push(w));
    expect(env.VENUE_PROFILE).toBe('store1');
    expect(warnings).toEqual([`--env-file ${file} line 2: not VAR=value (no =): skipped`]);
    expect(warnings.join('')).not.toContain('s3cret');
  });
});
