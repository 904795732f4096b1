// Borderless aligned columns (as gh prints them) for unbounded listings,
// written as the rows come: the widths are set once, from the header and the
// first page, fitted to the terminal's width by the column rule (fitWidths:
// the identifying column keeps what reads, columns with one value on every
// row give way first); every later row is cut to them (never a re-layout), so
// a table of 100,000 rows costs linear time and holds one page at a time.
// When stdout is no terminal the table is plain tab-separated lines (as gh
// does), with a header line: a file or pipe of TSV with its header reads by
// itself (mlr, pandas, a spreadsheet) and `tail -n +2` drops it. Bounded
// tables, read whole, are output/people-table.ts's (wrapped, never cut).

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
  /** The column that says which row is which (a name, a code): never cut below IDENTIFYING_MIN, never left out while it fits alone. */
  identifies?: readonly boolean[];
  /** Tab-separated lines, nothing padded or cut (stdout is no terminal). */
  plain?: boolean;
  /** How the header cells are painted (bold on a terminal). */
  paintHeader?: (text: string) => string;
  /** No header line (rows of values with no names: a --query multiselect list). */
  noHeader?: boolean;
}

/** The narrowest a column is cut to before columns are left out. */
export const MIN_COLUMN = 8;
/** The narrowest the identifying column is cut to (or its widest value, when narrower): two names cut shorter read the same. */
export const IDENTIFYING_MIN = 20;

/** A column left out to fit the width; a column with one value on every row of the first page says it. */
export interface LeftOut {
  header: string;
  /** The value every row of the first page had (constant columns give way first). */
  sameOnEveryRow?: string;
}

/** What fitting decided: each column's width and which columns are shown, in order. */
export interface Fitted {
  widths: number[];
  shown: number[];
}

/**
 * The column rule (unbounded listings): the widths of a table of `natural`
 * widths fitted to `width`. Columns give way in this order, each step only
 * while the table is still too wide:
 *   1. columns with one value on every row of the first page (`constant`),
 *      widest first, down to MIN_COLUMN; then they are left out, the
 *      rightmost first (the value is said on stderr: nothing is lost);
 *   2. the other columns, widest first, down to MIN_COLUMN, the identifying
 *      column down to IDENTIFYING_MIN (or its widest value if narrower),
 *      kept columns (codes as words, money, times) after the rest;
 *   3. columns left out from the right, never the identifying one;
 *   4. last, a terminal narrower than the identifying column alone cuts it.
 * Width freed by a column left out goes back to the columns cut in the
 * reverse order: the identifying one first, then kept columns, then the
 * rest. Nothing is cut when the table fits.
 */
export function fitWidths(
  natural: readonly number[],
  width: number | undefined,
  rule: {
    gap?: number;
    keep?: readonly boolean[];
    identifies?: readonly boolean[];
    constant?: readonly boolean[];
  } = {},
): Fitted {
  const count = natural.length;
  const widths = [...natural];
  const shown = natural.map((_w, i) => i);
  if (!width) return { widths, shown };
  const gap = rule.gap ?? 2;
  const keep = (i: number) => rule.keep?.[i] === true;
  const identifies = (i: number) => rule.identifies?.[i] === true;
  const constant = (i: number) => rule.constant?.[i] === true && !identifies(i);
  const least = (i: number) => Math.min(natural[i]!, identifies(i) ? IDENTIFYING_MIN : MIN_COLUMN);
  const over = () => {
    let sum = gap * (shown.length - 1);
    for (const i of shown) sum += widths[i]!;
    return sum - width;
  };
  const shrink = (which: (i: number) => boolean, floor: (i: number) => number) => {
    let left = over();
    while (left > 0) {
      let at = -1;
      for (const i of shown) if (which(i) && widths[i]! > floor(i) && (at < 0 || widths[i]! > widths[at]!)) at = i;
      if (at < 0) return;
      widths[at]!--;
      left--;
    }
  };
  const leave = (which: (i: number) => boolean) => {
    while (over() > 0 && shown.length > 1) {
      const at = shown.findLastIndex(which);
      if (at < 0) return;
      shown.splice(at, 1);
    }
    giveBack();
  };
  const giveBack = () => {
    let spare = -over();
    // Back in the reverse order of giving: the identifying column, then kept columns, then the rest, then constant ones.
    const rank = (i: number) => (identifies(i) ? 0 : constant(i) ? 3 : keep(i) ? 1 : 2);
    const cut = [...shown].sort((a, b) => rank(a) - rank(b) || a - b);
    for (const i of cut) {
      const more = Math.min(spare, natural[i]! - widths[i]!);
      widths[i]! += more;
      spare -= more;
    }
  };
  shrink(constant, least);
  leave(constant);
  shrink((i) => !constant(i) && !keep(i), least);
  shrink((i) => !constant(i), least);
  leave((i) => !identifies(i));
  shrink(
    () => true,
    () => 1,
  );
  for (let i = 0; i < count; i++) if (!shown.includes(i)) widths[i] = 0;
  return { widths, shown };
}

/**
 * A table written in parts: `first` lays out the header and the first rows
 * (setting the widths), `more` writes later rows in the same widths.
 */
export class TableWriter {
  private widths: number[] = [];
  /** The columns shown, in order: the others did not fit the width. */
  private shown: number[];
  /** Per column, the value every row of the first page had (undefined: the rows differ, or one row). */
  private sameOnEveryRow: Array<string | undefined> = [];
  private readonly gap: string;

  constructor(
    private readonly header: readonly string[],
    private readonly shape: TableShape = {},
  ) {
    this.shown = header.map((_h, i) => i);
    this.gap = ' '.repeat(shape.gap ?? 2);
  }

  /** How many columns were left out to fit the width. */
  get leftOut(): number {
    return this.header.length - this.shown.length;
  }

  /** The columns left out, in order, each constant one with its value. */
  leftOutColumns(): LeftOut[] {
    const out: LeftOut[] = [];
    for (let i = 0; i < this.header.length; i++) {
      if (this.shown.includes(i)) continue;
      const same = this.sameOnEveryRow[i];
      out.push(same === undefined ? { header: this.header[i]! } : { header: this.header[i]!, sameOnEveryRow: same });
    }
    return out;
  }

  /** The header and the first rows; the widths are set from them. */
  first(body: readonly (readonly string[])[]): string {
    if (this.shape.plain)
      return this.shape.noHeader ? this.more(body) : `${this.plainLine(this.header)}\n${this.more(body)}`;
    const widths = this.header.map((h) => widthOf(h));
    for (const row of body) {
      for (let i = 0; i < widths.length; i++) {
        const cell = row[i] ?? '';
        const w = cell.includes('\n') ? Math.max(...cell.split('\n').map(widthOf)) : widthOf(cell);
        if (w > widths[i]!) widths[i] = w;
      }
    }
    // One value on every row of the first page (two rows at least): such a column says little per row, and gives way first.
    this.sameOnEveryRow = this.header.map((_h, i) => {
      const value = body[0]?.[i] ?? '';
      return body.length > 1 && body.every((row) => (row[i] ?? '') === value) ? value : undefined;
    });
    const fitted = fitWidths(widths, this.shape.width, {
      gap: this.gap.length,
      keep: this.shape.keep,
      identifies: this.shape.identifies,
      constant: this.sameOnEveryRow.map((v) => v !== undefined),
    });
    this.widths = fitted.widths;
    this.shown = fitted.shown;
    const paint = this.shape.paintHeader ?? ((t: string) => t);
    if (this.shape.noHeader) return this.more(body);
    const header = this.shown.map((i) => cutTo(this.header[i]!, this.widths[i]!));
    return `${this.line(header, paint)}${this.more(body)}`;
  }

  /** Later rows, cut to the widths set by the first. */
  more(body: readonly (readonly string[])[]): string {
    let out = '';
    if (this.shape.plain) {
      for (const row of body) out += `${this.plainLine(row)}\n`;
      return out;
    }
    const shown = this.shown;
    const cells: string[] = new Array(shown.length);
    for (const row of body) {
      if (row.some((cell) => cell.includes('\n'))) {
        const lines = shown.map((i) => (row[i] ?? '').split('\n'));
        const height = Math.max(1, ...lines.map((l) => l.length));
        for (let n = 0; n < height; n++)
          out += this.line(lines.map((l, k) => cutTo(l[n] ?? '', this.widths[shown[k]!]!)));
      } else {
        for (let k = 0; k < shown.length; k++) cells[k] = cutTo(row[shown[k]!] ?? '', this.widths[shown[k]!]!);
        out += this.line(cells);
      }
    }
    return out;
  }

  private line(cells: readonly string[], paint?: (text: string) => string): string {
    let text = '';
    const last = cells.length - 1;
    for (let k = 0; k <= last; k++) {
      const cell = cells[k]!;
      const shown = paint ? paint(cell) : cell;
      text +=
        k === last ? shown : shown + ' '.repeat(Math.max(0, this.widths[this.shown[k]!]! - widthOf(cell))) + this.gap;
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
}
