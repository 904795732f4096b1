// Text for people, wrapped to a width without breaking a word: lines break at
// spaces; a word longer than a whole line that is an address (a URL or a path,
// no spaces) breaks after a "/" and before a "?" or "&", where a reader sees
// the break for what it is. Used by the tables people read (a cell wraps to its
// column: output/people-table.ts), by messages on a terminal (src/cli) and by
// views written as lines (wallet diagnose).

import { widthOf } from '../table-layout.js';

export interface WrapOptions {
  /** What continuation lines start with; by default the first line's own indent. */
  hang?: string;
  /**
   * A piece that fits no line even alone (no space, no "/", "?" or "&" in it)
   * is cut into parts that fit: for table cells, where overflowing would
   * break the layout. Without it such a piece stands whole on its line, a
   * line longer than the width rather than a word broken.
   */
  hardBreak?: boolean;
  /** Phrases never split across lines, though they hold spaces (a time: "2026-11-27 21:05 UTC"); a global RegExp. */
  together?: RegExp;
}

/**
 * The places an address may break: after a run of "/" (never inside "//"),
 * before "?" and "&". "http://127.0.0.1:9/wallet?a=1&b=2" gives
 * "http://", "127.0.0.1:9/", "wallet", "?a=1", "&b=2".
 */
export function addressPieces(word: string): string[] {
  const pieces: string[] = [];
  let current = '';
  for (let i = 0; i < word.length; i++) {
    const char = word[i]!;
    if ((char === '?' || char === '&') && current !== '') {
      pieces.push(current);
      current = '';
    }
    current += char;
    if (char === '/' && word[i + 1] !== '/' && i + 1 < word.length) {
      pieces.push(current);
      current = '';
    }
  }
  if (current !== '') pieces.push(current);
  return pieces;
}

/** The widest piece of text that no wrapping splits (a word, or a part of an address): a column narrower breaks a word. */
export function longestPiece(text: string): number {
  let widest = 0;
  for (const line of text.split('\n'))
    for (const word of line.split(' ')) {
      if (word === '') continue;
      if (widthOf(word) <= widest) continue;
      for (const piece of addressPieces(word)) widest = Math.max(widest, widthOf(piece));
    }
  return widest;
}

/** Cuts text into parts of at most `width` columns (the last resort of a table cell). */
function chop(text: string, width: number): string[] {
  const parts: string[] = [];
  let part = '';
  for (const char of text) {
    if (part !== '' && widthOf(part + char) > width) {
      parts.push(part);
      part = '';
    }
    part += char;
  }
  if (part !== '') parts.push(part);
  return parts;
}

/**
 * One line of text as lines of at most `width` columns (a line already
 * holding several, "\n", is wrapped line by line). The spaces between two
 * words on one line are kept as given (columns padded with spaces stay
 * aligned); a break takes them. The indent of each given line is kept, and
 * continuation lines take `hang` (else that indent).
 */
export function wrapText(text: string, width: number, options: WrapOptions = {}): string[] {
  const out: string[] = [];
  const together = options.together;
  for (const line of text.split('\n')) {
    if (!together) {
      out.push(...wrapOne(line, width, options));
      continue;
    }
    // What must stay together reads as one word while lines are made: its spaces are no-break spaces until then.
    const joined = line.replace(together, (phrase) => phrase.replace(/ /g, NO_BREAK));
    for (const wrapped of wrapOne(joined, width, options)) out.push(wrapped.replaceAll(NO_BREAK, ' '));
  }
  return out;
}

const NO_BREAK = '\u00a0';

function wrapOne(line: string, width: number, options: WrapOptions): string[] {
  if (widthOf(line) <= width || width < 1) return [line];
  // An indent that leaves no room for a word is dropped (a narrow table cell).
  const given = /^ */.exec(line)![0];
  const indent = widthOf(given) < width ? given : '';
  const hang = options.hang !== undefined && widthOf(options.hang) < width ? options.hang : indent;
  // Words, each with the spaces that came before it (kept when both stay on one line).
  const words: Array<{ word: string; gap: string }> = [];
  for (const match of line.slice(indent.length).matchAll(/( *)([^ ]+)/g))
    words.push({ gap: words.length ? match[1]! || ' ' : '', word: match[2]! });
  const lines: string[] = [];
  let current = indent;
  let used = widthOf(indent);
  let empty = true;
  const newLine = () => {
    lines.push(current);
    current = hang;
    used = widthOf(hang);
    empty = true;
  };
  const put = (piece: string, glue: string) => {
    current += glue + piece;
    used += widthOf(glue) + widthOf(piece);
    empty = false;
  };
  for (const { word, gap } of words) {
    const w = widthOf(word);
    const space = empty ? '' : gap;
    if (used + widthOf(space) + w <= width) {
      put(word, space);
      continue;
    }
    // A word that fits a line of its own goes to the next line whole.
    if (widthOf(hang) + w <= width) {
      if (!empty) newLine();
      put(word, '');
      continue;
    }
    // Longer than any line: an address breaks at its separators, the first part beside what is already there when it fits.
    let glue = space;
    for (const piece of addressPieces(word)) {
      const p = widthOf(piece);
      if (!empty && used + widthOf(glue) + p > width) {
        newLine();
        glue = '';
      }
      if (empty && used + p > width && options.hardBreak) {
        chop(piece, Math.max(1, width - used)).forEach((part, k) => {
          if (k > 0) newLine();
          put(part, '');
        });
      } else put(piece, glue);
      glue = '';
    }
  }
  if (!empty || lines.length === 0) lines.push(current);
  return lines.map((l) => l.replace(/ +$/, ''));
}

/**
 * A shell command line as lines of at most `width` columns that still run
 * when pasted: each line but the last ends in " \" (a line continuation), and
 * a line breaks only where the shell reads a space between words: never
 * inside quotes (a command substitution's own words excepted: "$(a b)" breaks
 * between a and b, as the shell reads them there) nor inside a comment, which
 * ends the command on a line of its own when it does not fit beside it (wider
 * than that line, it goes on over comment lines, each starting "# "). The
 * first line starts with `prefix`, the others with `hang`. A word wider than a
 * line stands whole on its own line. Joining the lines back (each " \" and the
 * next line's indent removed, a comment's own lines joined with a space) gives
 * the command as it was (the spaces at each break kept before the "\").
 */
export function shellLines(command: string, width: number, prefix = '', hang = prefix): string[] {
  const units = shellUnits(command);
  const lines: string[] = [];
  let current = prefix;
  let empty = true;
  units.forEach(({ gap, text }, i) => {
    // Room for what a break after this word would leave: the spaces before the next one, and "\\".
    const next = units[i + 1];
    const room = next ? width - widthOf(next.gap) - 1 : width;
    if (empty) {
      current += text;
      empty = false;
    } else if (widthOf(current) + widthOf(gap) + widthOf(text) <= room) current += gap + text;
    else {
      lines.push(`${current}${gap}\\`);
      current = hang + text;
    }
  });
  // A comment wider than its line goes on over comment lines of its own ("# …"): the command ended before it.
  const last = units.at(-1);
  if (last?.text.startsWith('#') && widthOf(current) > width && current.startsWith(hang + last.text)) {
    const comment = wrapText(last.text, Math.max(1, width - widthOf(hang)), { hang: '# ' });
    return [...lines, ...comment.map((line) => hang + line)];
  }
  lines.push(current);
  return lines;
}

/** The words of a command line where it may break (with the spaces before each): a comment is one word. */
function shellUnits(command: string): Array<{ gap: string; text: string }> {
  const units: Array<{ gap: string; text: string }> = [];
  // What the reader is in: ' (single quotes), " (double quotes), $ (a command substitution), ` (backquotes).
  const stack: string[] = [];
  let gap = '';
  let text = '';
  const top = () => stack.at(-1);
  for (let i = 0; i < command.length; i++) {
    const char = command[i]!;
    const inWords = top() === undefined || top() === '$';
    if (inWords && char === ' ') {
      if (text === '') gap += char;
      else {
        units.push({ gap, text });
        gap = char;
        text = '';
      }
      continue;
    }
    if (inWords && char === '#' && text === '' && top() === undefined) {
      // A comment runs to the end: one piece, never followed by a continuation.
      units.push({ gap, text: command.slice(i) });
      return units;
    }
    text += char;
    if (char === '\\' && top() !== "'" && i + 1 < command.length) {
      text += command[++i];
      continue;
    }
    if (top() === "'") {
      if (char === "'") stack.pop();
    } else if (char === "'" && top() !== '"') stack.push("'");
    else if (char === '"') {
      if (top() === '"') stack.pop();
      else stack.push('"');
    } else if (char === '`') {
      if (top() === '`') stack.pop();
      else stack.push('`');
    } else if (char === '$' && command[i + 1] === '(') {
      text += command[++i];
      stack.push('$');
    } else if (char === '(' && top() === '$') stack.push('$');
    else if (char === ')' && top() === '$') stack.pop();
  }
  if (text !== '') units.push({ gap, text });
  return units;
}
