// The one rule for which writes ask a person before they send (lib/facts.ts,
// CONFIRMATION_RULE), applied for every command from its declaration
// (CommandModule.confirmation): before a run starts (src/run.ts), a run that
// needs a yes, without --yes and without a terminal to ask on, is refused
// (exit 2 naming --yes; nothing was sent, since the run never started); and
// in the run, just before it sends, confirmWrite asks on a terminal. A
// command never decides this for itself.

import { confirmationNeed, type ConfirmationDeclaration } from '../lib/facts.js';
import { DeclinedError, UsageError } from '../lib/errors.js';
import type { Asking } from '../lib/questions.js';

/** Refuses, before it starts, a run the rule says needs --yes when it has none and there is no terminal to ask on. */
export function refuseUnconfirmed(
  run: {
    path: readonly string[];
    confirmation: ConfirmationDeclaration | undefined;
    options: Readonly<Record<string, unknown>>;
    args: readonly string[];
    /** The command has a --dry-run (the hint names it). */
    dryRun: boolean;
  },
  canPrompt: boolean,
): void {
  const need = confirmationNeed(run.confirmation, run.options, run.args);
  if (!need.needsYes || run.options.yes === true || canPrompt) return;
  const which =
    typeof run.confirmation === 'object' && 'destructive' in run.confirmation
      ? ` ${run.confirmation.destructive.which}`
      : '';
  throw new UsageError(
    `\`venue ${run.path.join(' ')}\`${which} asks before it sends, and there is no terminal to ask on: pass --yes`,
    {
      hint: `Nothing was sent.${run.dryRun ? ' --dry-run shows what it would do.' : ''} (venue help exit-codes: which writes ask)`,
    },
  );
}

/**
 * In a write's run, just before it sends: on a terminal, asks `question`
 * (unless --yes); No is exit 8 with `declined`. Without a terminal it asks
 * nothing: a run the rule says needs --yes was refused before it started
 * (refuseUnconfirmed), and the others (made to run unattended) go ahead.
 */
export async function confirmWrite(
  ctx: { prompter: Asking },
  options: { yes?: boolean },
  question: string,
  declined: string,
): Promise<void> {
  if (options.yes || !ctx.prompter.canPrompt) return;
  if (!(await ctx.prompter.confirm(question, { flag: '--yes', default: false }))) throw new DeclinedError(declined);
}
