// The nightly receipt run's rules, with fakes: how a file's name gives its
// fields (and when it gives none), durations, the exit rule over the files,
// the first failure kept across runs in a real journal and cleared by a
// success, and what stops a run.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ApiError,
  AuthError,
  InterruptedError,
  LoginError,
  ServerError,
  UnknownOutcomeError,
  UsageError,
} from '../../../../src/lib/errors.js';
import { DamagedJournalError } from '../../../../src/lib/private-file.js';
import { ReceiptJournal, type ReceiptJournalEntry } from '../../../../src/lib/inventory/receipt-journal.js';
import {
  formatDuration,
  moveInto,
  namePattern,
  parseDuration,
  receiptFilesIn,
  receiptRunExitCode,
  runReceiptFiles,
  stopsTheRun,
  type FileResult,
  type ReceiptRunDeps,
} from '../../../../src/lib/inventory/workflows/receipt-run.js';
import type { ReceiptOutcome } from '../../../../src/lib/inventory/workflows/receipt.js';

const dirs: string[] = [];
function tmp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-receipt-run-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('a file name pattern', () => {
  it('reads the default pattern, letters in any case', () => {
    const p = namePattern('{supplier}_{po}_{invoice}.csv');
    expect(p.fields).toEqual(['supplier', 'po', 'invoice']);
    expect(p.read('3_PO-7701_INV-88.csv')).toEqual({ values: { supplier: '3', po: 'PO-7701', invoice: 'INV-88' } });
    expect(p.read('3_PO-7701_INV-88.CSV')).toEqual({ values: { supplier: '3', po: 'PO-7701', invoice: 'INV-88' } });
  });

  it('gives nothing for a name that does not fit, or fits more than one way (never a guess)', () => {
    const p = namePattern('{supplier}_{po}_{invoice}.csv');
    expect(p.read('notes.txt')).toEqual({ problem: "its name does not fit --name '{supplier}_{po}_{invoice}.csv'" });
    expect(p.read('3_PO-7701.csv')).toHaveProperty('problem');
    const twoWays = p.read('3_PO_77_INV-1.csv');
    expect(twoWays).toHaveProperty('problem');
    expect((twoWays as { problem: string }).problem).toContain('in more than one way');
    expect((twoWays as { problem: string }).problem).toContain('supplier "3" or "3_PO"');
  });

  it('takes * for text that gives nothing, and literal text as it is', () => {
    const p = namePattern('ERP_*_{po}.{invoice}.csv');
    expect(p.read('ERP_20300501_PO-1.INV+2.csv')).toEqual({ values: { po: 'PO-1', invoice: 'INV+2' } });
    // Where the ignored text could take part of a field, the name is refused.
    expect(namePattern('ERP-*-{po}.csv').read('ERP-20300501-PO-1.csv')).toHaveProperty('problem');
    expect(namePattern('*.csv').read('anything.csv')).toEqual({ values: {} });
  });

  it('refuses a pattern that cannot be read: an unknown placeholder, one twice, two side by side, a path', () => {
    expect(() => namePattern('{supplier}_{profile}.csv')).toThrow(UsageError);
    expect(() => namePattern('{supplier}_{profile}.csv')).toThrow(/\{profile\}: a file name can give/);
    expect(() => namePattern('{po}_{po}.csv')).toThrow(/twice/);
    expect(() => namePattern('{po}{invoice}.csv')).toThrow(/side by side/);
    expect(() => namePattern('{po}*.csv')).toThrow(/side by side/);
    expect(() => namePattern('erp/{po}.csv')).toThrow(/path/);
  });
});

describe('durations', () => {
  it('reads what people type, and says it back', () => {
    expect(parseDuration('24h')).toBe(86_400_000);
    expect(parseDuration('90m')).toBe(5_400_000);
    expect(parseDuration('1h30m')).toBe(5_400_000);
    expect(parseDuration('2d')).toBe(172_800_000);
    expect(parseDuration('0')).toBe(0);
    for (const bad of ['', '24', 'h', '-1h', '1 day', '1h 30m']) expect(parseDuration(bad), bad).toBeUndefined();
    expect(formatDuration(3_600_000)).toBe('1h');
    expect(formatDuration(86_340_000)).toBe('23h 59m');
    expect(formatDuration(90_000_000)).toBe('1d 1h');
    expect(formatDuration(0)).toBe('0');
  });
});

describe('the folder', () => {
  it('lists its plain files by name: not hidden ones, not folders (done/)', () => {
    const dir = tmp();
    for (const name of ['b.csv', 'a.csv', '.partial.csv']) fs.writeFileSync(path.join(dir, name), 'x');
    fs.mkdirSync(path.join(dir, 'done'));
    expect(receiptFilesIn(dir)).toEqual(['a.csv', 'b.csv']);
    expect(() => receiptFilesIn(path.join(dir, 'nope'))).toThrow(/--dir .* cannot be read: no such folder/);
  });

  it('moves a file to done/, never over a different file of the same name', () => {
    const dir = tmp();
    const done = path.join(dir, 'done');
    fs.writeFileSync(path.join(dir, 'r.csv'), 'one');
    expect(moveInto(path.join(dir, 'r.csv'), done)).toBe(path.join(done, 'r.csv'));
    fs.writeFileSync(path.join(dir, 'r.csv'), 'one');
    expect(moveInto(path.join(dir, 'r.csv'), done)).toBe(path.join(done, 'r.csv'));
    fs.writeFileSync(path.join(dir, 'r.csv'), 'two');
    expect(moveInto(path.join(dir, 'r.csv'), done)).toBe(path.join(done, 'r.2.csv'));
    expect(fs.readFileSync(path.join(done, 'r.csv'), 'utf8')).toBe('one');
    expect(fs.readFileSync(path.join(done, 'r.2.csv'), 'utf8')).toBe('two');
    expect(fs.readdirSync(dir)).toEqual(['done']);
  });
});

const entry = (id: string): ReceiptJournalEntry =>
  ({
    id,
    kind: 'receipt',
    profile: 'p',
    status: 'recorded',
    items: [],
    warehouseId: 1,
  }) as unknown as ReceiptJournalEntry;

describe('the exit rule over the files', () => {
  const base = { file: 'f', path: '/f', at: 'now', values: {} };
  const failing = { subject: '/f', profile: 'p', firstFailedAt: 'x', lastFailedAt: 'x', failures: 1, reason: 'r' };
  const recorded: FileResult = { ...base, kind: 'recorded', entry: entry('a') };
  const waiting: FileResult = { ...base, kind: 'not-sent', reason: 'r', failing, overdue: false };
  const overdue: FileResult = { ...waiting, overdue: true };
  const unknown: FileResult = { ...base, kind: 'unknown', reason: 'r', id: 'a' };

  it('7 if any is unknown, else 6 if any is overdue, else 0', () => {
    expect(receiptRunExitCode([])).toBe(0);
    expect(receiptRunExitCode([recorded, waiting])).toBe(0);
    expect(receiptRunExitCode([recorded, overdue])).toBe(6);
    expect(receiptRunExitCode([overdue, unknown])).toBe(7);
    expect(receiptRunExitCode([unknown])).toBe(7);
    // Accepted, but its answer could not be read: recorded (never sent again), said once with 6.
    expect(receiptRunExitCode([recorded, { ...base, kind: 'recorded', entry: entry('b'), unreadable: 'no id' }])).toBe(
      6,
    );
  });

  it("stops the run only on what is neither the file's nor the service's", () => {
    expect(stopsTheRun(new DamagedJournalError('/j', 'bad'))).toBe(true);
    expect(stopsTheRun(new InterruptedError())).toBe(true);
    expect(stopsTheRun(new AuthError('no inventory.apiKey for profile "x"'))).toBe(true);
    expect(stopsTheRun(new Error('a bug'))).toBe(true);
    expect(stopsTheRun(new UsageError('invalid input in f.csv'))).toBe(false);
    expect(stopsTheRun(new ServerError('inventory service answered 503'))).toBe(false);
    expect(stopsTheRun(new UnknownOutcomeError('lost'))).toBe(false);
    const refused = new LoginError('refused', {
      reason: 'refused',
      service: 'inventory',
      method: 'POST',
      url: 'http://x/auth',
    } as never);
    expect(stopsTheRun(refused)).toBe(false);
    expect(
      stopsTheRun(new ApiError('auth', 'inventory service answered 401', { status: 401 } as never, {} as never)),
    ).toBe(false);
  });
});

describe('runs over nights (a real journal, a fake service)', () => {
  const HOUR = 3_600_000;
  function setUp(answers: Array<ReceiptOutcome | Error>) {
    const dir = tmp();
    const state = tmp();
    let now = Date.UTC(2030, 0, 1, 2, 30);
    const journal = new ReceiptJournal(state, () => now);
    const results: FileResult[] = [];
    const sent: string[] = [];
    const deps: ReceiptRunDeps = {
      journal,
      profile: 'store1',
      now: () => now,
      alertAfterMs: 24 * HOUR,
      interruption: { interrupted: false },
      async receive(file) {
        sent.push(path.basename(file));
        const answer = answers.shift()!;
        if (answer instanceof Error) throw answer;
        return answer;
      },
      move: (file) => moveInto(file, path.join(dir, 'done')),
      report: (r) => void results.push(r),
    };
    return {
      dir,
      deps,
      results,
      sent,
      journal,
      at: (ms: number) => (now = ms),
      get now() {
        return now;
      },
    };
  }
  const refused = () => new ServerError('inventory service answered 503');
  const p = namePattern('{supplier}_{po}_{invoice}.csv');

  it('measures from the first failed attempt across runs; a success clears it, and the next failure starts anew', async () => {
    const run = setUp([
      refused(),
      refused(),
      refused(),
      { kind: 'recorded', entry: entry('a'), result: {} },
      refused(),
    ]);
    fs.writeFileSync(path.join(run.dir, '3_PO-1_INV-1.csv'), 'x');
    const first = run.now;
    const once = async () => runReceiptFiles(run.dir, receiptFilesIn(run.dir), p, run.deps);
    await once();
    run.at(first + HOUR);
    await once();
    run.at(first + 24 * HOUR);
    await once();
    const [a, b, c] = run.results;
    expect(
      [a, b, c].map((r) => r!.kind === 'not-sent' && [r!.failing.firstFailedAt, r!.failing.failures, r!.overdue]),
    ).toEqual([
      ['2030-01-01T02:30:00Z', 1, false],
      ['2030-01-01T02:30:00Z', 2, false],
      ['2030-01-01T02:30:00Z', 3, true],
    ]);
    expect(receiptRunExitCode([c!])).toBe(6);
    run.at(first + 25 * HOUR);
    await once();
    expect(run.results[3]!.kind).toBe('recorded');
    expect(fs.readdirSync(path.join(run.dir, 'done'))).toEqual(['3_PO-1_INV-1.csv']);
    // The same name again, failing: a new first failure.
    fs.writeFileSync(path.join(run.dir, '3_PO-1_INV-1.csv'), 'y');
    run.at(first + 48 * HOUR);
    await once();
    const again = run.results[4]!;
    expect(again.kind === 'not-sent' && [again.failing.firstFailedAt, again.failing.failures]).toEqual([
      '2030-01-03T02:30:00Z',
      1,
    ]);
  });

  it('a file that leaves the folder without being received fails no more: its note is dropped', async () => {
    const run = setUp([refused()]);
    fs.writeFileSync(path.join(run.dir, '3_PO-1_INV-1.csv'), 'x');
    await runReceiptFiles(run.dir, receiptFilesIn(run.dir), p, run.deps);
    const file = path.join(run.dir, '3_PO-1_INV-1.csv');
    const { receiptFileKey } = await import('../../../../src/lib/inventory/receipt-journal.js');
    expect(run.journal.failing(receiptFileKey('store1', file))?.failures).toBe(1);
    fs.rmSync(file);
    await runReceiptFiles(run.dir, receiptFilesIn(run.dir), p, run.deps);
    expect(run.journal.failing(receiptFileKey('store1', file))).toBeUndefined();
  });

  it('a name that does not fit is not sent, noted as a failure like the service refusing it', async () => {
    const run = setUp([]);
    fs.writeFileSync(path.join(run.dir, 'notes.txt'), 'x');
    run.deps.alertAfterMs = 0;
    const outcome = await runReceiptFiles(run.dir, ['notes.txt'], p, run.deps);
    expect(run.sent).toEqual([]);
    expect(outcome.results[0]).toMatchObject({ kind: 'not-sent', overdue: true });
    expect(receiptRunExitCode(outcome.results)).toBe(6);
  });

  it('a failure that stops the run: the files after it are not tried, and the error is kept for the command', async () => {
    const stop = new AuthError('no inventory.apiKey for profile "store1"');
    const run = setUp([{ kind: 'recorded', entry: entry('a'), result: {} }, stop]);
    for (const name of ['1_P_I.csv', '2_P_I.csv', '3_P_I.csv']) fs.writeFileSync(path.join(run.dir, name), 'x');
    const outcome = await runReceiptFiles(run.dir, receiptFilesIn(run.dir), p, run.deps);
    expect(outcome.results.map((r) => r.kind)).toEqual(['recorded']);
    expect(outcome.stopped).toBe(stop);
    expect(outcome.untried).toEqual(['2_P_I.csv', '3_P_I.csv']);
    expect(run.sent).toEqual(['1_P_I.csv', '2_P_I.csv']);
  });

  it('an unknown outcome (answer lost) and one left by an earlier run are unknown, with the entry', async () => {
    const run = setUp([
      { kind: 'unknown', entry: entry('abcdef0123456789'), error: new Error('no answer'), evidence: {} as never },
      { kind: 'unresolved', entry: entry('fedcba9876543210'), why: 'unknown' },
    ]);
    for (const name of ['1_P_I.csv', '2_P_I.csv']) fs.writeFileSync(path.join(run.dir, name), 'x');
    const outcome = await runReceiptFiles(run.dir, receiptFilesIn(run.dir), p, run.deps);
    expect(outcome.results.map((r) => r.kind === 'unknown' && r.id)).toEqual(['abcdef0123456789', 'fedcba9876543210']);
    expect(outcome.results[0]!.kind === 'unknown' && outcome.results[0]!.reason).toBe(
      'receipt abcdef012345 was sent and no answer',
    );
    expect(receiptRunExitCode(outcome.results)).toBe(7);
    expect(fs.readdirSync(run.dir).sort()).toEqual(['1_P_I.csv', '2_P_I.csv']);
  });
});
