// Bounded tables people read whole (doctor's checks, auth status, settings,
// a write's outcome, one record's details): drawn by cli-table3, borderless
// and aligned as gh prints them, with every cell whole. A cell that does not
// fit its column wraps (output/wrap.ts: at spaces, an address after "/" and
// before "?" or "&"), so a fix or a URL is never cut. The column widths are
// worked out here for the terminal's width and handed to cli-table3 as its
// colWidths. Off a terminal the table is tab-separated lines with a header
// (as gh writes it): exact values, one row a line, for grep and scripts.
//
// Unbounded listings (a service's records, streamed page by page) are not
// drawn here: table-layout.ts's TableWriter sets their widths from the first
// page and cuts later rows to them.

import Table from 'cli-table3';
import { widthOf } from '../table-layout.js';
import { longestPiece, wrapText } from './wrap.js';

export interface PeopleTableOptions {
  /** The terminal's width: the table is fitted to it. Undefined: every column as wide as its widest cell. */
  width?: number;
  /** Tab-separated lines with a header line, nothing padded or wrapped (stdout is no terminal). */
  plain?: boolean;
  /** How header cells are painted (bold on a terminal); each line of a wrapped header on its own. */
  paintHeader?: (text: string) => string;
  /** How a column's cells are painted, by column (a detail view's labels in bold). */
  paintColumn?: ReadonlyArray<((text: string) => string) | undefined>;
  /** Columns whose values read as one (times, money, codes as words): wrapped only when the terminal leaves no other way. */
  keep?: readonly boolean[];
  /** No header line (a detail view: labels and values). */
  noHeader?: boolean;
}

/** Spaces between columns. */
export const GAP = 2;
/** Rows handed to cli-table3 at a time, in the same widths: it measures rows against each other, so parts keep a long outcome linear. */
const PART = 100;

const BORDERLESS = {
  chars: {
    top: '',
    'top-mid': '',
    'top-left': '',
    'top-right': '',
    bottom: '',
    'bottom-mid': '',
    'bottom-left': '',
    'bottom-right': '',
    left: '',
    'left-mid': '',
    mid: '',
    'mid-mid': '',
    right: '',
    'right-mid': '',
    middle: ' '.repeat(GAP),
  },
  // Colour is ours (NO_COLOR, --no-color): cli-table3 paints nothing.
  style: { head: [] as string[], border: [] as string[], 'padding-left': 0, 'padding-right': 0 },
};

function widestLine(text: string): number {
  if (!text.includes('\n')) return widthOf(text);
  let widest = 0;
  for (const line of text.split('\n')) widest = Math.max(widest, widthOf(line));
  return widest;
}

/**
 * The width of each column for a terminal `width` columns wide. Every column
 * is as wide as its widest cell when the table fits. Otherwise the widest
 * column gives a column at a time, down to the longest word (or part of an
 * address) it holds, so that nothing is cut and no word is split; a kept
 * column (a time, money) gives nothing until the others are down to theirs.
 * Only a terminal too narrow even for that splits words, widest column first.
 */
export function peopleColumnWidths(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  width: number | undefined,
  keep: readonly boolean[] = [],
): number[] {
  const count = headers.length;
  const natural = headers.map((h) => Math.max(1, widestLine(h)));
  const floor = headers.map((h) => Math.max(1, longestPiece(h)));
  for (const row of rows)
    for (let i = 0; i < count; i++) {
      const cell = row[i] ?? '';
      if (cell === '') continue;
      natural[i] = Math.max(natural[i]!, widestLine(cell));
      floor[i] = Math.max(floor[i]!, longestPiece(cell));
    }
  for (let i = 0; i < count; i++) floor[i] = Math.min(floor[i]!, natural[i]!);
  const widths = [...natural];
  if (!width) return widths;
  let over = widths.reduce((a, b) => a + b, 0) + GAP * (count - 1) - width;
  const giveFrom = (least: (i: number) => number) => {
    while (over > 0) {
      let at = -1;
      for (let i = 0; i < count; i++) if (widths[i]! > least(i) && (at < 0 || widths[i]! > widths[at]!)) at = i;
      if (at < 0) return;
      widths[at]!--;
      over--;
    }
  };
  // Wrapping at spaces first, kept columns last; then, on a terminal too narrow for the longest words, splitting them.
  giveFrom((i) => (keep[i] ? natural[i]! : floor[i]!));
  giveFrom((i) => floor[i]!);
  giveFrom(() => 1);
  return widths;
}

/** Tab-separated lines, a header first: tabs and line breaks inside a value become spaces. */
export function plainTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => {
    let text = '';
    for (let i = 0; i < headers.length; i++) {
      const cell = cells[i] ?? '';
      text += (i ? '\t' : '') + (/[\t\n\r]/.test(cell) ? cell.replace(/[\t\n\r]+/g, ' ') : cell);
    }
    return `${text}\n`;
  };
  let out = line(headers);
  for (const row of rows) out += line(row);
  return out;
}

/**
 * A bounded table for people: the header (unless noHeader) and every row,
 * each cell whole, wrapped to its column; no line ends in spaces. Ends in a
 * newline; '' for no header and no rows.
 */
export function peopleTable(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  options: PeopleTableOptions = {},
): string {
  if (options.plain && !options.noHeader) return plainTable(headers, rows);
  if (options.noHeader && rows.length === 0) return '';
  const widths = peopleColumnWidths(
    options.noHeader ? headers.map(() => '') : headers,
    rows,
    options.width,
    options.keep,
  );
  const fit = (text: string, column: number, paint?: (text: string) => string) => {
    const lines = text === '' ? [''] : wrapText(text, widths[column]!, { hardBreak: true });
    return (paint ? lines.map((l) => (l === '' ? l : paint(l))) : lines).join('\n');
  };
  let out = '';
  for (let at = 0; at === 0 || at < rows.length; at += PART) {
    const head = at === 0 && !options.noHeader ? headers.map((h, i) => fit(h, i, options.paintHeader)) : [];
    const table = new Table({ ...BORDERLESS, colWidths: widths, wordWrap: true, wrapOnWordBoundary: true, head });
    for (const row of rows.slice(at, at + PART))
      table.push(headers.map((_h, i) => fit(row[i] ?? '', i, options.paintColumn?.[i])));
    const text = table.toString();
    if (text !== '') out += `${text.replace(/[ \t]+$/gm, '')}\n`;
  }
  return out;
}
