// The command line of a run across venues: the fleet's own options taken
// out, the command found, and each venue's command line with its
// placeholders ({profile}, {tag}) filled in.

import fs from 'node:fs';
import { UsageError } from '../errors.js';
import type { SelectedProfile } from './selection.js';

export interface FleetOptions {
  selection: string;
  parallel: number;
  failFast: boolean;
  /** The command line without the fleet's options. */
  rest: string[];
}

export const DEFAULT_PARALLEL = 4;

/** Takes --each-profile, --parallel and --fail-fast out of argv (the root checks their values). */
export function takeFleetOptions(argv: string[]): FleetOptions {
  const rest: string[] = [];
  let selection: string | undefined;
  let parallel: string | undefined;
  let failFast = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') {
      rest.push(...argv.slice(i));
      break;
    }
    const [name, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (name === '--each-profile' || name === '--parallel') {
      const value = inline ?? argv[++i];
      if (value === undefined) throw new UsageError(`${name} needs a value`);
      if (name === '--each-profile') selection = value;
      else parallel = value;
    } else if (arg === '--fail-fast') failFast = true;
    else rest.push(arg);
  }
  if (selection === undefined) throw new UsageError('--each-profile needs a value: all, a comma-separated list of profiles, or tag:NAME');
  if (rest.some((a) => a === '-p' || a === '--profile' || a.startsWith('--profile='))) {
    throw new UsageError('--profile and --each-profile both choose profiles: give one', { hint: 'For one venue, --profile NAME; for several, --each-profile NAME,NAME.' });
  }
  let count = DEFAULT_PARALLEL;
  if (parallel !== undefined) {
    if (!/^\d+$/.test(parallel) || Number(parallel) < 1 || Number(parallel) > 64) throw new UsageError(`--parallel must be a whole number from 1 to 64 (got "${parallel}")`);
    count = Number(parallel);
  }
  return { selection, parallel: count, failFast, rest };
}

const PLACEHOLDER = /\{(profile|tag)\}/g;

/** Whether any argument has a {profile} or {tag} placeholder. */
export function hasPlaceholders(argv: string[]): boolean {
  return argv.some((a) => /\{(profile|tag)\}/.test(a));
}

/**
 * One venue's arguments: {profile} is its name, {tag} the tag the venues were
 * selected by (tag:NAME), else the profile's first tag. A {tag} with no tag to
 * give leaves the venue skipped.
 */
export function expandPlaceholders(argv: string[], venue: SelectedProfile, selectedTag: string | undefined): { argv: string[]; skip?: string } {
  const tag = selectedTag ?? venue.tags[0];
  let skip: string | undefined;
  const expanded = argv.map((arg) =>
    arg.replace(PLACEHOLDER, (_whole, name: string) => {
      if (name === 'profile') return venue.name;
      if (tag === undefined) {
        skip ??= `skipped: {tag} in "${arg}" but profile "${venue.name}" has no tag`;
        return '';
      }
      return tag;
    }),
  );
  return { argv: expanded, skip };
}

/** Options whose value is a file the command reads. */
const FILE_OPTIONS = new Set(['--file', '-f']);

/** The values given to the file options, as --file X, -f X or --file=X. */
function fileValues(argv: string[]): string[] {
  const values: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = FILE_OPTIONS.has(arg) ? argv[i + 1] : arg.startsWith('--file=') ? arg.slice(7) : undefined;
    if (value !== undefined) values.push(value);
  }
  return values;
}

/** `--file -` cannot be shared: standard input is one stream, and each venue needs its own file. */
export function refuseStdinFiles(argv: string[]): void {
  if (fileValues(argv).includes('-')) {
    throw new UsageError('--file - (standard input) cannot be used with --each-profile', { hint: 'Give each venue its own file: --file receipts/{profile}.csv.' });
  }
}

/** A venue whose file is missing is skipped (and reported), not run. */
export function missingFile(argv: string[]): string | undefined {
  const missing = fileValues(argv).find((value) => value !== '-' && value !== '' && !fs.existsSync(value));
  return missing === undefined ? undefined : `skipped: no file ${missing}`;
}

/** Secrets read from standard input (--<name>-stdin) are read once and handed to every venue. */
export function readsStdinSecrets(argv: string[]): boolean {
  return argv.some((a) => /^--[a-z-]*stdin$/.test(a));
}
