// Turning what people type on the command line into the service's values:
// whole numbers, padded ids, sale types, the profile's default user and
// warehouse. Every problem is a ValidationError naming the flag (exit 2).

import type { Context } from '../../cli/context.js';
import { padId, PADDED_ID_LENGTH } from '../../lib/inventory/ids.js';
import { PAYMENT_TERMS, ProductType, saleTypeFromWords } from '../../lib/inventory/types.js';
import { FlagProblems } from '../../lib/inventory/flag-problems.js';
import { parseLabelled, productTypeColumn, productTypeLabels, saleTypeColumn } from '../../lib/inventory/labels.js';
import { placeholder, venueHint } from '../../lib/hint-command.js';

export { FlagProblems } from '../../lib/inventory/flag-problems.js';

export function parseInteger(
  value: string | undefined,
  flag: string,
  problems: FlagProblems,
  options: { min?: number; allowZero?: boolean } = {},
): number | undefined {
  if (value === undefined) return undefined;
  const text = String(value).trim();
  if (!/^[+-]?\d+$/.test(text)) return problems.add(flag, 'must be a whole number');
  const n = Number(text);
  if (options.min !== undefined && n < options.min)
    return problems.add(
      flag,
      options.min === 1 ? 'must be a positive whole number' : `must be at least ${options.min}`,
    );
  if (options.allowZero === false && n === 0) return problems.add(flag, 'must not be 0');
  return n;
}

/**
 * A product id as typed: its digits, kept a string so that an id past 2^53
 * reaches the service exact (a number would turn 9007199254740993 into
 * 9007199254740992, another product, and a 30-digit id into 1e+30).
 */
export function productIdFlag(value: string, flag: string, problems: FlagProblems): string | undefined {
  const text = String(value).trim().replace(/^\+/, '');
  if (!/^\d+$/.test(text)) return problems.add(flag, 'must be a whole number');
  const digits = text.replace(/^0+(?=\d)/, '');
  if (/^0+$/.test(digits)) return problems.add(flag, 'must be a positive whole number');
  return digits;
}

export function parseNumber(value: string | undefined, flag: string, problems: FlagProblems): number | undefined {
  if (value === undefined) return undefined;
  const text = String(value).trim();
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text)) return problems.add(flag, 'must be a number');
  return Number(text);
}

/** "SNACKS" → "SNACKS    "; longer than 10 is a problem named after the flag. */
export function parsePaddedId(value: string | undefined, flag: string, problems: FlagProblems): string | undefined {
  if (value === undefined) return undefined;
  if (value.trimEnd().length > PADDED_ID_LENGTH)
    return problems.add(flag, `must be at most ${PADDED_ID_LENGTH} characters`);
  if (!/\S/.test(value)) return problems.add(flag, 'must not be blank');
  return padId(value);
}

export function parseSaleType(value: string | undefined, flag: string, problems: FlagProblems): number | undefined {
  if (value === undefined) return undefined;
  const mask = saleTypeFromWords(value);
  if (mask === undefined || mask < 1 || mask > 7)
    return problems.add(flag, 'must be redemption, sale, vending (comma-separated) or 1 to 7');
  return mask;
}

/** The words tables show ("stock product", "modifier"), any case, or the code; "stock" alone is short for "stock product". */
export function parseProductType(value: string | undefined, flag: string, problems: FlagProblems): number | undefined {
  if (value === undefined) return undefined;
  const typed = /^\s*stock\s*$/i.test(value) ? productTypeLabels[ProductType.stock]! : value;
  return parseLabelled(typed, productTypeLabels, flag, problems);
}

/** none|advance|7|14|21|30|45|60|90 as words, or the code 0..8. */
export function parsePaymentTerms(value: string | undefined, flag: string, problems: FlagProblems): number | undefined {
  if (value === undefined) return undefined;
  const text = value
    .trim()
    .toLowerCase()
    .replace(/\s*days?$/, '');
  const byWord = (PAYMENT_TERMS as readonly string[]).indexOf(text);
  if (byWord >= 2) return byWord;
  if (byWord >= 0) return byWord;
  if (/^[0-8]$/.test(text)) return Number(text);
  return problems.add(flag, 'must be none, advance, 7, 14, 21, 30, 45, 60 or 90 (days), or the code 0 to 8');
}

export function parseBoolean(value: string | undefined, flag: string, problems: FlagProblems): boolean | undefined {
  if (value === undefined) return undefined;
  const text = value.trim().toLowerCase();
  if (['true', 'yes', '1'].includes(text)) return true;
  if (['false', 'no', '0'].includes(text)) return false;
  return problems.add(flag, 'must be true or false');
}

/** The flag's value, else the profile setting; the error names both. */
export async function warehouseFrom(
  ctx: Context,
  given: string | undefined,
  problems: FlagProblems,
): Promise<number | undefined> {
  if (given !== undefined) return parseInteger(given, '--warehouse', problems, { min: 1 });
  const fromProfile = await ctx.setting('inventory.warehouseId');
  if (fromProfile === undefined || fromProfile === '')
    return problems.add(
      '--warehouse',
      `is required (or set inventory.warehouseId with ${venueHint(['config', 'set', 'inventory.warehouseId', placeholder('id')])})`,
    );
  return parseInteger(fromProfile, 'inventory.warehouseId', problems, { min: 1 });
}

export async function userFrom(
  ctx: Context,
  given: string | undefined,
  problems: FlagProblems,
): Promise<number | undefined> {
  if (given !== undefined) return parseInteger(given, '--user', problems, { min: 1 });
  const fromProfile = await ctx.setting('inventory.userId');
  if (fromProfile === undefined || fromProfile === '')
    return problems.add(
      '--user',
      `is required (or set inventory.userId with ${venueHint(['config', 'set', 'inventory.userId', placeholder('id')])})`,
    );
  return parseInteger(fromProfile, 'inventory.userId', problems, { min: 1 });
}

export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** Product columns for tables and CSV; machine formats other than CSV get the whole product. */
export const productColumns = [
  { key: 'productId', header: 'ID' },
  { key: 'productName', header: 'Name', identifies: true },
  { key: 'categoryId', header: 'Category' },
  productTypeColumn,
  saleTypeColumn,
  { key: 'sellPrice', header: 'Sell', format: 'money' as const },
  { key: 'vendingPrice', header: 'Vending', format: 'money' as const },
  { key: 'ticketValue', header: 'Tickets', format: 'number' as const },
  { key: 'productCode', header: 'Code' },
  { key: 'isActive', header: 'Active', format: 'bool' as const },
];
