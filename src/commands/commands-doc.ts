// docs/commands.md, generated from the command tree itself, so the reference
// can never drift from what the binary accepts (a test compares them).

import type { Command, Option } from 'commander';

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

/** The whole help of a command: commander's part and the text added after it (examples, fields). */
function fullHelp(cmd: Command): string {
  return cmd.helpInformation() + collectAfterText(cmd);
}

/**
 * Examples are kept in each command's help text, after "Examples:"; one laid
 * out on several lines (each but the last ending in " \", a long comment
 * going on over lines of its own: wrap.ts shellLines) is joined back into the
 * command as declared.
 */
export function examplesOf(cmd: Command): string[] {
  const help = fullHelp(cmd);
  const at = help.indexOf('Examples:');
  if (at === -1) return [];
  const examples: string[] = [];
  let continued = false;
  for (const line of help.slice(at).split('\n')) {
    // A comment too long for its line goes on over lines of its own, each starting "# ".
    if (!continued && examples.length && / #/.test(examples.at(-1)!) && line.trimStart().startsWith('# ')) {
      examples[examples.length - 1] += ` ${line.trim().slice(2)}`;
      continue;
    }
    const text: string | undefined = continued
      ? line.trimStart()
      : line.trim().startsWith('$ ')
        ? line.trim().slice(2)
        : undefined;
    if (text === undefined) continue;
    const more: boolean = text.endsWith(' \\');
    const part = more ? text.slice(0, -1) : text;
    if (continued) examples[examples.length - 1] += part;
    else examples.push(part);
    continued = more;
  }
  return examples.map((example) => example.trimEnd());
}

/**
 * "Fields (for --fields): …" as the command's help shows it (program.ts
 * fieldsText), on one line; empty when the command declares no fields.
 */
export function fieldsLineOf(cmd: Command): string {
  const help = fullHelp(cmd);
  const heading = 'Fields (for --fields):';
  const at = help.lastIndexOf(heading);
  if (at === -1) return '';
  const lines: string[] = [];
  for (const line of help
    .slice(at + heading.length)
    .split('\n')
    .slice(1)) {
    if (!line.startsWith('  ')) break;
    lines.push(line.trim());
  }
  return lines.length ? `${heading} ${lines.join(' ')}` : '';
}

function collectAfterText(cmd: Command): string {
  let text = '';
  const writer = { writeOut: (s: string) => (text += s), writeErr: () => undefined };
  const saved = (cmd as unknown as { _outputConfiguration: object })._outputConfiguration;
  cmd.configureOutput({ ...saved, ...writer });
  cmd.outputHelp();
  cmd.configureOutput(saved);
  return text;
}

function section(cmd: Command, depth: number, lines: string[]): void {
  const visible = cmd.commands.filter((c) => !(c as unknown as { _hidden?: boolean })._hidden);
  if (depth > 0) {
    lines.push(`${'#'.repeat(Math.min(depth + 1, 4))} ${fullName(cmd)}`, '');
    lines.push(cmd.description(), '');
    const usage = `${fullName(cmd)} ${cmd.usage()}`.trim();
    lines.push('```', usage, '```', '');
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
