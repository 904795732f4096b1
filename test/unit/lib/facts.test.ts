// One table of facts, many readers (issue 29): the exit codes, what a script
// does on each, the fleet's order and the confirmation rule live in
// src/lib/facts.ts; help, the help footer, the README (generated between
// markers), the MCP server and its tools read them there. Nothing parses a
// rendering (help text, the README) back into facts: a scan of the sources
// fails on it.

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ExitCode } from '../../../src/lib/errors.js';
import { EXIT_CODES, FLEET_SEVERITY, SCRIPT_ADVICE, confirmationNeed } from '../../../src/lib/facts.js';
import { readmeWithFacts, exitCodesMarkdown } from '../../../src/lib/facts-markdown.js';
import { helpTopics } from '../../../src/cli/help-topics.js';
import { exitCodesFooter } from '../../../src/program.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

describe('the facts', () => {
  it('name every exit code venue gives, once, in order; the advice and the fleet order cover them', () => {
    const codes = Object.values(ExitCode).sort((a, b) => a - b);
    expect(EXIT_CODES.map((f) => f.code)).toEqual(codes);
    const advised = SCRIPT_ADVICE.flatMap((a) => a.codes);
    expect(new Set(advised).size).toBe(advised.length);
    // Every code but 1 (a bug: report it) and 130 (a person stopped it) tells a script what to do.
    expect([...advised, ExitCode.unexpected, ExitCode.interrupted].sort((a, b) => a - b)).toEqual(codes);
    expect([...FLEET_SEVERITY, ExitCode.ok].sort((a, b) => a - b)).toEqual(codes);
  });

  it('are what help, the footer and the README print', () => {
    const topic = helpTopics['exit-codes']!.text;
    const footer = exitCodesFooter();
    for (const { code, short, meaning } of EXIT_CODES) {
      // The topic wraps each meaning at 80 columns: its words, in order, under the code.
      const words = meaning.split(/\s+/).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
      expect(topic).toMatch(new RegExp(`\\n  ${code}\\s+${words.join('\\s+')}`));
      expect(footer).toContain(`${code} ${short}`);
    }
    expect(topic).toContain(FLEET_SEVERITY.join(', '));
    for (const line of [...topic.split('\n'), ...footer.split('\n')]) expect(line.length, line).toBeLessThanOrEqual(80);
    expect(fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8')).toContain(exitCodesMarkdown());
  });

  it('README.md holds the blocks the facts generate (run `npm run docs:readme` after changing a fact)', () => {
    const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    expect(readmeWithFacts(readme)).toBe(readme);
  });

  it('a stale README block is found: a README whose table says another meaning is not what the facts write', () => {
    const stale = fs
      .readFileSync(path.join(repoRoot, 'README.md'), 'utf8')
      .replace('| 4 | not found |', '| 4 | gone |');
    expect(readmeWithFacts(stale)).not.toBe(stale);
  });

  it('the confirmation rule, per declaration', () => {
    const none = {};
    expect(confirmationNeed('always', none, [])).toEqual({ needsYes: true, asks: true });
    expect(confirmationNeed('always', { dryRun: true }, [])).toEqual({ needsYes: false, asks: false });
    expect(confirmationNeed({ never: 'unattended' }, none, [])).toEqual({ needsYes: false, asks: true });
    expect(confirmationNeed({ never: 'own-files' }, none, [])).toEqual({ needsYes: false, asks: false });
    const destructive = { destructive: { when: (o: Record<string, unknown>) => o.all === true, which: 'with --all' } };
    expect(confirmationNeed(destructive, { all: true }, [])).toEqual({ needsYes: true, asks: true });
    expect(confirmationNeed(destructive, none, [])).toEqual({ needsYes: false, asks: false });
    expect(confirmationNeed(undefined, none, [])).toEqual({ needsYes: false, asks: false });
  });
});

/** Every source file of the CLI, the launcher and the build scripts. */
function sources(): string[] {
  const walk = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return walk(full);
      return /\.(ts|js|mjs)$/.test(entry.name) ? [full] : [];
    });
  return ['src', 'bin', 'scripts'].flatMap((dir) => walk(path.join(repoRoot, dir)));
}

/** A file's code without its comments (a comment may name what the code must not do). */
const code = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

/** Where a rendering of facts is reached in code: a help topic's text, a command's help (commander's, or prebuilt), the README. */
const renderings = /helpTopics\b|helpInformation\(|outputHelp\(|help\.txt|dist\/help\b|README/;
/** What reading facts back out of text looks like. */
const parsing = /\.\s*(split|match|matchAll|exec|test|search|replace|replaceAll)\s*\(|new RegExp\(|exitMeanings/;

/**
 * The files that make a rendering (from the facts), and those that reach one
 * only to print or serve it as it is: each line there that reaches it (or a
 * name bound to it) is one of these uses, never handed to anything else.
 */
const makers = new Set([
  path.join('src', 'cli', 'help-topics.ts'),
  // The help renderer: it renders each help (commander's outputHelp) to print it.
  path.join('src', 'program.ts'),
  path.join('src', 'lib', 'facts-markdown.ts'),
  path.join('scripts', 'readme-facts.js'),
  path.join('scripts', 'build-help.js'),
]);
const printers = new Map<string, RegExp[]>([
  // `venue help <topic>` prints the topic.
  [path.join('src', 'main.ts'), [/await import\(/, /\.write\(/]],
  // venue://exit-codes serves the topic as printed.
  [path.join('src', 'mcp.ts'), [/^\s*const exitCodes = async \(\) =>/, /\bread: exitCodes\b/]],
  // The launcher prints the prebuilt help.
  [path.join('bin', 'venue.js'), [/new URL\(/]],
]);

/** The lines of a file that reach a rendering, or a name bound to one, and are not one of the uses allowed there. */
function misuses(rel: string, text: string): string[] {
  if (makers.has(rel)) return [];
  const lines = text.split('\n');
  const bound = lines.flatMap((line) => {
    const binding = /\bconst (\w+) = /.exec(line);
    return binding && renderings.test(line) ? [binding[1]!] : [];
  });
  const reaches = (line: string) =>
    renderings.test(line) || bound.some((name) => new RegExp(`\\b${name}\\b`).test(line));
  const uses = printers.get(rel) ?? [];
  return lines.flatMap((line, i) =>
    reaches(line) && (parsing.test(line) || !uses.some((use) => use.test(line)))
      ? [`${rel}:${i + 1}: ${line.trim()}`]
      : [],
  );
}

describe('no file parses help or README text to get facts back', () => {
  it('reaches a help topic, the prebuilt help or the README only to print, serve or write it', () => {
    const offenders = sources().flatMap((file) => misuses(path.relative(repoRoot, file), code(file)));
    expect(offenders).toEqual([]);
  });

  it('the scan finds a parse: the MCP server as it was, reading the meanings out of the topic', () => {
    const was = [
      "  const exitCodes = async () => (await import('./cli/help-topics.js')).helpTopics['exit-codes']!.text;",
      '    { ...RESOURCES.exitCodes, read: exitCodes },',
      '        meanings: exitMeanings(await exitCodes()),',
    ].join('\n');
    expect(misuses(path.join('src', 'mcp.ts'), was)).toEqual([
      `src/mcp.ts:3: meanings: exitMeanings(await exitCodes()),`,
    ]);
    const readme = "const rows = readFileSync('README.md', 'utf8').split('\\n');";
    expect(misuses(path.join('src', 'x.ts'), readme)).toHaveLength(1);
    // docs/commands.md as it was made: each command's examples read back out of its help text.
    const doc = '  const help = cmd.helpInformation() + collectAfterText(cmd);';
    expect(misuses(path.join('src', 'commands', 'commands-doc.ts'), doc)).toHaveLength(1);
  });
});
