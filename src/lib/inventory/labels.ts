// The words tables show for the inventory service's codes, kept in one place.
// Each word is one the matching flag accepts (--type, --sale-type,
// --payment-terms, --order-printer), so what a table shows can be typed back.
// Machine formats never see these: they print the service's record.

import type { Column } from '../output.js';
import { PAYMENT_TERMS, SALE_TYPE_FLAGS } from './types.js';

/** productType: --type takes "stock" (or "stock product") and "modifier". */
export const productTypeLabels: Record<string, string> = { '2': 'stock product', '3': 'modifier' };

/** saleType bits: --sale-type takes these words, comma-separated. */
export const saleTypeLabels: Record<string, string> = Object.fromEntries(SALE_TYPE_FLAGS.map((f) => [String(f.flag), f.name.toLowerCase()]));

/** orderPrinter: --order-printer takes the code 0..2. */
export const orderPrinterLabels: Record<string, string> = { '0': 'none', '1': 'printer 1', '2': 'printer 2' };

/** paymentTerms: --payment-terms takes "none", "advance", "30 days" (or "30"). */
export const paymentTermsLabels: Record<string, string> = Object.fromEntries(
  PAYMENT_TERMS.map((word, code) => [String(code), code >= 2 ? `${word} days` : word]),
);

/** Ready-made table columns for the coded fields. */
export const productTypeColumn = { key: 'productType', header: 'Type', format: 'enum', labels: productTypeLabels } satisfies Column;
export const saleTypeColumn = { key: 'saleType', header: 'Sale type', format: 'flags', labels: saleTypeLabels } satisfies Column;
export const orderPrinterColumn = { key: 'orderPrinter', header: 'Order printer', format: 'enum', labels: orderPrinterLabels } satisfies Column;
export const paymentTermsColumn = { key: 'paymentTerms', header: 'Terms', format: 'enum', labels: paymentTermsLabels } satisfies Column;
