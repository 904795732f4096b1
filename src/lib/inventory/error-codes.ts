// The inventory service's error answers: what each means, on which of its
// operations, and the error a person reads. The seed (shared/seeds/002_…)
// states the conditions that must be rejected (negative resulting stock on
// adjustment, countedQuantity below 0, quantity of 0 or below on receiving,
// missing required fields) and leaves the statuses and the body "not shown";
// the codes are venue's contract (packages/sandbox/openapi/inventory.json) and the words
// faithful servers use. The webhook subscriber routes have their own table
// (webhooks/error-codes.ts). How rows are read: src/lib/service-errors.ts.

import { ExitCode, NotFoundError, RejectedError } from '../errors.js';
import { ErrorTable, type ErrorRow } from '../service-errors.js';
import type { InventoryOperation } from './routes.js';
import { placeholder, venueHint } from '../hint-command.js';

export type InventoryMeaning =
  | 'no-such-record'
  | 'insufficient-stock'
  | 'barcode-taken'
  | 'supplier-not-linked'
  | 'changed-since-read'
  | 'conflict'
  | 'not-found'
  | 'bad-request';

/** What the messages name. */
export interface InventoryErrorContext {
  /** The record asked for: "product 1002". */
  what?: string;
  productId?: number | string;
  warehouseId?: number;
  adjustmentQuantity?: number;
}

const rows: ErrorRow<InventoryOperation, InventoryMeaning, InventoryErrorContext>[] = [
  // A read or change of one product: the product asked for is not there.
  {
    means: 'no-such-record',
    status: [404],
    codes: 'any',
    calls: ['getProduct', 'updateProduct'],
    exit: ExitCode.notFound,
    error: ({ error, said }, c) =>
      new NotFoundError(`${c.what ?? 'the record'} does not exist${said ? ` (${said})` : ''}`, { cause: error }),
  },
  // The seed: "negative resulting stock on adjustment" must be rejected.
  {
    means: 'insufficient-stock',
    status: [409, 422],
    codes: ['insufficient_stock', 'negative_stock', 'stock_below_zero'],
    calls: ['adjustStock'],
    exit: ExitCode.rejected,
    note: 'venue checks the level before sending; this is the stock moving between that read and the send',
    error: ({ error }, c) =>
      new RejectedError(
        `refused by the service: adjusting product ${c.productId} by ${c.adjustmentQuantity} would leave negative stock in warehouse ${c.warehouseId}`,
        {
          cause: error,
          details: [error.message],
          hint: `Nothing was applied. The stock changed since it was read; check it with ${venueHint(['inventory', 'stock', 'levels', '--warehouse', c.warehouseId ?? placeholder('warehouse'), '--product', c.productId ?? placeholder('product')])}.`,
        },
      ),
  },
  {
    means: 'barcode-taken',
    status: [409],
    codes: ['barcode_taken'],
    calls: ['createProduct', 'updateProduct'],
    exit: ExitCode.rejected,
  },
  {
    means: 'supplier-not-linked',
    status: [422],
    codes: ['not_linked'],
    calls: ['updateProduct'],
    exit: ExitCode.rejected,
  },
  // A replacing update sent with If-Match (client.ts replaceProduct): the record changed since venue read it, and the
  // service refused the whole body that would have put the older values back. A conflict: nothing was changed.
  {
    means: 'changed-since-read',
    status: [412],
    codes: 'any',
    calls: ['updateProduct'],
    exit: ExitCode.rejected,
    error: ({ error }, c) =>
      new RejectedError(
        `${c.what ?? 'the product'} was changed by someone else after venue read it to send it whole (412 Precondition Failed): nothing was changed by this update`,
        {
          cause: error,
          hint: `Look at it with ${venueHint(['inventory', 'products', 'get', String(c.productId ?? placeholder('product'))])}, then run the update again: venue reads the product anew.`,
        },
      ),
  },
  // Status alone: a supplierCode already used, a supplier already linked (venue's contract sends `conflict`).
  { means: 'conflict', status: [409], codes: 'status-decides', exit: ExitCode.rejected },
  {
    means: 'not-found',
    status: [404],
    codes: 'any',
    exit: ExitCode.notFound,
    note: "a warehouse, user, supplier or product a write names: the service's words stand",
  },
  {
    means: 'bad-request',
    status: [400],
    codes: 'any',
    exit: ExitCode.usage,
    note: "venue checks the seed's rules before sending; a 400 is the service's own rule, in its words",
  },
];

export const inventoryErrors = new ErrorTable<InventoryOperation, InventoryMeaning, InventoryErrorContext>(
  'inventory',
  rows,
);
