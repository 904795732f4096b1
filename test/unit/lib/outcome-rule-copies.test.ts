// The outcome rule lives in src/lib/writes/rule.ts only (issue 18): no other
// module decides from a status whether a write was refused or applied. This
// reads the sources as text; a second copy of the rule fails it.

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../support/venue.js';

function sources(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) =>
      e.isDirectory() ? sources(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : [],
    );
}

describe('the outcome rule has one copy', () => {
  // Exempt: the sandbox (a witness keeps its own rules), errors.ts's categoryForStatus, which maps any
  // answer's status to an exit code (reads included), never to whether a write was applied, and
  // login.ts, which tells why a token exchange failed (refused, missing, failing): a token exchange
  // changes nothing, so no write outcome is decided there.
  it('no isRefusal, refused-status set or 408/503 test outside writes/rule.ts', () => {
    const src = path.join(repoRoot, 'src');
    const offenders: string[] = [];
    for (const file of sources(src)) {
      const rel = path.relative(src, file);
      if (
        rel === path.join('lib', 'writes', 'rule.ts') ||
        rel === path.join('lib', 'errors.ts') ||
        rel === path.join('lib', 'login.ts') ||
        rel.startsWith(`sandbox${path.sep}`)
      )
        continue;
      const code = fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line));
      code.forEach((line, i) => {
        if (/function isRefusal|REFUSED_STATUS|status\s*(===|!==)\s*(408|503)\b|\b(408|503)\s*(===|!==)/.test(line))
          offenders.push(`${rel}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(offenders).toEqual([]);
  });
});
