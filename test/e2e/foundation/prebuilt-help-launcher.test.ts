// The launcher prints group and command help from the prebuilt files without
// loading anything of the CLI: a copy of the package holding the launcher, its
// package.json and the help files but no bundle answers every way of asking
// for help, with the same text the whole package prints; a word no command
// has goes to the CLI (which, without a bundle here, cannot answer). Process
// tier: the launcher.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot, tempDir, venueBin } from '../../support/venue.js';

const copy = tempDir('venue-help-only-');
fs.mkdirSync(path.join(copy, 'bin'));
fs.mkdirSync(path.join(copy, 'dist'));
fs.copyFileSync(venueBin, path.join(copy, 'bin/venue.js'));
fs.copyFileSync(path.join(repoRoot, 'package.json'), path.join(copy, 'package.json'));
fs.copyFileSync(path.join(repoRoot, 'dist/help.txt'), path.join(copy, 'dist/help.txt'));
fs.cpSync(path.join(repoRoot, 'dist/help'), path.join(copy, 'dist/help'), { recursive: true });
afterAll(() => fs.rmSync(copy, { recursive: true, force: true }));

const env = { PATH: process.env.PATH, HOME: process.env.HOME, VENUE_CONFIG_DIR: path.join(copy, 'config') };
const run = (bin: string, args: string[], extra: NodeJS.ProcessEnv = {}) =>
  spawnSync(process.execPath, [bin, ...args], { env: { ...env, ...extra }, encoding: 'utf8' });

describe('the launcher and the prebuilt help', () => {
  it('answers --help, -h, help <words> and a group alone from the files, loading no bundle', () => {
    const asked = [
      ['--help'],
      ['help'],
      ['inventory', '--help'],
      ['inventory'],
      ['help', 'inventory', 'stock'],
      ['inventory', 'stock', 'levels', '-h'],
      ['help', 'booking', 'book'],
      ['doctor', '--help'],
    ];
    for (const args of asked) {
      const fromFiles = run(path.join(copy, 'bin/venue.js'), args);
      expect(fromFiles.status, `${args.join(' ')}: ${fromFiles.stderr}`).toBe(0);
      const rendered = run(venueBin, args, { VENUE_NO_HELP_CACHE: '1' });
      expect(rendered.status, rendered.stderr).toBe(0);
      expect(fromFiles.stdout, args.join(' ')).toBe(rendered.stdout);
      expect(fromFiles.stderr).toBe('');
    }
  });

  it('leaves to the CLI a word no command has, and a command run without --help', () => {
    for (const args of [
      ['inventory', 'nosuch', '--help'],
      ['nosuch', '--help'],
      ['help', 'nosuch'],
      ['help', 'exit-codes'],
      ['doctor'],
      ['inventory', '--help', 'stock'],
    ]) {
      const r = run(path.join(copy, 'bin/venue.js'), args);
      // No bundle in the copy: reaching the CLI fails to load it.
      expect(r.status, args.join(' ')).not.toBe(0);
      expect(r.stderr).toMatch(/Cannot find module|ERR_MODULE_NOT_FOUND/);
    }
  });
});
