// The one way a hint names a venue command to run: as printed, it runs. A
// hint (an error's, an outcome message's, a settle command, a diagnosis
// finding's next step) renders its command here: `venue`, the profile when
// the run's profile was chosen for it (--profile, VENUE_PROFILE, a venue of a
// run across venues) so that the command pasted into another shell reaches
// the same venue, each value quoted for a POSIX shell, and a placeholder
// (<guest email>) where the value is not shown (masked) or not known.
//
// The profile comes from the run a hint is made in (hintScope, entered once a
// run by src/run.ts), not from each caller: hints are made deep in workflows
// and clients that have no reason to carry the run's choice of profile
// through every call. So does whom a hint speaks to: a person at a shell, or
// an assistant through `venue mcp`, whose tools take no secret from stdin or
// the environment and never --yes (`forAssistant`).
//
// Runs that share a process (the venues of a run across venues, the MCP
// server's tool calls, tests) each enter an async scope of their own. The
// launcher's run is its process's only one: its scope is the process's. On
// Node 20 an entered AsyncLocalStorage puts a hook on every promise the
// process makes from then on, which a listing of 100,000 records pays for in
// every page it reads.

import { AsyncLocalStorage } from 'node:async_hooks';

/** A value for a POSIX shell: as it is when nothing in it is special, else in single quotes. */
export function shellQuote(value: string): string {
  return /^[A-Za-z0-9_.,:@%+=/-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/** A value a hint does not show: `<guest email>`, for the person to fill in. */
export interface Placeholder {
  readonly placeholder: string;
}

export const placeholder = (name: string): Placeholder => ({ placeholder: name });

/** A word of a hint's command: a value (quoted as needed) or a placeholder. */
export type HintWord = string | number | Placeholder;

/** What a run's hints say: the profile they name (unset: the default one), and to whom. */
export interface HintScope {
  /** The profile chosen for the run; hints name it. */
  profile?: string;
  /** The run is an MCP tool call: its hints are read by an assistant. */
  assistant?: boolean;
}

const scopes = new AsyncLocalStorage<HintScope>();
/** The scope of the process's only run (the launcher's): no async scope is entered for it. */
let processScope: HintScope | undefined;

/**
 * Runs `run` with the hints it makes naming the scope's profile (and speaking to an assistant, when it says so).
 * `alone`: the run is its process's only one (the launcher's), so the scope is the process's.
 */
export function inHintScope<T>(scope: HintScope, run: () => T, options: { alone?: boolean } = {}): T {
  if (!options.alone) return scopes.run(scope, run);
  // As an async scope would, it ends with the run.
  processScope = scope;
  const end = () => {
    processScope = undefined;
  };
  let result: T;
  try {
    result = run();
  } catch (error) {
    end();
    throw error;
  }
  if (result instanceof Promise) return result.finally(end) as T;
  end();
  return result;
}

const currentScope = (): HintScope | undefined => scopes.getStore() ?? processScope;

/** The profile the run's hints name; undefined for the default one. */
export function hintProfile(): string | undefined {
  return currentScope()?.profile;
}

/** Whether the run's hints are read by an assistant (an MCP tool call), which can pass no secret flag and never --yes. */
export function forAssistant(): boolean {
  return currentScope()?.assistant === true;
}

/** The placeholder a word is shown as: <guest email>. */
const shown = (word: HintWord) => (typeof word === 'object' ? `<${word.placeholder}>` : shellQuote(String(word)));

/**
 * `venue [--profile P] words…`, as a person pastes it: the run's profile when
 * it was chosen (or the one given: null for none), each value quoted,
 * placeholders as <name>.
 */
export function venueCommand(words: readonly HintWord[], options: { profile?: string | null } = {}): string {
  const profile = options.profile === undefined ? hintProfile() : (options.profile ?? undefined);
  return ['venue', ...(profile ? ['--profile', shellQuote(profile)] : []), ...words.map(shown)].join(' ');
}

/** The command in backticks, as hints quote it in their sentences: `venue …`. */
export function venueHint(words: readonly HintWord[], options: { profile?: string | null } = {}): string {
  return `\`${venueCommand(words, options)}\``;
}
