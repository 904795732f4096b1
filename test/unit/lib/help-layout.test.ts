// Help laid out for a terminal's width (src/program.ts): no line wider than
// the terminal unless it is one piece no break can split, and no word broken:
// the words read at any width are the words read with room for everything.
// A long example continues on the next lines with " \" and still reads back
// as the command declared (commands-doc.ts examplesOf, which the examples
// test runs).

import { describe, expect, it } from 'vitest';
import { rootGroups } from '../../../src/commands/index.js';
import { everyDeclaration } from '../../../src/commands/argv-words.js';
import { renderHelp } from '../../../src/program.js';
import { longestPiece, shellLines } from '../../../src/lib/output/wrap.js';

/** The words of a help text: a continuation's "\" is no word, nor the "#" that goes on with a long comment. */
const words = (text: string) => text.split(/\s+/).filter((w) => w !== '' && w !== '\\' && w !== '#');

describe('help at a terminal width', () => {
  it('every help fits 80, 60 and 44 columns without breaking a word', async () => {
    const paths = [[], ...(await everyDeclaration(rootGroups)).filter((d) => !d.hidden).map((d) => d.path)];
    expect(paths.length).toBeGreaterThan(50);
    for (const path of paths) {
      const wide = await renderHelp(path, { version: '0', width: 10_000 });
      for (const width of [80, 60, 44]) {
        const text = await renderHelp(path, { version: '0', width });
        const what = `venue ${path.join(' ')} --help at ${width}`;
        // Wider only when one word is: a shell word (a quoted value) or a piece of text no break can split.
        for (const line of text.split('\n'))
          if ([...line].length > width) {
            const oneWord = shellLines(line.trim().replace(/ +\\$/, ''), 1).length === 1;
            if (!oneWord) expect(longestPiece(line.trim()), `${what}: ${line}`).toBeGreaterThan(width - 8);
          }
        expect(words(text), what).toEqual(words(wide));
      }
    }
  }, 120_000);

  it('config --help and booking --help at 80 columns: descriptions beside their names, examples continued', async () => {
    const config = await renderHelp(['config'], { version: '0', width: 80 });
    expect(config).toMatch(/^ {2}list {36}Every setting of the profile and where\n {42}it came from/m);
    const book = await renderHelp(['booking', 'book'], { version: '0', width: 80 });
    expect(book).toContain(
      '  $ venue booking book --experience exp-laser-tag --session "$(venue booking \\\n' +
        '      sessions exp-laser-tag --date tomorrow --limit 1 --fields slotId -o csv \\\n',
    );
    for (const line of [...config.split('\n'), ...book.split('\n')]) expect([...line].length).toBeLessThanOrEqual(80);
  });
});
