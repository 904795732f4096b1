// The diagnosis behind `venue wallet diagnose`: pure, from facts the command
// gathered (stored session, what the service answered, the local reload
// journal), to one view with findings and a next step for each.

import type { ReloadRecord } from './reload-journal.js';
import type { WalletActivityEntry, WalletBalance, WalletCardSummary } from './client.js';
import { formatCount, formatMoney } from '../formats.js';
import { forAssistant, placeholder, venueHint } from '../hint-command.js';

export const STALE_SYNC_DAYS = 30;
export const LAST_TRANSACTIONS = 5;
/** A reload younger than this may simply not have synchronised yet. */
export const SYNC_GRACE_MS = 10 * 60_000;

export interface SessionFacts {
  accessExpiresAt?: number;
  refreshExpiresAt?: number;
  loggedInAt?: number;
}

export interface CardFacts {
  card: WalletCardSummary;
  balance?: WalletBalance;
  activity?: WalletActivityEntry[];
  error?: string;
}

export interface DiagnosisInput {
  email: string;
  now: number;
  emailValid: boolean;
  cardFilter?: string;
  cardFilterValid?: boolean;
  session?: SessionFacts;
  /** How the online part was reached, or why it was not. */
  access: 'stored session' | 'password' | 'none';
  accessProblem?: {
    kind: 'password refused' | 'no account' | 'session expired' | 'unreachable' | 'other';
    message: string;
  };
  cards?: CardFacts[];
  reloads: ReloadRecord[];
}

export type Severity = 'problem' | 'warning' | 'info';
export interface Finding {
  severity: Severity;
  code: string;
  cardNumber?: string;
  message: string;
  nextStep: string;
}

export interface Diagnosis {
  email: string;
  checkedAt: string;
  session: { stored: boolean; loggedInAt?: string; accessExpiresAt?: string; refreshExpiresAt?: string; state: string };
  access: DiagnosisInput['access'];
  cards: Array<{
    cardNumber: string;
    cardType?: string;
    nickname?: string | null;
    status?: string;
    location?: string;
    playBalance?: string;
    bonusBalance?: string;
    ticketBalance?: number;
    lastSyncedAt?: string;
    lastTransactions: Array<{ occurredAt: string; kind: string; description?: string; amount: string }>;
  }>;
  findings: Finding[];
  notSeen: string[];
}

const iso = (ms: number | undefined) =>
  ms === undefined ? undefined : new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * An amount in its unit: "$12.50", "120 tokens", "7 points" (a unit venue
 * does not know, as sent). Without a unit the number stands alone: no "$" is
 * invented for it.
 */
export function formatAmount(amount: number, unit: string | undefined): string {
  if (unit === 'dollars') return formatMoney(amount);
  if (unit === undefined) return formatCount(amount);
  return `${formatCount(amount)} ${unit}`;
}

/** A change: "+$5.00", "-3 tokens"; zero is "$0.00" (never a blank); nothing only when the service gave no figure. */
export function signedAmount(amount: number | undefined, unit: string | undefined): string {
  if (amount === undefined) return '';
  return `${amount > 0 ? '+' : ''}${formatAmount(amount, unit)}`;
}

/** The figures of an entry in one line; zero parts are left out, unless every part is zero. */
export function describeEntry(entry: WalletActivityEntry): string {
  const parts: string[] = [];
  if (entry.playAmount) parts.push(`${signedAmount(entry.playAmount, entry.unit)} play`);
  if (entry.bonusAmount) parts.push(`${signedAmount(entry.bonusAmount, entry.unit)} bonus`);
  if (entry.tickets) parts.push(`${entry.tickets > 0 ? '+' : ''}${entry.tickets} tickets`);
  if (parts.length === 0 && entry.playAmount !== undefined)
    parts.push(`${signedAmount(entry.playAmount, entry.unit)} play`);
  else if (parts.length === 0 && entry.tickets !== undefined) parts.push(`${entry.tickets} tickets`);
  return parts.join(', ');
}

function sessionView(input: DiagnosisInput): Diagnosis['session'] {
  const s = input.session;
  if (!s) return { stored: false, state: 'none stored' };
  let state = 'active';
  if (s.refreshExpiresAt !== undefined && s.refreshExpiresAt <= input.now) state = 'refresh token expired';
  else if (s.accessExpiresAt !== undefined && s.accessExpiresAt <= input.now)
    state = 'access token expired (renews from the refresh token on the next call)';
  return {
    stored: true,
    loggedInAt: iso(s.loggedInAt),
    accessExpiresAt: iso(s.accessExpiresAt),
    refreshExpiresAt: iso(s.refreshExpiresAt),
    state,
  };
}

export function diagnose(input: DiagnosisInput): Diagnosis {
  const findings: Finding[] = [];
  const notSeen: string[] = [];
  const email = input.email;
  const add = (f: Finding) => findings.push(f);

  if (!input.emailValid)
    add({
      severity: 'problem',
      code: 'email_invalid',
      message: `"${email}" is not an email address`,
      nextStep: 'Ask the guest for the exact email they registered with.',
    });
  if (input.cardFilter !== undefined && input.cardFilterValid === false) {
    add({
      severity: 'problem',
      code: 'card_number_invalid',
      cardNumber: input.cardFilter,
      message: 'the card number is not 19 digits',
      nextStep: "Read the 19-digit card number from the card or the guest's app (the 10-digit barcode is not it).",
    });
  }
  const session = sessionView(input);
  if (session.state === 'refresh token expired') {
    add({
      severity: 'problem',
      code: 'refresh_token_expired',
      message: 'the stored session has ended: its refresh token expired',
      nextStep: `Log in again: ${venueHint(['wallet', 'login', email])} (the guest's app must do the same).`,
    });
  }

  switch (input.accessProblem?.kind) {
    case 'password refused':
      add({
        severity: 'problem',
        code: 'password_refused',
        message: 'the wallet refused the password',
        nextStep: `Start a reset: ${venueHint(['wallet', 'reset-password', email])}, then ${venueHint(['wallet', 'confirm-reset', email, '--code', placeholder('code')])}.`,
      });
      break;
    case 'no account':
      add({
        severity: 'problem',
        code: 'no_account',
        message: 'the wallet has no account with this email',
        nextStep: `Check the spelling; otherwise the guest signs up with an activated card (${venueHint(['wallet', 'signup', '--email', email])} asks for the rest on a terminal).`,
      });
      break;
    case 'unreachable':
    case 'other':
      add({
        severity: 'warning',
        code: 'service_error',
        message: `the wallet could not be read: ${input.accessProblem.message}`,
        nextStep: `Run ${venueHint(['doctor'])}; try again later.`,
      });
      break;
    default:
  }

  if (!input.cards) {
    const why = input.accessProblem ? input.accessProblem.message : 'no usable session and no password given';
    notSeen.push(`cards, balances and transactions (${why})`);
    if (input.access === 'none' && !input.accessProblem) {
      add({
        severity: 'info',
        code: 'online_checks_skipped',
        message: 'only the offline checks ran',
        // Through an assistant (venue mcp), the tool takes no password: a person logs the guest in.
        nextStep: forAssistant()
          ? `This tool takes no password: ask the person to log the guest in on a terminal (${venueHint(['wallet', 'login', email])}), then call it again.`
          : `Run it again with the guest's password (${venueHint(['wallet', 'diagnose', email, '--password-env', placeholder('VAR')])}, or --password-stdin), or log in first: ${venueHint(['wallet', 'login', email])}.`,
      });
    }
  }

  const cards: Diagnosis['cards'] = [];
  const seenNumbers = new Set<string>();
  for (const facts of input.cards ?? []) {
    const { card, balance, activity } = facts;
    seenNumbers.add(card.cardNumber);
    if (input.cardFilter && card.cardNumber !== input.cardFilter) continue;
    cards.push({
      cardNumber: card.cardNumber,
      cardType: card.cardType,
      nickname: card.nickname ?? null,
      status: card.statusSaid ?? card.status,
      location: card.locationName,
      playBalance: balance ? formatAmount(balance.playBalance.amount, balance.playBalance.unit) : undefined,
      bonusBalance: balance?.bonusBalance
        ? formatAmount(balance.bonusBalance.amount, balance.bonusBalance.unit)
        : undefined,
      ticketBalance: balance?.ticketBalance,
      lastSyncedAt: balance?.lastSyncedAt,
      lastTransactions: (activity ?? [])
        .slice(0, LAST_TRANSACTIONS)
        .map((e) => ({ occurredAt: e.occurredAt, kind: e.kind, description: e.description, amount: describeEntry(e) })),
    });
    if (facts.error)
      add({
        severity: 'warning',
        code: 'card_unreadable',
        cardNumber: card.cardNumber,
        message: `the card could not be read fully: ${facts.error}`,
        nextStep: `Try again; run ${venueHint(['doctor'])} if it persists.`,
      });
    if (card.status && /not[-_ ]?activ|inactive/i.test(card.status)) {
      add({
        severity: 'problem',
        code: 'card_not_activated',
        cardNumber: card.cardNumber,
        message: 'card not activated — it cannot be used until it is',
        nextStep: 'Any in-store activity activates it: a game or a reload at the venue.',
      });
    }
    const latest = [balance?.lastSyncedAt, activity?.[0]?.occurredAt]
      .filter((t): t is string => Boolean(t))
      .map(Date.parse)
      .filter(Number.isFinite);
    const newest = latest.length ? Math.max(...latest) : undefined;
    if (newest !== undefined && input.now - newest > STALE_SYNC_DAYS * 86_400_000) {
      const days = Math.floor((input.now - newest) / 86_400_000);
      add({
        severity: 'warning',
        code: 'no_recent_sync',
        cardNumber: card.cardNumber,
        message: `no activity synchronised for ${days} days`,
        nextStep:
          "If the guest played recently, the location's on-premise system is not synchronising: check it is running (2023.1.0-EAP0 or later) and online.",
      });
    }
    if (activity) {
      const references = new Set(activity.map((e) => e.paymentReference).filter(Boolean));
      for (const reload of input.reloads.filter((r) => r.cardNumber === card.cardNumber && r.outcome !== 'refused')) {
        if (references.has(reload.paymentReference)) continue;
        const young = input.now - reload.sentAt < SYNC_GRACE_MS;
        add({
          severity: young ? 'warning' : 'problem',
          code: 'reload_missing_from_activity',
          cardNumber: card.cardNumber,
          message: `reload ${reload.paymentReference} (${reload.outcome === 'unknown' ? 'outcome unknown' : reload.outcome}, sent ${iso(reload.sentAt)}) is not in the card's activity`,
          nextStep: young
            ? `Wait a few minutes for synchronisation, then check: ${venueHint(['wallet', 'activity', card.cardNumber, '--kind', 'reload', '--as', email])}.`
            : `Check payment ${reload.paymentReference} with the payment gateway; if it was charged, record the sale again with the same --payment-ref (a duplicate is refused, never charged twice).`,
        });
      }
    }
  }
  if (input.cards && input.cardFilter && input.cardFilterValid !== false && !seenNumbers.has(input.cardFilter)) {
    add({
      severity: 'problem',
      code: 'card_not_on_account',
      cardNumber: input.cardFilter,
      message: 'the card is not attached to this account',
      nextStep: 'Check the number; a card is attached at sign-up with its barcode and CVV.',
    });
  }
  if (input.cards && input.cards.length === 0)
    add({
      severity: 'warning',
      code: 'no_cards',
      message: 'the account has no cards',
      nextStep: 'A card is attached at sign-up; the guest may have registered a different email.',
    });
  if (findings.length === 0)
    add({
      severity: 'info',
      code: 'all_clear',
      message: 'nothing wrong found',
      nextStep: 'Ask the guest for the time and place of the problem and compare with the transactions above.',
    });

  const order: Record<Severity, number> = { problem: 0, warning: 1, info: 2 };
  findings.sort((a, b) => order[a.severity] - order[b.severity]);
  return { email, checkedAt: iso(input.now)!, session, access: input.access, cards, findings, notSeen };
}

/** What a redacted command shows instead of each value (placeholders the person fills in). */
const GUEST_EMAIL = 'guest email';
const CARD_NUMBER = 'card number';
const NICKNAME = 'card nickname';

export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const [host = '', ...rest] = domain.split('.');
  return `${local.slice(0, 1)}***@${host.slice(0, 1)}***${rest.length ? `.${rest.join('.')}` : ''}`;
}
export const maskCardNumber = (n: string) => (n.length > 4 ? `${'*'.repeat(n.length - 4)}${n.slice(-4)}` : n);
export const maskName = (name: string) => (name ? `${name.slice(0, 1)}***` : name);

/**
 * For sharing: the guest's email, names (card nicknames) and card numbers but
 * their last 4 digits, everywhere they appear; in a command a next step names
 * (`venue …`), a placeholder instead (<guest email>, <card number>): a
 * masked value would make a command that runs for no one.
 */
export function redactDiagnosis(diagnosis: Diagnosis, extraNames: string[] = []): Diagnosis {
  const swaps: Array<[string, string, string]> = [[diagnosis.email, maskEmail(diagnosis.email), `<${GUEST_EMAIL}>`]];
  const card = (number: string): [string, string, string] => [number, maskCardNumber(number), `<${CARD_NUMBER}>`];
  for (const shown of diagnosis.cards) {
    swaps.push(card(shown.cardNumber));
    if (shown.nickname) swaps.push([shown.nickname, maskName(shown.nickname), `<${NICKNAME}>`]);
  }
  for (const finding of diagnosis.findings) if (finding.cardNumber) swaps.push(card(finding.cardNumber));
  for (const name of extraNames) if (name) swaps.push([name, maskName(name), `<${NICKNAME}>`]);
  swaps.sort((a, b) => b[0].length - a[0].length);
  const swap = (text: string, to: 1 | 2) => swaps.reduce((out, pair) => out.split(pair[0]).join(pair[to]), text);
  const scrub = (value: unknown): unknown => {
    if (typeof value === 'string')
      return value
        .split(/(`venue [^`]*`)/)
        .map((part, i) => swap(part, i % 2 === 1 ? 2 : 1))
        .join('');
    if (Array.isArray(value)) return value.map(scrub);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrub(v)]));
    return value;
  };
  return scrub(diagnosis) as Diagnosis;
}
