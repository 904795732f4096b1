// Typed errors. Every failure a user can meet is one of these; the category
// decides the exit code in exactly one place (exitCodeFor), so commands never
// pick numbers themselves.

export const ExitCode = {
  ok: 0,
  unexpected: 1,
  usage: 2,
  auth: 3,
  notFound: 4,
  rejected: 5,
  server: 6,
  unknownOutcome: 7,
  /** A person answered No at a confirmation: nothing was sent. Not 0 (what was asked for was not done: `venue … && next` must stop), not 130 (nothing was interrupted). */
  declined: 8,
  interrupted: 130,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

export type ErrorCategory =
  | 'usage'
  | 'auth'
  | 'not-found'
  | 'rejected'
  | 'server'
  | 'unknown-outcome'
  | 'interrupted'
  /** A person answered No at a confirmation. */
  | 'declined'
  /** Venue's own files (a journal) cannot be read: exit 1, never taken as empty. */
  | 'local-state';

const exitByCategory: Record<ErrorCategory, ExitCode> = {
  usage: ExitCode.usage,
  auth: ExitCode.auth,
  'not-found': ExitCode.notFound,
  rejected: ExitCode.rejected,
  server: ExitCode.server,
  'unknown-outcome': ExitCode.unknownOutcome,
  interrupted: ExitCode.interrupted,
  declined: ExitCode.declined,
  'local-state': ExitCode.unexpected,
};

export interface VenueErrorOptions {
  /** What the user can do next; printed under the message. */
  hint?: string;
  /** Extra lines (one per problem), printed under the message. */
  details?: string[];
  cause?: unknown;
}

/** An expected failure: printed as a message, never with a stack trace. */
export class VenueError extends Error {
  readonly hint?: string;
  readonly details: string[];
  constructor(
    readonly category: ErrorCategory,
    message: string,
    options: VenueErrorOptions = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'VenueError';
    this.hint = options.hint;
    this.details = options.details ?? [];
  }
  get exitCode(): ExitCode {
    return exitByCategory[this.category];
  }
}

/**
 * A VenueError class whose category is fixed: one constructor serves the
 * plain categories (usage, auth, not found, rejected), each with its own name
 * and instanceof.
 */
function errorOfCategory(category: ErrorCategory, name: string) {
  return class extends VenueError {
    constructor(message: string, options?: VenueErrorOptions) {
      super(category, message, options);
      this.name = name;
    }
  };
}

/** Bad flags or input found before anything was sent (exit 2). */
export const UsageError = errorOfCategory('usage', 'UsageError');
export type UsageError = InstanceType<typeof UsageError>;

export interface ValidationIssue {
  /** The field as the user knows it: a flag, a JSON path or a CSV column. */
  field: string;
  /** The rule broken, in words: "must be at most 50 characters". */
  rule: string;
  /** 1-based line of the input file, when the input came from a file. */
  line?: number;
}

export function formatIssue(issue: ValidationIssue): string {
  const where = issue.line === undefined ? '' : `line ${issue.line}: `;
  return `${where}${issue.field} ${issue.rule}`;
}

/** One or more rule violations in the user's input (exit 2, nothing sent). */
export class ValidationError extends UsageError {
  constructor(
    readonly issues: ValidationIssue[],
    source?: string,
  ) {
    const head =
      issues.length === 1 && !source
        ? `invalid input: ${formatIssue(issues[0]!)}`
        : `invalid input${source ? ` in ${source}` : ''}: ${issues.length} problem${issues.length === 1 ? '' : 's'}`;
    super(head, {
      details: issues.length === 1 && !source ? [] : issues.map(formatIssue),
      hint: 'Nothing was sent.',
    });
    this.name = 'ValidationError';
  }
}

/** The service refused the credentials or the token (exit 3). */
export const AuthError = errorOfCategory('auth', 'AuthError');
export type AuthError = InstanceType<typeof AuthError>;

/** What was asked for does not exist (exit 4). */
export const NotFoundError = errorOfCategory('not-found', 'NotFoundError');
export type NotFoundError = InstanceType<typeof NotFoundError>;

/** The service refused it by a business rule: nothing was applied (exit 5). */
export const RejectedError = errorOfCategory('rejected', 'RejectedError');
export type RejectedError = InstanceType<typeof RejectedError>;

export class ServerError extends VenueError {
  constructor(message: string, options?: VenueErrorOptions, category: ErrorCategory = 'server') {
    super(category, message, options);
    this.name = 'ServerError';
  }
}

/**
 * The request never reached the service (no connection, the deadline passed
 * first, no retry fitted before it, or no token could be had for it):
 * certainly not applied. Exit 6, or 3 when it is a login that was refused.
 */
export class RequestNotSentError extends ServerError {
  constructor(message: string, options?: VenueErrorOptions, category: ErrorCategory = 'server') {
    super(message, options, category);
    this.name = 'RequestNotSentError';
  }
}

/** What went wrong while getting a token, for messages and for `venue doctor`. */
export type LoginFailureReason =
  /** 401, 403 or another refusal of the credentials: exit 3. */
  | 'refused'
  /** 404, 405, 410, 501: there is no login route where venue looks: exit 3. */
  | 'route-missing'
  /** 5xx, 408, 429 after retries, a redirect, a lost answer: exit 6. */
  | 'failing'
  /** A 2xx without a token venue can find: exit 6. */
  | 'unreadable';

export interface LoginFailure {
  service: string;
  reason: LoginFailureReason;
  /** The login route as sent: "POST", "/inventory/auth/token" (the URL's whole path). */
  method: string;
  path: string;
  /** The HTTP status, when the route answered. */
  status?: number;
  /** The service's own words, when it gave any. */
  said?: string;
  /** A refusal of the scopes asked for (OAuth2's invalid_scope), not of the credentials. */
  scopesRefused?: boolean;
}

/**
 * Getting a token failed, so the call it was for was never sent. Never an
 * ApiError: a client that names a 404 as its own missing record, or a 409 as
 * its own rule, cannot mistake a login route's answer for its call's.
 */
export class LoginError extends RequestNotSentError {
  constructor(
    message: string,
    readonly login: LoginFailure,
    options?: VenueErrorOptions,
  ) {
    super(message, options, login.reason === 'refused' || login.reason === 'route-missing' ? 'auth' : 'server');
    this.name = 'LoginError';
  }
}

/**
 * A non-idempotent request was sent and its answer was lost: it may or may not
 * have been applied. Never retried blindly; the hint says how to settle it.
 */
export class UnknownOutcomeError extends VenueError {
  constructor(message: string, options?: VenueErrorOptions) {
    super('unknown-outcome', message, options);
    this.name = 'UnknownOutcomeError';
  }
}

export class InterruptedError extends VenueError {
  constructor(message = 'interrupted') {
    super('interrupted', message);
    this.name = 'InterruptedError';
  }
}

/**
 * A person answered No at a confirmation (exit 8): the message says what was
 * kept and that nothing was sent. A choice, not a failure nor an interruption.
 */
export class DeclinedError extends VenueError {
  constructor(message: string) {
    super('declined', message);
    this.name = 'DeclinedError';
  }
}

/** An HTTP answer outside 2xx, already classified. */
export interface ApiErrorInfo {
  status: number;
  method: string;
  url: string;
  /** The server's own message, dug out of whatever body shape it sent. */
  serverMessage?: string;
  /** The service's error code as sent; what it means is the service's error table's to say (src/lib/<service>/error-codes.ts). */
  code?: string;
  /** Field problems and other details the service listed, one a line. */
  details?: string[];
  body?: unknown;
  headers?: Record<string, string>;
}

export class ApiError extends VenueError {
  constructor(
    category: ErrorCategory,
    message: string,
    readonly info: ApiErrorInfo,
    options?: VenueErrorOptions,
  ) {
    super(category, message, options);
    this.name = 'ApiError';
  }
  get status(): number {
    return this.info.status;
  }
}

export function categoryForStatus(status: number): ErrorCategory {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'not-found';
  if (status === 409 || status === 422) return 'rejected';
  if (status >= 500 || status === 429 || status === 408) return 'server';
  return 'usage'; // 400 and other 4xx: the request itself was wrong
}

export function exitCodeFor(error: unknown): ExitCode {
  if (error instanceof VenueError) return error.exitCode;
  return ExitCode.unexpected;
}

export function isVenueError(error: unknown): error is VenueError {
  return error instanceof VenueError;
}
