// The short-lived cache behind completion of ids (locations, experiences,
// warehouses, webhook subscribers): a TAB reads it instead of calling a
// service, and fills it when an entry is missing or older than five minutes.
// It is a convenience, never a record: a torn or foreign file reads as empty,
// two shells writing at once may lose one entry (the next TAB fetches it
// again), and nothing else reads it.

import path from 'node:path';
import { readJsonFile, writeJsonFile } from './private-file.js';

/** One id a shell may offer, with what helps a person pick it (a name, a URL). */
export interface CachedId {
  id: string;
  label?: string;
}

interface CacheEntry {
  /** Epoch milliseconds. */
  fetchedAt: number;
  ids: CachedId[];
  /** The service could not be asked: nothing to offer, and not worth asking again at once. */
  failed?: boolean;
}

interface CacheFile {
  version: 1;
  /** profile → key ("webhook", "experience@loc-riverside") → entry */
  profiles: Record<string, Record<string, CacheEntry>>;
}

export const COMPLETION_CACHE_MAX_AGE_MS = 5 * 60_000;
/** After a failed fetch, TABs within this time do not wait on the service again. */
export const COMPLETION_FAILURE_PAUSE_MS = 20_000;

export type CacheLookup = { state: 'fresh'; ids: CachedId[] } | { state: 'failed-recently' } | { state: 'missing' };

export class CompletionCache {
  readonly file: string;

  constructor(
    stateDir: string,
    private readonly now: () => number = Date.now,
    private readonly maxAgeMs = COMPLETION_CACHE_MAX_AGE_MS,
  ) {
    this.file = path.join(stateDir, 'completion-cache.json');
  }

  private read(): CacheFile {
    const data = readJsonFile<Partial<CacheFile> | null>(this.file, null);
    if (!data || data.version !== 1 || typeof data.profiles !== 'object' || data.profiles === null)
      return { version: 1, profiles: {} };
    return data as CacheFile;
  }

  private isValid(entry: CacheEntry | undefined): entry is CacheEntry {
    return Boolean(entry && typeof entry.fetchedAt === 'number' && Array.isArray(entry.ids));
  }

  lookup(profile: string, key: string): CacheLookup {
    const entry = this.read().profiles[profile]?.[key];
    if (!this.isValid(entry)) return { state: 'missing' };
    const age = this.now() - entry.fetchedAt;
    if (entry.failed)
      return age >= 0 && age < COMPLETION_FAILURE_PAUSE_MS ? { state: 'failed-recently' } : { state: 'missing' };
    if (age < 0 || age >= this.maxAgeMs) return { state: 'missing' };
    return { state: 'fresh', ids: entry.ids.filter((i) => i && typeof i.id === 'string') };
  }

  /** The ids of a key if they are fresh, else undefined. */
  fresh(profile: string, key: string): CachedId[] | undefined {
    const found = this.lookup(profile, key);
    return found.state === 'fresh' ? found.ids : undefined;
  }

  store(profile: string, key: string, ids: CachedId[]): void {
    this.write(profile, key, { fetchedAt: this.now(), ids });
  }

  storeFailure(profile: string, key: string): void {
    this.write(profile, key, { fetchedAt: this.now(), ids: [], failed: true });
  }

  private write(profile: string, key: string, entry: CacheEntry): void {
    const data = this.read();
    // Expired entries go, so the file never grows past what five minutes of TABs fetched.
    for (const [name, entries] of Object.entries(data.profiles)) {
      for (const [k, e] of Object.entries(entries ?? {})) {
        if (!this.isValid(e) || this.now() - e.fetchedAt >= this.maxAgeMs) delete entries[k];
      }
      if (!entries || Object.keys(entries).length === 0) delete data.profiles[name];
    }
    (data.profiles[profile] ??= {})[key] = entry;
    writeJsonFile(this.file, data);
  }
}
