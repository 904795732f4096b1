// The wallet service client: every wallet call the commands make, on the
// shared HTTP layer. The admin token (deps.token) serves only sign-up and
// login; guest calls carry the guest's own token from the stored session,
// renewed with the refresh token. Knows nothing of the terminal.

import { ApiError, AuthError, UsageError } from '../errors.js';
import type { HttpResponse, TokenSource } from '../http.js';
import type { ServiceDeps } from '../service-deps.js';
import {
  UnreadableAnswerError,
  asNumber,
  checkSame,
  isRecord,
  readRecord,
  readRecords,
  sourceOf,
  withSource,
  type AnswerSource,
  type FieldSpec,
  type RecordReader,
} from '../reading.js';
import { GuestSessions, type StoredSession } from './sessions.js';
import { walletErrors, type WalletCall, type WalletErrorContext } from './error-codes.js';
import { normaliseBaseUrl, jwtTimes } from '../tokens.js';
import type { ActivityKind, SaleBody, SignupBody } from './schemas.js';
import {
  activityFields,
  activityKinds,
  amountFields,
  balanceFields,
  cardFields,
  cardStatuses,
  locationFields,
  passFields,
  productFields,
  saleFields,
  signupFields,
  tokenFields,
  units,
} from './fields.js';
import { formatCount, formatMoney } from '../formats.js';
import { placeholder, venueHint } from '../hint-command.js';
import { RECORD_SHAPES, readWriteAnswer } from '../records.js';
import { loginFailure } from '../login.js';

export type PlayUnit = 'dollars' | 'tokens' | string;
export interface Amount {
  amount: number;
  unit: PlayUnit;
}
/** Views for tables; each carries the service's own record (withSource) for the machine formats. */
export interface WalletCardSummary {
  cardNumber: string;
  cardType?: string;
  nickname?: string;
  /** For logic: venue's word (activated, not-activated) when the service's is a known one, else as sent. */
  status?: 'activated' | 'not-activated' | string;
  /** For people: the service's own word, present only when it is another word than venue's ("active" for activated). */
  statusSaid?: string;
  locationName?: string;
  playUnit?: PlayUnit;
}
export interface WalletBalance {
  cardNumber: string;
  playBalance: Amount;
  /** Absent when the service sent none: never shown as 0. */
  bonusBalance?: Amount;
  ticketBalance?: number;
  lastSyncedAt?: string;
}
export interface WalletActivityEntry {
  activityId?: string;
  kind: ActivityKind | string;
  occurredAt: string;
  description?: string;
  playAmount?: number;
  bonusAmount?: number;
  tickets?: number;
  /** The entry's own unit; absent when the service names none (amounts then print as bare numbers). */
  unit?: PlayUnit;
  paymentReference?: string;
}
export interface ReloadProduct {
  productId: string;
  name?: string;
  /** The unit of its play and bonus values, when the product names one. */
  unit?: PlayUnit;
  /** What the guest pays; required only to sell it (needPrice). */
  price?: number;
  playValue?: number;
  bonusValue?: number;
  displayOrder?: number;
}
export interface WalletSale {
  saleId: string;
  /** What the sale says it credited, each in its unit, when it says. */
  creditedPlay?: Amount;
  creditedBonus?: Amount;
}
export type WalletPass =
  | { kind: 'file'; bytes: Buffer; contentType: string }
  | { kind: 'link'; url: string; expiresAt?: string; record: Record<string, unknown> };

const from = (operation: string): AnswerSource => ({ service: 'wallet', operation });

const OPERATIONS = {
  signup: 'sign the guest up',
  login: 'log the guest in',
  renew: 'renew the guest token',
  cards: "list the guest's cards",
  balance: 'read the card balance',
  activity: 'read the card activity',
  products: 'list reload products',
  sale: 'record the reload sale',
  pass: 'issue the phone wallet pass',
} as const;

/**
 * One amount of a record: a number ("12.50" too) or a record {amount, unit}
 * / {value, currency}. Its unit is its own, else the record-wide one; none
 * is left undefined for the caller to require or not. A candidate of another
 * type (a boolean `play`, a record with no amount) is skipped by the lookup.
 */
function readAmount(
  reader: RecordReader,
  spec: FieldSpec<'money'>,
  label: string,
  recordUnit: PlayUnit | undefined,
): { amount: number; unit?: PlayUnit } | undefined {
  // A candidate of another type is skipped: with none of the right type the amount is absent (a required one fails in amountWithUnit, naming what was there).
  const value = reader.value(spec);
  if (value === undefined) return undefined;
  if (isRecord(value)) {
    const inner = reader.record(spec, `${reader.what} ${label}`)!;
    return { amount: inner.need(amountFields.amount, 'amount'), unit: inner.get(amountFields.unit) ?? recordUnit };
  }
  return { amount: asNumber(value)!, unit: recordUnit };
}

/** An amount shown with its unit: a missing unit is an unreadable answer, never "dollars". */
function amountWithUnit(
  reader: RecordReader,
  spec: FieldSpec<'money'>,
  label: string,
  recordUnit: PlayUnit | undefined,
  required: true,
): Amount;
function amountWithUnit(
  reader: RecordReader,
  spec: FieldSpec<'money'>,
  label: string,
  recordUnit: PlayUnit | undefined,
  required: false,
): Amount | undefined;
function amountWithUnit(
  reader: RecordReader,
  spec: FieldSpec<'money'>,
  label: string,
  recordUnit: PlayUnit | undefined,
  required: boolean,
): Amount | undefined {
  const read = readAmount(reader, spec, label, recordUnit);
  if (read === undefined) {
    if (required) throw reader.missing(label, spec);
    return undefined;
  }
  if (read.unit === undefined)
    throw reader.missing(
      `${label} unit (dollars or tokens)`,
      [...amountFields.unit.names, ...balanceFields.unit.names].filter((n, i, all) => all.indexOf(n) === i),
    );
  return { amount: read.amount, unit: read.unit };
}

export function cardView(reader: RecordReader): WalletCardSummary {
  const status = reader.word(cardFields.status);
  const view: WalletCardSummary = {
    cardNumber: reader.need(cardFields.cardNumber, 'number'),
    cardType: reader.get(cardFields.cardType),
    nickname: reader.get(cardFields.nickname),
    status: status?.value,
    ...(status !== undefined && status.said !== status.value ? { statusSaid: status.said } : {}),
    locationName: reader.get(cardFields.locationName) ?? reader.get(cardFields.location)?.get(locationFields.name),
    playUnit: reader.get(cardFields.playUnit),
  };
  return withSource(view, reader.raw);
}

/** The balance of the card asked for: an answer that names another card is refused (exit 6), never shown as this card's. */
export function balanceView(reader: RecordReader, requestedCard: string): WalletBalance {
  const answeredCard = reader.get(balanceFields.cardNumber);
  checkSame(reader.source, 'cardNumber', requestedCard, answeredCard, reader.raw);
  const recordUnit = reader.get(balanceFields.unit);
  const tickets = readAmount(reader, balanceFields.ticketBalance, 'ticket balance', undefined);
  const view: WalletBalance = {
    // The card asked for: the answer's own number, checked above, may be masked.
    cardNumber: requestedCard,
    playBalance: amountWithUnit(reader, balanceFields.playBalance, 'play balance', recordUnit, true),
    bonusBalance: amountWithUnit(reader, balanceFields.bonusBalance, 'bonus balance', recordUnit, false),
    ticketBalance: tickets?.amount,
    lastSyncedAt: reader.get(balanceFields.lastSyncedAt),
  };
  return withSource(view, reader.raw);
}

/** An activity entry; one that names another card than the one asked for is refused (exit 6). */
export function activityView(reader: RecordReader, requestedCard?: string): WalletActivityEntry {
  if (requestedCard !== undefined)
    checkSame(reader.source, 'cardNumber', requestedCard, reader.get(activityFields.cardNumber), reader.raw);
  const recordUnit = reader.get(activityFields.unit);
  const play = readAmount(reader, activityFields.playAmount, 'play amount', recordUnit);
  const bonus = readAmount(reader, activityFields.bonusAmount, 'bonus amount', recordUnit);
  const tickets = readAmount(reader, activityFields.tickets, 'tickets', undefined);
  const view: WalletActivityEntry = {
    activityId: reader.get(activityFields.activityId),
    kind: reader.need(activityFields.kind, 'kind'),
    occurredAt: reader.need(activityFields.occurredAt, 'time'),
    description: reader.get(activityFields.description),
    playAmount: play?.amount,
    bonusAmount: bonus?.amount,
    tickets: tickets?.amount,
    unit: play?.unit ?? bonus?.unit ?? recordUnit,
    paymentReference: reader.get(activityFields.paymentReference),
  };
  return withSource(view, reader.raw);
}

export function productView(reader: RecordReader): ReloadProduct {
  const unit = reader.get(productFields.unit);
  const play = readAmount(reader, productFields.playValue, 'play value', unit);
  const bonus = readAmount(reader, productFields.bonusValue, 'bonus value', unit);
  const view: ReloadProduct = {
    productId: reader.need(productFields.productId, 'id'),
    name: reader.get(productFields.name),
    unit: play?.unit ?? bonus?.unit,
    price: readAmount(reader, productFields.price, 'price', undefined)?.amount,
    playValue: play?.amount,
    bonusValue: bonus?.amount,
    displayOrder: reader.get(productFields.displayOrder),
  };
  return withSource(view, reader.raw);
}

/**
 * What a sale answer says it credited: {credited: {play: {amount, unit},
 * bonus}} or flat figures with a unit beside them. Only for the message: a
 * figure that cannot be read leaves it unsaid, never fails an accepted sale.
 */
function creditedOf(reader: RecordReader): Pick<WalletSale, 'creditedPlay' | 'creditedBonus'> {
  const out: Pick<WalletSale, 'creditedPlay' | 'creditedBonus'> = {};
  try {
    const unit = reader.get(saleFields.unit);
    const nested = reader.get(saleFields.credited);
    const play = nested
      ? readAmount(nested, CREDIT_PLAY, 'credited play', unit)
      : readAmount(reader, saleFields.creditedPlay, 'credited play', unit);
    const bonus = nested
      ? readAmount(nested, CREDIT_BONUS, 'credited bonus', unit)
      : readAmount(reader, saleFields.creditedBonus, 'credited bonus', unit);
    if (play?.unit !== undefined) out.creditedPlay = { amount: play.amount, unit: play.unit };
    if (bonus?.unit !== undefined) out.creditedBonus = { amount: bonus.amount, unit: bonus.unit };
  } catch (error) {
    if (!(error instanceof UnreadableAnswerError)) throw error;
  }
  return out;
}
/** The answer of a sale: its id (required) and what it credited (when it says). */
export function saleView(reader: RecordReader): WalletSale {
  return withSource({ saleId: reader.need(saleFields.saleId, 'id'), ...creditedOf(reader) }, reader.raw);
}

/** The link answer of a walletB pass. */
export function passLinkView(reader: RecordReader): { url: string; expiresAt?: string } {
  return { url: reader.need(passFields.saveUrl, 'link'), expiresAt: reader.get(passFields.expiresAt) };
}

const CREDIT_PLAY: FieldSpec<'money'> = { type: 'money', names: ['play', 'playAmount', 'playValue'] };
const CREDIT_BONUS: FieldSpec<'money'> = { type: 'money', names: ['bonus', 'bonusAmount', 'bonusValue'] };

/** A product's price, which a sale needs: a product listed without one cannot be sold from here. */
export function needPrice(product: ReloadProduct): number {
  if (product.price !== undefined) return product.price;
  throw new UnreadableAnswerError(
    from(OPERATIONS.products),
    `has no price for reload product ${product.productId} (looked for ${productFields.price.names.join(', ')})`,
    sourceOf(product),
  );
}

/**
 * What a reload product adds, in the unit the card's location counts play in:
 * "$10.00 play + $5.00 bonus" at a dollars location; at a tokens location the
 * product's values with the word that they are credited in tokens (how many
 * tokens is the service's to say, in the sale's answer); no unit invented
 * when neither the product nor the card names one.
 */
export function reloadAdds(product: ReloadProduct, cardUnit: PlayUnit | undefined): string {
  const unit = product.unit ?? cardUnit;
  const values = [
    product.playValue !== undefined ? { amount: product.playValue, what: 'play' } : undefined,
    product.bonusValue ? { amount: product.bonusValue, what: 'bonus' } : undefined,
  ].filter((v): v is { amount: number; what: string } => v !== undefined);
  if (!values.length) return '';
  const plain = formatCount;
  if (unit === 'dollars') return values.map((v) => `${formatMoney(v.amount)} ${v.what}`).join(' + ');
  if (unit === 'tokens' && product.unit === 'tokens')
    return values.map((v) => `${plain(v.amount)} tokens ${v.what}`).join(' + ');
  const listed = values.map((v) => `${v.what} value ${plain(v.amount)}`).join(' + ');
  if (unit === 'tokens') return `${listed}, credited in tokens (the card's location counts play in tokens)`;
  return unit === undefined ? listed : `${listed} (${unit})`;
}

/** What a sale says it credited: "40 tokens play + 20 tokens bonus"; empty when it says nothing. */
export function creditedText(sale: WalletSale): string {
  const plain = (amount: Amount) =>
    amount.unit === 'dollars' ? formatMoney(amount.amount) : `${formatCount(amount.amount)} ${amount.unit}`;
  return [
    sale.creditedPlay ? `${plain(sale.creditedPlay)} play` : '',
    sale.creditedBonus ? `${plain(sale.creditedBonus)} bonus` : '',
  ]
    .filter(Boolean)
    .join(' + ');
}

/** JWT times are whole seconds: an admin token within this of its exp may have lapsed on its way. */
const EXPIRY_GRAIN_MS = 1_000;

/** A bare JWT as the whole body (some token endpoints answer text/plain). */
const BARE_JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

export class WalletClient {
  readonly sessions: GuestSessions;

  constructor(protected readonly deps: ServiceDeps) {
    this.sessions = new GuestSessions(deps.stateDir, deps.profile, deps.now, normaliseBaseUrl(deps.http.baseUrl));
  }

  /** The admin token for sign-up and login: a fresh one when the context offers it (the seed asks for it). */
  private get adminToken(): TokenSource {
    return this.deps.freshToken ?? this.deps.token;
  }

  /** Runs a call; an error answer is worded by the wallet's error table (error-codes.ts). */
  private async call<T>(call: WalletCall, run: () => Promise<T>, context: WalletErrorContext = {}): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw walletErrors.errorFor(error, call, context);
    }
  }

  /** The service's message, when it sent one (the seed: "201; message (string)"). */
  async signup(body: SignupBody): Promise<{ message?: string; record: Record<string, unknown> }> {
    return this.call(
      'signup',
      async () => {
        const response = await this.deps.http.request({
          method: 'POST',
          path: '/api/v1/admin/signup',
          body,
          auth: this.adminToken,
          operation: OPERATIONS.signup,
        });
        const reader = readRecord(response.data, from(OPERATIONS.signup), 'sign-up answer');
        return { message: reader.text(signupFields.message), record: reader.raw };
      },
      { email: body.username },
    );
  }

  /**
   * Logs the guest in; keep=false gives a session only this process uses (diagnose).
   * The admin token is a fresh one, so a 401 is the guest's email and password
   * being refused, and the password is never sent again. Only when the admin
   * token lapsed on its way (one-second tokens) and the answer blames the token
   * is the login sent again with a new one: the password was not refused then.
   */
  async login(email: string, password: string, keep = true): Promise<StoredSession> {
    return this.call(
      'login',
      async () => {
        let admin: { expiresAt?: number } | undefined;
        const source = this.adminToken;
        const auth: TokenSource = {
          get: async () => (admin = await source.get()),
          invalidate: (token) => source.invalidate(token),
        };
        let response: HttpResponse<unknown>;
        for (let attempt = 1; ; attempt++) {
          try {
            // Login changes nothing on the server, so a lost answer may safely be asked again.
            response = await this.deps.http.request({
              method: 'POST',
              path: '/api/v1/admin/login',
              body: { username: email, password },
              auth,
              idempotent: true,
              replayOn401: false,
              operation: OPERATIONS.login,
            });
            break;
          } catch (error) {
            if (!(error instanceof ApiError) || error.status !== 401) throw error;
            // Only an admin token that lapsed on its way, and an answer that does not blame the password, sends the password again.
            const lapsed = admin?.expiresAt !== undefined && admin.expiresAt <= this.deps.now() + EXPIRY_GRAIN_MS;
            if (lapsed && walletErrors.meaning(error, 'login') !== 'guest-credentials-refused' && attempt < 3) continue;
            throw error;
          }
        }
        const reader = readRecord(response.data, from(OPERATIONS.login), 'login answer', ['tokens', 'session', 'auth']);
        const accessToken = reader.needText(tokenFields.accessToken, 'access token');
        const refreshToken = reader.needText(tokenFields.refreshToken, 'refresh token');
        if (keep) return this.sessions.save(email, accessToken, refreshToken);
        const [a, r] = await Promise.all([jwtTimes(accessToken), jwtTimes(refreshToken)]);
        return {
          email,
          accessToken,
          refreshToken,
          accessExpiresAt: a.exp,
          refreshExpiresAt: r.exp,
          loggedInAt: this.deps.now(),
        };
      },
      { email },
    );
  }

  async resetPassword(email: string): Promise<void> {
    await this.call(
      'reset-password',
      () =>
        this.deps.http.request({
          method: 'PUT',
          path: `/api/v1/admin/${encodeURIComponent(email)}/reset`,
          operation: 'start the password reset',
        }),
      { email },
    );
  }

  async confirmReset(email: string, confirmationCode: string, newPassword: string): Promise<void> {
    await this.call(
      'confirm-reset',
      () =>
        this.deps.http.request({
          method: 'PUT',
          path: `/api/v1/admin/${encodeURIComponent(email)}/confirmReset`,
          body: { confirmationCode, newPassword },
          operation: 'confirm the password reset',
        }),
      { email },
    );
  }

  /** The new guest token in the renewal's answer: a record naming it, or the bare JWT. */
  private renewedToken(body: unknown): string {
    if (typeof body === 'string' && BARE_JWT.test(body.trim())) return body.trim();
    return readRecord(body, from(OPERATIONS.renew), 'token answer', ['tokens', 'session', 'auth']).needText(
      tokenFields.accessToken,
      'access token',
    );
  }

  /**
   * The guest's token source: the stored access token while it lasts, then a
   * new one from the refresh token; when that has lapsed too, log in again.
   * A session passed in (diagnose with a password) lives in memory only.
   */
  guestToken(email: string, inMemory?: StoredSession): TokenSource {
    const relogin = (why: string) =>
      new AuthError(`${why}: log in again: ${venueHint(['wallet', 'login', email])}`, {
        hint: 'Guest sessions end when their refresh token expires.',
      });
    let memory = inMemory;
    return {
      get: async () => {
        const session = memory ?? this.sessions.get(email);
        if (!session) throw this.noSession(email);
        const now = this.deps.now();
        if (session.accessExpiresAt === undefined || session.accessExpiresAt - 5_000 > now) {
          return { token: session.accessToken, fromCache: true, expiresAt: session.accessExpiresAt };
        }
        if (session.refreshExpiresAt !== undefined && session.refreshExpiresAt <= now)
          throw relogin('the guest session has expired');
        let accessToken: string;
        const renewal = { method: 'POST' as const, path: '/api/v1/admin/token' };
        try {
          const response = await this.deps.http.request({
            ...renewal,
            body: { refreshToken: session.refreshToken },
            idempotent: true,
            operation: OPERATIONS.renew,
          });
          accessToken = this.renewedToken(response.data);
        } catch (error) {
          if (error instanceof ApiError && (error.status === 401 || error.status === 403))
            throw relogin('the refresh token was refused');
          // The renewal is a login: its route's 404 or 500 is never read as the guest call's own.
          throw loginFailure(
            {
              service: 'wallet',
              method: renewal.method,
              url: this.deps.http.url(renewal.path),
              what: `renew the guest token of ${email}`,
              check: {
                credentials: `the guest session (log in again: ${venueHint(['wallet', 'login', email])})`,
                route: `wallet.url (now ${this.deps.http.baseUrl}), then log in again: ${venueHint(['wallet', 'login', email])}`,
              },
            },
            error,
          );
        }
        const accessExpiresAt = (await jwtTimes(accessToken)).exp;
        if (memory) memory = { ...memory, accessToken, accessExpiresAt };
        else await this.sessions.replaceAccess(email, accessToken);
        return { token: accessToken, fromCache: false, expiresAt: accessExpiresAt };
      },
      invalidate: async (token) => {
        if (memory) memory = { ...memory, accessExpiresAt: 0 };
        else await this.sessions.expireAccess(email, token);
      },
    };
  }

  /** No session of this guest for this wallet address: log in (again, when one is stored for another address). */
  private noSession(email: string): AuthError {
    const elsewhere = this.sessions.stored(email);
    if (elsewhere) {
      return new AuthError(
        `the stored session of ${email} belongs to ${elsewhere.baseUrl ?? 'an address venue did not record'}, not ${this.sessions.baseUrl}: log in again: ${venueHint(['wallet', 'login', email])}`,
        {
          hint: 'A guest token goes only to the wallet address it came from.',
        },
      );
    }
    return new AuthError(`no stored session for ${email}: log in first: ${venueHint(['wallet', 'login', email])}`);
  }

  /** The guest whose session a guest call uses: --as, else the only stored one for this wallet address. */
  resolveGuest(as: string | undefined): string {
    if (as) {
      if (!this.sessions.get(as)) throw this.noSession(as);
      return as.toLowerCase();
    }
    const all = this.sessions.usable();
    if (all.length === 1) return all[0]!.email;
    if (all.length === 0) {
      const elsewhere = this.sessions.list();
      if (elsewhere.length === 1) throw this.noSession(elsewhere[0]!.email);
      throw new AuthError(
        `no guest is logged in: log in first: ${venueHint(['wallet', 'login', placeholder('guest email')])}`,
      );
    }
    throw new UsageError(`${all.length} guest sessions are stored: pass --as <email> to choose one`, {
      hint: `Stored: ${all.map((s) => s.email).join(', ')}`,
    });
  }

  async cards(guest: TokenSource, email?: string): Promise<WalletCardSummary[]> {
    return this.call(
      'cards',
      async () => {
        const response = await this.deps.http.request({
          method: 'GET',
          path: '/api/v1/card',
          auth: guest,
          operation: OPERATIONS.cards,
        });
        return readRecords(response.data, from(OPERATIONS.cards), 'card', ['cards', 'gameCards']).map(cardView);
      },
      { email },
    );
  }

  async balance(guest: TokenSource, cardNumber: string): Promise<WalletBalance> {
    return this.call(
      'balance',
      async () => {
        const response = await this.deps.http.request({
          method: 'GET',
          path: `/api/v1/card/${cardNumber}/balance`,
          auth: guest,
          operation: OPERATIONS.balance,
        });
        return balanceView(
          readRecord(response.data, from(OPERATIONS.balance), 'balance', ['balance', 'balances', 'card']),
          cardNumber,
        );
      },
      { cardNumber },
    );
  }

  /** Newest first, whatever order the service sent. */
  async activity(guest: TokenSource, cardNumber: string): Promise<WalletActivityEntry[]> {
    return this.call(
      'activity',
      async () => {
        const response = await this.deps.http.request({
          method: 'GET',
          path: `/api/v1/card/${cardNumber}/activity`,
          auth: guest,
          operation: OPERATIONS.activity,
        });
        const entries = readRecords(response.data, from(OPERATIONS.activity), 'activity entry', [
          'activity',
          'activities',
          'transactions',
          'entries',
        ]).map((r) => activityView(r, cardNumber));
        const time = (e: WalletActivityEntry) => Date.parse(e.occurredAt);
        return entries.sort((a, b) =>
          Number.isFinite(time(a)) && Number.isFinite(time(b))
            ? time(b) - time(a)
            : b.occurredAt.localeCompare(a.occurredAt),
        );
      },
      { cardNumber },
    );
  }

  async products(guest: TokenSource): Promise<ReloadProduct[]> {
    return this.call('products', async () => {
      const response = await this.deps.http.request({
        method: 'GET',
        path: '/api/v1/quickreload',
        auth: guest,
        operation: OPERATIONS.products,
      });
      const products = readRecords(response.data, from(OPERATIONS.products), 'reload product', [
        'products',
        'quickReload',
        'quickReloads',
      ]).map(productView);
      // The list order is the display order; an explicit displayOrder wins when every product has one.
      return products.every((p) => p.displayOrder !== undefined)
        ? [...products].sort((a, b) => a.displayOrder! - b.displayOrder!)
        : products;
    });
  }

  /**
   * The sale is not idempotent: the HTTP layer never resends it after it may
   * have arrived, and a lost answer is exit 7. idempotencyKey is the reload
   * journal entry's, the same on every rerun of that entry. An answer that
   * cannot be read (no sale id) is an UnreadableAnswerError marked accepted:
   * the service took the sale.
   */
  async sale(
    guest: TokenSource,
    body: SaleBody,
    options: { idempotencyKey?: string; beforeSend?: () => Promise<void> } = {},
  ): Promise<WalletSale> {
    return this.call(
      'sale',
      async () => {
        const response = await this.deps.http.request({
          method: 'POST',
          path: '/api/v1/sale',
          body,
          auth: guest,
          idempotent: false,
          operation: OPERATIONS.sale,
          idempotencyKey: options.idempotencyKey,
          beforeSend: options.beforeSend,
        });
        const reader = readRecord(response.data, { ...from(OPERATIONS.sale), accepted: true }, 'sale', ['sale']);
        // Read as a read: every field of the sale by its type (exit 6 naming one of another type).
        readWriteAnswer(reader, RECORD_SHAPES.walletSale);
        return saleView(reader);
      },
      { cardNumber: body.cardNumber },
    );
  }

  async pass(guest: TokenSource, platform: 'walletA' | 'walletB', cardNumber: string): Promise<WalletPass> {
    return this.call(
      'pass',
      async () => {
        const response = await this.deps.http.request({
          method: 'PUT',
          path: `/api/v1/pass/${platform}/${cardNumber}`,
          auth: guest,
          responseType: 'buffer',
          operation: OPERATIONS.pass,
        });
        return passFrom(response);
      },
      { cardNumber },
    );
  }
}

/**
 * A pass answer: a file (any binary type) or a record with a link to save it.
 * An empty body, an HTML page or JSON without a link is unreadable.
 */
export function passFrom(response: HttpResponse<unknown>): WalletPass {
  const source = from(OPERATIONS.pass);
  const contentType = response.headers['content-type'] ?? '';
  const data = response.data;
  const bytes =
    response.raw ?? (Buffer.isBuffer(data) ? data : typeof data === 'string' ? Buffer.from(data, 'utf8') : undefined);
  const text = () => bytes!.toString('utf8').trim();
  if (data !== undefined && !Buffer.isBuffer(data) && typeof data !== 'string') return linkFrom(data, source);
  if (!bytes || bytes.length === 0) return linkFrom(undefined, source);
  if (/json/i.test(contentType) || (!contentType && /^[[{]/.test(text()))) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text());
    } catch {
      parsed = text();
    }
    return linkFrom(parsed, source);
  }
  if (/^text\//i.test(contentType) || /^<(!doctype|html|\?xml)/i.test(text().slice(0, 20)))
    return linkFrom(text(), source);
  return { kind: 'file', bytes, contentType };
}

function linkFrom(body: unknown, source: AnswerSource): WalletPass {
  const reader = readRecord(body, source, 'wallet pass', ['pass']);
  return { kind: 'link', ...passLinkView(reader), record: reader.raw };
}
