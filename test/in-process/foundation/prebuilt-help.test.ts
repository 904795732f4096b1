// The help the launcher prints from files (scripts/build-help.js renders it at
// build time, so group and command help load no commander and no HTTP stack)
// is exactly what the CLI's help renderer prints: for the root, every group
// and every command, at 80 columns. And nothing else is there: a file without
// a command would be printed for words the reader no longer has.
// Expects `npm run build` done (npm test builds first).

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rootGroups } from '../../../src/commands/index.js';
import { everyDeclaration } from '../../../src/commands/argv-words.js';
import { repoRoot, runVenue } from '../../support/in-process.js';

const helpDir = path.join(repoRoot, 'dist/help');

/** Every visible group and command with its words, from the declarations. */
async function everyPath(): Promise<Array<{ kind: 'groups' | 'commands'; words: string[] }>> {
  return (await everyDeclaration(rootGroups))
    .filter((d) => !d.hidden)
    .map((d) => ({ kind: 'commands' in d.module ? 'groups' : 'commands', words: d.path }));
}

describe('prebuilt help', () => {
  it('is, for the root, every group and every command, what commander prints', async () => {
    const paths = await everyPath();
    expect(paths.filter((p) => p.kind === 'groups').length).toBeGreaterThan(5);
    expect(paths.filter((p) => p.kind === 'commands').length).toBeGreaterThan(50);
    const root = await runVenue(['--help']);
    expect(root.code, root.stderr).toBe(0);
    expect(fs.readFileSync(path.join(repoRoot, 'dist/help.txt'), 'utf8')).toBe(root.stdout);
    for (const { words } of paths) {
      const printed = await runVenue([...words, '--help']);
      expect(printed.code, printed.stderr).toBe(0);
      expect(printed.stderr).toBe('');
      const file = path.join(helpDir, `${words.join(' ')}.txt`);
      expect(fs.existsSync(file), `${file} is missing: npm run build`).toBe(true);
      expect(fs.readFileSync(file, 'utf8'), `venue ${words.join(' ')} --help`).toBe(printed.stdout);
    }
  });

  it('holds a file for each of them and nothing else', async () => {
    const expected = (await everyPath()).map(({ words }) => `${words.join(' ')}.txt`).sort();
    const present = fs.readdirSync(helpDir).sort();
    expect(present).toEqual(expected);
  });

  it('a group alone prints its help, as its --help does', async () => {
    for (const words of [['inventory'], ['booking', 'order'], ['inventory', 'stock']]) {
      const alone = await runVenue(words);
      expect(alone.code, alone.stderr).toBe(0);
      expect(alone.stdout).toBe(fs.readFileSync(path.join(helpDir, `${words.join(' ')}.txt`), 'utf8'));
    }
  });
});
