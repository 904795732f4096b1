#!/usr/bin/env node
// Renders `venue --help` once at build time into dist/help.txt. The root help
// is static (groups and global options), and printing it from a file lets the
// launcher answer without loading commander: start-up time is a feature.

import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../bin/venue.js', import.meta.url));
const result = spawnSync(process.execPath, [bin, '--help'], {
  env: { ...process.env, VENUE_NO_HELP_CACHE: '1', COLUMNS: '80' },
  encoding: 'utf8',
});
if (result.status !== 0) {
  process.stderr.write(result.stderr);
  process.exit(1);
}
writeFileSync(new URL('../dist/help.txt', import.meta.url), result.stdout);
