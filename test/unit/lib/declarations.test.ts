// A command is what its file declares: renaming it there renames it in
// completion, in the fleet's classification, in docs/commands.md and in help,
// with nothing else to edit (no registry keyed by command paths remains).

import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { completeLine } from '../../../src/commands/completion/candidates.js';
import type { CommandModule, GroupModule } from '../../../src/commands/define.js';
import { rootGroups } from '../../../src/commands/index.js';
import type { GroupEntry } from '../../../src/commands/tree.js';
import { readInvocation } from '../../../src/invocation.js';
import { commandsMarkdown } from '../../../src/commands/commands-doc.js';
import { fleetUseOf } from '../../../src/lib/fleet/use.js';
import { buildProgram } from '../../../src/program.js';
import type { Command } from 'commander';

type Entry = CommandModule<any> | GroupModule;

/** The tree as it would be with the command at `path` declared under another name in its file. */
async function renamed(root: readonly GroupEntry[], path: string[], name: string): Promise<GroupEntry[]> {
  const rename = (entry: Entry, rest: string[]): Entry => {
    if (rest.length === 0) return { ...entry, name } as Entry;
    const group = entry as GroupModule;
    return { ...group, commands: group.commands.map((c) => (c.name === rest[0] ? rename(c, rest.slice(1)) : c)) };
  };
  return Promise.all(
    root.map(async (entry) => {
      if (entry.name !== path[0]) return entry;
      const module = (await entry.load()).default;
      return { ...entry, load: async () => ({ default: rename(module, path.slice(1)) }) };
    }),
  );
}

const none = { values: async () => [] };
const sink = () => Object.assign(new PassThrough(), { isTTY: false, columns: 100 });
const shell = () => ({
  streams: { stdin: new PassThrough(), stdout: sink(), stderr: sink() },
  env: { ...process.env, COLUMNS: '100' },
  version: '0',
});

describe('a command is what its file declares', () => {
  it('renaming `inventory stock levels` in its file renames it in completion, fleet classification, docs and help', async () => {
    const root = await renamed(rootGroups, ['inventory', 'stock', 'levels'], 'amounts');

    // Completion
    const offered = (words: string[]) => completeLine(root, words, none).then((c) => c.candidates.map((x) => x.value));
    expect(await offered(['inventory', 'stock', ''])).toContain('amounts');
    expect(await offered(['inventory', 'stock', ''])).not.toContain('levels');
    expect(
      (
        await completeLine(root, ['inventory', 'stock', 'amounts', '--warehouse', ''], {
          values: async (kind) => [{ value: `${kind}-1` }],
        })
      ).candidates,
    ).toEqual([{ value: 'warehouse-1' }]);

    // Fleet classification: the renamed command is found, with the use its file declares
    const fleet = await readInvocation(['--each-profile', 'all', 'inventory', 'stock', 'amounts'], root);
    expect(fleet.path).toEqual(['inventory', 'stock', 'amounts']);
    expect(fleetUseOf(fleet.command?.fleet, fleet.operands).kind).toBe('read');
    expect(
      (await readInvocation(['--each-profile', 'all', 'inventory', 'stock', 'levels'], root)).command,
    ).toBeUndefined();

    // docs/commands.md
    const docs = commandsMarkdown(await buildProgram({ ...shell(), loadAll: true, root }));
    expect(docs).toMatch(/^#+ venue inventory stock amounts$/m);
    expect(docs).not.toMatch(/^#+ venue inventory stock levels$/m);

    // Help
    let help = '';
    const out = sink();
    out.on('data', (chunk) => (help += String(chunk)));
    const program = await buildProgram({
      ...shell(),
      streams: { stdin: new PassThrough(), stdout: out, stderr: sink() },
      group: 'inventory',
      root,
    });
    await program.parseAsync(['inventory', 'stock', '--help'], { from: 'user' }).catch(() => undefined);
    expect(help).toMatch(/^\s+amounts\b/m);
    expect(help).not.toMatch(/^\s+levels\b/m);
  });

  it('a command line that reaches a command builds that command alone, with all it declares (a fleet builds the program once per venue)', async () => {
    const full = await buildProgram({ ...shell(), group: 'inventory' });
    const only = await buildProgram({ ...shell(), group: 'inventory', path: ['inventory', 'stock', 'levels'] });
    const names = (program: Command, path: string[]) =>
      path.reduce((cmd, name) => cmd.commands.find((c) => c.name() === name)!, program).commands.map((c) => c.name());
    expect(names(full, ['inventory']).length).toBeGreaterThan(3);
    expect(names(only, ['inventory'])).toEqual(['stock']);
    expect(names(only, ['inventory', 'stock'])).toEqual(['levels']);
    // The command itself is the same: its options, arguments and help.
    const leaf = (program: Command) =>
      program.commands
        .find((c) => c.name() === 'inventory')!
        .commands.find((c) => c.name() === 'stock')!
        .commands.find((c) => c.name() === 'levels')!;
    expect(leaf(only).options.map((o) => o.flags)).toEqual(leaf(full).options.map((o) => o.flags));
    expect(leaf(only).helpInformation()).toBe(leaf(full).helpInformation());
  });

  it('the root names each group as the group names itself', async () => {
    for (const entry of rootGroups) expect((await entry.load()).default.name).toBe(entry.name);
  });
});
