// The sandbox is an independent witness of the vendor contract: it keeps its
// own rules and imports nothing from the CLI (venue's src/lib, src/commands,
// …). Were it to share the CLI's schemas, a wrong rule would pass both the
// client's checks and the emulator's, and no test would notice. It is also a
// package of its own: every module under packages/sandbox (src, bin, test)
// may import node builtins, the packages it declares (package.json
// "dependencies"; "devDependencies" too for tests), and other modules of the
// package; nothing else. It writes nowhere but through the logger it is given.
// (venue's `npm run lint:deps` holds the same line with dependency-cruiser.)

import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { packageRoot } from './support/paths.js';

const manifest = JSON.parse(fs.readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
};
const shipped = new Set(Object.keys(manifest.dependencies ?? {}));
const forTests = new Set([...shipped, ...Object.keys(manifest.devDependencies ?? {})]);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sources(full) : /\.(ts|js)$/.test(entry.name) ? [full] : [];
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

/** Why the specifier leaves the package, or undefined when it may be imported (packages from "dependencies", or for tests "devDependencies" too). */
export function problemWith(
  specifier: string,
  file: string,
  allowed: ReadonlySet<string> = shipped,
): string | undefined {
  if (specifier.startsWith('<computed')) return 'a dynamic import that cannot be checked';
  if (specifier.startsWith('.')) {
    const target = path.resolve(path.dirname(file), specifier);
    const inside = path.relative(packageRoot, target);
    return inside.startsWith('..') || path.isAbsolute(inside)
      ? `reaches ${path.relative(packageRoot, target)}, outside the package`
      : undefined;
  }
  if (specifier.startsWith('node:') || builtinModules.includes(specifier)) return undefined;
  if (path.isAbsolute(specifier) || specifier.startsWith('file:')) return 'an absolute path';
  const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
  if (allowed.has(name)) return undefined;
  return `package ${name} is not in package.json "${allowed === shipped ? 'dependencies' : 'dependencies" or "devDependencies'}"`;
}

/** Where the code writes to the process's streams or console itself. */
export function directWrites(code: string): string[] {
  return [
    ...withoutComments(code).matchAll(
      /\b(?:process\.(?:stdout|stderr)\.write|console\.(?:log|info|warn|error|debug))\b/g,
    ),
  ].map((m) => m[0]);
}

describe('the package boundary', () => {
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
    const file = path.join(packageRoot, 'src', 'webhooks', 'delivery.ts');
    expect(problemWith('../../lib/undici.js', file)).toBeUndefined(); // src/lib inside the package: a folder of its own
    expect(problemWith('../../../../src/lib/undici.js', file)).toMatch(
      /reaches \.\.\/\.\.\/src\/lib\/undici\.js, outside the package/,
    );
    expect(
      problemWith('../../../../test/support/venue.js', path.join(packageRoot, 'test', 'x.test.ts'), forTests),
    ).toMatch(/outside the package/);
    expect(problemWith('../rules/webhooks.js', file)).toBeUndefined();
    expect(problemWith('./undici.js', file)).toBeUndefined();
    expect(problemWith('node:crypto', file)).toBeUndefined();
    expect(problemWith('undici', file)).toBeUndefined();
    expect(problemWith('vitest', file)).toMatch(/not in package.json "dependencies"/);
    expect(problemWith('vitest', file, forTests)).toBeUndefined();
    expect(problemWith('commander', file, forTests)).toMatch(/not in package.json "dependencies" or "devDependencies"/);
    expect(
      directWrites("process.stderr.write('x'); console.warn('y'); // console.log('z')\nlog.warn('fine');"),
    ).toEqual(['process.stderr.write', 'console.warn']);
  });

  const check = (folder: string, allowed: ReadonlySet<string>) => {
    // This file names forbidden imports in its own examples (strings, above).
    const files = sources(path.join(packageRoot, folder)).filter((file) => file !== fileURLToPath(import.meta.url));
    expect(files.length).toBeGreaterThan(0);
    return files.flatMap((file) =>
      specifiersIn(fs.readFileSync(file, 'utf8'))
        .map((specifier) => [specifier, problemWith(specifier, file, allowed)] as const)
        .filter(([, problem]) => problem !== undefined)
        .map(([specifier, problem]) => `${path.relative(packageRoot, file)}: '${specifier}' ${problem}`),
    );
  };

  it('no module of the package imports from outside it: its code and bin only what it ships, its tests what it declares', () => {
    expect(sources(path.join(packageRoot, 'src')).length).toBeGreaterThan(10);
    expect([...check('src', shipped), ...check('bin', shipped), ...check('test', forTests)]).toEqual([]);
  });

  it('the code writes nowhere itself: what goes wrong goes to the logger it is given (the bin alone writes to the streams)', () => {
    const writing = sources(path.join(packageRoot, 'src'))
      .filter((file) => path.relative(packageRoot, file) !== path.join('src', 'bin.ts'))
      .flatMap((file) =>
        directWrites(fs.readFileSync(file, 'utf8')).map((write) => `${path.relative(packageRoot, file)}: ${write}`),
      );
    expect(writing).toEqual([]);
  });

  it('the public API (src/index.ts) loads no server code: fastify, the emulators and ajv come with start()', () => {
    const index = fs.readFileSync(path.join(packageRoot, 'src', 'index.ts'), 'utf8');
    const statics = [...withoutComments(index).matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'([^']+)'/gm)].map(
      (m) => m[1],
    );
    expect([...new Set(statics)].sort()).toEqual(
      [
        './contract-files.js',
        './control-client.js',
        './route-layout-error.js',
        './rules/demo-secrets.js',
        './types.js',
      ].sort(),
    );
    for (const light of [
      'control-client.ts',
      'contract-files.ts',
      'route-layout-error.ts',
      'rules/demo-secrets.ts',
      'types.ts',
    ]) {
      const code = withoutComments(fs.readFileSync(path.join(packageRoot, 'src', light), 'utf8'));
      expect(
        [...code.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gm)]
          .map((m) => m[1])
          .filter((s) => !s!.startsWith('node:')),
        light,
      ).toEqual([]);
    }
  });
});
