// One durable file writer (src/lib/durable-file.ts): temporary file, fsync,
// atomic rename (or link, for create-only), folder fsync, mode 0600 where
// secret; and every file venue keeps is written through it.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeFileDurably } from '../../../src/lib/durable-file.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-durable-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('writeFileDurably', () => {
  it('replaces the file whole, fsyncs the file and its folder, mode 0600, and leaves no temporary file', () => {
    const dir = tempDir();
    const file = path.join(dir, 'sub', 'tokens.json');
    const fsync = vi.spyOn(fs, 'fsyncSync');
    writeFileDurably(file, 'one\n');
    writeFileDurably(file, 'two\n');
    expect(fs.readFileSync(file, 'utf8')).toBe('two\n');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['tokens.json']);
    // Each write: the file's data, then the folder's new name.
    expect(fsync).toHaveBeenCalledTimes(4);
  });

  it('create-only: refuses an existing file with EEXIST and changes nothing', () => {
    const dir = tempDir();
    const file = path.join(dir, 'key');
    writeFileDurably(file, 'first\n', { exclusive: true });
    expect(() => writeFileDurably(file, 'second\n', { exclusive: true })).toThrow(
      expect.objectContaining({ code: 'EEXIST' }),
    );
    expect(fs.readFileSync(file, 'utf8')).toBe('first\n');
    expect(fs.readdirSync(dir)).toEqual(['key']);
  });

  it('a failed write leaves the old file and no temporary one', () => {
    const dir = tempDir();
    const file = path.join(dir, 'sessions.json');
    writeFileDurably(file, 'old\n');
    vi.spyOn(fs, 'fsyncSync').mockImplementationOnce(() => {
      throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
    });
    expect(() => writeFileDurably(file, 'new\n')).toThrow('no space left');
    expect(fs.readFileSync(file, 'utf8')).toBe('old\n');
    expect(fs.readdirSync(dir)).toEqual(['sessions.json']);
  });
});

describe('every file venue keeps is written through it', () => {
  // Writes that are no kept file replaced whole: appended logs, the journal folder's write probe, lock files.
  const allowed: Record<string, string> = {
    'src/cli/message-log.ts': '--log-file: appended, line by line',
    'src/lib/sandbox-launcher.ts': "the background sandbox's log: appended, rotated at 5 MB",
    'src/lib/inventory/workflows/receipt-run.ts':
      "the nightly receipt run: the ERP's files moved to done/ (not venue's own)",
    'src/lib/private-file.ts':
      'the write probe (removed at once) and lock files (created exclusively, renamed aside when stale)',
  };
  it('no other module under src/ writes, renames or appends files', () => {
    const writers =
      /\b(writeFileSync|writeFile|appendFileSync|appendFile|renameSync|rename|createWriteStream|copyFileSync)\s*\(|openSync\([^)]*'[wa]/;
    const files = (fs.readdirSync(path.join(repoRoot, 'src'), { recursive: true }) as string[]).filter((f) =>
      f.endsWith('.ts'),
    );
    const found = files
      .map((f) => path.join('src', f).split(path.sep).join('/'))
      .filter((f) => f !== 'src/lib/durable-file.ts')
      .filter((f) => writers.test(fs.readFileSync(path.join(repoRoot, f), 'utf8').replace(/^\s*(\/\/|\*).*$/gm, '')));
    expect(found.sort()).toEqual(Object.keys(allowed).sort());
  });
});
