import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressPieces, longestPiece, shellLines, wrapText } from '../../../src/lib/output/wrap.js';

describe('wrapText', () => {
  it('breaks at spaces and keeps each word whole', () => {
    expect(wrapText('Check the address, the network and that the service is up', 20)).toEqual([
      'Check the address,',
      'the network and that',
      'the service is up',
    ]);
  });

  it('breaks an address longer than a line after "/" (never inside "//") and before "?" and "&"', () => {
    expect(addressPieces('http://127.0.0.1:9/wallet?a=1&b=2')).toEqual([
      'http://',
      '127.0.0.1:9/',
      'wallet',
      '?a=1',
      '&b=2',
    ]);
    expect(wrapText('at http://127.0.0.1:45579/inventory/api/v1/products?page=1', 20)).toEqual([
      'at http://',
      '127.0.0.1:45579/',
      'inventory/api/v1/',
      'products?page=1',
    ]);
  });

  it('moves an address that fits a line of its own to the next line whole', () => {
    expect(wrapText('reach the wallet at http://127.0.0.1:9/wallet', 26)).toEqual([
      'reach the wallet at',
      'http://127.0.0.1:9/wallet',
    ]);
  });

  it('keeps the indent, and continuation lines take the hang', () => {
    expect(
      wrapText('    next: Ask the guest for the time and place of the problem', 30, { hang: '          ' }),
    ).toEqual(['    next: Ask the guest for', '          the time and place', '          of the problem']);
  });

  it('keeps the spaces between words on a line (padded columns stay aligned); a break takes them', () => {
    expect(
      wrapText('  2026-11-21 20:59 UTC  reload      In-store reload  (+$25.00 play, +$5.00 bonus)', 60, {
        hang: '    ',
      }),
    ).toEqual(['  2026-11-21 20:59 UTC  reload      In-store reload', '    (+$25.00 play, +$5.00 bonus)']);
  });

  it('never splits a phrase that must stay together (a time), though it holds spaces', () => {
    const time = /\d{4}-\d\d-\d\d \d\d:\d\d [A-Z+0-9]+/g;
    expect(wrapText('play $22.50 · last synchronised 2026-11-27 18:59 UTC', 44, { together: time })).toEqual([
      'play $22.50 · last synchronised',
      '2026-11-27 18:59 UTC',
    ]);
  });

  it('leaves a word with no place to break whole, unless a table cell must cut it', () => {
    expect(wrapText('a 6001000000000000001 card', 10)).toEqual(['a', '6001000000000000001', 'card']);
    expect(wrapText('6001000000000000001', 10, { hardBreak: true })).toEqual(['6001000000', '000000001']);
  });

  it('is measured in columns: wide characters count twice', () => {
    for (const line of wrapText('日本語 の 商品名 と 説明 です', 8)) expect(line.length * 2).toBeLessThanOrEqual(8 + 2);
  });

  it('for any words: no line is wider than the width unless one word is, nothing is lost, no word is split', () => {
    const word = fc.stringMatching(/^[a-z0-9.,:]{1,14}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 30 }), fc.integer({ min: 1, max: 60 }), (words, width) => {
        const lines = wrapText(words.join(' '), width);
        for (const line of lines) if (line.length > width) expect(line.split(' ')).toHaveLength(1); // a lone word wider than the width
        expect(lines.join(' ').split(' ')).toEqual(words);
      }),
    );
  });

  it('for any text and width with hardBreak: every line fits and nothing but spaces is lost', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z/?&= ]{0,80}$/), fc.integer({ min: 1, max: 40 }), (text, width) => {
        const lines = wrapText(text, width, { hardBreak: true });
        for (const line of lines) expect(line.length).toBeLessThanOrEqual(width);
        expect(lines.join('').replace(/ /g, '')).toBe(text.replace(/ /g, ''));
      }),
    );
  });

  it('longestPiece is the narrowest a column can be without splitting a word', () => {
    expect(longestPiece('see http://127.0.0.1:45579/inventory now')).toBe('127.0.0.1:45579/'.length);
    expect(longestPiece('a\nlonger line')).toBe(6);
  });
});

describe('shellLines', () => {
  /** The lines joined back as the shell reads a continuation ("\\" and a newline gone, with the next line's indent). */
  const joined = (lines: string[], prefix: string) =>
    lines
      .map((line, i) => (i === 0 ? line.slice(prefix.length) : line.trimStart()))
      .map((line, i, all) => (i < all.length - 1 ? line.slice(0, -1) : line))
      .join('');

  it('breaks between words, each line but the last ending in " \\", and joins back into the command', () => {
    const command =
      'venue booking book --experience exp-laser-tag --session "$(venue booking sessions exp-laser-tag --date tomorrow --limit 1 --fields slotId -o csv | tail -1)" --quantity 2 --phone "+1 555 0100" --yes';
    const lines = shellLines(command, 40, '  $ ', '      ');
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(40);
    lines.slice(0, -1).forEach((line) => expect(line).toMatch(/ \\$/));
    expect(joined(lines, '  $ ')).toBe(command);
    // Never inside a quoted value; inside "$(…)" only between its words.
    expect(lines.some((l) => l.trimStart().startsWith('555') || l.trimStart().startsWith('0100'))).toBe(false);
    expect(lines.some((l) => /^ +--date tomorrow/.test(l) || /exp-laser-tag \\$/.test(l))).toBe(true);
  });

  it('keeps a comment whole at the end, on its own line when it does not fit', () => {
    const command = 'venue sandbox serve --port 0 --state-dir ./pascal-sandbox --dialect pascal   # runs until stopped';
    const lines = shellLines(command, 80, '  $ ', '      ');
    expect(lines).toEqual([
      '  $ venue sandbox serve --port 0 --state-dir ./pascal-sandbox --dialect \\',
      '      pascal   # runs until stopped',
    ]);
    expect(joined(lines, '  $ ')).toBe(command);
    expect(shellLines("printf 'a b c d e f' | venue x   # exits 2", 16, '', '  ')).toEqual([
      'printf \\',
      "  'a b c d e f' \\",
      '  | venue x   \\',
      '  # exits 2',
    ]);
    // Wider than its line: it goes on over comment lines.
    expect(
      shellLines(
        'venue booking holds --forget 3f2a9c1e   # exits 4 unless a hold on record has that key',
        46,
        '  $ ',
        '      ',
      ),
    ).toEqual([
      '  $ venue booking holds --forget 3f2a9c1e   \\',
      '      # exits 4 unless a hold on record has',
      '      # that key',
    ]);
  });

  it('leaves a line that fits as it is, and a word longer than a line whole', () => {
    expect(shellLines('venue config list', 80, '  $ ')).toEqual(['  $ venue config list']);
    expect(shellLines('venue api --data {"a":1,"b":2,"c":3}', 12, '', '  ')).toEqual([
      'venue api \\',
      '  --data \\',
      '  {"a":1,"b":2,"c":3}',
    ]);
  });
});
