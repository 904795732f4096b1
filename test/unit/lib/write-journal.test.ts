// The one journal (src/lib/writes/journal.ts) and the one outcome rule
// (writes/rule.ts): version-1 journals written by venue before (real files,
// test/fixtures/journals-v1) are read and migrated without losing an entry;
// a lock or a "sending" entry left by a dead process is seen at once; a
// folder that cannot be written is named before anything is sent.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ReceiptJournal } from '../../../src/lib/inventory/receipt-journal.js';
import { StockChangeJournal } from '../../../src/lib/inventory/stock-change-journal.js';
import { ReloadJournal } from '../../../src/lib/wallet/reload-journal.js';
import { HoldJournal } from '../../../src/lib/booking/hold-journal.js';
import { JournalWriteError, assertWritable, tryHolderLock } from '../../../src/lib/private-file.js';
import { senderGone } from '../../../src/lib/writes/journal.js';
import { classifyFailure, outcomeRows, verdictOfStatus } from '../../../src/lib/writes/rule.js';
import {
  ApiError,
  RejectedError,
  UnknownOutcomeError,
  categoryForStatus,
  exitCodeFor,
} from '../../../src/lib/errors.js';
import { repoRoot } from '../../support/venue.js';

const fixtures = path.join(repoRoot, 'test/fixtures/journals-v1');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
function stateDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-writes-'));
  dirs.push(dir);
  return dir;
}
/** A state folder holding the version-1 journals as venue wrote them. */
function oldState(): string {
  const dir = stateDir();
  fs.cpSync(fixtures, dir, { recursive: true });
  fs.rmSync(path.join(dir, 'README.md'));
  return dir;
}
/** The pid of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('version-1 journals migrate without losing entries', () => {
  it('receipts: every entry read with its status; written in the new format on first read, the original kept as .v1.bak', () => {
    const dir = oldState();
    const original = fs.readFileSync(path.join(dir, 'inventory-receipts.json'), 'utf8');
    const old = JSON.parse(original) as { entries: Record<string, { invoice: string; status: string }> };
    const journal = new ReceiptJournal(dir);
    const entries = journal.list('sandbox');
    expect(entries.map((e) => `${e.invoice}:${e.status}`).sort()).toEqual(
      Object.values(old.entries)
        .map((e) => `${e.invoice}:${e.status}`)
        .sort(),
    );
    expect(entries.every((e) => e.kind === 'receipt')).toBe(true);
    const file = JSON.parse(fs.readFileSync(journal.file, 'utf8'));
    expect(file).toMatchObject({ format: 'venue-journal', version: 2, journal: 'inventory-receipts' });
    expect(Object.keys(file.entries).sort()).toEqual(Object.keys(old.entries).sort());
    expect(fs.readFileSync(`${journal.file}.v1.bak`, 'utf8')).toBe(original);
    // The killed run's "sending" entry has no live sender: it is unknown to the next run.
    const killed = entries.find((e) => e.invoice === 'INV-V1-KILLED')!;
    expect(killed.status).toBe('sending');
    expect(senderGone(killed)).toBe(true);
  });

  it('stock changes keep their kinds (take, adjustment), ids and fingerprints', () => {
    const dir = oldState();
    const old = JSON.parse(fs.readFileSync(path.join(dir, 'inventory-stock-changes.json'), 'utf8')) as {
      entries: Record<string, { kind: string; status: string; fingerprint: string }>;
    };
    const entries = new StockChangeJournal(dir).list('sandbox');
    expect(entries.map((e) => [e.id, e.kind, e.status, e.fingerprint].join(' ')).sort()).toEqual(
      Object.entries(old.entries)
        .map(([id, e]) => [id, e.kind, e.status, e.fingerprint].join(' '))
        .sort(),
    );
  });

  it('reloads (an array): every reference with its outcome; the one left "sent" by a killed run reads as unknown', () => {
    const dir = oldState();
    const old = JSON.parse(fs.readFileSync(path.join(dir, 'wallet-reloads.json'), 'utf8')) as Array<{
      paymentReference: string;
      outcome: string;
      saleId?: string;
      amountCents: number;
    }>;
    const journal = new ReloadJournal(dir);
    const records = journal.records();
    expect(records.map((r) => r.paymentReference).sort()).toEqual(old.map((r) => r.paymentReference).sort());
    for (const before of old) {
      const now = journal.find('sandbox', before.paymentReference)!;
      expect(now.outcome).toBe(before.outcome === 'sent' ? 'unknown' : before.outcome);
      expect(now.saleId).toBe(before.saleId);
      expect(now.amountCents).toBe(before.amountCents);
    }
    expect(
      journal
        .unsettled('sandbox')
        .map((r) => r.paymentReference)
        .sort(),
    ).toEqual(['v1-pay-2', 'v1-pay-4']);
    expect(fs.existsSync(`${journal.file}.v1.bak`)).toBe(true);
  });

  it('holds: held, unknown and ordered holds keep their keys, reservation and order ids', () => {
    const dir = oldState();
    const old = JSON.parse(fs.readFileSync(path.join(dir, 'booking-holds/sandbox.json'), 'utf8')) as {
      holds: Array<Record<string, unknown>>;
    };
    const holds = new HoldJournal(dir, 'sandbox').list();
    expect(holds).toEqual(old.holds);
  });

  it('a version-1 file that cannot be written over is still read (converted in memory)', () => {
    const dir = oldState();
    const lock = tryHolderLock(path.join(dir, 'wallet-reloads.json.lock'));
    expect('release' in lock).toBe(true);
    try {
      expect(new ReloadJournal(dir).records()).toHaveLength(4);
      expect(Array.isArray(JSON.parse(fs.readFileSync(path.join(dir, 'wallet-reloads.json'), 'utf8')))).toBe(true);
    } finally {
      if ('release' in lock) lock.release();
    }
  });
});

describe('locks and senders that know their process', () => {
  it('a lock left by a dead process is taken at once; a live holder is named', () => {
    const dir = stateDir();
    const journal = new ReceiptJournal(dir);
    const lockFile = path.join(dir, 'inventory-receipt-locks', 'abc.lock');
    fs.mkdirSync(path.dirname(lockFile), { recursive: true });
    fs.writeFileSync(lockFile, JSON.stringify({ pid: deadPid(), host: os.hostname(), at: new Date().toISOString() }));
    const release = journal.lock('abc');
    expect(() => journal.lock('abc')).toThrow(RejectedError);
    expect(() => journal.lock('abc')).toThrow(`process ${process.pid} on ${os.hostname()}`);
    release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it('a "sending" entry whose process is gone is unknown; one of a live process is not', () => {
    const at = new Date().toISOString();
    const entry = {
      id: 'x',
      kind: 'receipt' as const,
      profile: 'p',
      status: 'sending' as const,
      createdAt: at,
      updatedAt: at,
      attempts: 1,
      history: [],
    };
    expect(senderGone({ ...entry, sender: { pid: deadPid(), host: os.hostname(), at } })).toBe(true);
    expect(senderGone({ ...entry, sender: { pid: process.pid, host: os.hostname(), at } })).toBe(false);
  });
});

describe('a state folder that cannot be written', () => {
  it('is found before anything is sent: exit 1, naming the journal, the folder and why', () => {
    const dir = stateDir();
    // Root ignores permissions: a file where the folder should be fails for everyone.
    fs.writeFileSync(path.join(dir, 'state'), 'not a folder');
    const journal = new ReceiptJournal(path.join(dir, 'state'));
    let error: unknown;
    try {
      journal.check();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(JournalWriteError);
    expect(exitCodeFor(error)).toBe(1);
    expect((error as Error).message).toContain(`in the folder ${path.join(dir, 'state')}`);
    expect((error as Error).message).toMatch(/ENOTDIR|EEXIST|a file stands/);
    expect((error as Error).message).toContain('nothing was sent');
  });

  it('a folder where the journal file should be is found too', () => {
    const dir = stateDir();
    fs.mkdirSync(path.join(dir, 'inventory-receipts.json'));
    expect(() => assertWritable(path.join(dir, 'inventory-receipts.json'))).toThrow(
      /a folder stands where the file should be/,
    );
  });
});

describe('the outcome rule', () => {
  it('408 and every 5xx but 503 are unknown; 429, 503 and other 4xx refused; the table is generated from the same rows', () => {
    expect([408, 500, 502, 504, 599, 307].map(verdictOfStatus)).toEqual(Array(6).fill('unknown'));
    expect([400, 401, 404, 409, 422, 429, 503].map(verdictOfStatus)).toEqual(Array(7).fill('not-applied'));
    const rows = outcomeRows();
    expect(rows).toContainEqual(['408', 'unknown', '7', expect.any(String)]);
    expect(rows).toContainEqual(['429, 503', 'not applied', '6', expect.any(String)]);
    expect(rows).toContainEqual(['2xx that disagrees with what was sent', 'unknown', '6', expect.any(String)]);
    const api = (status: number) =>
      new ApiError(categoryForStatus(status), `answered ${status}`, { status, method: 'POST', url: '/x' });
    expect(classifyFailure(api(408)).kind).toBe('unknown');
    expect(classifyFailure(api(422)).kind).toBe('refused');
    expect(classifyFailure(new UnknownOutcomeError('lost')).kind).toBe('unknown');
  });
});
