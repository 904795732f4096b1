// Values for people: money, dates and times in the venue's time zone, codes
// as words, nested values summarised; a table fitted to the terminal's width.

import type { ColumnFormat } from '../rows.js';
import { isScalar } from './columns.js';

const moneyFormatter = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** How people see values: the venue's time zone, and the words for codes. */
export interface PeopleFormat {
  /** IANA zone the times are shown in (the profile's `timezone`, else this machine's). */
  timeZone?: string;
  labels?: Record<string, string>;
  currency?: string;
}

const dateTimeFormatters = new Map<string, Intl.DateTimeFormat>();
function zoned(timeZone: string): Intl.DateTimeFormat {
  let formatter = dateTimeFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' });
    dateTimeFormatters.set(timeZone, formatter);
  }
  return formatter;
}

function partsOf(date: Date, timeZone: string): Record<string, string> {
  return Object.fromEntries(zoned(timeZone).formatToParts(date).map((p) => [p.type, p.value]));
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
      if (how.currency && /^[A-Za-z]{3}$/.test(how.currency)) {
        try {
          return new Intl.NumberFormat('en-US', { style: 'currency', currency: how.currency.toUpperCase() }).format(n);
        } catch {
          return `${moneyFormatter.format(n)} ${how.currency}`;
        }
      }
      return `$${moneyFormatter.format(n)}`;
    }
    case 'date': {
      const text = String(value);
      if (/^\d{4}-\d\d-\d\d$/.test(text) || !how.timeZone) return text.slice(0, 10);
      const d = new Date(text);
      if (Number.isNaN(d.getTime())) return text;
      const p = partsOf(d, how.timeZone);
      return `${p.year}-${p.month}-${p.day}`;
    }
    case 'datetime': {
      const d = new Date(String(value));
      if (Number.isNaN(d.getTime())) return String(value);
      if (!how.timeZone) return d.toISOString().replace('T', ' ').slice(0, 16) + 'Z';
      const p = partsOf(d, how.timeZone);
      return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute} ${p.timeZoneName}`;
    }
    case 'bool':
      return value === true || value === 'true' ? 'yes' : value === false || value === 'false' ? 'no' : String(value);
    case 'enum': {
      const label = how.labels?.[String(value)];
      return label ?? String(value);
    }
    case 'flags':
      return bitWords(value, how.labels ?? {});
    case 'list':
      return Array.isArray(value) ? value.map((v) => (isScalar(v) ? String(v) : summarise(v))).join(', ') : String(value);
    default:
      if (typeof value === 'boolean') return value ? 'yes' : 'no';
      if (Array.isArray(value) || typeof value === 'object') return summarise(value);
      return String(value);
  }
}

/** A bitmask as the words of its bits ("sale, vending"); bits with no word stay a number; a value that is no whole number stays as sent. */
function bitWords(value: unknown, labels: Record<string, string>): string {
  const text = String(value).trim();
  if (!/^\d+$/.test(text)) return String(value);
  let left = Number(text);
  if (left === 0) return labels['0'] ?? '0';
  const words: string[] = [];
  for (const [bit, word] of Object.entries(labels).map(([k, w]) => [Number(k), w] as const).sort((a, b) => a[0] - b[0])) {
    if (bit > 0 && (left & bit) === bit) {
      words.push(word);
      left -= bit;
    }
  }
  if (left) words.push(String(left));
  return words.join(', ');
}

/**
 * Fits a table to the width by truncating its widest column (as gh does),
 * one character at a time, down to 8 characters; cells keep a trailing "…".
 * Columns marked `keep` (codes as words, money, yes/no, times: short values
 * that mean nothing cut) are cut only when the others are down to 8.
 */
export function fitColumns(header: string[], body: string[][], width: number | undefined, gap = 2, keep: boolean[] = []): { header: string[]; body: string[][] } {
  if (!width || header.length === 0) return { header, body };
  const widths = header.map((h) => h.length);
  for (const row of body) for (let i = 0; i < widths.length; i++) widths[i] = Math.max(widths[i]!, (row[i] ?? '').length);
  const total = () => widths.reduce((a, b) => a + b, 0) + gap * (widths.length - 1);
  const widestOf = (which: (i: number) => boolean) => {
    let best = -1;
    widths.forEach((w, i) => {
      if (which(i) && w > 8 && (best < 0 || w > widths[best]!)) best = i;
    });
    return best;
  };
  while (total() > width) {
    let widest = widestOf((i) => !keep[i]);
    if (widest < 0) widest = widestOf(() => true);
    if (widest < 0) break;
    widths[widest]!--;
  }
  const cut = (text: string, w: number) => (text.length > w ? `${text.slice(0, Math.max(1, w - 1))}…` : text);
  return { header: header.map((h, i) => cut(h, widths[i]!)), body: body.map((r) => r.map((c, i) => cut(c, widths[i]!))) };
}
