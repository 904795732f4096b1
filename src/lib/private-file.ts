// Small private JSON files (token cache, guest sessions, journals): written
// atomically with mode 0600, and changed under an inter-process lock so that
// overlapping cron jobs never interleave their writes.

import fs from 'node:fs';
import path from 'node:path';
import { VenueError } from './errors.js';

export function readJsonFile<T>(file: string, fallback: T): T {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return fallback;
    if (error instanceof SyntaxError) return fallback; // a torn or hand-edited file is rebuilt, not fatal
    throw error;
  }
}

export function writeJsonFile(file: string, data: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(temporary, `${JSON.stringify(data, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(temporary, file);
  fs.chmodSync(file, 0o600);
}

/**
 * A journal (receipts, reloads, holds) records what was sent to a service: read
 * as empty by mistake, it would let a rerun send the same thing twice. So it is
 * written durably (write-file-atomic: a temporary file, fsync, rename), the
 * version it replaces is kept beside it as <file>.bak, and one that cannot be
 * read stops the command (exit 1) naming both files, never read as empty.
 */
export class DamagedJournalError extends VenueError {
  constructor(
    readonly file: string,
    why: string,
  ) {
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
export function readJournalFile<T>(file: string, empty: T, isValid: (data: unknown) => boolean = (d) => d !== null && typeof d === 'object'): T {
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
    throw new DamagedJournalError(file, text.trim() === '' ? 'it is empty' : `not valid JSON: ${(error as Error).message}`);
  }
  if (!isValid(data)) throw new DamagedJournalError(file, 'it does not hold a journal');
  return data as T;
}

/**
 * Writes durably (fsync before rename) with mode 0600, keeping the replaced
 * version as <file>.bak. `scrub` (the run's SecretRegistry) masks any secret a
 * server echoed into a recorded message: journals are written, so they are
 * redacted too.
 */
export async function writeJournalFile(file: string, data: unknown, scrub?: { scrub(text: string, everyJwt?: boolean): string }): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  if (fs.existsSync(file)) fs.copyFileSync(file, `${file}.bak`);
  const { default: writeFileAtomic } = await import('write-file-atomic');
  const text = `${JSON.stringify(data, null, 2)}\n`;
  await writeFileAtomic(file, scrub ? scrub.scrub(text, true) : text, { mode: 0o600, fsync: true });
  if (fs.existsSync(`${file}.bak`)) fs.chmodSync(`${file}.bak`, 0o600);
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
  const { lock } = await import('proper-lockfile');
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

/** Takes the lock or reports at once that another process holds it. */
export async function tryFileLock(file: string, staleMs = 60_000): Promise<(() => Promise<void>) | undefined> {
  const { lock } = await import('proper-lockfile');
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  try {
    return await lock(file, { realpath: false, stale: staleMs, retries: 0, lockfilePath: `${file}.lock`, onCompromised: warnCompromised });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') return undefined;
    throw error;
  }
}
