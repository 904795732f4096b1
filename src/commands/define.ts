// How a command module is written. A command file default-exports
// defineCommand({...}); a group's index.ts default-exports defineGroup({...})
// listing its commands by name and summary, each loaded only when the words
// reach it (src/commands/argv-words.ts reads them; src/program.ts renders
// their help). Nothing here loads more than the declaration types need: the
// launcher's reader imports this file.

import type { Context } from '../cli/context.js';
import type { FleetDeclaration } from '../lib/fleet/use.js';
import type { RecordShape } from '../lib/records.js';
import type { ConfirmationDeclaration } from '../lib/facts.js';

/**
 * What an option's or argument's value is: its domain. Completion offers
 * values by it (src/commands/completion), the MCP tools type their inputs by
 * it (src/commands/mcp/tools.ts), and the generated tests pick values by it
 * (test/in-process/matrix). Every value an option or argument takes declares one (a
 * unit test holds it); an option with `choices` is an enum of them.
 */
export type ValueKind = DomainKind | ResourceKind | IdKind;

/** Values that are not ids: numbers, text, dates, paths, secrets. */
export type DomainKind =
  /** A whole number, negative allowed (an adjustment: -3). */
  | 'integer'
  /** A whole number, 0 or more (a count, a page, a port). */
  | 'unsigned'
  /** A number with a fraction (a share, a scale): 0.5. */
  | 'decimal'
  /** An amount of money, a decimal with at most two places: 3.50. */
  | 'money'
  /** A day: YYYY-MM-DD, today, tomorrow, +Nd or -Nd (venue help dates). */
  | 'date'
  /** A moment: ISO 8601 with its zone, or seconds since the epoch. */
  | 'datetime'
  /** A length of time: 90s, 30m, 2h, 1d (or minutes, as the option says). */
  | 'duration'
  /** Free text: a name, a comment, a reference. */
  | 'text'
  /** An email address. */
  | 'email'
  /** An address: http(s)://… */
  | 'url'
  /**
   * A file or folder on this machine the command reads ("-" is standard input
   * where the option says so); across venues each venue needs its own.
   */
  | 'file'
  /** A file or folder on this machine the command writes (created when missing). */
  | 'path'
  /** name=value (repeatable options that set one of several names). */
  | 'assignment'
  /** A setting's or secret's key of the config (wallet.url). */
  | 'setting'
  /** A request or route pattern ("POST /inventory/stock-*"). */
  | 'pattern'
  /**
   * How a secret enters: read from standard input or a prompt (a flag), from
   * the environment variable the value names, or made by venue (--generate-
   * secret). Never an MCP input; its value is never the secret itself (the
   * reader checks it names an environment variable); never logged.
   */
  | 'secret'
  /**
   * A secret typed as the value itself (--password <value>): declared only so
   * that the reader refuses it, naming the ways the command takes the secret.
   */
  | 'secret-on-command-line';

/** The kinds whose values completion looks up (profiles from the config, ids from the profile's services or the journal). */
export type IdKind = 'profile' | 'profiles' | 'location' | 'experience' | 'warehouse' | 'webhook' | 'receipt';

/** How a resource's ids are written: whole numbers (inventory), digits too long for a number (card numbers), or text. */
export type IdForm = 'whole' | 'digits' | 'text';

/** Every resource an option or argument names by id, with its service and its ids' form. */
export const RESOURCES = {
  product: { service: 'inventory', id: 'whole', what: 'an inventory product id' },
  supplier: { service: 'inventory', id: 'whole', what: 'a supplier id' },
  warehouse: { service: 'inventory', id: 'whole', what: 'a warehouse id' },
  container: { service: 'inventory', id: 'whole', what: 'a container type id' },
  user: { service: 'inventory', id: 'whole', what: "an inventory user id (the service's user)" },
  'inventory-location': { service: 'inventory', id: 'whole', what: 'an inventory location id' },
  category: { service: 'inventory', id: 'text', what: 'a category id (10 characters, padded for you)' },
  class: { service: 'inventory', id: 'text', what: 'a class id (10 characters, padded for you)' },
  'tax-group': { service: 'inventory', id: 'text', what: 'a tax group id' },
  'product-type': { service: 'inventory', id: 'text', what: 'a product type: stock, modifier, or its code' },
  'sale-type': { service: 'inventory', id: 'text', what: 'a sale type: redemption, sale, vending, or the code 1 to 7' },
  receipt: { service: 'venue', id: 'text', what: "a receipt id of venue's journal (or its start)" },
  'stock-change': { service: 'venue', id: 'text', what: "a stock take's or adjustment's id in venue's journal" },
  'event-type': { service: 'webhooks', id: 'text', what: 'an inventory event type (venue webhooks events)' },
  webhook: { service: 'webhooks', id: 'text', what: 'a webhook subscriber id' },
  location: { service: 'booking', id: 'text', what: 'a booking location id' },
  experience: { service: 'booking', id: 'text', what: 'an experience id' },
  slot: { service: 'booking', id: 'text', what: 'a session slot id' },
  reservation: { service: 'booking', id: 'text', what: 'a reservation (hold) id' },
  order: { service: 'booking', id: 'text', what: 'an order id' },
  card: { service: 'wallet', id: 'digits', what: 'a game card number' },
  'reload-product': { service: 'wallet', id: 'text', what: 'a quick-reload product id' },
  guest: { service: 'wallet', id: 'text', what: "a guest's email (their wallet account)" },
  profile: { service: 'venue', id: 'text', what: 'a profile name' },
  profiles: { service: 'venue', id: 'text', what: 'profile names: all, a,b or tag:NAME' },
} as const satisfies Record<string, { service: string; id: IdForm; what: string }>;

/** A resource named by id. */
export type ResourceKind = keyof typeof RESOURCES;

/** The resource a kind names by id, with its ids' form; undefined for a kind that is no id. */
export function resourceOf(kind: ValueKind | undefined): (typeof RESOURCES)[ResourceKind] | undefined {
  return kind !== undefined && kind in RESOURCES ? RESOURCES[kind as ResourceKind] : undefined;
}

/**
 * What a list command's option constrains in the records it prints: the
 * field (in venue's names, records.ts) and how. The generated matrix
 * (test/in-process/matrix) checks every record printed against it, in every paging
 * mode, output format and venue mode; a list command's value option that is
 * neither a filter nor `notFilter` fails a unit test.
 */
export interface FilterSpec {
  /** The record field it constrains: 'productId', 'warehouseId'. */
  field: string;
  /**
   * one-of: the field is one of the ids given (comma-separated);
   * equals: the field is the value given (a flag: the `value` declared);
   * any-bit: the field's bits meet the value's (sale types);
   * from / to: the field (a date) is on or after / on or before the day given;
   * on: the field (a date or a moment) falls on the day given;
   * days: the field (a date) is within this many days from the `from` filter's day;
   * lifts: the flag lifts the default of the field's filter (every warehouse, not the profile's).
   */
  how: 'one-of' | 'equals' | 'any-bit' | 'from' | 'to' | 'on' | 'days' | 'lifts';
  /** For a flag: the value the field then has (--active: true). */
  value?: unknown;
  /** The setting whose value applies when the option is not given (--warehouse: inventory.warehouseId). */
  defaultSetting?: string;
}

/** An option of a command, declared in its file: the reader (argv-words.ts, invocation.ts) reads it; the help renderer shows it. */
export interface OptionSpec {
  /** Its spellings and value: '-y, --yes', '--warehouse <id>', '--no-wait' (a --no- option is true unless given). */
  flags: string;
  description?: string;
  /** What the value is (its domain; for a flag, what it stands for: a secret read from stdin). */
  kind?: ValueKind;
  /** The value is a comma-separated list of values of the kind ("1001,1002"). */
  list?: boolean;
  /** What it constrains in the records a list command prints. */
  filter?: FilterSpec;
  /** Why this value option of a list command constrains no record field (whose session, an action). */
  notFilter?: string;
  /** How it pages a list: which page, records a page, every page, at most n records, pages at once. */
  paging?: 'page' | 'page-size' | 'all' | 'limit' | 'concurrency';
  /** Why the MCP tools never offer it (the server sets it, or it lifts a guard a person should lift). */
  withheldFromTools?: string;
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

/** --yes: the answer to a write's question given up front (lib/facts.ts: which writes ask; needed without a terminal). */
export const yesOption: OptionSpec = option('-y, --yes', 'send without asking (needed without a terminal)');

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
   * the files of docs/examples/ beside it (test/process/foundation/examples.test.ts).
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
  /**
   * Whether a run needs a person's yes before it sends (lib/facts.ts,
   * CONFIRMATION_RULE): always, only the destructive runs, or never (with the
   * reason). Every write declares it (a unit test holds it); run.ts refuses
   * a run that needs --yes without it and without a terminal, before the run
   * starts, and a run asks on a terminal with confirmWrite (src/cli/confirm-write.ts).
   */
  confirmation?: ConfirmationDeclaration;
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
