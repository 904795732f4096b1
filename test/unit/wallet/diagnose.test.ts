import { describe, expect, it } from 'vitest';
import {
  diagnose,
  maskCardNumber,
  maskEmail,
  redactDiagnosis,
  type DiagnosisInput,
} from '../../../src/lib/wallet/diagnose.js';

const now = Date.parse('2026-11-22T12:00:00Z');
const day = 86_400_000;
const card = '6001000000000000001';
const base = (over: Partial<DiagnosisInput> = {}): DiagnosisInput => ({
  email: 'ava@example.com',
  now,
  emailValid: true,
  access: 'stored session',
  reloads: [],
  ...over,
});
const facts = (
  over: {
    status?: string;
    lastSyncedAt?: string;
    activity?: Array<{ kind: string; occurredAt: string; paymentReference?: string }>;
  } = {},
) => ({
  card: {
    cardNumber: card,
    cardType: 'Standard',
    nickname: 'Ava main',
    status: over.status ?? 'activated',
    locationName: 'Downtown',
  },
  balance: {
    cardNumber: card,
    playBalance: { amount: 22.5, unit: 'dollars' },
    bonusBalance: { amount: 5, unit: 'dollars' },
    ticketBalance: 340,
    lastSyncedAt: over.lastSyncedAt ?? new Date(now - day).toISOString(),
  },
  activity: over.activity ?? [
    { kind: 'game-play', occurredAt: new Date(now - day).toISOString(), playAmount: -1, unit: 'dollars' },
  ],
});
const codes = (input: DiagnosisInput) => diagnose(input).findings.map((f) => f.code);

describe('diagnose', () => {
  it('all clear for a healthy card, with balances and transactions formatted', () => {
    const d = diagnose(base({ cards: [facts()] }));
    expect(d.findings.map((f) => f.code)).toEqual(['all_clear']);
    expect(d.cards[0]).toMatchObject({ playBalance: '$22.50', bonusBalance: '$5.00', ticketBalance: 340 });
    expect(d.cards[0]!.lastTransactions[0]!.amount).toBe('-$1.00 play');
  });

  it('offline only: says what it could not see and how to see it', () => {
    const d = diagnose(base({ access: 'none' }));
    expect(d.notSeen[0]).toContain('cards, balances and transactions');
    expect(d.findings[0]!.nextStep).toContain('--password-stdin');
  });

  it('finds a not-activated card, a stale sync and an expired refresh token', () => {
    expect(codes(base({ cards: [facts({ status: 'not-activated' })] }))).toContain('card_not_activated');
    const old = new Date(now - 45 * day).toISOString();
    expect(
      codes(base({ cards: [facts({ lastSyncedAt: old, activity: [{ kind: 'game-play', occurredAt: old }] })] })),
    ).toContain('no_recent_sync');
    expect(codes(base({ session: { accessExpiresAt: now - 2 * day, refreshExpiresAt: now - day } }))).toContain(
      'refresh_token_expired',
    );
  });

  it('an expired access token alone is not a problem: it renews', () => {
    const d = diagnose(
      base({ session: { accessExpiresAt: now - 1000, refreshExpiresAt: now + day }, cards: [facts()] }),
    );
    expect(d.session.state).toContain('renews');
    expect(d.findings.map((f) => f.code)).toEqual(['all_clear']);
  });

  it('a reload in the journal but not in activity: a warning while young, a problem later; refused ones are ignored', () => {
    const reload = {
      profile: 'sandbox',
      email: 'ava@example.com',
      cardNumber: card,
      productId: 'RL-10',
      paymentReference: 'pay-9',
      outcome: 'recorded' as const,
    };
    const young = diagnose(base({ cards: [facts()], reloads: [{ ...reload, sentAt: now - 60_000 }] })).findings[0]!;
    expect(young).toMatchObject({ code: 'reload_missing_from_activity', severity: 'warning' });
    const old = diagnose(base({ cards: [facts()], reloads: [{ ...reload, sentAt: now - 3_600_000 }] })).findings[0]!;
    expect(old).toMatchObject({ code: 'reload_missing_from_activity', severity: 'problem' });
    expect(old.nextStep).toContain('pay-9');
    const present = facts({
      activity: [{ kind: 'reload', occurredAt: new Date(now).toISOString(), paymentReference: 'pay-9' }],
    });
    expect(codes(base({ cards: [present], reloads: [{ ...reload, sentAt: now - 3_600_000 }] }))).not.toContain(
      'reload_missing_from_activity',
    );
    expect(codes(base({ cards: [facts()], reloads: [{ ...reload, outcome: 'refused', sentAt: now }] }))).not.toContain(
      'reload_missing_from_activity',
    );
  });

  it('problems come before warnings and information', () => {
    const old = new Date(now - 45 * day).toISOString();
    const d = diagnose(base({ cards: [facts({ status: 'not-activated', lastSyncedAt: old, activity: [] })] }));
    expect(d.findings.map((f) => f.severity)).toEqual(['problem', 'warning']);
  });
});

describe('redaction', () => {
  it('masks the email, card numbers but their last 4 digits, and nicknames, everywhere', () => {
    const d = diagnose(base({ cards: [facts({ status: 'not-activated' })], cardFilter: card, cardFilterValid: true }));
    const redacted = JSON.stringify(redactDiagnosis(d));
    expect(redacted).not.toContain('ava@example.com');
    expect(redacted).not.toContain(card);
    expect(redacted).not.toContain('Ava main');
    expect(redacted).toContain('***************0001');
    expect(maskEmail('ava@example.com')).toBe('a***@e***.com');
    expect(maskCardNumber(card)).toBe('***************0001');
  });
});
