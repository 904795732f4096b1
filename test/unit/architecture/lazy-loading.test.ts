// Lazy loading happens at command boundaries: a command's module is loaded
// when it runs (a group's index lists it as `load: () => import('./x.js')`),
// and with it, statically, everything it uses: its workflow, client, journal
// and renderer. An import() anywhere else in src/ is a second way of loading
// and is allowed only in the files below, each for the reason it gives
// (docs/architecture.md, "Lazy loading"). Adding one elsewhere fails here: put
// a slow third-party module a rare branch needs in src/lib/lazy-modules.ts (or
// src/cli/lazy-modules.ts for the CLI's own), or import it statically.

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const src = path.join(repoRoot, 'src');

/** Where import() may stay, and why. */
const allowed: Record<string, string> = {
  // (a) the command boundary is the group indexes' `load:` entries, checked below, not listed here.
  // (b) the front door choosing which big part runs.
  'src/main.ts':
    'the front door: the help topics, help rendered by commander, the fleet, the MCP server or one venue run, each loaded only for its run; and the front bundle (src/invocation.ts) reached by import(), so the launcher loads it as one file',
  'src/program.ts':
    'help rendering: commander only for help laid out at run time, and the front bundle (src/invocation.ts) reached by import() so it stays one file',
  'src/each-profile.ts':
    'the front bundle (src/invocation.ts) reached by import(), so it stays one file the launcher loads alone',
  'src/invocation.ts':
    'the front reads every command line (`--version` too): what only a mistake needs (the error, the suggestions and their edit distance, shell quoting) is loaded on a mistake',
  'src/mcp.ts':
    "the MCP server's command boundary: a tool's command declaration, the tool calls and the exit codes' topic are loaded at the first call or read, so listing the tools loads none",
  'src/cli/context.ts':
    'the one context serves every command, and each uses one service or none: a service client, the auth, the route map and the sandbox launcher are loaded when a command first asks for them',
  // (c) a slow module (third-party, or venue's one adapter of one) that a rare branch needs, behind one module a layer.
  'src/lib/lazy-modules.ts':
    "src/lib's and the commands' slow modules on rare branches: conf, proper-lockfile, jose, JMESPath, csv-stringify, standardwebhooks, node:https, the OpenAPI readers, string-width and cli-table3's adapters, undici, zod and its schemas",
  'src/cli/lazy-modules.ts': "the CLI shell's: @inquirer/prompts, ora and chalk, on a terminal only",
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|js|mjs)$/.test(entry.name) ? [full] : [];
  });
}

/** Code without comments (a comment may name what the code must not do). */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

/** A group index's command entry: the command boundary. */
const commandBoundary = /\bload\s*:\s*\(\s*\)\s*=>\s*import\(\s*'\.\/[\w/-]+\.js'\s*\)/g;

/** A group's index (it lists commands; a command whose file is index.ts lists none). */
const isGroupIndex = (text: string) =>
  /\bdefineGroup\s*\(|\bGroupEntry\b/.test(text) && new RegExp(commandBoundary.source).test(text);

/** The import() calls of a file's code that are not the command boundary, each as its line. */
export function dynamicImports(text: string, groupIndex: boolean): string[] {
  let code = withoutComments(text);
  if (groupIndex) code = code.replace(commandBoundary, 'load: () => boundary');
  return code.split('\n').filter((line) => /(^|[^\w$.])import\s*\(/.test(line));
}

const relative = (file: string) => path.relative(repoRoot, file).split(path.sep).join('/');

describe('lazy loading happens at command boundaries', () => {
  it('finds an await import() wherever it is written', () => {
    const take = fs.readFileSync(path.join(src, 'commands/inventory/stock/take.ts'), 'utf8');
    const added = take.replace(
      'async run(',
      "async run2() { const { x } = await import('../../../lib/x.js'); return x; },\n  async run(",
    );
    expect(added).not.toBe(take);
    expect(dynamicImports(added, false)).toHaveLength(1);
    expect(allowed['src/commands/inventory/stock/take.ts']).toBeUndefined();
    // A type written as import('…') is one too: `import type` says it without a second form.
    expect(dynamicImports("let a: import('./x.js').X;", false)).toHaveLength(1);
    // In a group's index, a command's entry is the boundary; anything else is not.
    expect(dynamicImports("{ name: 'take', load: () => import('./take.js') },", true)).toEqual([]);
    expect(dynamicImports("{ name: 'take', load: async () => (await import('./take.js')) },", true)).toHaveLength(1);
  });

  it('has no import() outside the command boundary and the allowlist', () => {
    const found: string[] = [];
    for (const file of sourceFiles(src)) {
      const name = relative(file);
      if (name in allowed) continue;
      const text = fs.readFileSync(file, 'utf8');
      for (const line of dynamicImports(text, isGroupIndex(text))) found.push(`${name}: ${line.trim()}`);
    }
    expect(
      found,
      'import() outside the command boundary: import it statically, or see src/lib/lazy-modules.ts',
    ).toEqual([]);
  });

  it('lists only files that still load something on demand', () => {
    for (const name of Object.keys(allowed)) {
      const text = fs.readFileSync(path.join(repoRoot, name), 'utf8');
      expect(dynamicImports(text, false).length, `${name} is allowed import() but has none`).toBeGreaterThan(0);
    }
  });
});
