// Each venue's command line in a run across venues: its placeholders
// ({profile}, {tag}) filled in, and skipped (reported, never run) when a file
// it reads is missing or a placeholder has no value. Pure: the front door
// (src/invocation.ts) has read the command line; this only fills it in.

import fs from 'node:fs';
import type { SelectedProfile } from './selection.js';
import type { VenueJob } from './runner.js';

const PLACEHOLDER = /\{(profile|tag)\}/g;

/** Whether any word has a {profile} or {tag} placeholder. */
export function hasPlaceholders(words: readonly string[]): boolean {
  return words.some((a) => /\{(profile|tag)\}/.test(a));
}

/**
 * One venue's words: {profile} is its name, {tag} the tag the venues were
 * selected by (tag:NAME), else the profile's first tag. A {tag} with no tag to
 * give leaves the venue skipped.
 */
export function expandPlaceholders(
  words: readonly string[],
  venue: SelectedProfile,
  selectedTag: string | undefined,
): { argv: string[]; skip?: string } {
  const tag = selectedTag ?? venue.tags[0];
  let skip: string | undefined;
  const expanded = words.map((word) =>
    word.replace(PLACEHOLDER, (_whole, name: string) => {
      if (name === 'profile') return venue.name;
      if (tag === undefined) {
        skip ??= `skipped: {tag} in "${word}" but profile "${venue.name}" has no tag`;
        return '';
      }
      return tag;
    }),
  );
  return { argv: expanded, skip };
}

/** A venue whose file is missing is skipped (and reported), not run. `files` are the values of the options naming a file the command reads. */
export function missingFile(files: readonly string[]): string | undefined {
  const missing = files.find((value) => value !== '-' && value !== '' && !fs.existsSync(value));
  return missing === undefined ? undefined : `skipped: no file ${missing}`;
}

/** A venue's job: the command line it runs, why it is skipped, or that it has nothing to do. */
export interface PlannedJob extends VenueJob {
  argv: string[];
  /** The venue's own file (a {profile} or {tag} placeholder in its path) is missing and the command says that is nothing to do: the words for the summary; never run, exit 0. */
  nothing?: string;
}

export interface PlanOptions {
  /** What a venue without its own file has (the command's fleet declaration, e.g. "nothing to receive"); absent: skipped, exit 2. */
  withoutFile?: string;
}

/** The job of each selected venue: its words and its files with the placeholders filled. */
export function planJobs(
  words: readonly string[],
  files: readonly string[],
  venues: readonly SelectedProfile[],
  selectedTag: string | undefined,
  options: PlanOptions = {},
): PlannedJob[] {
  return venues.map((venue) => {
    const expanded = expandPlaceholders(words, venue, selectedTag);
    const venueFiles = expandPlaceholders(files, venue, selectedTag).argv;
    const job: PlannedJob = { profile: venue.name, argv: expanded.argv };
    if (expanded.skip !== undefined) return { ...job, skip: expanded.skip };
    // Only a file of the venue's own (a placeholder in its path) can be "nothing to do": one path for every venue that is missing is a mistake.
    const ownMissing = files.findIndex(
      (file, i) => hasPlaceholders([file]) && missingFile([venueFiles[i]!]) !== undefined,
    );
    if (
      options.withoutFile !== undefined &&
      ownMissing >= 0 &&
      missingFile(venueFiles.filter((_, i) => i !== ownMissing)) === undefined
    ) {
      return { ...job, nothing: `${options.withoutFile}: no file ${venueFiles[ownMissing]}` };
    }
    const skip = missingFile(venueFiles);
    return skip === undefined ? job : { ...job, skip };
  });
}
