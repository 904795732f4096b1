// Shared steps of the booking end-to-end tests: find a slot, read what is
// left in it, call the booking API directly for setup.

import type { SandboxHandle } from './venue.js';

export interface SlotJson {
  id: string;
  date: string;
  startTime: string;
  remaining: number;
  capacity: number;
  price: number;
}

export async function slotsOf(sb: SandboxHandle, experienceId: string, date = '+1d'): Promise<SlotJson[]> {
  const result = await sb.run(['booking', 'sessions', experienceId, '--date', date, '-o', 'json']);
  if (result.code !== 0) throw new Error(`sessions failed: ${result.stderr}`);
  // -o json prints the service's own records: the sandbox names a slot's id slotId.
  return (JSON.parse(result.stdout) as Array<Omit<SlotJson, 'id'> & { slotId: string }>).map((s) => ({
    ...s,
    id: s.slotId,
  }));
}

export async function remainingIn(
  sb: SandboxHandle,
  experienceId: string,
  slotId: string,
  date = '+1d',
): Promise<number> {
  const slot = (await slotsOf(sb, experienceId, date)).find((s) => s.id === slotId);
  if (!slot) throw new Error(`no slot ${slotId}`);
  return slot.remaining;
}

export function bookingToken(sb: SandboxHandle): Promise<string> {
  return sb.serviceToken('booking');
}

export async function bookingApi(
  sb: SandboxHandle,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${sb.origin}/booking${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

export async function counts(sb: SandboxHandle): Promise<{ reservations: number; orders: number }> {
  return sb.control('GET', '/booking/summary');
}

/** Flags for an unattended `book` of one place in slot. */
export function bookFlags(experienceId: string, slotId: string, extra: string[] = []): string[] {
  return [
    'booking',
    'book',
    '--experience',
    experienceId,
    '--session',
    slotId,
    '--quantity',
    '1',
    '--first-name',
    'Ada',
    '--last-name',
    'Lovelace',
    '--email',
    'ada@example.com',
    '--payment-ref',
    'PSP-TEST-1',
    '--yes',
    ...extra,
  ];
}

/** Flags for an unattended `order create` for a held reservation, by guest A B <a@b.co>; `extra` after them. */
export function orderFlags(reservationId: string, extra: string[] = []): string[] {
  return [
    'booking',
    'order',
    'create',
    '--yes',
    '--reservation',
    reservationId,
    '--first-name',
    'A',
    '--last-name',
    'B',
    '--email',
    'a@b.co',
    ...extra,
  ];
}

/** Flags for an unattended `order pay`; `extra` after them. */
export function payFlags(orderId: string, amount: string, paymentRef: string, extra: string[] = []): string[] {
  return ['booking', 'order', 'pay', '--yes', orderId, '--amount', amount, '--payment-ref', paymentRef, ...extra];
}
