#!/usr/bin/env node
// Writes docs/commands.md from the command tree and docs/records.md from the record shapes (the built dist/ code).
// `npm run docs:commands`; test/unit/lib/commands-doc.test.ts fails when the file is stale.

import { writeFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';

const { buildProgram } = await import('../dist/program.js');
const { commandsMarkdown } = await import('../dist/commands/commands-doc.js');
const sink = () => Object.assign(new PassThrough(), { isTTY: false, columns: 100 });
const program = await buildProgram({
  streams: { stdin: new PassThrough(), stdout: sink(), stderr: sink() },
  env: { ...process.env, COLUMNS: '100' },
  version: '0',
  loadAll: true,
});
writeFileSync(new URL('../docs/commands.md', import.meta.url), commandsMarkdown(program));
const { recordsMarkdown } = await import('../dist/lib/records.js');
writeFileSync(new URL('../docs/records.md', import.meta.url), recordsMarkdown());
