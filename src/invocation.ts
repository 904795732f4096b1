// The front door: the words after `venue` are read here, once (by the reader,
// src/commands/argv-words.ts, over the declarations), into a typed Invocation
// that carries everything a run needs: the global options (declared once in
// src/commands/globals.ts), the venues selected (--each-profile, --parallel,
// --fail-fast) and the fleet's confirmation, the command path with the
// command's declaration, its options parsed through their declarations
// (parse, choices, defaults, negations, repeats, required) and its arguments
// checked (missing, excess, variadic, choices), the help asked for, and the
// first usage problem, said in venue's words with a suggestion. The launcher
// decides from it (the version, prebuilt help, or main); main, the MCP server
// and the fleet run from it. Nothing else reads or rewrites argv.

import {
  argumentShape,
  argumentSpecs,
  flagNames,
  InvalidValueError,
  optionNamed,
  type CommandModule,
  type OptionSpec,
} from './commands/define.js';
import { globalOptions, type OutputFormat } from './commands/globals.js';
import { rootGroups } from './commands/index.js';
import { helpTopicNames, type GroupEntry } from './commands/tree.js';
import {
  childrenOf,
  open,
  readWords,
  wordsOf,
  type GivenOption,
  type NamedChild,
  type TreeNode,
} from './commands/argv-words.js';
import type { UsageError } from './lib/errors.js';
import type { GlobalOptions } from './cli/context.js';
import type { OtherSpelling } from './lib/suggest.js';

/**
 * The front's declarations, for the help renderer (src/program.ts), which
 * reaches them through this module: the bundle then keeps the front in the
 * few files the launcher loads for every command line (bench/startup.js).
 */
export { globalOptions, rootGroups };

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
  readonly globals: GlobalValues;
  /** Set when the command runs once per selected profile. */
  readonly venues?: VenueSelection;
  /** The command words: ['inventory', 'stock', 'levels']; empty for venue itself. */
  readonly path: readonly string[];
  /** The declaration of the command the path reaches (a leaf). Unset for a group, and for help, which needs no declaration. */
  readonly command?: CommandModule<any>;
  /** The command's own options as given, in order, with their declarations (values as written). */
  readonly given: readonly GivenOption[];
  /** What the command's run gets: each option by its attribute, through its declaration (defaults included). */
  readonly options: Readonly<Record<string, unknown>>;
  /** The command's positional arguments, checked against its declaration (a variadic one's values each its own). */
  readonly args: readonly string[];
  /**
   * --yes was given: the question before a write is answered up front. It
   * is the command's own --yes where it declares one; across venues it is
   * also the fleet's answer, and each venue's run gets the command's --yes.
   */
  readonly confirmed: boolean;
  /** Help was asked for (--help, -h, `venue help <words>`, a group or venue alone): the help of `path`. */
  readonly help: boolean;
  /** -V or --version was given. */
  readonly version: boolean;
  /** `venue help <topic>`. */
  readonly helpTopic?: string;
  /** The first usage problem found while reading; main says it (exit 2) once its streams are set up. */
  readonly problem?: UsageError;
}

/** A usage problem as found: the UsageError's message and hint. */
interface Problem {
  message: string;
  hint?: string;
  /** An argument the command does not take, said as this problem. */
  unexpected?: string;
}

/**
 * The problems found, the first kept: what the person reads first is what
 * went wrong first. It becomes a UsageError only when there is one (errors.js
 * is loaded then: a command line without a mistake needs none of it).
 */
class Problems {
  first?: Problem;
  add(problem: Problem | undefined): void {
    this.first ??= problem;
  }
  async error(): Promise<UsageError | undefined> {
    if (!this.first) return undefined;
    const { UsageError } = await import('./lib/errors.js');
    return new UsageError(this.first.message, { hint: this.first.hint });
  }
}

/** "See `venue inventory stock levels --help`." */
function see(path: readonly string[]): string {
  return `See \`venue ${[...path, '--help'].join(' ')}\`.`;
}

async function didYouMean(
  word: string,
  candidates: readonly string[],
  others?: readonly OtherSpelling[],
): Promise<string> {
  // suggest.js (and its edit distance) is loaded on a mistake only.
  const { didYouMean: guess } = await import('./lib/suggest.js');
  return guess(word, candidates, others);
}

/**
 * Other tools' spellings of options venue has, for the suggestion after an
 * option word venue does not know: too far from venue's names for an edit
 * distance. Suggested only where venue's option exists (a command declaring
 * the word itself never gets here). `takesValue`: the other tool's option
 * takes a value where venue's own of the same spelling takes none (gh's
 * `-q EXPR` and `--json FIELDS`), so the value after it is read as an argument;
 * `alongside`, what goes with venue's option then (--json, for JSON).
 */
const OTHER_TOOLS: ReadonlyArray<OtherSpelling & { takesValue?: boolean; alongside?: string }> = [
  { word: '--jq', venue: '--query', why: "gh's --jq; venue's --query takes a JMESPath expression" },
  { word: '-q', venue: '--query', why: "gh's -q; here -q is --quiet", takesValue: true },
  {
    word: '--json',
    venue: '--fields',
    why: "gh's --json FIELDS; here --json takes no value: --fields FIELDS --json",
    takesValue: true,
    alongside: '--json',
  },
  { word: '--template', venue: '--query', why: "gh's --template; venue's --query takes a JMESPath expression" },
  { word: '--format', venue: '--output' },
  { word: '--columns', venue: '--fields' },
  { word: '--max-items', venue: '--limit' },
  { word: '--env', venue: '--profile' },
  { word: '--debug', venue: '--verbose' },
  { word: '--silent', venue: '--quiet' },
  { word: '--non-interactive', venue: '--no-input' },
  { word: '--no-prompt', venue: '--no-input' },
];

/**
 * An argument that is another tool's value for a word venue reads as a flag
 * without one (gh's `-q '.[].id'`, `--json id,name`), said with venue's
 * spelling: the option word read just before the argument.
 */
async function misreadValue(operand: string, given: readonly GivenOption[]): Promise<Problem | undefined> {
  const read = given.find((g) => g.followedBy === operand);
  const other = read && OTHER_TOOLS.find((o) => o.takesValue && o.word === read.word);
  if (!read || !other) return undefined;
  return {
    message: `${read.word} takes no value here${said(read.spec) === read.word ? '' : ` (it is ${said(read.spec)})`}, so "${operand}" was read as an argument`,
    hint: await otherToolsValue(other, operand),
  };
}

/** The suggestion for another tool's option with its value: venue's option with it (gh's --json FIELDS: --fields FIELDS --json). */
async function otherToolsValue(other: (typeof OTHER_TOOLS)[number], value: string): Promise<string> {
  const { shellQuote } = await import('./lib/hint-command.js');
  const { didYouMeanInstead } = await import('./lib/suggest.js');
  const words = [other.venue, shellQuote(value), ...(other.alongside ? [other.alongside] : [])].join(' ');
  return didYouMeanInstead(words, other.why);
}

const hintOf = (...parts: string[]) => parts.filter(Boolean).join(' ');

/** The name an option is said by: its long spelling, else its short one. */
const said = (spec: OptionSpec) => {
  const { long, short } = flagNames(spec.flags);
  return long ?? short ?? spec.flags;
};

/** Its spellings, for a suggestion. */
const spellings = (specs: readonly OptionSpec[]) =>
  specs
    .filter((spec) => !spec.hidden)
    .flatMap((spec) => {
      const { long, short } = flagNames(spec.flags);
      return [long, short].filter((f): f is string => Boolean(f));
    });

/**
 * The values a list of options takes from what was given, through each
 * declaration: defaults first (a --no- option is true unless given), then
 * each given value in order (choices checked, then parse, which sees the
 * value so far: a repeatable option collects). Without parse the last one
 * given wins.
 */
async function optionValues(
  specs: readonly OptionSpec[],
  given: readonly GivenOption[],
  path: readonly string[],
  problems: Problems,
): Promise<Record<string, unknown>> {
  const values: Record<string, unknown> = {};
  for (const spec of specs) {
    const names = flagNames(spec.flags);
    if (spec.default !== undefined) values[names.attribute] = spec.default;
    else if (names.negate && !specs.some((s) => s !== spec && flagNames(s.flags).attribute === names.attribute))
      values[names.attribute] = true;
  }
  for (const option of given) {
    const { spec, names, value } = option;
    if (!names.takesValue) {
      if (value !== undefined) {
        const other = OTHER_TOOLS.find((o) => o.takesValue && o.word === option.flag);
        problems.add({
          message: `${said(spec)} takes no value (got "${option.word}")`,
          hint: other ? `${await otherToolsValue(other, value)} ${see(path)}` : see(path),
        });
      } else values[names.attribute] = !names.negate;
      continue;
    }
    if (value === undefined) continue;
    // A secret never comes from argv (shell history, the process list): only the name of the variable holding it.
    if (spec.kind === 'secret-on-command-line' || (spec.kind === 'secret' && !ENVIRONMENT_NAME.test(value))) {
      problems.add(secretOnCommandLine(spec, specs, path));
      continue;
    }
    if (spec.choices && !spec.choices.includes(value)) {
      problems.add({
        message: `${said(spec)} must be one of ${spec.choices.join(', ')} (got "${value}")`,
        hint: hintOf(await didYouMean(value, spec.choices), see(path)),
      });
      continue;
    }
    if (!spec.parse) {
      values[names.attribute] = value;
      continue;
    }
    try {
      values[names.attribute] = spec.parse(value, values[names.attribute]);
    } catch (error) {
      if (!(error instanceof InvalidValueError)) throw error;
      problems.add({ message: `${said(spec)} ${error.message} (got "${value}")`, hint: see(path) });
    }
  }
  return values;
}

/** An environment variable's name: what a secret option's value names (--secret-env WH_SECRET). */
const ENVIRONMENT_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * A secret's value given on the command line: refused, never echoed, with the
 * ways the command takes it (its options of kind secret, those of the same
 * name first: --cvv → --cvv-stdin, --cvv-env).
 */
function secretOnCommandLine(spec: OptionSpec, specs: readonly OptionSpec[], path: readonly string[]): Problem {
  const name = said(spec);
  const ways = specs.filter((s) => s.kind === 'secret' && !s.hidden && flagNames(s.flags).long);
  const own = ways.filter((s) => said(s).startsWith(`${name}-`));
  const listed = (own.length ? own : ways).map((s) => s.flags.replace(/^-\w, /, ''));
  const message =
    spec.kind === 'secret'
      ? `${name} takes the name of an environment variable that holds the secret, never the secret itself`
      : `${name} does not take the secret on the command line: it would stay in shell history and the process list`;
  return {
    message,
    hint: hintOf(
      listed.length ? `Pass it with ${listed.join(' or ')}, or answer the hidden prompt on a terminal.` : '',
      'Nothing was sent.',
      see(path),
    ),
  };
}

/** The declared --yes of a command, if it has one. */
function yesOption(command: CommandModule<any> | undefined): OptionSpec | undefined {
  return optionNamed(command?.options, '--yes');
}

interface CommandReading {
  options: Record<string, unknown>;
  args: string[];
}

/**
 * A command's options and arguments from what was given: the options through
 * their declarations, required ones present, the arguments checked in number
 * and against their choices. `complete` is false for a request for help or
 * the version, which needs neither required options nor arguments.
 */
async function readCommand(
  command: CommandModule<any>,
  path: readonly string[],
  given: readonly GivenOption[],
  operands: readonly string[],
  how: { confirmed: boolean; complete: boolean },
  problems: Problems,
): Promise<CommandReading> {
  const specs = command.options ?? [];
  const options = await optionValues(specs, given, path, problems);
  const yes = yesOption(command);
  if (how.confirmed && yes) options[flagNames(yes.flags).attribute] = true;
  if (command.rawWords) return { options: { ...options, words: [...operands] }, args: [...operands] };
  const args: string[] = [];
  const declared = argumentSpecs(command.args).map((spec) => ({ spec, shape: argumentShape(spec.spec) }));
  const usage = `venue ${[...path, ...declared.map((d) => d.spec.spec)].join(' ')}`;
  for (const [i, { spec, shape }] of declared.entries()) {
    const values = shape.variadic ? operands.slice(i) : operands.slice(i, i + 1);
    if (values.length === 0) {
      if (shape.required && how.complete)
        problems.add({
          message: `\`venue ${path.join(' ')}\` needs <${shape.name}>`,
          hint: `Usage: ${usage}. ${see(path)}`,
        });
      break;
    }
    for (const value of values) {
      if (spec.choices && !spec.choices.includes(value))
        problems.add({
          message: `<${shape.name}> must be one of ${spec.choices.join(', ')} (got "${value}")`,
          hint: hintOf(await didYouMean(value, spec.choices), see(path)),
        });
      args.push(value);
    }
  }
  const variadic = declared.at(-1)?.shape.variadic ?? false;
  if (!variadic && operands.length > declared.length && how.complete) {
    problems.add({
      unexpected: operands[declared.length],
      message: `unexpected argument "${operands[declared.length]}" for \`venue ${path.join(' ')}\``,
      hint: `${declared.length ? `It takes ${declared.map((d) => d.spec.spec).join(' ')}` : 'It takes no arguments'}. ${see(path)}`,
    });
  }
  if (how.complete) {
    for (const spec of specs)
      if (spec.required && !given.some((g) => g.spec === spec))
        problems.add({ message: `\`venue ${path.join(' ')}\` needs ${spec.flags}`, hint: see(path) });
  }
  return { options, args };
}

/** Reads argv (the words after `venue`) into an invocation. Never throws for a usage problem: it is returned. */
export async function readInvocation(
  argv: readonly string[],
  root: readonly GroupEntry[] = rootGroups,
): Promise<Invocation> {
  const problems = new Problems();
  // Help needs no command's declaration: one is loaded below only when the run needs it.
  const line = await readWords(root, argv, { lazyCommand: true });
  const where = line.path;

  const builtin = (long: string) => line.options.some((o) => o.scope === 'builtin' && o.names.long === long);
  const version = builtin('--version');
  const helpAsked = line.helpWord || builtin('--help');

  // The global options, through their one declaration.
  const givenGlobals = line.options.filter((o) => o.scope === 'global');
  const given = (long: string) => givenGlobals.some((o) => o.names.long === long);
  const values = await optionValues(globalOptions, givenGlobals, [], problems);
  if (line.pending) {
    const placeholder = /[<[]([^>\]]+)[>\]]/.exec(line.pending.spec.flags)?.[1] ?? 'value';
    problems.add({
      message: `${said(line.pending.spec)} needs a value (<${placeholder}>)`,
      hint: line.pending.scope === 'global' ? see([]) : see(where),
    });
  }
  const output = given('--output') ? (values.output as OutputFormat) : undefined;
  const json = given('--json');
  if (json && output !== undefined && output !== 'json' && !helpAsked && !version)
    problems.add({ message: `--json and -o ${output} ask for two formats: give one` });
  const globals: GlobalValues = {
    profile: values.profile as string | undefined,
    output: json ? 'json' : ((values.output as OutputFormat | undefined) ?? 'table'),
    outputGiven: json || output !== undefined,
    fields: values.fields as string[] | undefined,
    query: values.query as string | undefined,
    limit: values.limit as number | undefined,
    raw: Boolean(values.raw),
    color: values.color !== false,
    quiet: Boolean(values.quiet),
    verbose: Boolean(values.verbose),
    input: values.input !== false,
    timeout: values.timeout as number | undefined,
    deadline: values.deadline as number | undefined,
    logFile: values.logFile as string | undefined,
    envFile: values.envFile as string | undefined,
  };

  // `venue help <topic>`.
  let helpTopic: string | undefined;
  if (line.helpWord && where.length === 0 && line.operands.length > 0) {
    const [first] = line.operands;
    if ((helpTopicNames as readonly string[]).includes(first!) && line.operands.length === 1) helpTopic = first;
    else {
      const known = [...root.filter((g) => !g.hidden).map((g) => g.name), ...helpTopicNames];
      problems.add({
        message: `no help for "${first}": it is neither a command nor a help topic`,
        hint: hintOf(
          await didYouMean(first!, known),
          `Topics: ${helpTopicNames.join(', ')}; commands: \`venue --help\`.`,
        ),
      });
    }
  }

  // A run needs the declaration the words reached.
  let node: TreeNode = line.node;
  if (!helpAsked) node = await open(node);
  const command = node.kind === 'command' ? node.command : undefined;

  // A word where a command was due that names none: an error, even with --help (which would show the parent's help and exit 0).
  const topicAsked = line.helpWord && where.length === 0;
  if ((node.kind === 'root' || node.kind === 'group') && line.operands.length > 0 && !topicAsked)
    problems.add(await unknownCommand(line.operands[0]!, where, childrenOf(node)));

  // --each-profile: the venues, and --yes as the fleet's own answer where the command has none.
  let venues: VenueSelection | undefined;
  const unknown = [...line.unknown];
  const fleetYes = line.options.filter((o) => o.scope === 'fleet');
  let confirmed =
    command !== undefined && line.options.some((o) => o.scope === 'command' && o.spec === yesOption(command));
  if (given('--each-profile')) {
    const selection = values.eachProfile as string | undefined;
    if (selection !== undefined && globals.profile !== undefined) {
      problems.add({
        message: '--profile and --each-profile both choose profiles: give one',
        hint: 'For one venue, --profile NAME; for several, --each-profile NAME,NAME.',
      });
    }
    venues = {
      selection: selection ?? '',
      parallel: (values.parallel as number | undefined) ?? DEFAULT_PARALLEL,
      failFast: Boolean(values.failFast),
    };
    if (fleetYes.length) confirmed = true;
  } else if (fleetYes.length) {
    // At one venue, --yes is the command's own or nothing.
    unknown.push(fleetYes[0]!.flag);
  }

  // An option word nobody declares: said with the closest names the command (or group) and the root know.
  if (unknown.length > 0) problems.add(await unknownOption(unknown[0]!, where, command));

  // The command's options and arguments, through its declaration.
  const ownGiven = line.options.filter((o) => o.scope === 'command');
  const reading = command
    ? await readCommand(
        command,
        where,
        ownGiven,
        line.operands,
        { confirmed, complete: !helpAsked && !version },
        problems,
      )
    : { options: {}, args: [] };

  // An argument that another tool would have read as the value of the flag before it (gh's -q EXPR): said so.
  const unexpected = problems.first?.unexpected;
  if (unexpected !== undefined) problems.first = (await misreadValue(unexpected, line.options)) ?? problems.first;

  // A group, or venue with options alone, shows its help (a run across venues says it needs a command).
  const help =
    (helpAsked && helpTopic === undefined) || (!version && !venues && !command && line.operands.length === 0);

  return {
    globals,
    venues,
    path: where,
    command,
    given: ownGiven,
    options: reading.options,
    args: reading.args,
    confirmed,
    help,
    version,
    helpTopic,
    problem: await problems.error(),
  };
}

/**
 * One venue's invocation in a run across venues (src/each-profile.ts): its
 * profile, no prompt, each value given (options and arguments) through
 * `fill` ({profile}, {tag}), read again through the command's declaration,
 * and the fleet's confirmation carried to the command's own --yes.
 */
export async function venueInvocation(
  invocation: Invocation,
  venue: { profile: string; fill: (text: string) => string },
): Promise<Invocation> {
  const problems = new Problems();
  const given = invocation.given.map((o) => (o.value === undefined ? o : { ...o, value: venue.fill(o.value) }));
  const args = invocation.args.map(venue.fill);
  const reading = invocation.command
    ? await readCommand(
        invocation.command,
        invocation.path,
        given,
        args,
        { confirmed: invocation.confirmed, complete: true },
        problems,
      )
    : { options: {}, args };
  return {
    ...invocation,
    venues: undefined,
    globals: { ...invocation.globals, profile: venue.profile, input: false },
    given,
    options: reading.options,
    args: reading.args,
    problem: await problems.error(),
  };
}

/** The command line an invocation runs, as a person would type it (the fleet lists each venue's before a write). */
export function commandLine(invocation: Pick<Invocation, 'path' | 'given' | 'args'>): string[] {
  return wordsOf(invocation);
}

/** Whether the invocation's command was given one of its options (by long name). */
export function givenOption(invocation: Pick<Invocation, 'given'>, long: string): boolean {
  return invocation.given.some((o) => o.names.long === long);
}

/** An option word no declaration knows, with the closest the command (or group) and the root know. */
async function unknownOption(
  word: string,
  path: readonly string[],
  command: CommandModule<any> | undefined,
): Promise<Problem> {
  const known = [...spellings(command?.options ?? []), ...globalOptionNames(), '--help', '-h'];
  const guess = await didYouMean(word, known, OTHER_TOOLS);
  if (path.length === 0) return { message: `unknown option '${word}'`, hint: hintOf(guess, see([])) };
  return { message: `unknown option '${word}' for \`venue ${path.join(' ')}\``, hint: hintOf(guess, see(path)) };
}

/** The names the root knows, for a suggestion after an unknown option. */
export function globalOptionNames(): string[] {
  return ['-V', '--version', ...spellings(globalOptions)];
}

/** `venue nosuch`, `venue inventory nosuch`: exit 2 with the closest names and where to see them all. */
async function unknownCommand(
  word: string,
  path: readonly string[],
  children: readonly NamedChild[],
): Promise<Problem> {
  const shown = children.filter((c) => !c.hidden);
  const guess = await didYouMean(
    word,
    shown.flatMap((c) => [c.name, ...c.aliases]),
  );
  const where = path.length ? ` for "venue ${path.join(' ')}"` : '';
  return {
    message: `unknown command "${word}"${where}`,
    hint: hintOf(guess, `The commands here: ${shown.map((c) => c.name).join(', ')}.`, see(path)),
  };
}
