// Help that answers and output scripts can trust, through the built binary
// against a private sandbox: help topics and `help <group>`, unknown options,
// --query, --limit, conflicting formats, JSON errors, and the cron helpers
// (--log-file, VENUE_LOG_TIMESTAMPS, --env-file).

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runVenue, sandboxForFile, tempDir, type SandboxHandle } from '../../support/in-process.js';

let sb: SandboxHandle;
let dir: string;
sandboxForFile({}, (handle) => (sb = handle));
beforeAll(() => {
  dir = tempDir();
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('help', () => {
  it('help <group> [<command>] is the same as --help', async () => {
    for (const words of [['inventory'], ['booking', 'order'], ['inventory', 'stock', 'receive']]) {
      const viaHelp = await runVenue(['help', ...words]);
      const viaFlag = await runVenue([...words, '--help']);
      expect(viaHelp.code).toBe(0);
      expect(viaHelp.stdout).toBe(viaFlag.stdout);
    }
    expect((await runVenue(['help', 'inventory'])).stdout).toContain('products');
  });

  it('help topics print their text; an unknown word is exit 2 with a suggestion', async () => {
    expect((await runVenue(['help', 'environment'])).stdout).toContain('VENUE_DEADLINE');
    expect((await runVenue(['help', 'exit-codes'])).stdout).toMatch(/7 +outcome unknown/);
    expect((await runVenue(['help', 'formatting'])).stdout).toContain('--fields');
    expect((await runVenue(['help', 'dates'])).stdout).toContain('+3d');
    const unknown = await runVenue(['help', 'inventry']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Did you mean inventory?');
  });

  it('an unknown option at the root is exit 2, not the help with exit 0; a mistyped command in a group gets a suggestion', async () => {
    const option = await runVenue(['--no-such-option']);
    expect(option.code).toBe(2);
    expect(option.stderr).toContain("unknown option '--no-such-option'");
    const typo = await runVenue(['--jsno']);
    expect(typo.stderr).toContain('Did you mean --json?');
    const command = await sb.run(['inventory', 'prodcts', 'list']);
    expect(command.code).toBe(2);
    expect(command.stderr).toContain('Did you mean products?');
  });
});

describe('output scripts can trust', () => {
  it('--query picks from the service records with JMESPath; --limit stops a list', async () => {
    const names = await sb.run([
      'inventory',
      'products',
      'list',
      '--limit',
      '3',
      '--query',
      '[].productName',
      '--json',
    ]);
    expect(names.code, names.stderr).toBe(0);
    expect(JSON.parse(names.stdout)).toEqual(['Gummy Bears 100g', 'Sour Worms 100g', 'Chocolate Bar']);
    // Without -o, the result as JSON (what a script piping it reads), as with --json.
    const plain = await sb.run(['inventory', 'products', 'list', '--limit', '3', '--query', '[].productName']);
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout).toBe(names.stdout);
    // With -o table, and with -o raw, a list of values is one a line, unquoted.
    const lines = await sb.run([
      'inventory',
      'products',
      'list',
      '--limit',
      '3',
      '--query',
      '[].productName',
      '-o',
      'table',
    ]);
    expect(lines.stdout).toBe('Gummy Bears 100g\nSour Worms 100g\nChocolate Bar\n');
    const raw = await sb.run([
      'inventory',
      'products',
      'list',
      '--limit',
      '3',
      '--query',
      '[].productName',
      '-o',
      'raw',
    ]);
    expect(raw.stdout).toBe(lines.stdout);
    const limited = await sb.run([
      'inventory',
      'products',
      'list',
      '--all',
      '--page-size',
      '2',
      '--limit',
      '5',
      '-o',
      'ndjson',
    ]);
    expect(limited.stdout.trim().split('\n')).toHaveLength(5);
    const bad = await sb.run(['inventory', 'categories', '--query', '[?']);
    expect(bad.code).toBe(2);
  });

  it('--json with -o csv is exit 2; under -o json an error is one JSON object on stderr', async () => {
    const conflict = await sb.run(['--json', '-o', 'csv', 'inventory', 'categories']);
    expect(conflict.code).toBe(2);
    const missing = await sb.run(['-o', 'json', 'inventory', 'products', 'get', '99999']);
    expect(missing.code).toBe(4);
    const line = missing.stderr.trim().split('\n').at(-1)!;
    expect(JSON.parse(line)).toMatchObject({ error: { exitCode: 4, message: expect.stringContaining('99999') } });
  });

  it('csv says which nested fields it wrote as JSON', async () => {
    const csv = await sb.run(['inventory', 'products', 'get', '1001', '-o', 'csv']);
    expect(csv.code).toBe(0);
    expect(csv.stderr).toMatch(/nested fields? .*stockLevels/);
    expect(csv.stdout.split('\n')[0]).toContain('stockLevels');
  });
});

describe('cron', () => {
  it('--log-file appends every message, timestamped; VENUE_LOG_TIMESTAMPS=1 stamps stderr', async () => {
    const log = path.join(dir, 'venue.log');
    const result = await sb.run(['--log-file', log, 'inventory', 'products', 'get', '99999'], {
      env: { VENUE_LOG_TIMESTAMPS: '1' },
    });
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ error: product 99999/m);
    expect(fs.readFileSync(log, 'utf8')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ error: product 99999/m);
    expect(fs.statSync(log).mode & 0o777).toBe(0o600);
  });

  it('--env-file supplies variables (the ones already set win)', async () => {
    const envFile = path.join(dir, 'venue.env');
    fs.writeFileSync(envFile, 'VENUE_DEADLINE=-3\n');
    const bad = await sb.run(['--env-file', envFile, 'inventory', 'categories']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('VENUE_DEADLINE must be a positive number');
    const overridden = await sb.run(['--env-file', envFile, 'inventory', 'categories'], {
      env: { VENUE_DEADLINE: '30' },
    });
    expect(overridden.code, overridden.stderr).toBe(0);
  });
});
