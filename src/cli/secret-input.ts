// Secrets (client secrets, passwords, webhook secrets) are read from a hidden
// prompt, an environment variable or standard input: never from argv, where
// shell history and the process list would keep them.

import { UsageError } from '../lib/errors.js';
import type { Asking } from '../lib/questions.js';
import type { Terminal } from './terminal.js';

export interface SecretSourceOptions {
  /** --from-env VAR / --secret-env VAR: the variable's name. */
  fromEnv?: string;
  /** --stdin / --password-stdin given. */
  fromStdin?: boolean;
  /** Prompt text for the hidden prompt. */
  prompt: string;
  /** The flags that would supply it, for the error without a TTY. */
  flags: string;
  validate?: (value: string) => true | string;
}

export async function readAllStdin(stdin: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

export async function readSecret(
  terminal: Terminal,
  prompter: Asking,
  env: NodeJS.ProcessEnv,
  options: SecretSourceOptions,
): Promise<string> {
  let value: string;
  if (options.fromEnv) {
    const fromEnv = env[options.fromEnv];
    if (!fromEnv) throw new UsageError(`environment variable ${options.fromEnv} is not set or empty`);
    value = fromEnv;
  } else if (options.fromStdin) {
    // Only the line ending a shell adds is dropped; inner whitespace is kept.
    value = (await readAllStdin(terminal.stdin)).replace(/\r?\n$/, '');
    if (!value) throw new UsageError('standard input was empty; expected the secret');
  } else if (prompter.canPrompt) {
    value = await prompter.password(options.prompt, { flag: options.flags, validate: options.validate });
  } else {
    throw new UsageError(`no secret given: pass ${options.flags}`, {
      hint: 'Secrets are never taken as command-line values.',
    });
  }
  terminal.secrets.remember(value);
  if (options.validate) {
    const verdict = options.validate(value);
    if (verdict !== true) throw new UsageError(verdict);
  }
  return value;
}
