// One formatting policy for tables (codes as words, bitmasks as their words,
// cut last when fitting) and --fields checked: an unknown name is exit 2
// listing the valid ones, only a warning after a write.

import { describe, expect, it } from 'vitest';
import { Output, type OutputFormat, type RenderOptions, type Row } from '../../../src/lib/output.js';
import { formatForPeople } from '../../../src/lib/output/values-for-people.js';
import { TableWriter } from '../../../src/lib/table-layout.js';
import { UsageError } from '../../../src/lib/errors.js';
import { withSource } from '../../../src/lib/reading.js';
import {
  paymentTermsLabels,
  productTypeColumn,
  saleTypeColumn,
  saleTypeLabels,
} from '../../../src/lib/inventory/labels.js';
import {
  FlagProblems,
  parsePaymentTerms,
  parseProductType,
  parseSaleType,
} from '../../../src/commands/inventory/flags.js';
import { fakeTerminal } from '../../support/fake-terminal.js';

const products = [
  withSource(
    { productId: 1001, productName: 'Gummy Bears', productType: 2, saleType: 6, sellPrice: 3.5 },
    { productId: 1001, productName: 'Gummy Bears', productType: 2, saleType: 6, sellPrice: 3.5, Extra_Field: 'x' },
  ),
];
const options: RenderOptions = {
  columns: [
    { key: 'productId', header: 'ID' },
    { key: 'productName', header: 'Name' },
    productTypeColumn,
    saleTypeColumn,
    { key: 'sellPrice', format: 'money' },
  ],
};

async function render(
  format: OutputFormat,
  rows: Row[],
  fields?: string[],
  extra: Partial<RenderOptions> = {},
  declared?: string[],
) {
  const fake = fakeTerminal();
  const output = new Output(fake.terminal, { format, fields });
  output.declareFields(declared);
  await output.list(rows, { ...options, ...extra });
  return { stdout: fake.stdout(), stderr: fake.stderr() };
}

describe('codes as words', () => {
  it('flags: a bitmask as the words of its bits; unknown bits stay a number; a word as sent', () => {
    expect(formatForPeople(6, 'flags', { labels: saleTypeLabels })).toBe('sale, vending');
    expect(formatForPeople('7', 'flags', { labels: saleTypeLabels })).toBe('redemption, sale, vending');
    expect(formatForPeople(9, 'flags', { labels: saleTypeLabels })).toBe('redemption, 8');
    // Masks are remembered per table of labels: another table's words for the same mask are its own.
    expect(formatForPeople(6, 'flags', { labels: { '2': 'two', '4': 'four' } })).toBe('two, four');
    expect(formatForPeople(6, 'flags', { labels: saleTypeLabels })).toBe('sale, vending');
    expect(formatForPeople('Sale', 'flags', { labels: saleTypeLabels })).toBe('Sale');
  });

  it('every word a table shows is one the flag takes back', () => {
    const problems = new FlagProblems();
    expect(parseProductType('stock product', '--type', problems)).toBe(2);
    expect(parseSaleType(formatForPeople(7, 'flags', { labels: saleTypeLabels }), '--sale-type', problems)).toBe(7);
    for (const [code, word] of Object.entries(paymentTermsLabels))
      expect(parsePaymentTerms(word, '--payment-terms', problems)).toBe(Number(code));
    expect(problems.issues).toEqual([]);
    expect(paymentTermsLabels['5']).toBe('30 days');
  });

  it('tables show the words, machine formats the service record', async () => {
    const table = (await render('table', products)).stdout;
    expect(table).toMatch(/1001\s+Gummy Bears\s+stock product\s+sale, vending\s+\$3\.50/);
    expect(JSON.parse((await render('json', products)).stdout)[0]).toMatchObject({ productType: 2, saleType: 6 });
  });

  it('fitting cuts the text columns before the coded ones', () => {
    const writer = new TableWriter(['NAME', 'TYPE'], { width: 30, keep: [false, true] });
    const lines = writer.first([['A very long product name indeed', 'stock product']]).split('\n');
    expect(lines[1]).toBe('A very long pr…  stock product');
  });
});

describe('times for people', () => {
  it('a moment sent as text reads as every time does, in the venue zone; other text stays as sent', () => {
    expect(formatForPeople('2026-01-05T09:00:00Z', 'text', { timeZone: 'Australia/Sydney' })).toBe(
      '2026-01-05 20:00 GMT+11',
    );
    expect(formatForPeople('2026-01-05T09:00:00.000+00:00', undefined, { timeZone: 'UTC' })).toBe(
      '2026-01-05 09:00 UTC',
    );
    expect(formatForPeople('2026-01-05', 'text', { timeZone: 'UTC' })).toBe('2026-01-05');
    expect(formatForPeople('order 2026-01-05T09:00:00Z', 'text', { timeZone: 'UTC' })).toBe(
      'order 2026-01-05T09:00:00Z',
    );
  });
});

describe('--fields is checked', () => {
  it('an unknown field is exit 2 naming the valid ones: the columns and the service fields', async () => {
    const error = await render('table', products, ['productId', 'bogus']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).message).toContain('"bogus"');
    expect((error as UsageError).hint).toContain(
      'productId, productName, productType, saleType, sellPrice, Extra_Field',
    );
    await expect(render('json', products, ['bogus'])).rejects.toThrow(UsageError);
    await expect(render('csv', products, ['bogus'])).rejects.toThrow(UsageError);
  });

  it('column keys, headers, service fields (any case) and dotted paths pass; headers are the names as given', async () => {
    const { stdout } = await render('table', products, ['ID', 'extra_field', 'productType']);
    expect(stdout.split('\n')[0]).toMatch(/^ID\s+extra_field\s+productType$/);
    expect(stdout).toMatch(/1001\s+x\s+stock product/);
    await expect(render('json', products, ['productName.length'])).resolves.toBeDefined();
  });

  it('a record is checked too', async () => {
    const fake = fakeTerminal();
    const output = new Output(fake.terminal, { format: 'table', fields: ['nope'] });
    await expect(output.record(products[0]!, options)).rejects.toThrow(/no field named "nope"/);
  });

  it('an empty list is checked against the columns and the declared fields, and not at all when none are declared', async () => {
    await expect(render('table', [], ['productName', 'classId'], {}, ['classId'])).resolves.toBeDefined();
    await expect(render('table', [], ['bogus'], {}, ['classId'])).rejects.toThrow(UsageError);
    await expect(render('table', [], ['bogus'])).resolves.toBeDefined();
  });

  it('after a write an unknown field is only a warning', async () => {
    const { stdout, stderr } = await render('table', products, ['productId', 'bogus'], { afterWrite: true });
    expect(stdout).toContain('1001');
    expect(stderr).toContain('no field named "bogus"');
  });

  it('streams check the first page (ndjson, csv)', async () => {
    const fake = fakeTerminal();
    const output = new Output(fake.terminal, { format: 'ndjson', fields: ['bogus'] });
    async function* pages() {
      yield products as Row[];
    }
    await expect(output.stream(pages(), options)).rejects.toThrow(UsageError);
    expect(fake.stdout()).toBe('');
  });
});
