// Bounded tables for people (output/people-table.ts): every cell whole,
// wrapped to its column; no line wider than the terminal; tab-separated lines
// off a terminal.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GAP, peopleColumnWidths, peopleTable } from '../../../src/lib/output/people-table.js';

const headers = ['SERVICE', 'CHECK', 'STATUS', 'DETAIL', 'FIX'];
const doctorRows = [
  [
    'wallet',
    'reachable',
    'fail',
    'cannot reach the wallet service at http://127.0.0.1:9/wallet: connect ECONNREFUSED 127.0.0.1:9',
    'Check the address, the network and that the service runs.',
  ],
  ['wallet', 'tls', 'warn', 'plain http (loopback only)', 'Use an https:// address for a real service.'],
  ['booking', 'token', 'ok', 'obtained in 73 ms, valid for 360 min', ''],
];

/** Each row's cells as read back from the drawn lines: the column slices of its lines, joined. */
function readBack(text: string, widths: number[], rowCount: number, header = true): string[][][] {
  const lines = text.replace(/\n$/, '').split('\n');
  const starts: number[] = [];
  let at = 0;
  for (const w of widths) {
    starts.push(at);
    at += w + GAP;
  }
  const slice = (line: string, i: number) => line.slice(starts[i], starts[i]! + widths[i]!).trim();
  const rows: string[][][] = [];
  for (const line of header ? lines.slice(1) : lines) {
    // A row starts where its first column has text; its other lines continue it.
    if (slice(line, 0) !== '' || rows.length === 0) rows.push(widths.map(() => []));
    const row = rows[rows.length - 1]!;
    widths.forEach((_w, i) => {
      const part = slice(line, i);
      if (part !== '') row[i]!.push(part);
    });
  }
  expect(rows).toHaveLength(rowCount);
  return rows;
}

/** The cell's text is all there, and every break is at a space or after "/" or before "?" or "&" (no word split). */
function expectWhole(parts: string[], cell: string): void {
  let rest = cell.replace(/\s+/g, ' ').trim();
  parts.forEach((part, n) => {
    expect(rest.startsWith(part), `"${part}" continues "${rest}"`).toBe(true);
    rest = rest.slice(part.length);
    if (n < parts.length - 1) {
      const atSpace = rest.startsWith(' ');
      const atAddress = part.endsWith('/') || rest.startsWith('?') || rest.startsWith('&');
      expect(atSpace || atAddress, `break after "${part}"`).toBe(true);
      rest = rest.replace(/^ /, '');
    }
  });
  expect(rest).toBe('');
}

describe('peopleTable', () => {
  it('at 80 columns every fix and URL is whole, wrapped in its column, and no line is wider', () => {
    const widths = peopleColumnWidths(headers, doctorRows, 80);
    const text = peopleTable(headers, doctorRows, { width: 80 });
    for (const line of text.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    expect(text).not.toContain('…');
    const rows = readBack(text, widths, doctorRows.length);
    rows.forEach((row, r) => row.forEach((parts, c) => expectWhole(parts, doctorRows[r]![c]!)));
    expect(text.split('\n')[0]).toMatch(/^SERVICE\s+CHECK\s+STATUS\s+DETAIL\s+FIX$/);
  });

  it('when it fits, each column is as wide as its widest cell and rows are one line each', () => {
    const text = peopleTable(
      ['KEY', 'VALUE'],
      [
        ['wallet.url', 'http://127.0.0.1:47800/wallet'],
        ['timezone', ''],
      ],
    );
    expect(text).toBe('KEY         VALUE\nwallet.url  http://127.0.0.1:47800/wallet\ntimezone\n');
  });

  it('off a terminal: tab-separated lines with the header, values exact', () => {
    const text = peopleTable(headers, doctorRows, { width: 80, plain: true });
    const lines = text.replace(/\n$/, '').split('\n');
    expect(lines[0]).toBe(headers.join('\t'));
    expect(lines[1]!.split('\t')).toEqual(doctorRows[0]);
    expect(lines).toHaveLength(doctorRows.length + 1);
  });

  it('painting the header (bold) does not move the columns', () => {
    const bold = (t: string) => `\u001b[1m${t}\u001b[22m`;
    const painted = peopleTable(headers, doctorRows, { width: 80, paintHeader: bold });
    const plain = peopleTable(headers, doctorRows, { width: 80 });
    expect(painted.replace(/\u001b\[\d+m/g, '')).toBe(plain);
  });

  it('a detail view: labels and values, no header line, a long value wrapped beside its label', () => {
    const text = peopleTable(
      ['', ''],
      [
        ['Status', 'degraded'],
        ['Checks', 'database ok, cache slow (p95 2400 ms over the 500 ms budget), queue ok'],
      ],
      { width: 40, noHeader: true },
    );
    expect(text.split('\n')[0]).toBe('Status  degraded');
    for (const line of text.split('\n')) expect(line.length).toBeLessThanOrEqual(40);
    expect(text.split('\n')[2]).toMatch(/^ {8}\S/);
  });

  it('kept columns (a time) stay on one line while the others can wrap', () => {
    const widths = peopleColumnWidths(
      ['HOST', 'EXPIRES'],
      [['http://127.0.0.1:45579/wallet', '2026-11-27 21:05 UTC']],
      40,
      [false, true],
    );
    expect(widths[1]).toBe('2026-11-27 21:05 UTC'.length);
  });

  it('for any table and any width it can hold without splitting words: nothing cut, no word split, no line wider', () => {
    const word = fc.stringMatching(/^[a-z0-9.,:]{1,10}$/);
    const cell = fc.array(word, { maxLength: 8 }).map((w) => w.join(' '));
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 5 })
          .chain((count) =>
            fc.tuple(
              fc.array(fc.stringMatching(/^[A-Z]{1,8}$/), { minLength: count, maxLength: count }),
              fc.array(fc.array(cell, { minLength: count, maxLength: count }), { minLength: 1, maxLength: 6 }),
            ),
          ),
        fc.integer({ min: 0, max: 80 }),
        ([given, cells], extra) => {
          // A first column of short keys marks where each row starts when the table is read back.
          const head = ['ID', ...given];
          const rows = cells.map((r, n) => [`r${n}`, ...r]);
          // The narrowest width that holds every column's longest word, plus some.
          const floors = head.map((h, i) =>
            Math.max(h.length, ...rows.flatMap((r) => r[i]!.split(' ').map((w) => w.length))),
          );
          const width = floors.reduce((a, b) => a + b, 0) + GAP * (head.length - 1) + extra;
          const widths = peopleColumnWidths(head, rows, width);
          const text = peopleTable(head, rows, { width });
          for (const line of text.split('\n')) expect(line.length).toBeLessThanOrEqual(width);
          const back = readBack(text, widths, rows.length);
          back.forEach((row, r) => row.forEach((parts, c) => expectWhole(parts, rows[r]![c]!)));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('a long outcome is drawn in parts with the same widths', () => {
    const rows = Array.from({ length: 250 }, (_v, i) => [
      String(1000 + i),
      i % 7 === 0 ? 'refused: out of stock' : 'ok',
    ]);
    const text = peopleTable(['PRODUCT', 'RESULT'], rows, { width: 80 });
    const lines = text.replace(/\n$/, '').split('\n');
    expect(lines).toHaveLength(251);
    expect(lines[1]).toBe('1000     refused: out of stock');
    expect(lines[250]).toBe('1249     ok');
  });
});
