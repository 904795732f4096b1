// The --dialect option of `sandbox serve` and `sandbox start`: its help text
// and its check. A module of its own: `sandbox start` checks the name without
// loading the sandbox's server, which only `serve` runs.

import { DIALECT_NAMES, isDialectName, type DialectName } from 'venue-sandbox';
import { UsageError } from '../../lib/errors.js';

/** The dialect names, for help (written out so help loads no sandbox code; a unit test keeps it to the package's DIALECT_NAMES). */
export const DIALECT_CHOICES = 'venue (default), pascal, envelope, plain, decoy, hal';

export async function parseDialect(value: string | undefined): Promise<DialectName | undefined> {
  if (value === undefined) return undefined;
  if (!isDialectName(value))
    throw new UsageError(`--dialect must be one of ${DIALECT_NAMES.join(', ')}, not "${value}"`);
  return value;
}
