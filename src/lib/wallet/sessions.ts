// Guest sessions, per profile: email → access and refresh token with their
// expiries, in the private state directory (0600, changed under a lock). The
// tokens never leave this file except in an Authorization header, and only to
// the wallet base URL the guest logged in at: a session stored for another
// address (wallet.url changed, or one from before sessions recorded theirs)
// is never used; the guest logs in again.

import path from 'node:path';
import { readJsonFile, withFileLock, writeJsonFile } from '../private-file.js';
import { jwtTimes } from '../tokens.js';

export interface StoredSession {
  email: string;
  accessToken: string;
  refreshToken: string;
  /** Epoch ms; undefined when the token is not a JWT and carries no exp. */
  accessExpiresAt?: number;
  refreshExpiresAt?: number;
  loggedInAt: number;
  /** The wallet base URL the guest logged in at; absent in sessions of older versions (then never used). */
  baseUrl?: string;
}

/** What may be shown: no token, only when things lapse. */
export interface SessionSummary {
  email: string;
  loggedInAt: string;
  accessExpiresAt?: string;
  refreshExpiresAt?: string;
  /** Where the session belongs (no token): the wallet base URL it was opened at. */
  host?: string;
  state:
    | 'active'
    | 'access expired (renews on next call)'
    | 'refresh expired (log in again)'
    | 'stale: another host (log in again)';
}

type SessionFile = Record<string, Record<string, StoredSession>>;

export const SESSIONS_FILE = 'wallet-sessions.json';

const iso = (ms: number | undefined) =>
  ms === undefined ? undefined : new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

export function sessionState(
  session: Pick<StoredSession, 'accessExpiresAt' | 'refreshExpiresAt'>,
  now: number,
): SessionSummary['state'] {
  if (session.refreshExpiresAt !== undefined && session.refreshExpiresAt <= now)
    return 'refresh expired (log in again)';
  if (session.accessExpiresAt !== undefined && session.accessExpiresAt <= now)
    return 'access expired (renews on next call)';
  return 'active';
}

/** baseUrl: this run's wallet address; a session opened at another is shown as stale. */
export function summarise(session: StoredSession, now: number, baseUrl?: string): SessionSummary {
  return {
    email: session.email,
    loggedInAt: iso(session.loggedInAt)!,
    accessExpiresAt: iso(session.accessExpiresAt),
    refreshExpiresAt: iso(session.refreshExpiresAt),
    host: session.baseUrl,
    state:
      baseUrl !== undefined && session.baseUrl !== baseUrl
        ? 'stale: another host (log in again)'
        : sessionState(session, now),
  };
}

export class GuestSessions {
  readonly file: string;

  /**
   * baseUrl: the wallet address of this run (normalised, see normaliseBaseUrl).
   * Without it (forgetting sessions needs no address) nothing can be used or saved.
   */
  constructor(
    stateDir: string,
    private readonly profile: string,
    private readonly now: () => number = Date.now,
    readonly baseUrl?: string,
  ) {
    this.file = path.join(stateDir, SESSIONS_FILE);
  }

  private all(): SessionFile {
    return readJsonFile<SessionFile>(this.file, {});
  }

  /** Every stored session of the profile, wherever it was opened. */
  list(): StoredSession[] {
    return Object.values(this.all()[this.profile] ?? {}).sort((a, b) => a.email.localeCompare(b.email));
  }

  /** The sessions that may be used here: opened at this run's wallet address. */
  usable(): StoredSession[] {
    return this.list().filter((s) => this.belongsHere(s));
  }

  private belongsHere(session: StoredSession): boolean {
    return this.baseUrl !== undefined && session.baseUrl === this.baseUrl;
  }

  /** The guest's session when it was opened at this run's wallet address. */
  get(email: string): StoredSession | undefined {
    const session = this.stored(email);
    return session && this.belongsHere(session) ? session : undefined;
  }

  /** The guest's stored session wherever it was opened: for messages, never for sending. */
  stored(email: string): StoredSession | undefined {
    return this.all()[this.profile]?.[email.toLowerCase()];
  }

  private async change(fn: (mine: Record<string, StoredSession>) => void): Promise<void> {
    await withFileLock(this.file, () => {
      const all = this.all();
      const mine = (all[this.profile] ??= {});
      fn(mine);
      if (Object.keys(mine).length === 0) delete all[this.profile];
      writeJsonFile(this.file, all);
    });
  }

  async save(email: string, accessToken: string, refreshToken: string): Promise<StoredSession> {
    if (this.baseUrl === undefined)
      throw new Error('a guest session is saved only with the wallet address it belongs to');
    const [access, refresh] = await Promise.all([jwtTimes(accessToken), jwtTimes(refreshToken)]);
    const session: StoredSession = {
      email: email.toLowerCase(),
      accessToken,
      refreshToken,
      accessExpiresAt: access.exp,
      refreshExpiresAt: refresh.exp,
      loggedInAt: this.now(),
      baseUrl: this.baseUrl,
    };
    await this.change((mine) => {
      mine[session.email] = session;
    });
    return session;
  }

  async replaceAccess(email: string, accessToken: string): Promise<StoredSession | undefined> {
    const { exp } = await jwtTimes(accessToken);
    let updated: StoredSession | undefined;
    await this.change((mine) => {
      const current = mine[email.toLowerCase()];
      if (!current || !this.belongsHere(current)) return;
      updated = { ...current, accessToken, accessExpiresAt: exp };
      mine[current.email] = updated;
    });
    return updated;
  }

  /** Marks the access token spent (a 401), so the next call renews it. */
  async expireAccess(email: string, accessToken: string): Promise<void> {
    await this.change((mine) => {
      const current = mine[email.toLowerCase()];
      if (current && current.accessToken === accessToken) current.accessExpiresAt = 0;
    });
  }

  async remove(email: string): Promise<boolean> {
    let removed = false;
    await this.change((mine) => {
      removed = email.toLowerCase() in mine;
      delete mine[email.toLowerCase()];
    });
    return removed;
  }
}
