import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readJsonFile, withFileLock, writeJsonFile } from '../../../src/lib/private-file.js';
import { tempDir } from '../../support/venue.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
function dir() {
  const d = tempDir();
  dirs.push(d);
  return d;
}

describe('private files', () => {
  it('are written whole with mode 0600 and read back', () => {
    const file = path.join(dir(), 'nested', 'sessions.json');
    writeJsonFile(file, { a: 1 });
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(readJsonFile(file, {})).toEqual({ a: 1 });
    expect(fs.readdirSync(path.dirname(file))).toEqual(['sessions.json']); // no temporary left behind
  });

  it('fall back when missing or torn', () => {
    const file = path.join(dir(), 'x.json');
    expect(readJsonFile(file, { empty: true })).toEqual({ empty: true });
    fs.writeFileSync(file, '{"half":');
    expect(readJsonFile(file, 'fallback')).toBe('fallback');
  });

  it('serialise changes under the lock', async () => {
    const file = path.join(dir(), 'counter.json');
    writeJsonFile(file, { n: 0 });
    await Promise.all(
      Array.from({ length: 10 }, () =>
        withFileLock(file, async () => {
          const { n } = readJsonFile(file, { n: 0 });
          await new Promise((resolve) => setTimeout(resolve, 5));
          writeJsonFile(file, { n: n + 1 });
        }),
      ),
    );
    expect(readJsonFile(file, { n: 0 }).n).toBe(10);
  });
});
