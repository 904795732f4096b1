// The column rule of streamed listings (table-layout.ts fitWidths): the
// identifying column keeps what reads, columns with one value on every row
// of the first page give way first, nothing is cut when the table fits.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitWidths, IDENTIFYING_MIN, MIN_COLUMN, TableWriter } from '../../../src/lib/table-layout.js';

const GAP = 2;
const used = (widths: number[], shown: number[]) =>
  shown.reduce((sum, i) => sum + widths[i]!, 0) + GAP * (shown.length - 1);

/** A table's columns: natural widths, which is kept, which is constant, at most one identifying. */
const tables = fc
  .array(
    fc.record({
      natural: fc.integer({ min: 1, max: 40 }),
      keep: fc.boolean(),
      constant: fc.boolean(),
    }),
    { minLength: 1, maxLength: 10 },
  )
  .chain((columns) =>
    fc.record({
      columns: fc.constant(columns),
      identifying: fc.option(fc.integer({ min: 0, max: columns.length - 1 }), { nil: undefined }),
      width: fc.integer({ min: 1, max: 200 }),
    }),
  );

type Table = typeof tables extends fc.Arbitrary<infer T> ? T : never;

function fit({ columns, identifying, width }: Table) {
  const natural = columns.map((c) => c.natural);
  const rule = {
    gap: GAP,
    keep: columns.map((c) => c.keep),
    constant: columns.map((c) => c.constant),
    identifies: columns.map((_c, i) => i === identifying),
  };
  return { natural, rule, ...fitWidths(natural, width, rule) };
}

describe('the column rule', () => {
  it('a table that fits is shown whole', () => {
    fc.assert(
      fc.property(tables, (table) => {
        const { natural, widths, shown } = fit(table);
        fc.pre(
          used(
            natural,
            natural.map((_w, i) => i),
          ) <= table.width,
        );
        expect(widths).toEqual(natural);
        expect(shown).toHaveLength(natural.length);
      }),
      { numRuns: 1000 },
    );
  });

  it('no line is wider than the terminal, and no column shown is narrower than 1', () => {
    fc.assert(
      fc.property(tables, (table) => {
        const { widths, shown } = fit(table);
        expect(shown.length).toBeGreaterThan(0);
        expect(used(widths, shown)).toBeLessThanOrEqual(table.width);
        for (const i of shown) expect(widths[i]).toBeGreaterThanOrEqual(1);
      }),
      { numRuns: 1000 },
    );
  });

  it('the identifying column keeps its minimum (20, or its widest value) whenever the terminal is that wide', () => {
    fc.assert(
      fc.property(tables, (table) => {
        fc.pre(table.identifying !== undefined);
        const { natural, widths, shown } = fit(table);
        const least = Math.min(natural[table.identifying!]!, IDENTIFYING_MIN);
        if (table.width >= least) {
          expect(shown).toContain(table.identifying);
          expect(widths[table.identifying!]).toBeGreaterThanOrEqual(least);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('constant columns shrink or leave before any other column gives anything', () => {
    fc.assert(
      fc.property(tables, (table) => {
        const { natural, rule, widths, shown } = fit(table);
        const constant = (i: number) => rule.constant[i] && !rule.identifies[i];
        const others = natural.map((_w, i) => i).filter((i) => !constant(i));
        const anotherGave = others.some((i) => !shown.includes(i) || widths[i]! < natural[i]!);
        if (anotherGave) for (let i = 0; i < natural.length; i++) if (constant(i)) expect(shown).not.toContain(i);
      }),
      { numRuns: 1000 },
    );
  });

  it('kept columns are cut only once the other columns are down to their minimum or left out (the identifying one aside)', () => {
    fc.assert(
      fc.property(tables, (table) => {
        const { natural, rule, widths, shown } = fit(table);
        const keptCut = shown.some(
          (i) => rule.keep[i] && !rule.constant[i] && !rule.identifies[i] && widths[i]! < natural[i]!,
        );
        if (!keptCut) return;
        for (const i of shown) {
          // The identifying column is the first to get back width that a column left out frees.
          if (rule.keep[i] || rule.constant[i] || rule.identifies[i]) continue;
          expect(widths[i]).toBeLessThanOrEqual(Math.min(natural[i]!, MIN_COLUMN));
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe('a product listing at 80 columns', () => {
  const header = ['ID', 'NAME', 'CATEGORY', 'TYPE', 'SALE TYPE', 'SELL', 'VENDING', 'TICKETS', 'CODE'];
  const rows = [
    ['1004', 'Lollipop', 'SNACKS', 'stock product', 'redemption, sale', '$1.00', '', '40', ''],
    ['1005', 'Potato Chips Salted', 'SNACKS', 'stock product', 'sale, vending', '$2.95', '$2.50', '', 'SKU-1005'],
    ['1006', 'Potato Chips BBQ', 'SNACKS', 'stock product', 'sale, vending', '$2.95', '$2.50', '', ''],
    ['1009', 'Cola 600ml', 'DRINKS', 'stock product', 'sale, vending', '$4.00', '$3.50', '', 'SKU-1009'],
  ];
  const keep = [false, false, false, true, true, true, true, true, false];

  it('the names read whole; TYPE, "stock product" on every row, is the first to go, and says so', () => {
    const writer = new TableWriter(header, { width: 80, keep, identifies: header.map((h) => h === 'NAME') });
    const lines = writer.first(rows).replace(/\n$/, '').split('\n');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    expect(lines[2]).toContain('Potato Chips Salted');
    expect(lines[3]).toContain('Potato Chips BBQ');
    expect(lines[0]).not.toContain('TYPE ');
    expect(writer.leftOutColumns()).toEqual([{ header: 'TYPE', sameOnEveryRow: 'stock product' }]);
    // Later rows are cut to the same widths, TYPE still left out.
    expect(writer.more([['1010', 'Lemonade 600ml', 'DRINKS', 'stock product', 'sale', '$4.00', '', '', '']])).toBe(
      '1010  Lemonade 600ml       DRINKS    sale      $4.00\n',
    );
  });

  it('without a constant column, the identifying name still keeps its width while others are cut or leave', () => {
    const varied = rows.map((r, i) => r.map((c, k) => (k === 3 && i === 0 ? 'modifier' : c)));
    const writer = new TableWriter(header, { width: 60, keep, identifies: header.map((h) => h === 'NAME') });
    const lines = writer.first(varied).replace(/\n$/, '').split('\n');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(60);
    expect(lines[2]).toContain('Potato Chips Salted');
    expect(writer.leftOutColumns().every((c) => c.sameOnEveryRow === undefined)).toBe(true);
  });
});
