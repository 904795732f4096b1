// What the wallet commands share: the --as option, reading passwords and
// CVVs without ever taking them from argv, and card-number checks.

import type { Context } from '../../cli/context.js';
import { UsageError } from '../../lib/errors.js';
import { option, type OptionSpec } from '../define.js';
import type { TokenSource } from '../../lib/http.js';
import type { WalletBalance, WalletClient } from '../../lib/wallet/client.js';
import { formatAmount } from '../../lib/wallet/diagnose.js';
import { withSource, sourceOf } from '../../lib/reading.js';
import { walletSchemasModule, zodModule } from '../../lib/lazy-modules.js';
import { readAllStdin, readSecret } from '../../cli/secret-input.js';

export const CVV_ENV = 'VENUE_WALLET_CVV';

export const asOption: OptionSpec = option(
  '--as <email>',
  'the guest whose stored session to use (default: the only one stored)',
  { kind: 'guest', notFilter: 'whose session is used, not which records' },
);

/** Across venues: a guest's own account is no venue's. */
export const guestAccount = {
  refused: "it acts on one guest's wallet account, which is not a venue's: run it once, with --profile",
} as const;

/**
 * A secret typed as a flag value: declared so that the reader refuses it
 * (src/invocation.ts), saying why and how to pass it instead; the value
 * itself is never echoed.
 */
export function refusedSecretFlag(flag: '--cvv' | '--password'): OptionSpec {
  return option(`${flag} <value>`, 'not accepted: see the help', { hidden: true, kind: 'secret-on-command-line' });
}

export interface GuestAccess {
  client: WalletClient;
  email: string;
  token: TokenSource;
}

export async function guestAccess(ctx: Context, as: string | undefined): Promise<GuestAccess> {
  const client = await ctx.wallet();
  const email = client.resolveGuest(as);
  return { client, email, token: client.guestToken(email) };
}

export async function checkCardNumber(cardNumber: string): Promise<string> {
  const { cardNumberSchema, checkInput } = await walletSchemasModule();
  const { z } = await zodModule();
  return (await checkInput(z.object({ cardNumber: cardNumberSchema }), { cardNumber: cardNumber.trim() })).cardNumber;
}

export async function checkEmail(email: string, field = 'email'): Promise<string> {
  const { emailSchema, checkInput } = await walletSchemasModule();
  const { z } = await zodModule();
  return (await checkInput(z.object({ [field]: emailSchema }), { [field]: email.trim() }))[field] as string;
}

/** First line and second line of stdin, read once (password, then CVV). */
export async function stdinLines(ctx: Context): Promise<string[]> {
  return (await readAllStdin(ctx.terminal.stdin)).split(/\r?\n/);
}

/** A new password: twice at the prompt so a typo is caught, once from stdin. */
export async function readNewPassword(ctx: Context, fromStdin: boolean, stdinValue?: string): Promise<string> {
  const { passwordProblems } = await walletSchemasModule();
  const validate = (value: string) => {
    const problems = passwordProblems(value);
    return problems.length ? `password ${problems.join(', ')}` : true;
  };
  if (stdinValue !== undefined) return stdinValue;
  if (fromStdin) {
    const value = (await readAllStdin(ctx.terminal.stdin)).replace(/\r?\n$/, '');
    if (!value) throw new UsageError('standard input was empty; expected the password');
    return value;
  }
  if (!ctx.prompter.canPrompt)
    throw new UsageError('no password given: pass --password-stdin or --password-env VAR', {
      hint: 'Passwords are never taken as command-line values.',
    });
  const first = await ctx.prompter.password('New password (8–20, a digit, a lowercase and an uppercase letter):', {
    flag: '--password-stdin or --password-env VAR',
    validate,
  });
  const again = await ctx.prompter.password('Same password again:', { flag: '--password-stdin or --password-env VAR' });
  if (first !== again) throw new UsageError('the two passwords differ; nothing was sent');
  return first;
}

export async function readPassword(
  ctx: Context,
  fromStdin: boolean,
  prompt = 'Password:',
  fromEnv?: string,
): Promise<string> {
  if (fromEnv && fromStdin) throw new UsageError('give either --password-env or --password-stdin, not both');
  return readSecret(ctx.terminal, ctx.prompter, ctx.env, {
    fromEnv,
    fromStdin,
    prompt,
    flags: '--password-stdin or --password-env VAR',
  });
}

/** --password-env VAR: the variable's value (undefined without the flag); an unset or empty variable is a usage error. */
export function passwordFromEnv(ctx: Context, variable: string | undefined, what = 'the password'): string | undefined {
  if (!variable) return undefined;
  const value = ctx.env[variable];
  if (!value) throw new UsageError(`environment variable ${variable} is not set or empty; expected ${what}`);
  ctx.terminal.secrets.remember(value);
  return value;
}

export const kindLabels: Record<string, string> = {
  reload: 'Reload',
  'game-play': 'Game play',
  'ticket-win': 'Ticket win',
  redemption: 'Redemption',
};

/**
 * A balance for a table: amounts in their unit. Figures the service did not
 * send stay absent (their rows are left out), never shown as 0; machine
 * formats print the service's own balance record.
 */
export function balanceRow(balance: WalletBalance): Record<string, unknown> {
  return withSource(
    {
      cardNumber: balance.cardNumber,
      play: formatAmount(balance.playBalance.amount, balance.playBalance.unit),
      bonus: balance.bonusBalance ? formatAmount(balance.bonusBalance.amount, balance.bonusBalance.unit) : undefined,
      tickets: balance.ticketBalance,
      lastSyncedAt: balance.lastSyncedAt,
    },
    sourceOf(balance),
  );
}
