// The one place that decides TTY, colour, spinners and whether we may prompt.
// Commands write data through Output and messages through Terminal; nothing
// else touches process.stdout or process.stderr.

import type { Writable, Readable } from 'node:stream';
import { SecretRegistry } from '../lib/redact.js';
import type { Palette, Screen } from '../lib/screen.js';
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
    return this.stdout.columns ?? 100;
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
    if (!this.quiet) this.stderr.write(`${message}\n`);
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
    this.stderr.write(`${this.colours.cyan(message)}\n`);
  }
  success(message: string): void {
    // After a Ctrl-C, what did happen is still said, but never as a success.
    if (this.interruption?.interrupted) this.stderr.write(`interrupted, but this was done first: ${message}\n`);
    else if (!this.quiet) this.stderr.write(`${this.colours.green('✓')} ${message}\n`);
  }
  warn(message: string): void {
    this.stderr.write(`${this.colours.yellow('warning:')} ${message}\n`);
  }
  error(message: string): void {
    this.stderr.write(`${this.colours.red('error:')} ${message}\n`);
  }
  debug(message: string): void {
    if (this.verbose) this.stderr.write(`${this.colours.dim(message)}\n`);
  }

  /** A spinner on a TTY; silence otherwise (cron logs stay clean). */
  async spinner(text: string): Promise<Spinner> {
    if (!this.stderrIsTTY || this.quiet) return silentSpinner;
    const { default: ora } = await import('ora');
    const spinner = ora({ text, stream: this.stderr as NodeJS.WritableStream, color: 'cyan', isEnabled: true }).start();
    return {
      update: (t) => {
        spinner.text = t;
      },
      succeed: (t) => void spinner.succeed(t),
      fail: (t) => void spinner.fail(t),
      stop: () => void spinner.stop(),
    };
  }

  /** A one-line counter on a TTY, redrawn at most ten times a second. */
  progress(label: string, total?: number): Progress {
    if (!this.stderrIsTTY || this.quiet) return silentProgress;
    let done = 0;
    let max = total;
    let lastDraw = 0;
    const draw = (force = false) => {
      const now = Date.now();
      if (!force && now - lastDraw < 100) return;
      lastDraw = now;
      const count = max ? `${done}/${max}` : `${done}`;
      const pct = max ? ` (${Math.floor((done / max) * 100)}%)` : '';
      this.stderr.write(`\r\u001b[2K${label} ${count}${pct}`);
    };
    return {
      tick: (count = 1) => {
        done += count;
        draw();
      },
      setTotal: (t) => {
        max = t;
      },
      done: (text) => {
        draw(true);
        this.stderr.write(`\r\u001b[2K${text ? `${text}\n` : ''}`);
      },
    };
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
