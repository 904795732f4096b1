// The words tables show for the inventory service's codes, kept in one place.
// Each word is one the matching flag accepts (--type, --sale-type,
// --payment-terms, --order-printer), so what a table shows can be typed back.
// Machine formats never see these: they print the service's record.

import type { Column } from '../output.js';
import type { FlagProblems } from './flag-problems.js';
import { PAYMENT_TERMS, SALE_TYPE_FLAGS } from './types.js';
import { orList } from '../formats.js';

/** productType: --type takes "stock" (or "stock product") and "modifier". */
export const productTypeLabels: Record<string, string> = { '2': 'stock product', '3': 'modifier' };

/** saleType bits: --sale-type takes these words, comma-separated. */
export const saleTypeLabels: Record<string, string> = Object.fromEntries(
  SALE_TYPE_FLAGS.map((f) => [String(f.flag), f.name.toLowerCase()]),
);

/** orderPrinter: --order-printer takes these words ("printer 1") or the code 0..2. */
export const orderPrinterLabels: Record<string, string> = { '0': 'none', '1': 'printer 1', '2': 'printer 2' };

/** paymentTerms: --payment-terms takes "none", "advance", "30 days" (or "30"). */
export const paymentTermsLabels: Record<string, string> = Object.fromEntries(
  PAYMENT_TERMS.map((word, code) => [String(code), code >= 2 ? `${word} days` : word]),
);

/** Ready-made table columns for the coded fields. */
export const productTypeColumn = {
  key: 'productType',
  header: 'Type',
  format: 'enum',
  labels: productTypeLabels,
} satisfies Column;
export const saleTypeColumn = {
  key: 'saleType',
  header: 'Sale type',
  format: 'flags',
  labels: saleTypeLabels,
} satisfies Column;
export const orderPrinterColumn = {
  key: 'orderPrinter',
  header: 'Order printer',
  format: 'enum',
  labels: orderPrinterLabels,
} satisfies Column;
export const paymentTermsColumn = {
  key: 'paymentTerms',
  header: 'Terms',
  format: 'enum',
  labels: paymentTermsLabels,
} satisfies Column;

/** A word as people type it: any case, spaces, "-" or "_" between its parts ("Printer-1" = "printer 1"). */
function wordKey(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
}

/** "none (0), printer 1 (1) or printer 2 (2)": the words and codes a coded flag takes, for help and errors. */
export function labelChoices(labels: Record<string, string>): string {
  const choices = Object.entries(labels).map(([code, word]) => `${word} (${code})`);
  return orList(choices);
}

/**
 * A coded flag's value: the word a table shows for the code (any case) or the
 * code itself. Anything else is a problem naming the flag and listing both.
 */
export function parseLabelled(
  value: string | undefined,
  labels: Record<string, string>,
  flag: string,
  problems: FlagProblems,
): number | undefined {
  if (value === undefined) return undefined;
  const typed = wordKey(String(value));
  const code = Object.entries(labels).find(([key, word]) => key === typed || wordKey(word) === typed)?.[0];
  if (code === undefined) return problems.add(flag, `must be ${labelChoices(labels)}: the word or the code`);
  return Number(code);
}
