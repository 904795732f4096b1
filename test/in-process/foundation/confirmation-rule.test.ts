// The one confirmation rule (src/lib/facts.ts, CONFIRMATION_RULE), proved for
// every write from its declaration (issue 29): without a terminal and
// without --yes, a write that needs a yes exits 2 naming --yes and its run
// never starts (nothing can be sent); with --yes it runs. A write declared
// `never` runs without --yes. The command line of each is made from its
// declaration: every required value from its kind. The run is the
// declaration's own, replaced by one that records it was reached, so no
// service is needed; `booking release --all`, the defect reported, then runs
// for real against the sandbox.

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { everyDeclaration } from '../../../src/commands/argv-words.js';
import {
  argumentShape,
  argumentSpecs,
  flagNames,
  isGroupModule,
  optionNamed,
  resourceOf,
  type CommandModule,
  type ValueKind,
} from '../../../src/commands/define.js';
import { rootGroups } from '../../../src/commands/index.js';
import { confirmationNeed } from '../../../src/lib/facts.js';
import { fleetUseOf } from '../../../src/lib/fleet/use.js';
import { runVenue, sandboxForFile, tempDir, type SandboxHandle } from '../../support/in-process.js';

const dir = tempDir('venue-confirm-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const file = path.join(dir, 'input.csv');
fs.writeFileSync(file, 'productId,quantity\n1001,1\n');

/** A value of a kind the front door takes (what it means is the run's business, and the run is replaced). */
function sample(kind: ValueKind | undefined, choices?: readonly string[]): string {
  if (choices?.length) return choices[0]!;
  const resource = resourceOf(kind);
  if (resource) return resource.id === 'whole' ? '1001' : resource.id === 'digits' ? '6001000000000000001' : 'x-1';
  const samples: Partial<Record<ValueKind, string>> = {
    integer: '-3',
    unsigned: '2',
    decimal: '0.5',
    money: '3.50',
    date: 'tomorrow',
    datetime: '1700000000',
    duration: '1h',
    email: 'ava@example.com',
    url: 'https://example.com/hooks',
    file,
    path: path.join(dir, 'out'),
    assignment: 'a=b',
    setting: 'wallet.url',
    pattern: 'GET /x',
    secret: 'VENUE_TEST_SECRET',
  };
  return samples[kind ?? 'text'] ?? 'x';
}

/** The command line of a command with every required value it declares. */
function commandLine(words: string[], module: CommandModule<any>): string[] {
  const line = [...words];
  for (const spec of module.options ?? []) {
    if (!spec.required) continue;
    const names = flagNames(spec.flags);
    line.push(names.long ?? names.short!);
    if (names.takesValue) line.push(sample(spec.kind, spec.choices));
  }
  const operands = argumentSpecs(module.args)
    .filter((spec) => argumentShape(spec.spec).required)
    .map((spec) => sample(spec.kind, spec.choices));
  return operands.length ? [...line, '--', ...operands] : line;
}

const writes = (await everyDeclaration(rootGroups)).flatMap(({ path: words, module }) => {
  if (isGroupModule(module)) return [];
  const command = module as CommandModule<any>;
  const writes = typeof command.fleet === 'function' || fleetUseOf(command.fleet).kind === 'write';
  return writes || command.confirmation ? [{ words, command }] : [];
});

/** Runs the command line with no terminal; the declaration's run only notes that it was reached. */
async function reached(
  line: string[],
  env: Record<string, string>,
): Promise<{ code: number; stderr: string; ran: boolean }> {
  let ran = false;
  const result = await runVenue(line, {
    env: {
      VENUE_CONFIG_DIR: path.join(dir, 'config'),
      VENUE_SANDBOX_AUTOSTART: '0',
      VENUE_TEST_SECRET: 's'.repeat(20),
      ...env,
    },
    intercept: (invocation) => ({
      ...invocation,
      command: invocation.command && {
        ...invocation.command,
        run: async () => {
          ran = true;
        },
      },
    }),
  });
  return { code: result.code, stderr: result.stderr, ran };
}

describe('which writes need --yes without a terminal, from their declarations', () => {
  it('covers every write', () => {
    expect(writes.length).toBeGreaterThan(20);
    console.log(`confirmation rule: ${writes.length} writes checked`);
  });

  for (const { words, command } of writes) {
    const line = commandLine(words, command);
    const need = confirmationNeed(command.confirmation, {}, []);
    it(`venue ${words.join(' ')}: ${need.needsYes ? 'exit 2 naming --yes, nothing run; runs with --yes' : 'runs without --yes'}`, async () => {
      const without = await reached(line, {});
      if (!need.needsYes) {
        expect(without.code, without.stderr).toBe(0);
        expect(without.ran).toBe(true);
        return;
      }
      expect(without.code, without.stderr).toBe(2);
      expect(without.stderr).toMatch(/pass --yes/);
      expect(without.stderr).toMatch(/Nothing was sent/);
      expect(without.ran).toBe(false);
      expect(optionNamed(command.options, '--yes')).toBeDefined();
      const withYes = await reached([...line.slice(0, words.length), '--yes', ...line.slice(words.length)], {});
      expect(withYes.code, withYes.stderr).toBe(0);
      expect(withYes.ran).toBe(true);
      if (optionNamed(command.options, '--dry-run')) {
        // A dry run sends nothing: it needs no --yes.
        const dry = await reached([...line.slice(0, words.length), '--dry-run', ...line.slice(words.length)], {});
        expect(dry.code, dry.stderr).toBe(0);
        expect(dry.ran).toBe(true);
      }
    });
  }
});

let sb: SandboxHandle;
sandboxForFile({}, (handle) => (sb = handle));

describe('booking release --all, for real', () => {
  it('without --yes and without a terminal exits 2 and releases nothing; with --yes releases every hold', async () => {
    const slot = await sb.run([
      'booking',
      'sessions',
      'exp-laser-tag',
      '--date',
      'tomorrow',
      '--limit',
      '1',
      '--fields',
      'slotId',
      '-o',
      'csv',
    ]);
    const slotId = slot.stdout.trim().split('\n').at(-1)!;
    const held = await sb.run(['booking', 'reserve', 'exp-laser-tag', '--session', slotId, '--quantity', '1', '--yes']);
    expect(held.code, held.stderr).toBe(0);
    const holds = async () => JSON.parse((await sb.run(['booking', 'holds', '-o', 'json'])).stdout) as unknown[];
    expect(await holds()).toHaveLength(1);

    const refused = await sb.run(['booking', 'release', '--all']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/pass --yes/);
    expect(await holds()).toHaveLength(1);

    const released = await sb.run(['booking', 'release', '--all', '--yes']);
    expect(released.code, released.stderr).toBe(0);
    expect(released.stderr).toMatch(/released/);
    expect(await holds()).toEqual([]);
  });
});
