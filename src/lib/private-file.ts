// Small private JSON files (token cache, guest sessions, journals): written
// atomically with mode 0600, and changed under an inter-process lock so that
// overlapping cron jobs never interleave their writes.

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeFileDurably } from './durable-file.js';
import { VenueError } from './errors.js';
import { lockfileModule } from './lazy-modules.js';

export function readJsonFile<T>(file: string, fallback: T): T {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return fallback;
    if (error instanceof SyntaxError) return fallback; // a torn or hand-edited file is rebuilt, not fatal
    throw error;
  }
}

/** A private JSON file (tokens, sessions, caches), written durably with mode 0600 (durable-file.ts). */
export function writeJsonFile(file: string, data: unknown): void {
  writeFileDurably(file, `${JSON.stringify(data, null, 2)}\n`);
}

/**
 * A journal (receipts, reloads, holds) records what was sent to a service: read
 * as empty by mistake, it would let a rerun send the same thing twice. So it is
 * written durably (a temporary file, fsync, rename), the
 * version it replaces is kept beside it as <file>.bak, and one that cannot be
 * read stops the command (exit 1) naming both files, never read as empty.
 */
export class DamagedJournalError extends VenueError {
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    const why = reason;
    const backup = `${file}.bak`;
    super('local-state', `the journal ${file} cannot be read (${why}): nothing was sent`, {
      hint: fs.existsSync(backup)
        ? `Its previous version is ${backup}. Compare the two, put back the right one (or repair the file), then run the command again.`
        : 'There is no previous version. Repair the file, or move it away only once you are sure nothing it recorded is still unsettled.',
    });
    this.name = 'DamagedJournalError';
  }
}

/** The journal's content, or `empty` when there is none yet; damage is an error, never emptiness. */
export function readJournalFile<T>(
  file: string,
  empty: T,
  isValid: (data: unknown) => boolean = (d) => d !== null && typeof d === 'object',
): T {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return empty;
    throw new DamagedJournalError(file, (error as Error).message);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new DamagedJournalError(
      file,
      text.trim() === '' ? 'it is empty' : `not valid JSON: ${(error as Error).message}`,
    );
  }
  if (!isValid(data)) throw new DamagedJournalError(file, 'it does not hold a journal');
  return data as T;
}

/**
 * A journal venue could not write: named with its folder and the cause (a
 * full disk, a read-only folder, a file where the folder should be), exit 1,
 * never "unexpected failure". Before a send it means nothing was sent; a
 * workflow that meets it after a send reports the outcome as unknown instead.
 */
export class JournalWriteError extends VenueError {
  constructor(
    readonly file: string,
    readonly reason: string,
    options: { sent?: false } = {},
  ) {
    super(
      'local-state',
      `cannot write venue's journal ${file} in the folder ${path.dirname(file)}: ${reason}${options.sent === false ? '; nothing was sent' : ''}`,
      {
        hint: "Free space on that disk, or make the folder writable (it is the state folder under venue's config folder; VENUE_CONFIG_DIR moves both), then run the command again.",
      },
    );
    this.name = 'JournalWriteError';
  }
}

/** A file-system error in words: "the disk is full (ENOSPC)". */
export function reasonOf(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  const words: Record<string, string> = {
    ENOSPC: 'the disk is full',
    EDQUOT: 'the disk quota is used up',
    EROFS: 'the file system is read-only',
    EACCES: 'permission denied',
    EPERM: 'not permitted',
    ENOTDIR: 'a file stands where a folder should be',
    // mkdir of a folder whose name a file already has
    EEXIST: 'a file stands where a folder should be',
    EISDIR: 'a folder stands where the file should be',
  };
  return e?.code && words[e.code] ? `${words[e.code]} (${e.code})` : (e?.message ?? String(error));
}

/**
 * Writes durably and synchronously (a temporary file, fsync, rename, the
 * folder fsynced) with mode 0600, keeping the replaced version as <file>.bak.
 * Synchronous, so no other work of this process interleaves with it. `scrub`
 * (the run's SecretRegistry) masks any secret a server echoed into a recorded
 * message: journals are written, so they are redacted too. Any failure is a
 * JournalWriteError naming the file and the cause.
 */
export function writeJournalFileSync(
  file: string,
  data: unknown,
  scrub?: { scrub(text: string, everyJwt?: boolean): string },
): void {
  const text = `${JSON.stringify(data, null, 2)}\n`;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    if (fs.existsSync(file)) writeFileDurably(`${file}.bak`, fs.readFileSync(file));
    writeFileDurably(file, scrub ? scrub.scrub(text, true) : text);
  } catch (error) {
    throw new JournalWriteError(file, reasonOf(error));
  }
}

/** The async form (callers that await it); the write itself is synchronous. */
export async function writeJournalFile(
  file: string,
  data: unknown,
  scrub?: { scrub(text: string, everyJwt?: boolean): string },
): Promise<void> {
  writeJournalFileSync(file, data, scrub);
}

/**
 * Finds a folder venue cannot write before anything is sent: creates it if
 * need be, then writes, syncs and removes a small file in it (as a journal
 * write would). A JournalWriteError names the journal, the folder and why.
 */
export function assertWritable(file: string): void {
  const probe = path.join(
    path.dirname(file),
    `.venue-write-check.${process.pid}.${Math.random().toString(36).slice(2, 8)}`,
  );
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    if (fs.existsSync(file) && fs.statSync(file).isDirectory())
      throw Object.assign(new Error('is a folder'), { code: 'EISDIR' });
    const fd = fs.openSync(probe, 'w', 0o600);
    try {
      fs.writeFileSync(fd, Buffer.alloc(4096, 32));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
      fs.rmSync(probe, { force: true });
    }
  } catch (error) {
    throw new JournalWriteError(file, reasonOf(error), { sent: false });
  }
}

// ---------------------------------------------------------------- locks that know their holder

/** Who holds a lock: recorded in it, so a lock left by a dead process is seen as stale at once. */
export interface LockHolder {
  pid: number;
  host: string;
  at: string;
}

/** A lock of another host (a shared folder) cannot be checked: it is stale only after this long. */
const FOREIGN_LOCK_STALE_MS = 10 * 60_000;
/** A lock file with no holder written yet (its process died at that moment) is stale after this long. */
const TORN_LOCK_STALE_MS = 5_000;

export function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(lockFile: string): LockHolder | undefined {
  try {
    const data = JSON.parse(fs.readFileSync(lockFile, 'utf8')) as Partial<LockHolder>;
    if (typeof data.pid === 'number' && typeof data.host === 'string')
      return { pid: data.pid, host: data.host, at: String(data.at ?? '') };
  } catch {}
  return undefined;
}

/** Whether the holder of a lock is gone (this host: its process is not running). */
export function holderGone(holder: LockHolder | undefined, ageMs: number): boolean {
  if (!holder) return ageMs > TORN_LOCK_STALE_MS;
  if (holder.host === os.hostname()) return holder.pid !== process.pid && !processAlive(holder.pid);
  return ageMs > FOREIGN_LOCK_STALE_MS;
}

export function thisHolder(): LockHolder {
  return { pid: process.pid, host: os.hostname(), at: new Date().toISOString() };
}

export type LockAttempt = { release: () => void } | { holder?: LockHolder };

/**
 * Takes the lock file or says who holds it, at once. A lock whose holder is
 * gone is removed and taken (moved aside first, so two runs that both find it
 * stale cannot both take it).
 */
export function tryHolderLock(lockFile: string): LockAttempt {
  fs.mkdirSync(path.dirname(lockFile), { recursive: true, mode: 0o700 });
  for (let tries = 0; tries < 3; tries++) {
    const me = thisHolder();
    try {
      const fd = fs.openSync(lockFile, 'wx', 0o600);
      try {
        fs.writeFileSync(fd, JSON.stringify(me));
      } finally {
        fs.closeSync(fd);
      }
      return {
        release: () => {
          const now = readHolder(lockFile);
          if (now && now.pid === me.pid && now.at === me.at) fs.rmSync(lockFile, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let stat: fs.Stats;
    try {
      stat = fs.statSync(lockFile);
    } catch {
      continue; // released meanwhile: try again
    }
    if (stat.isDirectory()) {
      // An older venue's lock (a folder, refreshed while held): stale once it stops being refreshed.
      if (Date.now() - stat.mtimeMs > 60_000) fs.rmSync(lockFile, { recursive: true, force: true });
      else return {};
      continue;
    }
    const holder = readHolder(lockFile);
    if (!holderGone(holder, Date.now() - stat.mtimeMs)) return { holder };
    const aside = `${lockFile}.stale.${process.pid}.${Math.random().toString(36).slice(2, 8)}`;
    try {
      fs.renameSync(lockFile, aside);
    } catch {
      continue;
    }
    const moved = readHolder(aside);
    if (moved && holder && (moved.pid !== holder.pid || moved.at !== holder.at)) {
      // Another run took it in between: give it back.
      try {
        fs.linkSync(aside, lockFile);
      } catch {}
    }
    fs.rmSync(aside, { force: true });
  }
  return { holder: readHolder(lockFile) };
}

/** Runs fn holding the lock file, waiting up to waitMs for a live holder; a dead holder's lock is taken at once. */
export async function withHolderLock<T>(
  lockFile: string,
  fn: () => Promise<T> | T,
  options: { waitMs?: number; what?: string } = {},
): Promise<T> {
  const until = Date.now() + (options.waitMs ?? 15_000);
  for (;;) {
    let attempt: LockAttempt;
    try {
      attempt = tryHolderLock(lockFile);
    } catch (error) {
      throw new JournalWriteError(lockFile, `the lock cannot be taken: ${reasonOf(error)}`);
    }
    if ('release' in attempt) {
      try {
        return await fn();
      } finally {
        try {
          attempt.release();
        } catch {}
      }
    }
    if (Date.now() > until) {
      const who = attempt.holder ? `process ${attempt.holder.pid} on ${attempt.holder.host}` : 'another process';
      throw new VenueError('local-state', `${options.what ?? lockFile} stays locked by ${who}`, {
        hint: `Nothing was changed. If no venue is running, remove ${lockFile}.`,
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 25 + Math.random() * 50));
  }
}

/**
 * proper-lockfile throws from a timer when it could not refresh a lock in
 * time (a stalled machine); that would crash a cron run mid-receipt. The work
 * under the lock is already guarded by the journal, so say it and go on.
 */
function warnCompromised(error: Error): void {
  process.emitWarning(`lock compromised: ${error.message}`);
}

/**
 * Runs fn while holding a lock on `file` (which need not exist yet). Waits for
 * another holder up to waitMs; a holder that died leaves a stale lock that is
 * taken over after staleMs.
 */
export async function withFileLock<T>(
  file: string,
  fn: () => Promise<T> | T,
  options: { waitMs?: number; staleMs?: number } = {},
): Promise<T> {
  const { lock } = await lockfileModule();
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const waitMs = options.waitMs ?? 15_000;
  const release = await lock(file, {
    realpath: false,
    stale: options.staleMs ?? 20_000,
    retries: { retries: Math.max(1, Math.ceil(waitMs / 200)), factor: 1, minTimeout: 100, maxTimeout: 200 },
    lockfilePath: `${file}.lock`,
    onCompromised: warnCompromised,
  });
  try {
    return await fn();
  } finally {
    await release().catch(() => undefined);
  }
}
