// The command surface: help everywhere, an example in every command's help,
// output formats and config through the built binary.

import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Command } from 'commander';
import { buildHelpTree } from '../../../src/program.js';
import { runVenue, tempDir } from '../../support/in-process.js';

const configDir = tempDir();
const env = { VENUE_CONFIG_DIR: configDir };
afterAll(() => fs.rmSync(configDir, { recursive: true, force: true }));

function leaves(cmd: Command, path: string[] = []): Array<{ path: string[]; cmd: Command }> {
  const subs = cmd.commands.filter((c) => c.name() !== 'help');
  if (!subs.length) return [{ path, cmd }];
  return subs.flatMap((c) => leaves(c, [...path, c.name()]));
}

describe('help', () => {
  it('`venue` alone and `venue <group>` print help and exit 0', async () => {
    const bare = await runVenue([], { env });
    expect(bare.code).toBe(0);
    expect(bare.stdout).toContain('Usage: venue');
    for (const group of ['config', 'auth', 'inventory', 'wallet', 'booking', 'webhooks', 'sandbox']) {
      const result = await runVenue([group], { env });
      expect(result.code, group).toBe(0);
      expect(result.stdout, group).toContain(`Usage: venue ${group}`);
    }
  });

  it('every command has help with at least one example', async () => {
    const program = await buildHelpTree({ version: '0.0.0', loadAll: true });
    const missing: string[] = [];
    for (const { path, cmd } of leaves(program)) {
      if (!cmd.helpInformation) continue;
      let text = '';
      cmd.configureOutput({ writeOut: (s) => (text += s), writeErr: (s) => (text += s) });
      cmd.outputHelp();
      if (!text.includes('Examples:')) missing.push(path.join(' '));
    }
    expect(missing).toEqual([]);
  });

  it('--version prints the version', async () => {
    const result = await runVenue(['--version']);
    expect(result.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('an unknown command is a usage error', async () => {
    expect((await runVenue(['nonsense'], { env })).code).toBe(2);
    expect((await runVenue(['config', 'nonsense'], { env })).code).toBe(2);
  });
});

describe('config', () => {
  it('creates a profile from flags without a TTY, lists sources, and switches', async () => {
    const init = await runVenue(
      [
        'config',
        'init',
        'north',
        '--inventory-url',
        'https://inv.north.example',
        '--user-id',
        '7',
        '--warehouse-id',
        '2',
        '--use',
      ],
      { env },
    );
    expect(init.code).toBe(0);
    const list = await runVenue(['config', 'list', '-o', 'json'], {
      env: { ...env, VENUE_INVENTORY_WAREHOUSE_ID: '3' },
    });
    const rows = JSON.parse(list.stdout) as Array<{ key: string; value: string; source: string }>;
    expect(rows.find((r) => r.key === 'inventory.url')).toEqual({
      key: 'inventory.url',
      value: 'https://inv.north.example',
      source: 'profile',
    });
    expect(rows.find((r) => r.key === 'inventory.warehouseId')).toEqual({
      key: 'inventory.warehouseId',
      value: '3',
      source: 'environment',
    });
    expect(rows.find((r) => r.key === 'inventory.apiKey')).toEqual({
      key: 'inventory.apiKey',
      value: 'unset',
      source: 'unset',
    });
    const profiles = await runVenue(['config', 'profiles', '-o', 'csv'], { env });
    expect(profiles.stdout).toContain('*,north');
    expect((await runVenue(['config', 'get', 'inventory.userId'], { env })).stdout.trim()).toBe('7');
    expect((await runVenue(['config', 'use', 'sandbox'], { env })).code).toBe(0);
    expect((await runVenue(['config', 'delete', 'north', '--yes'], { env })).code).toBe(0);
  });

  it('refuses plain http to a remote host', async () => {
    const result = await runVenue(['config', 'init', 'x', '--inventory-url', 'http://inventory.lan'], {
      env,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('https');
  });

  it('asks nothing without a TTY: a missing profile name names what to pass', async () => {
    const result = await runVenue(['config', 'init'], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('venue config init <profile>');
  });
});
