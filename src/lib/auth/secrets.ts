// The secrets auth reads, through a port the caller fills (the CLI shell reads
// them from the profile's credential store and the environment): each one
// missing is an AuthError naming it and where to set it; nothing is sent.

import { AuthError } from '../errors.js';
import { secretSpecs, type SecretKey } from '../config.js';
import type { SecretRegistry } from '../redact.js';
import { venueHint } from '../hint-command.js';

export interface SecretReader {
  /** The profile the secrets are read from, for messages. */
  profile: string;
  /** The profile's secret, undefined when unset; the reader remembers it, so it is masked wherever it turns up. */
  secret(key: SecretKey): Promise<string | undefined>;
  /** The run's secrets: credentials made from the secrets (a basic credential, a client's Basic header) are remembered too. */
  registry?: SecretRegistry;
}

/** The secret, or an AuthError naming it (and what it is to the scheme, when given). */
export async function requireSecret(reader: SecretReader, key: SecretKey, role?: string): Promise<string> {
  const value = await reader.secret(key);
  if (value) return value;
  throw new AuthError(`no ${key}${role ? ` (${role})` : ''} for profile "${reader.profile}"`, {
    hint: `Set it with ${venueHint(['config', 'set-secret', key])} or the ${secretSpecs[key].env} environment variable. Nothing was sent.`,
  });
}
