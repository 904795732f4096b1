// The local record of every hold venue places. The seed says nothing of holds
// lapsing on their own, so venue never counts on it: each hold is written
// down BEFORE the reserve request goes out ("pending"), given its reservation
// id when the answer arrives ("held"), marked "unknown" when the answer is
// lost or cannot be read, and taken out when the hold is released, cancelled
// with its order, or paid. `venue booking holds` lists what is left and
// `venue booking release --all` frees it.
//
// One JSON file per profile under the state directory, mode 0600, changed
// under an inter-process lock and written durably (private-file.ts: fsync,
// rename, the previous version kept beside it as .bak). A file that cannot be
// read stops the command (exit 1, DamagedJournalError naming it and its .bak):
// read as empty it would hide places still held.

import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { readJournalFile, withFileLock, writeJournalFile } from '../private-file.js';

export type HoldState = 'pending' | 'held' | 'unknown';

export interface HoldEntry {
  /** venue's own key for the entry (the reservation id may never arrive). */
  key: string;
  state: HoldState;
  reservationId?: string;
  experienceId: string;
  slotId: string;
  quantity: number;
  /** When venue sent the hold request (ISO 8601). */
  placedAt: string;
  /** The order made from the hold, once there is one (not yet paid). */
  orderId?: string;
  /** The service's own time for the hold, only when it gave one. */
  expiresAt?: string;
  /** Why the state is unknown, in words. */
  note?: string;
}

interface JournalFile {
  version: 1;
  holds: HoldEntry[];
}

function safeName(profile: string): string {
  return encodeURIComponent(profile).replace(/%/g, '_') || 'default';
}

export class HoldJournal {
  readonly file: string;

  constructor(
    stateDir: string,
    readonly profile: string,
    private readonly now: () => number = Date.now,
    /** The run's secrets, masked in what is recorded. */
    private readonly scrub?: { scrub(text: string, everyJwt?: boolean): string },
  ) {
    this.file = path.join(stateDir, 'booking-holds', `${safeName(profile)}.json`);
  }

  /** Every recorded hold of the profile, oldest first. */
  list(): HoldEntry[] {
    return this.read().holds;
  }

  /** Writes the hold down before its request is sent; returns the entry's key. */
  async pending(request: { experienceId: string; slotId: string; quantity: number }): Promise<string> {
    const entry: HoldEntry = {
      key: randomUUID(),
      state: 'pending',
      experienceId: request.experienceId,
      slotId: request.slotId,
      quantity: request.quantity,
      placedAt: new Date(this.now()).toISOString(),
    };
    await this.change((holds) => [...holds, entry]);
    return entry.key;
  }

  async held(key: string, reservationId: string, expiresAt?: string): Promise<void> {
    await this.update(key, (e) => ({ ...e, state: 'held', reservationId, ...(expiresAt ? { expiresAt } : {}), note: undefined }));
  }

  async unknown(key: string, note: string): Promise<void> {
    await this.update(key, (e) => ({ ...e, state: 'unknown', note }));
  }

  /** The request was answered with a refusal: nothing is held. */
  async forget(key: string): Promise<void> {
    await this.change((holds) => holds.filter((e) => e.key !== key));
  }

  /** The reservations went into an order that is not paid yet. */
  async ordered(reservationIds: string[], orderId: string): Promise<void> {
    await this.change((holds) => holds.map((e) => (e.reservationId && reservationIds.includes(e.reservationId) ? { ...e, orderId } : e)), true);
  }

  /** The holds are released, cancelled or paid: they hold nothing any more. */
  async settled(match: { reservationIds?: string[]; orderId?: string }): Promise<void> {
    const ids = match.reservationIds ?? [];
    await this.change(
      (holds) => holds.filter((e) => !((e.reservationId && ids.includes(e.reservationId)) || (match.orderId !== undefined && e.orderId === match.orderId))),
      true,
    );
  }

  private async update(key: string, fn: (entry: HoldEntry) => HoldEntry): Promise<void> {
    await this.change((holds) => holds.map((e) => (e.key === key ? stripUndefined(fn(e)) : e)));
  }

  /** Changes the file under the lock; with onlyIfPresent, a missing file stays missing. */
  private async change(fn: (holds: HoldEntry[]) => HoldEntry[], onlyIfPresent = false): Promise<void> {
    if (onlyIfPresent && !fs.existsSync(this.file)) return;
    await withFileLock(this.file, async () => {
      const current = this.read();
      const next = fn(current.holds);
      if (onlyIfPresent && next.length === current.holds.length && next.every((e, i) => e === current.holds[i])) return;
      await writeJournalFile(this.file, { version: 1, holds: next } satisfies JournalFile, this.scrub);
    });
  }

  private read(): JournalFile {
    return readJournalFile<JournalFile>(this.file, { version: 1, holds: [] }, (data) => Array.isArray((data as JournalFile | null)?.holds));
  }
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
