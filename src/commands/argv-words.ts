// How the words of a command line are read, on the declarations alone (no
// commander): the global options wherever they stand (as commander's root reads
// them, before any command's own), the command path through the tree, the
// command's options and their values, and its operands. The front door
// (src/invocation.ts) reads argv with it once; completion reads the words
// typed so far with it. Only the group the words name is loaded.

import {
  argumentSpecs,
  flagNames,
  type ArgumentSpec,
  type CommandModule,
  type FlagNames,
  type GroupModule,
  type OptionSpec,
} from './define.js';
import { globalOptions } from './globals.js';
import type { GroupEntry } from './tree.js';

/** commander's own options: help on every command, the version on the root. */
export const helpOption: OptionSpec = { flags: '-h, --help', description: 'display help for command' };
export const versionOption: OptionSpec = { flags: '-V, --version', description: 'output the version number' };

/** A node of the tree: the root, a group, or a command (a leaf). */
export type TreeNode =
  | { kind: 'root'; groups: readonly GroupEntry[] }
  | { kind: 'group'; group: GroupModule }
  | { kind: 'command'; command: CommandModule<any> }
  /** A root entry not loaded (only its name and summary are known). */
  | { kind: 'entry'; entry: GroupEntry };

/** Where an option was declared: the global ones, commander's own (help, version), or the command's. */
export type OptionScope = 'global' | 'builtin' | 'command';

export interface GivenOption {
  spec: OptionSpec;
  names: FlagNames;
  scope: OptionScope;
  /** The value given (an option that takes none has none). */
  value?: string;
  /** Where its words stand in the line: the option, and its value when that is the next word. */
  at: number[];
}

export interface ReadLine {
  /** The command words: ['inventory', 'stock', 'levels']. */
  path: string[];
  /** The node the words reach: the root, a group, or a command. */
  node: TreeNode;
  /** Every option given, in order, each with its declaration. */
  options: GivenOption[];
  /** Option words no declaration knows (at the node reached or above). */
  unknown: Array<{ word: string; at: number }>;
  operands: string[];
  /** The last word is an option waiting for its value. */
  pending?: { spec: OptionSpec; names: FlagNames; scope: OptionScope; at: number };
  /** A `--` was read: every word after it is an operand. */
  operandsOnly: boolean;
}

export interface NamedChild {
  name: string;
  summary: string;
  hidden: boolean;
  aliases: readonly string[];
  open(): Promise<TreeNode>;
}

function isGroup(entry: CommandModule<any> | GroupModule): entry is GroupModule {
  return 'commands' in entry;
}

/** The node a declaration is. */
export function nodeOf(entry: CommandModule<any> | GroupModule): TreeNode {
  return isGroup(entry) ? { kind: 'group', group: entry } : { kind: 'command', command: entry };
}

/** Loads a root entry's group (or single command). */
export async function openEntry(entry: GroupEntry): Promise<TreeNode> {
  return nodeOf((await entry.load()).default);
}

/** The words that lead further down from a node: the root's groups, a group's commands. */
export function childrenOf(node: TreeNode): NamedChild[] {
  if (node.kind === 'root') {
    return node.groups.map((entry) => ({
      name: entry.name,
      summary: entry.summary,
      hidden: Boolean(entry.hidden),
      aliases: [],
      open: () => openEntry(entry),
    }));
  }
  if (node.kind === 'group') {
    return node.group.commands.map((entry) => ({
      name: entry.name,
      summary: entry.summary,
      hidden: isGroup(entry) ? false : Boolean(entry.hidden),
      aliases: isGroup(entry) ? [] : (entry.aliases ?? []),
      open: async () => nodeOf(entry),
    }));
  }
  return [];
}

/** The options a node declares itself (not those above it), commander's help last as its help lists them. */
export function ownOptions(node: TreeNode): Array<{ spec: OptionSpec; scope: OptionScope }> {
  if (node.kind === 'root')
    return [
      { spec: versionOption, scope: 'builtin' },
      ...globalOptions.map((spec) => ({ spec, scope: 'global' as const })),
      { spec: helpOption, scope: 'builtin' },
    ];
  if (node.kind === 'command') {
    const own = (node.command.options ?? []).map((spec) => ({ spec, scope: 'command' as const }));
    return node.command.rawWords ? own : [...own, { spec: helpOption, scope: 'builtin' }];
  }
  return [{ spec: helpOption, scope: 'builtin' }];
}

/** The arguments a command declares. */
export function argumentsOf(node: TreeNode): ArgumentSpec[] {
  return node.kind === 'command' ? argumentSpecs(node.command.args) : [];
}

interface Known {
  spec: OptionSpec;
  names: FlagNames;
  scope: OptionScope;
}

/**
 * Reads words over the tree. `lineage` is the nodes from the root down to the
 * one reached so far: the root's options are looked up first (commander's root
 * takes its options wherever they stand), then the nearest node's.
 */
export async function readWords(root: readonly GroupEntry[], words: readonly string[]): Promise<ReadLine> {
  const rootNode: TreeNode = { kind: 'root', groups: root };
  const lineage: TreeNode[] = [rootNode];
  const line: ReadLine = { path: [], node: rootNode, options: [], unknown: [], operands: [], operandsOnly: false };
  const known = (): Known[] => {
    const out: Known[] = [];
    // The root first, then from the nearest node up: the first declaration of a name wins.
    for (const node of [lineage[0]!, ...lineage.slice(1).reverse()])
      for (const { spec, scope } of ownOptions(node)) out.push({ spec, names: flagNames(spec.flags), scope });
    return out;
  };
  const find = (flag: string): Known | undefined =>
    known().find((k) => k.names.long === flag || k.names.short === flag || (k.names.negate && k.names.long === flag));

  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (line.pending) {
      const { spec, names, scope, at } = line.pending;
      line.options.push({ spec, names, scope, value: word, at: [at, i] });
      line.pending = undefined;
      continue;
    }
    if (!line.operandsOnly && word === '--') {
      line.operandsOnly = true;
      continue;
    }
    if (!line.operandsOnly && word.startsWith('-') && word !== '-') {
      readOption(word, i);
      continue;
    }
    const child =
      line.operandsOnly || line.operands.length > 0
        ? undefined
        : childrenOf(line.node).find((c) => c.name === word || c.aliases.includes(word));
    if (child) {
      line.node = await child.open();
      lineage.push(line.node);
      line.path.push(child.name);
    } else line.operands.push(word);
  }
  return line;

  /** --name, --name=value, -x, -xvalue, or -abc (booleans, the last may take a value). */
  function readOption(word: string, at: number): void {
    if (word.startsWith('--')) {
      const equals = word.indexOf('=');
      const found = find(equals === -1 ? word : word.slice(0, equals));
      if (!found) {
        line.unknown.push({ word: equals === -1 ? word : word.slice(0, equals), at });
        return;
      }
      if (equals !== -1) line.options.push({ ...found, value: word.slice(equals + 1), at: [at] });
      else if (found.names.takesValue) line.pending = { ...found, at };
      else line.options.push({ ...found, at: [at] });
      return;
    }
    for (let i = 1; i < word.length; i++) {
      const found = find(`-${word[i]}`);
      if (!found) {
        line.unknown.push({ word: `-${word[i]}`, at });
        return;
      }
      if (!found.names.takesValue) {
        line.options.push({ ...found, at: [at] });
        continue;
      }
      const rest = word.slice(i + 1);
      if (rest) line.options.push({ ...found, value: rest, at: [at] });
      else line.pending = { ...found, at };
      return;
    }
  }
}

/** The options given, by their long name (else short): { '--profile': 'store1', '--all': 'true' }. */
export function givenByName(line: Pick<ReadLine, 'options'>): Record<string, string> {
  const given: Record<string, string> = {};
  for (const option of line.options) {
    const key = option.names.long ?? option.names.short ?? option.spec.flags;
    given[key] = option.value ?? 'true';
  }
  return given;
}
