// `venue __complete -- <words…>`: what the shell scripts of `venue completion`
// call at each TAB. The words are those after `venue`, the last one being the
// word at the cursor (empty after a space). It prints one candidate a line,
// `value<TAB>description` where there is a description, and a last line
// `:files` when the spot takes a file path (the shell then completes file
// names). The words after the command reach it as they are (rawWords), a
// first `--` aside.

import { argument, defineCommand } from '../define.js';
import { commandGroups } from '../tree.js';
import { completeLine, type Completion } from './candidates.js';
import { ServiceValues } from './values.js';

/** Tabs and line breaks would break the one-candidate-a-line answer. */
const oneLine = (text: string): string => text.replace(/[\t\r\n]+/g, ' ').trim();

export function formatCompletion(completion: Completion): string {
  const lines = completion.candidates.map((c) =>
    c.description ? `${oneLine(c.value)}\t${oneLine(c.description)}` : oneLine(c.value),
  );
  if (completion.files) lines.push(':files');
  return lines.length ? `${lines.join('\n')}\n` : '';
}

interface CompleteOptions {
  /** The words as given, one each: the variadic argument reaches run joined with commas. */
  words?: string[];
}

export default defineCommand<CompleteOptions>({
  name: '__complete',
  args: [argument('[words...]', { kind: 'text' })],
  summary: 'Completion candidates for the words after `venue` (used by the completion scripts)',
  examples: ['venue __complete -- --profile store1 inv'],
  // Left out of help and of docs/commands.md.
  hidden: true,
  rawWords: true,
  fleet: { refused: "it is the completion scripts' own command" },
  async run(ctx, options) {
    const words = options.words ?? [];
    const completion = await completeLine(commandGroups, words, new ServiceValues({ env: ctx.env }));
    ctx.terminal.write(formatCompletion(completion));
  },
});
