// The local record of every booking write venue makes, per profile, in the
// one journal format (writes/journal.ts): holds, orders and payments.
//
// Holds: the seed says nothing of holds lapsing on their own, so venue never
// counts on it: each hold is written down as its reserve request is about to
// leave ("pending"), given its reservation id when the answer arrives
// ("held"), marked "unknown" when the answer is lost, cannot be read or
// disagrees with the request, and taken out when the hold is released,
// cancelled with its order, or paid. `venue booking holds` lists what is left
// and `venue booking release --all` frees it. A pending hold whose run died
// is unknown.
//
// Orders and payments: each send is an entry (sending, then recorded,
// not-applied or unknown), so an answer that disagrees or is lost is on
// record; `booking order pay` settles a payment by reading the order back.
//
// One file per profile under the state folder; a file that cannot be read
// stops the command (exit 1, naming it and its .bak): read as empty it would
// hide places still held. A version-1 file ({ version: 1, holds }) is
// converted on first read, kept as .v1.bak.

import fs from 'node:fs';
import { createHash, randomUUID } from 'node:crypto';
import { Journal, migratedEntry, senderGone, type JournalEntry, type WriteStatus } from '../writes/journal.js';

interface PaymentRequest {
  orderId: string;
  amount: number;
  paymentReference: string;
}

export type HoldState = 'pending' | 'held' | 'unknown';

/** What venue knows of a hold, in its entry and as `venue booking holds` shows it. */
interface HoldDetails {
  reservationId?: string;
  experienceId: string;
  slotId: string;
  quantity: number;
  /** When venue sent the hold request (ISO 8601). */
  placedAt: string;
  /** The order made from the hold, once there is one (not yet paid). */
  orderId?: string;
  /** The service's own time for the hold, only when it gave one. */
  expiresAt?: string;
  /** Why the state is unknown, in words. */
  note?: string;
}

/** A hold as `venue booking holds` and `release` read it. */
export interface HoldEntry extends HoldDetails {
  /** venue's own key for the entry (the reservation id may never arrive). */
  key: string;
  state: HoldState;
}

export interface HoldJournalEntry extends JournalEntry, HoldDetails {
  kind: 'hold';
}

export interface OrderJournalEntry extends JournalEntry {
  kind: 'order';
  reservationIds: string[];
  guestEmail?: string;
  orderId?: string;
  note?: string;
}

export interface PaymentJournalEntry extends JournalEntry {
  kind: 'payment';
  orderId: string;
  amount: number;
  paymentReference: string;
  saleId?: string;
  note?: string;
}

export type BookingJournalEntry = HoldJournalEntry | OrderJournalEntry | PaymentJournalEntry;

function safeName(profile: string): string {
  return encodeURIComponent(profile).replace(/%/g, '_') || 'default';
}

const stateOf = (entry: HoldJournalEntry): HoldState => {
  if (entry.status === 'recorded' || entry.status === 'applied') return 'held';
  if (entry.status === 'sending' && !senderGone(entry)) return 'pending';
  return 'unknown';
};

const statusOf = (state: unknown): WriteStatus =>
  state === 'held' ? 'recorded' : state === 'unknown' ? 'unknown' : 'sending';

function view(entry: HoldJournalEntry): HoldEntry {
  const state = stateOf(entry);
  const note =
    entry.note ??
    (state === 'unknown' && entry.status === 'sending'
      ? 'the run sending the hold request ended before its answer was recorded'
      : undefined);
  const out: HoldEntry = {
    key: entry.id,
    state,
    experienceId: entry.experienceId,
    slotId: entry.slotId,
    quantity: entry.quantity,
    placedAt: entry.placedAt,
  };
  if (entry.reservationId !== undefined) out.reservationId = entry.reservationId;
  if (entry.orderId !== undefined) out.orderId = entry.orderId;
  if (entry.expiresAt !== undefined) out.expiresAt = entry.expiresAt;
  if (note !== undefined) out.note = note;
  return out;
}

/** The version-1 file: { version: 1, holds: [{ key, state, … }] }. */
function migrate(profile: string) {
  return (old: unknown): Record<string, BookingJournalEntry> | undefined => {
    const data = old as { version?: unknown; holds?: unknown } | null;
    if (!data || typeof data !== 'object' || !Array.isArray(data.holds)) return undefined;
    const entries: Record<string, BookingJournalEntry> = {};
    for (const hold of data.holds as Array<Record<string, unknown>>) {
      if (!hold || typeof hold.key !== 'string') continue;
      const placedAt = typeof hold.placedAt === 'string' ? hold.placedAt : new Date().toISOString();
      const at = placedAt.replace(/\.\d{3}Z$/, 'Z');
      const status = statusOf(hold.state);
      const { key, state: _state, ...rest } = hold;
      entries[key] = {
        ...(rest as unknown as HoldJournalEntry),
        ...migratedEntry({
          id: key,
          kind: 'hold',
          profile,
          status,
          at,
          from: `hold journal (state ${String(hold.state)})`,
        }),
        kind: 'hold',
        placedAt,
      };
    }
    return entries;
  };
}

export class HoldJournal {
  /** The profile's booking journal: holds, orders and payments. */
  readonly journal: Journal<BookingJournalEntry>;
  readonly file: string;

  constructor(
    stateDir: string,
    readonly profile: string,
    private readonly now: () => number = Date.now,
    /** The run's secrets, masked in what is recorded. */
    scrub?: { scrub(text: string, everyJwt?: boolean): string },
  ) {
    this.journal = new Journal<BookingJournalEntry>(
      stateDir,
      {
        file: `booking-holds/${safeName(profile)}.json`,
        locks: `booking-locks/${safeName(profile)}`,
        name: 'booking',
        what: 'booking write',
        listCommand: ['booking', 'holds'],
        migrate: migrate(profile),
        // Settled orders and payments beyond the newest 200 are dropped; a hold is taken out once settled.
        keepSettled: 200,
      },
      now,
      scrub,
    );
    this.file = this.journal.file;
  }

  private holdEntries(): HoldJournalEntry[] {
    return this.journal
      .all()
      .filter((e): e is HoldJournalEntry => e.kind === 'hold')
      .sort((a, b) => a.placedAt.localeCompare(b.placedAt));
  }

  /** Every recorded hold of the profile, oldest first. */
  list(): HoldEntry[] {
    return this.holdEntries().map(view);
  }

  /** A new key for a hold request (its Idempotency-Key too). */
  static newKey(): string {
    return randomUUID();
  }

  /** Writes the hold down as its request is about to leave; returns the entry's key. */
  async pending(
    request: { experienceId: string; slotId: string; quantity: number },
    key = HoldJournal.newKey(),
  ): Promise<string> {
    await this.journal.markSending(
      key,
      () =>
        ({
          id: key,
          kind: 'hold',
          profile: this.profile,
          experienceId: request.experienceId,
          slotId: request.slotId,
          quantity: request.quantity,
          placedAt: new Date(this.now()).toISOString(),
        }) as Omit<HoldJournalEntry, 'status' | 'createdAt' | 'updatedAt' | 'attempts' | 'history'>,
    );
    return key;
  }

  async held(key: string, reservationId: string, expiresAt?: string): Promise<void> {
    await this.journal.setStatus(key, 'recorded', {
      reservationId,
      ...(expiresAt ? { expiresAt } : {}),
      note: undefined,
    } as Partial<HoldJournalEntry>);
  }

  async unknown(key: string, note: string, fields: Partial<HoldJournalEntry> = {}): Promise<void> {
    await this.journal.setStatus(key, 'unknown', { ...fields, note } as Partial<HoldJournalEntry>, note);
  }

  /** The request was answered with a refusal (or never left): nothing is held. */
  async forget(key: string): Promise<void> {
    await this.journal.remove([key]);
  }

  /** The reservations went into an order that is not paid yet. */
  async ordered(reservationIds: string[], orderId: string): Promise<void> {
    if (!fs.existsSync(this.file)) return;
    const touched = this.holdEntries().filter(
      (e) => e.reservationId && reservationIds.includes(e.reservationId) && e.orderId !== orderId,
    );
    if (!touched.length) return;
    await this.journal.change((entries) => {
      for (const e of touched) if (entries[e.id]) (entries[e.id] as HoldJournalEntry).orderId = orderId;
    });
  }

  /** The holds are released, cancelled or paid: they hold nothing any more. */
  async settled(match: { reservationIds?: string[]; orderId?: string }): Promise<void> {
    if (!fs.existsSync(this.file)) return;
    const ids = match.reservationIds ?? [];
    const gone = this.holdEntries().filter(
      (e) =>
        (e.reservationId && ids.includes(e.reservationId)) ||
        (match.orderId !== undefined && e.orderId === match.orderId),
    );
    await this.journal.remove(gone.map((e) => e.id));
  }

  /** The entry of an order made from these reservations (the same reservations make the same order). */
  static orderEntryId(reservationIds: string[]): string {
    return createHash('sha256')
      .update([...reservationIds].sort().join('\n'))
      .digest('hex')
      .slice(0, 32);
  }

  /** The entry of a payment of this order with this reference. */
  static paymentEntryId(orderId: string, paymentReference: string): string {
    return createHash('sha256').update(`${orderId}\n${paymentReference}`).digest('hex').slice(0, 32);
  }

  /** Each send of a payment, journalled (booking/workflows/payment.ts). */
  get payments(): {
    sending(request: PaymentRequest): Promise<void>;
    outcome(
      request: PaymentRequest,
      status: 'recorded' | 'not-applied' | 'unknown',
      note: string,
      fields?: { saleId?: string; disagreement?: string[] },
    ): Promise<void>;
  } {
    const journal = this.journal;
    const profile = this.profile;
    return {
      async sending(request) {
        const id = HoldJournal.paymentEntryId(request.orderId, request.paymentReference);
        await journal.markSending(
          id,
          () =>
            ({
              id,
              kind: 'payment',
              profile,
              orderId: request.orderId,
              amount: request.amount,
              paymentReference: request.paymentReference,
            }) as Omit<PaymentJournalEntry, 'status' | 'createdAt' | 'updatedAt' | 'attempts' | 'history'>,
        );
      },
      async outcome(request, status, note, fields = {}) {
        const id = HoldJournal.paymentEntryId(request.orderId, request.paymentReference);
        if (!journal.get(id)) return; // decided before anything was sent: nothing journalled
        await journal.setStatus(id, status, { ...fields, note } as Partial<PaymentJournalEntry>, note);
      },
    };
  }

  /** Orders and payments whose outcome is not known: what `booking holds` reports beside the holds. */
  openWrites(): Array<OrderJournalEntry | PaymentJournalEntry> {
    return this.journal
      .all()
      .filter(
        (e): e is OrderJournalEntry | PaymentJournalEntry =>
          e.kind !== 'hold' && (e.status === 'unknown' || (e.status === 'sending' && senderGone(e))),
      );
  }
}
