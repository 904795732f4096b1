// A whole number a person sets in the environment (VENUE_RETRIES,
// VENUE_MAX_RESPONSE_MB), checked against its bounds before anything is sent.

import { UsageError } from './errors.js';

/** A whole number from the environment within bounds, or undefined when unset; anything else is a usage error naming it. */
export function envCount(env: NodeJS.ProcessEnv, name: string, min: number, max: number): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < min || Number(raw) > max) {
    throw new UsageError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return Number(raw);
}
