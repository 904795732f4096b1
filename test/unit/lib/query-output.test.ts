// --query's result in each output format: JSON for json and ndjson; for
// table and csv one value, a list of values, one record, a list of records or
// rows of values, and exit 2 naming why for any other shape; -o raw prints
// strings unquoted. --fields with a typo gets the one suggestion.

import { describe, expect, it } from 'vitest';
import { Output, type OutputFormat } from '../../../src/lib/output.js';
import { UsageError } from '../../../src/lib/errors.js';
import { queryResult } from '../../../src/lib/output/query-result.js';
import { fakeTerminal } from '../../support/fake-terminal.js';

const products = [
  { productId: 1001, productName: 'Gummy Bears', tags: ['sweet'], suppliers: [{ supplierId: 1 }] },
  { productId: 1002, productName: 'Sour Worms, 100g', tags: [], suppliers: [] },
];

async function query(format: OutputFormat, expression: string, options: { afterWrite?: boolean; tty?: boolean } = {}) {
  const fake = fakeTerminal({ tty: options.tty });
  const output = new Output(fake.terminal, { format, query: expression, width: options.tty ? 80 : undefined });
  await output.list(products, { afterWrite: options.afterWrite });
  return { stdout: fake.stdout(), stderr: fake.stderr() };
}

describe('--query without a format asked for', () => {
  it('prints its result as JSON, as -o json does, though the format is the default table', async () => {
    for (const expression of ['[0].productName', '[].productName', '[].{id: productId, name: productName}']) {
      const fake = fakeTerminal({ tty: true });
      const output = new Output(fake.terminal, { format: 'table', query: expression, queryAsJson: true, width: 80 });
      await output.list(products);
      expect(fake.stdout(), expression).toBe((await query('json', expression)).stdout);
    }
  });
});

describe('--query in each format', () => {
  it('one value: JSON for json, the value itself for table, csv and raw', async () => {
    expect((await query('json', '[0].productName')).stdout).toBe('"Gummy Bears"\n');
    expect((await query('table', '[0].productName')).stdout).toBe('Gummy Bears\n');
    expect((await query('raw', '[0].productName')).stdout).toBe('Gummy Bears\n');
    expect((await query('csv', '[1].productName')).stdout).toBe('"Sour Worms, 100g"\n');
    expect((await query('table', 'length(@)')).stdout).toBe('2\n');
  });

  it('a list of values: one a line (csv quoted where CSV needs it); ndjson one JSON value a line', async () => {
    expect((await query('table', '[].productName')).stdout).toBe('Gummy Bears\nSour Worms, 100g\n');
    expect((await query('raw', '[].productName')).stdout).toBe('Gummy Bears\nSour Worms, 100g\n');
    expect((await query('csv', '[].productName')).stdout).toBe('Gummy Bears\n"Sour Worms, 100g"\n');
    expect((await query('ndjson', '[].productName')).stdout).toBe('"Gummy Bears"\n"Sour Worms, 100g"\n');
  });

  it('a list of records: a table (tab-separated piped) or a CSV with the keys as the query names them', async () => {
    expect((await query('table', '[].{id: productId, name: productName}')).stdout).toBe(
      'id\tname\n1001\tGummy Bears\n1002\tSour Worms, 100g\n',
    );
    const tty = (await query('table', '[].{id: productId, name: productName}', { tty: true })).stdout;
    expect(tty.split('\n')[1]).toMatch(/^1001\s+Gummy Bears$/);
    expect((await query('csv', '[].{id: productId, name: productName}')).stdout).toBe(
      'id,name\n1001,Gummy Bears\n1002,"Sour Worms, 100g"\n',
    );
    // -o raw: records as JSON, one a line.
    expect((await query('raw', '[].{id: productId}')).stdout).toBe('{"id":1001}\n{"id":1002}\n');
  });

  it('one record: a detail view, or a one-row CSV', async () => {
    expect((await query('table', '[0].{id: productId, name: productName}')).stdout).toBe(
      'id    1001\nname  Gummy Bears\n',
    );
    expect((await query('csv', '[0].{id: productId, name: productName}')).stdout).toBe('id,name\n1001,Gummy Bears\n');
  });

  it('rows of values (a multiselect list): no header', async () => {
    expect((await query('table', '[].[productId, productName]')).stdout).toBe(
      '1001\tGummy Bears\n1002\tSour Worms, 100g\n',
    );
    expect((await query('csv', '[].[productId, productName]')).stdout).toBe(
      '1001,Gummy Bears\n1002,"Sour Worms, 100g"\n',
    );
  });

  it('a result with no table or CSV form is exit 2 saying why; after a write, a warning and JSON', async () => {
    for (const format of ['table', 'csv'] as const) {
      const error = await query(format, '[0].[productId, suppliers]').catch((e: unknown) => e);
      expect(error, format).toBeInstanceOf(UsageError);
      expect((error as UsageError).message).toContain(`no ${format === 'csv' ? 'CSV' : 'table'} form`);
      expect((error as UsageError).hint).toContain('-o json');
    }
    const after = await query('table', '[0].[productId, suppliers]', { afterWrite: true });
    expect(JSON.parse(after.stdout)).toEqual([1001, [{ supplierId: 1 }]]);
    expect(after.stderr).toContain('shown as JSON');
    // JSON and raw print any result.
    expect(JSON.parse((await query('json', '[0].[productId, suppliers]')).stdout)).toEqual([1001, [{ supplierId: 1 }]]);
    expect((await query('raw', '[0].[productId, suppliers]')).stdout).toBe('1001\n[{"supplierId":1}]\n');
  });

  it('null: said on stderr, nothing on stdout but JSON null', async () => {
    const table = await query('table', '[0].nothing');
    expect(table.stdout).toBe('');
    expect(table.stderr).toContain('--query matched nothing');
    expect((await query('raw', '[0].nothing')).stdout).toBe('');
    expect((await query('json', '[0].nothing')).stdout).toBe('null\n');
  });

  it('queryResult tells the shapes apart', () => {
    expect(queryResult(null).kind).toBe('nothing');
    expect(queryResult('x').kind).toBe('value');
    expect(queryResult([1, 'a', null]).kind).toBe('values');
    expect(queryResult({ a: 1 }).kind).toBe('record');
    expect(queryResult([{ a: 1 }, { b: 2 }]).kind).toBe('records');
    expect(queryResult([[1, 'a'], [2]]).kind).toBe('rows');
    expect(queryResult([{ a: 1 }, 2])).toEqual({ kind: 'other', why: 'it is a list of records and values' });
  });
});

describe('--fields with a typo', () => {
  it('gets the suggestion beside the valid names', async () => {
    const fake = fakeTerminal();
    const output = new Output(fake.terminal, { format: 'table', fields: ['prodctName'] });
    const error = await output.list(products).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).hint).toMatch(/^Did you mean productName\? Valid fields: productId, productName/);
  });
});
