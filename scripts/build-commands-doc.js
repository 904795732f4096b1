#!/usr/bin/env node
// Writes docs/commands.md from the command tree and docs/records.md from the record shapes (the built dist/ code).
// `npm run docs:commands`; test/unit/lib/commands-doc.test.ts fails when the file is stale.

import { writeFileSync } from 'node:fs';

const { buildHelpTree } = await import('../dist/program.js');
const { commandsMarkdown } = await import('../dist/commands/commands-doc.js');
const program = await buildHelpTree({ version: '0', loadAll: true });
writeFileSync(new URL('../docs/commands.md', import.meta.url), commandsMarkdown(program));
const { recordsMarkdown } = await import('../dist/lib/records.js');
writeFileSync(new URL('../docs/records.md', import.meta.url), recordsMarkdown());
