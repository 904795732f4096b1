// A local record of the reload sales this machine sent, in the one journal
// format (writes/journal.ts): marked "sending" when the sale is about to
// leave, it is how `reload` tells what a rerun of the same payment reference
// means (a lost answer being settled, not a second reload), and how
// `diagnose` spots a reload missing from the card's activity. A file that
// cannot be read stops the command (exit 1, naming it and its .bak), never
// read as empty: that would let a rerun credit twice. A version-1 file (an
// array of records) is converted on first read, kept as .v1.bak.

import { createHash } from 'node:crypto';
import { Journal, migratedEntry, senderGone, type JournalEntry, type WriteStatus } from '../writes/journal.js';

/** sent: sending, or a run died sending it; unknown: no conclusive answer yet. */
export type ReloadOutcome = 'sent' | 'recorded' | 'refused' | 'unknown';

export interface ReloadEntry extends JournalEntry {
  kind: 'reload';
  email: string;
  cardNumber: string;
  productId: string;
  /** The price sent, in cents (whole minor units, never a drifting float). */
  amountCents?: number;
  /** The price in the currency unit, as sent. */
  amount?: number;
  paymentReference: string;
  /** The Idempotency-Key this entry's sale carries, the same on every rerun. */
  idempotencyKey?: string;
  /** When it was first sent (epoch ms). */
  sentAt: number;
  saleId?: string;
  /** Why the outcome is what it is, in words (the answer, or the evidence that settled it). */
  note?: string;
}

/** An entry as `venue wallet reloads` and `diagnose` read it. */
export interface ReloadRecord {
  profile: string;
  email: string;
  cardNumber: string;
  productId: string;
  amountCents?: number;
  amount?: number;
  paymentReference: string;
  idempotencyKey?: string;
  sentAt: number;
  outcome: ReloadOutcome;
  saleId?: string;
  note?: string;
}

const outcomeOf = (status: WriteStatus): ReloadOutcome =>
  status === 'recorded' || status === 'applied'
    ? 'recorded'
    : status === 'not-applied'
      ? 'refused'
      : status === 'unknown'
        ? 'unknown'
        : 'sent';
const statusOf = (outcome: unknown): WriteStatus =>
  outcome === 'recorded'
    ? 'recorded'
    : outcome === 'refused'
      ? 'not-applied'
      : outcome === 'unknown'
        ? 'unknown'
        : 'sending';

/** One entry per profile and payment reference. */
export function reloadEntryId(profile: string, paymentReference: string): string {
  return createHash('sha256').update(`venue-reload/1\n${profile}\n${paymentReference}`).digest('hex').slice(0, 32);
}

export function toRecord(entry: ReloadEntry): ReloadRecord {
  const {
    profile,
    email,
    cardNumber,
    productId,
    amountCents,
    amount,
    paymentReference,
    idempotencyKey,
    sentAt,
    saleId,
    note,
  } = entry;
  // A run that died while sending left it "sending": that is unknown now.
  const outcome = entry.status === 'sending' && senderGone(entry) ? 'unknown' : outcomeOf(entry.status);
  return Object.fromEntries(
    Object.entries({
      profile,
      email,
      cardNumber,
      productId,
      amountCents,
      amount,
      paymentReference,
      idempotencyKey,
      sentAt,
      outcome,
      saleId,
      note,
    }).filter(([, v]) => v !== undefined),
  ) as unknown as ReloadRecord;
}

/** The version-1 journal: an array of records with an outcome each. */
function migrate(old: unknown): Record<string, ReloadEntry> | undefined {
  if (!Array.isArray(old)) return undefined;
  const entries: Record<string, ReloadEntry> = {};
  for (const raw of old as Array<Record<string, unknown>>) {
    if (!raw || typeof raw !== 'object' || typeof raw.paymentReference !== 'string' || typeof raw.profile !== 'string')
      continue;
    const id = reloadEntryId(raw.profile, raw.paymentReference);
    const sentAt = typeof raw.sentAt === 'number' ? raw.sentAt : Date.now();
    const at = new Date(sentAt).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const status = statusOf(raw.outcome);
    const { outcome: _outcome, ...rest } = raw;
    entries[id] = {
      ...(rest as unknown as ReloadEntry),
      ...migratedEntry({
        id,
        kind: 'reload',
        profile: raw.profile,
        status,
        at,
        from: `reload journal (outcome ${String(raw.outcome)})`,
      }),
      kind: 'reload',
      sentAt,
    };
  }
  return entries;
}

export class ReloadJournal extends Journal<ReloadEntry> {
  /** scrub: the run's secrets, masked in what is recorded (a server message may echo one). */
  constructor(
    stateDir: string,
    scrub?: { scrub(text: string, everyJwt?: boolean): string },
    now: () => number = Date.now,
  ) {
    super(
      stateDir,
      {
        file: 'wallet-reloads.json',
        locks: 'wallet-reload-locks',
        name: 'wallet-reloads',
        what: 'reload',
        listCommand: ['wallet', 'reloads'],
        migrate,
        // Settled reloads beyond the newest 500 are dropped; an unsettled one never is.
        keepSettled: 500,
      },
      now,
      scrub,
    );
  }

  /** Every reload of every profile, oldest first, as records. */
  records(): ReloadRecord[] {
    return this.all().reverse().map(toRecord);
  }

  entryFor(profile: string, paymentReference: string): ReloadEntry | undefined {
    return this.get(reloadEntryId(profile, paymentReference));
  }

  find(profile: string, paymentReference: string): ReloadRecord | undefined {
    const entry = this.entryFor(profile, paymentReference);
    return entry && toRecord(entry);
  }

  /** Every entry of the profile whose outcome is not known yet: the ones to settle. */
  unsettled(profile: string): ReloadRecord[] {
    return this.records().filter((r) => r.profile === profile && (r.outcome === 'sent' || r.outcome === 'unknown'));
  }
}
