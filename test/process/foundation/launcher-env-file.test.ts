// The launcher run as a shell runs it (by its #! line): Node 20 reads an
// --env-file anywhere on its command line, even after the script, and fails
// with its own "node: … not found", exit 9. The launcher's `node --` keeps
// the words venue's, so a missing --env-file is venue's exit 2.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseEnv, tempDir, venueBin } from '../../support/venue.js';

describe('the launcher and --env-file', () => {
  it("a missing --env-file is venue's exit 2, not Node's exit 9", () => {
    const dir = tempDir();
    const env = {
      ...baseEnv({ VENUE_CONFIG_DIR: dir }),
      PATH: `${path.dirname(process.execPath)}:${process.env.PATH}`,
    };
    const r = spawnSync(venueBin, ['--env-file', path.join(dir, 'nope.env'), 'config', 'path'], {
      env,
      encoding: 'utf8',
    });
    expect(r.stderr).not.toContain('node:');
    expect(r.stderr).toContain('--env-file');
    expect(r.stderr).toContain('no such file');
    expect(r.status).toBe(2);
    const file = path.join(dir, 'venue.env');
    fs.writeFileSync(file, 'VENUE_DEADLINE=-3\n');
    const read = spawnSync(venueBin, ['--env-file', file, 'config', 'path'], { env, encoding: 'utf8' });
    expect(read.stderr).toContain('VENUE_DEADLINE must be a positive number');
    expect(read.status).toBe(2);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
