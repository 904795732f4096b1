import { argument, defineCommand, option } from '../define.js';
import type { Context } from '../../cli/context.js';
import { ApiError, AuthError, NotFoundError, VenueError } from '../../lib/errors.js';
import { AnswerMismatchError, UnreadableAnswerError } from '../../lib/reading.js';
import type { TokenSource } from '../../lib/http.js';
import type { CardFacts, Diagnosis, DiagnosisInput } from '../../lib/wallet/diagnose.js';
import { refusedSecretFlag, readPassword } from './shared.js';
import { textWrapModule, walletSchemasModule } from '../../lib/lazy-modules.js';
import { formatTime, PEOPLE_TIME } from '../../lib/formats.js';
import { diagnose, redactDiagnosis } from '../../lib/wallet/diagnose.js';
import { ReloadJournal } from '../../lib/wallet/reload-journal.js';

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

/** A moment as a service or venue writes it (ISO 8601 with a zone or offset). */
const MOMENT = /\b\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:?\d\d)\b/g;

/**
 * The diagnosis for a person: times in the one people format (formatTime, the
 * venue's zone, as tables show them; -o json keeps ISO 8601), each line
 * wrapped at the width without breaking a word, continuation lines indented
 * under their item.
 */
async function render(ctx: Context, d: Diagnosis): Promise<void> {
  const { wrapText } = await textWrapModule();
  const zone = await ctx.output.peopleZone();
  const time = (value: string | undefined, otherwise: string) => (value ? formatTime(value, zone) : otherwise);
  const times = (text: string) => text.replace(MOMENT, (moment) => formatTime(moment, zone));
  const out: Array<{ text: string; hang?: string }> = [];
  const push = (text: string, hang?: string) => out.push({ text: times(text), hang });
  const c = ctx.terminal.stdoutColours;
  push(`Wallet diagnosis for ${d.email} (checked ${time(d.checkedAt, '?')}, online data via ${d.access})`);
  push('');
  push('Session');
  if (!d.session.stored) push('  none stored on this machine for this profile');
  else {
    push(`  state: ${d.session.state}`, '    ');
    push(
      `  logged in ${time(d.session.loggedInAt, '?')}; access token expires ${time(d.session.accessExpiresAt, 'unknown')}; refresh token expires ${time(d.session.refreshExpiresAt, 'unknown')}`,
      '    ',
    );
  }
  for (const card of d.cards) {
    push('');
    push(
      `Card ${card.cardNumber} ${card.cardType ?? ''}${card.nickname ? ` "${card.nickname}"` : ''}${card.status ? ` — ${card.status}` : ''}${card.location ? ` at ${card.location}` : ''}`,
      '  ',
    );
    if (card.playBalance !== undefined) {
      // Only the figures the service sent: a missing bonus or ticket balance is left out, not shown as 0.
      const figures = [
        `play ${card.playBalance}`,
        card.bonusBalance !== undefined ? `bonus ${card.bonusBalance}` : '',
        card.ticketBalance !== undefined ? `tickets ${card.ticketBalance}` : '',
      ];
      push(
        `  ${[...figures, `last synchronised ${time(card.lastSyncedAt, 'unknown')}`].filter(Boolean).join(' · ')}`,
        '    ',
      );
    }
    if (card.lastTransactions.length === 0) push('  no transactions');
    for (const t of card.lastTransactions)
      push(
        `  ${time(t.occurredAt, '?')}  ${t.kind.padEnd(10)}  ${t.description ?? ''}${t.amount ? `  (${t.amount})` : ''}`,
        '    ',
      );
  }
  push('');
  push('Findings');
  for (const f of d.findings) {
    push(`  ${f.severity}: ${f.cardNumber ? `card ${f.cardNumber}: ` : ''}${f.message}`, '    ');
    push(`    next: ${f.nextStep}`, '          ');
  }
  if (d.notSeen.length) {
    push('');
    push('Could not see');
    for (const line of d.notSeen) push(`  ${line}`, '    ');
  }
  const width = ctx.output.width;
  const lines = out.flatMap(({ text, hang }) =>
    width ? wrapText(text, width, { hang, together: PEOPLE_TIME }) : [text],
  );
  // Painted after wrapping, so colour never counts as width: headings in bold, each finding's severity in its colour.
  const headings = new Set(['Session', 'Findings', 'Could not see']);
  const severity = { problem: c.red, warning: c.yellow, info: c.cyan } as const;
  const painted = lines.map((line) => {
    if (headings.has(line) || line.startsWith('Wallet diagnosis for ')) return c.bold(line);
    const card = /^Card \S+/.exec(line);
    if (card) return c.bold(card[0]) + line.slice(card[0].length);
    const mark = /^ {2}(problem|warning|info):/.exec(line);
    if (mark) return `  ${severity[mark[1] as keyof typeof severity](mark[1]!)}${line.slice(2 + mark[1]!.length)}`;
    return line;
  });
  ctx.terminal.write(`${painted.join('\n')}\n`);
}

export default defineCommand<DiagnoseOptions>({
  name: 'diagnose',
  args: [argument('<email>', { kind: 'guest' })],
  summary: "One view of a guest's wallet for a support ticket: session, cards, balances, recent transactions, findings",
  description:
    "Works from the guest's stored session or, on the command line, logs in with the guest's password (--password-stdin or --password-env; kept in memory only, never an assistant's input). Without either it runs the offline checks and says what it could not see. " +
    '--json gives the same view for attaching to a ticket; --redact masks the email, card nicknames and card numbers but their last 4 digits. Tokens are never shown, only when they expire.',
  examples: [
    'venue wallet diagnose ava@example.com',
    'venue wallet diagnose ava@example.com --card 6001000000000000001 --json --redact',
    'venue wallet diagnose ben@example.com --password-stdin < pw.txt',
  ],
  options: [
    option('--card <cardNumber>', 'look at this card only (and check it is on the account)', { kind: 'card' }),
    option('--password-stdin', "log in with the guest's password read from stdin", { kind: 'secret' }),
    option('--password-env <VAR>', "log in with the guest's password read from this environment variable", {
      kind: 'secret',
    }),
    option('--redact', 'mask personal data for sharing', {
      withheldFromTools: 'always given: the tools mask personal data',
    }),
    refusedSecretFlag('--password'),
  ],
  fleet: 'read',
  async run(ctx, options, rawEmail) {
    const email = rawEmail!.trim().toLowerCase();
    const { emailSchema, cardNumberSchema } = await walletSchemasModule();
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

    // An answer that could not be read (a list of cards in a shape venue does not find) is no finding of "no cards":
    // the diagnosis is shown with what it has, then the command fails on it (exit 6), never exit 0.
    let unreadable: VenueError | undefined;
    const keepUnreadable = (error: unknown) => {
      if (error instanceof UnreadableAnswerError || error instanceof AnswerMismatchError) unreadable ??= error;
    };
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
              keepUnreadable(error);
              facts.error = error instanceof ApiError || error instanceof VenueError ? error.message : String(error);
            }
          }
          input.cards.push(facts);
        }
      } catch (error) {
        keepUnreadable(error);
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
    else await render(ctx, diagnosis);
    if (unreadable) throw unreadable;
  },
});
