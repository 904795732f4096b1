// What a service's error answer means, said once per service in a table
// (src/lib/<service>/error-codes.ts): which codes, at which status and on
// which call, mean what; the typed error a person reads (its message and
// hint) and so its exit code. Clients and workflows ask the table; none of
// them compares codes or reads a service's message to guess its meaning.
//
// A row holds for an answer when its status, its code and its call fit:
// - codes: a list of the codes venue's contract (docs/openapi) and faithful
//   servers use, compared in any case or separator (card_not_activated,
//   CardNotActivated, CARD_NOT_ACTIVATED, cardNotActivated);
// - 'status-decides': the answer has no code, or one that only restates its
//   status (STATUS_CODES): the status alone decides, and the row says so;
// - 'any': whatever the code, the status decides.
// Rows are read in order and the first that holds wins; an answer no row
// explains stands as the HTTP layer worded it, its status choosing the exit
// code (errors.ts categoryForStatus).

import { ApiError, RequestNotSentError, type ExitCode, type VenueError, type VenueErrorOptions } from './errors.js';
import { readErrorBody } from './reading.js';
import { answerOf } from './writes/rule.js';

/**
 * Codes that say no more than their status: docs/api-conventions.md's
 * generic words and the sandbox's answers to broken requests and faults.
 */
export const STATUS_CODES: readonly string[] = [
  'bad_request',
  'validation_failed',
  'malformed_json',
  'malformed_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'request_timeout',
  'payload_too_large',
  'unsupported_media_type',
  'unprocessable_entity',
  'headers_too_large',
  'rate_limited',
  'too_many_requests',
  'internal',
  'internal_error',
  'service_unavailable',
  'injected_fault',
];

/** The same code in any case or separator. */
export function sameCode(a: string, b: string): boolean {
  const key = (w: string) => w.toLowerCase().replace(/[^a-z0-9]/g, '');
  return key(a) === key(b);
}

/** The same request field, whatever its case or the path before it ("$.CardBarcode", "body.cardBarcode", "cardBarcode"). */
function sameField(named: string, field: string): boolean {
  const last =
    named
      .split(/[.[\]/]/)
      .filter(Boolean)
      .pop() ?? named;
  return sameCode(last, field);
}

/**
 * The answer's code: the body's, else the error a bearer challenge names
 * (RFC 6750: `WWW-Authenticate: Bearer error="invalid_token"`).
 */
export function codeOf(answer: ApiError): string | undefined {
  if (answer.info.code) return answer.info.code;
  const challenge = answer.info.headers?.['www-authenticate'] ?? '';
  if (!/^bearer\b/i.test(challenge)) return undefined;
  return /\berror="?([A-Za-z0-9_.-]+)"?/.exec(challenge)?.[1];
}

/** The answer as a row's error builder sees it. */
export interface Answer {
  error: ApiError;
  /** The service's own message, when it gave one. */
  said?: string;
  /** cause: the answer; details: "the service said: …", then the details it listed. */
  quoted: VenueErrorOptions;
}

export interface ErrorRow<Call extends string, Meaning extends string, Context> {
  /** What the answer means, for the logic that asks (meaning()). */
  means: Meaning;
  status: readonly number[] | 'any';
  codes: readonly string[] | 'status-decides' | 'any';
  /** The calls it holds for; every call of the service when absent. */
  calls?: readonly Call[];
  /** With no code: only when the service's details name one of these request fields. */
  fields?: readonly string[];
  /**
   * The exit code a person sees when the answer is raised: the error's below,
   * else its status's ('by-status' where the row holds for several); a test
   * holds the two together.
   */
  exit: ExitCode | 'by-status';
  /** The error a person reads; absent: the answer stands as the HTTP layer worded it. */
  error?: (answer: Answer, context: Context) => VenueError;
  /** What the workflow or command that asks does with it, when it is not only raised. */
  note?: string;
}

export class ErrorTable<Call extends string, Meaning extends string, Context = Record<string, never>> {
  constructor(
    readonly service: string,
    readonly rows: readonly ErrorRow<Call, Meaning, Context>[],
  ) {}

  /** The first row that holds for this answer to this call. */
  rowFor(answer: ApiError, call: Call): ErrorRow<Call, Meaning, Context> | undefined {
    const code = codeOf(answer);
    const specific = code !== undefined && !STATUS_CODES.some((c) => sameCode(c, code));
    let fields: string[] | undefined;
    return this.rows.find((row) => {
      if (row.status !== 'any' && !row.status.includes(answer.status)) return false;
      if (row.calls && !row.calls.includes(call)) return false;
      if (
        row.codes === 'status-decides'
          ? specific
          : row.codes !== 'any' && !(code !== undefined && row.codes.some((c) => sameCode(c, code)))
      )
        return false;
      if (!row.fields) return true;
      fields ??= readErrorBody(answer.info.body).fields;
      return fields.some((named) => row.fields!.some((f) => sameField(named, f)));
    });
  }

  /** What an error answer to this call means; an error a client explained is looked through to its answer. */
  meaning(error: unknown, call: Call): Meaning | undefined {
    // A request that never left (a login that failed, no retry fitted) has no answer of its own to mean anything.
    if (error instanceof RequestNotSentError) return undefined;
    const answer = answerOf(error);
    return answer && this.rowFor(answer, call)?.means;
  }

  /** The error a person reads for this answer, when the table words it; undefined leaves the answer as it stands. */
  explain(error: unknown, call: Call, context: Context): VenueError | undefined {
    if (!(error instanceof ApiError)) return undefined;
    const row = this.rowFor(error, call);
    return row?.error?.(answerFor(error), context);
  }

  /** explain(), or the error as it came. */
  errorFor(error: unknown, call: Call, context: Context): unknown {
    return this.explain(error, call, context) ?? error;
  }
}

function answerFor(error: ApiError): Answer {
  const said = error.info.serverMessage || undefined;
  const details = [
    ...(said ? [`the service said: ${said}`] : []),
    ...(error.info.details ?? []).filter((line) => line !== said),
  ];
  return { error, said, quoted: { cause: error, details } };
}
