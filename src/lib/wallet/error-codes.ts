// The guest wallet's error answers: what each means, on which call, and the
// error a support engineer reads (message, hint, exit code). The seed's own
// table (shared/seeds/000_…: 400, 401, 403, 404, 409 username exists, 422
// password rules or card not activated, 500) gives statuses only; the codes
// are venue's contract (packages/sandbox/openapi/wallet.json) and the words faithful
// servers use for the same things. How rows are read: src/lib/service-errors.ts.

import { AuthError, ExitCode, NotFoundError, RejectedError } from '../errors.js';
import { ErrorTable, type Answer, type ErrorRow } from '../service-errors.js';
import { placeholder, venueHint } from '../hint-command.js';

/** The wallet calls venue makes (the guest-token renewal is a login: src/lib/login.ts words its failures). */
export const walletCalls = [
  'signup',
  'login',
  'reset-password',
  'confirm-reset',
  'cards',
  'balance',
  'activity',
  'products',
  'sale',
  'pass',
] as const;
export type WalletCall = (typeof walletCalls)[number];

export type WalletMeaning =
  | 'username-taken'
  | 'card-registered'
  | 'duplicate-payment-reference'
  | 'card-not-activated'
  | 'password-rules'
  | 'confirmation-code'
  | 'signup-refused'
  | 'reset-refused'
  | 'guest-credentials-refused'
  | 'login-refused'
  | 'token-refused'
  | 'wrong-token-kind'
  | 'not-found'
  | 'bad-request'
  | 'service-failed';

/** What the messages name: the guest's email, the card. */
export interface WalletErrorContext {
  email?: string;
  cardNumber?: string;
}

/** Codes that refuse the guest's email and password (not a token). */
const GUEST_CREDENTIALS = [
  'invalid_credentials',
  'invalid_grant',
  'bad_credentials',
  'wrong_password',
  'invalid_password',
  'invalid_username_or_password',
  'login_failed',
  'authentication_failed',
];
/** Codes that refuse the bearer token a call carried; in venue's contract a login's `unauthorized` is its admin token. */
const TOKEN_REFUSED = [
  'invalid_token',
  'token_expired',
  'expired_token',
  'token_invalid',
  'token_revoked',
  'unauthorized',
];

const PASSWORD_RULES =
  'the password breaks the rules: 8 to 20 characters with a digit, a lowercase and an uppercase letter';
const ACTIVATE = 'Ask the guest to use the card once at the venue (a game or a reload), then try again.';

const email = (c: WalletErrorContext) => c.email ?? placeholder('guest email');
const emailTaken = (a: Answer, c: WalletErrorContext) =>
  new RejectedError('this email is already registered', {
    ...a.quoted,
    hint: `Log in with ${venueHint(['wallet', 'login', email(c)])}, or use another email.`,
  });
const cardNotActivated = (a: Answer) =>
  new RejectedError('card not activated — any in-store activity activates it', { ...a.quoted, hint: ACTIVATE });
const passwordRules = (a: Answer) => new RejectedError(PASSWORD_RULES, a.quoted);
const confirmationCode = (a: Answer, c: WalletErrorContext) =>
  new RejectedError('the confirmation code is wrong, already used or expired (codes last 15 minutes)', {
    ...a.quoted,
    hint: `Ask for a new one: ${venueHint(['wallet', 'reset-password', email(c)])}.`,
  });
const duplicatePayment = (a: Answer, c: WalletErrorContext) =>
  new RejectedError('this payment reference was already recorded: the reload was not applied twice', {
    ...a.quoted,
    hint: `Check it with ${venueHint(['wallet', 'activity', c.cardNumber ?? placeholder('card number'), '--kind', 'reload'])}.`,
  });
const guestLoginRefused = (a: Answer, c: WalletErrorContext) =>
  new AuthError(
    `the guest login of ${c.email ?? 'this guest'} was refused: the wallet did not accept the guest's email and password`,
    {
      ...a.quoted,
      hint: `Check the email and the password (sent once). Forgotten? ${venueHint(['wallet', 'reset-password', email(c)])}.`,
    },
  );

const rows: ErrorRow<WalletCall, WalletMeaning, WalletErrorContext>[] = [
  // ---- by code, on any call
  {
    means: 'username-taken',
    status: [409],
    codes: ['username_taken', 'username_exists', 'user_exists', 'email_taken', 'duplicate_username'],
    exit: ExitCode.rejected,
    error: emailTaken,
  },
  {
    means: 'card-registered',
    status: [409],
    codes: ['card_registered', 'card_already_registered', 'card_taken'],
    exit: ExitCode.rejected,
    error: (a) =>
      new RejectedError('this card is already registered to another account', {
        ...a.quoted,
        hint: 'Each card belongs to one account; check the barcode.',
      }),
  },
  {
    means: 'duplicate-payment-reference',
    status: [409],
    codes: ['duplicate_payment_reference', 'duplicate_payment', 'payment_reference_used'],
    exit: ExitCode.rejected,
    error: duplicatePayment,
    note: 'the reload workflow takes it as proof that a sale with this reference was recorded: a rerun settling an unknown reload is recorded, a new one refused',
  },
  {
    means: 'card-not-activated',
    status: [422],
    codes: ['card_not_activated', 'card_inactive', 'card_not_active'],
    exit: ExitCode.rejected,
    error: cardNotActivated,
  },
  {
    means: 'password-rules',
    status: [422],
    codes: ['password_rules', 'weak_password', 'invalid_password', 'password_policy'],
    exit: ExitCode.rejected,
    error: passwordRules,
  },
  {
    means: 'confirmation-code',
    status: [422],
    codes: ['invalid_confirmation_code', 'confirmation_code_invalid', 'code_expired', 'invalid_code'],
    exit: ExitCode.rejected,
    error: confirmationCode,
  },

  // ---- the login's 401: the guest's password, or the admin token it carried
  {
    means: 'guest-credentials-refused',
    status: [401],
    codes: GUEST_CREDENTIALS,
    calls: ['login'],
    exit: ExitCode.auth,
    error: guestLoginRefused,
  },
  {
    means: 'token-refused',
    status: [401],
    codes: TOKEN_REFUSED,
    calls: ['login'],
    exit: ExitCode.auth,
    note: "login sends the guest's password again only when its admin token had lapsed on the way",
    error: (a, c) =>
      new AuthError(
        `the wallet refused the admin token it had just issued, on the login of ${c.email ?? 'this guest'}`,
        {
          ...a.quoted,
          hint: `The guest's password was not the problem and was sent once. Check wallet.url and wallet.clientSecret (${venueHint(['doctor'])}).`,
        },
      ),
  },
  // Status alone: the login's admin token is a fresh one, so any other 401 is read as the guest's email and password
  // (the login sends them again only when that token had lapsed on the way).
  {
    means: 'login-refused',
    status: [401],
    codes: 'any',
    calls: ['login'],
    exit: ExitCode.auth,
    error: guestLoginRefused,
  },
  {
    means: 'guest-credentials-refused',
    status: [401],
    codes: GUEST_CREDENTIALS,
    exit: ExitCode.auth,
    error: (a, c) =>
      new AuthError(`the password for ${c.email ?? 'this guest'} was refused`, {
        ...a.quoted,
        hint: `Reset it with ${venueHint(['wallet', 'reset-password', email(c)])}.`,
      }),
  },
  {
    means: 'token-refused',
    status: [401],
    codes: 'any',
    exit: ExitCode.auth,
    note: "the HTTP layer renews a spent token and sends the call once more; its answer then stands with the HTTP layer's hint",
  },

  // ---- status alone, where the seed's table and the call decide
  // The seed: 409 "Username already exists", the only 409 of a sign-up.
  {
    means: 'username-taken',
    status: [409],
    codes: 'status-decides',
    calls: ['signup'],
    exit: ExitCode.rejected,
    error: emailTaken,
  },
  // A sale's 409 that names the payment reference as the field at fault.
  {
    means: 'duplicate-payment-reference',
    status: [409],
    codes: 'status-decides',
    calls: ['sale'],
    fields: ['paymentReference'],
    exit: ExitCode.rejected,
    error: duplicatePayment,
  },
  // The seed: 422 "Password breaks the rules, or card is not activated"; the field the service names says which.
  {
    means: 'card-not-activated',
    status: [422],
    codes: 'status-decides',
    calls: ['signup'],
    fields: ['cardBarcode', 'cardCvv'],
    exit: ExitCode.rejected,
    error: cardNotActivated,
  },
  {
    means: 'password-rules',
    status: [422],
    codes: 'status-decides',
    calls: ['signup', 'confirm-reset'],
    fields: ['password', 'newPassword'],
    exit: ExitCode.rejected,
    error: passwordRules,
  },
  {
    means: 'confirmation-code',
    status: [422],
    codes: 'status-decides',
    calls: ['confirm-reset'],
    fields: ['confirmationCode'],
    exit: ExitCode.rejected,
    error: confirmationCode,
  },
  {
    means: 'signup-refused',
    status: [422],
    codes: 'status-decides',
    calls: ['signup'],
    exit: ExitCode.rejected,
    error: (a) =>
      new RejectedError(
        'the sign-up was refused: the password breaks the rules or the card is not activated (the wallet did not say which)',
        {
          ...a.quoted,
          hint: 'Passwords need 8 to 20 characters with a digit, a lowercase and an uppercase letter; a card is activated by any in-store activity (a game or a reload).',
        },
      ),
  },
  {
    means: 'reset-refused',
    status: [422],
    codes: 'status-decides',
    calls: ['confirm-reset'],
    exit: ExitCode.rejected,
    error: (a, c) =>
      new RejectedError(
        'the password reset was refused: the confirmation code is wrong, used or expired, or the new password breaks the rules (the wallet did not say which)',
        {
          ...a.quoted,
          hint: `Passwords need 8 to 20 characters with a digit, a lowercase and an uppercase letter. Ask for a new code: ${venueHint(['wallet', 'reset-password', email(c)])}.`,
        },
      ),
  },
  // The seed: 404 "Guest account or card not found", on every call.
  {
    means: 'not-found',
    status: [404],
    codes: 'any',
    exit: ExitCode.notFound,
    error: (a) =>
      new NotFoundError('no such account or card', {
        ...a.quoted,
        hint: 'Check the email and card number; a guest sees only the cards on their own account.',
      }),
  },
  // The seed: 403 "Wrong token type for the endpoint".
  {
    means: 'wrong-token-kind',
    status: [403],
    codes: 'any',
    exit: ExitCode.auth,
    error: (a) =>
      new AuthError('the wallet refused this token for that call', {
        ...a.quoted,
        hint: `Sign-up and login take the admin token; card calls take a guest token (${venueHint(['wallet', 'login', placeholder('guest email')])}).`,
      }),
  },
  {
    means: 'bad-request',
    status: [400],
    codes: 'any',
    exit: ExitCode.usage,
    note: "venue checks the seed's rules before sending; a 400 is the service's own rule, in its words",
  },
  { means: 'service-failed', status: [500], codes: 'any', exit: ExitCode.server },
];

export const walletErrors = new ErrorTable<WalletCall, WalletMeaning, WalletErrorContext>('wallet', rows);
