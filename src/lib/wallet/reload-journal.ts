// A local record of the reload sales this machine sent, kept before the
// request goes out: it is how `reload` tells what to check after a lost
// answer, and how `diagnose` spots a reload missing from the card's activity.

import path from 'node:path';
import { readJsonFile, withFileLock, writeJsonFile } from '../private-file.js';

export type ReloadOutcome = 'sent' | 'recorded' | 'refused' | 'unknown';

export interface ReloadRecord {
  profile: string;
  email: string;
  cardNumber: string;
  productId: string;
  amount?: number;
  paymentReference: string;
  sentAt: number;
  outcome: ReloadOutcome;
  saleId?: string;
}

const KEEP = 500;

export class ReloadJournal {
  readonly file: string;
  constructor(stateDir: string) {
    this.file = path.join(stateDir, 'wallet-reloads.json');
  }

  list(): ReloadRecord[] {
    return readJsonFile<ReloadRecord[]>(this.file, []);
  }

  async record(entry: ReloadRecord): Promise<void> {
    await withFileLock(this.file, () => {
      const all = this.list().filter((r) => !(r.paymentReference === entry.paymentReference && r.profile === entry.profile));
      all.push(entry);
      writeJsonFile(this.file, all.slice(-KEEP));
    });
  }

  async settle(profile: string, paymentReference: string, outcome: ReloadOutcome, saleId?: string): Promise<void> {
    await withFileLock(this.file, () => {
      const all = this.list();
      const entry = all.find((r) => r.paymentReference === paymentReference && r.profile === profile);
      if (!entry) return;
      entry.outcome = outcome;
      if (saleId) entry.saleId = saleId;
      writeJsonFile(this.file, all);
    });
  }
}
