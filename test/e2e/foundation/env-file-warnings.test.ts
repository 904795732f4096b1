// --env-file: a line Node's parser skips is said on stderr, naming the file
// and the line (never the line's text: it may hold a secret), and the command
// runs on with what was read.

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runVenue, tempDir } from '../../support/in-process.js';

describe('--env-file', () => {
  it('warns of each line it cannot read, by file and line, and runs on', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'inventory.env');
    fs.writeFileSync(file, 'VENUE_PROFILE=sandbox\nVENUE_INVENTORY_API_SECRET s3cret-value\nVENUE_TIMEZONE=UTC\n');
    const r = await runVenue(['--env-file', file, 'config', 'path'], { env: { VENUE_CONFIG_DIR: dir } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`warning: --env-file ${file} line 2: not VAR=value (no =): skipped`);
    expect(r.stderr).toContain(`warning: --env-file ${file} line 3: VENUE_TIMEZONE was not read`);
    expect(r.stderr).not.toContain('s3cret');
    expect(r.stdout).toContain(dir);
  });

  it('says nothing of a file it reads whole', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'inventory.env');
    fs.writeFileSync(file, '# the cron job\nVENUE_PROFILE=sandbox\n');
    const r = await runVenue(['--env-file', file, 'config', 'path'], { env: { VENUE_CONFIG_DIR: dir } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('');
  });
});
