// The import rules of `npm run lint:deps` (.dependency-cruiser.cjs) run on a
// probe tree: a file under src/lib importing ora, @inquirer/prompts, commander
// or the CLI shell is refused, and the same imports from src/cli are allowed.
// (Left out of the graph, the .d.ts entries of ora and the prompts once hid
// them from the rule: this test fails if that comes back.)

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import { cruise } from 'dependency-cruiser';

const root = path.resolve(import.meta.dirname, '../../..');
const config = createRequire(import.meta.url)(path.join(root, '.dependency-cruiser.cjs')) as {
  forbidden: unknown[];
  options: Record<string, unknown>;
};
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-lint-deps-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const cliImports =
  "import ora from 'ora';\nimport { input } from '@inquirer/prompts';\nimport { Command } from 'commander';\n";

function write(file: string, text: string): void {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), text);
}

async function violations(): Promise<string[]> {
  const { tsConfig: _ownTsConfig, ...options } = config.options;
  const result = await cruise(['src'], {
    ...options,
    baseDir: dir,
    ruleSet: { forbidden: config.forbidden },
    validate: true,
  } as never);
  const output = result.output as {
    summary: { violations: Array<{ rule: { name: string }; from: string; to: string }> };
  };
  return output.summary.violations
    .map((v) => `${v.rule.name}: ${v.from} -> ${v.to.replace(/^.*\/node_modules\//, 'node_modules/')}`)
    .sort();
}

describe('lint:deps: src/lib holds no CLI', () => {
  it('refuses ora, prompts, commander and the CLI shell under src/lib, and allows them in src/cli', async () => {
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
    write(
      'tsconfig.json',
      JSON.stringify({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022' } }),
    );
    write('src/cli/terminal.ts', `${cliImports}export const shell = [ora, input, Command];\n`);
    write(
      'src/lib/deep/probe.ts',
      `${cliImports}import { shell } from '../../cli/terminal.js';\nexport const all = [ora, input, Command, shell];\n`,
    );
    const found = await violations();
    expect(found.map((v) => v.replace(/ -> node_modules\/((?:@[^/]+\/)?[^/]+)\/.*$/, ' -> $1'))).toEqual([
      'lib-holds-no-cli: src/lib/deep/probe.ts -> @inquirer/prompts',
      'lib-holds-no-cli: src/lib/deep/probe.ts -> commander',
      'lib-holds-no-cli: src/lib/deep/probe.ts -> ora',
      'lib-imports-nothing-above: src/lib/deep/probe.ts -> src/cli/terminal.ts',
    ]);
  }, 60_000);
});
