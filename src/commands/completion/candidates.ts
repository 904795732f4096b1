// What a TAB may put at the cursor, worked out from the real command tree:
// the words typed so far are read the way commander reads them (options of a
// command and of every command above it may stand anywhere, and those that
// take a value consume the next word), then the last word is completed as a
// subcommand, an option name or a value.

import type { Argument, Command, Option } from 'commander';
import { argumentSpecs, declarationOf, flagNames, type IdKind, type OptionSpec, type ValueKind } from '../define.js';
import { globalOptions } from '../globals.js';

export interface Candidate {
  value: string;
  description?: string;
}

export interface Completion {
  candidates: Candidate[];
  /** The spot takes a file path: the shell completes file names. */
  files: boolean;
}

/** What dynamic values depend on: the profile named on the line, other options given. */
export interface ValueRequest {
  /** The value of --profile, if the line gives one. */
  profile?: string;
  /** Options given on the line, by long name: { '--location': 'loc-riverside' }. */
  given: Record<string, string>;
}

/** Where values that are not in the tree come from (profiles, ids). */
export interface ValueSource {
  values(kind: IdKind, request: ValueRequest): Promise<Candidate[]>;
}

const takesValue = (option: Option): boolean => option.required || option.optional;
const optionKey = (option: Option): string => option.long ?? option.short ?? option.flags;

export function commandPath(cmd: Command): string[] {
  const names: string[] = [];
  for (let c: Command | null = cmd; c?.parent; c = c.parent) names.unshift(c.name());
  return names;
}

/** cmd and every command above it, nearest first: their options all apply at cmd. */
function lineage(cmd: Command): Command[] {
  const out: Command[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) out.push(c);
  return out;
}

function visibleSubcommands(cmd: Command): Command[] {
  return cmd.createHelp().visibleCommands(cmd).filter((c) => c.name() !== 'help');
}

interface FoundOption {
  option: Option;
  owner: Command;
}

function findOption(cmd: Command, flag: string): FoundOption | undefined {
  for (const owner of lineage(cmd)) {
    const option = owner.options.find((o) => o.long === flag || o.short === flag);
    if (option) return { option, owner };
  }
  return undefined;
}

function findSubcommand(cmd: Command, word: string): Command | undefined {
  return cmd.commands.find((c) => c.name() === word || c.aliases().includes(word));
}

/** The line read up to the cursor: the command reached, its operands, the options given. */
interface LineState {
  cmd: Command;
  operands: string[];
  given: Record<string, string>;
  /** The option whose value the cursor is on. */
  pending?: FoundOption;
  operandsOnly: boolean;
}

function readLine(program: Command, words: string[]): LineState {
  const state: LineState = { cmd: program, operands: [], given: {}, operandsOnly: false };
  for (const word of words) {
    if (state.pending) {
      state.given[optionKey(state.pending.option)] = word;
      state.pending = undefined;
      continue;
    }
    if (!state.operandsOnly && word === '--') {
      state.operandsOnly = true;
      continue;
    }
    if (!state.operandsOnly && word.startsWith('-') && word !== '-') {
      readOption(state, word);
      continue;
    }
    const sub = state.operandsOnly || state.operands.length > 0 ? undefined : findSubcommand(state.cmd, word);
    if (sub) state.cmd = sub;
    else state.operands.push(word);
  }
  return state;
}

/** --name, --name=value, -x, -xvalue, or -abc (booleans, the last may take a value). */
function readOption(state: LineState, word: string): void {
  if (word.startsWith('--')) {
    const equals = word.indexOf('=');
    const found = findOption(state.cmd, equals === -1 ? word : word.slice(0, equals));
    if (!found) return;
    if (equals !== -1) state.given[optionKey(found.option)] = word.slice(equals + 1);
    else if (takesValue(found.option)) state.pending = found;
    else state.given[optionKey(found.option)] = 'true';
    return;
  }
  for (let i = 1; i < word.length; i++) {
    const found = findOption(state.cmd, `-${word[i]}`);
    if (!found) return;
    if (!takesValue(found.option)) {
      state.given[optionKey(found.option)] = 'true';
      continue;
    }
    const rest = word.slice(i + 1);
    if (rest) state.given[optionKey(found.option)] = rest;
    else state.pending = found;
    return;
  }
}

/** The value names a file when its placeholder says so: <path>, <file>, <dir>, <file|url>. */
const namesAFile = (placeholder: string): boolean => /(^|[^a-z])(path|file|dir|directory|saved-event)([^a-z]|$)/i.test(placeholder);

async function valuesOf(
  spot: { choices?: readonly string[]; kind?: ValueKind; placeholder: string },
  state: LineState,
  source: ValueSource,
): Promise<Completion> {
  if (spot.choices?.length) return { candidates: spot.choices.map((value) => ({ value })), files: false };
  if (spot.kind === 'file') return { candidates: [], files: true };
  if (spot.kind) {
    const request: ValueRequest = { profile: state.given['--profile'], given: state.given };
    return { candidates: await source.values(spot.kind, request), files: false };
  }
  return { candidates: [], files: namesAFile(spot.placeholder) };
}

/** What the option's value names, as its declaration says (the root's options are the global ones). */
function optionKind(owner: Command, option: Option): ValueKind | undefined {
  const specs: readonly OptionSpec[] = owner.parent ? (declarationOf(owner)?.options ?? []) : globalOptions;
  return specs.find((spec) => flagNames(spec.flags).long === option.long)?.kind;
}

/** What the argument's value names, as the command's declaration says. */
function argumentKind(cmd: Command, index: number): ValueKind | undefined {
  return argumentSpecs(declarationOf(cmd)?.args)[index]?.kind;
}

function optionValues(found: FoundOption, state: LineState, source: ValueSource): Promise<Completion> {
  const { option, owner } = found;
  return valuesOf(
    { choices: option.argChoices, kind: optionKind(owner, option), placeholder: option.flags },
    state,
    source,
  );
}

function argumentValues(argument: Argument, index: number, state: LineState, source: ValueSource): Promise<Completion> {
  return valuesOf(
    { choices: argument.argChoices, kind: argumentKind(state.cmd, index), placeholder: argument.name() },
    state,
    source,
  );
}

function optionNames(cmd: Command): Candidate[] {
  const seen = new Set<string>();
  const out: Candidate[] = [];
  for (const owner of lineage(cmd)) {
    for (const option of owner.createHelp().visibleOptions(owner)) {
      for (const flag of [option.long, option.short]) {
        if (!flag || seen.has(flag)) continue;
        seen.add(flag);
        out.push({ value: flag, description: option.description });
      }
    }
  }
  return out;
}

const startingWith = (prefix: string, candidates: Candidate[]): Candidate[] => candidates.filter((c) => c.value.startsWith(prefix));

/**
 * The candidates for the last word of `words` (the words after `venue`, the
 * last one being what is typed at the cursor, possibly empty).
 */
export async function completeLine(program: Command, words: string[], source: ValueSource): Promise<Completion> {
  const current = words.length ? words[words.length - 1]! : '';
  const state = readLine(program, words.slice(0, -1));

  if (state.pending) {
    const values = await optionValues(state.pending, state, source);
    return { ...values, candidates: startingWith(current, values.candidates) };
  }

  if (!state.operandsOnly && current.startsWith('-')) {
    const equals = current.indexOf('=');
    if (current.startsWith('--') && equals !== -1) {
      const found = findOption(state.cmd, current.slice(0, equals));
      if (!found || !takesValue(found.option)) return { candidates: [], files: false };
      const values = await optionValues(found, state, source);
      const flag = current.slice(0, equals + 1);
      const typed = current.slice(equals + 1);
      return { ...values, candidates: startingWith(typed, values.candidates).map((c) => ({ ...c, value: flag + c.value })) };
    }
    return { candidates: startingWith(current, optionNames(state.cmd)), files: false };
  }

  const candidates: Candidate[] = [];
  let files = false;
  if (!state.operandsOnly && state.operands.length === 0) {
    for (const sub of visibleSubcommands(state.cmd)) candidates.push({ value: sub.name(), description: sub.summary() || sub.description() });
  }
  const declared = state.cmd.registeredArguments;
  const index = Math.min(state.operands.length, declared.length - 1);
  const argument = declared[index];
  if (argument && (state.operands.length < declared.length || argument.variadic)) {
    const values = await argumentValues(argument, index, state, source);
    candidates.push(...values.candidates);
    files = values.files;
  }
  return { candidates: startingWith(current, candidates), files };
}
