// The front door is the one reader of the command line: the launcher takes
// process.argv once and hands the words to main, which reads them into an
// invocation (src/invocation.ts). No other file looks at process.argv. An
// import rule cannot see this (.dependency-cruiser.cjs holds the others).

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|js|mjs)$/.test(entry.name) ? [full] : [];
  });
}

describe('the front door', () => {
  it('nothing under src/ reads process.argv; the launcher reads it once', () => {
    const readers = sourceFiles(path.join(repoRoot, 'src')).filter((file) =>
      /process\s*\.\s*argv|process\[['"]argv['"]\]/.test(fs.readFileSync(file, 'utf8').replace(/\/\/.*$/gm, '')),
    );
    expect(readers.map((f) => path.relative(repoRoot, f))).toEqual([]);
    const launcher = fs.readFileSync(path.join(repoRoot, 'bin/venue.js'), 'utf8');
    expect(launcher.match(/process\.argv/g)).toHaveLength(1);
  });
});
