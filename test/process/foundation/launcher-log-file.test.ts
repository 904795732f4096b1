// --log-file is opened before anything runs: a file that cannot be opened
// (its folder missing, a folder given) is exit 2 naming the path, said
// through the launcher without a Node stack trace, and nothing else runs.

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseEnv, tempDir, venueBin } from '../../support/venue.js';

describe('the launcher and --log-file', () => {
  it('a log file in a folder that does not exist is exit 2 naming it, with no stack trace', () => {
    const dir = tempDir();
    const env = baseEnv({ VENUE_CONFIG_DIR: dir });
    const log = path.join(dir, 'no-such-folder', 'venue.log');
    const r = spawnSync(process.execPath, [venueBin, '--log-file', log, 'inventory', 'health'], {
      env,
      encoding: 'utf8',
    });
    expect(r.stderr).toContain(`--log-file ${log}`);
    expect(r.stderr).toContain(`the folder ${path.dirname(log)} does not exist`);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stderr).not.toContain('Node.js v');
    expect(r.status).toBe(2);
    expect(fs.existsSync(path.dirname(log))).toBe(false);

    const json = spawnSync(process.execPath, [venueBin, '-o', 'json', '--log-file', dir, 'inventory', 'health'], {
      env,
      encoding: 'utf8',
    });
    expect(json.status).toBe(2);
    expect(JSON.parse(json.stderr.trim().split('\n').at(-1)!)).toMatchObject({
      error: { exitCode: 2, message: `--log-file ${dir} cannot be opened: it is a folder` },
    });
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
