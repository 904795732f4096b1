// `venue completion bash|zsh|fish`: prints the shell's script. The scripts ask
// the hidden `venue __complete` (complete.ts) for candidates at each TAB.

import { UsageError } from '../../lib/errors.js';
import { argument, defineCommand } from '../define.js';
import { completionScripts } from './scripts.js';

export default defineCommand({
  name: 'completion',
  // Declared as choices so that completion offers them too; the reader then refuses any other word.
  args: [argument('<shell>', { choices: Object.keys(completionScripts) })],
  summary: 'Print a completion script for bash, zsh or fish',
  examples: ['eval "$(venue completion bash)"', 'venue completion fish > ~/.config/fish/completions/venue.fish'],
  fleet: { refused: 'completion scripts are the same for every profile' },
  async run(ctx, _options, shell) {
    const script = completionScripts[shell!];
    if (!script) throw new UsageError(`shell must be bash, zsh or fish (got "${shell}")`);
    ctx.terminal.write(script);
  },
});
