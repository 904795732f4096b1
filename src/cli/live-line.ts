// The one line on a terminal's stderr that is redrawn in place: a spinner, a
// progress counter, or "waiting for inventory…" while an answer is awaited.
// It never shares a line with anything else: every other write to the
// terminal (data on stdout, a message, a prompt, an error) goes through a
// guarded stream that clears the line first, and the line comes back below on
// its next frame. Nothing is drawn until a piece of work has taken about 300
// ms (a quick command shows no flicker), nothing while a prompt is open, and
// nothing after the run has ended. Only on a TTY: piped or logged, nothing of
// this is written at all.

import type { Writable } from 'node:stream';
import { oraModule } from './lazy-modules.js';

/** Work shorter than this draws nothing. */
export const LIVE_DELAY_MS = 300;
const FRAME_MS = 80;
const CLEAR = '\r\u001b[2K';

/** What is drawn: the text of the line, asked for at each frame. */
export interface Activity {
  /** The line's text, without the spinner's frame. */
  text(): string;
  /**
   * A command's own spinner or progress; otherwise a wait for an answer,
   * shown only while no spinner or progress of the command's is running.
   */
  own: boolean;
}

interface Running extends Activity {
  since: number;
}

type Out = Writable & { isTTY?: boolean; columns?: number };

const LIVE = Symbol('venue live line');

/**
 * Text cut to fit `width` columns, "…" at the end when cut. Measured without
 * string-width (kept off a run's start): a character outside printable ASCII
 * is counted as two columns, so the line is never wider than the terminal.
 */
function oneLine(text: string, width: number): string {
  const columns = (char: string) => (/[\x20-\x7e]/.test(char) ? 1 : 2);
  let total = 0;
  for (const char of text) total += columns(char);
  if (total <= width) return text;
  let used = 1; // the "…"
  let out = '';
  for (const char of text) {
    used += columns(char);
    if (used > width) break;
    out += char;
  }
  return `${out}…`;
}

/** The live line a stream was guarded by, if any. */
export function liveLineOf(stream: object): LiveLine | undefined {
  return (stream as Record<symbol, LiveLine | undefined>)[LIVE];
}

export class LiveLine {
  private readonly running: Running[] = [];
  private timer?: ReturnType<typeof setInterval>;
  private drawn = false;
  private ended = false;
  private paused = 0;
  private frames: readonly string[] = ['-', '\\', '|', '/'];
  private framesLoaded?: Promise<void>;
  private frame = 0;

  /** How the spinner's frame is painted (the terminal sets it: cyan, or plain without colour). */
  paint: (frame: string) => string = (frame) => frame;

  /** @param out the terminal's stderr, unguarded: the line is drawn on it. */
  constructor(
    private readonly out: Out,
    private readonly now: () => number = Date.now,
  ) {}

  /** Starts drawing an activity (after LIVE_DELAY_MS); the function returned stops it and clears its line. */
  start(activity: Activity): () => void {
    if (this.ended) return () => undefined;
    const running: Running = { ...activity, since: this.now() };
    this.running.push(running);
    this.framesLoaded ??= this.loadFrames();
    this.timer ??= setInterval(() => this.tick(), FRAME_MS);
    this.timer.unref?.();
    return () => {
      const at = this.running.indexOf(running);
      if (at < 0) return;
      this.running.splice(at, 1);
      if (this.running.length === 0) this.stopTimer();
      // What is still running takes the line at once (no blank frame); with nothing left it is cleared.
      this.render(false);
    };
  }

  /** Awaits an answer with "waiting for …" drawn while it takes longer than LIVE_DELAY_MS. */
  async waiting<T>(what: string, answer: Promise<T>): Promise<T> {
    const stop = this.start({ text: () => `waiting for ${what}…`, own: false });
    try {
      return await answer;
    } finally {
      stop();
    }
  }

  /** While a person answers a prompt, nothing is drawn. */
  async pausedFor<T>(work: () => Promise<T>): Promise<T> {
    this.paused++;
    this.clear();
    try {
      return await work();
    } finally {
      this.paused--;
    }
  }

  /** Takes the line off the screen; it is drawn again at the next frame. */
  clear(): void {
    if (!this.drawn) return;
    this.drawn = false;
    this.out.write(CLEAR);
  }

  /** The run is over: the line is cleared and never drawn again. */
  end(): void {
    this.ended = true;
    this.running.length = 0;
    this.stopTimer();
    this.clear();
  }

  /**
   * The stream with every write clearing the line first (stdout, stderr: all
   * the run writes through). Everything else passes to the stream as it is.
   */
  guard<S extends object>(stream: S): S {
    const write = (stream as unknown as Writable).write as (...args: unknown[]) => boolean;
    const guarded = (...args: unknown[]) => {
      this.clear();
      return write.apply(stream, args);
    };
    return new Proxy(stream, {
      get: (target, property, receiver) => {
        if (property === 'write') return guarded;
        if (property === LIVE) return this;
        const value = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }

  /** The activity drawn now: the latest of the command's own, else the latest wait; none before its delay. */
  private shown(): Running | undefined {
    const own = this.running.filter((r) => r.own);
    const top = (own.length ? own : this.running).at(-1);
    return top && this.now() - top.since >= LIVE_DELAY_MS ? top : undefined;
  }

  private tick(): void {
    this.render(true);
  }

  /** Draws what is shown now (the next frame when `advance`), or clears the line when nothing is. */
  private render(advance: boolean): void {
    if (this.ended || this.paused) return;
    const activity = this.shown();
    if (!activity) {
      this.clear();
      return;
    }
    if (advance) this.frame = (this.frame + 1) % this.frames.length;
    const frame = this.frames[this.frame]!;
    // One line, never wrapped: a wrapped line could not be cleared in place.
    const width = Math.max(10, (this.out.columns || 80) - 1);
    const text = oneLine(activity.text().replace(/\s+/g, ' '), width - 2);
    this.out.write(`${CLEAR}${this.paint(frame)} ${text}`);
    this.drawn = true;
  }

  private stopTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** The spinner's frames are ora's (dots, or plain ASCII where the terminal has no Unicode). */
  private async loadFrames(): Promise<void> {
    try {
      const { default: ora } = await oraModule();
      this.frames = ora({ isEnabled: false }).spinner.frames;
    } catch {
      // the ASCII frames stay
    }
  }
}
