// venue and the venue-sandbox package (packages/sandbox): the CLI uses the
// sandbox through the package's public API only, bundles it (so it declares
// the package's dependencies itself, with the same ranges), and keeps its own
// copy of what it needs to know without loading sandbox code (the demo
// credentials of the sandbox profile, the dialect names in help).

import fs from 'node:fs';
import path from 'node:path';
import { DIALECT_NAMES, demoCredentials } from 'venue-sandbox';
import { describe, expect, it } from 'vitest';
import { DIALECT_CHOICES } from '../../../src/commands/sandbox/dialect-option.js';
import { sandboxDemoSecrets } from '../../../src/lib/sandbox-address.js';
import { repoRoot } from '../../support/venue.js';

type Manifest = {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  workspaces?: string[];
};
const readManifest = (file: string) => JSON.parse(fs.readFileSync(path.join(repoRoot, file), 'utf8')) as Manifest;
const cli = readManifest('package.json');
const sandbox = readManifest('packages/sandbox/package.json');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sources(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Every module specifier in code (static, dynamic and type imports, re-exports); comments left out. */
export function specifiersIn(code: string): string[] {
  const text = code.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|\s)\/\/.*$/gm, '$1');
  return [
    ...text.matchAll(/(?<![.\w$])(?:import|export)\b[^'"`;]*?\bfrom\s*(['"])([^'"]+)\1/g),
    ...text.matchAll(/(?<![.\w$])import\s*\(\s*(['"`])([^'"`$]+)\1\s*[,)]/g),
  ].map((match) => match[2]!);
}

/** Why a specifier in file reaches into the sandbox package past its API, or undefined. */
export function reachesIntoPackage(specifier: string, file: string): string | undefined {
  if (specifier.startsWith('venue-sandbox/')) return 'a subpath of venue-sandbox (only its entry is public)';
  if (!specifier.startsWith('.')) return undefined;
  const target = path.relative(repoRoot, path.resolve(path.dirname(file), specifier));
  if (target.startsWith(`packages${path.sep}`) || target === 'packages') return `a file inside the package (${target})`;
  if (target.startsWith(`src${path.sep}sandbox`)) return `the sandbox's old folder (${target})`;
  return undefined;
}

describe('venue and the venue-sandbox package', () => {
  it('is a workspace the CLI builds against and bundles (a devDependency: nothing to fetch at install)', () => {
    expect(cli.workspaces).toEqual(['packages/*']);
    expect(cli.devDependencies?.['venue-sandbox']).toBe(
      JSON.parse(fs.readFileSync(path.join(repoRoot, 'packages/sandbox/package.json'), 'utf8')).version,
    );
    expect(cli.dependencies).not.toHaveProperty('venue-sandbox');
  });

  it("declares every dependency of the sandbox with the same range (the bundled sandbox imports them from the CLI's node_modules)", () => {
    for (const [name, range] of Object.entries(sandbox.dependencies ?? {}))
      expect(cli.dependencies?.[name], name).toBe(range);
  });

  it('reaches the sandbox through its public API only: no file of src/ imports a file inside the package', () => {
    expect(reachesIntoPackage('venue-sandbox', path.join(repoRoot, 'src/lib/x.ts'))).toBeUndefined();
    expect(reachesIntoPackage('venue-sandbox/dist/server.js', path.join(repoRoot, 'src/lib/x.ts'))).toMatch(/subpath/);
    expect(reachesIntoPackage('../../packages/sandbox/src/server.js', path.join(repoRoot, 'src/lib/x.ts'))).toMatch(
      /inside the package/,
    );
    expect(reachesIntoPackage('../../sandbox/types.js', path.join(repoRoot, 'src/commands/sandbox/x.ts'))).toMatch(
      /old folder/,
    );
    const offenders = sources(path.join(repoRoot, 'src')).flatMap((file) =>
      specifiersIn(fs.readFileSync(file, 'utf8'))
        .map((specifier) => [specifier, reachesIntoPackage(specifier, file)] as const)
        .filter(([, problem]) => problem !== undefined)
        .map(([specifier, problem]) => `${path.relative(repoRoot, file)}: '${specifier}' is ${problem}`),
    );
    expect(offenders).toEqual([]);
    expect(fs.existsSync(path.join(repoRoot, 'src/sandbox'))).toBe(false);
  });

  it('keeps the same demo secrets as the sandbox and the README', () => {
    expect(sandboxDemoSecrets).toEqual(demoCredentials);
    const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    for (const secret of Object.values(demoCredentials)) expect(readme).toContain(`\`${secret}\``);
  });

  it("names the sandbox's dialects in help, venue's first", () => {
    expect(DIALECT_CHOICES.replace(' (default)', '').split(', ')).toEqual([...DIALECT_NAMES]);
  });
});
