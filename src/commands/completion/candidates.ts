// What a TAB may put at the cursor, worked out from the commands' declarations:
// the words typed so far are read as the front door reads a command line
// (src/commands/argv-words.ts: global options anywhere, each option that takes a
// value consuming the next word), then the last word is completed as a
// subcommand, an option name or a value (choices, or what the value's declared
// kind names).

import { flagNames, type IdKind, type OptionSpec, type ValueKind } from '../define.js';
import type { GroupEntry } from '../tree.js';
import {
  argumentsOf,
  childrenOf,
  givenByName,
  ownOptions,
  readToCursor,
  type ReadLine,
  type TreeNode,
} from '../argv-words.js';
import { argumentShape } from '../define.js';

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

/** Where values that are not in the declarations come from (profiles, ids). */
export interface ValueSource {
  values(kind: IdKind, request: ValueRequest): Promise<Candidate[]>;
}

/** The kinds whose values are looked up (ValueSource): profiles, and the ids completion knows how to list. */
const lookedUp: ReadonlySet<ValueKind> = new Set<IdKind>([
  'profile',
  'profiles',
  'location',
  'experience',
  'warehouse',
  'webhook',
  'receipt',
]);

async function valuesOf(
  spot: { choices?: readonly string[]; kind?: ValueKind },
  line: ReadLine,
  source: ValueSource,
): Promise<Completion> {
  if (spot.choices?.length) return { candidates: spot.choices.map((value) => ({ value })), files: false };
  // A path: the shell completes file names.
  if (spot.kind === 'file' || spot.kind === 'path') return { candidates: [], files: true };
  if (spot.kind && lookedUp.has(spot.kind)) {
    const given = givenByName(line);
    const request: ValueRequest = { profile: given['--profile'], given };
    return { candidates: await source.values(spot.kind as IdKind, request), files: false };
  }
  return { candidates: [], files: false };
}

function optionValues(spec: OptionSpec, line: ReadLine, source: ValueSource): Promise<Completion> {
  return valuesOf({ choices: spec.choices, kind: spec.kind }, line, source);
}

/** The options that apply at the node reached: its own, then those of every node above it, each name once. */
function optionNames(lineage: TreeNode[]): Candidate[] {
  const seen = new Set<string>();
  const out: Candidate[] = [];
  for (const node of [...lineage].reverse()) {
    for (const { spec } of ownOptions(node)) {
      if (spec.hidden) continue;
      const { long, short } = flagNames(spec.flags);
      for (const flag of [long, short]) {
        if (!flag || seen.has(flag)) continue;
        seen.add(flag);
        out.push({ value: flag, description: spec.description ?? '' });
      }
    }
  }
  return out;
}

const startingWith = (prefix: string, candidates: Candidate[]): Candidate[] =>
  candidates.filter((c) => c.value.startsWith(prefix));

/**
 * The candidates for the last word of `words` (the words after `venue`, the
 * last one being what is typed at the cursor, possibly empty).
 */
export async function completeLine(
  root: readonly GroupEntry[],
  words: string[],
  source: ValueSource,
): Promise<Completion> {
  const { line, at } = await readToCursor(root, words);
  const current = at.typed;

  if (at.kind === 'value') {
    const values = await optionValues(at.spec, line, source);
    return { ...values, candidates: startingWith(current, values.candidates) };
  }
  if (at.kind === 'inline-value') {
    if (!at.spec) return { candidates: [], files: false };
    const values = await optionValues(at.spec, line, source);
    return {
      ...values,
      candidates: startingWith(current, values.candidates).map((c) => ({ ...c, value: `${at.flag}=${c.value}` })),
    };
  }
  if (at.kind === 'option') return { candidates: startingWith(current, optionNames(line.lineage)), files: false };

  const candidates: Candidate[] = [];
  let files = false;
  if (!line.operandsOnly && line.operands.length === 0) {
    for (const child of childrenOf(line.node))
      if (!child.hidden) candidates.push({ value: child.name, description: child.summary });
  }
  const declared = argumentsOf(line.node);
  const index = Math.min(line.operands.length, declared.length - 1);
  const argument = declared[index];
  if (argument && (line.operands.length < declared.length || argumentShape(argument.spec).variadic)) {
    const values = await valuesOf({ choices: argument.choices, kind: argument.kind }, line, source);
    candidates.push(...values.candidates);
    files = values.files;
  }
  return { candidates: startingWith(current, candidates), files };
}
