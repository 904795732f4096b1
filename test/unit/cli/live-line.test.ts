// The live line (src/cli/live-line.ts) and the terminal's spinner, progress
// and messages: nothing drawn for work under 300 ms, the line cleared before
// any other write (data never shares a line with a spinner), messages wrapped
// at the terminal's width on a TTY and whole when piped.

import { PassThrough } from 'node:stream';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveLine, LIVE_DELAY_MS } from '../../../src/cli/live-line.js';
import { Terminal } from '../../../src/cli/terminal.js';
import { loadWrapping } from '../../../src/cli/wrapping.js';

/** A stream that keeps what is written, a TTY of `columns`. */
function ttyStream(columns = 80) {
  const stream = new PassThrough() as PassThrough & { isTTY?: boolean; columns?: number };
  stream.isTTY = true;
  stream.columns = columns;
  let written = '';
  stream.on('data', (chunk: Buffer) => (written += chunk.toString('utf8')));
  return { stream, written: () => written };
}

/** What a terminal shows after these bytes: "\r" goes back, ESC[2K clears the line, "\n" starts the next. */
function screen(bytes: string): string[] {
  const lines: string[] = [''];
  let column = 0;
  for (let i = 0; i < bytes.length; i++) {
    const char = bytes[i]!;
    if (char === '\r') column = 0;
    else if (char === '\n') {
      lines.push('');
      column = 0;
    } else if (bytes.startsWith('\u001b[2K', i)) {
      lines[lines.length - 1] = '';
      i += 3;
    } else {
      const line = lines[lines.length - 1]!.padEnd(column);
      lines[lines.length - 1] = line.slice(0, column) + char + line.slice(column + 1);
      column++;
    }
  }
  return lines;
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('the live line', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] }));
  afterEach(() => vi.useRealTimers());

  it('draws nothing for work shorter than 300 ms', async () => {
    const err = ttyStream();
    const live = new LiveLine(err.stream);
    const stop = live.start({ text: () => 'Checking services', own: true });
    vi.advanceTimersByTime(LIVE_DELAY_MS - 50);
    stop();
    await flush();
    expect(err.written()).toBe('');
  });

  it('draws after 300 ms, and clears its line before data or a message is written', async () => {
    const err = ttyStream();
    const out = ttyStream();
    const live = new LiveLine(err.stream);
    // stdout and stderr are one screen: both streams write into one transcript.
    let transcript = '';
    err.stream.on('data', (c: Buffer) => (transcript += c.toString()));
    out.stream.on('data', (c: Buffer) => (transcript += c.toString()));
    const stdout = live.guard(out.stream);
    const stderr = live.guard(err.stream);
    live.start({ text: () => 'stock levels 5/35 (14%)', own: true });
    vi.advanceTimersByTime(LIVE_DELAY_MS + 100);
    await flush();
    expect(screen(transcript).at(-1)).toMatch(/stock levels 5\/35 \(14%\)$/);
    stdout.write('PRODUCT  NAME\n1001     Gummy Bears\n');
    stderr.write('[sandbox] inventory: local emulator\n');
    await flush();
    const shown = screen(transcript);
    expect(shown.slice(0, 3)).toEqual(['PRODUCT  NAME', '1001     Gummy Bears', '[sandbox] inventory: local emulator']);
    // The line comes back below the output at its next frame.
    vi.advanceTimersByTime(100);
    await flush();
    expect(screen(transcript).at(-1)).toMatch(/stock levels 5\/35/);
    live.end();
    await flush();
    expect(screen(transcript).at(-1)).toBe('');
  });

  it('is one line: cut to the terminal width', async () => {
    const err = ttyStream(30);
    const live = new LiveLine(err.stream);
    live.start({ text: () => 'Reading cards, balances and transactions of every guest', own: true });
    vi.advanceTimersByTime(LIVE_DELAY_MS + 100);
    await flush();
    const last = screen(err.written()).at(-1)!;
    expect(last.length).toBeLessThan(30);
    expect(last).toMatch(/…$/);
  });

  it('a command spinner wins over a wait for an answer; nothing is drawn while a prompt is open or after the end', async () => {
    const err = ttyStream();
    const live = new LiveLine(err.stream);
    let answer!: (value: string) => void;
    const waiting = live.waiting('inventory', new Promise<string>((resolve) => (answer = resolve)));
    vi.advanceTimersByTime(LIVE_DELAY_MS + 100);
    await flush();
    expect(screen(err.written()).at(-1)).toMatch(/waiting for inventory…$/);
    const stop = live.start({ text: () => 'Submitting the stock take', own: true });
    vi.advanceTimersByTime(LIVE_DELAY_MS + 100);
    await flush();
    expect(screen(err.written()).at(-1)).toMatch(/Submitting the stock take$/);
    stop();
    answer('ok');
    await waiting;
    await flush();
    expect(screen(err.written()).at(-1)).toBe('');

    let typed!: () => void;
    const prompt = live.pausedFor(() => new Promise<void>((resolve) => (typed = resolve)));
    live.start({ text: () => 'Loading', own: true });
    const before = err.written();
    vi.advanceTimersByTime(1000);
    await flush();
    expect(err.written()).toBe(before);
    typed();
    await prompt;
    live.end();
    vi.advanceTimersByTime(1000);
    await flush();
    expect(screen(err.written()).at(-1)).toBe('');
  });
});

describe('the terminal on a TTY', () => {
  // main loads the wrapping before a run on a terminal says anything.
  beforeAll(() => loadWrapping());
  beforeEach(() => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] }));
  afterEach(() => vi.useRealTimers());

  function terminal(columns: number, tty = true) {
    const err = ttyStream(columns);
    const out = ttyStream(columns);
    err.stream.isTTY = tty;
    out.stream.isTTY = tty;
    let transcript = '';
    err.stream.on('data', (c: Buffer) => (transcript += c.toString()));
    out.stream.on('data', (c: Buffer) => (transcript += c.toString()));
    const t = new Terminal(
      { stdin: new PassThrough(), stdout: out.stream, stderr: err.stream },
      { env: { NO_COLOR: '1' }, noColor: true },
    );
    return { terminal: t, err: err.written, transcript: () => transcript };
  }

  it('messages wrap at the width without breaking a word; piped they stay one line', () => {
    const message =
      '[sandbox] wallet: local emulator at http://127.0.0.1:45579/wallet, not a real venue, and nothing here is real money';
    const tty = terminal(80);
    tty.terminal.note('sandbox', message);
    tty.terminal.warn('the inventory answered refresh tokens that expire before the access token they refresh');
    const lines = tty.err().replace(/\n$/, '').split('\n');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    expect(lines.join(' ')).toBe(
      `${message} warning: the inventory answered refresh tokens that expire before the access token they refresh`,
    );
    const piped = terminal(80, false);
    piped.terminal.note('sandbox', message);
    expect(piped.err()).toBe(`${message}\n`);
  });

  it('the spinner never shares a line with data, and progress.done leaves its words on a line of their own', async () => {
    const t = terminal(80);
    const spinner = await t.terminal.spinner('Checking services…');
    vi.advanceTimersByTime(LIVE_DELAY_MS + 100);
    await flush();
    expect(screen(t.transcript()).at(-1)).toMatch(/Checking services…$/);
    t.terminal.note('sandbox', '[sandbox] wallet: local emulator');
    spinner.stop();
    t.terminal.write('SERVICE  CHECK\n');
    const progress = t.terminal.progress('stock levels', 35);
    progress.tick(5);
    vi.advanceTimersByTime(LIVE_DELAY_MS + 100);
    await flush();
    expect(screen(t.transcript()).at(-1)).toMatch(/stock levels 5\/35 \(14%\)$/);
    t.terminal.write('1001  Gummy Bears\n');
    progress.done('35 stock levels');
    await flush();
    expect(screen(t.transcript())).toEqual([
      '[sandbox] wallet: local emulator',
      'SERVICE  CHECK',
      '1001  Gummy Bears',
      '35 stock levels',
      '',
    ]);
  });
});
