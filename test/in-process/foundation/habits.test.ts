// The habits people bring (issue 21, item 3), in-process against a sandbox:
// a missing --env-file, a mistyped command with --help, the root help's
// promises, Enter at config init, api's query parameters, an invalid
// VENUE_TIMEZONE, and a spreadsheet's stock file (decimal commas, barcodes in
// scientific notation, UTF-16).

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runVenue, sandboxForFile, tempDir, type SandboxHandle } from '../../support/in-process.js';
import { rootGroups } from '../../../src/commands/index.js';

let sb: SandboxHandle;
let dir: string;
const file = (name: string, content: string | Buffer) => {
  const target = path.join(dir, name);
  fs.writeFileSync(target, content);
  return target;
};
sandboxForFile({}, (handle) => (sb = handle));
beforeAll(() => {
  dir = tempDir();
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('--env-file', () => {
  it("a missing file is exit 2 in venue's words", async () => {
    const r = await sb.run(['--env-file', path.join(dir, 'nope.env'), 'inventory', 'categories']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: --env-file .*nope\.env cannot be read: no such file/m);
    expect(r.stdout).toBe('');
  });

  it.skipIf(process.getuid?.() === 0)("an unreadable file is exit 2 in venue's words", async () => {
    const locked = file('locked.env', 'VENUE_DEADLINE=30\n');
    fs.chmodSync(locked, 0o000);
    const r = await sb.run(['--env-file', locked, 'inventory', 'categories']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('permission denied');
  });

  it("a folder is exit 2 in venue's words", async () => {
    const r = await sb.run(['--env-file', dir, 'inventory', 'categories']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--env-file .* cannot be read: it is a folder/);
  });
});

describe('unknown commands', () => {
  it('are exit 2 with a suggestion, even with --help', async () => {
    for (const [words, said, guess] of [
      [['nosuch', '--help'], 'unknown command "nosuch"', undefined],
      [['invntory', '--help'], 'unknown command "invntory"', 'Did you mean inventory?'],
      [['inventory', 'prodcts', '--help'], 'unknown command "prodcts" for "venue inventory"', 'Did you mean products?'],
      [
        ['inventory', 'stock', 'recieve'],
        'unknown command "recieve" for "venue inventory stock"',
        'Did you mean receive?',
      ],
      [['help', 'invntory'], 'no help for "invntory"', 'Did you mean inventory?'],
    ] as const) {
      const r = await runVenue([...words]);
      expect(r.code, words.join(' ')).toBe(2);
      expect(r.stdout, words.join(' ')).toBe('');
      expect(r.stderr).toContain(said);
      if (guess) expect(r.stderr).toContain(guess);
    }
  });

  it('a known command with --help still prints its help', async () => {
    const r = await runVenue(['inventory', 'products', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Usage: venue inventory products');
  });
});

describe('did you mean', () => {
  it('one suggestion, in one style, for commands, options, choices, setting keys and profile names', async () => {
    const env = { VENUE_CONFIG_DIR: tempDir() };
    expect(
      (await runVenue(['config', 'init', 'north', '--inventory-url', 'https://inv.north.example'], { env })).code,
    ).toBe(0);
    for (const [words, guess] of [
      [['inventory', 'products', 'list', '--pge-size', '5'], 'Did you mean --page-size?'],
      [['-o', 'jsn', 'config', 'path'], 'Did you mean json?'],
      [['config', 'get', 'timezon'], 'Did you mean timezone?'],
      [['--profile', 'nroth', 'inventory', 'categories'], 'Did you mean north?'],
      [['config', 'use', 'nort'], 'Did you mean north?'],
      [['config', 'delete', 'nrth', '--yes'], 'Did you mean north?'],
      [['inventory', 'stock', 'levles'], 'Did you mean levels?'],
      // Reading the settings of a profile that does not exist is no list of unset values (it was exit 0).
      [['--profile', 'nroth', 'config', 'list'], 'Did you mean north?'],
      [['--profile', 'nroth', 'config', 'get', 'inventory.url'], 'Did you mean north?'],
      [['--profile', 'nroth', 'config', 'routes'], 'Did you mean north?'],
      [['--profile', 'nroth', 'config', 'unset', 'timezone'], 'Did you mean north?'],
    ] as const) {
      const r = await runVenue([...words], { env });
      expect(r.code, words.join(' ')).toBe(2);
      expect(r.stderr, words.join(' ')).toContain(guess);
      expect(r.stderr.match(/did you mean/gi), words.join(' ')).toHaveLength(1);
    }
  });

  it("other tools' spellings get venue's: gh's --jq, -q EXPR and --json FIELDS, and a few common words", async () => {
    const env = { VENUE_CONFIG_DIR: tempDir() };
    for (const [words, said, guess] of [
      [
        ['inventory', 'products', 'list', '--jq', '.[].productId'],
        "unknown option '--jq' for `venue inventory products list`",
        "Did you mean --query? (gh's --jq; venue's --query takes a JMESPath expression.)",
      ],
      [
        ['inventory', 'products', 'list', '-q', '[].productId'],
        '-q takes no value here (it is --quiet), so "[].productId" was read as an argument',
        "Did you mean --query '[].productId'?",
      ],
      [
        ['inventory', 'products', 'list', '--json', 'productId,productName'],
        '--json takes no value here, so \\"productId,productName\\" was read as an argument',
        'Did you mean --fields productId,productName --json?',
      ],
      [
        ['inventory', 'products', 'list', '--json=productId'],
        '--json takes no value (got \\"--json=productId\\")',
        'Did you mean --fields productId --json?',
      ],
      [['config', 'path', '--debug'], "unknown option '--debug' for `venue config path`", 'Did you mean --verbose?'],
      [['config', 'path', '--format', 'json'], "unknown option '--format'", 'Did you mean --output?'],
    ] as const) {
      const r = await runVenue([...words], { env });
      expect(r.code, words.join(' ')).toBe(2);
      expect(r.stderr, words.join(' ')).toContain(said);
      expect(r.stderr, words.join(' ')).toContain(guess);
      expect(r.stderr.match(/did you mean/gi), words.join(' ')).toHaveLength(1);
    }
    // An argument after -q that the command takes is no mistake: nothing is suggested.
    const quiet = await runVenue(['config', 'get', '-q', 'timezone'], { env });
    expect(quiet.stderr).not.toMatch(/did you mean/i);
  });

  it('lives in one module: nothing else under src/ suggests words', async () => {
    const files = fs.readdirSync(path.join(repoRoot, 'src'), { recursive: true, withFileTypes: false }) as string[];
    const suggesting = files
      .filter((f) => f.endsWith('.ts'))
      .filter((f) =>
        /did you mean|levenshtein|showSuggestionAfterError\(true|function distance\(/i.test(
          fs.readFileSync(path.join(repoRoot, 'src', f), 'utf8'),
        ),
      );
    expect(suggesting).toEqual([path.join('lib', 'suggest.ts')]);
  });
});

describe('the root help', () => {
  it('lists each group with the names its commands really have, where its summary lists commands', async () => {
    const help = (await runVenue(['--help'])).stdout;
    const auth = await rootGroups.find((g) => g.name === 'auth')!.load();
    const commands = (auth.default as { commands: ReadonlyArray<{ name: string }> }).commands.map((c) => c.name);
    const line = help.split('\n').find((l) => /^\s+auth\s/.test(l))!;
    const listed = line.replace(/^.*:\s*/, '').split(/,\s*/);
    expect(listed.length).toBeGreaterThan(1);
    for (const name of listed) expect(commands, `root help's auth line names "${name}"`).toContain(name);
  });
});

describe('config init on a terminal', () => {
  it('Enter skips a setting it offers to skip, and leaves it unset', async () => {
    const env = { VENUE_CONFIG_DIR: tempDir() };
    // Wallet URL, UAT URL skipped; environment default; booking given; inventory URL, user, warehouse skipped; no secrets; not used.
    const answers = [
      '\r',
      '\r',
      '\r',
      'https://booking.south.example\r',
      '\r',
      '\r',
      '\r',
      'n\r',
      'n\r',
      'n\r',
      'n\r',
      'n\r',
    ];
    const r = await runVenue(['config', 'init', 'south'], { env, tty: true, answers });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('(Enter to skip)');
    expect(r.stderr).toContain('profile "south" saved');
    const got = async (key: string) =>
      (await runVenue(['--profile', 'south', 'config', 'get', key], { env })).stdout.trim();
    expect(await got('booking.url')).toBe('https://booking.south.example');
    const listed = (await runVenue(['--profile', 'south', 'config', 'list', '-o', 'json'], { env })).stdout;
    expect(listed).not.toContain('inventory.example');
    expect((await runVenue(['--profile', 'south', 'config', 'get', 'wallet.url'], { env })).code).not.toBe(0);
  });
});

describe('api', () => {
  it('takes query parameters as --param; --query is JMESPath over the answer', async () => {
    const page = await sb.run([
      'api',
      'inventory',
      'GET',
      '/products',
      '--param',
      'pageSize=2',
      '--param',
      'page=1',
      '--query',
      'length(items || @)',
    ]);
    expect(page.code, page.stderr).toBe(0);
    expect(JSON.parse(page.stdout)).toBe(2);
  });

  it('refuses the old --query key=value with the new spelling, before anything is sent', async () => {
    const r = await runVenue(['api', 'inventory', 'GET', '/products', '--query', 'pageSize=5'], {
      env: { VENUE_CONFIG_DIR: tempDir(), VENUE_SANDBOX_AUTOSTART: '0' },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('api takes query parameters as --param key=value');
    expect(r.stderr).toContain('Write --param pageSize=5');
    expect(r.stderr).not.toContain('sandbox');
  });
});

describe('VENUE_TIMEZONE', () => {
  it('an invalid zone is exit 2 naming it, for every command', async () => {
    for (const words of [
      ['inventory', 'categories'],
      ['booking', 'sessions', 'exp-laser-tag', '--date', 'tomorrow'],
      ['config', 'list'],
      ['sandbox', 'status'],
    ]) {
      const r = await sb.run(words, { env: { VENUE_TIMEZONE: 'Mars/Olympus_Mons' } });
      expect(r.code, `${words.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toContain('VENUE_TIMEZONE must be an IANA time zone');
      expect(r.stderr).toContain('"Mars/Olympus_Mons"');
      expect(r.stdout).toBe('');
    }
  });

  it('from an --env-file too; a valid one is taken', async () => {
    const bad = await sb.run([
      '--env-file',
      file('tz.env', 'VENUE_TIMEZONE=Nowhere/Town\n'),
      'inventory',
      'categories',
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('"Nowhere/Town"');
    const good = await sb.run(['inventory', 'categories'], { env: { VENUE_TIMEZONE: 'Australia/Sydney' } });
    expect(good.code, good.stderr).toBe(0);
  });
});

describe("a spreadsheet's stock file", () => {
  it('a decimal comma in a quantity or a value: exit 2 naming the line, the field and what to write', async () => {
    const r = await sb.run([
      'inventory',
      'stock',
      'receive',
      '--file',
      file('comma.csv', 'productId;quantity;value\n1001;3;12,50\n1002;2,5;4.00\n'),
      '--dry-run',
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('line 2: value');
    expect(r.stderr).toContain('"12,50" has a decimal comma: write 12.50');
    expect(r.stderr).toContain('line 3: quantity');
    expect(r.stderr).toContain('"2,5" has a decimal comma: write 2.5');
  });

  it('a barcode or product id in scientific notation: the spreadsheet rounded it, and how to export it as text', async () => {
    const r = await sb.run([
      'inventory',
      'stock',
      'receive',
      '--file',
      file('sci.csv', 'barcode,productId,quantity\n1.23457E+12,,3\n,9.3E+3,1\n'),
      '--dry-run',
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'line 2: barcode is "1.23457E+12", a number a spreadsheet rounded into scientific notation',
    );
    expect(r.stderr).toContain('Format the column as Text');
    expect(r.stderr).toContain('line 3: productId is "9.3E+3"');
  });

  it('UTF-16 files (LE and BE, with their BOM) are read, with the lines numbered as in UTF-8', async () => {
    const text = 'productId,countedQuantity\n1001,5\n1002,x\n';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const be = Buffer.from(le.subarray(2));
    be.swap16();
    const beFile = Buffer.concat([Buffer.from([0xfe, 0xff]), be]);
    for (const [name, bytes] of [
      ['le.csv', le],
      ['be.csv', beFile],
    ] as const) {
      const r = await sb.run(['inventory', 'stock', 'take', '--file', file(name, bytes), '--dry-run']);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain('1 problem');
      expect(r.stderr).toContain('line 3: countedQuantity');
    }
    const good = await sb.run([
      'inventory',
      'stock',
      'take',
      '--file',
      file(
        'good16.csv',
        Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('productId,countedQuantity\r\n1001,5\r\n', 'utf16le')]),
      ),
      '--dry-run',
      '-o',
      'json',
    ]);
    expect(good.code, good.stderr).toBe(0);
    expect(JSON.parse(good.stdout)).toEqual([expect.objectContaining({ line: 2, productId: 1001, counted: 5 })]);
  });
});
