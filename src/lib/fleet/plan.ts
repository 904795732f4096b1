// Each venue's job in a run across venues: how its values (the command's
// option values and arguments) have their placeholders ({profile}, {tag})
// filled, and whether it is skipped (reported, never run) when a file it reads
// is missing or a placeholder has no value. Pure: the front door
// (src/invocation.ts) has read the command line; the fleet reads each venue's
// values through the command's declaration again (venueInvocation).

import fs from 'node:fs';
import type { SelectedProfile } from './selection.js';
import type { VenueJob } from './runner.js';

const PLACEHOLDER = /\{(profile|tag)\}/g;

/** Whether any text has a {profile} or {tag} placeholder. */
export function hasPlaceholders(texts: readonly string[]): boolean {
  return texts.some((a) => /\{(profile|tag)\}/.test(a));
}

/**
 * A venue's text: {profile} is its name, {tag} the tag the venues were
 * selected by (tag:NAME), else the profile's first tag; the reason to skip the
 * venue when a {tag} has no tag to give.
 */
export function fillPlaceholders(
  text: string,
  venue: SelectedProfile,
  selectedTag: string | undefined,
): { text: string; skip?: string } {
  const tag = selectedTag ?? venue.tags[0];
  let skip: string | undefined;
  const filled = text.replace(PLACEHOLDER, (_whole, name: string) => {
    if (name === 'profile') return venue.name;
    if (tag === undefined) {
      skip ??= `skipped: {tag} in "${text}" but profile "${venue.name}" has no tag`;
      return '';
    }
    return tag;
  });
  return { text: filled, skip };
}

/** Every text filled for a venue; the first reason to skip it. */
export function expandPlaceholders(
  texts: readonly string[],
  venue: SelectedProfile,
  selectedTag: string | undefined,
): { texts: string[]; skip?: string } {
  const filled = texts.map((text) => fillPlaceholders(text, venue, selectedTag));
  return { texts: filled.map((f) => f.text), skip: filled.find((f) => f.skip)?.skip };
}

/** A venue whose file is missing is skipped (and reported), not run. `files` are the values of the options naming a file the command reads. */
export function missingFile(files: readonly string[]): string | undefined {
  const missing = files.find((value) => value !== '-' && value !== '' && !fs.existsSync(value));
  return missing === undefined ? undefined : `skipped: no file ${missing}`;
}

/** A venue's job: how its values are filled, why it is skipped, or that it has nothing to do. */
export interface PlannedJob extends VenueJob {
  /** A value of the command line (an option's, an argument) as this venue runs it. */
  fill(text: string): string;
  /** The venue's own file (a {profile} or {tag} placeholder in its path) is missing and the command says that is nothing to do: the words for the summary; never run, exit 0. */
  nothing?: string;
}

export interface PlanOptions {
  /** What a venue without its own file has (the command's fleet declaration, e.g. "nothing to receive"); absent: skipped, exit 2. */
  withoutFile?: string;
}

/** The job of each selected venue: its values (`texts`: every option value and argument) and files with the placeholders filled. */
export function planJobs(
  texts: readonly string[],
  files: readonly string[],
  venues: readonly SelectedProfile[],
  selectedTag: string | undefined,
  options: PlanOptions = {},
): PlannedJob[] {
  return venues.map((venue) => {
    const expanded = expandPlaceholders(texts, venue, selectedTag);
    const venueFiles = expandPlaceholders(files, venue, selectedTag).texts;
    const job: PlannedJob = { profile: venue.name, fill: (text) => fillPlaceholders(text, venue, selectedTag).text };
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
