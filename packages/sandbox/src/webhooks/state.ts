// The webhooks emulator's state: subscribers (secret kept encrypted, as the
// seed requires) and the delivery log. Plain JSON so the core can persist it.

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export interface StoredSubscriber {
  id: string;
  url: string;
  eventTypes: string[];
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
  deletedAt?: string;
  /** AES-256-GCM, "v1:<iv>:<tag>:<ciphertext>" in base64; empty once deleted. */
  secretEncrypted: string;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface DeliveryRecord {
  id: string;
  eventId: string;
  subscriberId: string;
  /** The subscriber's URL when the delivery was created (for people reading the log). */
  url: string;
  type: string;
  /** The exact JSON text that is signed and sent, byte for byte. */
  body: string;
  attempts: number;
  status: DeliveryStatus;
  lastStatus: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
  deliveredAt: string | null;
}

export interface WebhooksState {
  /** The AES key (base64), made on first use so demo data holds no key anyone could read in the source. */
  encryptionKey?: string;
  subscribers: StoredSubscriber[];
  deliveries: DeliveryRecord[];
}

export function demoWebhooksState(): WebhooksState {
  return { subscribers: [], deliveries: [] };
}

/** Enough history to inspect; pending ones are never dropped. */
export const DELIVERY_LOG_LIMIT = 2000;

function keyOf(state: WebhooksState): { key: Buffer; created: boolean } {
  if (state.encryptionKey) return { key: Buffer.from(state.encryptionKey, 'base64'), created: false };
  const key = randomBytes(32);
  state.encryptionKey = key.toString('base64');
  return { key, created: true };
}

/** The subscriber id is the additional data: a ciphertext cannot be moved to another subscriber. */
export function encryptSecret(state: WebhooksState, subscriberId: string, secret: string): string {
  const { key } = keyOf(state);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(subscriberId, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), ciphertext.toString('base64')].join(':');
}

export function decryptSecret(state: WebhooksState, subscriberId: string, sealed: string): string {
  const [version, iv, tag, ciphertext] = sealed.split(':');
  if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('unreadable stored secret');
  const { key } = keyOf(state);
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  decipher.setAAD(Buffer.from(subscriberId, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64')), decipher.final()]).toString('utf8');
}

export function publicSubscriber(subscriber: StoredSubscriber) {
  return {
    id: subscriber.id,
    url: subscriber.url,
    eventTypes: subscriber.eventTypes,
    isActive: subscriber.isActive,
    createdAt: subscriber.createdAt,
    updatedAt: subscriber.updatedAt,
  };
}

export function pruneDeliveries(state: WebhooksState): void {
  const excess = state.deliveries.length - DELIVERY_LOG_LIMIT;
  if (excess <= 0) return;
  let toDrop = excess;
  // Deliveries are appended in creation order: the oldest settled ones go first.
  state.deliveries = state.deliveries.filter((d) => {
    if (toDrop > 0 && d.status !== 'pending') {
      toDrop--;
      return false;
    }
    return true;
  });
}
