// Declarations say everything a test needs (issue 29): every value an option
// or argument takes declares its kind; every value option of a list command
// says which record field it constrains (or how it pages, or why it
// constrains none); every write says whether it asks before it sends, and one
// that may ask takes -y/--yes. These hold for the whole tree, and a
// declaration that breaks one (shown on a copy) fails.

import { describe, expect, it } from 'vitest';
import { everyDeclaration } from '../../../src/commands/argv-words.js';
import { commandFields } from '../../../src/commands/command-fields.js';
import {
  argumentSpecs,
  flagNames,
  isGroupModule,
  option,
  optionNamed,
  type CommandModule,
} from '../../../src/commands/define.js';
import { globalOptions } from '../../../src/commands/globals.js';
import { rootGroups } from '../../../src/commands/index.js';
import { fleetUseOf } from '../../../src/lib/fleet/use.js';
import { statuses } from '../../../src/commands/inventory/stock/changes.js';
import { writeStatuses } from '../../../src/lib/writes/journal.js';

const commands = (await everyDeclaration(rootGroups)).flatMap(({ path, module }) =>
  isGroupModule(module) ? [] : [{ path: path.join(' '), module: module as CommandModule<any> }],
);
const byPath = (path: string) => commands.find((c) => c.path === path)!.module;

/** A command that prints records of a list: it reads, and declares its records' shape or fields. */
function isListCommand(module: CommandModule<any>): boolean {
  return (
    typeof module.fleet !== 'function' &&
    fleetUseOf(module.fleet).kind === 'read' &&
    (module.record !== undefined || module.fields !== undefined)
  );
}

/** What a list command leaves undeclared: each value option that is no filter, paging option or declared non-filter. */
function undeclaredFilters(module: CommandModule<any>): string[] {
  if (!isListCommand(module)) return [];
  const fields = commandFields(module) ?? [];
  return (module.options ?? []).flatMap((spec) => {
    if (spec.kind === 'secret' || spec.kind === 'secret-on-command-line') return [];
    if (spec.filter) return fields.includes(spec.filter.field) ? [] : [`${spec.flags}: no field ${spec.filter.field}`];
    if (spec.paging || spec.notFilter) return [];
    return flagNames(spec.flags).takesValue ? [`${spec.flags}: filter not declared`] : [];
  });
}

/** Each value (option or argument) without a kind or choices. */
function kindless(module: Pick<CommandModule<any>, 'options' | 'args'>): string[] {
  return [
    ...(module.options ?? []).filter((o) => flagNames(o.flags).takesValue && !o.kind && !o.choices).map((o) => o.flags),
    ...argumentSpecs(module.args)
      .filter((a) => !a.kind && !a.choices)
      .map((a) => a.spec),
  ];
}

describe('every value declares its domain', () => {
  it('every option and argument that takes a value has a kind (or choices), the global ones too', () => {
    const missing = commands.flatMap(({ path, module }) => kindless(module).map((what) => `${path} ${what}`));
    missing.push(...kindless({ options: globalOptions }).map((what) => `(global) ${what}`));
    expect(missing).toEqual([]);
  });

  it('a new option without one is found', () => {
    const levels = byPath('inventory stock levels');
    expect(kindless({ ...levels, options: [...levels.options!, option('--bin <code>', 'a bin')] })).toEqual([
      '--bin <code>',
    ]);
  });
});

describe('every filter of a list command is declared', () => {
  it('each value option of each list command constrains a field of its records, pages, or says why not', () => {
    const lists = commands.filter(({ module }) => isListCommand(module));
    expect(lists.length).toBeGreaterThan(20);
    expect(lists.flatMap(({ path, module }) => undeclaredFilters(module).map((p) => `${path} ${p}`))).toEqual([]);
  });

  it('a value option added without its filter fails, and one naming a field the records lack', () => {
    const levels = byPath('inventory stock levels');
    expect(
      undeclaredFilters({
        ...levels,
        options: [...levels.options!, option('--bin <code>', 'a bin', { kind: 'text' })],
      }),
    ).toEqual(['--bin <code>: filter not declared']);
    expect(
      undeclaredFilters({
        ...levels,
        options: [
          ...levels.options!,
          option('--bin <code>', 'a bin', { kind: 'text', filter: { field: 'binCode', how: 'equals' } }),
        ],
      }),
    ).toEqual(['--bin <code>: no field binCode']);
  });

  it('stock changes --status takes the journal statuses', () => {
    expect([...statuses]).toEqual([...writeStatuses]);
  });
});

describe('every write declares whether it asks', () => {
  const writes = commands.filter(({ module }) =>
    typeof module.fleet === 'function' ? true : fleetUseOf(module.fleet).kind === 'write',
  );

  it('each command that writes at a venue declares its confirmation', () => {
    expect(writes.length).toBeGreaterThan(20);
    expect(writes.filter(({ module }) => module.confirmation === undefined).map(({ path }) => path)).toEqual([]);
  });

  it('each command whose runs may ask takes -y, --yes', () => {
    const asking = commands.filter(({ module }) => {
      const declared = module.confirmation;
      return (
        declared !== undefined &&
        !(typeof declared === 'object' && 'never' in declared && declared.never !== 'unattended')
      );
    });
    expect(asking.map(({ path }) => path)).toEqual(
      expect.arrayContaining(['inventory stock take', 'booking release', 'inventory stock adjust', 'webhooks delete']),
    );
    expect(
      asking
        .filter(({ module }) => optionNamed(module.options, '--yes')?.flags !== '-y, --yes')
        .map(({ path }) => path),
    ).toEqual([]);
  });
});
