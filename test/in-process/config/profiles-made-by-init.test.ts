// Profiles are created by `config init` and by nothing else: a setting, a
// secret or an import for a name no profile has (stor1 for store1) is exit 2
// with the closest name, and nothing is stored. `config init` on a profile
// that exists refuses without --force; with it the profile is replaced, not
// merged into: nothing of the old one survives.

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, runVenue, tempDir } from '../../support/in-process.js';

function configOf(dir: string): { profiles?: Record<string, unknown> } {
  return JSON.parse(fs.readFileSync(path.join(dir, 'config.json'), 'utf8')) as { profiles?: Record<string, unknown> };
}

describe('profiles are created by config init', () => {
  it('config set, set-secret and import-openapi on a profile that does not exist are exit 2 naming the closest', async () => {
    const dir = tempDir();
    const env = { VENUE_CONFIG_DIR: dir };
    const init = await runVenue(['config', 'init', 'store1', '--inventory-url', 'https://inv.store1.example'], { env });
    expect(init.code, init.stderr).toBe(0);

    const set = await runVenue(['--profile', 'stor1', 'config', 'set', 'inventory.warehouseId', '2'], { env });
    expect(set.code).toBe(2);
    expect(set.stderr).toContain('no profile named "stor1"');
    expect(set.stderr).toContain('store1');
    expect(set.stderr).toContain('venue config init stor1');

    const secret = await runVenue(
      ['--profile', 'stor1', 'config', 'set-secret', 'inventory.apiKey', '--secret-stdin'],
      {
        env,
        input: 'the-key',
      },
    );
    expect(secret.code).toBe(2);
    expect(secret.stderr).toContain('no profile named "stor1"');

    const doc = path.join(repoRoot, 'test/fixtures/openapi/handwritten.yaml');
    const imported = await runVenue(['--profile', 'stor1', 'config', 'import-openapi', doc, '--yes'], { env });
    expect(imported.code).toBe(2);
    expect(imported.stderr).toContain('no profile named "stor1"');

    // VENUE_PROFILE names the profile the same way.
    const byEnv = await runVenue(['config', 'set', 'inventory.warehouseId', '2'], {
      env: { ...env, VENUE_PROFILE: 'stor1' },
    });
    expect(byEnv.code).toBe(2);

    expect(Object.keys(configOf(dir).profiles ?? {})).toEqual(['store1']);
    expect(fs.existsSync(path.join(dir, 'credentials.json'))).toBe(false);
    const profiles = await runVenue(['config', 'profiles', '-o', 'json'], { env });
    expect(profiles.stdout).not.toContain('stor1"');

    // The profile that exists takes them.
    expect((await runVenue(['--profile', 'store1', 'config', 'set', 'inventory.warehouseId', '2'], { env })).code).toBe(
      0,
    );
  });

  it('config init on a profile that exists refuses without --force; with it the profile is replaced, not merged', async () => {
    const dir = tempDir();
    const env = { VENUE_CONFIG_DIR: dir };
    const run = (args: string[], input?: string) => runVenue(args, { env, input });
    expect((await run(['config', 'init', 'chain', '--wallet-url', 'https://wallet.chain.example'])).code).toBe(0);
    const first = await run([
      'config',
      'init',
      'store1',
      '--wallet-url',
      'https://wallet.store1.example',
      '--inventory-url',
      'https://inv.store1.example',
      '--warehouse',
      '4',
    ]);
    expect(first.code, first.stderr).toBe(0);
    expect(
      (await run(['--profile', 'store1', 'config', 'set-secret', 'inventory.apiKey', '--secret-stdin'], 'k1')).code,
    ).toBe(0);
    const before = JSON.stringify(configOf(dir));

    const again = await run([
      'config',
      'init',
      'store1',
      '--extends',
      'chain',
      '--inventory-url',
      'https://inv.new.example',
    ]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('profile "store1" exists');
    expect(again.stderr).toContain('--force');
    expect(JSON.stringify(configOf(dir))).toBe(before);

    const forced = await run([
      'config',
      'init',
      'store1',
      '--extends',
      'chain',
      '--inventory-url',
      'https://inv.new.example',
      '--force',
    ]);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stderr).toContain('profile "store1" replaced');
    const list = await run(['--profile', 'store1', 'config', 'list', '-o', 'json']);
    const rows = JSON.parse(list.stdout) as Array<{ key: string; value: unknown; source?: string; from?: string }>;
    const row = (key: string) => rows.find((r) => r.key === key);
    // The old wallet.url and warehouse are gone: the wallet comes from chain, the warehouse from nowhere.
    expect(row('wallet.url')).toMatchObject({ value: 'https://wallet.chain.example', source: 'extends chain' });
    expect(row('inventory.url')).toMatchObject({ value: 'https://inv.new.example', source: 'profile' });
    expect(row('inventory.warehouseId')).toMatchObject({ value: '', source: 'unset' });
    expect(row('inventory.apiKey')).toMatchObject({ value: 'unset' });

    // A bad --extends (a loop) refuses before the old profile goes.
    const loop = await run(['config', 'init', 'chain', '--extends', 'store1', '--force']);
    expect(loop.code).toBe(2);
    expect(loop.stderr).toContain('loop');
    const chain = await run(['--profile', 'chain', 'config', 'get', 'wallet.url']);
    expect(chain.stdout.trim()).toBe('https://wallet.chain.example');
  });
});
