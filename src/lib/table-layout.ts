// Borderless aligned columns (as gh prints them), written as the rows come:
// the widths are set once, from the header and the first page, fitted to the
// terminal's width; every later row is cut to them (never a re-layout), so a
// table of 100,000 rows costs linear time and holds one page at a time. When
// stdout is no terminal the table is plain tab-separated lines (as gh does),
// with a header line: a file or pipe of TSV with its header reads by itself
// (mlr, pandas, a spreadsheet) and `tail -n +2` drops it.

import stringWidth from 'string-width';

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Columns on a terminal: ASCII is measured by its length, anything else by string-width. */
export function widthOf(text: string): number {
  return PRINTABLE_ASCII.test(text) ? text.length : stringWidth(text);
}

/** Text cut to at most `width` columns, ending in "…" when cut. */
export function cutTo(text: string, width: number): string {
  if (widthOf(text) <= width) return text;
  if (width <= 1) return '…'.slice(0, width);
  if (PRINTABLE_ASCII.test(text)) return `${text.slice(0, width - 1)}…`;
  let out = '';
  for (const char of text) {
    if (widthOf(out + char) > width - 1) break;
    out += char;
  }
  return `${out}…`;
}

export interface TableShape {
  /** The terminal's width (COLUMNS); undefined: no fitting. */
  width?: number;
  /** Spaces between columns. */
  gap?: number;
  /** Columns cut last (codes as words, money, yes/no, times: short values that mean nothing cut). */
  keep?: readonly boolean[];
  /** Tab-separated lines, nothing padded or cut (stdout is no terminal). */
  plain?: boolean;
  /** How the header cells are painted (bold on a terminal). */
  paintHeader?: (text: string) => string;
}

/** The narrowest a column is cut to before columns are left out. */
const MIN_COLUMN = 8;

/**
 * A table written in parts: `first` lays out the header and the first rows
 * (setting the widths), `more` writes later rows in the same widths.
 */
export class TableWriter {
  private widths: number[] = [];
  /** How many columns are shown: those past it did not fit the width. */
  shown: number;
  private readonly gap: string;

  constructor(
    private readonly header: readonly string[],
    private readonly shape: TableShape = {},
  ) {
    this.shown = header.length;
    this.gap = ' '.repeat(shape.gap ?? 2);
  }

  /** How many columns were left out to fit the width. */
  get leftOut(): number {
    return this.header.length - this.shown;
  }

  /** The header and the first rows; the widths are set from them. */
  first(body: readonly (readonly string[])[]): string {
    if (this.shape.plain) return `${this.plainLine(this.header)}\n${this.more(body)}`;
    const widths = this.header.map((h) => widthOf(h));
    for (const row of body) {
      for (let i = 0; i < widths.length; i++) {
        const cell = row[i] ?? '';
        const w = cell.includes('\n') ? Math.max(...cell.split('\n').map(widthOf)) : widthOf(cell);
        if (w > widths[i]!) widths[i] = w;
      }
    }
    this.widths = this.fit(widths);
    const paint = this.shape.paintHeader ?? ((t: string) => t);
    const header = this.header.slice(0, this.shown).map((h, i) => cutTo(h, this.widths[i]!));
    return `${this.line(header, paint)}${this.more(body)}`;
  }

  /** Later rows, cut to the widths set by the first. */
  more(body: readonly (readonly string[])[]): string {
    let out = '';
    if (this.shape.plain) {
      for (const row of body) out += `${this.plainLine(row)}\n`;
      return out;
    }
    for (const row of body) {
      if (row.some((cell) => cell.includes('\n'))) {
        const lines = row.slice(0, this.shown).map((cell) => cell.split('\n'));
        const height = Math.max(1, ...lines.map((l) => l.length));
        for (let n = 0; n < height; n++) out += this.line(lines.map((l, i) => cutTo(l[n] ?? '', this.widths[i]!)));
      } else {
        out += this.line(row.slice(0, this.shown).map((cell, i) => cutTo(cell, this.widths[i]!)));
      }
    }
    return out;
  }

  private line(cells: readonly string[], paint?: (text: string) => string): string {
    let text = '';
    const last = cells.length - 1;
    for (let i = 0; i <= last; i++) {
      const cell = cells[i]!;
      const shown = paint ? paint(cell) : cell;
      text += i === last ? shown : shown + ' '.repeat(Math.max(0, this.widths[i]! - widthOf(cell))) + this.gap;
    }
    return `${text.replace(/[ \t]+$/, '')}\n`;
  }

  private plainLine(cells: readonly string[]): string {
    let text = '';
    for (let i = 0; i < this.header.length; i++) {
      const cell = cells[i] ?? '';
      text += (i ? '\t' : '') + (/[\t\n\r]/.test(cell) ? cell.replace(/[\t\n\r]+/g, ' ') : cell);
    }
    return text;
  }

  /**
   * Fits the widths to the terminal (as gh does): the widest column that may
   * be cut loses a character at a time down to 8, then the kept ones; when
   * even that is too wide, columns are left out from the right. 80 means 80.
   */
  private fit(widths: number[]): number[] {
    const width = this.shape.width;
    if (!width) return widths;
    const keep = this.shape.keep ?? [];
    const gap = this.gap.length;
    const total = () => {
      let sum = 0;
      for (let i = 0; i < this.shown; i++) sum += widths[i]!;
      return sum + gap * (this.shown - 1);
    };
    const widest = (may: (i: number) => boolean) => {
      let best = -1;
      for (let i = 0; i < this.shown; i++)
        if (may(i) && widths[i]! > MIN_COLUMN && (best < 0 || widths[i]! > widths[best]!)) best = i;
      return best;
    };
    let over = total() - width;
    while (over > 0) {
      let at = widest((i) => !keep[i]);
      if (at < 0) at = widest(() => true);
      if (at < 0) break;
      widths[at]!--;
      over--;
    }
    while (this.shown > 1 && total() > width) this.shown--;
    if (total() > width) widths[0] = Math.max(1, width);
    return widths;
  }
}

/**
 * The lines of a whole table at once (a record's key/value table, tests):
 * each row's cells padded to their column's widest cell, joined by `gap`
 * spaces; a cell holding several lines makes its row that many lines tall.
 * No line ends in spaces.
 */
export function layoutTable(rows: readonly (readonly string[])[], gap = 2): string {
  if (rows.length === 0) return '';
  let columns = 0;
  for (const row of rows) columns = Math.max(columns, row.length);
  const header = rows[0]!.concat(new Array(Math.max(0, columns - rows[0]!.length)).fill(''));
  return new TableWriter(header, { gap }).first(rows.slice(1)).replace(/\n$/, '');
}
