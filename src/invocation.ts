// The front door: argv is read here, once, into a typed invocation: the
// global options (declared once in src/commands/globals.ts), the venues
// selected (--each-profile, --parallel, --fail-fast), the output format, the
// command path with the command's declaration, its options and operands.
// Nothing else reads process.argv or looks at flags by hand; main hands the
// invocation to a runner (one venue, or the fleet).

import { InvalidValueError, flagNames, type CommandModule, type OptionSpec } from './commands/define.js';
import { globalOptions, type OutputFormat } from './commands/globals.js';
import { rootGroups } from './commands/index.js';
import { helpTopicNames, type GroupEntry } from './commands/tree.js';
import { childrenOf, readWords, type GivenOption, type NamedChild } from './commands/words.js';
import { UsageError } from './lib/errors.js';
import type { GlobalOptions } from './cli/context.js';

/** The global options: the context's (GlobalOptions), and the two main itself needs. */
export interface GlobalValues extends GlobalOptions {
  logFile?: string;
  envFile?: string;
}

/** --each-profile: which venues, how many at once, whether to stop at the first failure. */
export interface VenueSelection {
  selection: string;
  parallel: number;
  failFast: boolean;
}

export const DEFAULT_PARALLEL = 4;

export interface Invocation {
  /** The words as given. */
  readonly argv: readonly string[];
  readonly globals: GlobalValues;
  /** Set when the command runs once per selected profile. */
  readonly venues?: VenueSelection;
  /** The command words: ['inventory', 'stock', 'levels']; empty for options alone. */
  readonly path: readonly string[];
  /** The declaration of the command the path reaches (a leaf), if it reaches one. */
  readonly command?: CommandModule<any>;
  /** The words after the path that are no option or value of one. */
  readonly operands: readonly string[];
  /** The command's own options given, with their declarations. */
  readonly commandOptions: readonly GivenOption[];
  /** Option words no declaration knows. */
  readonly unknown: readonly string[];
  /** -h or --help was given. */
  readonly help: boolean;
  /** -V or --version was given. */
  readonly version: boolean;
  /** `venue help <topic>`. */
  readonly helpTopic?: string;
  /** The words each venue runs: argv without the fleet's own options. */
  readonly commandArgv: readonly string[];
  /** A usage problem found while reading; main throws it once its streams are set up. */
  readonly problem?: UsageError;
}

/** What a global option was given as, by its attribute (profile, output, json, noColor…). */
type RawGlobals = Map<string, { spec: OptionSpec; values: string[]; given: boolean }>;

/** Reads argv (the words after `venue`) into an invocation. Never throws for a usage problem: it is returned. */
export async function readInvocation(
  argv: readonly string[],
  root: readonly GroupEntry[] = rootGroups,
): Promise<Invocation> {
  let problem: UsageError | undefined;
  const line = await readWords(root, argv);
  // `venue help <group> [<command>]` is `venue <group> [<command>] --help`; `venue help <topic>` prints the topic.
  if (line.path.length === 0 && line.operands[0] === 'help') {
    const at = argv.indexOf('help');
    const words = argv.slice(at + 1).filter((a) => !a.startsWith('-'));
    const topic = words[0];
    if (topic && (helpTopicNames as readonly string[]).includes(topic) && words.length === 1) {
      return { ...(await readInvocation(argv.slice(0, at), root)), helpTopic: topic };
    }
    const first = words[0];
    const known = [...root.map((g) => g.name), ...helpTopicNames];
    if (first !== undefined && !known.includes(first)) {
      const { didYouMean } = await import('./lib/suggest.js');
      problem = new UsageError(`no help for "${first}": it is neither a command nor a help topic`, {
        hint: `${didYouMean(first, known)} Topics: ${helpTopicNames.join(', ')}; commands: \`venue --help\`.`.trim(),
      });
    }
    const asked = await readInvocation([...argv.slice(0, at), ...words, '--help'], root);
    return problem ? { ...asked, problem } : asked;
  }

  const raw: RawGlobals = new Map();
  const fleetWords = new Set<number>();
  let help = false;
  let version = false;
  for (const option of line.options) {
    if (option.scope === 'builtin') {
      if (option.names.long === '--help') help = true;
      if (option.names.long === '--version') version = true;
      continue;
    }
    if (option.scope !== 'global') continue;
    const entry = raw.get(option.names.attribute) ?? { spec: option.spec, values: [], given: false };
    entry.given = true;
    if (option.value !== undefined) entry.values.push(option.value);
    raw.set(option.names.attribute, entry);
    if (['--each-profile', '--parallel', '--fail-fast'].includes(option.names.long ?? ''))
      for (const at of option.at) fleetWords.add(at);
  }
  if (line.pending?.scope === 'global') {
    problem ??= new UsageError(`option '${line.pending.spec.flags}' argument missing`, {
      hint: '(add --help for usage)',
    });
    fleetWords.add(line.pending.at);
  }

  // A value outside a global option's choices is said with a suggestion, found lazily (suggest.js loads on a mistake only).
  const pending: Array<Promise<void>> = [];
  const value = <T>(attribute: string): T | undefined => {
    const entry = raw.get(attribute);
    if (!entry || entry.values.length === 0) return undefined;
    // As commander does: the last one given wins (a parse that collects sees each).
    let result: unknown = undefined;
    for (const given of entry.values) {
      const checked = checkValue(entry.spec, given, result);
      if (checked instanceof Promise) {
        pending.push(checked.then((error) => void (problem ??= error)));
        return undefined;
      }
      if (checked instanceof UsageError) {
        problem ??= checked;
        return undefined;
      }
      result = checked;
    }
    return result as T;
  };
  const flag = (attribute: string): boolean => raw.get(attribute)?.given ?? false;

  const output = value<OutputFormat>('output');
  const json = flag('json');
  if (json && output !== undefined && output !== 'json' && !help && !version)
    problem ??= new UsageError(`--json and -o ${output} ask for two formats: give one`);
  const globals: GlobalValues = {
    profile: value<string>('profile'),
    output: json ? 'json' : (output ?? 'table'),
    fields: value<string[]>('fields'),
    query: value<string>('query'),
    limit: value<number>('limit'),
    raw: flag('raw'),
    color: !flag('color'),
    quiet: flag('quiet'),
    verbose: flag('verbose'),
    input: !flag('input'),
    timeout: value<number>('timeout'),
    deadline: value<number>('deadline'),
    logFile: value<string>('logFile'),
    envFile: value<string>('envFile'),
  };

  await Promise.all(pending);
  // A word where a command was due that names none: an error, even with --help (which would otherwise show the parent's help and exit 0).
  if ((line.node.kind === 'root' || line.node.kind === 'group') && line.operands.length > 0) {
    problem ??= await unknownCommand(line.operands[0]!, line.path, childrenOf(line.node));
  }

  // An option word nobody declares, after a command or group (the root's own are run.ts's; a fleet run says its own):
  // said here, with venue's one suggestion, rather than by commander.
  const reached = line.node.kind === 'command' ? line.node.command : undefined;
  if (line.path.length > 0 && line.unknown.length > 0 && !reached?.rawWords && !flag('eachProfile')) {
    problem ??= await unknownOption(line.unknown[0]!.word, line.path, reached);
  }
  // A command option's value outside its choices: venue's words and suggestion, before commander reads it.
  for (const given of line.options) {
    if (
      given.scope !== 'command' ||
      given.value === undefined ||
      !given.spec.choices ||
      given.spec.choices.includes(given.value)
    )
      continue;
    problem ??= await notAChoice(given.spec, given.value);
  }

  let venues: VenueSelection | undefined;
  const selection = value<string>('eachProfile');
  if (flag('eachProfile')) {
    if (selection === undefined)
      problem ??= new UsageError('--each-profile needs a value: all, a comma-separated list of profiles, or tag:NAME');
    else if (globals.profile !== undefined) {
      problem ??= new UsageError('--profile and --each-profile both choose profiles: give one', {
        hint: 'For one venue, --profile NAME; for several, --each-profile NAME,NAME.',
      });
    }
    venues = {
      selection: selection ?? '',
      parallel: value<number>('parallel') ?? DEFAULT_PARALLEL,
      failFast: flag('failFast'),
    };
  }

  return {
    argv,
    globals,
    venues,
    path: line.path,
    command: line.node.kind === 'command' ? line.node.command : undefined,
    operands: line.operands,
    commandOptions: line.options.filter((o) => o.scope === 'command'),
    unknown: line.unknown.map((u) => u.word),
    help,
    version,
    commandArgv: argv.filter((_word, i) => !fleetWords.has(i)),
    problem,
  };
}

/** An option word no declaration knows, with the closest the command (or group) and the root know. */
async function unknownOption(
  word: string,
  path: readonly string[],
  command: CommandModule<any> | undefined,
): Promise<UsageError> {
  const { didYouMean } = await import('./lib/suggest.js');
  const own = (command?.options ?? [])
    .filter((o) => !o.hidden)
    .flatMap((o) => {
      const { long, short } = flagNames(o.flags);
      return [long, short].filter((f): f is string => Boolean(f));
    });
  const known = [...own, ...globalOptionNames(), '--help', '-h'];
  return new UsageError(`unknown option '${word}' for \`venue ${path.join(' ')}\``, {
    hint: `${didYouMean(word, known)} See \`venue ${path.join(' ')} --help\`.`.trim(),
  });
}

/** A value outside an option's choices, with the closest choice. */
async function notAChoice(spec: OptionSpec, given: string): Promise<UsageError> {
  const { didYouMean } = await import('./lib/suggest.js');
  const choices = spec.choices ?? [];
  return new UsageError(
    `option '${spec.flags}' argument '${given}' is invalid. Allowed choices are ${choices.join(', ')}.`,
    {
      hint: `${didYouMean(given, choices)} (add --help for usage)`.trim(),
    },
  );
}

/** A global option's value through its declaration (choices, parse), or the usage problem, said as commander says it. */
function checkValue(spec: OptionSpec, given: string, previous: unknown): unknown | Promise<UsageError> {
  if (spec.choices && !spec.choices.includes(given)) return notAChoice(spec, given);
  if (!spec.parse) return given;
  try {
    return spec.parse(given, previous);
  } catch (error) {
    if (error instanceof InvalidValueError)
      return new UsageError(`option '${spec.flags}' argument '${given}' is invalid. ${error.message}`, {
        hint: '(add --help for usage)',
      });
    throw error;
  }
}

/** The values the invocation's command got for one of its options (by long name), in order. */
export function commandOptionValues(invocation: Pick<Invocation, 'commandOptions'>, long: string): string[] {
  return invocation.commandOptions.filter((o) => o.names.long === long && o.value !== undefined).map((o) => o.value!);
}

/** Whether the invocation's command got this option (by long name). */
export function commandOptionGiven(invocation: Pick<Invocation, 'commandOptions'>, long: string): boolean {
  return invocation.commandOptions.some((o) => o.names.long === long);
}

/** The names the root knows, for a suggestion after an unknown option. */
export function globalOptionNames(): string[] {
  const names = globalOptions.flatMap((spec) => {
    const { long, short } = flagNames(spec.flags);
    return [long, short].filter((f): f is string => Boolean(f));
  });
  return ['-V', '--version', ...names];
}

/** `venue nosuch`, `venue inventory nosuch`: exit 2 with the closest names and where to see them all. */
async function unknownCommand(
  word: string,
  path: readonly string[],
  children: readonly NamedChild[],
): Promise<UsageError> {
  const { didYouMean } = await import('./lib/suggest.js');
  const shown = children.filter((c) => !c.hidden);
  const guess = didYouMean(
    word,
    shown.flatMap((c) => [c.name, ...c.aliases]),
  );
  const where = path.length ? ` for "venue ${path.join(' ')}"` : '';
  const see = `venue ${[...path, '--help'].join(' ')}`;
  return new UsageError(`unknown command "${word}"${where}`, {
    hint: `${guess ? `${guess} ` : ''}The commands here: ${shown.map((c) => c.name).join(', ')}. See \`${see}\`.`,
  });
}
