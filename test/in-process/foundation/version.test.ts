// `venue version`: what a bug report needs (as `gh version` and `stripe
// version` print it), with --json for a script; `venue --version` stays the
// version alone.

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, runVenue, tempDir } from '../../support/in-process.js';

const { version } = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };

describe('venue version', () => {
  it('prints the version, Node, the platform and the config directory', async () => {
    const config = tempDir();
    const r = await runVenue(['version'], { env: { VENUE_CONFIG_DIR: config } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(
      `venue ${version}\nnode ${process.version} (${process.platform} ${process.arch})\nconfig directory ${config}\n`,
    );
  });

  it('--json: one object with exactly those fields', async () => {
    const config = tempDir();
    const r = await runVenue(['version', '--json'], { env: { VENUE_CONFIG_DIR: config } });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      version,
      node: process.version,
      platform: process.platform,
      arch: process.arch,
      configDirectory: config,
    });
  });

  it('--version is still the version alone', async () => {
    const r = await runVenue(['--version'], { env: { VENUE_CONFIG_DIR: tempDir() } });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${version}\n`);
  });
});
