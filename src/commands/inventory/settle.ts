// What `inventory receipts resolve` and `inventory stock resolve` share: a
// person's verdict on a write whose answer was lost, from --applied or
// --not-applied, or asked on a terminal after showing the evidence. What
// each shows (its header, its evidence, its words) is the command's own.

import { UsageError } from '../../lib/errors.js';
import type { Context } from '../../cli/context.js';

export interface SettleOptions {
  applied?: boolean;
  notApplied?: boolean;
  note?: string;
}

export type Verdict = 'applied' | 'not-applied';

interface Entry {
  history: Array<{ at: string; status: string; note?: string }>;
  disagreement?: string[];
}

export interface Asking {
  entry: Entry;
  /** Where to look when there is no terminal to ask on. */
  noTerminalHint: string;
  /** Reads the evidence and words it, one line each (read before anything is shown). */
  evidence: () => Promise<{ header: string; title: string; lines: string[] }>;
  question: string;
  choices: Record<Verdict, string>;
  /** Said when the person does not know yet. */
  staysUnknown: string;
}

/** Refused before anything is read: both verdicts at once. */
export function refuseBothVerdicts(options: SettleOptions): void {
  if (options.applied && options.notApplied) throw new UsageError('pass exactly one of --applied or --not-applied');
}

/** The verdict the flags give, or the person's on a terminal; undefined when they leave it unknown. */
export async function settleVerdict(
  ctx: Context,
  options: SettleOptions,
  asking: Asking,
): Promise<Verdict | undefined> {
  refuseBothVerdicts(options);
  if (options.applied) return 'applied';
  if (options.notApplied) return 'not-applied';
  if (!ctx.prompter.canPrompt) throw new UsageError('pass --applied or --not-applied', { hint: asking.noTerminalHint });
  const { header, title, lines } = await asking.evidence();
  ctx.terminal.info(header);
  for (const event of asking.entry.history.slice(-3))
    ctx.terminal.info(`  ${event.at}  ${event.status}${event.note ? `  ${event.note}` : ''}`);
  if (asking.entry.disagreement?.length) {
    ctx.terminal.info('Its answer disagreed with what was sent:');
    for (const line of asking.entry.disagreement) ctx.terminal.info(`  ${line}`);
  }
  ctx.terminal.info(title);
  for (const line of lines) ctx.terminal.info(`  ${line}`);
  const answer = await ctx.prompter.select<Verdict | 'cancel'>(
    asking.question,
    [
      { name: asking.choices.applied, value: 'applied' },
      { name: asking.choices['not-applied'], value: 'not-applied' },
      { name: 'I do not know yet: leave it unknown', value: 'cancel' },
    ],
    { flag: '--applied or --not-applied', default: 'cancel' },
  );
  if (answer !== 'cancel') return answer;
  ctx.terminal.info(asking.staysUnknown);
  return undefined;
}
