// The wallet service client: every wallet call the commands make, on the
// shared HTTP layer. The admin token (deps.token) serves only sign-up and
// login; guest calls carry the guest's own token from the stored session,
// renewed with the refresh token. Knows nothing of the terminal.

import { ApiError, AuthError, NotFoundError, RejectedError, UsageError } from '../errors.js';
import { listFrom, recordFrom, type TokenSource } from '../http.js';
import type { ServiceDeps } from '../context.js';
import { GuestSessions, type StoredSession } from './sessions.js';
import type { ActivityKind, SaleBody, SignupBody } from './schemas.js';
import { tokenFrom } from '../token-response.js';

export type PlayUnit = 'dollars' | 'tokens' | string;
export interface Amount {
  amount: number;
  unit: PlayUnit;
}
export interface WalletCardSummary {
  cardNumber: string;
  cardType?: string;
  nickname?: string | null;
  status?: string;
  locationName?: string;
  playUnit?: PlayUnit;
  [key: string]: unknown;
}
export interface WalletBalance {
  cardNumber: string;
  playBalance: Amount;
  bonusBalance: Amount;
  ticketBalance: number;
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
  unit?: PlayUnit;
  paymentReference?: string;
}
export interface ReloadProduct {
  productId: string;
  name: string;
  price: number;
  playValue?: number;
  bonusValue?: number;
  displayOrder?: number;
}
export type WalletPass = { kind: 'file'; bytes: Buffer; contentType: string } | { kind: 'link'; url: string; body: Record<string, unknown> };

/** A balance figure as the vendor sends it: {amount, unit}, a bare number, or {value, currency}. */
function amountOf(raw: unknown, fallbackUnit: PlayUnit = 'dollars'): Amount {
  if (typeof raw === 'number') return { amount: raw, unit: fallbackUnit };
  const record = (raw ?? {}) as Record<string, unknown>;
  const amount = Number(record.amount ?? record.value ?? 0);
  const unit = String(record.unit ?? record.type ?? fallbackUnit).toLowerCase();
  return { amount, unit: unit.startsWith('token') ? 'tokens' : unit.startsWith('dollar') || unit === 'usd' ? 'dollars' : unit };
}

function errorCodeOf(error: ApiError): string | undefined {
  const body = error.info.body as { error?: { code?: unknown }; code?: unknown } | undefined;
  const code = body?.error && typeof body.error === 'object' ? body.error.code : body?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Turns the service's refusals into messages a support engineer can act on. */
export function explainWalletError(error: unknown, context: { email?: string; cardNumber?: string } = {}): unknown {
  if (!(error instanceof ApiError)) return error;
  const code = errorCodeOf(error) ?? '';
  const said = error.info.serverMessage ?? '';
  const options = { cause: error, details: said ? [`the service said: ${said}`] : [] };
  if (error.status === 409 && (code === 'username_taken' || code === 'conflict' || /user|email|exist/i.test(said))) {
    return new RejectedError('this email is already registered', { ...options, hint: `Log in with \`venue wallet login ${context.email ?? '<email>'}\`, or use another email.` });
  }
  if (error.status === 409 && code === 'card_registered') {
    return new RejectedError('this card is already registered to another account', { ...options, hint: 'Each card belongs to one account; check the barcode.' });
  }
  if (error.status === 409 && code === 'duplicate_payment_reference') {
    return new RejectedError('this payment reference was already recorded: the reload was not applied twice', {
      ...options,
      hint: `Check it with \`venue wallet activity ${context.cardNumber ?? '<cardNumber>'} --kind reload\`.`,
    });
  }
  if (error.status === 422 && (code === 'card_not_activated' || /not activated/i.test(said))) {
    return new RejectedError('card not activated — any in-store activity activates it', { ...options, hint: 'Ask the guest to use the card once at the venue (a game or a reload), then try again.' });
  }
  if (error.status === 422 && (code === 'password_rules' || /password/i.test(said))) {
    return new RejectedError('the password breaks the rules: 8 to 20 characters with a digit, a lowercase and an uppercase letter', options);
  }
  if (error.status === 422 && code === 'invalid_confirmation_code') {
    return new RejectedError('the confirmation code is wrong, already used or expired (codes last 15 minutes)', {
      ...options,
      hint: `Ask for a new one: \`venue wallet reset-password ${context.email ?? '<email>'}\`.`,
    });
  }
  if (error.status === 401 && code === 'invalid_credentials') {
    return new AuthError(`the password for ${context.email ?? 'this guest'} was refused`, { ...options, hint: `Reset it with \`venue wallet reset-password ${context.email ?? '<email>'}\`.` });
  }
  if (error.status === 404) {
    return new NotFoundError('no such account or card', { ...options, hint: 'Check the email and card number; a guest sees only the cards on their own account.' });
  }
  if (error.status === 403) {
    return new AuthError('the wallet refused this token for that call', { ...options, hint: 'Sign-up and login take the admin token; card calls take a guest token (`venue wallet login`).' });
  }
  return error;
}

export class WalletClient {
  readonly sessions: GuestSessions;

  constructor(protected readonly deps: ServiceDeps) {
    this.sessions = new GuestSessions(deps.stateDir, deps.profile, deps.now);
  }

  private async call<T>(run: () => Promise<T>, context: { email?: string; cardNumber?: string } = {}): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw explainWalletError(error, context);
    }
  }

  async signup(body: SignupBody): Promise<string> {
    return this.call(async () => {
      const response = await this.deps.http.request({ method: 'POST', path: '/api/v1/admin/signup', body, auth: this.deps.token, operation: 'sign the guest up' });
      return String(recordFrom<{ message?: unknown }>(response.data).message ?? 'account created');
    }, { email: body.username });
  }

  /** Logs the guest in; keep=false gives a session only this process uses (diagnose). */
  async login(email: string, password: string, keep = true): Promise<StoredSession> {
    return this.call(async () => {
      // Login changes nothing on the server, so a lost answer may safely be asked again.
      const response = await this.deps.http.request<Record<string, unknown>>({
        method: 'POST', path: '/api/v1/admin/login', body: { username: email, password }, auth: this.deps.token, idempotent: true, operation: 'log the guest in',
      });
      const accessToken = tokenFrom(response.data, 'wallet');
      const record = recordFrom<Record<string, unknown>>(response.data);
      const refreshToken = String(record.refreshToken ?? record.refresh_token ?? '');
      if (!refreshToken) throw new AuthError('the wallet answered the login without a refresh token');
      if (keep) return this.sessions.save(email, accessToken, refreshToken);
      const { jwtTimes } = await import('../tokens.js');
      const [a, r] = await Promise.all([jwtTimes(accessToken), jwtTimes(refreshToken)]);
      return { email, accessToken, refreshToken, accessExpiresAt: a.exp, refreshExpiresAt: r.exp, loggedInAt: this.deps.now() };
    }, { email });
  }

  async resetPassword(email: string): Promise<void> {
    await this.call(() => this.deps.http.request({ method: 'PUT', path: `/api/v1/admin/${encodeURIComponent(email)}/reset`, operation: 'start the password reset' }), { email });
  }

  async confirmReset(email: string, confirmationCode: string, newPassword: string): Promise<void> {
    await this.call(
      () => this.deps.http.request({ method: 'PUT', path: `/api/v1/admin/${encodeURIComponent(email)}/confirmReset`, body: { confirmationCode, newPassword }, operation: 'confirm the password reset' }),
      { email },
    );
  }

  /**
   * The guest's token source: the stored access token while it lasts, then a
   * new one from the refresh token; when that has lapsed too, log in again.
   * A session passed in (diagnose with a password) lives in memory only.
   */
  guestToken(email: string, inMemory?: StoredSession): TokenSource {
    const relogin = (why: string) => new AuthError(`${why}: log in again: venue wallet login ${email}`, { hint: 'Guest sessions end when their refresh token expires.' });
    let memory = inMemory;
    return {
      get: async () => {
        const session = memory ?? this.sessions.get(email);
        if (!session) throw new AuthError(`no stored session for ${email}: log in first: venue wallet login ${email}`);
        const now = this.deps.now();
        if (session.accessExpiresAt === undefined || session.accessExpiresAt - 5_000 > now) return { token: session.accessToken, fromCache: true };
        if (session.refreshExpiresAt !== undefined && session.refreshExpiresAt <= now) throw relogin('the guest session has expired');
        let accessToken: string;
        try {
          const response = await this.deps.http.request({ method: 'POST', path: '/api/v1/admin/token', body: { refreshToken: session.refreshToken }, idempotent: true, operation: 'renew the guest token' });
          accessToken = tokenFrom(response.data, 'wallet');
        } catch (error) {
          if (error instanceof ApiError && (error.status === 401 || error.status === 403)) throw relogin('the refresh token was refused');
          throw explainWalletError(error, { email });
        }
        if (memory) {
          const { jwtTimes } = await import('../tokens.js');
          memory = { ...memory, accessToken, accessExpiresAt: (await jwtTimes(accessToken)).exp };
        } else await this.sessions.replaceAccess(email, accessToken);
        return { token: accessToken, fromCache: false };
      },
      invalidate: async (token) => {
        if (memory) memory = { ...memory, accessExpiresAt: 0 };
        else await this.sessions.expireAccess(email, token);
      },
    };
  }

  /** The guest whose session a guest call uses: --as, else the only stored one. */
  resolveGuest(as: string | undefined): string {
    if (as) {
      if (!this.sessions.get(as)) throw new AuthError(`no stored session for ${as}: log in first: venue wallet login ${as}`);
      return as.toLowerCase();
    }
    const all = this.sessions.list();
    if (all.length === 1) return all[0]!.email;
    if (all.length === 0) throw new AuthError('no guest is logged in: log in first: venue wallet login <email>');
    throw new UsageError(`${all.length} guest sessions are stored: pass --as <email> to choose one`, { hint: `Stored: ${all.map((s) => s.email).join(', ')}` });
  }

  async cards(guest: TokenSource, email?: string): Promise<WalletCardSummary[]> {
    return this.call(async () => {
      const response = await this.deps.http.request({ method: 'GET', path: '/api/v1/card', auth: guest, operation: 'list the guest\'s cards' });
      return listFrom<WalletCardSummary>(response.data, 'cards');
    }, { email });
  }

  async balance(guest: TokenSource, cardNumber: string): Promise<WalletBalance> {
    return this.call(async () => {
      const response = await this.deps.http.request({ method: 'GET', path: `/api/v1/card/${cardNumber}/balance`, auth: guest, operation: 'read the card balance' });
      const record = recordFrom<Record<string, unknown>>(response.data, 'balance');
      const play = amountOf(record.playBalance ?? record.play);
      return {
        cardNumber: String(record.cardNumber ?? cardNumber),
        playBalance: play,
        bonusBalance: amountOf(record.bonusBalance ?? record.bonus, play.unit),
        ticketBalance: Number((record.ticketBalance as { amount?: unknown } | undefined)?.amount ?? record.ticketBalance ?? record.tickets ?? 0),
        lastSyncedAt: typeof record.lastSyncedAt === 'string' ? record.lastSyncedAt : undefined,
      };
    }, { cardNumber });
  }

  /** Newest first, whatever order the service sent. */
  async activity(guest: TokenSource, cardNumber: string): Promise<WalletActivityEntry[]> {
    return this.call(async () => {
      const response = await this.deps.http.request({ method: 'GET', path: `/api/v1/card/${cardNumber}/activity`, auth: guest, operation: 'read the card activity' });
      const entries = listFrom<WalletActivityEntry>(response.data, 'activity', 'transactions');
      return entries.map((e) => ({ ...e, kind: normaliseKind(String(e.kind ?? '')) })).sort((a, b) => String(b.occurredAt).localeCompare(String(a.occurredAt)));
    }, { cardNumber });
  }

  async products(guest: TokenSource): Promise<ReloadProduct[]> {
    return this.call(async () => {
      const response = await this.deps.http.request({ method: 'GET', path: '/api/v1/quickreload', auth: guest, operation: 'list reload products' });
      const products = listFrom<ReloadProduct>(response.data, 'products');
      // The list order is the display order; an explicit displayOrder wins when present.
      return products.every((p) => typeof p.displayOrder === 'number') ? [...products].sort((a, b) => a.displayOrder! - b.displayOrder!) : products;
    });
  }

  /** The sale is not idempotent: the HTTP layer never resends it, and a lost answer is exit 7. */
  async sale(guest: TokenSource, body: SaleBody): Promise<Record<string, unknown>> {
    return this.call(async () => {
      const response = await this.deps.http.request({ method: 'POST', path: '/api/v1/sale', body, auth: guest, idempotent: false, operation: 'record the reload sale' });
      return recordFrom<Record<string, unknown>>(response.data, 'sale');
    }, { cardNumber: body.cardNumber });
  }

  async pass(guest: TokenSource, platform: 'walletA' | 'walletB', cardNumber: string): Promise<WalletPass> {
    return this.call(async () => {
      const response = await this.deps.http.request({ method: 'PUT', path: `/api/v1/pass/${platform}/${cardNumber}`, auth: guest, responseType: 'buffer', operation: 'issue the phone wallet pass' });
      const contentType = response.headers['content-type'] ?? '';
      const bytes = response.raw ?? Buffer.alloc(0);
      if (contentType.includes('json')) {
        const body = JSON.parse(bytes.toString('utf8')) as Record<string, unknown>;
        const url = body.saveUrl ?? body.url ?? body.link;
        if (typeof url === 'string') return { kind: 'link', url, body };
      }
      return { kind: 'file', bytes, contentType };
    }, { cardNumber });
  }
}

export function normaliseKind(kind: string): string {
  const k = kind.toLowerCase().replace(/[\s_]+/g, '-');
  if (k === 'gameplay') return 'game-play';
  if (k === 'ticketwin') return 'ticket-win';
  return k;
}
