// The front door (src/invocation.ts over the reader, src/commands/argv-words.ts):
// the one reading of a command line. What the command's run gets is decided
// here, through the declarations: option values parsed, defaults, choices,
// negations, repeats, required options; arguments checked in number and
// against their choices; help, the version and the fleet's --yes as fields;
// every usage problem in venue's words, with a suggestion.

import { describe, expect, it } from 'vitest';
import { argument, defineCommand, defineGroup, InvalidValueError, option } from '../../../src/commands/define.js';
import type { GroupEntry } from '../../../src/commands/tree.js';
import { commandLine, readInvocation, venueInvocation } from '../../../src/invocation.js';

const positive = (value: string) => {
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new InvalidValueError('must be a whole number, 1 or more');
  return Number(value);
};

const receive = defineCommand({
  name: 'receive',
  args: [argument('<kind>', { choices: ['box', 'crate'] }), argument('[more...]')],
  summary: 'Receive',
  examples: ['venue shop receive box'],
  options: [
    option('-f, --file <path>', 'the file', { kind: 'file', required: true }),
    option('--count <n>', 'how many', { parse: positive }),
    option('--tag <tag>', 'repeatable', { parse: (v: string, all: string[] = []) => [...all, v] }),
    option('--mode <mode>', 'a mode', { choices: ['fast', 'careful'], default: 'careful' }),
    option('--no-wait', 'do not wait'),
    option('--last <x>', 'the last one given wins'),
    option('-y, --yes', 'no question'),
    option('--dry-run', 'plan only'),
  ],
  fleet: 'write',
  run: async () => undefined,
});
const adjust = defineCommand({
  name: 'adjust',
  args: '<product> <quantity>',
  summary: 'Adjust',
  examples: ['venue shop adjust 1 -2'],
  fleet: 'read',
  run: async () => undefined,
});

/** A tree of one group whose commands are loaded lazily; `loaded` says which modules were. */
function tree() {
  const loaded: string[] = [];
  const entry = (command: typeof receive | typeof adjust) => ({
    name: command.name,
    summary: command.summary,
    load: async () => {
      loaded.push(command.name);
      return { default: command };
    },
  });
  const root: GroupEntry[] = [
    {
      name: 'shop',
      summary: 'A shop',
      load: async () => ({
        default: defineGroup({ name: 'shop', summary: 'A shop', commands: [entry(receive), entry(adjust)] }),
      }),
    },
  ];
  return { root, loaded };
}

const read = (argv: string[]) => readInvocation(argv, tree().root);

describe('the front door reads the real tree', () => {
  it('finds the command wherever the global options stand, and skips their values', async () => {
    expect((await readInvocation(['-p', 'main', '-o', 'json', 'inventory', 'health'])).path).toEqual([
      'inventory',
      'health',
    ]);
    expect((await readInvocation(['--verbose', '--timeout', '5', 'wallet'])).path).toEqual(['wallet']);
    const levels = await readInvocation(['inventory', 'stock', 'levels', '--warehouse', '2', '-ojson', '--no-color']);
    expect(levels.path).toEqual(['inventory', 'stock', 'levels']);
    expect(levels.command?.name).toBe('levels');
    expect(levels.given.map((o) => [o.names.long, o.value])).toEqual([['--warehouse', '2']]);
    expect(levels.options).toMatchObject({ warehouse: '2' });
    expect(levels.globals).toMatchObject({ output: 'json', color: false, quiet: false, input: true });
    expect(levels.problem).toBeUndefined();
  });

  it('types the global options through their one declaration', async () => {
    const line = await readInvocation([
      '--timeout',
      '2.5',
      '--deadline=9',
      '--limit',
      '3',
      '--fields',
      'a, b',
      '-q',
      '--no-input',
      'doctor',
    ]);
    expect(line.globals).toMatchObject({
      timeout: 2.5,
      deadline: 9,
      limit: 3,
      fields: ['a', 'b'],
      quiet: true,
      input: false,
    });
    expect(line.problem).toBeUndefined();
    expect((await readInvocation(['--timeout', 'x', 'doctor'])).problem?.message).toBe(
      '--timeout must be a positive number of seconds (got "x")',
    );
    const format = (await readInvocation(['-o', 'jsn', 'doctor'])).problem!;
    expect(format.message).toBe('--output must be one of table, json, ndjson, csv, raw (got "jsn")');
    expect(format.hint).toMatch(/Did you mean json\?/);
    expect((await readInvocation(['--json', '-o', 'csv', 'doctor'])).problem?.message).toMatch(/two formats/);
    expect((await readInvocation(['doctor', '--timeout'])).problem?.message).toBe(
      '--timeout needs a value (<seconds>)',
    );
    expect((await readInvocation(['--json=yes', 'doctor'])).problem?.message).toBe(
      '--json takes no value (got "--json=yes")',
    );
  });

  it('reads the venues selected, and --yes as the fleet answer where the command has none', async () => {
    const line = await readInvocation(['--each-profile', 'all', '--parallel=8', '--fail-fast', 'inventory', 'health']);
    expect(line.venues).toEqual({ selection: 'all', parallel: 8, failFast: true });
    expect(line.confirmed).toBe(false);
    expect((await readInvocation(['--each-profile=tag:x', 'doctor'])).venues?.parallel).toBe(4);
    expect((await readInvocation(['--each-profile', 'all', '--parallel', '0', 'doctor'])).problem?.message).toMatch(
      /--parallel/,
    );
    expect((await readInvocation(['--each-profile', 'all', '--profile', 'x', 'doctor'])).problem?.message).toMatch(
      /give one/,
    );
    expect((await readInvocation(['doctor'])).venues).toBeUndefined();
    // inventory health has no --yes of its own: across venues it is the fleet's.
    const fleet = await readInvocation(['--each-profile', 'all', 'inventory', 'health', '-y']);
    expect(fleet.problem).toBeUndefined();
    expect(fleet.confirmed).toBe(true);
    // At one venue it is an unknown option.
    expect((await readInvocation(['inventory', 'health', '--yes'])).problem?.message).toMatch(
      /unknown option '--yes' for `venue inventory health`/,
    );
    // A write that asks has its own, read at one venue as across venues.
    const own = await readInvocation(['--each-profile', 'all', 'webhooks', 'create', '--url', 'https://x', '-y']);
    expect(own).toMatchObject({ confirmed: true, options: { yes: true } });
  });

  it('reads `venue help …` as a topic or as help on the words after it', async () => {
    const topic = await readInvocation(['help', 'dates']);
    expect(topic).toMatchObject({ helpTopic: 'dates', help: false });
    const group = await readInvocation(['help', 'inventory', 'stock']);
    expect(group).toMatchObject({ path: ['inventory', 'stock'], help: true });
    expect((await readInvocation(['inventory', '--help', 'stock'])).path).toEqual(['inventory', 'stock']);
    // Every group's help lists `help [command]`.
    expect(await readInvocation(['inventory', 'help', 'stock'])).toMatchObject({
      path: ['inventory', 'stock'],
      help: true,
    });
    expect((await readInvocation(['inventory', 'help', 'stok'])).problem?.message).toMatch(/unknown command "stok"/);
    expect((await readInvocation(['help', 'inventry'])).problem?.message).toMatch(/no help for "inventry"/);
    expect((await readInvocation(['help', 'inventry'])).problem?.hint).toMatch(/Did you mean inventory\?/);
    expect((await readInvocation([])).help).toBe(true);
    expect((await readInvocation(['inventory'])).help).toBe(true);
    expect((await readInvocation(['-V', 'inventory', 'health'])).version).toBe(true);
  });

  it('an unknown command or option is said with the closest names', async () => {
    const command = (await readInvocation(['inventory', 'stok'])).problem!;
    expect(command.message).toBe('unknown command "stok" for "venue inventory"');
    expect(command.hint).toMatch(/Did you mean stock\?/);
    const flag = (await readInvocation(['inventory', 'stock', 'levels', '--warehose', '1'])).problem!;
    expect(flag.message).toBe("unknown option '--warehose' for `venue inventory stock levels`");
    expect(flag.hint).toMatch(/Did you mean --warehouse\?/);
    expect((await readInvocation(['--no-such-option'])).problem?.message).toBe("unknown option '--no-such-option'");
  });

  it('keeps words after -- as operands', async () => {
    const line = await readInvocation(['webhooks', 'delete', '--', '-x']);
    expect(line.args).toEqual(['-x']);
    expect(line.problem).toBeUndefined();
  });
});

describe("a command's options and arguments, through its declaration", () => {
  it('parses values, applies defaults and negations, collects repeats, and the last value wins without a parse', async () => {
    const line = await read([
      'shop',
      'receive',
      'box',
      'a',
      'b',
      '--file',
      'r.csv',
      '--count=3',
      '--tag',
      'x',
      '--tag',
      'y',
      '--last',
      '1',
      '--last',
      '2',
    ]);
    expect(line.problem).toBeUndefined();
    expect(line.options).toEqual({ file: 'r.csv', count: 3, tag: ['x', 'y'], mode: 'careful', wait: true, last: '2' });
    expect(line.args).toEqual(['box', 'a', 'b']);
    const flags = await read(['shop', 'receive', 'crate', '-yf', 'r.csv', '--no-wait', '--mode', 'fast']);
    expect(flags.options).toMatchObject({ yes: true, file: 'r.csv', wait: false, mode: 'fast' });
    expect(flags.confirmed).toBe(true);
  });

  it('refuses what the declaration does not allow, saying which option or argument and how', async () => {
    const problem = async (argv: string[]) => (await read(argv)).problem?.message;
    expect(await problem(['shop', 'receive', 'box'])).toBe('`venue shop receive` needs -f, --file <path>');
    expect(await problem(['shop', 'receive', '--file', 'r'])).toBe('`venue shop receive` needs <kind>');
    expect(await problem(['shop', 'receive', 'bag', '--file', 'r'])).toBe(
      '<kind> must be one of box, crate (got "bag")',
    );
    expect(await problem(['shop', 'receive', 'box', '--file', 'r', '--count', '0'])).toBe(
      '--count must be a whole number, 1 or more (got "0")',
    );
    expect(await problem(['shop', 'receive', 'box', '--file', 'r', '--mode', 'fst'])).toBe(
      '--mode must be one of fast, careful (got "fst")',
    );
    expect(await problem(['shop', 'adjust', '1', '2', '3'])).toBe('unexpected argument "3" for `venue shop adjust`');
    expect((await read(['shop', 'adjust', '1', '2', '3'])).problem?.hint).toMatch(/It takes <product> <quantity>/);
  });

  it('a negative number is an argument of a command, and a value taken as it is', async () => {
    const line = await read(['shop', 'adjust', '1001', '-2']);
    expect(line.problem).toBeUndefined();
    expect(line.args).toEqual(['1001', '-2']);
    expect((await read(['shop', 'receive', 'box', '--file', '-r', '--last', '-5'])).options).toMatchObject({
      file: '-r',
      last: '-5',
    });
    expect((await read(['shop', '-2'])).problem?.message).toBe("unknown option '-2' for `venue shop`");
  });

  it('help needs neither the required options nor the arguments, and loads no command module', async () => {
    const { root, loaded } = tree();
    const help = await readInvocation(['shop', 'receive', '--help'], root);
    expect(help).toMatchObject({ help: true, path: ['shop', 'receive'], problem: undefined });
    expect(loaded).toEqual([]);
    const run = await readInvocation(['shop', 'adjust', '1', '2'], root);
    expect(run.command?.name).toBe('adjust');
    // Only the command on the path is loaded.
    expect(loaded).toEqual(['adjust']);
  });

  it("each venue's invocation: its values filled and read again, its profile, the fleet's confirmation", async () => {
    const line = await read([
      '--each-profile',
      'all',
      '-q',
      'shop',
      'receive',
      'box',
      '{profile}-more',
      '--file',
      'r/{profile}.csv',
      '--count',
      '2',
      '--yes',
    ]);
    expect(line.problem).toBeUndefined();
    expect(line.confirmed).toBe(true);
    const venue = await venueInvocation(line, { profile: 'north', fill: (t) => t.replace('{profile}', 'north') });
    expect(venue).toMatchObject({
      venues: undefined,
      globals: { profile: 'north', input: false, quiet: true },
      options: { file: 'r/north.csv', count: 2, yes: true },
      args: ['box', 'north-more'],
    });
    expect(commandLine(venue)).toEqual([
      'shop',
      'receive',
      '--file',
      'r/north.csv',
      '--count',
      '2',
      '--yes',
      'box',
      'north-more',
    ]);
  });
});

describe('every command of the tree, read through its declaration', () => {
  it('help needs nothing; a missing required option, a value outside the choices, a value missing, each said', async () => {
    const { rootGroups } = await import('../../../src/commands/index.js');
    const { everyDeclaration } = await import('../../../src/commands/argv-words.js');
    const { argumentShape, argumentSpecs, flagNames } = await import('../../../src/commands/define.js');
    const wrong: string[] = [];
    let checked = 0;
    for (const { path, module } of await everyDeclaration(rootGroups)) {
      if ('commands' in module || module.rawWords) continue;
      const where = `venue ${path.join(' ')}`;
      const help = await readInvocation([...path, '--help']);
      if (!help.help || help.problem) wrong.push(`${where} --help: ${help.problem?.message ?? 'no help'}`);
      // Words that satisfy the arguments: a declared choice, else a plain word.
      const args = argumentSpecs(module.args)
        .filter((spec) => argumentShape(spec.spec).required)
        .map((spec) => spec.choices?.[0] ?? 'x1');
      const required = (module.options ?? []).filter((o) => o.required);
      const given = (o: (typeof required)[number]) => [flagNames(o.flags).long!, o.choices?.[0] ?? 'v1'];
      const satisfied = required.flatMap(given);
      for (const option of module.options ?? []) {
        const names = flagNames(option.flags);
        const flag = names.long ?? names.short!;
        if (option.required) {
          const others = required.filter((o) => o !== option).flatMap(given);
          const missing = await readInvocation([...path, ...args, ...others]);
          if (!missing.problem?.message.includes(`needs ${option.flags}`))
            wrong.push(`${where} without ${flag}: ${missing.problem?.message ?? 'no problem'}`);
        }
        if (option.choices) {
          const outside = await readInvocation([...path, ...args, ...satisfied, `${flag}=not-a-choice`]);
          if (outside.problem?.message !== `${flag} must be one of ${option.choices.join(', ')} (got "not-a-choice")`)
            wrong.push(`${where} ${flag}=not-a-choice: ${outside.problem?.message ?? 'no problem'}`);
        }
        if (names.takesValue && names.long && !['--profile', '--output'].includes(names.long)) {
          const last = await readInvocation([...path, ...args, ...satisfied, names.long]);
          if (!last.problem?.message.startsWith(`${names.long} needs a value`))
            wrong.push(`${where} ${names.long} (no value): ${last.problem?.message ?? 'no problem'}`);
        }
        checked++;
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(200);
  });
});
