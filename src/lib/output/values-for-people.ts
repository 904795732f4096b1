// Values for people: money, dates and times in the venue's time zone, codes
// as words, nested values summarised. Tables are laid out by people-table.ts
// (bounded, wrapped) and table-layout.ts (streamed, cut).

import type { ColumnFormat } from './row-shape.js';
import { isScalar } from './columns.js';
import { formatDay, formatMoney, formatTime } from '../formats.js';

/** A moment with its zone or offset, as services and venue's own records write it. */
const MOMENT = /^\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:?\d\d)$/;

/** How people see values: the venue's time zone, and the words for codes. */
export interface PeopleFormat {
  /** IANA zone the times are shown in (the profile's `timezone`, else this machine's). */
  timeZone?: string;
  labels?: Record<string, string>;
  currency?: string;
}

/** A short, readable stand-in for a nested value in a table cell. */
function summarise(value: unknown): string {
  if (Array.isArray(value)) {
    if (value.every(isScalar)) return value.map((v) => formatForPeople(v)).join(', ');
    return `${value.length} item${value.length === 1 ? '' : 's'}`;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== null && v !== undefined);
  const text = entries.map(([k, v]) => `${k}=${isScalar(v) ? formatForPeople(v) : '…'}`).join(', ');
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

/**
 * For people, one policy for every table: money with two decimals and its
 * currency, yes/no, times in the venue's zone, dates as its local day, codes
 * as words, nested values summarised.
 */
export function formatForPeople(value: unknown, format: ColumnFormat = 'text', how: PeopleFormat = {}): string {
  if (value === undefined || value === null || value === '') return '';
  switch (format) {
    case 'money': {
      const n = typeof value === 'number' ? value : Number(value);
      if (!Number.isFinite(n)) return String(value);
      return formatMoney(n, how.currency);
    }
    case 'date':
      return formatDay(value, how.timeZone);
    case 'datetime':
      return formatTime(value, how.timeZone);
    case 'bool':
      return value === true || value === 'true' ? 'yes' : value === false || value === 'false' ? 'no' : String(value);
    case 'enum': {
      const label = how.labels?.[String(value)];
      return label ?? String(value);
    }
    case 'flags':
      return bitWords(value, how.labels ?? NO_LABELS);
    case 'list':
      return Array.isArray(value)
        ? value.map((v) => (isScalar(v) ? String(v) : summarise(v))).join(', ')
        : String(value);
    default:
      if (typeof value === 'boolean') return value ? 'yes' : 'no';
      // A moment sent as text (ISO 8601 with its zone) reads as every time does for people, whatever the column says.
      if (typeof value === 'string' && MOMENT.test(value)) return formatTime(value, how.timeZone);
      if (Array.isArray(value) || typeof value === 'object') return summarise(value);
      return String(value);
  }
}

/** A bitmask as the words of its bits ("sale, vending"); bits with no word stay a number; a value that is no whole number stays as sent. */
function bitWords(value: unknown, labels: Record<string, string>): string {
  const text = String(value).trim();
  if (!/^\d+$/.test(text)) return String(value);
  // A table's column holds a few masks on every row: each is worked out once per table of labels.
  let known = bitWordsKnown.get(labels);
  if (!known) bitWordsKnown.set(labels, (known = new Map()));
  let said = known.get(text);
  if (said === undefined) {
    said = maskWords(Number(text), labels);
    if (known.size < 256) known.set(text, said);
  }
  return said;
}
const bitWordsKnown = new WeakMap<Record<string, string>, Map<string, string>>();
const NO_LABELS: Record<string, string> = {};

function maskWords(mask: number, labels: Record<string, string>): string {
  let left = mask;
  if (left === 0) return labels['0'] ?? '0';
  const words: string[] = [];
  for (const [bit, word] of Object.entries(labels)
    .map(([k, w]) => [Number(k), w] as const)
    .sort((a, b) => a[0] - b[0])) {
    if (bit > 0 && (left & bit) === bit) {
      words.push(word);
      left -= bit;
    }
  }
  if (left) words.push(String(left));
  return words.join(', ');
}
