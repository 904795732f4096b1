// Each test file is in the folder of its tier (test/README.md): one that
// starts processes (node:child_process, or venue.ts's runVenue, startSandbox,
// sandboxForFile or venueBin; itself or through a helper of test/support) is
// under test/process; one that does not is under test/in-process, the faster
// tier, which takes every journey that needs no real process; test/unit
// runs no venue command, in-process or as a process.

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const testDir = path.join(root, 'test');
const processSupport = path.join(testDir, 'support/venue.ts');
const inProcessSupport = path.join(testDir, 'support/in-process.ts');
const processFunctions = /\b(runVenue|runInterrupted|startSandbox|sandboxForFile|venueBin)\b/;

/** The test-folder files a file imports (static imports, not type-only), with the names it takes from each. */
function importsOf(file: string): Array<{ file: string; names: string }> {
  const text = fs.readFileSync(file, 'utf8');
  const found: Array<{ file: string; names: string }> = [];
  for (const match of text.matchAll(/^import\s+(?!type\s)([^;]*?)\s+from\s+'(\.[^']+)'/gms)) {
    const target = path.resolve(path.dirname(file), match[2]!.replace(/\.js$/, '.ts'));
    if (target.startsWith(testDir) && fs.existsSync(target)) found.push({ file: target, names: match[1]! });
  }
  return found;
}

const memo = new Map<string, boolean>();
/** Whether a file starts processes, itself or through what it imports of the test folder. */
function startsProcesses(file: string, seen = new Set<string>()): boolean {
  const known = memo.get(file);
  if (known !== undefined) return known;
  if (seen.has(file)) return false;
  seen.add(file);
  const text = fs.readFileSync(file, 'utf8');
  const answer =
    /^import\s+(?!type\s)[^;]*?\s+from\s+'node:child_process'/ms.test(text) ||
    importsOf(file).some(({ file: target, names }) =>
      target === processSupport
        ? processFunctions.test(names)
        : target !== inProcessSupport && startsProcesses(target, seen),
    );
  memo.set(file, answer);
  return answer;
}

function testsUnder(tier: string): string[] {
  return fs
    .readdirSync(path.join(testDir, tier), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => path.join(testDir, tier, name));
}

const relative = (file: string) => path.relative(root, file);

describe('test tiers are folders', () => {
  it('has only the three tiers, support and fixtures under test/', () => {
    const folders = fs
      .readdirSync(testDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(folders).toEqual(['fixtures', 'in-process', 'process', 'support', 'unit']);
  });

  it('keeps every file that starts a process under test/process, and no other', () => {
    const inProcess = testsUnder('in-process');
    const processTier = testsUnder('process');
    expect(inProcess.length).toBeGreaterThan(50);
    expect(processTier.length).toBeGreaterThan(20);
    expect(inProcess.filter((file) => startsProcesses(file)).map(relative)).toEqual([]);
    expect(processTier.filter((file) => !startsProcesses(file)).map(relative)).toEqual([]);
  });

  it('keeps unit tests free of venue runs: no CLI entry, no venue process', () => {
    // A unit test may start a tool (mkfifo, a child whose pid it needs), never venue or a sandbox.
    const offenders = testsUnder('unit').filter((file) =>
      importsOf(file).some(
        ({ file: target, names }) =>
          target === inProcessSupport || (target === processSupport && processFunctions.test(names)),
      ),
    );
    expect(offenders.map(relative)).toEqual([]);
  });

  it('would see a file in the wrong folder', () => {
    // The rule's own check: a process test's text read as if it were in-process is caught.
    const aProcessTest = testsUnder('process')[0]!;
    expect(startsProcesses(aProcessTest)).toBe(true);
    const anInProcessTest = testsUnder('in-process')[0]!;
    expect(startsProcesses(anInProcessTest)).toBe(false);
  });
});
