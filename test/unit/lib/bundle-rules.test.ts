// The bundled build (scripts/bundle.js) splits at dynamic imports; a CommonJS
// package imported lazily there keeps only a default export. undici is
// therefore always reached through src/lib/undici.ts.

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../support/venue.js';

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sources(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('bundle rules', () => {
  it('no module imports undici lazily except src/lib/undici.ts', () => {
    const offenders = sources(path.join(repoRoot, 'src'))
      .filter((file) => !file.endsWith(path.join('lib', 'undici.ts')))
      .filter((file) => /import\(\s*['"]undici['"]\s*\)/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(repoRoot, file));
    expect(offenders).toEqual([]);
  });
});
