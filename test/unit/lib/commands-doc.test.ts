import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildHelpTree } from '../../../src/program.js';
import { commandsMarkdown } from '../../../src/commands/commands-doc.js';
import { repoRoot } from '../../support/venue.js';

describe('docs/commands.md', () => {
  it('is what the command tree generates (run `npm run docs:commands` after changing a command)', async () => {
    const program = await buildHelpTree({ version: '0', loadAll: true });
    const generated = commandsMarkdown(program);
    const committed = fs.readFileSync(path.join(repoRoot, 'docs/commands.md'), 'utf8');
    expect(committed).toBe(generated);
    expect(generated).toContain('### venue inventory stock receive');
  });
});
