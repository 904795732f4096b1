// A secret is an option of kind secret (issue 29), and its value is never the
// secret itself: for every such option of the tree, from its declaration, a
// secret typed on the command line is refused before anything runs (exit 2,
// naming the option and the ways the command takes the secret), and the value
// is written nowhere: not on stdout or stderr, not in --log-file's log. An
// option that names an environment variable takes that name.

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { everyDeclaration } from '../../../src/commands/argv-words.js';
import {
  argumentShape,
  argumentSpecs,
  flagNames,
  isGroupModule,
  type CommandModule,
} from '../../../src/commands/define.js';
import { rootGroups } from '../../../src/commands/index.js';
import { runVenue, tempDir } from '../../support/in-process.js';

const dir = tempDir('venue-secret-options-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const SECRET = 'Sup3r secret: do-not-log';

const secretOptions = (await everyDeclaration(rootGroups)).flatMap(({ path: words, module }) => {
  if (isGroupModule(module)) return [];
  const command = module as CommandModule<any>;
  return (command.options ?? [])
    .filter((o) => (o.kind === 'secret' || o.kind === 'secret-on-command-line') && flagNames(o.flags).takesValue)
    .map((spec) => ({ words, command, spec }));
});

describe('a secret never comes from the command line', () => {
  it('covers the secret options of the tree', () => {
    expect(secretOptions.length).toBeGreaterThan(10);
    console.log(`secret options: ${secretOptions.length} checked`);
  });

  for (const { words, command, spec } of secretOptions) {
    const flag = flagNames(spec.flags).long!;
    it(`venue ${words.join(' ')} ${flag} <a secret>: exit 2, the value nowhere`, async () => {
      const log = path.join(dir, `${words.join('-')}${flag}.log`);
      // The command's required values, so that the secret is the only thing wrong.
      const required = (command.options ?? [])
        .filter((o) => o.required)
        .flatMap((o) => [flagNames(o.flags).long!, 'x']);
      const operands = argumentSpecs(command.args)
        .filter((a) => argumentShape(a.spec).required)
        .map(() => 'x');
      const result = await runVenue(['--log-file', log, ...words, ...required, flag, SECRET, '--', ...operands], {
        env: { VENUE_CONFIG_DIR: path.join(dir, 'config'), VENUE_SANDBOX_AUTOSTART: '0' },
      });
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toContain(flag);
      expect(result.stderr).toMatch(/environment variable|command line/);
      const logged = fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : '';
      for (const text of [result.stdout, result.stderr, logged]) expect(text).not.toContain(SECRET);
    });
  }

  it('an option naming an environment variable takes its name', async () => {
    const result = await runVenue(
      [
        'webhooks',
        'create',
        '--url',
        'https://erp.example.com/h',
        '--events',
        'stock.adjusted',
        '--secret-env',
        'ERP_SECRET',
        '--dry-run',
      ],
      {
        env: {
          VENUE_CONFIG_DIR: path.join(dir, 'config'),
          VENUE_SANDBOX_AUTOSTART: '0',
          ERP_SECRET: 'erp-secret-0123456789abcdef',
        },
      },
    );
    expect(result.stderr).not.toMatch(/environment variable that holds the secret/);
    expect(result.stdout + result.stderr).not.toContain('erp-secret-0123456789abcdef');
  });
});
