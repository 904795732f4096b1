// --each-profile through the built binary against a sandbox fleet of five
// venues (each its own inventory service, catalogue and stock): a read across
// all (merged table and ndjson, each row under the venue it came from), a
// write across a tag, one venue down, per-venue receipt files with {profile}
// (one missing), and Ctrl-C in the middle of a run.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sandboxForFile, tempDir, type SandboxHandle } from '../../support/in-process.js';
import { baseEnv, venueBin } from '../../support/venue.js';

let sb: SandboxHandle;
sandboxForFile({ clearFaults: true }, (handle) => (sb = handle));

const venues = ['fleet-1', 'fleet-2', 'fleet-3', 'fleet-4', 'fleet-5'];

beforeAll(async () => {
  const made = await sb.run(['sandbox', 'fleet', '--venues', '5']);
  expect(made.code, made.stderr).toBe(0);
}, 60_000);

const ndjson = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** The JSON objects written on stderr (the summary is the last). */
const stderrObjects = (text: string) =>
  text
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('a read across every venue', () => {
  it('merges ndjson with each record under the venue it came from', async () => {
    const all = await sb.run([
      '--each-profile',
      'tag:sandbox-fleet',
      '-o',
      'ndjson',
      'inventory',
      'stock',
      'levels',
      '--all',
    ]);
    expect(all.code, all.stderr).toBe(0);
    const rows = ndjson(all.stdout);
    // profile is the first field of every record, and every venue is there.
    expect(rows.every((r) => Object.keys(r)[0] === 'profile')).toBe(true);
    expect([...new Set(rows.map((r) => r.profile))].sort()).toEqual(venues);
    // Each venue's rows are exactly what that venue alone answers.
    for (const venue of ['fleet-2', 'fleet-4']) {
      const alone = await sb.run(['--profile', venue, '-o', 'ndjson', 'inventory', 'stock', 'levels', '--all']);
      expect(alone.code, alone.stderr).toBe(0);
      const merged = rows.filter((r) => r.profile === venue).map(({ profile: _profile, ...rest }) => rest);
      expect(merged).toEqual(ndjson(alone.stdout));
    }
    // The venues' stock differs, so a row under the wrong profile would show.
    const sku1001 = rows.filter((r) => r.productId === 1001).map((r) => r.quantity);
    expect(new Set(sku1001).size).toBeGreaterThan(1);
    // The summary is the last JSON object on stderr.
    const summary = stderrObjects(all.stderr).at(-1)!;
    expect(summary.exitCode).toBe(0);
    expect((summary.summary as Array<{ profile: string; status: string }>).map((s) => [s.profile, s.status])).toEqual(
      venues.map((v) => [v, 'ok']),
    );
  });

  it('merges a table with a leading PROFILE column, venues in order, fitted to the width', async () => {
    const table = await sb.run(
      ['--each-profile', 'tag:sandbox-fleet', 'inventory', 'stock', 'levels', '--product', '1001'],
      { env: { COLUMNS: '100' } },
    );
    expect(table.code, table.stderr).toBe(0);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^PROFILE\s+PRODUCT\s+NAME/);
    expect(lines.slice(1).map((l) => l.split(/\s+/)[0])).toEqual(venues);
    expect(lines.every((l) => l.length <= 100 && !/\s$/.test(l))).toBe(true);
    // Each venue's quantity is its own.
    for (const [i, venue] of venues.entries()) {
      const alone = await sb.run([
        '--profile',
        venue,
        '-o',
        'json',
        'inventory',
        'stock',
        'levels',
        '--product',
        '1001',
      ]);
      const [record] = JSON.parse(alone.stdout) as Array<{ quantity: number }>;
      expect(lines[i + 1]).toMatch(new RegExp(`^${venue}\\s+1001\\s.*\\s${record!.quantity}\\s`));
    }
    expect(table.stderr).toMatch(/5 venues: 5 ok/);
  });

  it('csv has one header, profile first', async () => {
    const csv = await sb.run([
      '--each-profile',
      'fleet-1,fleet-3',
      '-o',
      'csv',
      'inventory',
      'stock',
      'levels',
      '--product',
      '1001,1002',
    ]);
    expect(csv.code, csv.stderr).toBe(0);
    const lines = csv.stdout.trimEnd().split('\n');
    expect(lines[0]!.startsWith('profile,')).toBe(true);
    expect(lines.filter((l) => l.startsWith('profile,'))).toHaveLength(1);
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',')[0])
        .sort(),
    ).toEqual(['fleet-1', 'fleet-1', 'fleet-3', 'fleet-3']);
  });

  it('an unknown profile or tag, or --profile beside it, is a usage error with nothing run', async () => {
    const unknown = await sb.run(['--each-profile', 'fleet-1,fleet-9', 'inventory', 'health']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/no profile named "fleet-9"/);
    expect((await sb.run(['--each-profile', 'tag:nope', 'inventory', 'health'])).code).toBe(2);
    expect((await sb.run(['--each-profile', 'all', '--profile', 'fleet-1', 'inventory', 'health'])).code).toBe(2);
    const group = await sb.run(['--each-profile', 'all', 'inventory']);
    expect(group.code).toBe(2);
    expect(group.stderr).toMatch(/`venue inventory` is a group/);
    const refused = await sb.run(['--each-profile', 'all', 'sandbox', 'status']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/does not run across profiles/);
  });
});

describe('a write across a tag', () => {
  it('lists what it will do and needs --yes without a terminal; with it, registers the webhook at each venue', async () => {
    const args = [
      '--each-profile',
      'tag:sandbox-fleet',
      'webhooks',
      'create',
      '--url',
      'https://erp.example.com/hooks/{profile}',
      '--events',
      'stock.received',
      '--generate-secret',
    ];
    const refused = await sb.run(args);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/needs --yes/);
    for (const venue of venues)
      expect(refused.stderr).toContain(
        `${venue}: venue --profile ${venue} webhooks create --url https://erp.example.com/hooks/${venue}`,
      );
    const before = ndjson(
      (await sb.run(['--each-profile', 'tag:sandbox-fleet', '-o', 'ndjson', 'webhooks', 'list'])).stdout,
    );
    expect(before).toEqual([]);

    const made = await sb.run([...args, '--yes', '-o', 'json']);
    expect(made.code, made.stderr).toBe(0);
    const after = ndjson(
      (await sb.run(['--each-profile', 'tag:sandbox-fleet', '-o', 'ndjson', 'webhooks', 'list'])).stdout,
    );
    expect(after.map((w) => w.profile).sort()).toEqual(venues);
    for (const hook of after)
      expect(JSON.stringify(hook)).toContain(`https://erp.example.com/hooks/${String(hook.profile)}`);
  });
});

describe('a secret on standard input', () => {
  it('is read once and used for every venue, never printed', async () => {
    const secret = 'erp-signing-secret-0123456789';
    const set = await sb.run(
      ['--each-profile', 'fleet-1,fleet-2', 'config', 'set-secret', 'booking.clientSecret', '--secret-stdin', '--yes'],
      { input: secret },
    );
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout + set.stderr).not.toContain(secret);
    const listed = ndjson(
      (await sb.run(['--each-profile', 'fleet-1,fleet-2,fleet-3', '-o', 'ndjson', 'config', 'list'])).stdout,
    ).filter((r) => r.key === 'booking.clientSecret');
    // ndjson streams: venues in the order they answered.
    expect(listed.map((r) => [r.profile, r.source]).sort()).toEqual([
      ['fleet-1', 'profile'],
      ['fleet-2', 'profile'],
      ['fleet-3', 'extends sandbox'],
    ]);
    const stored = JSON.parse(fs.readFileSync(path.join(sb.configDir, 'credentials.json'), 'utf8')) as {
      profiles: Record<string, Record<string, Record<string, string>>>;
    };
    expect([
      stored.profiles['fleet-1']!.booking!.clientSecret,
      stored.profiles['fleet-2']!.booking!.clientSecret,
    ]).toEqual([secret, secret]);
  });
});

describe('one venue down', () => {
  it('the others complete; the summary names it; exit 6', async () => {
    const down = await sb.run(['--profile', 'fleet-3', 'config', 'get', 'inventory.url']);
    const url = down.stdout.trim();
    try {
      expect(
        (await sb.run(['--profile', 'fleet-3', 'config', 'set', 'inventory.url', 'http://127.0.0.1:9/inventory'])).code,
      ).toBe(0);
      const run = await sb.run(['--each-profile', 'tag:sandbox-fleet', '-o', 'ndjson', 'inventory', 'health'], {
        env: { VENUE_RETRIES: '0' },
      });
      expect(run.code).toBe(6);
      expect(
        ndjson(run.stdout)
          .map((r) => r.profile)
          .sort(),
      ).toEqual(venues.filter((v) => v !== 'fleet-3'));
      const objects = stderrObjects(run.stderr);
      expect(objects.find((o) => o.profile === 'fleet-3')).toMatchObject({ error: { exitCode: 6 } });
      const summary = objects.at(-1) as {
        summary: Array<{ profile: string; exitCode: number; message: string }>;
        exitCode: number;
      };
      expect(summary.exitCode).toBe(6);
      expect(summary.summary.find((s) => s.profile === 'fleet-3')).toMatchObject({
        exitCode: 6,
        message: expect.stringMatching(/cannot reach/),
      });
      expect(summary.summary.filter((s) => s.exitCode === 0)).toHaveLength(4);
    } finally {
      await sb.run(['--profile', 'fleet-3', 'config', 'set', 'inventory.url', url]);
    }
  });
});

describe('per-venue files', () => {
  it('reads receipts/{profile}.csv for each venue; a venue without its file has nothing to receive (exit 0), a rerun says already received', async () => {
    const dir = tempDir('venue-fleet-receipts-');
    for (const venue of ['fleet-1', 'fleet-2', 'fleet-4', 'fleet-5'])
      fs.writeFileSync(path.join(dir, `${venue}.csv`), 'productId,quantity,value\n1001,6,9.00\n');
    const levels = async () =>
      new Map(
        ndjson(
          (
            await sb.run([
              '--each-profile',
              'tag:sandbox-fleet',
              '-o',
              'ndjson',
              'inventory',
              'stock',
              'levels',
              '--product',
              '1001',
            ])
          ).stdout,
        ).map((r) => [r.profile, r.quantity as number]),
      );
    const receive = [
      'inventory',
      'stock',
      'receive',
      '--file',
      path.join(dir, '{profile}.csv'),
      '--supplier',
      '1',
      '--po',
      'PO-{profile}',
      '--yes',
    ];
    const before = await levels();
    const run = await sb.run(['--each-profile', 'tag:sandbox-fleet', ...receive]);
    expect(run.code, run.stderr).toBe(0);
    const missing = path.join(dir, 'fleet-3.csv').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    expect(run.stderr).toMatch(new RegExp(`fleet-3\\s+0\\s+nothing\\s.*nothing to receive: no file ${missing}`));
    expect(run.stderr).toMatch(/fleet-1\s+0\s+ok\s.*received: receipt [0-9a-f]{12}, 1 product$/m);
    expect(run.stderr).toMatch(/5 venues: 4 ok, 1 with nothing to do$/m);
    const after = await levels();
    for (const venue of venues) expect(after.get(venue)).toBe(before.get(venue)! + (venue === 'fleet-3' ? 0 : 6));
    // A cron rerun is harmless, and can be told from the first run: each venue's journal knows its receipt.
    const again = await sb.run(['--each-profile', 'tag:sandbox-fleet', '-o', 'json', ...receive]);
    expect(again.code, again.stderr).toBe(0);
    expect(await levels()).toEqual(after);
    const summary = stderrObjects(again.stderr).at(-1) as {
      summary: Array<{ profile: string; exitCode: number; status: string; message: string }>;
    };
    expect(
      summary.summary.map((s) => [
        s.profile,
        s.exitCode,
        s.status,
        s.message.replace(/ at \S+ \(receipt [0-9a-f]+\)/, ''),
      ]),
    ).toEqual([
      ['fleet-1', 0, 'ok', 'already received: nothing sent'],
      ['fleet-2', 0, 'ok', 'already received: nothing sent'],
      ['fleet-3', 0, 'skipped', `nothing to receive: no file ${path.join(dir, 'fleet-3.csv')}`],
      ['fleet-4', 0, 'ok', 'already received: nothing sent'],
      ['fleet-5', 0, 'ok', 'already received: nothing sent'],
    ]);
    // --require-file: a venue without its file is a failure, as a run that must see every venue's file wants.
    const strict = await sb.run(['--each-profile', 'tag:sandbox-fleet', ...receive, '--require-file']);
    expect(strict.code).toBe(2);
    expect(strict.stderr).toMatch(new RegExp(`fleet-3\\s+2\\s+skipped.*skipped: no file ${missing}`));
    expect(strict.stderr).toMatch(/4 ok, 1 skipped; exit 2/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('Ctrl-C', () => {
  it('stops every venue: exit 130, no data claimed, venues not started listed', async () => {
    expect((await sb.run(['sandbox', 'faults', '--latency-ms', '4000', '--match', 'GET /fleet/*'])).code).toBe(0);
    const child = spawn(
      process.execPath,
      [venueBin, '--each-profile', 'tag:sandbox-fleet', '--parallel', '2', 'inventory', 'stock', 'levels'],
      { env: baseEnv(sb.env), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    setTimeout(() => child.kill('SIGINT'), 1500);
    const code = await new Promise<number | null>((resolve) =>
      child.on('close', (c, signal) => resolve(c ?? (signal === 'SIGINT' ? 130 : null))),
    );
    expect(code).toBe(130);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/interrupted/);
    expect(stderr).toMatch(/not run/);
    expect(stderr).not.toMatch(/5 ok/);
  }, 30_000);
});
