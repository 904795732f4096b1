// The command's deadline: when the whole command must be over. Every request
// and every retry wait is bounded by it (http.ts, retry-policy.ts); the time a
// person spends answering a prompt is given back to it.

import type { Asking } from './questions.js';
import { UsageError } from './errors.js';

/** When the whole command must be over (epoch ms), and what to call it in messages. */
export interface Deadline {
  at: number;
  /** "--deadline 120" or "VENUE_DEADLINE=120": how the user sets it. */
  describe: string;
}

export const DEFAULT_DEADLINE_SECONDS = 120;

/** --deadline, else VENUE_DEADLINE, else two minutes; a bad VENUE_DEADLINE is a usage error. */
export function commandDeadline(deadline: number | undefined, env: NodeJS.ProcessEnv, now: number): Deadline {
  if (deadline !== undefined) return { at: now + deadline * 1000, describe: `--deadline ${deadline}` };
  const raw = env.VENUE_DEADLINE;
  if (raw !== undefined && raw !== '') {
    const seconds = Number(raw);
    if (!Number.isFinite(seconds) || seconds <= 0)
      throw new UsageError(`VENUE_DEADLINE must be a positive number of seconds (got "${raw}")`);
    return { at: now + seconds * 1000, describe: `VENUE_DEADLINE=${raw}` };
  }
  return {
    at: now + DEFAULT_DEADLINE_SECONDS * 1000,
    describe: `the default ${DEFAULT_DEADLINE_SECONDS} s; --deadline or VENUE_DEADLINE`,
  };
}

/**
 * The deadline bounds the command's waits on services, not a person's time
 * at a prompt: the time spent answering is added back to it.
 */
export function deadlinePausedWhileAsking(prompter: Asking, deadline: Deadline): Asking {
  const timed =
    <A extends unknown[], R>(ask: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const started = Date.now();
      try {
        return await ask(...args);
      } finally {
        deadline.at += Date.now() - started;
      }
    };
  return {
    get canPrompt() {
      return prompter.canPrompt;
    },
    input: timed(prompter.input.bind(prompter)),
    password: timed(prompter.password.bind(prompter)),
    confirm: timed(prompter.confirm.bind(prompter)),
    select: timed(prompter.select.bind(prompter)) as Asking['select'],
  };
}
