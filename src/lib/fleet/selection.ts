// Which profiles a fleet run covers: --each-profile all | name,name,… | tag:NAME.

import type { ConfigStore } from '../config.js';
import { UsageError } from '../errors.js';
import { placeholder, venueHint } from '../hint-command.js';

export interface SelectedProfile {
  name: string;
  tags: string[];
}

export interface Selection {
  profiles: SelectedProfile[];
  /** The tag selected by, for the {tag} placeholder. */
  tag?: string;
  /** What `all` left out that is not a venue (the built-in sandbox aside): said on stderr. */
  leftOut: LeftOut[];
}

export interface LeftOut {
  name: string;
  /** base: a profile others extend, with no inventory server of its own; sandbox: served by this machine's sandbox. */
  why: 'base' | 'sandbox';
}

type SelectionConfig = Pick<
  ConfigStore,
  'profiles' | 'profileExists' | 'tagsOf' | 'isBuiltInSandbox' | 'parentOf' | 'held' | 'isSandboxProfile'
>;

/**
 * Whether a profile is a venue for `all`. A venue has an inventory server of
 * its own (venue's unit: one server per venue). Not venues: the sandbox
 * profiles (ConfigStore.isSandboxProfile, the one meaning: the built-in one,
 * and any whose services are the local emulator's: a sandbox fleet's
 * venues), and the base
 * profiles (one that another profile extends and that holds no inventory URL
 * itself, e.g. a chain's shared wallet and booking).
 */
export function notAVenue(
  config: SelectionConfig,
  name: string,
  all: readonly string[] = config.profiles(),
): LeftOut['why'] | undefined {
  // Both may be true (a chain's base whose services are the sandbox's): its role as a base is said first.
  const extended = all.some((other) => other !== name && config.parentOf(other) === name);
  if (extended && !config.isBuiltInSandbox(name) && config.held(name, 'inventory.url').source !== 'profile')
    return 'base';
  if (config.isSandboxProfile(name)) return 'sandbox';
  return undefined;
}

/** The words on stderr for what `all` left out, or nothing. */
export function leftOutNote(leftOut: readonly LeftOut[]): string | undefined {
  if (!leftOut.length) return undefined;
  const list = (why: LeftOut['why']) => leftOut.filter((l) => l.why === why).map((l) => l.name);
  const parts = [
    list('base').length &&
      `${list('base').join(', ')} (extended by others, no inventory server of ${list('base').length === 1 ? 'its' : 'their'} own)`,
    list('sandbox').length && `${list('sandbox').join(', ')} (served by the local sandbox)`,
  ].filter(Boolean);
  return `--each-profile all: left out ${parts.join('; ')}: not venues. Name them, or select them by tag, to include them.`;
}

/**
 * all: every venue (see notAVenue: base and sandbox profiles are left out and
 * listed in leftOut, the built-in sandbox silently); tag:NAME: the profiles
 * carrying that tag; else the profiles named, each of which must exist. A
 * profile named or tagged is run whatever it is.
 */
export function selectProfiles(config: SelectionConfig, spec: string): Selection {
  const text = spec.trim();
  const withTags = (name: string): SelectedProfile => ({ name, tags: config.tagsOf(name) });
  if (text === '')
    throw new UsageError('--each-profile needs a value: all, a comma-separated list of profiles, or tag:NAME');
  if (text === 'all') {
    const all = config.profiles();
    const leftOut: LeftOut[] = [];
    const venues: string[] = [];
    for (const name of all) {
      const why = notAVenue(config, name, all);
      if (why === undefined) venues.push(name);
      else if (!config.isBuiltInSandbox(name)) leftOut.push({ name, why });
    }
    if (!venues.length) {
      const others = leftOut.length
        ? `venue profile (${leftOut.map((l) => l.name).join(', ')} ${leftOut.length === 1 ? 'is not a venue' : 'are not venues'})`
        : 'profile but the sandbox';
      throw new UsageError(`--each-profile all: there is no ${others}`, {
        hint: `Create one per venue: ${venueHint(['config', 'init', placeholder('name'), '--inventory-url', placeholder('url')], { profile: null })}; name profiles (a,b) or a tag (tag:NAME) to run others.`,
      });
    }
    return { profiles: venues.map(withTags), leftOut };
  }
  if (text.startsWith('tag:')) {
    const tag = text.slice(4).trim();
    if (!tag) throw new UsageError('--each-profile tag: needs a tag name (tag:NAME)');
    const profiles = config
      .profiles()
      .map(withTags)
      .filter((p) => p.tags.includes(tag));
    if (!profiles.length) {
      const known = [...new Set(config.profiles().flatMap((p) => config.tagsOf(p)))];
      throw new UsageError(`--each-profile tag:${tag}: no profile has the tag "${tag}"`, {
        hint: known.length
          ? `Tags in use: ${known.join(', ')}. See ${venueHint(['config', 'profiles'], { profile: null })}.`
          : `Tag profiles with ${venueHint(['--profile', placeholder('name'), 'config', 'set', 'tags', placeholder('tags')], { profile: null })}.`,
      });
    }
    return { profiles, tag, leftOut: [] };
  }
  const names: string[] = [];
  for (const part of text.split(',')) {
    const name = part.trim();
    if (name && !names.includes(name)) names.push(name);
  }
  const unknown = names.filter((n) => !config.profileExists(n));
  if (unknown.length) {
    throw new UsageError(`--each-profile: no profile named ${unknown.map((n) => `"${n}"`).join(', ')}`, {
      hint: `Profiles: ${config.profiles().join(', ')}. Select by tag with tag:NAME, or every venue with all.`,
    });
  }
  return { profiles: names.map(withTags), leftOut: [] };
}
