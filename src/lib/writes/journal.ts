// The one journal writer and format for every write venue records (stock
// receipts, stock takes and adjustments, wallet reloads, booking holds,
// orders and payments): what each send was, who was sending it, and what is
// known of its outcome (writes/rule.ts). It is what keeps a rerun from
// sending something twice, so:
// - it is written durably (private-file.ts: temporary file, fsync, rename,
//   the previous version kept as .bak), and one that cannot be read stops the
//   command (exit 1) instead of reading as empty;
// - one that cannot be written is found before anything is sent (exit 1,
//   naming the folder and the cause);
// - an entry is marked "sending", with this process's id and host, only when
//   its request is about to leave (the HTTP layer's beforeSend); a run that
//   finds an entry "sending" whose process is gone knows that run died with
//   the request possibly sent: unknown, with the settle command;
// - the per-entry lock records its holder too, so a lock left by a killed run
//   is taken over at once: never a false "another run is in progress";
// - journals of the format before this one (version 1: inventory's, the
//   reload array, the hold list) are read and converted on first read, and
//   the file they came from is kept beside as <file>.v1.bak.
//
// - a thing that keeps failing before it can be recorded (a file of a nightly
//   run the service refuses, or that cannot be read) has a failing note with
//   the time of its FIRST failed attempt, kept across reruns until it
//   succeeds: what an alert after a while is measured from.
//
// File: { "format": "venue-journal", "version": 2, "journal": <name>, "entries": { <id>: entry },
//         "failing"?: { <key>: note } }

import fs from 'node:fs';
import path from 'node:path';
import { writeFileDurably } from '../durable-file.js';
import { RejectedError, UnknownOutcomeError, UsageError } from '../errors.js';
import {
  DamagedJournalError,
  JournalWriteError,
  assertWritable,
  reasonOf,
  holderGone,
  readJournalFile,
  thisHolder,
  tryHolderLock,
  withHolderLock,
  writeJournalFileSync,
  type LockHolder,
} from '../private-file.js';
import { venueHint } from '../hint-command.js';

/**
 * sending: a run is sending it now, or died while sending (then: unknown);
 * recorded: the service answered yes (or the outcome was proven);
 * applied: a person said so;
 * not-applied: the service refused it, it never left, or a person said so;
 * unknown: sent, and nothing conclusive says whether it was applied.
 */
export type WriteStatus = 'sending' | 'recorded' | 'applied' | 'not-applied' | 'unknown';
export const writeStatuses: readonly WriteStatus[] = ['sending', 'recorded', 'applied', 'not-applied', 'unknown'];

export type WriteKind = 'receipt' | 'take' | 'adjustment' | 'reload' | 'hold' | 'order' | 'payment';

export interface WriteHistoryEvent {
  at: string;
  status: WriteStatus;
  note?: string;
}

/** The fields every journal entry has. */
export interface JournalEntry {
  /** The entry's id: hex (a fingerprint or a random id); a hold's key. */
  id: string;
  kind: WriteKind;
  profile: string;
  status: WriteStatus;
  createdAt: string;
  updatedAt: string;
  /** When the service accepted it, or when a person said it was applied. */
  recordedAt?: string;
  /** Sends of it so far. */
  attempts: number;
  /**
   * Which Idempotency-Key the entry sends: the same on every rerun, a new one
   * only once a send is known not to have been applied (refused) or the same
   * write is sent again on purpose (--force).
   */
  keyGeneration?: number;
  /** The process that marked it sending (while it is "sending"). */
  sender?: LockHolder;
  /** What the answer said, when it disagreed with the request (the evidence a person settles it by). */
  disagreement?: string[];
  history: WriteHistoryEvent[];
}

/**
 * Something that has failed to be recorded since its first failed attempt
 * (a receipt file of a nightly run, before or after it became an entry):
 * kept until it succeeds, so reruns measure from the first failure.
 */
export interface FailingNote {
  /** What a person knows it by: a file's path. */
  subject: string;
  profile: string;
  firstFailedAt: string;
  lastFailedAt: string;
  /** Failed attempts so far. */
  failures: number;
  /** Why the last attempt failed, in one line. */
  reason: string;
}

interface JournalFile<E> {
  format: 'venue-journal';
  version: 2;
  journal: string;
  entries: Record<string, E>;
  /** Added in place (still version 2): a reader that does not know it keeps it as it is. */
  failing?: Record<string, FailingNote>;
}

const isCurrent = (data: unknown): boolean =>
  data !== null &&
  typeof data === 'object' &&
  (data as { format?: unknown }).format === 'venue-journal' &&
  (data as { version?: unknown }).version === 2 &&
  typeof (data as { entries?: unknown }).entries === 'object' &&
  (data as { entries?: unknown }).entries !== null;

/** Writes that count as done: a rerun of them sends nothing. */
export function isSettled(status: WriteStatus): boolean {
  return status === 'recorded' || status === 'applied';
}

/** The short form people type and see: 12 characters. */
export function shortId(id: string): string {
  return id.slice(0, 12);
}

export function stampOf(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The fields every entry has, for one converted from a version-1 journal (its history says where it came from). */
export function migratedEntry(base: {
  id: string;
  kind: WriteKind;
  profile: string;
  status: WriteStatus;
  at: string;
  from: string;
}): JournalEntry {
  const { id, kind, profile, status, at, from } = base;
  return {
    id,
    kind,
    profile,
    status,
    createdAt: at,
    updatedAt: at,
    attempts: 1,
    history: [{ at, status, note: `from the version-1 ${from}` }],
  };
}

/** Whether the run that marked an entry "sending" is gone (killed, crashed): then its outcome is unknown. */
export function senderGone(entry: JournalEntry): boolean {
  if (entry.status !== 'sending') return false;
  return holderGone(entry.sender, Date.now() - Date.parse(entry.updatedAt || entry.createdAt));
}

/**
 * Whether a write's outcome needs a person: it is unknown (journalled so, or
 * marked sending by a run that is gone without recording an answer). Only
 * proof or a person settles it (rule.ts); the lists of writes say so by
 * their exit code (unsettledListed).
 */
export function needsPerson(entry: Pick<JournalEntry, 'status' | 'sender' | 'updatedAt' | 'createdAt'>): boolean {
  return entry.status === 'unknown' || senderGone(entry as JournalEntry);
}

/**
 * The one exit rule of the lists of venue's own writes (`inventory receipts
 * list`, `inventory stock changes`, `wallet reloads`, `booking holds`): a
 * list that shows at least one write whose outcome needs a person
 * (needsPerson) ends with exit 7 (unknown outcome), after printing the list
 * whole, saying how many and how each is settled; otherwise exit 0. A filter
 * (--status, --unsettled) only chooses what is shown: a list filtered to
 * settled writes is 0. So a script or a cron job that lists writes learns of
 * an unsettled one by the exit code, whichever list it reads.
 */
export function unsettledListed(
  count: number,
  [one, many]: readonly [string, string],
  settle: string,
): UnknownOutcomeError | undefined {
  if (count === 0) return undefined;
  return new UnknownOutcomeError(
    `${count} ${count === 1 ? one : many} listed ${count === 1 ? 'has' : 'have'} an unknown outcome: a person must settle ${count === 1 ? 'it' : 'each'}`,
    { hint: settle },
  );
}

export interface JournalSpec<E extends JournalEntry> {
  /** The file under the state folder: "inventory-receipts.json", "booking-holds/<profile>.json". */
  file: string;
  /** The folder of per-entry locks under the state folder. */
  locks: string;
  /** The journal's name in the file ("inventory-receipts"). */
  name: string;
  /** In messages: "receipt", "stock change". */
  what: string;
  /** The command that lists these entries, for hints: its words after `venue`. */
  listCommand: readonly string[];
  /** Converts a version-1 file of this journal into entries; undefined when the data is not one. */
  migrate?: (old: unknown) => Record<string, E> | undefined;
  /** At most this many settled entries are kept (oldest dropped first); unsettled ones are always kept. */
  keepSettled?: number;
}

export class Journal<E extends JournalEntry> {
  readonly file: string;
  readonly what: string;
  readonly listCommand: readonly string[];
  private readonly lockDir: string;

  constructor(
    stateDir: string,
    private readonly spec: JournalSpec<E>,
    readonly now: () => number = Date.now,
    private readonly scrub?: { scrub(text: string, everyJwt?: boolean): string },
  ) {
    this.file = path.join(stateDir, spec.file);
    this.lockDir = path.join(stateDir, spec.locks);
    this.what = spec.what;
    this.listCommand = spec.listCommand;
  }

  /** The whole journal; a damaged one throws DamagedJournalError (exit 1), never reads as empty. */
  private read(): JournalFile<E> {
    const empty: JournalFile<E> = { format: 'venue-journal', version: 2, journal: this.spec.name, entries: {} };
    const data = readJournalFile<unknown>(
      this.file,
      empty,
      (d) => isCurrent(d) || this.spec.migrate?.(d) !== undefined,
    );
    if (isCurrent(data)) return data as JournalFile<E>;
    const migrated: JournalFile<E> = { ...empty, entries: this.spec.migrate!(data)! };
    this.persistMigration(migrated);
    return migrated;
  }

  /**
   * A version-1 file is converted on first read: written in this format when
   * the lock can be had at once (the original kept as <file>.v1.bak), else
   * read converted and written by the next change.
   */
  private persistMigration(migrated: JournalFile<E>): void {
    try {
      const attempt = tryHolderLock(`${this.file}.lock`);
      if (!('release' in attempt)) return;
      try {
        if (!this.keepVersion1()) return;
        writeJournalFileSync(this.file, migrated, this.scrub);
      } finally {
        attempt.release();
      }
    } catch {
      // A folder that cannot be written is reported when something is about to be sent.
    }
  }

  /** Under the file lock: copies a version-1 file to <file>.v1.bak (once); true when the file is version 1. */
  private keepVersion1(): boolean {
    const current = readJournalFile<unknown>(this.file, undefined);
    if (current === undefined || isCurrent(current)) return false;
    const backup = `${this.file}.v1.bak`;
    try {
      if (!fs.existsSync(backup)) writeFileDurably(backup, fs.readFileSync(this.file));
    } catch (error) {
      throw new JournalWriteError(backup, reasonOf(error));
    }
    return true;
  }

  /** Reads the journal and checks its folder can be written: a damaged or unwritable one stops the command here, before anything is sent. */
  check(): void {
    assertWritable(this.file);
    this.read();
  }

  stamp(): string {
    return stampOf(this.now());
  }

  get(id: string): E | undefined {
    return this.read().entries[id];
  }

  /** Every entry, newest first. */
  all(): E[] {
    return Object.values(this.read().entries).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  /** Entries of one profile, newest first. */
  list(profile: string): E[] {
    return this.all().filter((e) => e.profile === profile);
  }

  /** Finds an entry of the profile by its id or an unambiguous prefix of it. */
  findByPrefix(profile: string, idOrPrefix: string): E {
    const wanted = idOrPrefix.trim().toLowerCase();
    const hint = `See the ids with ${venueHint(this.listCommand)}.`;
    if (!/^[0-9a-f-]{4,64}$/.test(wanted)) {
      throw new UsageError(`"${idOrPrefix}" is not a ${this.what} id: expected at least 4 hex digits`, { hint });
    }
    const matches = this.list(profile).filter((e) => e.id.startsWith(wanted));
    if (matches.length === 0)
      throw new UsageError(`no ${this.what} ${idOrPrefix} in the journal of profile "${profile}"`, { hint });
    if (matches.length > 1) {
      throw new UsageError(`${this.what} id ${idOrPrefix} is ambiguous (${matches.length} entries start with it)`, {
        hint: 'Give more digits.',
      });
    }
    return matches[0]!;
  }

  /** Changes the entries under the journal's file lock and writes them durably; returns what fn returns. */
  async change<T>(fn: (entries: Record<string, E>) => T): Promise<T> {
    return this.changeFile((data) => fn(data.entries));
  }

  /** The failing note of a subject (see FailingNote), if it has failed since it last succeeded. */
  failing(key: string): FailingNote | undefined {
    return this.read().failing?.[key];
  }

  /** Notes a failed attempt: the first one's time is kept, the last one's and its reason updated. */
  async noteFailure(key: string, what: { subject: string; profile: string; reason: string }): Promise<FailingNote> {
    return this.changeFile((data) => {
      const at = this.stamp();
      const before = data.failing?.[key];
      const note: FailingNote = {
        subject: what.subject,
        profile: what.profile,
        firstFailedAt: before?.firstFailedAt ?? at,
        lastFailedAt: at,
        failures: (before?.failures ?? 0) + 1,
        reason: what.reason,
      };
      data.failing = { ...data.failing, [key]: note };
      return note;
    });
  }

  /** A success: the subject's failing note (if any) is dropped. */
  async clearFailure(key: string): Promise<void> {
    if (this.failing(key) === undefined) return;
    await this.changeFile((data) => {
      if (data.failing) delete data.failing[key];
    });
  }

  /** Drops the failing notes a predicate picks (a file that left its folder without being received); none to drop writes nothing. */
  async forgetFailures(which: (key: string, note: FailingNote) => boolean): Promise<number> {
    const notes = this.read().failing ?? {};
    if (!Object.entries(notes).some(([key, note]) => which(key, note))) return 0;
    return this.changeFile((data) => {
      let dropped = 0;
      for (const [key, note] of Object.entries(data.failing ?? {}))
        if (which(key, note)) {
          delete data.failing![key];
          dropped++;
        }
      return dropped;
    });
  }

  private async changeFile<T>(fn: (data: JournalFile<E>) => T): Promise<T> {
    return withHolderLock(
      `${this.file}.lock`,
      () => {
        const data = this.read();
        const result = fn(data);
        this.prune(data.entries);
        this.keepVersion1();
        writeJournalFileSync(this.file, data, this.scrub);
        return result;
      },
      { what: `the journal ${this.file}` },
    );
  }

  /** Drops the oldest settled entries past keepSettled; never an unsettled one. */
  private prune(entries: Record<string, E>): void {
    const keep = this.spec.keepSettled;
    if (keep === undefined) return;
    const settled = Object.values(entries)
      .filter((e) => e.status === 'recorded' || e.status === 'applied' || e.status === 'not-applied')
      .sort((a, b) => a.updatedAt.localeCompare(b.updatedAt));
    for (const e of settled.slice(0, Math.max(0, settled.length - keep))) delete entries[e.id];
  }

  /** Changes one entry and returns it as stored. */
  async update(id: string, change: (entry: E | undefined) => E): Promise<E> {
    return this.change((entries) => {
      const next = change(entries[id]);
      next.updatedAt = this.stamp();
      entries[id] = next;
      return next;
    });
  }

  async remove(ids: string[]): Promise<void> {
    if (!ids.length) return;
    await this.change((entries) => {
      for (const id of ids) delete entries[id];
    });
  }

  /** Sets a status and notes it in the entry's history; a settled status drops the sender. */
  async setStatus(id: string, status: WriteStatus, fields: Partial<E> = {}, note?: string): Promise<E> {
    return this.update(id, (entry) => {
      if (!entry) throw new Error(`${this.what} ${id} vanished from the journal`);
      const at = this.stamp();
      const next = {
        ...entry,
        ...fields,
        status,
        history: [...entry.history, note ? { at, status, note } : { at, status }],
      };
      if (status !== 'sending') delete next.sender;
      return next;
    });
  }

  /**
   * Records that the entry's request is about to leave (creating the entry
   * if new), with this process as its sender: if the answer is lost, or this
   * process dies, the journal says "sending" and the next run sees the sender
   * gone and treats it as unknown. Call it from the HTTP layer's beforeSend.
   */
  async markSending(
    id: string,
    create: () => Omit<E, 'status' | 'createdAt' | 'updatedAt' | 'attempts' | 'history'>,
    fields: Partial<E> = {},
    options: { note?: string; newKey?: boolean } = {},
  ): Promise<E> {
    return this.update(id, (existing) => {
      const at = this.stamp();
      const base =
        existing ??
        ({
          ...create(),
          status: 'sending',
          createdAt: at,
          updatedAt: at,
          attempts: 0,
          keyGeneration: 1,
          history: [],
        } as unknown as E);
      const keyGeneration = nextKeyGeneration(existing, options.newKey);
      return {
        ...base,
        ...fields,
        status: 'sending',
        sender: thisHolder(),
        attempts: base.attempts + 1,
        keyGeneration,
        history: [
          ...base.history,
          options.note ? { at, status: 'sending', note: options.note } : { at, status: 'sending' },
        ],
      } as E;
    });
  }

  /**
   * The per-entry lock: a second run of the same write while one is sending
   * is refused at once (exit 5), never queued behind it, so that it cannot
   * send a second time. A lock whose process is gone is taken over at once.
   */
  lock(id: string): () => void {
    let attempt;
    try {
      attempt = tryHolderLock(path.join(this.lockDir, `${id}.lock`));
    } catch (error) {
      // The folder cannot be written: say so as the journal would, before anything is sent.
      assertWritable(this.file);
      throw error;
    }
    if (!('release' in attempt)) {
      const who = attempt.holder
        ? ` (process ${attempt.holder.pid}${attempt.holder.host ? ` on ${attempt.holder.host}` : ''}, since ${attempt.holder.at})`
        : '';
      throw new RejectedError(`another run of ${this.what} ${shortId(id)} is in progress${who}`, {
        hint: `Nothing was sent by this run. Wait for the other one to finish; ${venueHint(this.listCommand)} shows its result.`,
      });
    }
    const release = attempt.release;
    return () => {
      try {
        release();
      } catch {
        // a lock already gone must not fail a finished write
      }
    };
  }
}

/** The key generation the next send of an entry carries: 1 for a new entry; one more only for a send meant anew. */
export function nextKeyGeneration(existing: Pick<JournalEntry, 'keyGeneration'> | undefined, newKey?: boolean): number {
  return existing ? (existing.keyGeneration ?? 1) + (newKey ? 1 : 0) : 1;
}

/**
 * The Idempotency-Key an entry sends: stable across reruns of the same entry,
 * so a service that honours it applies the write once however often it is
 * sent; a new generation only when a new send is meant (see keyGeneration).
 */
export function idempotencyKey(kind: string, entry: Pick<JournalEntry, 'id' | 'keyGeneration'>): string {
  return `venue-${kind}-${entry.id.slice(0, 32)}-${entry.keyGeneration ?? 1}`;
}

export { DamagedJournalError };
