// One interruption mechanism for the whole program. The launcher owns the
// SIGINT listener and hands every Ctrl-C to the Interruption that main
// installed; nothing else listens for SIGINT (the lock and config libraries'
// own handlers are only ever outnumbered, so they never re-raise).
//
// What a Ctrl-C means:
// - before a send: nothing is sent; the work in progress sees the aborted
//   signal (or throwIfInterrupted) and ends with InterruptedError, exit 130;
// - while a write is in flight (inFlight): its answer is awaited, up to the
//   request's timeout and the command's deadline, so its real outcome can be
//   reported (or reported as unknown with the settle command); reads in flight
//   are simply aborted;
// - cleanup registered with onInterrupt (releasing a booking hold, deleting a
//   temporary subscriber) runs, bounded in time;
// - then the command reports what happened, and its exit code follows the
//   outcome: a write that completed is 0 (Terminal.success says it was
//   interrupted after completing), an unknown one 7, nothing sent 130 (main
//   turns a 0 into 130 when no write was sent). Past a grace period the
//   process ends with 130.
// A second Ctrl-C stops at once.

import { AsyncLocalStorage } from 'node:async_hooks';
import { setMaxListeners } from 'node:events';
import { InterruptedError } from './errors.js';

export interface Interruption {
  /** Aborted on the first Ctrl-C: pass it to anything that waits (reads, prompts, files). */
  readonly signal: AbortSignal;
  readonly interrupted: boolean;
  /** Throws InterruptedError (exit 130) if interrupted; call before anything is sent. */
  throwIfInterrupted(): void;
  /** Runs handler on the first Ctrl-C (cleanup; may be async); returns a function that stops listening. */
  onInterrupt(handler: () => void | Promise<void>): () => void;
  /**
   * Marks a write in flight: a Ctrl-C while it runs waits for its answer
   * instead of ending the process, so the outcome is known and reported.
   */
  inFlight<T>(what: string, work: () => Promise<T>): Promise<T>;
  /**
   * Like inFlight, as a region a journalled write opens when its request is
   * about to leave and closes once its outcome is recorded.
   */
  holdOpen?(what: string): () => void;
  /** How many writes this run has sent (began to send): after a Ctrl-C, a 0 exit then means a write completed. */
  readonly writesSent?: number;
  /**
   * Runs work that undoes what the run left behind (releasing a hold,
   * deleting a temporary subscriber): it may still send after a Ctrl-C.
   * Handlers given to onInterrupt already run this way.
   */
  cleanup<T>(work: () => Promise<T>): Promise<T>;
  /** False once interrupted, except inside cleanup. */
  maySend(): boolean;
}

/** Marks the asynchronous work that runs as cleanup. */
const cleanupScope = new AsyncLocalStorage<boolean>();

export interface InterruptionIO {
  /** A line on stderr. */
  say(message: string): void;
  /** Ends the process (only the launcher exits: it passes this in). */
  exit(code: number): void;
}

export interface InterruptionTimings {
  /** How long cleanup handlers may take. */
  cleanupMs?: number;
  /** After cleanup (and any write in flight), how long the command has to finish by itself. */
  graceMs?: number;
}

export class ProcessInterruption implements Interruption {
  private readonly controller = new AbortController();
  private readonly handlers = new Set<() => void | Promise<void>>();
  /** Writes whose request is in flight (inFlight). */
  private readonly writes = new Map<number, string>();
  /** Journalled writes between their mark and their recorded outcome (holdOpen). */
  private readonly regions = new Map<number, string>();
  private nextWrite = 0;
  private sent = 0;
  private writesSettled?: () => void;
  private forcedExit?: ReturnType<typeof setTimeout>;

  constructor(
    private readonly io: InterruptionIO,
    private readonly timings: InterruptionTimings = {},
  ) {
    // Every request in flight listens on this one signal; a run across venues has dozens at once.
    setMaxListeners(0, this.controller.signal);
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get interrupted(): boolean {
    return this.controller.signal.aborted;
  }

  throwIfInterrupted(): void {
    if (this.interrupted) throw new InterruptedError('interrupted: nothing more was sent');
  }

  onInterrupt(handler: () => void | Promise<void>): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  cleanup<T>(work: () => Promise<T>): Promise<T> {
    return cleanupScope.run(true, work);
  }

  maySend(): boolean {
    return !this.interrupted || cleanupScope.getStore() === true;
  }

  get writesSent(): number {
    return this.sent;
  }

  /** A journalled write's region (from its mark to its recorded outcome): counted as a write sent. */
  holdOpen(what: string): () => void {
    this.sent++;
    return this.open(this.regions, what);
  }

  async inFlight<T>(what: string, work: () => Promise<T>): Promise<T> {
    const close = this.open(this.writes, what);
    try {
      return await work();
    } finally {
      close();
    }
  }

  private open(into: Map<number, string>, what: string): () => void {
    const id = this.nextWrite++;
    into.set(id, what);
    let closed = false;
    return () => {
      if (closed) return;
      closed = true;
      into.delete(id);
      if (this.pending() === 0) this.writesSettled?.();
    };
  }

  private pending(): number {
    return this.writes.size + this.regions.size;
  }

  /** What is awaited, in words: the requests in flight, else the journalled writes recording their outcome. */
  private awaited(): string[] {
    return [...(this.writes.size ? this.writes : this.regions).values()];
  }

  /** The launcher calls this for each Ctrl-C. */
  notify(): void {
    if (this.interrupted) {
      const pending = this.awaited();
      this.io.say(
        pending.length
          ? `interrupted again: stopping without the answer to ${pending.join(', ')}; its outcome is unknown`
          : 'interrupted again: stopping now',
      );
      this.io.exit(130);
      return;
    }
    this.io.say(
      this.pending()
        ? `interrupted: waiting for the answer to ${this.awaited().join(', ')} (Ctrl-C again to stop at once)`
        : 'interrupted',
    );
    this.controller.abort(new InterruptedError());
    void this.windDown();
  }

  private async windDown(): Promise<void> {
    const cleanupMs = this.timings.cleanupMs ?? 10_000;
    const cleanups = [...this.handlers].map(async (handler) => {
      try {
        await this.cleanup(async () => handler());
      } catch (error) {
        this.io.say(`cleanup after the interrupt failed: ${(error as Error)?.message ?? String(error)}`);
      }
    });
    await withTimeout(Promise.all(cleanups), cleanupMs);
    if (this.pending()) await new Promise<void>((resolve) => (this.writesSettled = resolve));
    // The command now has a moment to report what happened; past it, stop.
    this.forcedExit = setTimeout(() => this.io.exit(130), this.timings.graceMs ?? 1_000);
    this.forcedExit.unref?.();
  }
}

/** For tests and commands that run without a launcher: never interrupted. */
export function neverInterrupted(): Interruption {
  const controller = new AbortController();
  return {
    signal: controller.signal,
    interrupted: false,
    throwIfInterrupted: () => undefined,
    onInterrupt: () => () => undefined,
    inFlight: (_what, work) => work(),
    holdOpen: () => () => undefined,
    cleanup: (work) => work(),
    maySend: () => true,
  };
}

function withTimeout(work: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref?.();
    work.then(
      () => {
        clearTimeout(timer);
        resolve();
      },
      () => {
        clearTimeout(timer);
        resolve();
      },
    );
  });
}

/** Where main leaves the hook the launcher calls on SIGINT (the launcher is plain JS, loaded before the bundle). */
export const INTERRUPT_HOOK = Symbol.for('venue.interrupt');
/** Where the launcher leaves its exit function, so that only it ever calls process.exit. */
export const EXIT_HOOK = Symbol.for('venue.exit');
