import { describe, expect, it } from 'vitest';
import { Output } from '../../../src/lib/output.js';
import { inferColumns } from '../../../src/lib/output/columns.js';
import { formatForPeople } from '../../../src/lib/output/values-for-people.js';
import { fakeTerminal } from '../../support/fake-terminal.js';

const rows = [
  { productId: 1, productName: 'Gummy bears', sellPrice: 2.5, barcodes: ['123', '456'], supplier: { id: 1 } },
  { productId: 2, productName: 'Plush, "big"', sellPrice: 10, barcodes: [], supplier: null },
];

async function render(format: 'table' | 'json' | 'ndjson' | 'csv', fields?: string[]) {
  const fake = fakeTerminal();
  const output = new Output(fake.terminal, { format, fields });
  await output.list(rows, { columns: ['productId', 'productName', { key: 'sellPrice', format: 'money' }] });
  return fake.stdout();
}

describe('Output', () => {
  it('json is the data unchanged', async () => {
    expect(JSON.parse(await render('json'))).toEqual(rows);
  });

  it('ndjson is one object a line', async () => {
    const lines = (await render('ndjson')).trim().split('\n');
    expect(lines.map((l) => JSON.parse(l))).toEqual(rows);
  });

  it('csv carries every field of the records (nested ones as JSON), quoting what needs quoting', async () => {
    expect(await render('csv')).toBe(
      'productId,productName,sellPrice,barcodes,supplier\n1,Gummy bears,2.5,123;456,"{""id"":1}"\n2,"Plush, ""big""",10,,\n',
    );
  });

  it('table formats money for people and has no colour off a TTY', async () => {
    const text = await render('table');
    expect(text).toContain('$2.50');
    expect(text).toContain('$10.00');
    expect(text).not.toContain('\u001b[');
  });

  it('--fields picks columns in every format', async () => {
    expect(await render('csv', ['productName'])).toBe('productName\nGummy bears\n"Plush, ""big"""\n');
    expect(JSON.parse(await render('json', ['productId']))).toEqual([{ productId: 1 }, { productId: 2 }]);
  });

  it('streams ndjson and csv row by row', async () => {
    const fake = fakeTerminal();
    const output = new Output(fake.terminal, { format: 'csv' });
    async function* generate() {
      for (let i = 0; i < 1200; i++) yield { id: i, name: `n${i}` };
    }
    const count = await output.stream(generate());
    expect(count).toBe(1200);
    const lines = fake.stdout().trim().split('\n');
    expect(lines[0]).toBe('id,name');
    expect(lines).toHaveLength(1201);
  });

  it('infers scalar columns from the data', () => {
    expect(inferColumns(rows).map((c) => c.key)).toEqual(['productId', 'productName', 'sellPrice', 'barcodes']);
    expect(formatForPeople('2026-11-22T14:03:09Z', 'datetime')).toBe('2026-11-22 14:03Z');
    expect(formatForPeople(true, 'bool')).toBe('yes');
  });
});

describe('one formatting policy for people', () => {
  it('times in the venue time zone, days as its local day, yes/no, codes as words, nested values summarised', () => {
    const sydney = { timeZone: 'Australia/Sydney' };
    expect(formatForPeople('2026-11-23T10:12:00Z', 'datetime', sydney)).toBe('2026-11-23 21:12 GMT+11');
    expect(formatForPeople('2026-11-23T20:00:00Z', 'date', sydney)).toBe('2026-11-24');
    expect(formatForPeople('2026-11-23', 'date', sydney)).toBe('2026-11-23');
    expect(formatForPeople(true)).toBe('yes');
    expect(formatForPeople(false, 'bool')).toBe('no');
    expect(formatForPeople(2, 'enum', { labels: { '2': 'stock product', '3': 'modifier' } })).toBe('stock product');
    expect(formatForPeople(9, 'enum', { labels: { '2': 'stock product' } })).toBe('9');
    expect(formatForPeople([{ a: 1 }, { a: 2 }])).toBe('2 items');
    expect(formatForPeople({ warehouseId: 1, quantity: 10 })).toBe('warehouseId=1, quantity=10');
    expect(formatForPeople(3.5, 'money', { currency: 'AUD' })).toBe('A$3.50');
  });

  it('tables fit the width by truncating the widest column, and no line ends in spaces', async () => {
    // Fitted on a terminal (off one a table is tab-separated lines).
    const fake = fakeTerminal({ tty: true, env: { NO_COLOR: '1' } });
    const output = new Output(fake.terminal, { format: 'table', width: 40 });
    await output.list(
      [
        { id: 1, name: 'A very long product name that goes on and on', note: 'short' },
        { id: 22, name: 'Short', note: 'x' },
      ],
      { columns: ['id', 'name', 'note'] },
    );
    const lines = fake.stdout().trimEnd().split('\n');
    for (const line of lines) {
      expect(line.length).toBeLessThanOrEqual(40);
      expect(line).not.toMatch(/ $/);
    }
    expect(lines[1]).toContain('…');
  });
});

describe('Output after a Ctrl-C', () => {
  const many = Array.from({ length: 1200 }, (_, i) => ({ id: i, name: `n${i}` }));
  const interrupted = (writesSent: number) => {
    const controller = new AbortController();
    controller.abort();
    return {
      signal: controller.signal,
      writesSent,
      throwIfInterrupted() {
        throw new Error('interrupted: nothing more was sent');
      },
    };
  };

  // ndjson and csv streams stop where their source does: the paged fetch sees the aborted signal.
  it('a listing (no write sent) stops between parts: a table, and json gathered from pages', async () => {
    for (const [format, listed] of [
      ['table', (output: Output) => output.list(many)],
      ['table', (output: Output) => output.stream(toPages(many))],
      ['json', (output: Output) => output.stream(toPages(many))],
    ] as const) {
      const fake = fakeTerminal();
      const output = new Output(fake.terminal, { format, interruption: interrupted(0) });
      await expect(listed(output)).rejects.toThrow('nothing more was sent');
    }
  });

  it.each(['table', 'json', 'ndjson', 'csv'] as const)(
    "a write's outcome is rendered whole in %s: the person sees what was done",
    async (format) => {
      const fake = fakeTerminal();
      const output = new Output(fake.terminal, { format, interruption: interrupted(1) });
      await output.list(many);
      const text = fake.stdout();
      expect(text).toContain('n1199');
    },
  );
});

async function* toPages<T>(items: T[]): AsyncGenerator<T[]> {
  for (let at = 0; at < items.length; at += 100) yield items.slice(at, at + 100);
}
