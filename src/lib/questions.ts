// The port through which a workflow asks a person (a location, a session, a
// name): the few questions it needs, and nothing of how they are asked. The
// CLI shell implements it with prompts on the terminal (src/cli/prompter.ts);
// tests hand in fakes. Without a person to answer, asking is an error that
// names the flag to pass instead (missingValue).

import { UsageError } from './errors.js';

export interface Choice<T> {
  name: string;
  value: T;
  description?: string;
  disabled?: boolean | string;
}

export interface Asking {
  readonly canPrompt: boolean;
  /** An empty answer is refused unless `optional` (then it is ''). */
  input(
    message: string,
    options: { flag: string; default?: string; optional?: boolean; validate?: (value: string) => true | string },
  ): Promise<string>;
  password(message: string, options: { flag: string; validate?: (value: string) => true | string }): Promise<string>;
  confirm(message: string, options: { flag: string; default?: boolean }): Promise<boolean>;
  select<T>(message: string, choices: Array<Choice<T>>, options: { flag: string; default?: T }): Promise<T>;
}

/** Raised instead of prompting when nobody can answer. */
export function missingValue(flag: string, what?: string): UsageError {
  return new UsageError(`missing ${flag}${what ? ` (${what})` : ''}`, {
    hint: `Pass ${flag}; there is no terminal to ask on.`,
  });
}
