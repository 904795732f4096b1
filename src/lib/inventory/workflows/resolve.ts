// A person's verdict on an inventory write whose outcome is unknown (a
// receipt, a stock take, an adjustment). Nothing is sent to the service: the
// journal records what the person found, so a rerun of the same write does
// nothing (applied) or sends it (not applied). The evidence shown first is
// the levels then and now and the change it makes; it informs, never decides.

import { UsageError } from '../../errors.js';
import { shortId, stampOf, type Journal, type JournalEntry as WriteEntryBase } from '../../writes/journal.js';

export type Verdict = 'applied' | 'not-applied';

/** Only an unknown entry (or one a dead run left "sending") can be settled; anything else is a usage error saying why. */
export function assertResolvable(entry: WriteEntryBase, what: string, rerunHint: string): void {
  if (entry.status === 'unknown' || entry.status === 'sending') return;
  throw new UsageError(`${what} ${shortId(entry.id)} is ${entry.status}, not unknown: there is nothing to resolve`, {
    hint: entry.status === 'not-applied' ? rerunHint : undefined,
  });
}

export async function resolveWrite<E extends WriteEntryBase>(
  journal: Journal<E>,
  entry: E,
  verdict: Verdict,
  note: string | undefined,
  now: () => number,
): Promise<E> {
  // A run holding the lock is still sending it: settling now would race it.
  const release = journal.lock(entry.id);
  try {
    const current = journal.get(entry.id) ?? entry;
    if (current.status !== 'unknown' && current.status !== 'sending') {
      throw new UsageError(`${journal.what} ${shortId(entry.id)} is ${current.status} now: another run settled it`);
    }
    return await journal.setStatus(
      entry.id,
      verdict,
      (verdict === 'applied' ? { recordedAt: stampOf(now()) } : {}) as Partial<E>,
      `resolved by hand${note ? `: ${note}` : ''}`,
    );
  } finally {
    release();
  }
}
