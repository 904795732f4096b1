// docs/commands.md, generated from the command tree itself, so the reference
// can never drift from what the binary accepts (a test compares them). Usage
// and options are commander's (the help tree built from the declarations);
// examples and fields are read from each command's declaration, never back
// out of its help text.

import type { Command, Option } from 'commander';
import { declarationOf, fieldsLine } from '../program.js';
import { commandFields } from './command-fields.js';
import { isGroupModule } from './define.js';
import { confirmationWords, FLEET_USES } from '../lib/facts.js';
import { fleetUseOf } from '../lib/fleet/use.js';

function fullName(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

function optionRow(option: Option): string {
  const flags = option.flags.replace(/\|/g, '\\|');
  const choices = option.argChoices ? ` (one of: ${option.argChoices.join(', ')})` : '';
  const fallback =
    option.defaultValue !== undefined && typeof option.defaultValue !== 'boolean'
      ? ` (default: ${String(option.defaultValue)})`
      : '';
  return `| \`${flags}\` | ${(option.description ?? '').replace(/\|/g, '\\|')}${choices}${fallback} |`;
}

/** A command's (or group's) examples, as its declaration gives them (the help tree records each one's declaration). */
export function examplesOf(cmd: Command): string[] {
  return [...(declarationOf(cmd)?.examples ?? [])];
}

/** "Fields (for --fields): …" on one line, from the command's declaration (its help wraps the same words); '' when it declares none. */
export function fieldsLineOf(cmd: Command): string {
  const declared = declarationOf(cmd);
  return declared && !isGroupModule(declared) ? fieldsLine(commandFields(declared)) : '';
}

/** What a command is across venues and whether it asks before it sends, in the facts' words (lib/facts.ts). */
function usesOf(cmd: Command): string {
  const declared = declarationOf(cmd);
  if (!declared || isGroupModule(declared)) return '';
  const fleet = declared.fleet;
  const across =
    typeof fleet === 'function'
      ? `${FLEET_USES.read.word} or ${FLEET_USES.write.word}, by its operands`
      : (() => {
          const use = fleetUseOf(fleet);
          const { word, meaning } = FLEET_USES[use.kind];
          return `${word}: ${use.kind === 'refused' ? use.why : meaning}`;
        })();
  const asks = confirmationWords(declared.confirmation);
  return [`Across venues (--each-profile): ${across}.`, asks ? `Confirmation: ${asks}.` : ''].filter(Boolean).join(' ');
}

function section(cmd: Command, depth: number, lines: string[]): void {
  const visible = cmd.commands.filter((c) => !(c as unknown as { _hidden?: boolean })._hidden);
  if (depth > 0) {
    lines.push(`${'#'.repeat(Math.min(depth + 1, 4))} ${fullName(cmd)}`, '');
    lines.push(cmd.description(), '');
    const usage = `${fullName(cmd)} ${cmd.usage()}`.trim();
    lines.push('```', usage, '```', '');
    const uses = usesOf(cmd);
    if (uses) lines.push(uses, '');
    const options = cmd.options.filter((o) => !o.hidden);
    if (options.length) {
      lines.push('| option | meaning |', '|---|---|', ...options.map(optionRow), '');
    }
    const examples = examplesOf(cmd);
    if (examples.length) lines.push('Examples:', '', '```sh', ...examples, '```', '');
    const fields = fieldsLineOf(cmd);
    if (fields) lines.push(fields, '');
  }
  for (const sub of visible) section(sub, depth + 1, lines);
}

/** The whole reference, as Markdown. */
export function commandsMarkdown(program: Command): string {
  const lines = [
    '# Command reference',
    '',
    '<!-- Generated from the command tree by `npm run docs:commands`; a test fails when it is stale. -->',
    '',
  ];
  lines.push(
    'Global options (before or after the command):',
    '',
    '| option | meaning |',
    '|---|---|',
    ...program.options.filter((o) => !o.hidden).map(optionRow),
    '',
  );
  section(program, 0, lines);
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}
