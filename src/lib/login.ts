// A failure while getting a token, told as what it is: the login route
// refused the credentials, is not there, or is failing. Raised as a
// LoginError (never an ApiError), so no client can read a login route's 404
// as its own record missing, or its 409 as its own rule.

import {
  ApiError,
  LoginError,
  RequestNotSentError,
  VenueError,
  type LoginFailure,
  type LoginFailureReason,
} from './errors.js';
import { UnreadableAnswerError } from './reading.js';
import { venueHint } from './hint-command.js';
import { refusesScopes } from './auth/error-codes.js';

export interface LoginRoute {
  service: string;
  method: string;
  /** The whole URL of the route, as sent. */
  url: string;
  /** What a person checks, by reason: the settings that make up the route and the credentials. */
  check: {
    /** "inventory.apiKey and inventory.apiSecret (…)": where the credentials come from. */
    credentials: string;
    /** "inventory.url and inventory.routes.authenticate (now POST /auth/token)": where the route comes from. */
    route: string;
    /** For a route that asks for scopes: what it asked for and where that comes from (inventory.oauth.scopes, the per-venue values filling them). */
    scopes?: string;
  };
  /** "log in to the inventory service" (default), "renew the guest token of ava@example.com". */
  what?: string;
}

/** The failure's reason by the route's HTTP status. */
export function reasonForStatus(status: number): LoginFailureReason {
  if ([404, 405, 410, 501].includes(status)) return 'route-missing';
  if (status >= 500 || status === 408 || status === 429) return 'failing';
  return 'refused';
}

const reasonWords: Record<LoginFailureReason, string> = {
  refused: 'the credentials were refused',
  'route-missing': 'there is no login route there',
  failing: 'the login route is failing',
  unreadable: 'its answer holds no token venue can find',
};

/**
 * The error to raise for a failure while getting a token. Errors that say
 * the service could not be reached, the deadline, Ctrl-C or missing
 * credentials are already true as they are and pass through unchanged.
 */
export function loginFailure(route: LoginRoute, error: unknown): unknown {
  if (error instanceof LoginError || error instanceof RequestNotSentError) return error;
  // Ctrl-C, a usage error of ours, credentials not set: true as they are. An answer of the route is read below.
  if (
    error instanceof VenueError &&
    !(error instanceof ApiError) &&
    ['interrupted', 'usage', 'auth'].includes(error.category)
  )
    return error;
  const path = new URL(route.url).pathname;
  const failure: LoginFailure = { service: route.service, method: route.method, path, reason: 'failing' };
  let answered: string;
  let why: string | undefined;
  if (error instanceof ApiError) {
    failure.status = error.status;
    failure.said = error.info.serverMessage;
    failure.reason = reasonForStatus(error.status);
    answered = `answered ${error.status}${failure.said ? ` (${failure.said})` : ''}`;
  } else if (error instanceof UnreadableAnswerError) {
    failure.reason = 'unreadable';
    answered = 'answered with success';
    // "the inventory service's answer to "authenticate" has no token (looked for …)" → "its answer has no token (…)"
    why = `its answer ${error.message.replace(/^the .*? service's answer to ".*?" /, '')}`;
  } else if (error instanceof VenueError) {
    answered = `failed: ${error.message}`;
  } else {
    return error; // a bug: shown as one
  }
  const what = route.what ?? `log in to the ${route.service} service`;
  // RFC 6749 §5.2: "invalid_scope" refuses what was asked for, not who asked; the credentials are not the thing to check.
  const scopeRefused = refusesScopes(error) && route.check.scopes;
  if (scopeRefused) failure.scopesRefused = true;
  const hint: Record<LoginFailureReason, string> = {
    refused: scopeRefused
      ? `The service refused the scopes asked for, not the credentials: check ${route.check.scopes}. Nothing else was sent.`
      : `Check ${route.check.credentials}. Nothing else was sent, and the refused credentials were not sent again.`,
    'route-missing': `Check ${route.check.route}. Nothing else was sent.`,
    failing: `The service failed while issuing a token; nothing else was sent. Try again later; ${venueHint(['doctor'])} checks the login, and its support can tell why it fails.`,
    unreadable: `Check ${route.check.route}: the route answered, but not with a token. Run again with --verbose to see the answer.`,
  };
  // The route's own details (field problems it listed) stay under the message, as for any answer.
  const details = error instanceof ApiError ? error.details.filter((line) => line !== failure.said) : [];
  return new LoginError(
    `could not ${what}: ${route.method} ${path} ${answered}: ${why ?? (scopeRefused ? 'the scopes asked for were refused' : reasonWords[failure.reason])}`,
    failure,
    { hint: hint[failure.reason], details },
  );
}
