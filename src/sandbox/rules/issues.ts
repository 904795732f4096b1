// zod issues as the sandbox's error details ({ field, rule }): the rule is the
// issue's message, which the sandbox's schemas word for people; zod's own
// defaults are reworded, and a missing field always reads "is required".

import type { z } from 'zod';
import type { ErrorDetail } from '../http-error.js';

/** A path as people read it: items[3].quantity. */
export function fieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) out += typeof part === 'number' ? `[${part}]` : out ? `.${String(part)}` : String(part);
  return out;
}

function ruleOf(issue: z.core.$ZodIssue): string {
  const message = issue.message;
  // A missing field reads "is required", or a schema's own longer wording of it.
  if (issue.code === 'invalid_type' && issue.input === undefined) return message.startsWith('is required') ? message : 'is required';
  if (!/^(Invalid|Too )/.test(message)) return message;
  switch (issue.code) {
    case 'invalid_type':
      return `must be ${issue.expected}`;
    case 'too_big':
      return `must be at most ${String(issue.maximum)}`;
    case 'too_small':
      return `must be at least ${String(issue.minimum)}`;
    default:
      return message;
  }
}

export function detailsFrom(error: z.ZodError): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  for (const issue of error.issues) {
    const path = issue.path as PropertyKey[];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) details.push({ field: fieldPath([...path, key]), rule: 'is not a known field' });
    } else {
      details.push({ field: fieldPath(path) || 'body', rule: ruleOf(issue) });
    }
  }
  return details;
}
