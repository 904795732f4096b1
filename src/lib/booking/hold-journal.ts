// The local record of every hold venue places. The seed says nothing of holds
// lapsing on their own, so venue never counts on it: each hold is written
// down BEFORE the reserve request goes out ("pending"), given its reservation
// id when the answer arrives ("held"), marked "unknown" when the answer is
// lost or cannot be read, and taken out when the hold is released, cancelled
// with its order, or paid. `venue booking holds` lists what is left and
// `venue booking release --all` frees it.
//
// One JSON file per profile under the state directory, mode 0600, changed
// under an inter-process lock and written atomically (temporary file, fsync,
// rename), the previous version kept beside it as .bak.

import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { ServerError } from '../errors.js';
import { withFileLock } from '../private-file.js';

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

export class HoldJournalError extends ServerError {
  constructor(file: string, problem: string) {
    super(`the hold journal ${file} ${problem}`, { hint: 'Nothing was sent. Move the file aside (its .bak holds the previous version) and run again.' });
    this.name = 'HoldJournalError';
  }
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
    await withFileLock(this.file, () => {
      const current = this.read();
      const next = fn(current.holds);
      if (onlyIfPresent && next.length === current.holds.length && next.every((e, i) => e === current.holds[i])) return;
      this.write({ version: 1, holds: next });
    });
  }

  private read(): JournalFile {
    const parsed = this.parse(this.file);
    if (parsed !== undefined) return parsed ?? { version: 1, holds: [] };
    // The file is torn or damaged: the previous version is the best record there is.
    const backup = this.parse(`${this.file}.bak`);
    if (backup) return backup;
    throw new HoldJournalError(this.file, 'cannot be read (it is not the JSON venue wrote)');
  }

  /** The file's content; null when there is no file; undefined when it cannot be read. */
  private parse(file: string): JournalFile | null | undefined {
    let text: string;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    try {
      const data = JSON.parse(text) as JournalFile;
      return Array.isArray(data?.holds) ? data : undefined;
    } catch {
      return undefined;
    }
  }

  private write(data: JournalFile): void {
    fs.mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
    const temporary = `${this.file}.${process.pid}.${Date.now()}.tmp`;
    const fd = fs.openSync(temporary, 'w', 0o600);
    try {
      fs.writeSync(fd, `${JSON.stringify(data, null, 2)}\n`);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    // The previous version is kept, unless it is the damaged file a .bak was just read in place of.
    if (this.parse(this.file)) fs.copyFileSync(this.file, `${this.file}.bak`);
    fs.renameSync(temporary, this.file);
    fs.chmodSync(this.file, 0o600);
    if (fs.existsSync(`${this.file}.bak`)) fs.chmodSync(`${this.file}.bak`, 0o600);
  }
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
