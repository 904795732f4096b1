// How an order is shown by every order command: a view for tables that keeps
// the service's own record, so -o json|ndjson|csv print the order as sent.

import type { Order } from '../../../lib/booking/client.js';
import type { Column } from '../../../lib/output.js';
import { sourceOf, withSource } from '../../../lib/reading.js';

/** status: the order's status in the service's own word (venue's word is for logic only). */
export function orderRow(
  order: Order,
  status: string | undefined = order.statusSaid ?? order.status,
): Record<string, unknown> {
  const row = {
    id: order.id,
    status,
    total: order.total,
    currency: order.currency,
    reservations: order.reservations.length
      ? order.reservations.map((r) => `${r.id} (${r.quantity ?? '?'} × ${r.slotId ?? '?'})`)
      : order.reservationIds,
    guest: order.guest
      ? [order.guest.firstName, order.guest.lastName].filter(Boolean).join(' ') || undefined
      : undefined,
    email: order.guest?.email,
    expiresAt: order.expiresAt,
    saleId: order.sale?.id,
    paymentReference: order.sale?.paymentReference,
    paidAmount: order.sale?.amount,
    recordedAt: order.sale?.recordedAt,
  };
  const source = sourceOf(order);
  return source === undefined ? row : withSource(row, source);
}

export const orderColumns: Column[] = [
  { key: 'id', header: 'Order' },
  { key: 'status' },
  { key: 'total', format: 'money' },
  { key: 'reservations', format: 'list' },
  { key: 'guest' },
  { key: 'email' },
  { key: 'expiresAt', header: 'Pay before', format: 'datetime' },
  { key: 'saleId', header: 'Sale' },
  { key: 'paymentReference' },
  { key: 'recordedAt', header: 'Paid at', format: 'datetime' },
];
