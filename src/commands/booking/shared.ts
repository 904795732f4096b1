// What several booking commands share: checking flags against the booking
// rules before anything is sent, and showing slot times the way people read them.

import { ValidationError, type ValidationIssue } from '../../lib/errors.js';
import type { Context } from '../../cli/context.js';
import { resolveDate, DATE_RULE } from '../../lib/booking/dates.js';
import { formatMoney } from '../../lib/formats.js';
import { bookingSchemasModule } from '../../lib/lazy-modules.js';
import { textRules, numberFromText } from '../../lib/booking/validate.js';

export type FlagRule =
  | { kind: 'date'; flag: string; value: string | undefined }
  | { kind: 'quantity'; flag: string; value: string | undefined }
  | { kind: 'amount'; flag: string; value: string | undefined }
  | { kind: 'email'; flag: string; value: string | undefined }
  | { kind: 'phone'; flag: string; value: string | undefined }
  | { kind: 'name'; flag: string; value: string | undefined }
  | { kind: 'paymentReference'; flag: string; value: string | undefined }
  | { kind: 'id'; flag: string; value: string | undefined }
  | { kind: 'days'; flag: string; value: string | undefined };

export interface CheckedFlags {
  dates: Record<string, string>;
  numbers: Record<string, number>;
}

/**
 * Checks every given flag (absent ones are skipped) and reports all problems
 * at once: exit 2, nothing sent. Returns resolved dates and parsed numbers by
 * flag. Each kind's rule is the one in lib/booking/validate.ts that the
 * journey's prompts use too.
 */
export async function checkFlags(ctx: Pick<Context, 'now'>, rules: FlagRule[]): Promise<CheckedFlags> {
  const issues: ValidationIssue[] = [];
  const checked: CheckedFlags = { dates: {}, numbers: {} };
  for (const rule of rules) {
    if (rule.value === undefined) continue;
    switch (rule.kind) {
      case 'date': {
        const date = resolveDate(rule.value, ctx.now());
        if (date === undefined) issues.push({ field: rule.flag, rule: `${DATE_RULE} (got "${rule.value}")` });
        else checked.dates[rule.flag] = date;
        break;
      }
      case 'days': {
        const schemas = await bookingSchemasModule();
        const n = numberFromText(rule.value)!;
        const result = schemas.check(schemas.availabilityQuerySchema.shape.days, n);
        if (result.ok) checked.numbers[rule.flag] = n;
        else issues.push(...result.issues.map((i) => ({ field: rule.flag, rule: i.rule })));
        break;
      }
      default: {
        const broken = textRules[rule.kind](rule.value);
        if (broken !== undefined) issues.push({ field: rule.flag, rule: broken });
        else if (rule.kind === 'quantity' || rule.kind === 'amount')
          checked.numbers[rule.flag] = numberFromText(rule.value)!;
      }
    }
  }
  if (issues.length) throw new ValidationError(issues);
  return checked;
}

/** Money for people, the one format (lib/formats.ts); blank only when the service gave no figure. */
export function money(amount: number | undefined, currency = 'USD'): string {
  if (amount === undefined) return '';
  return formatMoney(amount, currency);
}

/** Comma-separated flag values ("a,b" or repeated flags), trimmed, without blanks. */
export function listFlag(value: string | string[] | undefined): string[] {
  const parts = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return parts
    .flatMap((p) => p.split(','))
    .map((p) => p.trim())
    .filter(Boolean);
}
