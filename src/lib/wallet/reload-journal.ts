// A local record of the reload sales this machine sent, kept before the
// request goes out: it is how `reload` tells what a rerun of the same payment
// reference means (a lost answer being settled, not a second reload), and how
// `diagnose` spots a reload missing from the card's activity.
//
// Written durably (private-file.ts: fsync, rename, the previous version kept
// as .bak); a file that cannot be read stops the command (exit 1, naming it
// and its .bak), never read as empty: that would let a rerun credit twice.

import path from 'node:path';
import { readJournalFile, withFileLock, writeJournalFile } from '../private-file.js';

/** sent: written before the request went out; unknown: no conclusive answer yet. */
export type ReloadOutcome = 'sent' | 'recorded' | 'refused' | 'unknown';

export interface ReloadRecord {
  profile: string;
  email: string;
  cardNumber: string;
  productId: string;
  /** The price sent, in cents (whole minor units, never a drifting float); older entries hold amount only. */
  amountCents?: number;
  /** The price in the currency unit, as sent. */
  amount?: number;
  paymentReference: string;
  /** The Idempotency-Key this entry's sale carries, the same on every rerun. */
  idempotencyKey?: string;
  sentAt: number;
  outcome: ReloadOutcome;
  saleId?: string;
  /** Why the outcome is what it is, in words (the answer, or the evidence that settled it). */
  note?: string;
}

const KEEP = 500;

const isJournal = (data: unknown) => Array.isArray(data);

export class ReloadJournal {
  readonly file: string;
  /** scrub: the run's secrets, masked in what is recorded (a server message may echo one). */
  constructor(
    stateDir: string,
    private readonly scrub?: { scrub(text: string, everyJwt?: boolean): string },
  ) {
    this.file = path.join(stateDir, 'wallet-reloads.json');
  }

  list(): ReloadRecord[] {
    return readJournalFile<ReloadRecord[]>(this.file, [], isJournal);
  }

  find(profile: string, paymentReference: string): ReloadRecord | undefined {
    return this.list().find((r) => r.paymentReference === paymentReference && r.profile === profile);
  }

  /** Every entry of the profile whose outcome is not known yet: the ones to settle. */
  unsettled(profile: string): ReloadRecord[] {
    return this.list().filter((r) => r.profile === profile && (r.outcome === 'sent' || r.outcome === 'unknown'));
  }

  async record(entry: ReloadRecord): Promise<void> {
    await withFileLock(this.file, async () => {
      const all = this.list().filter((r) => !(r.paymentReference === entry.paymentReference && r.profile === entry.profile));
      all.push(entry);
      await writeJournalFile(this.file, all.slice(-KEEP), this.scrub);
    });
  }

  async settle(profile: string, paymentReference: string, outcome: ReloadOutcome, details: { saleId?: string; note?: string } = {}): Promise<void> {
    await withFileLock(this.file, async () => {
      const all = this.list();
      const entry = all.find((r) => r.paymentReference === paymentReference && r.profile === profile);
      if (!entry) return;
      entry.outcome = outcome;
      if (details.saleId) entry.saleId = details.saleId;
      if (details.note) entry.note = details.note;
      else delete entry.note;
      await writeJournalFile(this.file, all, this.scrub);
    });
  }
}
