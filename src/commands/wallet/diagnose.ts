import { defineCommand, option } from '../define.js';
import type { Context } from '../../cli/context.js';
import { ApiError, AuthError, NotFoundError, VenueError } from '../../lib/errors.js';
import type { TokenSource } from '../../lib/http.js';
import type { CardFacts, Diagnosis, DiagnosisInput } from '../../lib/wallet/diagnose.js';
import { refusedSecretFlag, readPassword, refuseSecretFlags } from './shared.js';

interface DiagnoseOptions {
  card?: string;
  passwordStdin?: boolean;
  passwordEnv?: string;
  password?: string;
  redact?: boolean;
}

function problemOf(error: unknown): NonNullable<DiagnosisInput['accessProblem']> {
  const message = (error as Error).message;
  if (error instanceof NotFoundError) return { kind: 'no account', message };
  if (error instanceof AuthError && /password/.test(message)) return { kind: 'password refused', message };
  if (error instanceof AuthError && /log in again|session/.test(message)) return { kind: 'session expired', message };
  if (error instanceof VenueError && error.category === 'server') return { kind: 'unreachable', message };
  return { kind: 'other', message };
}

function render(ctx: Context, d: Diagnosis): void {
  const out: string[] = [];
  const c = ctx.terminal.stdoutColours;
  out.push(c.bold(`Wallet diagnosis for ${d.email}`) + ` (checked ${d.checkedAt}, online data via ${d.access})`);
  out.push('');
  out.push(c.bold('Session'));
  if (!d.session.stored) out.push('  none stored on this machine for this profile');
  else {
    out.push(`  state: ${d.session.state}`);
    out.push(
      `  logged in ${d.session.loggedInAt ?? '?'}; access token expires ${d.session.accessExpiresAt ?? 'unknown'}; refresh token expires ${d.session.refreshExpiresAt ?? 'unknown'}`,
    );
  }
  for (const card of d.cards) {
    out.push('');
    out.push(
      c.bold(`Card ${card.cardNumber}`) +
        ` ${card.cardType ?? ''}${card.nickname ? ` "${card.nickname}"` : ''}${card.status ? ` — ${card.status}` : ''}${card.location ? ` at ${card.location}` : ''}`,
    );
    if (card.playBalance !== undefined) {
      // Only the figures the service sent: a missing bonus or ticket balance is left out, not shown as 0.
      const figures = [
        `play ${card.playBalance}`,
        card.bonusBalance !== undefined ? `bonus ${card.bonusBalance}` : '',
        card.ticketBalance !== undefined ? `tickets ${card.ticketBalance}` : '',
      ];
      out.push(`  ${[...figures, `last synchronised ${card.lastSyncedAt ?? 'unknown'}`].filter(Boolean).join(' · ')}`);
    }
    if (card.lastTransactions.length === 0) out.push('  no transactions');
    for (const t of card.lastTransactions)
      out.push(`  ${t.occurredAt}  ${t.kind.padEnd(10)}  ${t.description ?? ''}${t.amount ? `  (${t.amount})` : ''}`);
  }
  out.push('');
  out.push(c.bold('Findings'));
  for (const f of d.findings) {
    const mark =
      f.severity === 'problem' ? c.red('problem') : f.severity === 'warning' ? c.yellow('warning') : c.cyan('info');
    out.push(`  ${mark}: ${f.cardNumber ? `card ${f.cardNumber}: ` : ''}${f.message}`);
    out.push(`    next: ${f.nextStep}`);
  }
  if (d.notSeen.length) {
    out.push('');
    out.push(c.bold('Could not see'));
    for (const line of d.notSeen) out.push(`  ${line}`);
  }
  ctx.terminal.write(`${out.join('\n')}\n`);
}

export default defineCommand<DiagnoseOptions>({
  name: 'diagnose',
  args: '<email>',
  summary: "One view of a guest's wallet for a support ticket: session, cards, balances, recent transactions, findings",
  description:
    "Works from the guest's stored session, or logs in with the guest's password given on stdin (kept in memory only). Without either it runs the offline checks and says what it could not see. " +
    '--json gives the same view for attaching to a ticket; --redact masks the email, card nicknames and card numbers but their last 4 digits. Tokens are never shown, only when they expire.',
  examples: [
    'venue wallet diagnose ava@example.com',
    'venue wallet diagnose ava@example.com --card 6001000000000000001 --json --redact',
    'venue wallet diagnose ben@example.com --password-stdin < pw.txt',
  ],
  options: [
    option('--card <cardNumber>', 'look at this card only (and check it is on the account)'),
    option('--password-stdin', "log in with the guest's password read from stdin"),
    option('--password-env <VAR>', "log in with the guest's password read from this environment variable"),
    option('--redact', 'mask personal data for sharing'),
    refusedSecretFlag('--password'),
  ],
  fleet: 'read',
  async run(ctx, options, rawEmail) {
    refuseSecretFlags(options);
    const email = rawEmail!.trim().toLowerCase();
    const { emailSchema, cardNumberSchema } = await import('../../lib/wallet/schemas.js');
    const { diagnose, redactDiagnosis } = await import('../../lib/wallet/diagnose.js');
    const { ReloadJournal } = await import('../../lib/wallet/reload-journal.js');
    const input: DiagnosisInput = {
      email,
      now: ctx.now(),
      emailValid: emailSchema.safeParse(email).success,
      cardFilter: options.card?.trim(),
      cardFilterValid: options.card === undefined ? undefined : cardNumberSchema.safeParse(options.card.trim()).success,
      access: 'none',
      reloads: [],
    };
    const client = await ctx.wallet();
    const profile = await ctx.profileName();
    input.reloads = new ReloadJournal(await ctx.stateDir())
      .records()
      .filter((r) => r.profile === profile && r.email === email);
    const stored = client.sessions.get(email);
    if (stored)
      input.session = {
        accessExpiresAt: stored.accessExpiresAt,
        refreshExpiresAt: stored.refreshExpiresAt,
        loggedInAt: stored.loggedInAt,
      };

    let token: TokenSource | undefined;
    if (input.emailValid && (options.passwordStdin || options.passwordEnv)) {
      const password = await readPassword(ctx, Boolean(options.passwordStdin), 'Password:', options.passwordEnv);
      try {
        token = client.guestToken(email, await client.login(email, password, false));
        input.access = 'password';
      } catch (error) {
        input.accessProblem = problemOf(error);
      }
    } else if (stored && !(stored.refreshExpiresAt !== undefined && stored.refreshExpiresAt <= ctx.now())) {
      token = client.guestToken(email);
      input.access = 'stored session';
    }

    if (token) {
      const spinner = await ctx.terminal.spinner('Reading cards, balances and transactions');
      try {
        const cards = await client.cards(token, email);
        input.cards = [];
        for (const card of cards) {
          const facts: CardFacts = { card };
          if (!input.cardFilter || input.cardFilter === card.cardNumber) {
            try {
              [facts.balance, facts.activity] = await Promise.all([
                client.balance(token, card.cardNumber),
                client.activity(token, card.cardNumber),
              ]);
            } catch (error) {
              facts.error = error instanceof ApiError || error instanceof VenueError ? error.message : String(error);
            }
          }
          input.cards.push(facts);
        }
      } catch (error) {
        input.accessProblem = problemOf(error);
        input.access = 'none';
      } finally {
        spinner.stop();
      }
    }
    if (input.accessProblem?.kind === 'session expired' && input.session)
      input.session.refreshExpiresAt = Math.min(input.session.refreshExpiresAt ?? input.now, input.now);

    let diagnosis = diagnose(input);
    if (options.redact) diagnosis = redactDiagnosis(diagnosis);
    if (ctx.output.isMachine) await ctx.output.record({ ...diagnosis });
    else render(ctx, diagnosis);
  },
});
