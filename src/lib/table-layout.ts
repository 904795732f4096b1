// Borderless aligned columns (as gh prints them), laid out in one pass over
// the cells: the width of each column is measured once, then every line is
// padded to it. A general table library (cli-table3) re-measures spans row by
// row, which grew quadratically with the rows (8,000 products took minutes).

import stringWidth from 'string-width';

/**
 * The lines of a table: each row's cells padded to their column's widest
 * cell and joined by `gap` spaces; a cell holding several lines makes its row
 * that many lines tall. No line ends in spaces.
 */
export function layoutTable(rows: readonly (readonly string[])[], gap = 2): string {
  let columns = 0;
  for (const row of rows) columns = Math.max(columns, row.length);
  const widths = new Array<number>(columns).fill(0);
  const split = rows.map((row) =>
    row.map((cell, i) => {
      const lines = cell.split('\n');
      for (const line of lines) widths[i] = Math.max(widths[i]!, stringWidth(line));
      return lines;
    }),
  );
  const separator = ' '.repeat(gap);
  const out: string[] = [];
  for (const row of split) {
    const height = Math.max(1, ...row.map((lines) => lines.length));
    for (let line = 0; line < height; line++) {
      let text = '';
      for (let i = 0; i < columns; i++) {
        const cell = row[i]?.[line] ?? '';
        text += i === columns - 1 ? cell : cell + ' '.repeat(widths[i]! - stringWidth(cell)) + separator;
      }
      out.push(text.replace(/[ \t]+$/, ''));
    }
  }
  return out.join('\n');
}
