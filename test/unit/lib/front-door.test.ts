// The front door is the one reader of the command line: the launcher takes
// process.argv once and hands the words to the reader (src/commands/argv-words.ts,
// through src/invocation.ts), and everything else runs from the Invocation it
// gives. No other file looks at process.argv, splits a list of words, looks an
// option word up in one, or adds or removes one (as the fleet once did with
// --yes). An import rule cannot see this (.dependency-cruiser.cjs holds the
// others): this scan does.

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const reader = path.join('src', 'commands', 'argv-words.ts');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|js|mjs)$/.test(entry.name) ? [full] : [];
  });
}

/** A file's code without its comments (a comment may name what the code must not do). */
const code = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

/** What reading or rewriting a command line's words looks like. */
const wordHandling: Array<{ what: string; pattern: RegExp }> = [
  { what: 'reads process.argv', pattern: /process\s*\.\s*argv|process\[['"]argv['"]\]/ },
  {
    what: 'indexes, splits or searches a list of argv words',
    pattern:
      /\b(argv|\w+Argv|\w+Args|words)\s*(\[|\.\s*(slice|splice|indexOf|lastIndexOf|includes|filter|find|findIndex|findLast|some|every|shift|unshift|pop|push|at)\s*\()/,
  },
  {
    what: 'looks an option word up in a list',
    pattern: /\.\s*(includes|indexOf|lastIndexOf|findIndex)\(\s*['"`]--?[A-Za-z]/,
  },
  {
    what: 'compares a word with an option word',
    pattern: /(===|!==|==|!=)\s*['"`]--?[A-Za-z]|['"`]--?[A-Za-z][\w-]*['"`]\s*(===|!==)/,
  },
  { what: "tells an option word by its '-'", pattern: /\.\s*startsWith\(\s*['"`]-/ },
];

const LISTS = 'indexes, splits or searches a list of argv words';
const DASH = "tells an option word by its '-'";
const OPTION = 'compares a word with an option word';

/**
 * Where what a pattern sees is no command line: `words` that are the
 * vocabulary of OpenAPI documents, a table of words for messages, text
 * wrapped to a width or the completion scripts' shell code; and option
 * spellings that are a declaration's (define.ts reads '-y, --yes' into its names).
 */
const notCommandLines = new Map<string, { what: string; why: string }>([
  [path.join('src', 'lib', 'openapi', 'vocabulary.ts'), { what: LISTS, why: 'the vocabulary of OpenAPI documents' }],
  [path.join('src', 'lib', 'openapi', 'answers.ts'), { what: LISTS, why: 'the words of field names' }],
  [path.join('src', 'lib', 'openapi', 'route-reading.ts'), { what: LISTS, why: 'the words of a route' }],
  [path.join('src', 'lib', 'openapi', 'path-vars.ts'), { what: LISTS, why: "the words of a path parameter's name" }],
  [path.join('src', 'lib', 'output', 'wrap.ts'), { what: LISTS, why: 'text wrapped to a width' }],
  [
    path.join('src', 'lib', 'openapi', 'review.ts'),
    { what: OPTION, why: "a mapping's provenance, named for the flag that chose it ('--map')" },
  ],
  [
    path.join('src', 'commands', 'config', 'import-openapi.ts'),
    { what: OPTION, why: "a mapping's provenance, named for the flag that chose it ('--map')" },
  ],
  [path.join('src', 'lib', 'writes', 'rule.ts'), { what: LISTS, why: 'a table of verdict words' }],
  [path.join('src', 'lib', 'reading.ts'), { what: LISTS, why: 'the words of an error message' }],
  [path.join('src', 'lib', 'private-file.ts'), { what: LISTS, why: 'a table of error words' }],
  [path.join('src', 'lib', 'output', 'values-for-people.ts'), { what: LISTS, why: 'text wrapped to a width' }],
  [
    path.join('src', 'commands', 'completion', 'scripts.ts'),
    { what: LISTS, why: "the completion scripts' shell code" },
  ],
  [path.join('src', 'commands', 'define.ts'), { what: DASH, why: "a declaration's flags ('-y, --yes')" }],
]);

describe('the front door', () => {
  it('nothing under src/ or bin/ but the reader reads, splits or rewrites argv words', () => {
    const found: string[] = [];
    for (const file of [...sourceFiles(path.join(repoRoot, 'src')), path.join(repoRoot, 'bin', 'venue.js')]) {
      const relative = path.relative(repoRoot, file);
      if (relative === reader) continue;
      const lines = code(file).split('\n');
      for (const [i, line] of lines.entries()) {
        for (const { what, pattern } of wordHandling) {
          if (!pattern.test(line)) continue;
          if (notCommandLines.get(relative)?.what === what) continue;
          // The launcher's one reading: process.argv handed to the reader.
          if (relative === path.join('bin', 'venue.js') && /readInvocation\(process\.argv\.slice\(2\)\)/.test(line))
            continue;
          found.push(`${relative}:${i + 1} ${what}: ${line.trim()}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('the launcher hands process.argv to the reader, once', () => {
    const launcher = fs.readFileSync(path.join(repoRoot, 'bin/venue.js'), 'utf8');
    expect(launcher.match(/process\.argv/g)).toHaveLength(1);
    expect(launcher).toMatch(/readInvocation\(process\.argv\.slice\(2\)\)/);
  });

  it('the scan sees each way of handling words it forbids', () => {
    const caught = (line: string) => wordHandling.filter(({ pattern }) => pattern.test(line)).map((w) => w.what);
    for (const line of [
      'const argv = process.argv.slice(2);',
      "if (argv[0] === 'mcp') {",
      "const words = commandArgv.filter((a) => a !== '--yes' && a !== '-y');",
      "const at = argv.indexOf('help');",
      "const rest = words.slice(1).filter((a) => !a.startsWith('-'));",
      "if (last === '--help' || last === '-h') {",
      "if (!serveArgs.includes('--idle-stop')) serveArgs.push('--idle-stop', '15');",
    ])
      expect(caught(line), line).not.toEqual([]);
    for (const line of [
      "const yes = optionNamed(command.options, '--yes');",
      "const argv = ['--profile', profile, ...tool.argv(args, ['--dry-run'])];",
      'return { texts: filled.map((f) => f.text) };',
    ])
      expect(caught(line), line).toEqual([]);
  });
});
