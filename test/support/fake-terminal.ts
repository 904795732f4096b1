// A terminal double: buffers instead of process streams, TTY-ness chosen by the test.

import { PassThrough } from 'node:stream';
import { Terminal, type TerminalOptions } from '../../src/cli/terminal.js';

export interface FakeTerminal {
  terminal: Terminal;
  stdout(): string;
  stderr(): string;
}

export function fakeTerminal(options: TerminalOptions & { tty?: boolean; stdin?: string } = {}): FakeTerminal {
  const stdin = new PassThrough() as PassThrough & { isTTY?: boolean };
  const stdout = new PassThrough() as PassThrough & { isTTY?: boolean; columns?: number };
  const stderr = new PassThrough() as PassThrough & { isTTY?: boolean; columns?: number };
  stdin.isTTY = stdout.isTTY = stderr.isTTY = options.tty ?? false;
  let out = '';
  let err = '';
  stdout.on('data', (d) => (out += d.toString()));
  stderr.on('data', (d) => (err += d.toString()));
  if (options.stdin !== undefined) stdin.end(options.stdin);
  const terminal = new Terminal({ stdin, stdout, stderr }, { env: {}, ...options });
  return { terminal, stdout: () => out, stderr: () => err };
}
