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

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
};

/** Whether the value at path is absent from what was checked (false when that cannot be told, e.g. after a transform). */
function missingAt(input: unknown, path: readonly PropertyKey[]): boolean {
  let node = input;
  for (const key of path) {
    if (node === undefined || node === null) return true;
    if (typeof node !== 'object') return false;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node === undefined;
}

function ruleOf(issue: z.core.$ZodIssue, input: unknown): string {
  const message = issue.message;
  // A missing field reads "is required", or a schema's own longer wording of it.
  // (zod keeps no input on its issues, so the value is looked up in what was checked.)
  if (issue.code === 'invalid_type' && missingAt(input, issue.path))
    return message.startsWith('is required') ? message : 'is required';
  if (!/^(Invalid|Too )/.test(message)) return message;
  switch (issue.code) {
    case 'invalid_type':
      return `must be ${TYPE_WORDS[issue.expected] ?? issue.expected}`;
    case 'too_big':
      return `must be at most ${String(issue.maximum)}`;
    case 'too_small':
      return `must be at least ${String(issue.minimum)}`;
    default:
      return message;
  }
}

/** The issues of checking input, as error details. */
export function detailsFrom(error: z.ZodError, input: unknown): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  for (const issue of error.issues) {
    const path = issue.path as PropertyKey[];
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) details.push({ field: fieldPath([...path, key]), rule: 'is not a known field' });
    } else {
      details.push({ field: fieldPath(path) || 'body', rule: ruleOf(issue, input) });
    }
  }
  return details;
}
