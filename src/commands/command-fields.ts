// The fields a command's records carry: what --fields takes for it, what its
// help lists, and what its output is told before a run (src/run.ts).

import type { CommandModule } from './define.js';
import { shapeFieldNames } from '../lib/records.js';

/** The fields it lists, else its record shape's names. */
export function commandFields(module: Pick<CommandModule<any>, 'fields' | 'record'>): readonly string[] | undefined {
  return module.fields ?? (module.record ? shapeFieldNames(module.record) : undefined);
}
