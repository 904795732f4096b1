// How a command module is written. A command file default-exports
// defineCommand({...}); a group's index.ts default-exports defineGroup({...})
// listing its commands by name and summary, each loaded only when the words
// reach it (src/commands/argv-words.ts reads them; src/program.ts renders
// their help). Nothing here loads more than the declaration types need: the
// launcher's reader imports this file.

import type { Context } from '../cli/context.js';
import type { FleetDeclaration } from '../lib/fleet/use.js';
import type { RecordShape } from '../lib/records.js';

/**
 * What a value names, for completion (src/commands/completion) and runs across
 * venues: a profile, several, a service's id of some kind, or a file the command
 * reads (a venue whose file is missing is skipped in a run across venues).
 */
export type ValueKind = IdKind | 'file';

/** The kinds whose values are looked up (profiles from the config, ids from the profile's services). */
export type IdKind = 'profile' | 'profiles' | 'location' | 'experience' | 'warehouse' | 'webhook' | 'receipt';

/** An option of a command, declared in its file: the reader (argv-words.ts, invocation.ts) reads it; the help renderer shows it. */
export interface OptionSpec {
  /** Its spellings and value: '-y, --yes', '--warehouse <id>', '--no-wait' (a --no- option is true unless given). */
  flags: string;
  description?: string;
  /** What the value names (completion offers the profile's ids of that kind). */
  kind?: ValueKind;
  /** The only values allowed; completion offers them. */
  choices?: readonly string[];
  default?: unknown;
  /** Turns the value into what the command gets; `previous` is the value so far (the default, or the last given) for a repeatable option. */
  parse?: (value: string, previous: any) => unknown;
  /** The option must be given. */
  required?: boolean;
  /** Left out of help (an old spelling kept working). */
  hidden?: boolean;
}

/** What an option's parse throws for a value it refuses, its message starting "must": said as "--<name> <message> (got "<value>")" (exit 2). */
export class InvalidValueError extends Error {}

export type OptionExtras = Omit<OptionSpec, 'flags' | 'description'>;

export function option(flags: string, description?: string, extras: OptionExtras = {}): OptionSpec {
  return { flags, description, ...extras };
}

/** A positional argument: '<experienceId>', '[more...]'. */
export interface ArgumentSpec {
  spec: string;
  kind?: ValueKind;
  choices?: readonly string[];
}

export function argument(spec: string, extras: Omit<ArgumentSpec, 'spec'> = {}): ArgumentSpec {
  return { spec, ...extras };
}

/** The names an option's flags give it: its short and long spelling, whether it takes a value, its attribute. */
export interface FlagNames {
  short?: string;
  long?: string;
  /** '<value>' (required) or '[value]' (optional) follows the names. */
  takesValue: boolean;
  /** --no-<name>: sets <name> to false. */
  negate: boolean;
  /** The key in the command's options: --page-size → pageSize, --no-wait → wait. */
  attribute: string;
}

/** Each declaration's names, read once: the reader looks them up for every option word of every command line. */
const namesRead = new Map<string, Readonly<FlagNames>>();

/** Reads an option's flags: short first or not, separated by spaces, commas or bars. */
export function flagNames(flags: string): Readonly<FlagNames> {
  let names = namesRead.get(flags);
  if (!names) namesRead.set(flags, (names = Object.freeze(readFlagNames(flags))));
  return names;
}

function readFlagNames(flags: string): FlagNames {
  const parts = flags.split(/[ |,]+/).filter(Boolean);
  let short: string | undefined;
  let long: string | undefined;
  for (const part of parts) {
    if (/^-[^-]$/.test(part) && short === undefined) short = part;
    else if (/^--[^-]/.test(part) && long === undefined) long = part;
  }
  const negate = long?.startsWith('--no-') ?? false;
  const bare = (long ?? short ?? '').replace(/^--?/, '').replace(/^no-/, negate ? '' : 'no-');
  const attribute = bare.replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase());
  return { short, long, takesValue: /[<[]/.test(flags), negate, attribute };
}

/** The option of these declarations spelled `long` ('--yes'), if one is. */
export function optionNamed(options: readonly OptionSpec[] | undefined, long: string): OptionSpec | undefined {
  return options?.find((o) => flagNames(o.flags).long === long);
}

/** The arguments as declared: a string ('<service> <method> <path>') or a list with kinds. */
export function argumentSpecs(args: string | readonly ArgumentSpec[] | undefined): ArgumentSpec[] {
  if (args === undefined) return [];
  if (typeof args !== 'string') return [...args];
  return args
    .split(/\s+/)
    .filter(Boolean)
    .map((spec) => ({ spec }));
}

/** An argument's name and shape: '<more...>' → { name: 'more', required: true, variadic: true }. */
export function argumentShape(spec: string): { name: string; required: boolean; variadic: boolean } {
  const inner = spec.slice(1, -1);
  const variadic = inner.endsWith('...');
  return { name: variadic ? inner.slice(0, -3) : inner, required: spec.startsWith('<'), variadic };
}

export interface CommandModule<Options = Record<string, unknown>> {
  /** The word users type: "list". */
  name: string;
  /** Positional arguments ("<productId> [more...]": required, optional, the last may be variadic), or declared one by one with what they name. */
  args?: string | readonly ArgumentSpec[];
  summary: string;
  /** A longer description shown in the command's own help. */
  description?: string;
  /**
   * At least one; shown under "Examples:" in help. Each runs as written, in
   * order, against the sandbox's demo data in a fresh config directory, with
   * the files of docs/examples/ beside it (test/e2e/foundation/examples.test.ts).
   * A trailing marker says when it cannot simply exit 0: `# needs a terminal`
   * (a guided prompt), `# exits N` (by design), `# runs until stopped` (a server).
   */
  examples: string[];
  aliases?: string[];
  /**
   * The fields --fields takes for this command, listed in its help: its
   * columns' keys and the service fields it knows. --fields is checked against
   * them (and the records shown); any other field the service sends works too.
   */
  fields?: readonly string[];
  /**
   * The resource the command's records are (src/lib/records.ts): machine
   * formats, --fields and --query read them in venue's names whatever the
   * server calls them, and its fields are the shape's names (unless `fields`
   * lists others).
   */
  record?: RecordShape;
  /** The command's options, in the order help lists them. */
  options?: readonly OptionSpec[];
  /** What the command is across venues (--each-profile): it reads, writes, or is refused there, with the reason. */
  fleet: FleetDeclaration;
  /** Left out of help and docs (the completion scripts' own command). */
  hidden?: boolean;
  /**
   * Takes every word after it as it is (a first `--` aside), in options.words
   * and as its arguments: no --help of its own, no option read (the completion
   * scripts' own command). Its entry says so too, so that the reader loads
   * it as soon as the words reach it.
   */
  rawWords?: boolean;
  /** The work. Throws typed errors; never calls process.exit. */
  run: (ctx: Context, options: Options, ...args: string[]) => Promise<void>;
}

/**
 * A command (or group) as its group lists it, not loaded: its name, summary,
 * aliases and whether help hides it, each equal to its module's own (a unit
 * test holds them), and how to load it. The reader loads a command's module
 * only when the words reach it.
 */
export interface TreeEntry {
  name: string;
  summary: string;
  hidden?: boolean;
  aliases?: readonly string[];
  /** The command takes the words after it as they are (CommandModule.rawWords): the reader loads it as soon as the words reach it. */
  rawWords?: boolean;
  load: () => Promise<{ default: CommandModule<any> | GroupModule }>;
}

export interface GroupModule {
  name: string;
  summary: string;
  description?: string;
  examples?: string[];
  /** Its commands, each listed lazily, and its subgroups (declared in place). */
  commands: ReadonlyArray<TreeEntry | GroupModule>;
}

export function defineCommand<Options = Record<string, unknown>>(
  module: CommandModule<Options>,
): CommandModule<Options> {
  return module;
}

export function defineGroup(module: GroupModule): GroupModule {
  return module;
}

/** Whether a group's entry is a subgroup declared in place (else a lazily listed command). */
export function isGroupModule(entry: TreeEntry | GroupModule | CommandModule<any>): entry is GroupModule {
  return 'commands' in entry;
}

export interface ExampleMarker {
  needsTerminal: boolean;
  exitCode?: number;
  runsUntilStopped: boolean;
}

/** What an example's trailing marker comment says (see CommandModule.examples). */
export function exampleMarker(example: string): ExampleMarker {
  const exits = /#\s*exits (\d+)\b[^#]*$/.exec(example);
  return {
    needsTerminal: /#\s*needs a terminal\b[^#]*$/.test(example),
    exitCode: exits ? Number(exits[1]) : undefined,
    runsUntilStopped: /#\s*runs until stopped\b[^#]*$/.test(example),
  };
}
