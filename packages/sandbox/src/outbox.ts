// The sandbox's mail outbox: where mails a real service would send (password
// reset codes) land, so a person or a test can read them.

import { randomUUID } from 'node:crypto';
import type { OutboxMessage } from './types.js';

export const OUTBOX_LIMIT = 500;

/** RFC 3339 in UTC without fractions, as docs/api-conventions.md sets. */
export function timestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function addMail(
  outbox: OutboxMessage[],
  message: Omit<OutboxMessage, 'id' | 'sentAt'>,
  now: Date,
): OutboxMessage {
  const mail: OutboxMessage = {
    id: randomUUID(),
    to: message.to,
    subject: message.subject,
    body: message.body,
    ...(message.data ? { data: message.data } : {}),
    sentAt: timestamp(now),
  };
  outbox.push(mail);
  if (outbox.length > OUTBOX_LIMIT) outbox.splice(0, outbox.length - OUTBOX_LIMIT);
  return mail;
}

/** Newest first; to matches the address without regard to case. */
export function listOutbox(outbox: OutboxMessage[], to?: string): OutboxMessage[] {
  const wanted = to?.trim().toLowerCase();
  const selected = wanted ? outbox.filter((m) => m.to.toLowerCase() === wanted) : outbox;
  return [...selected].reverse();
}
