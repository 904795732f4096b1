// The seams between the sandbox core (server, persistence, tokens, faults)
// and the per-service emulators. Each service folder exports a SandboxService
// from its index.ts; the core composes them under their URL prefixes.

import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Kinds of token the sandbox issues, with the lifetimes the issues set. */
export type TokenKind = 'wallet-admin' | 'wallet-guest' | 'wallet-refresh' | 'booking' | 'inventory';

export interface TokenClaims {
  kind: TokenKind;
  /** Guest email for wallet-guest and wallet-refresh tokens. */
  sub?: string;
  exp: number;
  iat: number;
  jti: string;
}

export interface SandboxTokens {
  /** A signed JWT (HS256) with exp = now + lifetime × tokenScale. */
  issue(kind: TokenKind, subject?: string): Promise<string>;
  /**
   * Reads the bearer token of request and checks it is valid and of one of
   * the kinds given; throws SandboxHttpError 401 (missing, bad, expired) or
   * 403 (wrong kind).
   */
  require(request: FastifyRequest, kinds: TokenKind[]): Promise<TokenClaims>;
  /** Verifies a token given in a body (refresh tokens). Throws 401. */
  verify(token: string, kinds: TokenKind[]): Promise<TokenClaims>;
}

export interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  body: string;
  /** Machine-readable extras, e.g. { confirmationCode }. */
  data?: Record<string, unknown>;
  sentAt: string;
}

export interface SandboxSettings {
  /** Multiplies every token lifetime; 0.001 makes a 1-hour token last 3.6 s. */
  tokenScale: number;
  /** How long a booking hold lasts before it lapses, in seconds. */
  holdSeconds: number;
  /** What the inventory health route reports: ok (200), degraded (200), unhealthy (503, database disconnected). */
  inventoryHealth?: InventoryHealth;
}

export const inventoryHealthValues = ['ok', 'degraded', 'unhealthy'] as const;
export type InventoryHealth = (typeof inventoryHealthValues)[number];

/**
 * How the sandbox shapes its answers (docs/sandbox-dialects.md): venue's own
 * contract, or one of the shapes other faithful vendor servers use. Chosen at
 * start; the emulators answer venue's shapes and src/dialects rewrites them.
 */
export const DIALECT_NAMES = ['venue', 'pascal', 'envelope', 'plain', 'decoy', 'hal'] as const;
export type DialectName = (typeof DIALECT_NAMES)[number];

export function isDialectName(name: unknown): name is DialectName {
  return typeof name === 'string' && (DIALECT_NAMES as readonly string[]).includes(name);
}

/**
 * Where the sandbox says what went wrong while it keeps serving: an emulator
 * left out, a state file kept aside, a failure inside a route (with its
 * stack). The sandbox never writes to stdout or stderr itself.
 */
export interface SandboxLogger {
  /** Something did not work as it should; the sandbox carries on. */
  warn(message: string): void;
  /** An unexpected failure (a bug): the message carries the stack. */
  error(message: string): void;
}

/** Says nothing: the default. */
export const silentLogger: SandboxLogger = { warn() {}, error() {} };

export interface SandboxContext {
  settings: SandboxSettings;
  /** The dialect this sandbox speaks; emulators rarely need it (the booking report does). */
  dialect: DialectName;
  tokens: SandboxTokens;
  /** The sandbox clock (tests may shift it through /_sandbox/clock). */
  now(): Date;
  /** Marks state changed; the core persists it (debounced, and on shutdown). */
  changed(): void;
  /** The fleet venue the running request is for (docs/sandbox-fleet.md), undefined for the sandbox's own. */
  fleetVenue(): string | undefined;
  /**
   * A stable accessor of a service's state for the running request's venue
   * (a fleet venue's or the sandbox's own): keep it for work that outlives
   * the request (timers, retries), which must not look the venue up later.
   */
  stateOf<T>(service: string): () => T;
  /** Delivers a mail to the sandbox outbox (`venue sandbox outbox`). */
  mail(message: Omit<OutboxMessage, 'id' | 'sentAt'>): OutboxMessage;
  /** Emits an inventory event to the webhook subscribers that want it. */
  emitInventoryEvent(type: string, data: Record<string, unknown>): void;
  /** Allows http:// subscriber URLs on loopback (sandbox only). */
  allowLoopbackHttp: boolean;
  /** The logger the sandbox was given (no-op by default). */
  log: SandboxLogger;
}

export interface SandboxService<State> {
  /** "wallet", "booking", "inventory", or "webhooks" (mounted under /inventory). */
  name: string;
  /** URL prefix under the sandbox origin: "/wallet". */
  prefix: string;
  /** The deterministic demo data a fresh or reset sandbox starts from. */
  demoState(): State;
  /**
   * Registers the service's routes on an app already scoped to prefix.
   * getState always returns the live state (reset swaps it).
   */
  register(app: FastifyInstance, sandbox: SandboxContext, getState: () => State): void | Promise<void>;
  /** Routes under /_sandbox/<name>/… for in-venue simulation (optional). */
  registerControl?(app: FastifyInstance, sandbox: SandboxContext, getState: () => State): void | Promise<void>;
  /** Called for every emitInventoryEvent (the webhooks service delivers them). */
  onInventoryEvent?(type: string, data: Record<string, unknown>, sandbox: SandboxContext, getState: () => State): void;
  /** Called once when the server stops (stop timers, flush deliveries). */
  close?(): void | Promise<void>;
}
