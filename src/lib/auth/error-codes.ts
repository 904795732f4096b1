// What a token route's error answer means, said once, as each service's table
// says its own (service-errors.ts): OAuth2's token endpoint names its errors
// by RFC 6749 section 5.2. Only the one that changes what a person should
// check is told apart: invalid_scope refuses what was asked for, not who asked.

import { ApiError } from '../errors.js';
import { sameCode } from '../service-errors.js';

/** Whether a token route's answer refuses the scopes asked for (RFC 6749 5.2 invalid_scope), in any case or separator. */
export function refusesScopes(error: unknown): boolean {
  return error instanceof ApiError && error.info.code !== undefined && sameCode(error.info.code, 'invalid_scope');
}
