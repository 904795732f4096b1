// The booking input rules, once. Each field has one rule function (the rule
// the value breaks, in words, or undefined) and one validate<Field> (true or
// "<field> <rule>") for prompts. The flag checks (commands/booking/shared.ts),
// the zod schemas (schemas.ts) and the journey's prompts all call these, so a
// prompt can never accept what a flag refuses. No zod here: the journey's
// prompts load this without it.

import { EMAIL_PATTERN, PHONE_PATTERN } from './text.js';

/** A prompt's answer: true, or the message naming the field and the rule it breaks. */
export type Verdict = true | string;
/** The rule a value breaks, in words ("must be at most 50 characters"); undefined when it keeps them all. */
export type Rule<T = string> = (value: T) => string | undefined;

export const NAME_MAX = 50;
export const EMAIL_MAX = 254;
export const PAYMENT_REFERENCE_MAX = 64;
export const QUANTITY_MAX = 1000;
export const ID_MAX = 100;

/** A flag's or a prompt's text as a number: "" and "abc" are NaN, so the rule names the problem. */
export function numberFromText(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const trimmed = text.trim();
  if (trimmed === '' || !/^[+-]?(\d+\.?\d*|\.\d+)$/.test(trimmed)) return Number.NaN;
  return Number(trimmed);
}

/** Money in the location's currency: at most two decimals (checked in whole cents, not by float equality). */
export function hasAtMostTwoDecimals(value: number): boolean {
  const cents = value * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

export const nameRule: Rule = (text) => {
  const value = text.trim();
  if (!value) return 'must not be empty';
  if (value.length > NAME_MAX) return `must be at most ${NAME_MAX} characters`;
  return undefined;
};

export const emailRule: Rule = (text) => {
  const value = text.trim();
  if (value.length > EMAIL_MAX) return `must be at most ${EMAIL_MAX} characters`;
  if (!EMAIL_PATTERN.test(value)) return 'must be an email address';
  return undefined;
};

export const phoneRule: Rule = (text) =>
  PHONE_PATTERN.test(text.trim()) ? undefined : 'must be a phone number (digits, spaces, +, -, parentheses)';

export const paymentReferenceRule: Rule = (text) => {
  const value = text.trim();
  if (!value) return 'must not be empty';
  if (value.length > PAYMENT_REFERENCE_MAX) return `must be at most ${PAYMENT_REFERENCE_MAX} characters`;
  return undefined;
};

export const idRule: Rule = (text) => {
  const value = text.trim();
  if (!value) return 'must not be empty';
  if (value.length > ID_MAX) return `must be at most ${ID_MAX} characters`;
  return undefined;
};

export const quantityRule: Rule<number> = (n) => {
  if (typeof n !== 'number' || Number.isNaN(n)) return 'must be a number';
  if (!Number.isInteger(n)) return 'must be a whole number';
  if (n <= 0) return 'must be a positive whole number';
  if (n > QUANTITY_MAX) return `must be at most ${QUANTITY_MAX}`;
  return undefined;
};

export const amountRule: Rule<number> = (n) => {
  if (typeof n !== 'number' || Number.isNaN(n) || !Number.isFinite(n)) return 'must be a number';
  if (n <= 0) return 'must be a positive amount';
  if (!hasAtMostTwoDecimals(n)) return 'must have at most two decimals';
  return undefined;
};

/** A number typed as text (a flag, a prompt): the number rule on its parsed value. */
export const fromText =
  (rule: Rule<number>): Rule =>
  (text) =>
    rule(numberFromText(text)!);

export const quantityTextRule = fromText(quantityRule);
export const amountTextRule = fromText(amountRule);

const verdict =
  (field: string, rule: Rule): ((text: string) => Verdict) =>
  (text) => {
    const broken = rule(text);
    return broken === undefined ? true : `${field} ${broken}`;
  };

// One validator per guest field, for prompts; the words name the field and the rule.
export const validateFirstName = verdict('first name', nameRule);
export const validateLastName = verdict('last name', nameRule);
export const validateEmail = verdict('email', emailRule);
export const validatePhone = verdict('phone', phoneRule);
export const validateQuantity = verdict('quantity', quantityTextRule);
export const validateAmount = verdict('amount', amountTextRule);
export const validatePaymentReference = verdict('payment reference', paymentReferenceRule);

/** The rule of each flag kind that commands check (commands/booking/shared.ts). */
export const textRules = {
  name: nameRule,
  email: emailRule,
  phone: phoneRule,
  paymentReference: paymentReferenceRule,
  id: idRule,
  quantity: quantityTextRule,
  amount: amountTextRule,
} as const;
