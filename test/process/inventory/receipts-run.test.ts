// The nightly receipt run (`venue inventory receipts run`) as cron runs it,
// against the sandbox, on nights the test chooses (main's clock): a normal
// night and its rerun ("recorded before"); an outage of 100% 503s, which
// exits 0 while a file has failed for less than --alert-after, measured from
// its first failed attempt (kept in the journal across reruns), and 6 once
// it has, naming each file; and a dropped answer (exit 7) whose settle
// command, pasted into another shell (without the cron job's environment),
// settles it. The cron job's profile comes from its env file, as in the
// README: the settle command must name it.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxDemoSecrets } from '../../../src/lib/sandbox-address.js';
import { startSandbox, tempDir, type SandboxHandle } from '../../support/in-process.js';
import { installVenueShim, type VenueShim } from '../../support/venue-shim.js';

let sb: SandboxHandle;
let shim: VenueShim;
let work: string;
let erp: string;
let envFile: string;
let log: string;
let shimBin: string;

const night = (day: number, hour = 2, minute = 30) => Date.UTC(2030, 4, day, hour, minute, 0);
const stamp = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const HOUR = 3_600_000;

/** The crontab line's command, on the night given: its environment only from the env file. */
const cron = (at: number, extra: string[] = []) =>
  sb.run(
    [
      '--env-file',
      envFile,
      '--log-file',
      log,
      'inventory',
      'receipts',
      'run',
      '--dir',
      erp,
      '--alert-after',
      '24h',
      '--deadline',
      '20',
      ...extra,
    ],
    { now: () => at, timeoutMs: 60_000 },
  );

const drop = (name: string, csv: string) => fs.writeFileSync(path.join(erp, name), csv);
const done = (name: string) => fs.existsSync(path.join(erp, 'done', name));
const inFolder = () => fs.readdirSync(erp).filter((n) => n !== 'done');

async function receiptsSent(invoice: string): Promise<number> {
  const { items } = await sb.control<{ items: Array<{ kind: string; source?: string; body?: { invoice?: string } }> }>(
    'GET',
    '/inventory/movements',
  );
  return items.filter((m) => m.kind === 'receipt' && m.source !== 'venue' && m.body?.invoice === invoice).length;
}

/** A line of a file, as the run wrote it on stderr. */
function lineOf(stderr: string, file: string): string {
  const lines = stderr.split('\n').filter((l) => l.includes(`: ${file}: `));
  expect(lines, `one line for ${file} in:\n${stderr}`).toHaveLength(1);
  return lines[0]!;
}

/** A command line run by bash in a shell of a person: no env file, no VENUE_PROFILE, no licence in the environment. */
function inAnotherShell(command: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', command], {
      env: { PATH: `${shimBin}:${process.env.PATH}`, HOME: work, NO_COLOR: '1', LANG: 'C.UTF-8' },
      cwd: work,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (d) => (output += d));
    child.stderr.setEncoding('utf8').on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

beforeAll(async () => {
  sb = await startSandbox();
  work = tempDir('venue-receipts-run-');
  erp = path.join(work, 'erp');
  fs.mkdirSync(erp);
  log = path.join(work, 'receipts.log');
  shimBin = path.join(work, 'bin');
  fs.mkdirSync(shimBin);
  shim = await installVenueShim(shimBin);
  // A venue's own profile (not the default one), its licence only in the cron job's env file.
  const init = await sb.run([
    'config',
    'init',
    'store1',
    '--inventory-url',
    `${sb.origin.replace('127.0.0.1', 'localhost')}/inventory`,
    '--user',
    '1',
    '--warehouse',
    '1',
  ]);
  expect(init.code, init.stderr).toBe(0);
  envFile = path.join(work, 'inventory.env');
  fs.writeFileSync(
    envFile,
    `VENUE_PROFILE=store1\nVENUE_INVENTORY_API_KEY=${sandboxDemoSecrets['inventory.apiKey']}\nVENUE_INVENTORY_API_SECRET=${sandboxDemoSecrets['inventory.apiSecret']}\n`,
    { mode: 0o600 },
  );
}, 60_000);

afterAll(async () => {
  await shim?.close();
  await sb?.stop();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe('the nightly receipt run', { timeout: 120_000 }, () => {
  it('a normal night: each file recorded now (with its receipt id) and moved; a rerun says recorded before, and when', async () => {
    drop('3_PO-N1_INV-101.csv', 'productId,quantity,value\n1001,6,9.00\n1002,2,3.10\n');
    drop('2_PO-N1_INV-102.csv', 'productCode,quantity\nSKU-1003,5\n');
    const first = await cron(night(1), ['-o', 'ndjson']);
    expect(first.code, first.stderr).toBe(0);
    for (const file of ['3_PO-N1_INV-101.csv', '2_PO-N1_INV-102.csv']) {
      expect(lineOf(first.stderr, file)).toMatch(
        new RegExp(
          `^${stamp(night(1))} recorded now: ${file}: receipt id \\d+ \\(receipt [0-9a-f]{12}, \\d products?\\); moved to done/${file}$`,
        ),
      );
      expect(done(file)).toBe(true);
    }
    expect(inFolder()).toEqual([]);
    // One write-outcome record per file: the service's receipt under record, the run's own fields under venue.
    const outcomes = first.stdout
      .trim()
      .split('\n')
      .map(
        (l) =>
          JSON.parse(l) as {
            status: string;
            journalId: string;
            record: { receiptId: unknown };
            venue: Record<string, unknown>;
          },
      );
    expect(outcomes.map((o) => [o.status, typeof o.journalId, o.record.receiptId !== undefined])).toEqual([
      ['recorded', 'string', true],
      ['recorded', 'string', true],
    ]);
    const records = outcomes.map((o) => o.venue);
    expect(records.map((r) => [r.file, r.outcome, r.poNumber, r.invoice, r.supplierId])).toEqual([
      ['2_PO-N1_INV-102.csv', 'recorded', 'PO-N1', 'INV-102', 2],
      ['3_PO-N1_INV-101.csv', 'recorded', 'PO-N1', 'INV-101', 3],
    ]);
    expect(records.every((r) => typeof r.receiptId === 'string' && r.settleCommand === null)).toBe(true);
    expect(await receiptsSent('INV-101')).toBe(1);

    // The ERP drops the same file again: nothing is sent, and the line says when it was recorded.
    fs.copyFileSync(path.join(erp, 'done', '3_PO-N1_INV-101.csv'), path.join(erp, '3_PO-N1_INV-101.csv'));
    const rerun = await cron(night(1, 3), ['-o', 'json']);
    expect(rerun.code, rerun.stderr).toBe(0);
    const recordedAt = records.find((r) => r.file === '3_PO-N1_INV-101.csv')!.recordedAt as string;
    expect(lineOf(rerun.stderr, '3_PO-N1_INV-101.csv')).toBe(
      `${stamp(night(1, 3))} recorded before: 3_PO-N1_INV-101.csv: at ${recordedAt} (receipt id ${records.find((r) => r.file === '3_PO-N1_INV-101.csv')!.receiptId}, receipt ${records.find((r) => r.file === '3_PO-N1_INV-101.csv')!.id}); nothing sent; moved to done/3_PO-N1_INV-101.csv`,
    );
    expect(
      (JSON.parse(rerun.stdout) as Array<{ status: string; venue: { outcome: string } }>).map((r) => [
        r.status,
        r.venue.outcome,
      ]),
    ).toEqual([['already-recorded', 'recorded-before']]);
    expect(await receiptsSent('INV-101')).toBe(1);

    // Nothing tonight: one line, exit 0.
    const empty = await cron(night(1, 4));
    expect(empty.code, empty.stderr).toBe(0);
    expect(empty.stderr).toContain(`${stamp(night(1, 4))} nothing to receive: no receipt file in ${erp}`);
  });

  it('an outage (every answer 503): 0 while the files fail for less than --alert-after since the first failure, then 6 naming each', async () => {
    await sb.control('POST', '/faults', { errorRate: 1, errorStatus: 503 });
    try {
      drop('3_PO-N2_INV-201.csv', 'productId,quantity\n1004,3\n');
      drop('3_PO-N2_INV-202.csv', 'productId,quantity\n1005,4\n');
      const files = ['3_PO-N2_INV-201.csv', '3_PO-N2_INV-202.csv'];
      const first = await cron(night(2));
      expect(first.code, first.stderr).toBe(0);
      for (const file of files)
        expect(lineOf(first.stderr, file)).toMatch(
          new RegExp(
            `^${stamp(night(2))} not sent: ${file}: .*503.*; failing since ${stamp(night(2))}; the next run sends it$`,
          ),
        );
      // The retry an hour later: still 0, still measured from the first failure.
      const retry = await cron(night(2, 3, 30));
      expect(retry.code, retry.stderr).toBe(0);
      for (const file of files)
        expect(lineOf(retry.stderr, file)).toContain(`failing since ${stamp(night(2))} (1h); the next run sends it`);
      // Just short of 24 hours after the first failure: still 0.
      const before = await cron(night(3, 2, 29));
      expect(before.code, before.stderr).toBe(0);
      // The next night, past --alert-after: exit 6, each file named on its line and in the error.
      const alert = await cron(night(3, 2, 31), ['-o', 'ndjson']);
      expect(alert.code, alert.stderr).toBe(6);
      // Under -o ndjson the error is the last object on stderr (for machines); the files' lines stay plain.
      const error = (
        JSON.parse(alert.stderr.trim().split('\n').at(-1)!) as { error: { message: string; details: string[] } }
      ).error;
      expect(error.message).toBe(
        '2 receipt files have not been received for --alert-after 24h or longer (2 files: 2 not sent)',
      );
      for (const [i, file] of files.entries()) {
        expect(lineOf(alert.stderr, file)).toContain(
          `failing since ${stamp(night(2))} (1d); ALERT: not received for --alert-after 24h or longer`,
        );
        expect(error.details[i]).toMatch(
          new RegExp(`^${file}: failing since ${stamp(night(2))} \\(4 attempts\\): .*503`),
        );
      }
      const records = alert.stdout
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { venue: Record<string, unknown> }).venue);
      expect(records.map((r) => [r.file, r.outcome, r.failingSince, r.alert])).toEqual(
        files.map((f) => [f, 'not-sent', stamp(night(2)), true]),
      );
      expect(inFolder()).toEqual(files);
    } finally {
      await sb.control('DELETE', '/faults');
    }
    // The service is back: both recorded, and the first failure is forgotten.
    const back = await cron(night(3, 3, 30));
    expect(back.code, back.stderr).toBe(0);
    expect(back.stderr).toMatch(/recorded now: 3_PO-N2_INV-201\.csv: receipt id \d+/);
    expect(back.stderr).toMatch(/recorded now: 3_PO-N2_INV-202\.csv: receipt id \d+/);
    const journal = JSON.parse(
      fs.readFileSync(path.join(sb.configDir, 'state', 'inventory-receipts.json'), 'utf8'),
    ) as {
      failing?: Record<string, unknown>;
    };
    expect(Object.keys(journal.failing ?? {})).toEqual([]);
    // The log holds plain lines, each stamped: the error too, never JSON.
    const logged = fs.readFileSync(log, 'utf8').split('\n').filter(Boolean);
    expect(logged.every((l) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ /.test(l))).toBe(true);
    expect(logged.some((l) => l.includes('{'))).toBe(false);
    expect(
      logged.some((l) =>
        l.endsWith(
          'error: 2 receipt files have not been received for --alert-after 24h or longer (2 files: 2 not sent)',
        ),
      ),
    ).toBe(true);
  });

  it('a dropped answer: exit 7 with a settle command that works when pasted into another shell; then recorded before', async () => {
    await sb.control('POST', '/faults', {
      dropAfterProcessing: [{ match: 'POST /inventory/stock-receipts', remaining: 1 }],
    });
    drop('3_PO-N3_INV-301.csv', 'productId,quantity\n1006,7\n');
    const lost = await cron(night(4), ['-o', 'ndjson']);
    expect(lost.code, lost.stderr).toBe(7);
    const line = lineOf(lost.stderr, '3_PO-N3_INV-301.csv');
    expect(line).toMatch(
      new RegExp(`^${stamp(night(4))} unknown: 3_PO-N3_INV-301\\.csv: receipt [0-9a-f]{12} was sent and `),
    );
    const outcome = JSON.parse(lost.stdout.trim()) as {
      status: string;
      venue: { settleCommand: string; id: string; outcome: string };
    };
    expect(outcome.status).toBe('unknown');
    const record = outcome.venue;
    expect(record.outcome).toBe('unknown');
    const settle = record.settleCommand;
    expect(line.endsWith(`settle it: ${settle}`)).toBe(true);
    expect(settle).toContain(`--profile store1 inventory receipts resolve ${record.id}`);
    expect(inFolder()).toEqual(['3_PO-N3_INV-301.csv']);
    expect(await receiptsSent('INV-301')).toBe(1);

    // The retry: refused (it is unknown), the same command, nothing sent.
    const again = await cron(night(4, 3, 30));
    expect(again.code, again.stderr).toBe(7);
    expect(lineOf(again.stderr, '3_PO-N3_INV-301.csv')).toContain(
      `not settled yet; nothing sent; check whether it was applied, then settle it: ${settle}`,
    );
    expect(await receiptsSent('INV-301')).toBe(1);

    // Pasted into a person's shell (no env file, no VENUE_PROFILE): without its --profile it would name no receipt…
    const withoutProfile = await inAnotherShell(`${settle.replace(' --profile store1', '')} --applied`);
    expect(withoutProfile.code, withoutProfile.output).toBe(2);
    // …as printed, it settles it.
    const settled = await inAnotherShell(`${settle} --applied`);
    expect(settled.code, settled.output).toBe(0);
    expect(settled.output).toContain('marked applied');

    const after = await cron(night(4, 4));
    expect(after.code, after.stderr).toBe(0);
    expect(lineOf(after.stderr, '3_PO-N3_INV-301.csv')).toMatch(
      /recorded before: 3_PO-N3_INV-301\.csv: at \S+, settled as applied by a person \(receipt [0-9a-f]{12}\); nothing sent; moved to done\/3_PO-N3_INV-301\.csv$/,
    );
    expect(await receiptsSent('INV-301')).toBe(1);
  });
});
