// The local record of holds: written before the request, per profile, private,
// atomic with a .bak of the previous version, and emptied as holds are settled.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HoldJournal } from '../../../src/lib/booking/hold-journal.js';
import { DamagedJournalError } from '../../../src/lib/private-file.js';

const dir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'venue-holds-'));
const request = { experienceId: 'e1', slotId: 's1', quantity: 2 };

describe('the hold journal', () => {
  it('records pending, then held with the id; settling takes it out', async () => {
    const journal = new HoldJournal(dir(), 'default', () => Date.UTC(2026, 10, 22, 9));
    const key = await journal.pending(request);
    expect(journal.list()).toEqual([
      { key, state: 'pending', experienceId: 'e1', slotId: 's1', quantity: 2, placedAt: '2026-11-22T09:00:00.000Z' },
    ]);
    await journal.held(key, 'res-1', '2026-11-22T09:10:00Z');
    expect(journal.list()[0]).toMatchObject({
      state: 'held',
      reservationId: 'res-1',
      expiresAt: '2026-11-22T09:10:00Z',
    });
    await journal.ordered(['res-1'], 'ord-1');
    expect(journal.list()[0]).toMatchObject({ orderId: 'ord-1' });
    await journal.settled({ orderId: 'ord-1' });
    expect(journal.list()).toEqual([]);
  });

  it('marks a lost answer unknown and forgets a refused request', async () => {
    const journal = new HoldJournal(dir(), 'default');
    const lost = await journal.pending(request);
    const refused = await journal.pending({ ...request, slotId: 's2' });
    await journal.unknown(lost, 'the answer was lost');
    await journal.forget(refused);
    expect(journal.list()).toMatchObject([{ key: lost, state: 'unknown', note: 'the answer was lost', slotId: 's1' }]);
  });

  it('keeps one private file per profile, and the previous version as .bak', async () => {
    const stateDir = dir();
    const a = new HoldJournal(stateDir, 'default');
    const b = new HoldJournal(stateDir, 'shop/2');
    const key = await a.pending(request);
    await a.held(key, 'res-1');
    await b.pending(request);
    expect(a.list()).toHaveLength(1);
    expect(b.list()).toHaveLength(1);
    expect(a.file).not.toBe(b.file);
    expect(fs.statSync(a.file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(`${a.file}.bak`).mode & 0o777).toBe(0o600);
    // The one journal format (writes/journal.ts): the version before, kept as .bak, had the hold still sending.
    expect(JSON.parse(fs.readFileSync(`${a.file}.bak`, 'utf8')).entries[key].status).toBe('sending');
    expect(fs.readdirSync(path.dirname(a.file)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('stops (exit 1) on a damaged file, naming it and its .bak, and never reads it as empty', async () => {
    const journal = new HoldJournal(dir(), 'default');
    const key = await journal.pending(request);
    await journal.held(key, 'res-1');
    fs.writeFileSync(journal.file, '{"holds": [ torn');
    const error = (() => {
      try {
        journal.list();
      } catch (e) {
        return e as DamagedJournalError;
      }
    })();
    expect(error).toBeInstanceOf(DamagedJournalError);
    expect(error!.exitCode).toBe(1);
    expect(error!.message).toContain(journal.file);
    expect(error!.hint).toContain(`${journal.file}.bak`);
    // Nothing is written over it either: a new hold is refused before its request.
    await expect(journal.pending({ ...request, slotId: 's2' })).rejects.toBeInstanceOf(DamagedJournalError);
    expect(fs.readFileSync(journal.file, 'utf8')).toBe('{"holds": [ torn');
  });

  it('keeps every hold of concurrent writers', async () => {
    const journal = new HoldJournal(dir(), 'default');
    const other = new HoldJournal(path.dirname(path.dirname(journal.file)), 'default');
    await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? journal : other).pending({ ...request, slotId: `s${i}` })),
    );
    expect(
      journal
        .list()
        .map((h) => h.slotId)
        .sort(),
    ).toEqual(['s0', 's1', 's2', 's3', 's4', 's5']);
  });
});
