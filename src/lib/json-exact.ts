// JSON with exact ids. JSON.parse turns 9007199254740993 into
// 9007199254740992 and a 30-digit id into 1e+30, so a service's long integer
// ids would be changed before anyone reads them. Integers beyond the safe
// range are kept as their digits (strings) instead; everything else parses
// as JSON.parse does.

export function parseJsonExact(text: string): unknown {
  if (!hasLongDigitRun(text)) return JSON.parse(text);
  return JSON.parse(quoteLongIntegers(text));
}

/**
 * Whether the text holds a run of 16 or more digits (what /\d{16,}/ finds):
 * only such a run may be an integer beyond 2^53, and only then is the text
 * scanned. Every run of 16 holds exactly one index of the form 16k + 15, so
 * only those are looked at (a digit there is measured both ways): a sixteenth
 * of the characters instead of a regular expression tried at every one, which
 * cost as much as the parse on a long listing.
 */
export function hasLongDigitRun(text: string): boolean {
  const n = text.length;
  for (let i = 15; i < n; i += 16) {
    if (!isDigit(text.charCodeAt(i))) continue;
    let start = i;
    while (start > 0 && isDigit(text.charCodeAt(start - 1))) start--;
    let end = i + 1;
    while (end < n && end - start < 16 && isDigit(text.charCodeAt(end))) end++;
    if (end - start >= 16) return true;
  }
  return false;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** The text with every unsafe integer literal outside strings quoted. */
export function quoteLongIntegers(text: string): string {
  let out = '';
  let last = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      // Skip the string, escapes included.
      i++;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d === 0x5c /* \ */) i += 2;
        else if (d === 0x22) {
          i++;
          break;
        } else i++;
      }
      continue;
    }
    if (c === 0x2d /* - */ || (c >= 0x30 && c <= 0x39)) {
      const start = i;
      i++;
      while (i < n) {
        const d = text.charCodeAt(i);
        if ((d >= 0x30 && d <= 0x39) || d === 0x2e || d === 0x65 || d === 0x45 || d === 0x2b || d === 0x2d) i++;
        else break;
      }
      const literal = text.slice(start, i);
      if (/^-?\d{16,}$/.test(literal) && !Number.isSafeInteger(Number(literal))) {
        out += `${text.slice(last, start)}"${literal}"`;
        last = i;
      }
      continue;
    }
    i++;
  }
  return last === 0 ? text : out + text.slice(last);
}

/**
 * An id typed "long" by the service, as it goes into a JSON body: a number
 * when it is safe, else a bigint (stringifyJsonExact writes its digits
 * unquoted), so 9007199254740993 is sent as 9007199254740993.
 */
export function jsonInteger(digits: string | number | bigint): number | bigint {
  if (typeof digits !== 'string') return digits;
  const text = digits.trim();
  if (!/^-?\d+$/.test(text)) throw new TypeError(`not a whole number: ${digits}`);
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : BigInt(text);
}

/** JSON.stringify that writes bigints as plain integer literals. */
export function stringifyJsonExact(value: unknown): string {
  const marks: string[] = [];
  // A marker no string of the value can hold by chance.
  const nonce = Math.random().toString(36).slice(2, 10);
  const text = JSON.stringify(value, (_key, v) => {
    if (typeof v !== 'bigint') return v;
    marks.push(v.toString());
    return `\u0000bigint-${nonce}-${marks.length - 1}\u0000`;
  });
  if (marks.length === 0) return text;
  return text.replace(
    new RegExp(`"\\\\u0000bigint-${nonce}-(\\d+)\\\\u0000"`, 'g'),
    (_m, i: string) => marks[Number(i)]!,
  );
}
