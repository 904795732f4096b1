import type { Command } from 'commander';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildHelpTree } from '../../../src/program.js';
import { commandsMarkdown, fieldsLineOf } from '../../../src/commands/commands-doc.js';

function find(program: Command, path: string): Command {
  let cmd = program;
  for (const name of path.split(' ')) cmd = cmd.commands.find((c) => c.name() === name)!;
  return cmd;
}

describe('docs/commands.md: each command lists the fields --fields takes, as its help does', () => {
  let program: Command;
  let markdown: string;
  beforeAll(async () => {
    program = await buildHelpTree({ version: '0', loadAll: true });
    markdown = commandsMarkdown(program);
  });

  it('gives the help\'s "Fields (for --fields):" list on one line in the command\'s section', () => {
    const line =
      'Fields (for --fields): id, url, eventTypes, isActive, createdAt, updatedAt and any other field the service sends (as it names it). `--fields help` lists them.';
    expect(fieldsLineOf(find(program, 'webhooks list'))).toBe(line);
    const section = markdown.slice(
      markdown.indexOf('### venue webhooks list'),
      markdown.indexOf('### venue webhooks', markdown.indexOf('### venue webhooks list') + 5),
    );
    expect(section).toContain(line);
  });

  it('joins a list the help wraps over several lines, and says nothing for a command that declares none', () => {
    const products = fieldsLineOf(find(program, 'inventory products list'));
    expect(products).toMatch(/^Fields \(for --fields\): productId, productName, .*, updatedAt and any other field/);
    expect(products).not.toContain('\n');
    expect(fieldsLineOf(find(program, 'sandbox stop'))).toBe('');
  });
});
