// Small private JSON files (token cache, guest sessions, journals): written
// atomically with mode 0600, and changed under an inter-process lock so that
// overlapping cron jobs never interleave their writes.

import fs from 'node:fs';
import path from 'node:path';

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
