// The sandbox is an independent witness of the vendor contract: it keeps its
// own rules and imports nothing from the CLI (src/lib, src/commands, …). Were
// it to share the CLI's schemas, a wrong rule would pass both the client's
// checks and the emulator's, and no test would notice. Every module under
// src/sandbox may import node builtins, the packages venue ships
// (package.json "dependencies": the sandbox ships in the package), and other
// modules under src/sandbox; nothing else.

import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../support/venue.js';
import { sandboxDemoSecrets } from '../../../src/sandbox/rules/demo-secrets.js';
import { sandboxDemoSecrets as cliDemoSecrets } from '../../../src/lib/sandbox-address.js';

const sandboxDir = path.join(repoRoot, 'src', 'sandbox');
const shipped = new Set(Object.keys(JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).dependencies ?? {}));

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sources(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The code without comments (block comments, and line comments that start a line or follow code after a space). */
function withoutComments(code: string): string {
  return code.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|\s)\/\/.*$/gm, '$1');
}

/**
 * Every module specifier the code names: static imports and re-exports
 * (`import … from`, `export … from`, `import '…'`, `import type`), dynamic
 * `import(…)` and `require(…)`. A dynamic import of anything but a plain
 * string cannot be checked and is reported as `<computed: …>` (a require of
 * one is not: `require(request, kinds)` is also a method's name).
 */
export function specifiersIn(code: string): string[] {
  const text = withoutComments(code);
  const found: string[] = [];
  const patterns = [
    /(?<![.\w$])(?:import|export)\b[^'"`;]*?\bfrom\s*(['"])([^'"]+)\1/g,
    /(?<![.\w$])import\s*(['"])([^'"]+)\1/g,
    // Not a method of the same name: tokens.require(…) is no module.
    /(?<![.\w$])(?:import|require)\s*\(\s*(['"`])([^'"`$]+)\1\s*[,)]/g,
  ];
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.push(match[2]!);
  for (const match of text.matchAll(/(?<![.\w$])import\s*\(\s*(?!['"`][^'"`$]*['"`]\s*[,)])([^)]*)\)/g)) {
    found.push(`<computed: ${match[1]!.trim()}>`);
  }
  return found;
}

/** Why the specifier leaves the sandbox, or undefined when it may be imported. */
export function problemWith(specifier: string, file: string): string | undefined {
  if (specifier.startsWith('<computed')) return 'a dynamic import that cannot be checked';
  if (specifier.startsWith('.')) {
    const target = path.resolve(path.dirname(file), specifier);
    const inside = path.relative(sandboxDir, target);
    return inside.startsWith('..') || path.isAbsolute(inside) ? `reaches ${path.relative(repoRoot, target)}, outside src/sandbox` : undefined;
  }
  if (specifier.startsWith('node:') || builtinModules.includes(specifier)) return undefined;
  if (path.isAbsolute(specifier) || specifier.startsWith('file:')) return 'an absolute path';
  const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
  return shipped.has(name) ? undefined : `package ${name} is not in package.json "dependencies"`;
}

describe('the sandbox boundary', () => {
  it('finds every kind of import, including lazy ones', () => {
    const code = [
      "import { z } from 'zod';",
      "import type { FastifyInstance } from 'fastify';",
      'import {',
      '  padId,',
      "} from '../../lib/inventory/ids.js';",
      "export { sign } from '../../lib/webhooks/signature.js';",
      "export * from '../../commands/x.js';",
      "import './side-effect.js';",
      "const { request } = await import('../../lib/undici.js');",
      'const later = await import(`../../lib/later.js`);',
      "const cjs = require('../../lib/cjs.js');",
      'const computed = await import(name);',
      "// import { ignored } from '../../lib/comment.js';",
      "const url = 'https://example.com'; // from '../../lib/trailing-comment.js'",
    ].join('\n');
    expect(specifiersIn(code).sort()).toEqual(
      [
        'zod',
        'fastify',
        '../../lib/inventory/ids.js',
        '../../lib/webhooks/signature.js',
        '../../commands/x.js',
        './side-effect.js',
        '../../lib/undici.js',
        '../../lib/later.js',
        '../../lib/cjs.js',
        '<computed: name>',
      ].sort(),
    );
    const file = path.join(sandboxDir, 'webhooks', 'delivery.ts');
    expect(problemWith('../../lib/undici.js', file)).toMatch(/src\/lib\/undici\.js, outside src\/sandbox/);
    expect(problemWith('../rules/webhooks.js', file)).toBeUndefined();
    expect(problemWith('./undici.js', file)).toBeUndefined();
    expect(problemWith('node:crypto', file)).toBeUndefined();
    expect(problemWith('undici', file)).toBeUndefined();
    expect(problemWith('vitest', file)).toMatch(/not in package.json "dependencies"/);
  });

  it('no module under src/sandbox imports from outside it', () => {
    const files = sources(sandboxDir);
    expect(files.length).toBeGreaterThan(10);
    const offenders = files.flatMap((file) =>
      specifiersIn(fs.readFileSync(file, 'utf8'))
        .map((specifier) => [specifier, problemWith(specifier, file)] as const)
        .filter(([, problem]) => problem !== undefined)
        .map(([specifier, problem]) => `${path.relative(repoRoot, file)}: '${specifier}' ${problem}`),
    );
    expect(offenders).toEqual([]);
  });

  it("keeps the same demo secrets as the CLI's sandbox profile and the README", () => {
    expect(sandboxDemoSecrets).toEqual(cliDemoSecrets);
    const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    for (const secret of Object.values(sandboxDemoSecrets)) expect(readme).toContain(`\`${secret}\``);
  });
});
