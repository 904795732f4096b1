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

/** Bad flags or input found before anything was sent (exit 2). */
export class UsageError extends VenueError {
  constructor(message: string, options?: VenueErrorOptions) {
    super('usage', message, options);
    this.name = 'UsageError';
  }
}

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

export class AuthError extends VenueError {
  constructor(message: string, options?: VenueErrorOptions) {
    super('auth', message, options);
    this.name = 'AuthError';
  }
}

export class NotFoundError extends VenueError {
  constructor(message: string, options?: VenueErrorOptions) {
    super('not-found', message, options);
    this.name = 'NotFoundError';
  }
}

export class RejectedError extends VenueError {
  constructor(message: string, options?: VenueErrorOptions) {
    super('rejected', message, options);
    this.name = 'RejectedError';
  }
}

export class ServerError extends VenueError {
  constructor(message: string, options?: VenueErrorOptions) {
    super('server', message, options);
    this.name = 'ServerError';
  }
}

/**
 * The request never reached the service (no connection, the deadline passed
 * first, or no retry fitted before it): certainly not applied (exit 6).
 */
export class RequestNotSentError extends ServerError {
  constructor(message: string, options?: VenueErrorOptions) {
    super(message, options);
    this.name = 'RequestNotSentError';
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

/** An HTTP answer outside 2xx, already classified. */
export interface ApiErrorInfo {
  status: number;
  method: string;
  url: string;
  /** The server's own message, dug out of whatever body shape it sent. */
  serverMessage?: string;
  /** The service's error code as sent (compare with sameWord: any case or separator). */
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
  /** Whether the service's error code is one of codes, compared without regard to case or separator. */
  hasCode(...codes: string[]): boolean {
    const code = this.info.code;
    if (!code) return false;
    const key = (w: string) => w.toLowerCase().replace(/[^a-z0-9]/g, '');
    return codes.some((c) => key(c) === key(code));
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
