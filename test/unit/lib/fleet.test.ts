import { describe, expect, it } from 'vitest';
import { rootGroups } from '../../../src/commands/index.js';
import { everyDeclaration } from '../../../src/commands/argv-words.js';
import { UsageError } from '../../../src/lib/errors.js';
import { isGroupModule, type CommandModule } from '../../../src/commands/define.js';
import { fleetUseOf } from '../../../src/lib/fleet/use.js';
import {
  MergedOutput,
  PROFILE_COLUMN,
  profiledJson,
  withProfile,
  type MergeTarget,
} from '../../../src/lib/fleet/merged-output.js';
import fc from 'fast-check';
import { expandPlaceholders, missingFile, planJobs } from '../../../src/lib/fleet/plan.js';
import { fleetExitCode, runVenues, type VenueOutcome } from '../../../src/lib/fleet/runner.js';
import { leftOutNote, selectProfiles } from '../../../src/lib/fleet/selection.js';
import { summaryJson, summaryText } from '../../../src/lib/fleet/summary.js';

/** Profiles with their tags; parents (extends) and inventory URLs of their own where given; URLs under http://sandbox are the local sandbox's. */
const config = (
  profiles: Record<string, string[]>,
  more: { extends?: Record<string, string>; inventory?: Record<string, string> } = {},
) => {
  const parentOf = (name: string) => more.extends?.[name];
  const held = (
    name: string,
    _key: 'inventory.url',
  ): { value: string | undefined; source: 'profile' | 'extends' | undefined } => {
    for (let at: string | undefined = name, first = true; at !== undefined; at = parentOf(at), first = false) {
      const own = more.inventory?.[at];
      if (own !== undefined) return { value: own, source: first ? 'profile' : 'extends' };
    }
    return { value: undefined, source: undefined };
  };
  return {
    profiles: () => ['sandbox', ...Object.keys(profiles)],
    profileExists: (name: string) => name === 'sandbox' || name in profiles,
    tagsOf: (name: string) => profiles[name] ?? [],
    isBuiltInSandbox: (name: string) => name === 'sandbox',
    parentOf,
    held,
    isSandboxProfile: (name: string) =>
      name === 'sandbox' || (held(name, 'inventory.url').value ?? '').startsWith('http://sandbox/'),
  } as unknown as Parameters<typeof selectProfiles>[0];
};

describe('selecting venues', () => {
  const store = config({ north1: ['north', 'arcades'], north2: ['north'], south1: ['south'] });
  it('all is every profile but the sandbox', () => {
    expect(selectProfiles(store, 'all').profiles.map((p) => p.name)).toEqual(['north1', 'north2', 'south1']);
  });
  it('tag:NAME picks the tagged profiles and remembers the tag', () => {
    const selection = selectProfiles(store, 'tag:north');
    expect(selection.profiles.map((p) => p.name)).toEqual(['north1', 'north2']);
    expect(selection.tag).toBe('north');
  });
  it('an unknown tag or profile is a usage error naming it', () => {
    expect(() => selectProfiles(store, 'tag:east')).toThrow(/no profile has the tag "east"/);
    expect(() => selectProfiles(store, 'north1,nope')).toThrow(UsageError);
    expect(() => selectProfiles(store, 'north1,nope')).toThrow(/"nope"/);
    expect(() => selectProfiles(config({}), 'all')).toThrow(/no profile but the sandbox/);
  });
  it('all leaves out base profiles (extended, no inventory server of their own) and sandbox-served ones, and says so', () => {
    const chain = config(
      {
        chain: [],
        store1: ['north'],
        store2: [],
        'store2-uat': [],
        'fleet-1': ['sandbox-fleet'],
        'fleet-2': ['sandbox-fleet'],
        lonely: [],
      },
      {
        extends: {
          store1: 'chain',
          store2: 'chain',
          'store2-uat': 'store2',
          'fleet-1': 'sandbox',
          'fleet-2': 'sandbox',
        },
        inventory: {
          store1: 'https://inv.store1.example',
          store2: 'https://inv.store2.example',
          'fleet-1': 'http://sandbox/fleet/fleet-1/inventory',
          'fleet-2': 'http://sandbox/fleet/fleet-2/inventory',
        },
      },
    );
    const all = selectProfiles(chain, 'all');
    // store2 is extended too, but has its own server: a venue. lonely extends nothing and nobody extends it: a venue (its commands say what it lacks).
    expect(all.profiles.map((p) => p.name)).toEqual(['store1', 'store2', 'store2-uat', 'lonely']);
    expect(all.leftOut).toEqual([
      { name: 'chain', why: 'base' },
      { name: 'fleet-1', why: 'sandbox' },
      { name: 'fleet-2', why: 'sandbox' },
    ]);
    expect(leftOutNote(all.leftOut)).toBe(
      '--each-profile all: left out chain (extended by others, no inventory server of its own); fleet-1, fleet-2 (served by the local sandbox): not venues. Name them, or select them by tag, to include them.',
    );
    // Named or tagged, they run.
    expect(selectProfiles(chain, 'chain,fleet-1').profiles.map((p) => p.name)).toEqual(['chain', 'fleet-1']);
    expect(selectProfiles(chain, 'tag:sandbox-fleet').profiles.map((p) => p.name)).toEqual(['fleet-1', 'fleet-2']);
    expect(leftOutNote(selectProfiles(store, 'all').leftOut)).toBeUndefined();
    // Nothing but bases and the sandbox's: a usage error naming them.
    const onlyFleet = config(
      { 'fleet-1': ['sandbox-fleet'] },
      { extends: { 'fleet-1': 'sandbox' }, inventory: { 'fleet-1': 'http://sandbox/fleet/fleet-1/inventory' } },
    );
    expect(() => selectProfiles(onlyFleet, 'all')).toThrow(/no venue profile \(fleet-1 is not a venue\)/);
  });
  it('names keep their order and drop repeats', () => {
    expect(selectProfiles(store, 'south1, north1,south1').profiles.map((p) => p.name)).toEqual(['south1', 'north1']);
  });
});

describe("each venue's values", () => {
  it('fills {profile} and {tag}, and skips a venue with no tag to give', () => {
    const venue = { name: 'store7', tags: ['north'] };
    expect(expandPlaceholders(['r/{profile}-{tag}.csv', 'x'], venue, undefined).texts).toEqual([
      'r/store7-north.csv',
      'x',
    ]);
    expect(expandPlaceholders(['r/{tag}.csv'], venue, 'arcades').texts).toEqual(['r/arcades.csv']);
    expect(expandPlaceholders(['{tag}'], { name: 'x', tags: [] }, undefined).skip).toMatch(/has no tag/);
  });
  it('a missing file skips the venue', () => {
    expect(missingFile(['/no/such/file.csv'])).toMatch(/no file \/no\/such\/file.csv/);
    expect(missingFile(['package.json', '-'])).toBeUndefined();
    const jobs = planJobs(
      ['{profile}.json', '7'],
      ['{profile}.json'],
      [
        { name: 'package', tags: [] },
        { name: 'nope', tags: [] },
      ],
      undefined,
    );
    expect(jobs.map((j) => j.skip)).toEqual([undefined, 'skipped: no file nope.json']);
    expect(['{profile}.json', '7'].map(jobs[0]!.fill)).toEqual(['package.json', '7']);
  });
  it('a venue without its own file has nothing to do when the command says so; one path for all that is missing is still skipped', () => {
    const venues = [
      { name: 'package', tags: [] },
      { name: 'nope', tags: [] },
    ];
    const jobs = planJobs(['{profile}.json'], ['{profile}.json'], venues, undefined, {
      withoutFile: 'nothing to receive',
    });
    expect(jobs.map((j) => [j.nothing, j.skip])).toEqual([
      [undefined, undefined],
      ['nothing to receive: no file nope.json', undefined],
    ]);
    const shared = planJobs(['none.json'], ['none.json'], venues, undefined, {
      withoutFile: 'nothing to receive',
    });
    expect(shared.map((j) => [j.nothing, j.skip])).toEqual([
      [undefined, 'skipped: no file none.json'],
      [undefined, 'skipped: no file none.json'],
    ]);
  });
});

describe('running venues', () => {
  it('never runs more than --parallel at once, and runs them all', async () => {
    let running = 0;
    let most = 0;
    const jobs = Array.from({ length: 9 }, (_, i) => ({ profile: `v${i}` }));
    const outcomes = await runVenues(jobs, {
      parallel: 3,
      failFast: false,
      signal: new AbortController().signal,
      now: Date.now,
      run: async () => {
        most = Math.max(most, ++running);
        await new Promise((r) => setTimeout(r, 5));
        running--;
        return { exitCode: 0 };
      },
    });
    expect(most).toBe(3);
    expect(outcomes.map((o) => o.status)).toEqual(Array(9).fill('ok'));
  });
  it('one failure does not stop the others; --fail-fast starts no more', async () => {
    const jobs = ['a', 'b', 'c', 'd'].map((profile) => ({ profile }));
    const run = async (job: { profile: string }) =>
      job.profile === 'a' ? { exitCode: 6, message: 'down' } : { exitCode: 0 };
    const base = { parallel: 1, signal: new AbortController().signal, now: Date.now, run };
    expect((await runVenues(jobs, { ...base, failFast: false })).map((o) => o.status)).toEqual([
      'failed',
      'ok',
      'ok',
      'ok',
    ]);
    const fast = await runVenues(jobs, { ...base, failFast: true });
    expect(fast.map((o) => o.status)).toEqual(['failed', 'not-run', 'not-run', 'not-run']);
    expect(fast[1]!.message).toMatch(/--fail-fast/);
  });
  it('after Ctrl-C no venue starts', async () => {
    const controller = new AbortController();
    const outcomes = await runVenues([{ profile: 'a' }, { profile: 'b' }], {
      parallel: 1,
      failFast: false,
      signal: controller.signal,
      now: Date.now,
      run: async () => {
        controller.abort();
        return { exitCode: 130 };
      },
    });
    expect(outcomes.map((o) => o.status)).toEqual(['interrupted', 'not-run']);
  });
  it('the run exits with the most severe code: 130, then 7 over 6 over 5 … over 1', () => {
    const outcome = (exitCode: number | undefined): VenueOutcome => ({
      profile: 'x',
      status: 'failed',
      exitCode,
      message: '',
      ms: 0,
    });
    expect(fleetExitCode([outcome(0), outcome(6), outcome(7), outcome(2)])).toBe(7);
    expect(fleetExitCode([outcome(5), outcome(6)])).toBe(6);
    expect(fleetExitCode([outcome(1), outcome(2)])).toBe(2);
    expect(fleetExitCode([outcome(7), outcome(130)])).toBe(130);
    expect(fleetExitCode([outcome(0), outcome(undefined)])).toBe(0);
  });
});

function target(format: MergeTarget['format']): MergeTarget & { out: string } {
  const t = {
    out: '',
    format,
    fieldsGiven: false,
    write(chunk: string) {
      t.out += chunk;
    },
    warn: () => undefined,
    info: () => undefined,
    table: async (columns: Array<{ key: string }>, rows: Array<Record<string, unknown>>) =>
      rows.map((r) => columns.map((c) => String(r[c.key])).join(' ')).join('\n') + '\n',
    csv: async (columns: string[], records: unknown[], header: boolean) =>
      [
        ...(header ? [columns.join(',')] : []),
        ...records.map((r) => columns.map((c) => String((r as Record<string, unknown>)[c] ?? '')).join(',')),
      ].join('\n') + '\n',
    query: async () => undefined,
    providedColumns: (columns: Array<{ key: string }>) => columns,
  };
  return t as unknown as MergeTarget & { out: string };
}

describe('the summary', () => {
  const outcomes: VenueOutcome[] = [
    { profile: 'fleet-1', status: 'ok', exitCode: 0, message: '', ms: 1234 },
    {
      profile: 'fleet-2',
      status: 'failed',
      exitCode: 7,
      message:
        'the receipt was sent, but its answer was lost: venue cannot tell whether it was applied; settle it with `venue --profile fleet-2 inventory receipts resolve 4a8a4c73dd8f --applied`',
      ms: 30_012,
    },
    { profile: 'store-with-a-long-name', status: 'skipped', exitCode: 0, message: 'nothing to receive', ms: 0 },
  ];

  it('on a terminal: the columns in their order, fitted to the width, each message whole in its column', () => {
    const text = summaryText(outcomes, 7, 60);
    const lines = text.split('\n');
    expect(lines[0]).toBe('');
    expect(lines[1]).toMatch(/^PROFILE\s+EXIT\s+RESULT\s+TIME\s+MESSAGE$/);
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(60);
    const message = lines[1]!.indexOf('MESSAGE');
    const cells = lines.slice(2, -2).map((l) => l.slice(message).trim());
    expect(cells.filter(Boolean).join(' ')).toBe(`${outcomes[1]!.message} nothing to receive`);
    expect(lines.find((l) => l.startsWith('fleet-2'))).toMatch(/^fleet-2\s+7\s+failed\s+30\.0s\s+the receipt/);
    expect(lines.find((l) => l.startsWith('store-with'))).toMatch(/\s+0\s+nothing\s+0\.0s\s+nothing\b/);
    expect(lines.at(-2)).toBe('3 venues: 1 ok, 1 with nothing to do, 1 failed; exit 7');
  });

  it('in a log: one plain line a venue, its message whole on it', () => {
    const lines = summaryText(outcomes, 7).split('\n');
    expect(lines).toHaveLength(7);
    expect(lines[2]).toMatch(/^fleet-1\s+0\s+ok\s+1\.2s$/);
    expect(lines[3]).toMatch(/^fleet-2\s+7\s+failed\s+30\.0s\s+the receipt was sent, .* --applied`$/);
    expect(lines[4]).toMatch(/^store-with-a-long-name\s+0\s+nothing\s+0\.0s\s+nothing to receive$/);
  });

  it('under -o json: one JSON object with each outcome', () => {
    expect(JSON.parse(summaryJson(outcomes, 7))).toEqual({
      summary: [
        { profile: 'fleet-1', exitCode: 0, status: 'ok', message: '', seconds: 1.234 },
        { profile: 'fleet-2', exitCode: 7, status: 'failed', message: outcomes[1]!.message, seconds: 30.012 },
        {
          profile: 'store-with-a-long-name',
          exitCode: 0,
          status: 'skipped',
          message: 'nothing to receive',
          seconds: 0,
        },
      ],
      exitCode: 7,
    });
  });
});

describe('merged output', () => {
  it("an ndjson line is the record's JSON with the profile first, as withProfile makes it, for any record", () => {
    const profile = fc.stringMatching(/^[a-z0-9"\\-]{1,8}$/);
    fc.assert(
      fc.property(
        profile,
        fc.oneof(fc.jsonValue(), fc.dictionary(fc.constantFrom('profile', 'id', 'name', 'a b', '__x'), fc.jsonValue())),
        (name, record) => {
          expect(profiledJson(`{"profile":${JSON.stringify(name)}`, name, record)).toBe(
            JSON.stringify(withProfile(name, record)),
          );
        },
      ),
      { numRuns: 500 },
    );
    expect(profiledJson('{"profile":"a"', 'a', {})).toBe('{"profile":"a"}');
    expect(profiledJson('{"profile":"a"', 'a', { profile: 'x', id: 1 })).toBe(
      '{"profile":"a","id":1,"serviceProfile":"x"}',
    );
  });

  it('ndjson: each record whole, profile first, written as it comes', async () => {
    const t = target('ndjson');
    const merged = new MergedOutput(t, ['a', 'b']);
    await merged.add({ profile: 'b', rows: [], columns: [], records: [{ id: 1, profile: 'svc' }] });
    expect(t.out).toBe('{"profile":"b","id":1,"serviceProfile":"svc"}\n');
    await merged.add({ profile: 'a', rows: [], columns: [], records: [{ id: 2 }] });
    await merged.finish();
    expect(
      t.out
        .split('\n')
        .filter(Boolean)
        .map((l) => Object.keys(JSON.parse(l))[0]),
    ).toEqual(['profile', 'profile']);
  });
  it('csv: one header with profile first', async () => {
    const t = target('csv');
    const merged = new MergedOutput(t, ['a', 'b']);
    await merged.add({ profile: 'a', rows: [], columns: [], records: [{ id: 1 }] });
    await merged.add({ profile: 'b', rows: [], columns: [], records: [{ id: 2 }] });
    expect(t.out).toBe('profile,id\na,1\nb,2\n');
  });
  it('table and json: venues in the order selected, whichever answered first', async () => {
    const t = target('table');
    const merged = new MergedOutput(t, ['a', 'b']);
    await merged.add({ profile: 'b', rows: [{ id: 2 }], columns: [{ key: 'id' }], records: [] });
    await merged.add({ profile: 'a', rows: [{ id: 1 }], columns: [{ key: 'id' }], records: [] });
    await merged.finish();
    expect(t.out).toBe('a 1\nb 2\n');
    const j = target('json');
    const mergedJson = new MergedOutput(j, ['a', 'b']);
    await mergedJson.add({ profile: 'b', rows: [], columns: [], records: [{ id: 2 }] });
    await mergedJson.add({ profile: 'a', rows: [], columns: [], records: [{ id: 1 }] });
    await mergedJson.finish();
    expect(JSON.parse(j.out)).toEqual([
      { profile: 'a', id: 1 },
      { profile: 'b', id: 2 },
    ]);
    expect(PROFILE_COLUMN).not.toMatch(/\./);
  });
});

describe('every command is classified for runs across venues', () => {
  it('each leaf command of the tree declares its use', async () => {
    const declared = await everyDeclaration(rootGroups);
    const uses = new Map<string, string>();
    for (const { path, module } of declared)
      if (!isGroupModule(module))
        uses.set(path.join(' '), fleetUseOf(module.fleet, ['inventory', 'GET', '/health']).kind);
    expect([...uses.entries()].filter(([, kind]) => !['read', 'write', 'refused'].includes(kind))).toEqual([]);
    expect(uses.get('inventory stock levels')).toBe('read');
    expect(uses.get('inventory stock receive')).toBe('write');
    expect(uses.get('sandbox serve')).toBe('refused');
    expect(uses.get('api')).toBe('read');
    const api = declared.find((d) => d.path.join(' ') === 'api')!.module as CommandModule<any>;
    expect(fleetUseOf(api.fleet, ['inventory', 'POST', '/x']).kind).toBe('write');
    expect(fleetUseOf(undefined).kind).toBe('write');
  });
});
