// Prompts, only where a person can answer: the CLI shell's implementation of
// the Asking port (src/lib/questions.ts). Without a TTY (cron, pipes, CI,
// --no-input) asking is an error that names the flag to pass instead.

import { missingValue, type Asking, type Choice } from '../lib/questions.js';
import { InterruptedError } from '../lib/errors.js';
import type { Terminal } from './terminal.js';
import { promptsModule, type Prompts } from './lazy-modules.js';

function isPromptExit(error: unknown): boolean {
  const name = (error as { name?: string } | undefined)?.name;
  return name === 'ExitPromptError' || name === 'AbortPromptError';
}

export class InquirerPrompter implements Asking {
  constructor(private readonly terminal: Terminal) {}

  get canPrompt(): boolean {
    return this.terminal.canPrompt();
  }

  private async ask<T>(flag: string, run: (prompts: Prompts, context: object) => Promise<T>): Promise<T> {
    if (!this.canPrompt) throw missingValue(flag);
    const prompts = await promptsModule();
    try {
      // Prompts draw on stderr so stdout stays clean for data.
      return await this.terminal.whilePrompting(() =>
        run(prompts, { input: this.terminal.stdin, output: this.terminal.stderr }),
      );
    } catch (error) {
      if (isPromptExit(error)) throw new InterruptedError();
      throw error;
    }
  }

  input(
    message: string,
    options: { flag: string; default?: string; optional?: boolean; validate?: (value: string) => true | string },
  ) {
    return this.ask(options.flag, (p, ctx) =>
      p.input({ message, default: options.default, validate: options.validate, required: !options.optional }, ctx),
    );
  }

  password(message: string, options: { flag: string; validate?: (value: string) => true | string }) {
    return this.ask(options.flag, (p, ctx) => p.password({ message, mask: '*', validate: options.validate }, ctx));
  }

  confirm(message: string, options: { flag: string; default?: boolean }) {
    return this.ask(options.flag, (p, ctx) => p.confirm({ message, default: options.default ?? false }, ctx));
  }

  select<T>(message: string, choices: Array<Choice<T>>, options: { flag: string; default?: T }) {
    return this.ask(options.flag, (p, ctx) =>
      p.select<T>({ message, choices, default: options.default, pageSize: 12, loop: false }, ctx),
    );
  }
}
