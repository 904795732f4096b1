// How a command module is written, and how it is attached to commander.
// A command file default-exports defineCommand({...}); a group's index.ts
// default-exports defineGroup({...}) listing its commands and subgroups.

import type { Command } from 'commander';
import type { Context } from '../cli/context.js';
import type { FleetDeclaration } from '../lib/fleet/use.js';
import { shapeFieldNames, type RecordShape } from '../lib/records.js';

/**
 * What a value names, for completion (src/commands/completion) and runs across
 * venues: a profile, several, a service's id of some kind, or a file the command
 * reads (a venue whose file is missing is skipped in a run across venues).
 */
export type ValueKind = IdKind | 'file';

/** The kinds whose values are looked up (profiles from the config, ids from the profile's services). */
export type IdKind = 'profile' | 'profiles' | 'location' | 'experience' | 'warehouse' | 'webhook' | 'receipt';

/** An option of a command, declared in its file; commander's Option is built from it. */
export interface OptionSpec {
  /** In commander's syntax: '-y, --yes', '--warehouse <id>', '--no-wait'. */
  flags: string;
  description?: string;
  /** What the value names (completion offers the profile's ids of that kind). */
  kind?: ValueKind;
  /** The only values allowed; completion offers them. */
  choices?: readonly string[];
  default?: unknown;
  /** Turns the value into what the command gets (commander's argParser); `previous` for a repeatable option. */
  parse?: (value: string, previous: any) => unknown;
  /** The option must be given (commander's requiredOption). */
  required?: boolean;
  /** Left out of help (an old spelling kept working). */
  hidden?: boolean;
}

/** What an option's parse throws for a value it refuses: said as "option '<flags>' argument '<value>' is invalid. <message>" (exit 2). */
export class InvalidValueError extends Error {
  /** The code of commander's own InvalidArgumentError, by which commander tells it from a failure. */
  readonly code = 'commander.invalidArgument';
}

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

/** Reads an option's flags the way commander does (short first or not; separated by spaces, commas or bars). */
export function flagNames(flags: string): FlagNames {
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

/** The arguments as declared: a commander string ('<service> <method> <path>') or a list with kinds. */
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
  /** Positional arguments in commander syntax ("<productId> [more...]"), or declared one by one with what they name. */
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
  /** Takes every word after it as it is: no --help of its own, options read as words (the completion scripts' own command). */
  rawWords?: boolean;
  /** The work. Throws typed errors; never calls process.exit. */
  run: (ctx: Context, options: Options, ...args: string[]) => Promise<void>;
}

export interface GroupModule {
  name: string;
  summary: string;
  description?: string;
  examples?: string[];
  commands: Array<CommandModule<any> | GroupModule>;
}

export function defineCommand<Options = Record<string, unknown>>(
  module: CommandModule<Options>,
): CommandModule<Options> {
  return module;
}

export function defineGroup(module: GroupModule): GroupModule {
  return module;
}

function isGroup(entry: CommandModule<any> | GroupModule): entry is GroupModule {
  return 'commands' in entry;
}

/** The declaration each command of a built tree was made from. */
const declarations = new WeakMap<Command, CommandModule<any>>();

export function declarationOf(cmd: Command): CommandModule<any> | undefined {
  return declarations.get(cmd);
}

export type ContextFactory = () => Promise<Context>;

/** "Fields (for --fields): …", wrapped to the help's width. */
/** The fields a command's records carry: those it lists, else its record shape's names. */
export function commandFields(module: Pick<CommandModule<any>, 'fields' | 'record'>): readonly string[] | undefined {
  return module.fields ?? (module.record ? shapeFieldNames(module.record) : undefined);
}

export function fieldsText(fields: readonly string[] | undefined): string {
  if (!fields?.length) return '';
  const lines: string[] = [];
  let line = ' ';
  for (const [i, field] of fields.entries()) {
    const word = ` ${field}${i < fields.length - 1 ? ',' : ''}`;
    if (line.length + word.length > 78) {
      lines.push(line.trimEnd());
      line = ' ';
    }
    line += word;
  }
  lines.push(line.trimEnd(), '  and any other field the service sends (as it names it). `--fields help` lists them.');
  return `Fields (for --fields):\n${lines.join('\n')}\n`;
}

function examplesText(examples: string[] | undefined): string {
  if (!examples?.length) return '';
  return `\nExamples:\n${examples.map((e) => `  $ ${e}`).join('\n')}\n`;
}

/** Adds a group and everything under it to parent; with `only` (the rest of a command path), only the entries on that path. */
export function attachGroup(
  parent: Command,
  group: GroupModule,
  makeContext: ContextFactory,
  only?: readonly string[],
): Command {
  const cmd = parent
    .command(group.name)
    .summary(group.summary)
    .description(group.description ?? group.summary);
  if (group.examples?.length) cmd.addHelpText('after', examplesText(group.examples));
  for (const entry of group.commands) {
    if (only?.length && entry.name !== only[0]) continue;
    if (isGroup(entry)) attachGroup(cmd, entry, makeContext, only?.slice(1));
    else attachCommand(cmd, entry, makeContext);
  }
  // `venue <group>` alone prints the group's help; a word it does not know is a usage error.
  cmd.allowExcessArguments(true).action(async (_options: unknown, self: Command) => {
    if (self.args.length) {
      const { UsageError } = await import('../lib/errors.js');
      const { didYouMean } = await import('../lib/suggest.js');
      const known = self.commands.flatMap((c) => [c.name(), ...c.aliases()]);
      const guess = didYouMean(self.args[0]!, known);
      throw new UsageError(`unknown command "${self.args[0]}" for "${fullName(self)}"`, {
        hint: `${guess ? `${guess} ` : ''}See \`venue ${fullName(self)} --help\`.`,
      });
    }
    self.outputHelp();
  });
  return cmd;
}

function fullName(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c?.parent; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/** commander's options, made from their declarations. */
export function addOptions(cmd: Command, specs: readonly OptionSpec[]): void {
  for (const spec of specs) {
    const opt = cmd.createOption(spec.flags, spec.description);
    if (spec.choices) opt.choices(spec.choices);
    if (spec.parse) opt.argParser(spec.parse);
    if (spec.default !== undefined) opt.default(spec.default);
    if (spec.required) opt.makeOptionMandatory();
    if (spec.hidden) opt.hideHelp();
    cmd.addOption(opt);
  }
}

export function attachCommand(parent: Command, module: CommandModule<any>, makeContext: ContextFactory): Command {
  const cmd = parent.command(module.name, { hidden: module.hidden });
  declarations.set(cmd, module);
  cmd.summary(module.summary).description(module.description ?? module.summary);
  for (const alias of module.aliases ?? []) cmd.alias(alias);
  for (const spec of argumentSpecs(module.args)) {
    const arg = cmd.createArgument(spec.spec);
    if (spec.choices) arg.choices(spec.choices);
    cmd.addArgument(arg);
  }
  addOptions(cmd, module.options ?? []);
  if (module.rawWords) {
    // The words after the command reach run as they are, options among them (`venue __complete -- --profile x inv`).
    cmd.helpOption(false).hook('preAction', (_self, action) => {
      action.setOptionValue('words', [...action.args]);
    });
  }
  cmd.addHelpText('after', examplesText(module.examples));
  const fields = commandFields(module);
  if (fields?.length) cmd.addHelpText('after', fieldsText(fields));
  cmd.action(async (...actionArgs: unknown[]) => {
    // commander passes (...positionals, options, command)
    actionArgs.pop(); // the Command itself
    const options = actionArgs.pop() as Record<string, unknown>;
    // A variadic argument ("<file...>") arrives as an array: its values become positionals of their own.
    const positionals = actionArgs.flatMap((a) => (Array.isArray(a) ? (a as string[]) : [a as string]));
    const ctx = await makeContext();
    ctx.output?.declareFields?.(fields, module.record);
    // `--fields help`: the command's fields, and nothing run.
    if (ctx.output?.fieldsHelp?.(fields)) return;
    await module.run(ctx, options, ...positionals);
  });
  return cmd;
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
