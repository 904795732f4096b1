// Output people can read and scripts can trust, through the built binary
// against a private sandbox, 100 columns wide: codes as the words the flags
// take, money, yes/no, times in the profile's time zone; --fields checked
// (exit 2 listing the valid names), headers as the names given, and each
// list command's help listing its fields.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runVenue, startSandbox, type SandboxHandle } from '../../support/in-process.js';

let sb: SandboxHandle;
beforeAll(async () => {
  sb = await startSandbox();
  const set = await sb.run(['config', 'set', 'timezone', 'Australia/Sydney']);
  expect(set.code, set.stderr).toBe(0);
}, 30_000);
afterAll(() => sb?.stop());

// Tables for people are laid out on a terminal (piped, a table is tab-separated lines: streamed-output.test.ts).
const run = (args: string[]) => sb.run(args, { tty: { stdout: true }, env: { COLUMNS: '100', NO_COLOR: '1' } });

function expectTidy(text: string, width = 100): void {
  for (const line of text.split('\n')) {
    expect(line.length, line).toBeLessThanOrEqual(width);
    expect(line, 'trailing spaces').not.toMatch(/\s$/);
  }
}

describe('tables for people', () => {
  it('products list: types and sale types as words, prices as money, yes/no', async () => {
    // Wide enough for every column: at 100, TYPE and ACTIVE (one value on every row of these four) give way first.
    const r = await sb.run(['inventory', 'products', 'list', '--limit', '4'], {
      tty: { stdout: true },
      env: { COLUMNS: '140', NO_COLOR: '1' },
    });
    expect(r.code, r.stderr).toBe(0);
    expectTidy(r.stdout, 140);
    expect(r.stdout).toMatch(/^1001 .*stock product\s+sale\s+\$3\.50 .*yes$/m);
    expect(r.stdout).toMatch(/^1002 .*stock product\s+sale, vending\s+\$3\.50\s+\$3\.00 .*yes$/m);
    expect(r.stdout).not.toMatch(/\s[2367]\s+[2367]\s/);
  });

  it("products get: every coded field as a word, times in the profile's zone; json keeps the codes", async () => {
    const r = await run(['inventory', 'products', 'get', '1001']);
    expect(r.code, r.stderr).toBe(0);
    expectTidy(r.stdout);
    expect(r.stdout).toMatch(/^Type\s+stock product$/m);
    expect(r.stdout).toMatch(/^Sale type\s+sale$/m);
    expect(r.stdout).toMatch(/^Order printer\s+none$/m);
    expect(r.stdout).toMatch(/^Sell Price\s+\$3\.50$/m);
    expect(r.stdout).toMatch(/^Is Active\s+yes$/m);
    expect(r.stdout).toMatch(/^Created At\s+2026-01-05 20:00 GMT\+11$/m);
    const json = JSON.parse((await run(['inventory', 'products', 'get', '1001', '-o', 'json'])).stdout);
    expect(json).toMatchObject({ productType: 2, saleType: 2, sellPrice: 3.5, createdAt: '2026-01-05T09:00:00Z' });
  });

  it('the zone can come from VENUE_TIMEZONE too', async () => {
    const r = await sb.run(['inventory', 'products', 'get', '1001'], {
      env: { COLUMNS: '100', VENUE_TIMEZONE: 'UTC' },
    });
    expect(r.stdout).toMatch(/^Created At\s+2026-01-05 09:00 UTC$/m);
  });

  it('suppliers list: payment terms as words', async () => {
    const r = await run(['inventory', 'suppliers', 'list']);
    expect(r.code, r.stderr).toBe(0);
    expectTidy(r.stdout);
    expect(r.stdout).toMatch(/^1 .*SWEETCO.*\s30 days\s+yes$/m);
    expect(r.stdout).toMatch(/^5 .*\sadvance\s+yes$/m);
    const csv = (await run(['inventory', 'suppliers', 'list', '-o', 'csv', '--fields', 'supplierId,paymentTerms']))
      .stdout;
    expect(csv.split('\n').slice(0, 2)).toEqual(['supplierId,paymentTerms', '1,5']);
  });
});

describe('--fields scripts can trust', () => {
  it('an unknown field is exit 2 listing the valid ones, in every format', async () => {
    for (const format of ['table', 'json', 'csv']) {
      const r = await run(['inventory', 'products', 'list', '--fields', 'id,name,bogus', '-o', format]);
      expect(r.code, r.stdout).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/no field named \\?"bogus\\?"/); // with -o json the error is JSON too
      expect(r.stderr).toMatch(/Valid fields: productId, productName, /);
    }
    const record = await run(['inventory', 'products', 'get', '1001', '--fields', 'nope']);
    expect(record.code).toBe(2);
  });

  it('service names and column names both work; the headers are the names as given', async () => {
    const r = await run(['inventory', 'products', 'list', '--limit', '2', '--fields', 'productId,Name,saleType']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[0]).toMatch(/^productId\s+Name\s+saleType$/);
    expect(r.stdout).toMatch(/^1002\s+Sour Worms 100g\s+sale, vending$/m);
  });

  it("each list command's help lists its fields", async () => {
    for (const words of [
      ['inventory', 'products', 'list'],
      ['inventory', 'suppliers', 'list'],
      ['booking', 'experiences'],
      ['wallet', 'cards'],
    ]) {
      const help = await runVenue([...words, '--help']);
      expect(help.stdout, words.join(' ')).toContain('Fields (for --fields):');
    }
    expect((await runVenue(['inventory', 'products', 'list', '--help'])).stdout).toMatch(
      /productId, productName, .*\n(.*\n)*.*any other field the service sends/,
    );
  });
});
