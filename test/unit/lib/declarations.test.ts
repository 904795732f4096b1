// A command is what its file declares: renaming it there renames it in
// completion, in the fleet's classification, in docs/commands.md and in help,
// with nothing else to edit (no registry keyed by command paths remains).

import { describe, expect, it } from 'vitest';
import { completeLine } from '../../../src/commands/completion/candidates.js';
import { isGroupModule, type CommandModule, type GroupModule, type TreeEntry } from '../../../src/commands/define.js';
import { rootGroups } from '../../../src/commands/index.js';
import { everyDeclaration } from '../../../src/commands/argv-words.js';
import type { GroupEntry } from '../../../src/commands/tree.js';
import { readInvocation } from '../../../src/invocation.js';
import { commandsMarkdown } from '../../../src/commands/commands-doc.js';
import { fleetUseOf } from '../../../src/lib/fleet/use.js';
import { buildHelpTree, renderHelp } from '../../../src/program.js';
import type { Command } from 'commander';

type Entry = TreeEntry | GroupModule;

/**
 * The tree as it would be with the command at `path` declared under another
 * name in its file: its module renamed, and the entry listing it (which a
 * unit test below holds equal to its module) renamed with it.
 */
async function renamed(root: readonly GroupEntry[], path: string[], name: string): Promise<GroupEntry[]> {
  const rename = async (entry: Entry, rest: string[]): Promise<Entry> => {
    if (isGroupModule(entry)) {
      if (rest.length === 0) return { ...entry, name };
      return {
        ...entry,
        commands: await Promise.all(entry.commands.map((c) => (c.name === rest[0] ? rename(c, rest.slice(1)) : c))),
      };
    }
    const module = (await entry.load()).default;
    const renamedModule =
      rest.length === 0 ? { ...module, name } : ((await rename(module as GroupModule, rest)) as GroupModule);
    return { ...entry, name: renamedModule.name, load: async () => ({ default: renamedModule }) };
  };
  return Promise.all(
    root.map(async (entry) => (entry.name === path[0] ? ((await rename(entry, path.slice(1))) as GroupEntry) : entry)),
  );
}

const none = { values: async () => [] };

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
    expect(fleetUseOf(fleet.command?.fleet, fleet.args).kind).toBe('read');
    expect(
      (await readInvocation(['--each-profile', 'all', 'inventory', 'stock', 'levels'], root)).command,
    ).toBeUndefined();

    // docs/commands.md
    const docs = commandsMarkdown(await buildHelpTree({ version: '0', loadAll: true, root }));
    expect(docs).toMatch(/^#+ venue inventory stock amounts$/m);
    expect(docs).not.toMatch(/^#+ venue inventory stock levels$/m);

    // Help
    const help = await renderHelp(['inventory', 'stock'], { version: '0', root });
    expect(help).toMatch(/^\s+amounts\b/m);
    expect(help).not.toMatch(/^\s+levels\b/m);
  });

  it('help on a command builds that command alone, with all it declares, as the whole tree has it', async () => {
    const full = await buildHelpTree({ version: '0', path: ['inventory'] });
    const only = await buildHelpTree({ version: '0', path: ['inventory', 'stock', 'levels'] });
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

  it('every entry of the tree names, summarises, hides and aliases its command or group as its module does', async () => {
    // The root's single commands (api, doctor, …) keep a one-line summary of the root's own for `venue --help`: their names are held.
    for (const entry of rootGroups) {
      const module = (await entry.load()).default;
      expect(module.name).toBe(entry.name);
      expect(Boolean('rawWords' in module && module.rawWords), entry.name).toBe(Boolean(entry.rawWords));
    }
    const mismatched: string[] = [];
    const visit = async (entries: ReadonlyArray<Entry>, path: string[]) => {
      for (const entry of entries) {
        const module: CommandModule<any> | GroupModule = isGroupModule(entry) ? entry : (await entry.load()).default;
        const where = [...path, entry.name].join(' ');
        if (!isGroupModule(entry)) {
          const listed = {
            name: entry.name,
            summary: entry.summary,
            hidden: Boolean(entry.hidden),
            aliases: entry.aliases ?? [],
            rawWords: Boolean(entry.rawWords),
          };
          const own = {
            name: module.name,
            summary: module.summary,
            hidden: Boolean('hidden' in module && module.hidden),
            aliases: ('aliases' in module && module.aliases) || [],
            rawWords: Boolean('rawWords' in module && module.rawWords),
          };
          if (JSON.stringify(listed) !== JSON.stringify(own))
            mismatched.push(`${where}: ${JSON.stringify(listed)} ≠ ${JSON.stringify(own)}`);
        }
        if (isGroupModule(module)) await visit(module.commands, [...path, entry.name]);
      }
    };
    const rootGroupModules = await Promise.all(
      rootGroups.map(async (entry) => ({ entry, module: (await entry.load()).default })),
    );
    await visit(
      rootGroupModules.filter(({ module }) => isGroupModule(module)).map(({ entry }) => entry),
      [],
    );
    expect(mismatched).toEqual([]);
    expect((await everyDeclaration(rootGroups)).length).toBeGreaterThan(90);
  });
});
