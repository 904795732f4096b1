// The help the launcher prints from files (scripts/build-help.js renders it at
// build time, so group and command help load no commander and no HTTP stack)
// is exactly what the CLI prints through commander: for the root, every group
// and every command (aliases too), as to a pipe (80 columns). And nothing else
// is there: a file without a command would answer for a word the CLI refuses.
// Expects `npm run build` done (npm test builds first).

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootGroups } from '../../../src/commands/index.js';
import type { CommandModule, GroupModule } from '../../../src/commands/define.js';
import { repoRoot, runVenue } from '../../support/in-process.js';

const helpDir = path.join(repoRoot, 'dist/help');

/** Every visible group and command with its words, from the declarations (aliases as words of their own). */
async function everyPath(): Promise<Array<{ kind: 'groups' | 'commands'; words: string[] }>> {
  const paths: Array<{ kind: 'groups' | 'commands'; words: string[] }> = [];
  const walk = (entry: GroupModule | CommandModule<any>, words: string[]) => {
    if ('hidden' in entry && entry.hidden) return;
    if ('commands' in entry) {
      paths.push({ kind: 'groups', words });
      for (const child of entry.commands)
        for (const name of [child.name, ...(('aliases' in child && child.aliases) || [])])
          walk(child, [...words, name]);
    } else paths.push({ kind: 'commands', words });
  };
  for (const group of rootGroups) if (!group.hidden) walk((await group.load()).default, [group.name]);
  return paths;
}

// commander lays help out for the terminal's width when stdout is one: these runs are to a pipe, as the build's.
const isTTY = Object.getOwnPropertyDescriptor(process.stdout, 'isTTY');
beforeAll(() => {
  Object.defineProperty(process.stdout, 'isTTY', { value: false, configurable: true });
});
afterAll(() => {
  if (isTTY) Object.defineProperty(process.stdout, 'isTTY', isTTY);
  else delete (process.stdout as { isTTY?: boolean }).isTTY;
});

describe('prebuilt help', () => {
  it('is, for the root, every group and every command, what commander prints', async () => {
    const paths = await everyPath();
    expect(paths.filter((p) => p.kind === 'groups').length).toBeGreaterThan(5);
    expect(paths.filter((p) => p.kind === 'commands').length).toBeGreaterThan(50);
    const root = await runVenue(['--help']);
    expect(root.code, root.stderr).toBe(0);
    expect(fs.readFileSync(path.join(repoRoot, 'dist/help.txt'), 'utf8')).toBe(root.stdout);
    for (const { kind, words } of paths) {
      const printed = await runVenue([...words, '--help']);
      expect(printed.code, printed.stderr).toBe(0);
      expect(printed.stderr).toBe('');
      const file = path.join(helpDir, kind, `${words.join(' ')}.txt`);
      expect(fs.existsSync(file), `${file} is missing: npm run build`).toBe(true);
      expect(fs.readFileSync(file, 'utf8'), `venue ${words.join(' ')} --help`).toBe(printed.stdout);
    }
  });

  it('holds a file for each of them and nothing else', async () => {
    const expected = (await everyPath()).map(({ kind, words }) => `${kind}/${words.join(' ')}.txt`).sort();
    const present = ['groups', 'commands']
      .flatMap((kind) => fs.readdirSync(path.join(helpDir, kind)).map((f) => `${kind}/${f}`))
      .sort();
    expect(present).toEqual(expected);
  });

  it('a group alone prints its help, as its --help does', async () => {
    for (const words of [['inventory'], ['booking', 'order'], ['inventory', 'stock']]) {
      const alone = await runVenue(words);
      expect(alone.code, alone.stderr).toBe(0);
      expect(alone.stdout).toBe(fs.readFileSync(path.join(helpDir, 'groups', `${words.join(' ')}.txt`), 'utf8'));
    }
  });
});
