// The one way venue writes a file it keeps (tokens, sessions, journals, keys,
// caches, saved deliveries, passes): a temporary file in the same folder,
// written and fsynced, then renamed over the target (or, for a file that must
// not exist yet, linked to its name: the same atomic step, refused with EEXIST
// when it does), then the folder fsynced so the new name survives a crash.
// Secret files get mode 0600 in a folder of 0700. A reader sees the old file
// or the new one, never half of one. (config.json and credentials.json are
// conf's, which writes them the same way through atomically; ConfigStore
// fsyncs their folder after each change.)
//
// write-file-atomic was weighed: it fsyncs the file but not the folder, and
// has no create-only mode, so this stays ours, in this one module.

import fs from 'node:fs';
import path from 'node:path';

export interface DurableWrite {
  /** File mode; 0o600 (secret) unless said. */
  mode?: number;
  /** Create the folder (0700) if it is missing. */
  createFolder?: boolean;
  /** Only if the file does not exist yet: EEXIST otherwise (as flag 'wx'), nothing changed. */
  exclusive?: boolean;
}

/** Writes content to file durably and atomically (see above). Throws the file system's error, the temporary file removed. */
export function writeFileDurably(file: string, content: string | Uint8Array, options: DurableWrite = {}): void {
  const folder = path.dirname(file);
  const mode = options.mode ?? 0o600;
  if (options.createFolder !== false) fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  const temporary = path.join(
    folder,
    `.${path.basename(file)}.${process.pid}.${Math.random().toString(36).slice(2, 10)}.tmp`,
  );
  try {
    const fd = fs.openSync(temporary, 'wx', mode);
    try {
      fs.writeFileSync(fd, content);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    // The umask may have narrowed the mode: it is set as asked.
    fs.chmodSync(temporary, mode);
    if (options.exclusive) {
      fs.linkSync(temporary, file);
      fs.rmSync(temporary, { force: true });
    } else fs.renameSync(temporary, file);
  } catch (error) {
    try {
      fs.rmSync(temporary, { force: true });
    } catch {}
    throw error;
  }
  syncFolder(folder);
}

/** The async form, for callers that await; the write itself is synchronous, so nothing of this process interleaves with it. */
export async function writeFileDurablyAsync(
  file: string,
  content: string | Uint8Array,
  options: DurableWrite = {},
): Promise<void> {
  writeFileDurably(file, content, options);
}

/** fsyncs a folder, so a rename or a new name in it survives a crash; a platform that cannot (Windows) keeps the atomic rename. */
export function syncFolder(folder: string): void {
  try {
    const fd = fs.openSync(folder, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // Not every platform can fsync a folder.
  }
}
