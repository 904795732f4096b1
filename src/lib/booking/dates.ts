// Dates as people type them: YYYY-MM-DD, today, tomorrow, +Nd (and -Nd for
// reports looking back). "Today" is the calendar day of the injected clock in
// the machine's local time zone, the venue's day for an operator at the venue.

import { ValidationError } from '../errors.js';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const RELATIVE = /^([+-])(\d{1,3})d$/i;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** The local calendar day of an instant, as YYYY-MM-DD. */
export function localDate(epochMs: number): string {
  const d = new Date(epochMs);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** date plus days (negative allowed), calendar arithmetic without time zones. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function isValidIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Days from a to b (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** 0 = Monday … 6 = Sunday. */
export function weekdayIndex(date: string): number {
  return (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
}

export const DATE_RULE = 'must be YYYY-MM-DD, today, tomorrow or +Nd';

/** The date meant by text, or undefined when it is not a date form. */
export function resolveDate(text: string, now: number): string | undefined {
  const value = text.trim().toLowerCase();
  const today = localDate(now);
  if (value === 'today') return today;
  if (value === 'tomorrow') return addDays(today, 1);
  if (value === 'yesterday') return addDays(today, -1);
  const relative = RELATIVE.exec(value);
  if (relative) return addDays(today, (relative[1] === '-' ? -1 : 1) * Number(relative[2]));
  return isValidIsoDate(value) ? value : undefined;
}

/** resolveDate for a flag: a usage error naming the flag when the form is wrong. */
export function parseDateFlag(text: string, flag: string, now: number): string {
  const date = resolveDate(text, now);
  if (date === undefined) throw new ValidationError([{ field: flag, rule: `${DATE_RULE} (got "${text}")` }]);
  return date;
}

/** For prompts: true, or the rule broken. */
export function validateDateText(text: string, now: number): true | string {
  return resolveDate(text, now) === undefined ? DATE_RULE : true;
}
