// One money format and one time format for people, across commands (issue 21):
// money with its currency (two decimals, thousands grouped; "$" when the service
// names none), zero as zero, never a blank; times in the venue's time zone as
// "YYYY-MM-DD HH:MM <zone>". Machine formats carry numbers and ISO 8601 instead
// (records.ts). Tables (output/values-for-people.ts), messages and prompts all format here.

// Made at first use: making a number format starts ICU's number formatting, about 20 ms, which a command
// that prints no money (a listing in a machine format) should not pay when this module loads.
let twoDecimalsFormat: Intl.NumberFormat | undefined;
const twoDecimals = {
  format: remembered((amount) =>
    (twoDecimalsFormat ??= new Intl.NumberFormat('en-US', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    })).format(amount),
  ),
};
const currencies = new Map<string, { format: (amount: number) => string } | null>();

function currencyFormat(code: string): { format: (amount: number) => string } | null {
  let format = currencies.get(code);
  if (format === undefined) {
    try {
      const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: code });
      format = { format: remembered((amount) => intl.format(amount)) };
    } catch {
      format = null;
    }
    currencies.set(code, format);
  }
  return format;
}

/**
 * A number format that remembers what it wrote: a catalogue's prices repeat,
 * and Intl's format takes about a microsecond a call (two price columns of a
 * 100,000-row table took 120 ms). Bounded; -0 is never remembered, as a Map
 * takes it for 0 and Intl writes it "-0.00".
 */
function remembered(format: (amount: number) => string): (amount: number) => string {
  const known = new Map<number, string>();
  return (amount) => {
    if (Object.is(amount, -0)) return format(amount);
    let text = known.get(amount);
    if (text === undefined) {
      text = format(amount);
      if (known.size >= MAX_REMEMBERED) known.clear();
      known.set(amount, text);
    }
    return text;
  };
}
const MAX_REMEMBERED = 4096;

/** Money for people: "$3.50", "A$3.50", "-$5.00", "$1,234.00"; an unknown currency code follows the figure ("3.50 XBT"). */
export function formatMoney(amount: number, currency?: string): string {
  if (currency && /^[A-Za-z]{3}$/.test(currency)) {
    const format = currencyFormat(currency.toUpperCase());
    return format ? format.format(amount) : `${twoDecimals.format(amount)} ${currency}`;
  }
  return `${amount < 0 ? '-' : ''}$${twoDecimals.format(Math.abs(amount))}`;
}

/** A count that may have decimals (tokens, tickets): "40", "12.50". */
export function formatCount(amount: number): string {
  return Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
}

const zoned = new Map<string, Intl.DateTimeFormat>();
function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoned.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    zoned.set(timeZone, format);
  }
  return format;
}

function partsOf(date: Date, timeZone: string): Record<string, string> {
  return Object.fromEntries(
    zoneFormat(timeZone)
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
}

/** A date and time with no zone or offset: the service's own clock reading, the venue's wall clock. */
const WALL_CLOCK = /^(\d{4}-\d\d-\d\d)[T ](\d\d:\d\d)(:\d\d(\.\d+)?)?$/;

/**
 * A moment for people: "2026-01-05 20:00 GMT+11" in the venue's zone;
 * "2026-01-05 09:00Z" without one; a reading with no offset as the wall
 * clock it is ("2026-01-05 09:00": no zone is known to convert it from);
 * text that is no time as sent.
 */
export function formatTime(value: unknown, timeZone?: string): string {
  const wall = typeof value === 'string' ? WALL_CLOCK.exec(value.trim()) : null;
  if (wall) return `${wall[1]} ${wall[2]}`;
  const d = value instanceof Date ? value : new Date(typeof value === 'number' ? value : String(value));
  if (Number.isNaN(d.getTime())) return String(value);
  if (!timeZone) return `${d.toISOString().replace('T', ' ').slice(0, 16)}Z`;
  const p = partsOf(d, timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute} ${p.timeZoneName}`;
}

/** Times as formatTime writes them, to be kept on one line when text is wrapped ("2026-01-05 20:00 GMT+11"). */
export const PEOPLE_TIME = /\b\d{4}-\d\d-\d\d \d\d:\d\d(?:Z| [A-Z]{2,5}(?:[+-]\d{1,2}(?::\d\d)?)?)?/g;

/** A day for people: a date as sent ("2026-01-05"), a moment as its day in the venue's zone. */
export function formatDay(value: unknown, timeZone?: string): string {
  const text = String(value);
  if (/^\d{4}-\d\d-\d\d$/.test(text) || !timeZone) return text.slice(0, 10);
  const d = new Date(text);
  if (Number.isNaN(d.getTime())) return text;
  const p = partsOf(d, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

/** Words as a list for people: "a", "a or b", "a, b or c" (help, errors, suggestions). */
export function orList(items: readonly string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} or ${items.at(-1)}` : (items[0] ?? '');
}
