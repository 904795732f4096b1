// `--each-profile all` means venues (issue 21, point 4): a chain's base
// profile (extended by the venues, no inventory server of its own) and the
// sandbox fleet's profiles (served by this machine's sandbox) are left out and
// said so on stderr (not with -q); named or selected by tag they run. The
// chain's venues here reach the sandbox's fleet venues by another address
// (localhost, not the sandbox's 127.0.0.1 origin), as real venues would.

import { beforeAll, describe, expect, it } from 'vitest';
import { sandboxDemoSecrets } from '../../../src/lib/sandbox-address.js';
import { sandboxForFile, type SandboxHandle } from '../../support/in-process.js';

let sb: SandboxHandle;
sandboxForFile({ clearFaults: true }, (handle) => (sb = handle));

// The venues' licence, as cron would give it.
const licence = {
  VENUE_INVENTORY_API_KEY: sandboxDemoSecrets['inventory.apiKey'],
  VENUE_INVENTORY_API_SECRET: sandboxDemoSecrets['inventory.apiSecret'],
};

beforeAll(async () => {
  const ok = async (args: string[]) => {
    const run = await sb.run(args);
    expect(run.code, `${args.join(' ')}: ${run.stderr}`).toBe(0);
  };
  await ok(['sandbox', 'fleet', '--venues', '2']);
  const elsewhere = sb.origin.replace('127.0.0.1', 'localhost');
  await ok(['config', 'init', 'chain', '--wallet-url', `${sb.origin}/wallet`, '--booking-url', `${sb.origin}/booking`]);
  for (const [store, venue] of [
    ['store1', 'fleet-1'],
    ['store2', 'fleet-2'],
  ] as const) {
    await ok([
      'config',
      'init',
      store,
      '--extends',
      'chain',
      '--tags',
      'north',
      '--inventory-url',
      `${elsewhere}/fleet/${venue}/inventory`,
      '--user',
      '1',
      '--warehouse',
      '1',
    ]);
  }
}, 60_000);

const summaryOf = (stderr: string) =>
  (JSON.parse(stderr.trimEnd().split('\n').at(-1)!) as { summary: Array<{ profile: string; exitCode: number }> })
    .summary;

describe('--each-profile all', () => {
  it('runs the venues only, and says what it left out', async () => {
    const run = await sb.run(['--each-profile', 'all', '-o', 'json', 'inventory', 'health'], { env: licence });
    expect(run.code, run.stderr).toBe(0);
    expect(summaryOf(run.stderr).map((s) => [s.profile, s.exitCode])).toEqual([
      ['store1', 0],
      ['store2', 0],
    ]);
    expect(run.stderr).toContain(
      '--each-profile all: left out chain (extended by others, no inventory server of its own); fleet-1, fleet-2 (served by the local sandbox): not venues. Name them, or select them by tag, to include them.',
    );
    expect((JSON.parse(run.stdout) as Array<{ profile: string }>).map((r) => r.profile)).toEqual(['store1', 'store2']);
  });

  it('says nothing of it with -q', async () => {
    const run = await sb.run(['-q', '--each-profile', 'all', 'inventory', 'health'], { env: licence });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toMatch(/left out/);
  });

  it('runs a base or sandbox profile that is named, or selected by tag', async () => {
    const named = await sb.run(['--each-profile', 'fleet-1,store1', '-o', 'json', 'inventory', 'health'], {
      env: licence,
    });
    expect(named.code, named.stderr).toBe(0);
    expect(summaryOf(named.stderr).map((s) => s.profile)).toEqual(['fleet-1', 'store1']);
    expect(named.stderr).not.toMatch(/left out/);
    const tagged = await sb.run(['--each-profile', 'tag:sandbox-fleet', '-o', 'json', 'inventory', 'health']);
    expect(tagged.code, tagged.stderr).toBe(0);
    expect(summaryOf(tagged.stderr).map((s) => s.profile)).toEqual(['fleet-1', 'fleet-2']);
    // The base itself, named: it runs (and fails for want of an inventory server, which is what naming it asks).
    const base = await sb.run(['--each-profile', 'chain', '-o', 'json', 'inventory', 'health'], { env: licence });
    expect(summaryOf(base.stderr).map((s) => s.profile)).toEqual(['chain']);
  });

  it('a venue that another profile extends is still a venue', async () => {
    const made = await sb.run(['config', 'init', 'store1-late', '--extends', 'store1']);
    expect(made.code, made.stderr).toBe(0);
    try {
      const run = await sb.run(['--each-profile', 'all', '-o', 'json', 'inventory', 'health'], { env: licence });
      expect(run.code, run.stderr).toBe(0);
      expect(summaryOf(run.stderr).map((s) => s.profile)).toEqual(['store1', 'store1-late', 'store2']);
    } finally {
      await sb.run(['config', 'delete', 'store1-late', '--yes']);
    }
  });

  it('the summary: a table fitted to the terminal, each message whole in its column; in a log, a plain line a venue', async () => {
    // A venue whose inventory server is at a closed port: its message is long.
    const made = await sb.run([
      'config',
      'init',
      'store9',
      '--extends',
      'store1',
      '--inventory-url',
      'http://127.0.0.1:9/inv',
    ]);
    expect(made.code, made.stderr).toBe(0);
    try {
      const args = ['--each-profile', 'store1,store9', 'inventory', 'health'];
      const json = await sb.run([...args, '-o', 'json'], { env: licence });
      const message = (summaryOf(json.stderr) as unknown as Array<{ profile: string; message: string }>).find(
        (s) => s.profile === 'store9',
      )!.message;
      expect(message.length).toBeGreaterThan(40);
      const shown = await sb.run(args, { env: licence, tty: { stderr: true }, columns: 60 });
      expect(shown.code).toBe(6);
      const lines = shown.stderr.split('\n');
      const header = lines.findIndex((l) => /^PROFILE\s+EXIT\s+RESULT\s+TIME\s+MESSAGE$/.test(l));
      expect(header, shown.stderr).toBeGreaterThan(0);
      const end = lines.findIndex((l) => /^2 venues: 1 ok, 1 failed; exit 6$/.test(l));
      const table = lines.slice(header, end);
      for (const line of table) expect(line.length, line).toBeLessThanOrEqual(60);
      const at = lines[header]!.indexOf('MESSAGE');
      const row = table.findIndex((l) => l.startsWith('store9'));
      expect(table[row]).toMatch(/^store9\s+6\s+failed\s+\d+\.\ds\s/);
      expect(
        table
          .slice(row)
          .map((l) => l.slice(at).trim())
          .join(' '),
      ).toBe(message);
      // In a log: the venue's line holds its whole message.
      const logged = await sb.run(args, { env: licence });
      expect(logged.stderr).toMatch(
        new RegExp(`^store9\\s+6\\s+failed\\s+\\d+\\.\\ds\\s+${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'),
      );
    } finally {
      await sb.run(['config', 'delete', 'store9', '--yes']);
    }
  });
});
