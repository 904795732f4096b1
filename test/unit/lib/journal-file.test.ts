import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DamagedJournalError, readJournalFile, writeJournalFile } from '../../../src/lib/private-file.js';
import { exitCodeFor } from '../../../src/lib/errors.js';
import { tempDir } from '../../support/venue.js';

const dirs: string[] = [];
const journal = () => {
  const dir = tempDir();
  dirs.push(dir);
  return path.join(dir, 'state', 'receipts.json');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('journal files', () => {
  it('a journal not written yet reads as the empty value', () => {
    expect(readJournalFile(journal(), { entries: [] })).toEqual({ entries: [] });
  });

  it('writes 0600, keeping the replaced version as .bak', async () => {
    const file = journal();
    await writeJournalFile(file, { entries: [1] });
    await writeJournalFile(file, { entries: [1, 2] });
    expect(readJournalFile(file, {})).toEqual({ entries: [1, 2] });
    expect(JSON.parse(fs.readFileSync(`${file}.bak`, 'utf8'))).toEqual({ entries: [1] });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(`${file}.bak`).mode & 0o777).toBe(0o600);
  });

  it('a truncated, empty or foreign journal is an error (exit 1) naming the file and its backup, never empty', async () => {
    const file = journal();
    await writeJournalFile(file, { entries: [1] });
    await writeJournalFile(file, { entries: [1, 2] });
    for (const damage of ['{"entries": [1,', '', '42']) {
      fs.writeFileSync(file, damage);
      const error = (() => {
        try {
          readJournalFile(file, { entries: [] });
        } catch (e) {
          return e as DamagedJournalError;
        }
        return undefined;
      })();
      expect(error).toBeInstanceOf(DamagedJournalError);
      expect(exitCodeFor(error)).toBe(1);
      expect(error!.message).toContain(file);
      expect(error!.hint).toContain(`${file}.bak`);
    }
  });
});
