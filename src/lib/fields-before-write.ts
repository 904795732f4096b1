// --fields on a write is checked before anything is sent: a name the command
// does not know is exit 2 with nothing changed. The render after the write
// keeps `afterWrite` as the fallback (a problem there is only warned about).

import type { Context } from './context.js';
import { UsageError } from './errors.js';
import { fieldKey } from './reading.js';

/**
 * Each --fields name must be one the command declares (its module's
 * `fields`, any case or separator), or a dotted path under one.
 * Nothing to check without --fields, under --query, or with no declared fields.
 */
export function checkFieldsBeforeWrite(ctx: Pick<Context, 'globals'>, declared: readonly string[] | undefined): void {
  const asked = ctx.globals.fields;
  if (!asked?.length || ctx.globals.query || !declared?.length) return;
  const known = new Set(declared.map(fieldKey));
  const unknown = asked.filter((field) => !known.has(fieldKey(field)) && !(field.includes('.') && known.has(fieldKey(field.split('.')[0]!))));
  if (!unknown.length) return;
  throw new UsageError(`--fields: no field named ${unknown.map((f) => `"${f}"`).join(', ')}`, {
    hint: `Valid fields: ${declared.join(', ')}. Nothing was sent.`,
  });
}
