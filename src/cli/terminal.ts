// The one place that decides TTY, colour, spinners and whether we may prompt.
// Commands write data through Output and messages through Terminal; nothing
// else touches process.stdout or process.stderr. A spinner, a progress counter
// and the wait for an answer are drawn on the live line (live-line.ts): after
// about 300 ms, never on a line with output. On a terminal, messages wrap at
// its width without breaking a word (lib/output/wrap.ts); piped or logged,
// each message stays one line.

import type { Writable, Readable } from 'node:stream';
import { SecretRegistry } from '../lib/redact.js';
import type { Palette, Screen } from '../lib/screen.js';
import { LiveLine, liveLineOf } from './live-line.js';
import { wrapForTerminal } from './wrapping.js';
export { loadColours, paletteFor } from './colours.js';

export interface TerminalStreams {
  stdin: Readable & { isTTY?: boolean };
  stdout: Writable & { isTTY?: boolean; columns?: number };
  stderr: Writable & { isTTY?: boolean; columns?: number };
}

export interface TerminalOptions {
  /** --no-color given. */
  noColor?: boolean;
  /** --no-input given. */
  noInput?: boolean;
  quiet?: boolean;
  verbose?: boolean;
  env?: NodeJS.ProcessEnv;
  /** The run's secrets: whatever learns one (a prompt, stdin, the config, a token) remembers it here. */
  secrets?: SecretRegistry;
  /** The program's interruption: after a Ctrl-C nothing is announced as a success. */
  interruption?: { readonly interrupted: boolean };
}

export interface Spinner {
  update(text: string): void;
  succeed(text?: string): void;
  fail(text?: string): void;
  stop(): void;
}

export interface Progress {
  tick(count?: number): void;
  setTotal(total: number): void;
  done(text?: string): void;
}

import { paletteFor } from './colours.js';

export class Terminal implements Screen {
  readonly stdin: TerminalStreams['stdin'];
  readonly stdout: TerminalStreams['stdout'];
  readonly stderr: TerminalStreams['stderr'];
  readonly quiet: boolean;
  readonly verbose: boolean;
  private readonly noInput: boolean;
  private readonly env: NodeJS.ProcessEnv;
  private readonly colourOnStderr: boolean;
  private readonly colourOnStdout: boolean;
  private notedOnce = new Set<string>();
  readonly secrets: SecretRegistry;
  private readonly interruption?: { readonly interrupted: boolean };
  /** The live line on stderr: on a terminal, unless --quiet. */
  private readonly live?: LiveLine;

  constructor(streams: TerminalStreams, options: TerminalOptions = {}) {
    this.secrets = options.secrets ?? new SecretRegistry();
    this.interruption = options.interruption;
    this.stdin = streams.stdin;
    this.stdout = streams.stdout;
    this.stderr = streams.stderr;
    this.env = options.env ?? process.env;
    this.quiet = options.quiet ?? false;
    this.verbose = options.verbose ?? false;
    this.noInput = options.noInput ?? false;
    this.colourOnStdout = colourWanted(Boolean(this.stdout.isTTY), options.noColor, this.env);
    this.colourOnStderr = colourWanted(Boolean(this.stderr.isTTY), options.noColor, this.env);
    if (this.stderr.isTTY && !this.quiet) {
      // main guards the run's streams with one live line; a terminal made on other streams guards its own.
      let live = liveLineOf(this.stderr);
      if (!live) {
        live = new LiveLine(this.stderr);
        this.stderr = live.guard(this.stderr);
        if (this.stdout.isTTY) this.stdout = live.guard(this.stdout);
      }
      live.paint = (frame) => this.colours.cyan(frame);
      this.live = live;
    }
  }

  get stdoutIsTTY(): boolean {
    return Boolean(this.stdout.isTTY);
  }
  get stderrIsTTY(): boolean {
    return Boolean(this.stderr.isTTY);
  }
  get stdoutColour(): boolean {
    return this.colourOnStdout;
  }
  get width(): number {
    return this.stdout.columns || 80;
  }

  /** The width messages wrap at on a terminal (COLUMNS, else the terminal's, 80 when it says none); undefined piped. */
  private get messageWidth(): number | undefined {
    if (!this.stderr.isTTY) return undefined;
    const fromEnv = Number(this.env.COLUMNS);
    if (Number.isInteger(fromEnv) && fromEnv > 20) return fromEnv;
    return this.stderr.columns || 80;
  }

  /**
   * A message as it is written: wrapped at the terminal's width (each line
   * of it; continuation lines keep its indent), whole on one line when piped.
   * `lead` is painted after wrapping, so colour never counts as width.
   */
  private say(message: string, lead = '', paint?: (text: string) => string): string {
    const width = this.messageWidth;
    const text = lead ? `${lead} ${message}` : message;
    const lines = wrapForTerminal(text, width);
    if (lead && paint && lines[0]!.startsWith(lead)) lines[0] = paint(lead) + lines[0]!.slice(lead.length);
    return `${lines.join('\n')}\n`;
  }

  /** Prompts only with a person at both ends, and never in CI or with --no-input. */
  canPrompt(): boolean {
    if (this.noInput) return false;
    if (this.env.CI && this.env.CI !== 'false' && this.env.CI !== '0') return false;
    return Boolean(this.stdin.isTTY) && Boolean(this.stderr.isTTY);
  }

  get colours(): Palette {
    return paletteFor(this.colourOnStderr);
  }
  get stdoutColours(): Palette {
    return paletteFor(this.colourOnStdout);
  }

  /** Data goes to stdout. */
  write(text: string): void {
    this.stdout.write(text);
  }

  info(message: string): void {
    if (!this.quiet) this.stderr.write(this.say(message));
  }
  /** Once per process, e.g. the sandbox banner. */
  infoOnce(key: string, message: string): void {
    if (this.notedOnce.has(key)) return;
    this.notedOnce.add(key);
    this.info(message);
  }
  /**
   * Once per process, even with --quiet: marks what must not be mistaken
   * (output that came from the sandbox, not a real venue).
   */
  note(key: string, message: string): void {
    if (this.notedOnce.has(key)) return;
    this.notedOnce.add(key);
    const paint = this.colours.cyan;
    this.stderr.write(
      this.say(message)
        .split('\n')
        .map((line) => (line ? paint(line) : line))
        .join('\n'),
    );
  }
  success(message: string): void {
    // After a Ctrl-C, what did happen is still said, but never as a success.
    if (this.interruption?.interrupted) this.stderr.write(this.say(`interrupted, but this was done first: ${message}`));
    else if (!this.quiet) this.stderr.write(this.say(message, '✓', this.colours.green));
  }
  warn(message: string): void {
    this.stderr.write(this.say(message, 'warning:', this.colours.yellow));
  }
  error(message: string): void {
    this.stderr.write(this.say(message, 'error:', this.colours.red));
  }
  debug(message: string): void {
    if (this.verbose) this.stderr.write(`${this.colours.dim(message)}\n`);
  }

  /**
   * A spinner on a TTY, drawn once the work has taken about 300 ms; silence
   * otherwise (cron logs stay clean). Stopped, its line is cleared.
   */
  async spinner(text: string): Promise<Spinner> {
    const live = this.live;
    if (!live) return silentSpinner;
    let current = text;
    const stop = live.start({ text: () => current, own: true });
    return {
      update: (t) => {
        current = t;
      },
      succeed: (t) => {
        stop();
        this.success(t ?? current);
      },
      fail: (t) => {
        stop();
        this.stderr.write(this.say(t ?? current, '✗', this.colours.red));
      },
      stop,
    };
  }

  /**
   * A one-line counter on a TTY ("stock levels 5/35 (14%)"), drawn once the
   * work has taken about 300 ms ("stock levels…" until the first count).
   */
  progress(label: string, total?: number): Progress {
    const live = this.live;
    if (!live) return silentProgress;
    let done = 0;
    let max = total;
    let counted = false;
    const stop = live.start({
      text: () => {
        if (!counted) return `${label}…`;
        const count = max ? `${done}/${max}` : `${done}`;
        const pct = max ? ` (${Math.floor((done / max) * 100)}%)` : '';
        return `${label} ${count}${pct}`;
      },
      own: true,
    });
    return {
      tick: (count = 1) => {
        done += count;
        counted = true;
      },
      setTotal: (t) => {
        max = t;
      },
      done: (text) => {
        stop();
        if (text) this.info(text);
      },
    };
  }

  /** An answer awaited from a service: "waiting for <what>…" on a TTY while it takes longer than about 300 ms. */
  awaiting<T>(what: string, answer: Promise<T>): Promise<T> {
    return this.live ? this.live.waiting(what, answer) : answer;
  }

  /** A prompt is open: nothing is drawn on the live line meanwhile. */
  whilePrompting<T>(ask: () => Promise<T>): Promise<T> {
    return this.live ? this.live.pausedFor(ask) : ask();
  }
}

const silentSpinner: Spinner = { update() {}, succeed() {}, fail() {}, stop() {} };
const silentProgress: Progress = { tick() {}, setTotal() {}, done() {} };

/** NO_COLOR wins over everything but an explicit FORCE_COLOR (https://no-color.org). */
export function colourWanted(isTTY: boolean, noColorFlag: boolean | undefined, env: NodeJS.ProcessEnv): boolean {
  if (noColorFlag) return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '') return force !== '0' && force !== 'false';
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.TERM === 'dumb') return false;
  return isTTY;
}
