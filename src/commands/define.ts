// How a command module is written, and how it is attached to commander.
// A command file default-exports defineCommand({...}); a group's index.ts
// default-exports defineGroup({...}) listing its commands and subgroups.

import type { Command } from 'commander';
import type { Context } from '../lib/context.js';

export interface CommandModule<Options = Record<string, unknown>> {
  /** The word users type: "list". */
  name: string;
  /** Positional arguments in commander syntax: "<productId> [more...]". */
  args?: string;
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
  /** Adds the command's options (and their checks) to cmd. */
  configure?: (cmd: Command) => void;
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

export function defineCommand<Options = Record<string, unknown>>(module: CommandModule<Options>): CommandModule<Options> {
  return module;
}

export function defineGroup(module: GroupModule): GroupModule {
  return module;
}

function isGroup(entry: CommandModule<any> | GroupModule): entry is GroupModule {
  return 'commands' in entry;
}

export type ContextFactory = (cmd: Command) => Promise<Context>;

/** "Fields (for --fields): …", wrapped to the help's width. */
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
  lines.push(line.trimEnd(), '  and any other field the service sends (as it names it).');
  return `Fields (for --fields):\n${lines.join('\n')}\n`;
}

function examplesText(examples: string[] | undefined): string {
  if (!examples?.length) return '';
  return `\nExamples:\n${examples.map((e) => `  $ ${e}`).join('\n')}\n`;
}

/** Adds a group and everything under it to parent. */
export function attachGroup(parent: Command, group: GroupModule, makeContext: ContextFactory): Command {
  const cmd = parent.command(group.name).summary(group.summary).description(group.description ?? group.summary);
  if (group.examples?.length) cmd.addHelpText('after', examplesText(group.examples));
  for (const entry of group.commands) {
    if (isGroup(entry)) attachGroup(cmd, entry, makeContext);
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

export function attachCommand(parent: Command, module: CommandModule<any>, makeContext: ContextFactory): Command {
  const cmd = parent.command(module.args ? `${module.name} ${module.args}` : module.name);
  cmd.summary(module.summary).description(module.description ?? module.summary);
  for (const alias of module.aliases ?? []) cmd.alias(alias);
  module.configure?.(cmd);
  cmd.addHelpText('after', examplesText(module.examples));
  if (module.fields?.length) cmd.addHelpText('after', fieldsText(module.fields));
  cmd.action(async (...actionArgs: unknown[]) => {
    // commander passes (...positionals, options, command)
    const command = actionArgs.pop() as Command;
    const options = actionArgs.pop() as Record<string, unknown>;
    // A variadic argument ("<file...>") arrives as an array: its values become positionals of their own.
    const positionals = actionArgs.flatMap((a) => (Array.isArray(a) ? (a as string[]) : [a as string]));
    const ctx = await makeContext(command);
    ctx.output?.declareFields?.(module.fields);
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
