// How an order is shown by every order command.

import type { Order } from '../../../lib/booking/client.js';
import type { Column } from '../../../lib/output.js';

export function orderRow(order: Order): Record<string, unknown> {
  return {
    id: order.id,
    status: order.status,
    total: order.total,
    currency: order.currency,
    reservations: order.reservations.length
      ? order.reservations.map((r) => `${r.id} (${r.quantity ?? '?'} × ${r.slotId ?? '?'})`)
      : order.reservationIds,
    guest: order.guest ? [order.guest.firstName, order.guest.lastName].filter(Boolean).join(' ') : undefined,
    email: order.guest?.email,
    expiresAt: order.expiresAt,
    paymentReference: order.sale?.paymentReference,
    paidAmount: order.sale?.amount,
    recordedAt: order.sale?.recordedAt,
  };
}

export const orderColumns: Column[] = [
  { key: 'id', header: 'Order' },
  { key: 'status' },
  { key: 'total', format: 'money' },
  { key: 'reservations', format: 'list' },
  { key: 'guest' },
  { key: 'email' },
  { key: 'expiresAt', header: 'Pay before' },
  { key: 'paymentReference' },
  { key: 'recordedAt', header: 'Paid at' },
];
