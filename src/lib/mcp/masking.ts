// What `venue mcp` masks in every answer, always: guest emails, card numbers
// and guests' names (a card's nickname), as `venue wallet diagnose --redact`
// does (the first letter of the address and of its domain; a card number but
// its last 4 digits; a name's first letter). By value,
// wherever they stand (a record, a message, a key), so a field of a name venue
// does not know is masked too. Secrets are masked before this, by each run's
// SecretRegistry.

import { maskCardNumber, maskEmail, maskName } from '../wallet/diagnose.js';

const email = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;
/**
 * 12 to 19 digits standing alone (a card's number; spaces or dashes between
 * groups of 4 too): never an id of venue's size or a date, nor a run of digits
 * inside a word (a hex confirmation id or a UUID has one now and then: masked,
 * the id no longer worked).
 */
const cardNumber = /(?<![\dA-Za-z.:-])(?:\d[ -]?){11,18}\d(?![\dA-Za-z.:])/g;

export function maskText(text: string): string {
  return text
    .replace(email, (found) => maskEmail(found))
    .replace(cardNumber, (found) => {
      const digits = found.replace(/[ -]/g, '');
      return digits.length >= 12 ? maskCardNumber(digits) : found;
    });
}

/** A product's barcode (EAN, UPC, GTIN) is as long as a card number and no guest's: kept as the service sent it. */
const productCode = /^(barcode|barcodes|ean|ean13|upc|gtin)$/i;

/** A guest's own words about themselves (a card's nickname, a name): masked as --redact masks a nickname. */
const personalName = /^(nickname|cardNickname|firstName|lastName|fullName|guestName|displayName)$/i;

/** Every string of a JSON value masked (keys too); numbers as long as a card number are masked as text. */
export function maskValue(value: unknown, key?: string): unknown {
  if (key !== undefined && personalName.test(key) && typeof value === 'string') return maskName(value);
  if (
    key !== undefined &&
    productCode.test(key) &&
    (typeof value === 'string' || typeof value === 'number') &&
    /^\d+$/.test(String(value))
  )
    return value;
  if (typeof value === 'string') return maskText(value);
  if (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    String(Math.abs(value)).length >= 12 &&
    String(Math.abs(value)).length <= 19 &&
    !looksLikeTime(value)
  )
    return maskText(String(value));
  if (Array.isArray(value)) return value.map((item) => maskValue(item, key));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [maskText(k), maskValue(v, k)]));
  return value;
}

/** Milliseconds since the epoch between 2001 and 2100: a time, not a card. */
function looksLikeTime(value: number): boolean {
  return value > 978_307_200_000 && value < 4_102_444_800_000;
}
