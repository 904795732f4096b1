// Real signed tokens for the sandbox: HS256 JWTs whose signing key is made
// once per state directory and persisted with the state, so tokens the CLI
// cached survive a restart of the sandbox.

import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { checkStaticCredential } from './auth-schemes.js';
import { SandboxHttpError } from './http-error.js';
import { bearerScheme, type AuthScheme } from './routes.js';
import type { SandboxSettings, SandboxTokens, TokenClaims, TokenKind } from './types.js';

/** Lifetimes before settings.tokenScale, as the issue sets them. */
export const tokenLifetimeSeconds: Record<TokenKind, number> = {
  booking: 6 * 3600,
  inventory: 3600,
  'wallet-admin': 5 * 60,
  'wallet-guest': 3600,
  'wallet-refresh': 30 * 24 * 3600,
};

const tokenKinds = new Set<string>(Object.keys(tokenLifetimeSeconds));

export function newSigningKey(): string {
  return randomBytes(32).toString('base64url');
}

export const unauthorized = (message: string) =>
  new SandboxHttpError(401, 'unauthorized', message, [], { 'WWW-Authenticate': 'Bearer' });
export const forbidden = (message: string) => new SandboxHttpError(403, 'forbidden', message);

export interface SandboxTokenOptions {
  /** The base64url signing key (state.keys.signing). */
  key: () => string;
  settings: () => SandboxSettings;
  now: () => Date;
  /**
   * How calls to a service (the first path segment: "inventory", "wallet",
   * "booking") send the token. Bearer when not given; a route layout can give
   * inventory (and its webhook subscribers) a vendor header instead.
   */
  authScheme?: (service: string) => AuthScheme;
}

/** The service a request is for: the first segment of its route (canonical, after any layout rewrite). */
function serviceOf(request: FastifyRequest): string {
  const url = request.routeOptions?.url ?? request.url ?? '';
  return /^\/([^/?]+)/.exec(url)?.[1] ?? '';
}

export class SandboxTokenIssuer implements SandboxTokens {
  private cachedKey?: { text: string; bytes: Uint8Array };
  /**
   * Tokens already verified with the current key: a client sends the same
   * token on every call, and checking its signature again each time is most
   * of the cost of a cheap request. Expiry is still checked on every use.
   */
  private verified = new Map<string, TokenClaims>();

  constructor(private readonly options: SandboxTokenOptions) {}

  private keyBytes(): Uint8Array {
    const text = this.options.key();
    if (this.cachedKey?.text !== text) {
      this.cachedKey = { text, bytes: Buffer.from(text, 'base64url') };
      this.verified.clear();
    }
    return this.cachedKey.bytes;
  }

  /** When a token of kind issued now expires (whole seconds, as in the JWT; at least a second after iat). */
  expiryOf(kind: TokenKind, issuedAtMs = this.options.now().getTime()): number {
    const lifetimeSeconds = tokenLifetimeSeconds[kind] * this.options.settings().tokenScale;
    return Math.floor(issuedAtMs / 1000) + Math.max(1, Math.round(lifetimeSeconds));
  }

  async issue(kind: TokenKind, subject?: string): Promise<string> {
    const nowMs = this.options.now().getTime();
    const jwt = new SignJWT({ kind })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(Math.floor(nowMs / 1000))
      .setExpirationTime(this.expiryOf(kind, nowMs))
      .setJti(randomUUID());
    if (subject !== undefined) jwt.setSubject(subject);
    return jwt.sign(this.keyBytes());
  }

  /** For tokens given in a body (refresh tokens): any failure, wrong kind included, is a 401. */
  async verify(token: string, kinds: TokenKind[]): Promise<TokenClaims> {
    const claims = await this.decode(token);
    if (!kinds.includes(claims.kind))
      throw unauthorized(`a ${claims.kind} token is not accepted here (it needs ${kinds.join(' or ')})`);
    return claims;
  }

  private async decode(token: string): Promise<TokenClaims> {
    const key = this.keyBytes();
    const known = this.verified.get(token);
    if (known) {
      // The same rule as jose's: expired once now (whole seconds) reaches exp.
      if (known.exp <= Math.floor(this.options.now().getTime() / 1000)) throw unauthorized('the token has expired');
      return known;
    }
    let claims: TokenClaims;
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: ['HS256'],
        currentDate: this.options.now(),
        clockTolerance: 0,
        requiredClaims: ['exp', 'iat', 'jti'],
      });
      if (typeof payload.kind !== 'string' || !tokenKinds.has(payload.kind))
        throw unauthorized('the token is not a sandbox token');
      claims = payload as unknown as TokenClaims;
    } catch (error) {
      if (error instanceof SandboxHttpError) throw error;
      if (error instanceof joseErrors.JWTExpired) throw unauthorized('the token has expired');
      throw unauthorized('the token is not valid');
    }
    if (this.verified.size >= 1000) this.verified.clear();
    this.verified.set(token, claims);
    return claims;
  }

  async require(request: FastifyRequest, kinds: TokenKind[]): Promise<TokenClaims> {
    const scheme = this.options.authScheme?.(serviceOf(request)) ?? bearerScheme;
    let claims: TokenClaims;
    if (scheme.type === 'api-key' || scheme.type === 'basic') {
      // A static credential is checked on every call; it stands for an inventory token.
      checkStaticCredential(request, scheme);
      const iat = Math.floor(this.options.now().getTime() / 1000);
      claims = { kind: 'inventory', iat, exp: iat + 1, jti: scheme.type };
    } else {
      // oauth2 tokens come from the layout's token route, and are sent as Bearer.
      claims = await this.decode(scheme.type === 'header' ? headerToken(request, scheme.name) : bearerToken(request));
    }
    // A genuine token of the wrong kind is a permission problem, not an identity one.
    if (!kinds.includes(claims.kind)) {
      throw forbidden(`a ${claims.kind} token cannot make this call (it needs ${kinds.join(' or ')})`);
    }
    return claims;
  }
}

function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  if (!header) throw unauthorized('missing Authorization header');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthorized('the Authorization header must be "Bearer <token>"');
  return match[1]!;
}

/** A vendor header carrying the bare token; Authorization is not read at all. */
function headerToken(request: FastifyRequest, name: string): string {
  const challenge = { 'WWW-Authenticate': `ApiKey header="${name}"` };
  const value = request.headers[name.toLowerCase()];
  if (value === undefined) {
    const hint = request.headers.authorization ? ` (an Authorization header is not read here)` : '';
    throw new SandboxHttpError(401, 'unauthorized', `missing ${name} header${hint}`, [], challenge);
  }
  const token = (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
  if (!/^\S+$/.test(token)) {
    throw new SandboxHttpError(
      401,
      'unauthorized',
      `the ${name} header must hold the bare token (no "Bearer " prefix)`,
      [],
      challenge,
    );
  }
  return token;
}
