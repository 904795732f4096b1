// Output that streams and stops, and one record shape (issue 21), as a user
// checks it against the sandbox: a table piped is tab-separated lines with a
// header, on a terminal it fits COLUMNS (80 means 80), --limit pages until it
// has its count, --raw gives the service's records, --fields help lists the
// names, and Ctrl-C ends a long table within a second.

import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { sandboxForFile, type SandboxHandle } from '../../support/in-process.js';

let sb: SandboxHandle;
sandboxForFile({}, (handle) => (sb = handle));

describe('a table piped or in a file', () => {
  it('is tab-separated lines with one header line, nothing padded or cut', async () => {
    const result = await sb.run(['inventory', 'products', 'list', '--page-size', '3']);
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe(
      ['ID', 'NAME', 'CATEGORY', 'TYPE', 'SALE TYPE', 'SELL', 'VENDING', 'TICKETS', 'CODE', 'ACTIVE'].join('\t'),
    );
    for (const line of lines) expect(line.split('\t')).toHaveLength(10);
    expect(lines[1]!.split('\t').slice(0, 2)).toEqual(['1001', 'Gummy Bears 100g']);
    expect(result.stdout).not.toMatch(/ {2}|…/);
  });

  it("under --fields carries the names asked for, in venue's names", async () => {
    const result = await sb.run([
      'inventory',
      'products',
      'list',
      '--page-size',
      '2',
      '--fields',
      'productId,productName,isActive',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(
      'productId\tproductName\tisActive\n1001\tGummy Bears 100g\tyes\n1002\tSour Worms 100g\tyes\n',
    );
  });
});

describe('a table on a terminal', () => {
  it('fits COLUMNS=80: no line wider than 80, columns left out said on stderr', async () => {
    const result = await sb.run(['inventory', 'products', 'list', '--page-size', '20'], {
      tty: true,
      columns: 200,
      env: { COLUMNS: '80', NO_COLOR: '1' },
    });
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines.length).toBe(21);
    for (const line of lines) expect(stringWidth(line), line).toBeLessThanOrEqual(80);
    expect(Math.max(...lines.map((l) => stringWidth(l)))).toBeGreaterThan(60);
    expect(lines[0]).toMatch(/^ID {2,}NAME/);
    expect(result.stderr).toMatch(/columns? left out to fit 80 columns/);
  });

  it('sets its widths from the first page and cuts later rows to them (never a re-layout)', async () => {
    const result = await sb.run(
      ['inventory', 'products', 'list', '--all', '--page-size', '5', '--fields', 'productId,productName'],
      { tty: true, columns: 200, env: { NO_COLOR: '1' } },
    );
    expect(result.code, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines.length).toBe(41);
    const nameColumn = lines[0]!.indexOf('productName');
    // Every row starts its second column where the header put it.
    for (const line of lines.slice(1)) expect(line.slice(0, nameColumn)).toMatch(/^\d+ +$/);
    const widest = Math.max(...lines.slice(1, 6).map((l) => l.length));
    for (const line of lines.slice(6)) expect(line.length).toBeLessThanOrEqual(widest);
  });
});

describe('--limit', () => {
  it('pages until it has its count, without --all', async () => {
    const result = await sb.run(['inventory', 'products', 'list', '--page-size', '4', '--limit', '10', '-o', 'ndjson']);
    expect(result.code, result.stderr).toBe(0);
    const ids = result.stdout
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { productId: number }).productId);
    expect(ids).toHaveLength(10);
    expect(new Set(ids).size).toBe(10);
  });

  it('stops at the count when the pages hold more', async () => {
    const result = await sb.run([
      'inventory',
      'products',
      'list',
      '--limit',
      '3',
      '-o',
      'csv',
      '--fields',
      'productId',
    ]);
    expect(result.stdout).toBe('productId\n1001\n1002\n1003\n');
  });
});

describe('--raw and --fields help', () => {
  it("--raw gives the service's records as sent; without it the same records in venue's names", async () => {
    const shaped = await sb.run(['booking', 'sessions', 'exp-laser-tag', '--date', '+1d', '-o', 'json']);
    const raw = await sb.run(['booking', 'sessions', 'exp-laser-tag', '--date', '+1d', '-o', 'json', '--raw']);
    expect(shaped.code, shaped.stderr).toBe(0);
    expect(raw.code, raw.stderr).toBe(0);
    const [first] = JSON.parse(shaped.stdout) as Array<Record<string, unknown>>;
    const [sent] = JSON.parse(raw.stdout) as Array<Record<string, unknown>>;
    expect(Object.keys(first!).slice(0, 4)).toEqual(['slotId', 'experienceId', 'date', 'startTime']);
    expect(first!.slotId).toBe(sent!.slotId);
    expect(Object.keys(sent!).sort()).toEqual(Object.keys(first!).sort());
  });

  it('--raw is a global option: known to help', async () => {
    const help = await sb.run(['--help'], { env: { VENUE_NO_HELP_CACHE: '1' } });
    expect(help.stdout).toContain('--raw');
  });

  it("--fields help prints the command's fields, one a line (a JSON list for machines), and runs nothing", async () => {
    const table = await sb.run(['booking', 'sessions', 'exp-laser-tag', '--fields', 'help']);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toBe('slotId\nexperienceId\ndate\nstartTime\nendTime\ncapacity\nremaining\nprice\n');
    const json = await sb.run(['wallet', 'cards', '--fields', 'help', '-o', 'json']);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual([
      'cardNumber',
      'cardType',
      'nickname',
      'status',
      'locationId',
      'locationName',
      'location',
      'playUnit',
    ]);
    const help = await sb.run(['booking', 'sessions', '--help']);
    expect(help.stdout).toMatch(
      /Fields \(for --fields\):\s+slotId, experienceId, date, startTime, endTime, capacity, remaining, price/,
    );
  });
});

describe('Ctrl-C', () => {
  it('ends a long table within a second, with exit 130 and nothing claimed', async () => {
    let pressedAt = 0;
    const started = Date.now();
    const result = await sb.run(['inventory', 'products', 'list', '--all', '--page-size', '1', '--concurrency', '1'], {
      interrupt: {
        when: (output) => {
          const now = output.stdout.split('\n').length > 12;
          if (now && !pressedAt) pressedAt = Date.now();
          return now;
        },
      },
    });
    expect(result.code).toBe(130);
    expect(pressedAt).toBeGreaterThan(started);
    expect(Date.now() - pressedAt).toBeLessThan(1000);
    expect(result.stdout.trimEnd().split('\n').length).toBeLessThan(41);
  });
});

describe("a query written at one venue works in a fleet's merged output", () => {
  it("--query and csv --fields read venue's names in the merged records", async () => {
    const made = await sb.run(['sandbox', 'fleet', '--venues', '2']);
    expect(made.code, made.stderr).toBe(0);
    const alone = await sb.run([
      '--profile',
      'fleet-1',
      '--json',
      '--query',
      '[].{p: productId, q: quantity}',
      'inventory',
      'stock',
      'levels',
      '--product',
      '1001',
    ]);
    expect(alone.code, alone.stderr).toBe(0);
    const merged = await sb.run([
      '--each-profile',
      'fleet-1,fleet-2',
      '--json',
      '--query',
      '[].{p: productId, q: quantity}',
      'inventory',
      'stock',
      'levels',
      '--product',
      '1001',
    ]);
    expect(merged.code, merged.stderr).toBe(0);
    const rows = JSON.parse(merged.stdout) as Array<{ p: number; q: number }>;
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual((JSON.parse(alone.stdout) as unknown[])[0]);
    for (const row of rows) expect(row).toEqual({ p: 1001, q: expect.any(Number) });
    const csv = await sb.run([
      '--each-profile',
      'fleet-1,fleet-2',
      '-o',
      'csv',
      '--fields',
      'productId,quantity',
      'inventory',
      'stock',
      'levels',
      '--product',
      '1001',
    ]);
    expect(csv.stdout).toMatch(/^profile,productId,quantity\nfleet-1,1001,\d+\nfleet-2,1001,\d+\n$/);
  });
});
