// Which profiles a fleet run covers: --each-profile all | name,name,… | tag:NAME.

import type { ConfigStore } from '../config.js';
import { UsageError } from '../errors.js';

export interface SelectedProfile {
  name: string;
  tags: string[];
}

export interface Selection {
  profiles: SelectedProfile[];
  /** The tag selected by, for the {tag} placeholder. */
  tag?: string;
}

/**
 * all: every profile but the built-in sandbox (which is this machine's
 * emulator, never a venue); tag:NAME: the profiles carrying that tag; else
 * the profiles named, each of which must exist.
 */
export function selectProfiles(config: Pick<ConfigStore, 'profiles' | 'profileExists' | 'tagsOf' | 'isSandbox'>, spec: string): Selection {
  const text = spec.trim();
  const withTags = (name: string): SelectedProfile => ({ name, tags: config.tagsOf(name) });
  if (text === '') throw new UsageError('--each-profile needs a value: all, a comma-separated list of profiles, or tag:NAME');
  if (text === 'all') {
    const profiles = config.profiles().filter((p) => !config.isSandbox(p)).map(withTags);
    if (!profiles.length) throw new UsageError('--each-profile all: there is no profile but the sandbox', { hint: 'Create one per venue: `venue config init <name> --inventory-url https://…`.' });
    return { profiles };
  }
  if (text.startsWith('tag:')) {
    const tag = text.slice(4).trim();
    if (!tag) throw new UsageError('--each-profile tag: needs a tag name (tag:NAME)');
    const profiles = config.profiles().map(withTags).filter((p) => p.tags.includes(tag));
    if (!profiles.length) {
      const known = [...new Set(config.profiles().flatMap((p) => config.tagsOf(p)))];
      throw new UsageError(`--each-profile tag:${tag}: no profile has the tag "${tag}"`, {
        hint: known.length ? `Tags in use: ${known.join(', ')}. See \`venue config profiles\`.` : 'Tag profiles with `venue --profile <name> config set tags <tag,…>`.',
      });
    }
    return { profiles, tag };
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
  return { profiles: names.map(withTags) };
}
