// The one retry policy: which answers and failures are asked again, how many
// times, how long to wait between attempts, and the budget every wait is held
// to (the command's deadline). The HTTP layer (http.ts) runs the one retry
// loop and asks this module at each turn; a token exchange asks for the token
// route's patience here rather than looping again itself. To change the
// policy, change this file (and its test, test/unit/lib/retry-policy.test.ts).
//
// Writes: an answer is sent again only when the one outcome rule
// (writes/rule.ts) says the service refused it before processing it; what the
// rule calls unknown is never resent. Reads: also when a gateway says the
// service behind it is busy or did not answer in time.

import { envCount } from './env-count.js';
import { refusedBeforeProcessing } from './writes/rule.js';

/** Retries after the first attempt when VENUE_RETRIES does not say otherwise. */
export const DEFAULT_RETRIES = 3;
/** The most retries VENUE_RETRIES may ask for. */
export const MAX_RETRIES = 10;

/** VENUE_RETRIES (0 to MAX_RETRIES), or undefined for the default; anything else is a usage error naming it. */
export function retriesFromEnv(env: NodeJS.ProcessEnv): number | undefined {
  return envCount(env, 'VENUE_RETRIES', 0, MAX_RETRIES);
}

/**
 * A gateway's "bad gateway" and "gateway timeout": for a read, the service
 * behind it is busy or slow, and asking again is harmless. For a write the
 * outcome rule says unknown (it may have been applied), so never for a write.
 */
const GATEWAY_STATUSES: ReadonlySet<number> = new Set([502, 504]);

/** A gateway's answer (502, 504) rather than the service's own: messages say so. */
export function isGatewayStatus(status: number): boolean {
  return GATEWAY_STATUSES.has(status);
}

/**
 * Rounds of retries a token route gets while it answers busy: a renewal lost
 * to a busy token route would fail the whole command, so it is asked again
 * after the client's retries are spent, a pause between rounds, each wait
 * within the deadline. A refusal (401, 403) is never asked again; an
 * unreachable service is said at once (network failures get no rounds).
 */
export const TOKEN_ROUTE_ROUNDS = 3;

/** Whether an answer with this status may be sent again: a read (idempotent) or a write. */
export function mayRetryStatus(status: number, idempotent: boolean): boolean {
  return refusedBeforeProcessing(status) || (idempotent && isGatewayStatus(status));
}

/** The statuses mayRetryStatus allows, for messages and documentation: [429, 502, 503, 504] for reads. */
export function retryableStatuses(idempotent: boolean): number[] {
  const statuses: number[] = [];
  for (let status = 100; status < 600; status++) if (mayRetryStatus(status, idempotent)) statuses.push(status);
  return statuses;
}

/**
 * Whether a request that got no answer may be sent again: a read always; a
 * write only when it certainly never left this machine (no connection made,
 * or its body never began to leave).
 */
export function mayRetryFailure(idempotent: boolean, notSent: boolean): boolean {
  return idempotent || notSent;
}

/** Retry-After as milliseconds from now: seconds, or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+(\.\d+)?$/.test(header.trim())) return Math.round(Number(header) * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Exponential backoff with full jitter (after the attempt-th retry, from 0), at most 8 s. */
export function backoffMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(8_000, 250 * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** The pause before a new round of a token route's retries: as long as a third retry's. */
const ROUND_PAUSE_ATTEMPT = 2;

/** Where a request stands in its retries. */
export interface RetryState {
  /** Attempts made in this round before the one that just failed (0 for the first). */
  attempt: number;
  /** Retries allowed after the first attempt of a round. */
  retries: number;
  /** This round, from 1. */
  round: number;
  /** Rounds allowed (1, or TOKEN_ROUTE_ROUNDS for a token route). */
  rounds: number;
}

/** What to do after a failed attempt: give up, or wait and send again (in a new round or not). */
export type RetryPlan =
  | undefined
  | {
      waitMs: number;
      /** The service asked for this wait (Retry-After): a wait past the deadline is said as its request. */
      asked: boolean;
      /** The retries of this round are spent: a new round begins, its attempts counted from 0. */
      newRound: boolean;
    };

/** After an answer that is not a success: retry (with the service's Retry-After, else backoff), or not. */
export function retryAfterAnswer(
  status: number,
  idempotent: boolean,
  state: RetryState,
  retryAfter: string | undefined,
  now: number,
  random: () => number = Math.random,
): RetryPlan {
  if (!mayRetryStatus(status, idempotent)) return undefined;
  const asked = retryAfterMs(retryAfter, now);
  if (state.attempt < state.retries)
    return { waitMs: asked ?? backoffMs(state.attempt, random), asked: asked !== undefined, newRound: false };
  if (state.round < state.rounds)
    return { waitMs: asked ?? backoffMs(ROUND_PAUSE_ATTEMPT, random), asked: asked !== undefined, newRound: true };
  return undefined;
}

/** After a request that got no answer (a network failure): retry with backoff, or not. Never a new round. */
export function retryAfterFailure(
  idempotent: boolean,
  notSent: boolean,
  state: RetryState,
  random: () => number = Math.random,
): RetryPlan {
  if (!mayRetryFailure(idempotent, notSent) || state.attempt >= state.retries) return undefined;
  return { waitMs: backoffMs(state.attempt, random), asked: false, newRound: false };
}

/** The budget: a wait is taken only when the next attempt can still start before the deadline. */
export function waitFitsDeadline(waitMs: number, remainingMs: number): boolean {
  return waitMs < remainingMs;
}
