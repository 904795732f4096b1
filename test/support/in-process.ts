// The in-process tier: runs `venue` commands through the CLI's own entry (main)
// inside the test's process, against a sandbox started in the same process.
// The same shape as venue.ts's (startSandbox, sandboxForFile, runVenue and a
// SandboxHandle with run/control/serviceToken/stop), so a test file moves from
// one tier to the other by its import. Each run has its own streams (strings
// captured, stdin given, no TTY unless asked), its own environment (nothing of
// process.env but PATH, HOME, NO_COLOR and LANG: baseEnv), and its own
// interruption, which a test can fire (Ctrl-C) at a chosen moment.
//
// Two functions touch the code under test, so that a change to its shape is
// one edit here: callCli (the CLI's in-process entry, with the front door's
// reader for a test that changes a read invocation) and startSandboxServer
// (the emulator's).

import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, Readable, Writable } from 'node:stream';
import { main } from '../../src/main.js';
import { readInvocation, type Invocation } from '../../src/invocation.js';
import { ProcessInterruption } from '../../src/lib/interruption.js';
import type { TerminalStreams } from '../../src/cli/terminal.js';
import {
  baseEnv,
  removeDir,
  repoRoot,
  sandboxCalls,
  stopBackgroundSandbox,
  sandboxEnv,
  sandboxPerFile,
  tempDir,
  type RunOptions,
  type RunResult,
  type SandboxHandle as ProcessTierHandle,
} from './venue.js';

export { baseEnv, repoRoot, tempDir, type RunOptions, type RunResult };

const version = (JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string })
  .version;

/** What the output holds so far, for an interruption that waits for a moment in it. */
export interface OutputSoFar {
  stdout: string;
  stderr: string;
}

/** A Ctrl-C: after a time, once the output so far shows the moment (checked on every write), or when a signal aborts. */
export type CtrlC = { afterMs: number } | { when: (output: OutputSoFar) => boolean } | { signal: AbortSignal };

export interface InProcessRunOptions extends RunOptions {
  /** Which streams say they are a terminal (all three with true); none by default. */
  tty?: boolean | { stdin?: boolean; stdout?: boolean; stderr?: boolean };
  /** The terminal's width, when stdout is one. */
  columns?: number;
  /** Ctrl-C at these moments (a second one stops at once, as in a terminal). */
  interrupt?: CtrlC | CtrlC[];
  /** stdin read from this file, opened only when the command reads (a shell's pipe through /proc/<pid>/fd/0); instead of input. */
  stdinFile?: string;
  /**
   * A person at the prompts (with tty): each answer is typed once the prompt
   * before it is done ('\r' is Enter; 'n\r' answers No). stdin stays open
   * until the run ends. Instead of input.
   */
  answers?: readonly string[];
  /** The interruption's timings (how long cleanup and the grace period may take). */
  interruptionTimings?: { cleanupMs?: number; graceMs?: number };
  /** The clock the command takes as now (main's `now`): a night the test chooses. */
  now?: () => number;
  /**
   * The command line as the front door read it, changed before main runs it:
   * a test of the front door's own rules hands in a declaration whose run
   * only records that it was reached (nothing sent).
   */
  intercept?: (invocation: Invocation) => Invocation;
  /** stdin is this stream, open as long as the test keeps it (a conversation: `venue mcp`); instead of input. */
  stdinStream?: Readable;
  /** Called with all stdout so far on each write (a conversation reads its answers as they come). */
  onStdout?: (soFar: string) => void;
}

/** The CLI's in-process entry: the one call into it. */
async function callCli(run: {
  argv: string[];
  streams: TerminalStreams;
  env: NodeJS.ProcessEnv;
  interruption: ProcessInterruption;
  now?: () => number;
  intercept?: (invocation: Invocation) => Invocation;
  /** stdin is this stream, open as long as the test keeps it (a conversation: `venue mcp`); instead of input. */
  stdinStream?: Readable;
  /** Called with all stdout so far on each write (a conversation reads its answers as they come). */
  onStdout?: (soFar: string) => void;
}): Promise<number> {
  const line = run.intercept
    ? { invocation: run.intercept(await readInvocation(run.argv)) }
    : { argv: run.argv as readonly string[] };
  return main({
    ...line,
    streams: run.streams,
    env: run.env,
    interruption: run.interruption,
    version,
    ...(run.now ? { now: run.now } : {}),
  });
}

/** A stream that keeps what is written to it. */
class Capture extends Writable {
  private readonly chunks: Buffer[] = [];
  isTTY?: boolean;
  columns?: number;

  constructor(
    tty: boolean,
    columns: number | undefined,
    private readonly onWrite: () => void,
  ) {
    super({ decodeStrings: true });
    if (tty) this.isTTY = true;
    if (columns !== undefined) this.columns = columns;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.chunks.push(chunk);
    done();
    this.onWrite();
  }

  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }

  // A terminal's cursor moves (what ora, a spinner, calls on a TTY), written as the escape codes a tty.WriteStream writes.
  cursorTo(x: number, y?: number | (() => void), done?: () => void): boolean {
    const callback = typeof y === 'function' ? y : done;
    return this.write(typeof y === 'number' ? `\u001b[${y + 1};${x + 1}H` : `\u001b[${x + 1}G`, callback);
  }
  moveCursor(dx: number, dy: number, done?: () => void): boolean {
    const codes = `${dx < 0 ? `\u001b[${-dx}D` : dx > 0 ? `\u001b[${dx}C` : ''}${dy < 0 ? `\u001b[${-dy}A` : dy > 0 ? `\u001b[${dy}B` : ''}`;
    return this.write(codes, done);
  }
  clearLine(dir: -1 | 0 | 1, done?: () => void): boolean {
    return this.write(dir < 0 ? '\u001b[1K' : dir > 0 ? '\u001b[0K' : '\u001b[2K', done);
  }

  /** A prompt (inquirer) ends the stream it drew on when it is done; the process's stderr outlives that, and so does this. */
  keepOpen(): this {
    Object.defineProperty(this, 'end', { value: () => this, configurable: true, writable: true });
    return this;
  }
}

/** A file's bytes, opened on the first read: what is not read is left for whoever reads next. */
function lazyFile(file: string): Readable {
  let source: fs.ReadStream | undefined;
  return new Readable({
    read() {
      if (!source) {
        source = fs.createReadStream(file);
        source.on('data', (chunk) => {
          if (!this.push(chunk)) source!.pause();
        });
        source.on('end', () => this.push(null));
        source.on('error', (error) => this.destroy(error));
      } else source.resume();
    },
    destroy(error, done) {
      source?.destroy();
      done(error);
    },
  });
}

/** The folder runs take relative paths from (RunOptions.cwd): one at a time, since it is the process's. */
let cwdHeldBy: { dir: string; runs: number } | undefined;

function enterCwd(dir: string | undefined): () => void {
  if (dir === undefined) return () => undefined;
  const resolved = path.resolve(dir);
  if (cwdHeldBy && cwdHeldBy.dir !== resolved)
    throw new Error(`in-process runs share one working directory: ${cwdHeldBy.dir} is in use, ${resolved} was asked`);
  const previous = process.cwd();
  if (!cwdHeldBy) {
    process.chdir(resolved);
    cwdHeldBy = { dir: resolved, runs: 0 };
  }
  cwdHeldBy.runs++;
  return () => {
    if (--cwdHeldBy!.runs === 0) {
      cwdHeldBy = undefined;
      process.chdir(previous === resolved ? repoRoot : previous);
    }
  };
}

/** Runs `venue <args>` in this process; resolves with its exit code and what it wrote. */
export async function runVenue(args: string[], options: InProcessRunOptions = {}): Promise<RunResult> {
  const tty =
    typeof options.tty === 'object' ? options.tty : { stdin: options.tty, stdout: options.tty, stderr: options.tty };
  const triggers: CtrlC[] =
    options.interrupt === undefined
      ? []
      : Array.isArray(options.interrupt)
        ? [...options.interrupt]
        : [options.interrupt];
  const timers: NodeJS.Timeout[] = [];
  let exited: ((code: number) => void) | undefined;
  const exit = new Promise<number>((resolve) => (exited = resolve));
  // A prompt ("? …") is drawn: its answer is typed; inquirer shows the cursor again (ESC[?25h) when the prompt is done, and the next answer waits for the next prompt.
  const answers = options.answers ? [...options.answers] : undefined;
  let from = 0;
  let waitingForDone = false;
  const typeAnswers = () => {
    if (!answers || stdin.writableEnded) return;
    const text = stderr.text();
    if (waitingForDone) {
      const done = text.indexOf('\u001b[?25h', from);
      if (done === -1) return;
      from = done + 6;
      waitingForDone = false;
    }
    if (!answers.length) return;
    const prompt = /\?(\u001b\[[0-9;]*m)* /.exec(text.slice(from));
    if (!prompt) return;
    from += prompt.index + prompt[0].length;
    waitingForDone = true;
    const answer = answers.shift()!;
    // Not inside the prompt's own drawing: a person types after seeing it.
    setTimeout(() => stdin.writableEnded || stdin.write(answer), 20);
  };
  const checkMoments = () => {
    typeAnswers();
    const due = triggers.find(
      (t): t is { when: (o: OutputSoFar) => boolean } =>
        'when' in t && t.when({ stdout: stdout.text(), stderr: stderr.text() }),
    );
    if (due) {
      triggers.splice(triggers.indexOf(due), 1);
      // As the launcher's SIGINT listener does: the interruption hears it at once, between writes.
      queueMicrotask(() => interruption.notify());
    }
  };
  const stdout = new Capture(Boolean(tty.stdout), options.columns, () => {
    checkMoments();
    options.onStdout?.(stdout.text());
  });
  const stderr = new Capture(Boolean(tty.stderr), options.columns, checkMoments).keepOpen();
  const stdin = (
    options.stdinStream
      ? options.stdinStream
      : answers
        ? new PassThrough()
        : options.stdinFile === undefined
          ? new PassThrough().end(options.input ?? '')
          : lazyFile(options.stdinFile)
  ) as PassThrough & { isTTY?: boolean };
  if (tty.stdin) stdin.isTTY = true;
  const interruption = new ProcessInterruption(
    {
      say: (message) => stderr.write(`${message}\n`),
      // Where the launcher would end the process (a second Ctrl-C, the grace period spent): the run ends there.
      exit: (code) => exited?.(code),
    },
    options.interruptionTimings,
  );
  for (const trigger of triggers) {
    if ('afterMs' in trigger) timers.push(setTimeout(() => interruption.notify(), trigger.afterMs));
    if ('signal' in trigger) {
      if (trigger.signal.aborted) queueMicrotask(() => interruption.notify());
      else trigger.signal.addEventListener('abort', () => interruption.notify(), { once: true });
    }
  }
  const leaveCwd = enterCwd(options.cwd);
  const timeoutMs = options.timeoutMs ?? 20_000;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // Stop it as a person would (twice: at once), so it sends nothing more.
      interruption.notify();
      interruption.notify();
      reject(new Error(`venue ${args.join(' ')} timed out\nstdout: ${stdout.text()}\nstderr: ${stderr.text()}`));
    }, timeoutMs);
  });
  try {
    const env = baseEnv(options.env);
    const code = await Promise.race([
      callCli({
        argv: args,
        streams: { stdin, stdout, stderr },
        env,
        interruption,
        now: options.now,
        intercept: options.intercept,
      }),
      exit,
      timedOut,
    ]);
    return { code, stdout: stdout.text(), stderr: stderr.text() };
  } finally {
    if (answers) stdin.end();
    clearTimeout(timer);
    for (const t of timers) clearTimeout(t);
    leaveCwd();
  }
}

/** venue.ts's SandboxHandle, whose runs take this tier's options (a TTY, a Ctrl-C at a moment). */
export interface SandboxHandle extends Omit<ProcessTierHandle, 'run'> {
  run(args: string[], options?: InProcessRunOptions): Promise<RunResult>;
  /** The process that serves it: this one. */
  process: { pid: number };
}

/** A sandbox in this process, as `venue sandbox serve` would start it. */
export interface InProcessSandbox {
  origin: string;
  close(): Promise<void>;
}

/**
 * The emulator's in-process start: the one call into it. args are
 * `venue sandbox serve`'s options (--dialect, --routes, --token-scale, --hold-seconds).
 */
async function startSandboxServer(stateDir: string, args: string[]): Promise<InProcessSandbox> {
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at === -1 ? undefined : args[at + 1];
  };
  const known = new Set(['--dialect', '--routes', '--token-scale', '--hold-seconds']);
  const flags = new Set(['--shuffle-keys']);
  for (let i = 0; i < args.length; i += flags.has(args[i]!) ? 1 : 2)
    if (!known.has(args[i]!) && !flags.has(args[i]!))
      throw new Error(`in-process sandbox: ${args[i]} is not an option it takes`);
  const number = (name: string) => (option(name) === undefined ? undefined : Number(option(name)));
  const { createSandbox } = await import('venue-sandbox');
  const routes = option('--routes');
  const sandbox = createSandbox({
    stateDir,
    port: 0,
    host: '127.0.0.1',
    dialect: option('--dialect') as import('venue-sandbox').DialectName | undefined,
    shuffleKeys: args.includes('--shuffle-keys'),
    routes: routes === undefined ? undefined : path.resolve(repoRoot, routes),
    tokenScale: number('--token-scale'),
    holdSeconds: number('--hold-seconds'),
  });
  const origin = await sandbox.start();
  // As serve does: the state folder says it is served, so nothing starts a second sandbox on it.
  const { markServing } = await import('../../src/lib/sandbox-launcher.js');
  const unmark = markServing(stateDir, origin);
  return {
    origin,
    async close() {
      await sandbox.stop();
      unmark();
    },
  };
}

/** Starts a sandbox in this process with a private state and config directory; runs go through main. */
export async function startSandbox(extraArgs: string[] = []): Promise<SandboxHandle> {
  const configDir = tempDir();
  const server = await startSandboxServer(path.join(configDir, 'sandbox'), extraArgs);
  const env = sandboxEnv(configDir, server.origin);
  return {
    origin: server.origin,
    configDir,
    env,
    process: { pid: process.pid },
    run: (args, options = {}) => runVenue(args, { ...options, env: { ...env, ...options.env } }),
    ...sandboxCalls(server.origin),
    async stop() {
      await server.close();
      // A sandbox an example or autostart started in the background on the same state folder is stopped first.
      await stopBackgroundSandbox(server.origin);
      removeDir(configDir);
    },
  };
}

/** One in-process sandbox for a test file (venue.ts's sandboxForFile, in this tier). */
export function sandboxForFile(
  options: { clearFaults?: boolean; args?: string[] },
  use: (sandbox: SandboxHandle) => void,
): void {
  sandboxPerFile(startSandbox, options, use);
}
