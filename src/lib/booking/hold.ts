// The hold a booking journey has taken, and the duty to give it back: on any
// failure or interrupt, unless a payment may have been recorded.

import { DeclinedError, InterruptedError, VenueError } from '../errors.js';
import { SlotUnavailableError, type BookingClient, type Reservation } from './client.js';
import { venueHint } from '../hint-command.js';

type HoldApi = Pick<BookingClient, 'releaseReservation' | 'cancelOrder'>;

export interface HoldIO {
  prompter: { readonly canPrompt: boolean };
  warn(message: string): void;
  /** The program's Ctrl-C: the handler's promise is awaited (bounded) before the process ends. */
  onInterrupt(handler: () => void | Promise<void>): () => void;
  /** Runs the give-back as cleanup, which may still send after a Ctrl-C. */
  cleanup?<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * Owns the hold: takes it, watches for an interrupt while it exists, and
 * gives it back (cancelling the order once there is one) on any failure,
 * except when a payment may have been recorded.
 */
export class HoldKeeper {
  reservation?: Reservation;
  orderId?: string;
  private interrupted = false;
  private paymentMayBeRecorded = false;
  private rejectOnInterrupt?: (error: Error) => void;
  private readonly interruption: Promise<never>;
  private stopListening?: () => void;
  /** Settles once the hold has been given back (or kept on purpose): an interrupt waits for it. */
  private settled!: () => void;
  private readonly givenBack = new Promise<void>((resolve) => (this.settled = resolve));

  constructor(
    private readonly api: HoldApi,
    private readonly io: HoldIO,
  ) {
    this.interruption = new Promise<never>((_, reject) => (this.rejectOnInterrupt = reject));
    this.interruption.catch(() => undefined);
  }

  /** Reserves; undefined when the slot is gone (the caller may offer others). */
  async take(reserve: () => Promise<Reservation>): Promise<Reservation | undefined> {
    // Listen before sending, so an interrupt during the request still frees what it held.
    this.stopListening ??= this.io.onInterrupt(() => {
      this.interrupted = true;
      this.rejectOnInterrupt?.(new InterruptedError());
      return this.givenBack;
    });
    try {
      this.reservation = await reserve();
    } catch (error) {
      if (error instanceof SlotUnavailableError && this.io.prompter.canPrompt) {
        this.io.warn(error.message);
        return undefined;
      }
      throw error;
    }
    if (this.interrupted) throw new InterruptedError();
    return this.reservation;
  }

  /** Awaits work that may be abandoned: an interrupt wins the race. */
  step<T>(work: Promise<T>): Promise<T> {
    if (this.interrupted) return Promise.reject(new InterruptedError());
    return Promise.race([work, this.interruption]);
  }

  /** Throws InterruptedError once a Ctrl-C came: after a write was seen through, before the next step. */
  throwIfInterrupted(): void {
    if (this.interrupted) throw new InterruptedError();
  }

  /** The payment is recorded: the places are the guest's, nothing is given back. */
  paid(): void {
    this.reservation = undefined;
    this.orderId = undefined;
  }

  /** The payment may have been recorded: the hold is kept (a paid order must not be cancelled). */
  keepForPayment(): void {
    this.paymentMayBeRecorded = true;
  }

  /** On failure: release what is held, and say so. */
  async giveBack(cause: unknown): Promise<void> {
    try {
      await (this.io.cleanup ? this.io.cleanup(() => this.release(cause)) : this.release(cause));
    } finally {
      this.settled();
    }
  }

  private async release(cause: unknown): Promise<void> {
    if (this.paymentMayBeRecorded || !this.reservation) return;
    const what =
      `${this.reservation.quantity ?? ''} place${this.reservation.quantity === 1 ? '' : 's'} in ${this.reservation.slotId ?? 'the slot'}`.trim();
    const why =
      cause instanceof InterruptedError
        ? 'interrupted'
        : cause instanceof DeclinedError
          ? 'declined'
          : cause instanceof VenueError
            ? 'the booking did not complete'
            : 'an unexpected failure';
    try {
      if (this.orderId) {
        await this.api.cancelOrder(this.orderId);
        this.io.warn(`${why}: cancelled order ${this.orderId} and released its hold (${what}).`);
      } else {
        await this.api.releaseReservation(this.reservation.id);
        this.io.warn(`${why}: released the hold ${this.reservation.id} (${what}).`);
      }
    } catch (error) {
      // Nothing says a hold ends on its own: it stays in the journal until it is released.
      this.io.warn(
        `could not release the hold ${this.reservation.id} (${(error as Error).message}); it may still hold its places. ` +
          `Release it with ${venueHint(['booking', 'release', this.reservation.id])} (${venueHint(['booking', 'holds'])} lists every hold venue recorded).`,
      );
    } finally {
      this.reservation = undefined;
    }
  }

  dispose(): void {
    this.stopListening?.();
    this.stopListening = undefined;
    this.settled();
  }
}
