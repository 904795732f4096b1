// --env-file: a line Node's parser skips is said on stderr, naming the file
// and the line (never the line's text: it may hold a secret), and the command
// runs on with what was read.

import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
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
    // Node 20 takes line 3 with line 2; Node 24 reads it. Said exactly when this Node did not read it.
    const read = 'VENUE_TIMEZONE' in parseEnv(fs.readFileSync(file, 'utf8'));
    const missing = `warning: --env-file ${file} line 3: VENUE_TIMEZONE was not read (line 2 before it is not VAR=value)`;
    if (read) expect(r.stderr).not.toContain('VENUE_TIMEZONE');
    else expect(r.stderr).toContain(missing);
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
