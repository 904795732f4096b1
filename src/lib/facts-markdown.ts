// The README's blocks that are facts (src/lib/facts.ts and the outcome rule,
// src/lib/writes/rule.ts), as Markdown, and the README with them put in
// place between their markers. scripts/readme-facts.js writes them
// (`npm run docs:readme`); test/unit/lib/facts.test.ts fails when the README
// holds other text between the markers.

import { CONFIRMATION_RULE, EXIT_CODES } from './facts.js';
import { outcomeTableMarkdown } from './writes/rule.js';

/** The exit codes as a Markdown table. */
export function exitCodesMarkdown(): string {
  return ['| code | meaning |', '|---|---|', ...EXIT_CODES.map(({ code, meaning }) => `| ${code} | ${meaning} |`)].join(
    '\n',
  );
}

/** Each generated block: its name in the markers, and its text. */
export function readmeBlocks(): Record<string, string> {
  return {
    'exit-codes': exitCodesMarkdown(),
    'write-outcomes': outcomeTableMarkdown(),
    confirmation: CONFIRMATION_RULE,
  };
}

const start = (name: string) => `<!-- ${name}: generated from src/lib/facts.ts by npm run docs:readme -->`;
const end = (name: string) => `<!-- /${name} -->`;

/** The README with every block between its markers replaced; a block whose markers are missing is an error. */
export function readmeWithFacts(readme: string): string {
  let text = readme;
  for (const [name, block] of Object.entries(readmeBlocks())) {
    const from = text.indexOf(start(name));
    const to = text.indexOf(end(name));
    if (from === -1 || to === -1 || to < from)
      throw new Error(`README.md has no "${start(name)}" … "${end(name)}" markers`);
    text = `${text.slice(0, from)}${start(name)}\n${block}\n${text.slice(to)}`;
  }
  return text;
}
