#!/usr/bin/env node
// Writes the README's fact blocks (the exit codes, the write outcome rule, the
// confirmation rule) between their markers, from the built facts
// (dist/lib/facts-markdown.js). `npm run docs:readme`; test/unit/lib/facts.test.ts
// fails when the README is stale.

import { readFileSync, writeFileSync } from 'node:fs';

const readmeUrl = new URL('../README.md', import.meta.url);
const { readmeWithFacts } = await import('../dist/lib/facts-markdown.js');
const before = readFileSync(readmeUrl, 'utf8');
const after = readmeWithFacts(before);
if (after !== before) writeFileSync(readmeUrl, after);
console.log(after === before ? 'README.md: facts up to date' : 'README.md: facts written');
