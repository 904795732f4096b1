// The one reader of a command line's words, over the declarations alone: the
// global options wherever they stand (before any command's own of the same
// name), the command path through the tree, the command's options and their
// values, and its operands. Nothing else in venue splits argv: the front door
// (src/invocation.ts) turns what this reads into an Invocation, and completion
// reads the words typed so far with it. Only the declarations the words reach
// are loaded: a group's index lists its commands by name, and a command's
// module is loaded once a word needs it (a request for help needs none).

import {
  argumentSpecs,
  flagNames,
  isGroupModule,
  type ArgumentSpec,
  type CommandModule,
  type FlagNames,
  type GroupModule,
  type OptionSpec,
  type TreeEntry,
} from './define.js';
import { globalOptions } from './globals.js';

/** The options every command line has: help on every group and command, the version at the root. */
export const helpOption: OptionSpec = { flags: '-h, --help', description: 'display help for command' };
export const versionOption: OptionSpec = { flags: '-V, --version', description: 'output the version number' };

/**
 * --yes where the command reached declares none: read as the fleet's answer
 * to its question before a write at several venues (the front door refuses
 * it without --each-profile). Looked up after every declaration of the line.
 */
export const fleetYesOption: OptionSpec = {
  flags: '-y, --yes',
  description: 'with --each-profile: the answer to the question before a write at several venues',
};

/** The word that asks for help on the words after it (`venue help inventory stock`, `venue inventory help stock`), or on a topic. */
export const HELP_WORD = 'help';

/** A node of the tree: the root, a group, a command, or a command the words reached but no word needed yet. */
export type TreeNode =
  | { kind: 'root'; groups: readonly TreeEntry[] }
  | { kind: 'group'; group: GroupModule }
  | { kind: 'command'; command: CommandModule<any> }
  /** A command or group reached and not loaded (only its name and summary are known until a word needs it). */
  | { kind: 'entry'; entry: TreeEntry };

/** Where an option was declared: the global ones, the built-in help and version, the command's, or the fleet's --yes. */
export type OptionScope = 'global' | 'builtin' | 'command' | 'fleet';

export interface GivenOption {
  spec: OptionSpec;
  names: FlagNames;
  scope: OptionScope;
  /** The value given (an option that takes none has none, unless written --name=value, which the front door refuses). */
  value?: string;
  /** The spelling it was given by (--name or -n). */
  flag: string;
  /** The word it was given in (--name, -n, --name=value, -abc). */
  word: string;
  /**
   * An option without a value: the argument read right after it, if one was
   * (gh's `-q EXPR`: the suggestion says that EXPR was read as an argument).
   */
  followedBy?: string;
}

export interface ReadLine {
  /** The command words: ['inventory', 'stock', 'levels']. */
  path: string[];
  /** The nodes from the root down to the one the words reach. */
  lineage: TreeNode[];
  /** The node the words reach: the root, a group, or a command (loaded or not). */
  node: TreeNode;
  /** Every option given, in order, each with its declaration. */
  options: GivenOption[];
  /** Option words no declaration knows (at the node reached or above). */
  unknown: string[];
  operands: string[];
  /** The last word is an option waiting for its value. */
  pending?: { spec: OptionSpec; names: FlagNames; scope: OptionScope; flag: string; word: string };
  /** A `--` was read: every word after it is an operand. */
  operandsOnly: boolean;
  /** `help` stood where a command word was due (`venue help …`, `venue <group> help …`): the words after it name what help is asked for. */
  helpWord: boolean;
}

export interface NamedChild {
  name: string;
  summary: string;
  hidden: boolean;
  aliases: readonly string[];
  /** The node it leads to: an entry waits until a word needs its declaration (open() loads it). */
  reach(): Promise<TreeNode>;
}

/** The node a declaration is. */
export function nodeOf(module: CommandModule<any> | GroupModule): TreeNode {
  return isGroupModule(module) ? { kind: 'group', group: module } : { kind: 'command', command: module };
}

/** A node with its command loaded (a group or the root as it is). */
export async function open(node: TreeNode): Promise<Exclude<TreeNode, { kind: 'entry' }>> {
  if (node.kind !== 'entry') return node;
  return nodeOf((await node.entry.load()).default) as Exclude<TreeNode, { kind: 'entry' }>;
}

/** The words that lead further down from a node: the root's entries, a group's commands and subgroups. */
export function childrenOf(node: TreeNode): NamedChild[] {
  const entries: ReadonlyArray<TreeEntry | GroupModule> =
    node.kind === 'root' ? node.groups : node.kind === 'group' ? node.group.commands : [];
  return entries.map((entry) => {
    if (isGroupModule(entry))
      return { name: entry.name, summary: entry.summary, hidden: false, aliases: [], reach: async () => nodeOf(entry) };
    return {
      name: entry.name,
      summary: entry.summary,
      hidden: Boolean(entry.hidden),
      aliases: entry.aliases ?? [],
      // Loaded once a word needs it (`venue inventory --help` needs no index); one taking its words raw at once.
      reach: async () => (entry.rawWords ? nodeOf((await entry.load()).default) : { kind: 'entry', entry }),
    };
  });
}

/** The options a node declares itself (not those above it), help last as its help lists them. A command must be open. */
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
  if (node.kind === 'entry') throw new Error(`ownOptions: the command ${node.entry.name} is not loaded`);
  return [{ spec: helpOption, scope: 'builtin' }];
}

/** The arguments a command declares. */
export function argumentsOf(node: TreeNode): ArgumentSpec[] {
  return node.kind === 'command' ? argumentSpecs(node.command.args) : [];
}

/** A word that is a negative number (-5, -2.5, -1e3): an operand of a command, not an option. */
const NEGATIVE_NUMBER = /^-(\d+|\d*\.\d+)(e[+-]?\d+)?$/;

interface Known {
  spec: OptionSpec;
  names: FlagNames;
  scope: OptionScope;
}

export interface ReadOptions {
  /**
   * Leave the command or group the words reach unloaded when no word needs
   * its declaration (`venue inventory --help`, `venue inventory stock levels
   * --help`): the front door's reading, where help is printed from a file.
   * By default it is loaded.
   */
  lazyCommand?: boolean;
}

/**
 * Reads words over the tree. The root's options are looked up first (they
 * stand anywhere), then those of the nodes reached, nearest first.
 */
export async function readWords(
  root: readonly TreeEntry[],
  words: readonly string[],
  options: ReadOptions = {},
): Promise<ReadLine> {
  const rootNode: TreeNode = { kind: 'root', groups: root };
  const line: ReadLine = {
    path: [],
    lineage: [rootNode],
    node: rootNode,
    options: [],
    unknown: [],
    operands: [],
    operandsOnly: false,
    helpWord: false,
  };
  /** Loads the command reached, once a word needs its declaration. */
  const need = async () => {
    if (line.node.kind !== 'entry') return;
    line.node = await open(line.node);
    line.lineage[line.lineage.length - 1] = line.node;
  };
  const lookup = (flag: string): Known | undefined => {
    // The root first, then from the nearest node up: the first declaration of a name wins.
    for (const node of [line.lineage[0]!, ...line.lineage.slice(1).reverse()]) {
      if (node.kind === 'entry') continue;
      for (const { spec, scope } of ownOptions(node)) {
        const names = flagNames(spec.flags);
        if (names.long === flag || names.short === flag) return { spec, names, scope };
      }
    }
    return undefined;
  };
  const find = async (flag: string): Promise<Known | undefined> => {
    let found = lookup(flag);
    if (!found && line.node.kind === 'entry') {
      // Not the root's: the command reached may declare it.
      await need();
      found = lookup(flag);
    }
    if (found) return found;
    const names = flagNames(fleetYesOption.flags);
    return names.long === flag || names.short === flag ? { spec: fleetYesOption, names, scope: 'fleet' } : undefined;
  };
  const rawWords = () => line.node.kind === 'command' && Boolean(line.node.command.rawWords);

  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (line.pending) {
      const { spec, names, scope, flag, word: given } = line.pending;
      line.options.push({ spec, names, scope, value: word, flag, word: given });
      line.pending = undefined;
      continue;
    }
    const optionLike = !line.operandsOnly && word.length > 1 && word.startsWith('-') && word !== '--';
    // A word that is not an option the root may know needs the command reached (its arguments, its subcommands).
    if (line.node.kind === 'entry' && (!optionLike || NEGATIVE_NUMBER.test(word)) && word !== '--') await need();
    if (rawWords()) {
      // Every word after it, as it is (a first `--` aside): the completion scripts' own command.
      const rest = words.slice(i);
      line.operands.push(...(rest[0] === '--' ? rest.slice(1) : rest));
      line.operandsOnly = true;
      break;
    }
    if (!line.operandsOnly && word === '--') {
      line.operandsOnly = true;
      continue;
    }
    if (optionLike && !(line.node.kind === 'command' && NEGATIVE_NUMBER.test(word) && !digitOption())) {
      await readOption(word);
      continue;
    }
    const atBranch = line.node.kind === 'root' || line.node.kind === 'group';
    const child =
      line.operandsOnly || line.operands.length > 0 || !atBranch
        ? undefined
        : childrenOf(line.node).find((c) => c.name === word || c.aliases.includes(word));
    if (child) {
      line.node = await child.reach();
      line.lineage.push(line.node);
      line.path.push(child.name);
    } else if (word === HELP_WORD && atBranch && line.operands.length === 0 && !line.operandsOnly && !line.helpWord) {
      // `venue help inventory stock`, `venue inventory help stock`: as every group's help lists it.
      line.helpWord = true;
    } else {
      line.operands.push(word);
      const before = line.options.at(-1);
      if (before && before.value === undefined && before.word === words[i - 1]) before.followedBy = word;
    }
  }
  if (!options.lazyCommand) await need();
  return line;

  /** Whether an option of the line's nodes is spelled with a digit (-1): then a negative number is read as options. */
  function digitOption(): boolean {
    return line.lineage.some(
      (node) =>
        node.kind !== 'entry' && ownOptions(node).some(({ spec }) => /^-\d$/.test(flagNames(spec.flags).short ?? '')),
    );
  }

  /** --name, --name=value, -x, -xvalue, or -abc (options without a value, the last may take one). */
  async function readOption(word: string): Promise<void> {
    if (word.startsWith('--')) {
      const equals = word.indexOf('=');
      const flag = equals === -1 ? word : word.slice(0, equals);
      const found = await find(flag);
      if (!found) {
        line.unknown.push(flag);
        return;
      }
      if (equals !== -1) line.options.push({ ...found, value: word.slice(equals + 1), flag, word });
      else if (found.names.takesValue) line.pending = { ...found, flag, word };
      else line.options.push({ ...found, flag, word });
      return;
    }
    for (let i = 1; i < word.length; i++) {
      const flag = `-${word[i]}`;
      const found = await find(flag);
      if (!found) {
        line.unknown.push(flag);
        return;
      }
      if (!found.names.takesValue) {
        line.options.push({ ...found, flag, word });
        continue;
      }
      const rest = word.slice(i + 1);
      if (rest) line.options.push({ ...found, value: rest, flag, word });
      else line.pending = { ...found, flag, word };
      return;
    }
  }
}

/** What is being typed at the cursor (completion), as the reader would read it there. */
export type AtCursor =
  /** The value of the option before it (`--warehouse <TAB>`). */
  | { kind: 'value'; spec: OptionSpec; typed: string }
  /** The value written into the option word (`--warehouse=<TAB>`): `spec` when the line's nodes declare one taking a value. */
  | { kind: 'inline-value'; flag: string; spec?: OptionSpec; typed: string }
  /** An option's name (`--ware<TAB>`). */
  | { kind: 'option'; typed: string }
  /** A command word or an argument. */
  | { kind: 'word'; typed: string };

/**
 * The words typed so far read up to the cursor: every word but the last read
 * as a command line, and the last (possibly empty) as what is being typed.
 */
export async function readToCursor(
  root: readonly TreeEntry[],
  words: readonly string[],
): Promise<{ line: ReadLine; at: AtCursor }> {
  const typed = words.at(-1) ?? '';
  const line = await readWords(root, words.slice(0, -1));
  if (line.pending) return { line, at: { kind: 'value', spec: line.pending.spec, typed } };
  if (line.operandsOnly || !typed.startsWith('-')) return { line, at: { kind: 'word', typed } };
  const equals = typed.indexOf('=');
  if (!typed.startsWith('--') || equals === -1) return { line, at: { kind: 'option', typed } };
  const flag = typed.slice(0, equals);
  const spec = line.lineage
    .flatMap((node) => (node.kind === 'entry' ? [] : ownOptions(node)))
    .find(({ spec }) => flagNames(spec.flags).long === flag && flagNames(spec.flags).takesValue)?.spec;
  return { line, at: { kind: 'inline-value', flag, spec, typed: typed.slice(equals + 1) } };
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

/**
 * The words of a command line, as a person would type them: the path, each
 * option given (its long spelling, then its value), and the arguments, after
 * `--` when one starts with a dash. The reader reads them back to the same
 * command, options and arguments (the fleet lists each venue's before a write).
 */
export function wordsOf(line: {
  path: readonly string[];
  given: ReadonlyArray<Pick<GivenOption, 'names' | 'flag' | 'value'>>;
  args: readonly string[];
}): string[] {
  const words = [...line.path];
  for (const option of line.given) {
    words.push(option.names.long ?? option.flag);
    if (option.value !== undefined) words.push(option.value);
  }
  const dashed = line.args.some((arg) => arg.startsWith('-'));
  return [...words, ...(dashed ? ['--'] : []), ...line.args];
}

/** A declaration of the tree, loaded, with the words that reach it. */
export interface Declared {
  path: string[];
  module: CommandModule<any> | GroupModule;
  /** Left out of help (itself or a group above it). */
  hidden: boolean;
  aliases: readonly string[];
}

/** Every group and command under the root, loaded, in the tree's order (a group before what it holds). For the build, docs and tests: a run loads only its path. */
export async function everyDeclaration(root: readonly TreeEntry[]): Promise<Declared[]> {
  const found: Declared[] = [];
  const visit = async (entry: TreeEntry | GroupModule, path: string[], hidden: boolean) => {
    const module = isGroupModule(entry) ? entry : (await entry.load()).default;
    const here: Declared = {
      path,
      module,
      hidden: hidden || Boolean(!isGroupModule(entry) && entry.hidden),
      aliases: (!isGroupModule(entry) && entry.aliases) || [],
    };
    found.push(here);
    if (isGroupModule(module))
      for (const child of module.commands) await visit(child, [...path, child.name], here.hidden);
  };
  for (const entry of root) await visit(entry, [entry.name], false);
  return found;
}

/** The declaration the words name exactly (['inventory', 'stock', 'levels']), loading only those on the way; undefined when none does. */
export async function declarationAt(
  root: readonly TreeEntry[],
  path: readonly string[],
): Promise<CommandModule<any> | GroupModule | undefined> {
  let children: ReadonlyArray<TreeEntry | GroupModule> = root;
  let module: CommandModule<any> | GroupModule | undefined;
  for (const word of path) {
    const entry = children.find((c) => c.name === word);
    if (!entry) return undefined;
    module = isGroupModule(entry) ? entry : (await entry.load()).default;
    children = isGroupModule(module) ? module.commands : [];
  }
  return module;
}
