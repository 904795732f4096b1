// The local journal of inventory writes (stock receipts, stock takes,
// adjustments): what each send was, and what is known of its outcome. It is
// what keeps a rerun from sending something twice, so it is written durably
// (private-file.ts: atomic, fsync, the previous version kept as .bak) and one
// that cannot be read stops the command (exit 1) instead of reading as empty.

import path from 'node:path';
import { RejectedError, UsageError } from '../errors.js';
import { readJournalFile, tryFileLock, withFileLock, writeJournalFile } from '../private-file.js';

/**
 * sending: a run is sending it now, or died while sending (then: unknown);
 * recorded: the service answered yes; applied: a person said so;
 * not-applied: the service refused it, it never left, or a person said so;
 * unknown: sent, and nothing conclusive says whether it was applied.
 */
export type WriteStatus = 'sending' | 'recorded' | 'applied' | 'not-applied' | 'unknown';
export const writeStatuses: readonly WriteStatus[] = ['sending', 'recorded', 'applied', 'not-applied', 'unknown'];

export interface WriteHistoryEvent {
  at: string;
  status: WriteStatus;
  note?: string;
}

/** Stock on hand per product id ("17" → 42). */
export type Levels = Record<string, number>;

export interface WriteEntryBase {
  /** Hex: a receipt's fingerprint, or a stock change's own id. */
  id: string;
  profile: string;
  warehouseId: number;
  status: WriteStatus;
  createdAt: string;
  updatedAt: string;
  /** When the service accepted it, or when a person said it was applied. */
  recordedAt?: string;
  /** Sends of it so far. */
  attempts: number;
  /**
   * Which Idempotency-Key the entry sends (see idempotencyKey): the same on
   * every rerun, a new one only once a send is known not to have been applied
   * (refused) or the same write is sent again on purpose (--force).
   */
  keyGeneration?: number;
  /** Stock on hand per product id, read just before the last send. */
  levelsBefore?: Levels;
  /** Stock on hand per product id after it: from the service's answer, or read as evidence after a lost one. */
  levelsAfter?: Levels;
  /** When levelsAfter were read as evidence (an unknown outcome). */
  evidenceAt?: string;
  history: WriteHistoryEvent[];
}

interface JournalFile<E> {
  version: 1;
  entries: Record<string, E>;
}

const isJournal = (data: unknown): boolean =>
  data !== null && typeof data === 'object' && (data as { version?: unknown }).version === 1 && typeof (data as { entries?: unknown }).entries === 'object' && (data as { entries?: unknown }).entries !== null;

/** Writes that count as done: a rerun of them sends nothing. */
export function isSettled(status: WriteStatus): boolean {
  return status === 'recorded' || status === 'applied';
}

/** The short form people type and see: 12 hex digits. */
export function shortId(id: string): string {
  return id.slice(0, 12);
}

export function stampOf(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export class WriteJournal<E extends WriteEntryBase> {
  readonly file: string;
  private readonly lockDir: string;

  constructor(
    stateDir: string,
    names: { file: string; locks: string },
    /** In messages: "receipt", "stock change". */
    readonly what: string,
    /** The command that lists these entries, for hints. */
    readonly listCommand: string,
    readonly now: () => number = Date.now,
    private readonly scrub?: { scrub(text: string, everyJwt?: boolean): string },
  ) {
    this.file = path.join(stateDir, names.file);
    this.lockDir = path.join(stateDir, names.locks);
  }

  /** The whole journal; a damaged one throws DamagedJournalError (exit 1), never reads as empty. */
  private read(): JournalFile<E> {
    return readJournalFile<JournalFile<E>>(this.file, { version: 1, entries: {} }, isJournal);
  }

  /** Reads the journal once: a damaged file stops the command here, before anything is sent. */
  check(): void {
    this.read();
  }

  stamp(): string {
    return stampOf(this.now());
  }

  get(id: string): E | undefined {
    return this.read().entries[id];
  }

  /** Entries of one profile, newest first. */
  list(profile: string): E[] {
    return Object.values(this.read().entries)
      .filter((e) => e.profile === profile)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  /** Finds an entry of the profile by its id or an unambiguous prefix of it. */
  find(profile: string, idOrPrefix: string): E {
    const wanted = idOrPrefix.trim().toLowerCase();
    const hint = `See the ids with \`${this.listCommand}\`.`;
    if (!/^[0-9a-f]{4,64}$/.test(wanted)) {
      throw new UsageError(`"${idOrPrefix}" is not a ${this.what} id: expected at least 4 hex digits`, { hint });
    }
    const matches = this.list(profile).filter((e) => e.id.startsWith(wanted));
    if (matches.length === 0) throw new UsageError(`no ${this.what} ${idOrPrefix} in the journal of profile "${profile}"`, { hint });
    if (matches.length > 1) {
      throw new UsageError(`${this.what} id ${idOrPrefix} is ambiguous (${matches.length} entries start with it)`, { hint: 'Give more digits.' });
    }
    return matches[0]!;
  }

  /**
   * Changes one entry under the journal's file lock (cron runs of different
   * writes may record at the same moment) and returns it as stored.
   */
  async update(id: string, change: (entry: E | undefined) => E): Promise<E> {
    return withFileLock(this.file, async () => {
      const data = this.read();
      const next = change(data.entries[id]);
      next.updatedAt = this.stamp();
      data.entries[id] = next;
      await writeJournalFile(this.file, data, this.scrub);
      return next;
    });
  }

  /** Sets a status and notes it in the entry's history. */
  async setStatus(id: string, status: WriteStatus, fields: Partial<E> = {}, note?: string): Promise<E> {
    return this.update(id, (entry) => {
      if (!entry) throw new Error(`${this.what} ${id} vanished from the journal`);
      const at = this.stamp();
      return { ...entry, ...fields, status, history: [...entry.history, note ? { at, status, note } : { at, status }] };
    });
  }

  /**
   * Records that the entry is about to be sent (creating it if new), with the
   * levels read just before: if the answer is lost, or this process dies,
   * the journal says "sending" and the next run treats it as unknown.
   */
  async markSending(id: string, create: () => Omit<E, 'status' | 'createdAt' | 'updatedAt' | 'attempts' | 'history'>, fields: Partial<E>, options: { note?: string; newKey?: boolean } = {}): Promise<E> {
    return this.update(id, (existing) => {
      const at = this.stamp();
      const base = existing ?? ({ ...create(), status: 'sending', createdAt: at, updatedAt: at, attempts: 0, keyGeneration: 1, history: [] } as unknown as E);
      const keyGeneration = (base.keyGeneration ?? 1) + (existing && options.newKey ? 1 : 0);
      return {
        ...base,
        ...fields,
        status: 'sending',
        attempts: base.attempts + 1,
        keyGeneration,
        history: [...base.history, options.note ? { at, status: 'sending', note: options.note } : { at, status: 'sending' }],
      } as E;
    });
  }

  /**
   * The per-entry lock: a second run of the same write while one is sending
   * is refused at once (exit 5), never queued behind it, so that it cannot
   * send a second time.
   */
  async lock(id: string): Promise<() => Promise<void>> {
    const release = await tryFileLock(path.join(this.lockDir, id));
    if (!release) {
      throw new RejectedError(`another run of ${this.what} ${shortId(id)} is in progress`, {
        hint: `Nothing was sent by this run. Wait for the other one to finish; \`${this.listCommand}\` shows its result.`,
      });
    }
    return release;
  }
}

/**
 * The Idempotency-Key an entry sends: stable across reruns of the same entry,
 * so a service that honours it applies the write once however often it is
 * sent; a new generation only when a new send is meant (see keyGeneration).
 */
export function idempotencyKey(kind: string, entry: WriteEntryBase): string {
  return `venue-${kind}-${entry.id.slice(0, 32)}-${entry.keyGeneration ?? 1}`;
}
