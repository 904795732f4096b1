// The help renderer: commander's tree built from the declarations, for help
// text only (venue's own reader, src/commands/argv-words.ts, reads every
// command line; commander never parses one). The build renders every help
// once (scripts/build-help.js) and the launcher prints it from a file; main
// renders it here when there is no file to print (a terminal narrower than
// the 80 columns the files are laid out for, VENUE_NO_HELP_CACHE) and
// docs/commands.md is generated from the whole tree. Only the declarations on
// the path asked about are loaded: the root's other groups are one line each.

import type { Command, Help } from 'commander';
import {
  argumentSpecs,
  type CommandModule,
  type GroupModule,
  type OptionSpec,
  type TreeEntry,
} from './commands/define.js';
import { commandFields } from './commands/command-fields.js';
import { EXIT_CODES } from './lib/facts.js';
import type { GroupEntry } from './commands/tree.js';
import { shellLines, wrapText } from './lib/output/wrap.js';
import { widthOf } from './lib/table-layout.js';

export interface HelpTreeOptions {
  /** The version `--version` shows. */
  version: string;
  /** The words whose help is wanted: the groups on the way are built with only the entry on the path, the last one whole. */
  path?: readonly string[];
  /** Load every group and command (docs/commands.md and tests need the whole tree). */
  loadAll?: boolean;
  /** The root of the tree (src/commands/index.ts); tests hand in their own. */
  root?: readonly GroupEntry[];
  /** The width help is laid out for (a terminal's columns); 80 when absent. */
  width?: number;
}

/** Under venue's own help: examples, the exit codes, the fleet and the topics, laid out for the width. */
function rootHelpAfter(width: number): string {
  const examples = examplesText(
    [
      'venue inventory products list --all -o ndjson',
      'venue wallet diagnose guest@example.com',
      'venue booking book',
      'venue --profile main config list',
    ],
    width,
  );
  // Each code with its words stays whole on a line; lines after the first start under the first code.
  const codes = exitCodesLine();
  const paragraphs = [
    codes,
    'Every venue at once: venue --each-profile all|tag:NAME|a,b <command> (venue help fleet)',
    'Help topics: venue help environment | exit-codes | formatting | dates | fleet',
    'Help on a group or command: venue help <group> [<command>] (the same as --help)',
  ];
  const laid = paragraphs.map((text, i) =>
    wrapText(text, width, {
      hang: i === 0 ? ' '.repeat('Exit codes: '.length) : '  ',
      together: width < 60 ? undefined : i === 0 ? /\d+ [^·]*[^· ]/g : /\(venue help \w+\)/g,
    }).join('\n'),
  );
  return `${examples}\n${laid[0]}\n\n${laid[1]}\n\n${laid[2]}\n${laid[3]}\n`;
}

/** "Exit codes: 0 ok · 1 unexpected · …", each code with its few words, from the facts (lib/facts.ts). */
export function exitCodesLine(): string {
  return `Exit codes: ${EXIT_CODES.map(({ code, short }) => `${code} ${short}`).join(' · ')}`;
}

/** The exit-code line laid out for a width as the root's help lays it out: each code with its words whole on a line. */
export function exitCodesFooter(width = 80): string {
  return wrapText(exitCodesLine(), width, {
    hang: ' '.repeat('Exit codes: '.length),
    together: width < 60 ? undefined : /\d+ [^·]*[^· ]/g,
  }).join('\n');
}

const FIELDS_HEADING = 'Fields (for --fields):';
const FIELDS_TAIL = 'and any other field the service sends (as it names it). `--fields help` lists them.';

/** "Fields (for --fields): a, b and any other field …" on one line (docs/commands.md), or '' when there are none. */
export function fieldsLine(fields: readonly string[] | undefined): string {
  return fields?.length ? `${FIELDS_HEADING} ${fields.join(', ')} ${FIELDS_TAIL}` : '';
}

/** Each help's command or group, and the declaration it was built from (docs/commands.md reads them, never the help text). */
const declarations = new WeakMap<Command, CommandModule<any> | GroupModule>();

/** The declaration a help tree's command or group was built from. */
export function declarationOf(cmd: Command): CommandModule<any> | GroupModule | undefined {
  return declarations.get(cmd);
}

/** "Fields (for --fields): …", wrapped to the help's width. */
export function fieldsText(fields: readonly string[] | undefined, width = 80): string {
  if (!fields?.length) return '';
  const list = wrapText(`  ${fields.join(', ')}`, width);
  const more = wrapText(`  ${FIELDS_TAIL}`, width);
  return `${FIELDS_HEADING}\n${[...list, ...more].join('\n')}\n`;
}

/** The examples, each a command that still runs when pasted: a long one continues on the next lines (" \\"). */
function examplesText(examples: readonly string[] | undefined, width: number): string {
  if (!examples?.length) return '';
  return `\nExamples:\n${examples.map((e) => shellLines(e, width, '  $ ', '      ').join('\n')).join('\n')}\n`;
}

/** commander's options, made from their declarations (for their help lines). */
function addOptions(cmd: Command, specs: readonly OptionSpec[]): void {
  for (const spec of specs) {
    const opt = cmd.createOption(spec.flags, spec.description);
    if (spec.choices) opt.choices(spec.choices);
    if (spec.default !== undefined) opt.default(spec.default);
    if (spec.required) opt.makeOptionMandatory();
    if (spec.hidden) opt.hideHelp();
    cmd.addOption(opt);
  }
}

async function loaded(entry: TreeEntry | GroupModule): Promise<CommandModule<any> | GroupModule> {
  return 'commands' in entry ? entry : (await entry.load()).default;
}

/** A group and what it holds; with `only` (the rest of a path), only the entries on that path. */
async function attachGroup(
  parent: Command,
  group: GroupModule,
  width: number,
  only?: readonly string[],
): Promise<void> {
  const cmd = parent
    .command(group.name)
    .summary(group.summary)
    .description(group.description ?? group.summary);
  declarations.set(cmd, group);
  if (group.examples?.length) cmd.addHelpText('after', examplesText(group.examples, width));
  for (const entry of group.commands) {
    if (only?.length && entry.name !== only[0]) continue;
    const module = await loaded(entry);
    if ('commands' in module) await attachGroup(cmd, module, width, only?.slice(1));
    else await attachCommand(cmd, module, width, Boolean('load' in entry && entry.hidden));
  }
}

async function attachCommand(
  parent: Command,
  module: CommandModule<any>,
  width: number,
  hidden = false,
): Promise<void> {
  const cmd = parent.command(module.name, { hidden: hidden || module.hidden });
  declarations.set(cmd, module);
  cmd.summary(module.summary).description(module.description ?? module.summary);
  for (const alias of module.aliases ?? []) cmd.alias(alias);
  for (const spec of argumentSpecs(module.args)) {
    const arg = cmd.createArgument(spec.spec);
    if (spec.choices) arg.choices(spec.choices);
    cmd.addArgument(arg);
  }
  addOptions(cmd, module.options ?? []);
  if (module.rawWords) cmd.helpOption(false);
  cmd.addHelpText('after', examplesText(module.examples, width));
  const fields = commandFields(module);
  if (fields?.length) cmd.addHelpText('after', fieldsText(fields, width));
}

/** Room a description needs beside its term; with less it goes under the term. */
const DESCRIPTION_ROOM = 30;

/**
 * How commander lays out help for `width` columns, never breaking a word
 * (output/wrap.ts): descriptions wrap at spaces (commander leaves them whole
 * when its column is under 40 wide), beside their term when there is room and
 * under it, indented, when there is not; a usage line too long wraps under
 * itself.
 */
function helpLayout(width: number): Partial<Help> {
  return {
    boxWrap: (text: string, room: number) => wrapText(text, room).join('\n'),
    formatItem(term: string, termWidth: number, description: string, helper: Help): string {
      if (!description) return `  ${term}`;
      const column = 2 + termWidth + 2;
      if (width - column >= DESCRIPTION_ROOM) {
        const lines = wrapText(description, width - column);
        return `  ${term.padEnd(termWidth + term.length - helper.displayWidth(term))}  ${lines.join(`\n${' '.repeat(column)}`)}`;
      }
      return [`  ${term}`, ...wrapText(`      ${description}`, width)].join('\n');
    },
    formatHelp(cmd: Command, helper: Help): string {
      const text = Object.getPrototypeOf(helper).formatHelp.call(helper, cmd, helper) as string;
      return text
        .split('\n')
        .flatMap((line) =>
          widthOf(line) <= width
            ? [line]
            : wrapText(line, width, line.startsWith('Usage: ') ? { hang: '       ' } : {}),
        )
        .join('\n');
    },
  };
}

/** commander's tree for help: the root's global options, and the declarations on the path (or all of them). */
export async function buildHelpTree(options: HelpTreeOptions): Promise<Command> {
  const { Command } = await import('commander');
  // The front's own declarations, as the launcher's front bundle holds them (src/invocation.ts): reached by
  // import(), the front stays one file the launcher loads alone.
  const { globalOptions, rootGroups } = await import('./invocation.js');
  const root = options.root ?? rootGroups;
  const program = new Command('venue')
    .description('venue: guest wallet, experience booking and inventory for family entertainment venues')
    .version(options.version, '-V, --version');
  addOptions(program, globalOptions);
  // Laid out for the width given (80 to a pipe), never for whatever process.stdout is; no colour.
  const width = options.width ?? 80;
  program.addHelpText('after', rootHelpAfter(width));
  const [first, ...rest] = options.path ?? [];
  for (const entry of root) {
    if (options.loadAll || entry.name === first) {
      const module = await loaded(entry);
      if ('commands' in module) await attachGroup(program, module, width, options.loadAll ? undefined : rest);
      else await attachCommand(program, module, width, entry.hidden);
    } else {
      program.command(entry.name, { hidden: entry.hidden }).summary(entry.summary).description(entry.summary);
    }
  }
  const help = helpLayout(width);
  const layout = (cmd: Command) => {
    cmd.configureOutput({ getOutHelpWidth: () => width, getOutHasColors: () => false });
    cmd.configureHelp(help);
    for (const sub of cmd.commands) layout(sub);
  };
  layout(program);
  return program;
}

/** The help of `venue <path…>` (the root's for an empty path), as `--help` prints it. */
export async function renderHelp(path: readonly string[], options: Omit<HelpTreeOptions, 'path'>): Promise<string> {
  const program = await buildHelpTree({ ...options, path });
  let node = program;
  for (const word of path) {
    const next = node.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (!next) throw new Error(`no help for venue ${path.join(' ')}`);
    node = next;
  }
  let text = '';
  node.configureOutput({ writeOut: (s) => void (text += s), writeErr: (s) => void (text += s) });
  node.outputHelp();
  return text;
}
