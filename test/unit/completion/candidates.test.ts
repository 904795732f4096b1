// The candidate computation on the real command tree, with a fake source of
// profiles and ids: what a TAB offers wherever the global options stand.

import { describe, expect, it } from 'vitest';
import { rootGroups } from '../../../src/commands/index.js';
import { completeLine, type ValueRequest, type ValueSource } from '../../../src/commands/completion/candidates.js';
import { formatCompletion } from '../../../src/commands/completion/complete.js';
import type { IdKind } from '../../../src/commands/define.js';

class FakeValues implements ValueSource {
  readonly asked: Array<{ kind: IdKind; request: ValueRequest }> = [];
  async values(kind: IdKind, request: ValueRequest) {
    this.asked.push({ kind, request });
    return [`${kind}-1`, `${kind}-2`, 'other'].map((value) => ({ value, description: `a ${kind}` }));
  }
}

/** As at runtime: only the group the words name is loaded. */
async function complete(line: string, source = new FakeValues()) {
  const words = line.split(' ');
  const completion = await completeLine(rootGroups, words, source);
  return { ...completion, values: completion.candidates.map((c) => c.value), source };
}

describe('completion candidates', () => {
  it('knows the tree wherever the global options stand', async () => {
    expect((await complete('--profile store1 inv')).values).toEqual(['inventory']);
    expect((await complete('-p store1 --no-color -q inv')).values).toEqual(['inventory']);
    expect((await complete('--profile=store1 --timeout 5 inventory st')).values).toEqual(['stock']);
    expect((await complete('inventory -o json stock --deadline 9 le')).values).toEqual(['levels']);
    expect((await complete('-qpstore1 webh')).values).toEqual(['webhooks']);
  });

  it('offers the groups with their summaries, never the hidden __complete or help', async () => {
    const { candidates } = await complete('');
    expect(candidates.map((c) => c.value)).toContain('booking');
    expect(candidates.map((c) => c.value)).not.toContain('__complete');
    expect(candidates.map((c) => c.value)).not.toContain('help');
    expect(candidates.find((c) => c.value === 'inventory')?.description).toMatch(/^Inventory:/);
  });

  it('completes option values from declared choices, not command names', async () => {
    expect((await complete('-o ')).values).toEqual(['table', 'json', 'ndjson', 'csv', 'raw']);
    expect((await complete('inventory products list --output nd')).values).toEqual(['ndjson']);
    expect((await complete('--output=j')).values).toEqual(['--output=json']);
    expect((await complete('completion ')).values).toEqual(['bash', 'zsh', 'fish']);
  });

  it('asks for profile names after --profile or -p, and for config use', async () => {
    for (const line of ['--profile ', '-p ', 'inventory --profile ', 'config use ']) {
      const { values, source } = await complete(line);
      expect(values).toEqual(['profile-1', 'profile-2', 'other']);
      expect(source.asked.map((a) => a.kind)).toEqual(['profile']);
    }
  });

  it('asks for ids where the table says, with the profile and options given on the line', async () => {
    const locations = await complete('--profile store1 booking experiences --location loc');
    expect(locations.values).toEqual(['location-1', 'location-2']);
    expect(locations.source.asked[0]).toEqual({
      kind: 'location',
      request: { profile: 'store1', given: { '--profile': 'store1' } },
    });

    const experiences = await complete('booking book --location loc-a --experience ');
    expect(experiences.source.asked[0]!.kind).toBe('experience');
    expect(experiences.source.asked[0]!.request.given['--location']).toBe('loc-a');

    expect((await complete('-pstore2 webhooks delete ')).source.asked[0]).toMatchObject({
      kind: 'webhook',
      request: { profile: 'store2' },
    });
    expect((await complete('webhooks update w')).values).toEqual(['webhook-1', 'webhook-2']);
    expect((await complete('inventory receipts show ')).source.asked[0]!.kind).toBe('receipt');
    expect((await complete('inventory stock levels --warehouse ')).source.asked[0]!.kind).toBe('warehouse');
    expect((await complete('booking sessions ')).source.asked[0]!.kind).toBe('experience');
  });

  it('offers nothing past the last argument, and nothing for a free value', async () => {
    const past = await complete('webhooks delete abc ');
    expect(past.values).toEqual([]);
    expect(past.source.asked).toEqual([]);
    expect((await complete('wallet balance ')).values).toEqual([]);
    expect((await complete('--timeout ')).values).toEqual([]);
  });

  it('offers the options of the command and the global ones, with descriptions', async () => {
    const { candidates } = await complete('inventory stock receive --w');
    expect(candidates.map((c) => c.value)).toEqual(['--warehouse']);
    expect(candidates[0]!.description).toMatch(/warehouse/);
    expect((await complete('webhooks list --no-')).values).toEqual(['--no-color', '--no-input']);
    expect((await complete('--pro')).values).toEqual(['--profile']);
    expect((await complete('webhooks delete -')).values).toEqual(
      expect.arrayContaining(['-y', '--yes', '-p', '--profile', '-o', '--help']),
    );
  });

  it('asks the shell for file names where the value is a path', async () => {
    expect((await complete('inventory stock receive --file ')).files).toBe(true);
    expect((await complete('--env-file ')).files).toBe(true);
    expect((await complete('webhooks delete ')).files).toBe(false);
  });

  it('reads words after -- as arguments', async () => {
    expect((await complete('webhooks delete -- ')).source.asked[0]!.kind).toBe('webhook');
    expect((await complete('webhooks delete -- -')).source.asked[0]!.kind).toBe('webhook');
  });

  it('prints one candidate a line, a tab before the description, :files last', () => {
    expect(
      formatCompletion({
        candidates: [{ value: 'json' }, { value: 'loc-a', description: 'Riverside,\tLeeds\n' }],
        files: true,
      }),
    ).toBe('json\nloc-a\tRiverside, Leeds\n:files\n');
    expect(formatCompletion({ candidates: [], files: false })).toBe('');
  });
});
