// The launcher reads the command line with the front (the reader, the global
// options and the root of the tree) and prints the help the build rendered
// for the words it read, loading no command module, no commander and not
// main: every way of asking for help gives the text the renderer prints
// (VENUE_NO_HELP_CACHE=1), and words the reader refuses are said as errors.
// Process tier: the launcher.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot, tempDir, venueBin } from '../../support/venue.js';

const dir = tempDir('venue-help-launcher-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const trace = path.join(repoRoot, 'test/support/module-trace/trace-modules.mjs');

const env = { PATH: process.env.PATH, HOME: process.env.HOME, VENUE_CONFIG_DIR: path.join(dir, 'config') };
const run = (args: string[], extra: NodeJS.ProcessEnv = {}, node: string[] = []) =>
  spawnSync(process.execPath, [...node, venueBin, ...args], { env: { ...env, ...extra }, encoding: 'utf8' });

/** The source modules the bundle's files a run loaded hold (esbuild marks each with its path). */
function sourcesLoaded(args: string[]): { files: string[]; sources: string[] } {
  const file = path.join(dir, `${args.join('_') || 'none'}.trace`);
  fs.rmSync(file, { force: true });
  const r = run(args, { VENUE_TEST_MODULE_TRACE: file }, ['--import', trace]);
  expect(r.status, r.stderr).toBe(0);
  const files = [
    ...new Set(
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .filter((u) => u.includes('/dist/bundle/'))
        .map((u) => new URL(u).pathname),
    ),
  ];
  const sources = files.flatMap((f) =>
    [...fs.readFileSync(f, 'utf8').matchAll(/^\/\/ ((?:src|node_modules)\/\S+)$/gm)].map((m) => m[1]!),
  );
  return { files: files.map((f) => path.basename(f)), sources };
}

describe('the launcher and the prebuilt help', () => {
  it('answers --help, -h, help <words> and a group alone from the files, as the renderer prints it', () => {
    const asked = [
      ['--help'],
      [],
      ['help'],
      ['inventory', '--help'],
      ['inventory'],
      ['help', 'inventory', 'stock'],
      ['inventory', 'help', 'stock'],
      ['inventory', 'stock', 'levels', '-h'],
      ['inventory', '--help', 'stock'],
      ['help', 'booking', 'book'],
      ['booking', 'order', '--help'],
      ['doctor', '--help'],
      ['--profile', 'x', 'wallet', 'balance', '--help'],
    ];
    for (const args of asked) {
      const fromFiles = run(args);
      expect(fromFiles.status, `${args.join(' ')}: ${fromFiles.stderr}`).toBe(0);
      const rendered = run(args, { VENUE_NO_HELP_CACHE: '1' });
      expect(rendered.status, rendered.stderr).toBe(0);
      expect(fromFiles.stdout, args.join(' ')).toBe(rendered.stdout);
      expect(fromFiles.stdout).toMatch(/^Usage: venue/);
      expect(fromFiles.stderr).toBe('');
    }
  });

  it('loads the front and the declarations on the path only: no main, no commander, no command module', () => {
    for (const args of [
      ['--help'],
      ['inventory', 'stock', 'levels', '--help'],
      ['help', 'booking', 'book'],
      ['--version'],
    ]) {
      const { files, sources } = sourcesLoaded(args);
      expect(files, args.join(' ')).toContain('front.js');
      expect(files, args.join(' ')).not.toContain('main.js');
      expect(sources.filter((s) => s.includes('node_modules/commander/'))).toEqual([]);
      const commandModules = sources.filter(
        (s) => s.startsWith('src/commands/') && !/^src\/commands\/(define|globals|tree|index|argv-words)\.ts$/.test(s),
      );
      // Group indexes on the path only: a group lists its commands by name; no command module is loaded for help.
      expect(
        commandModules.every((s) => /\/index\.ts$/.test(s)),
        `${args.join(' ')}: ${commandModules.join(', ')}`,
      ).toBe(true);
      expect(sources.some((s) => s.startsWith('src/lib/http'))).toBe(false);
    }
    expect(sourcesLoaded(['inventory', 'stock', 'levels', '--help']).sources).toContain(
      'src/commands/inventory/index.ts',
    );
    expect(sourcesLoaded(['inventory', 'stock', 'levels', '--help']).sources).not.toContain(
      'src/commands/wallet/index.ts',
    );
  });

  it('says what the reader refuses, with exit 2, even where help was asked', () => {
    for (const [args, said] of [
      [['inventory', 'nosuch', '--help'], /unknown command "nosuch" for "venue inventory"/],
      [['nosuch', '--help'], /unknown command "nosuch"/],
      [['help', 'nosuch'], /no help for "nosuch"/],
      [['inventory', 'stock', 'levels', '--bogus', '--help'], /unknown option '--bogus'/],
    ] as const) {
      const r = run([...args]);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(said);
    }
    const topic = run(['help', 'exit-codes']);
    expect(topic.status).toBe(0);
    expect(topic.stdout).toMatch(/Exit codes/);
  });
});
